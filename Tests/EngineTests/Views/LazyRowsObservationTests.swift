import Testing
@testable import Engine

/// A row's model: a class, so a row closure that reads `title` reads it
/// from the model, not from a value its parent's body copied.
@Observable
private final class Entry: Identifiable {
    let id: Int
    var title: String
    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

@MainActor private func titled(_ entry: Entry) -> Text { Text(entry.title) }

/// A row with a body of its own that reads the model.
private struct EntryRow: View {
    let entry: Entry
    var body: some View { Text("<\(entry.title)>") }
}

@MainActor private func rowView(_ entry: Entry) -> EntryRow { EntryRow(entry: entry) }

@MainActor
@Suite("Rows built by index (lazy stacks and grids, List, Table) track what their closures read, as ForEach's do")
struct LazyRowsObservationTests {
    private func entries() -> [Entry] {
        [Entry(id: 0, title: "ant"), Entry(id: 1, title: "bee"), Entry(id: 2, title: "cat")]
    }

    private func trimmed(_ host: FramePipeline) -> [String] {
        host.textRows.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Changes the middle entry's title and renders.
    private func retitle(_ items: [Entry], _ host: FramePipeline, to title: String) {
        items[1].title = title
        host.renderIfNeeded()
    }

    /// The nodes that own rows built by index: lazy stacks and viewports.
    private func rowOwners(_ host: FramePipeline) -> [ViewNode] {
        host.graph.allNodes().filter { $0.behavior is LazyStackBehavior || $0.behavior is RowViewportBehavior }
    }

    @Test("a LazyVStack's rows: a title read in the ForEach closure updates its row")
    func lazyVStack() {
        let items = entries()
        let host = FramePipeline(columns: 12, rows: 4)
        host.render(ScrollView { LazyVStack(alignment: .leading) { ForEach(items) { titled($0) } } })
        #expect(trimmed(host).prefix(3) == ["ant", "bee", "cat"])
        retitle(items, host, to: "bug")
        #expect(trimmed(host).prefix(3) == ["ant", "bug", "cat"])
        // Tracked again after the rows were made again.
        retitle(items, host, to: "bee")
        #expect(trimmed(host).prefix(3) == ["ant", "bee", "cat"])
    }

    @Test("a LazyVGrid's cells: a title read in the ForEach closure updates its cell")
    func lazyVGrid() {
        let items = entries()
        let host = FramePipeline(columns: 12, rows: 4)
        host.render(ScrollView {
            LazyVGrid(columns: [GridItem(.fixed(4)), GridItem(.fixed(4))], alignment: .leading) {
                ForEach(items) { titled($0) }
            }
        })
        #expect(trimmed(host).prefix(2) == ["ant  bee", "cat"])
        retitle(items, host, to: "bug")
        #expect(trimmed(host).prefix(2) == ["ant  bug", "cat"])
    }

    @Test("a List's rows: a title read in the row closure updates its row")
    func list() {
        let items = entries()
        let host = FramePipeline(columns: 12, rows: 4)
        host.render(List(items) { titled($0) })
        #expect(host.textRows[1].contains("bee"))
        retitle(items, host, to: "bug")
        #expect(host.textRows[1].contains("bug"))
        #expect(host.textRows[0].contains("ant") && host.textRows[2].contains("cat"))
        retitle(items, host, to: "bee")
        #expect(host.textRows[1].contains("bee"))
    }

    @Test("a row's own body keeps its dependencies: a change it reads evaluates the row, not the stack or list")
    func rowBodiesKeepTheirOwn() {
        let items = entries()
        let host = FramePipeline(columns: 12, rows: 4)
        host.render(VStack(spacing: 0) {
            List(items) { rowView($0) }.frame(height: 2)
            ScrollView { LazyVStack { ForEach(items.prefix(1)) { rowView($0) } } }
        })
        #expect(host.textRows[0].contains("<ant>") && host.textRows[1].contains("<bee>"))
        host.renderIfNeeded()  // the frame the list's cursor asked for after the first
        let owners = rowOwners(host)
        #expect(owners.count == 2)
        let evaluations = owners.map(\.evaluationCount)
        retitle(items, host, to: "bug")
        #expect(host.textRows[1].contains("<bug>"))
        items[0].title = "emu"
        host.renderIfNeeded()
        #expect(host.textRows[0].contains("<emu>") && host.textRows[2].contains("<emu>"))
        // Only the rows' bodies read the titles: neither the List's viewport
        // nor the stack was evaluated again.
        #expect(owners.map(\.evaluationCount) == evaluations)
    }
}
