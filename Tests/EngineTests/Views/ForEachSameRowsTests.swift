import Testing
@testable import Engine

@Observable
private final class Rows {
    var tick = 0
    var names = ["ant", "bee", "cat"]
    var suffix = "."
}

/// Read by rows through a global, as app singletons are.
@MainActor private let shared = Rows()

/// How many times a row's content closure ran.
@MainActor private var rowCalls = 0

@MainActor private func countedRow(_ i: Int) -> Text {
    rowCalls += 1
    return Text("row \(i)")
}

@MainActor private func sharedRow(_ i: Int) -> Text {
    rowCalls += 1
    return Text(shared.names[i] + shared.suffix)
}

@MainActor private func namedRow(_ name: String) -> Text {
    rowCalls += 1
    return Text(name)
}

private struct Item: Identifiable, Equatable {
    var id: Int
    var name: String
}

@MainActor
@Suite("ForEach skips rows that are the same as last frame, as SwiftUI does")
struct ForEachSameRowsTests {
    /// The typing app's shape: state at the root, rows below it whose
    /// `ForEach` is the same value each frame. (Held by the screen: in a
    /// debug build a closure literal is a new value each time it is made;
    /// an optimised build makes one that captures nothing once.)
    private struct RangeScreen: View {
        let model: Rows
        let rows: ForEach<Range<Int>, Int, Text>
        let more: ForEach<Range<Int>, Int, Text>
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("tick \(model.tick)")
                rows
                more
            }
        }
    }

    @Test("the same range and closure: a root change re-runs no row's closure and evaluates neither ForEach")
    func rangeRowsSkipped() {
        let model = Rows()
        let screen = RangeScreen(model: model, rows: ForEach(0..<3, id: \.self) { i in countedRow(i) },
                                 more: ForEach(0..<2) { i in countedRow(10 + i) })
        let host = FramePipeline(columns: 10, rows: 6)
        host.render(screen)
        #expect(rowCalls > 0)
        rowCalls = 0
        host.graph.recordsEvaluations = true
        model.tick = 1
        host.renderIfNeeded()
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) }
                    == ["tick 1", "row 0", "row 1", "row 2", "row 10", "row 11"])
        #expect(rowCalls == 0)
        let evaluated = host.graph.evaluationLog.map { host.graph.identities.path(of: $0.0) }
        #expect(!evaluated.isEmpty)
        #expect(!evaluated.contains { $0.contains("ForEach") })
    }

    private struct CapturingScreen: View {
        let model: Rows
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<2, id: \.self) { i in countedRow(i + 100 * model.tick) }
            }
        }
    }

    @Test("a closure that captures what changed is a new closure: its rows are built again")
    func capturingClosureRebuilds() {
        let model = Rows()
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(CapturingScreen(model: model))
        rowCalls = 0
        model.tick = 1
        host.renderIfNeeded()
        #expect(rowCalls == 2)
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["row 100", "row 101"])
    }

    private struct SharedScreen: View {
        let model: Rows
        let rows: ForEach<Range<Int>, Int, Text>
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("tick \(model.tick)")
                rows
            }
        }
    }

    @Test("what a row's closure reads of a model is tracked: a change rebuilds the rows, and only then")
    func closureReadsAreTracked() {
        let model = Rows()
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(SharedScreen(model: model, rows: ForEach(0..<3, id: \.self) { i in sharedRow(i) }))
        var requests = 0
        host.graph.onNeedsFrame = { requests += 1 }
        shared.names[1] = "bug"
        #expect(requests == 1)
        host.renderIfNeeded()
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["tick 0", "ant.", "bug.", "cat."])
        // A change the root reads, not the rows: the rows are skipped and stay right.
        rowCalls = 0
        model.tick = 2
        host.renderIfNeeded()
        #expect(rowCalls == 0)
        #expect(host.textRows[0].contains("tick 2"))
        // Tracked again after the rebuild.
        shared.suffix = "!"
        host.renderIfNeeded()
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["tick 2", "ant!", "bug!", "cat!"])
        shared.names[1] = "bee"
        shared.suffix = "."
    }

    private struct ArrayScreen: View {
        let model: Rows
        let byID: ForEach<[Item], Int, Text>
        let byName: ForEach<[Item], String, Text>
        init(model: Rows, items: [Item]) {
            self.model = model
            byID = ForEach(items) { item in namedRow(item.name) }
            byName = ForEach(items, id: \.name) { item in namedRow(item.name.uppercased()) }
        }
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("tick \(model.tick)")
                byID
                byName
            }
        }
    }

    @Test("an array with the same storage is skipped, with Identifiable or key path ids; a changed one is not")
    func arrays() {
        let model = Rows()
        var items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
        let host = FramePipeline(columns: 10, rows: 5)
        var screen = ArrayScreen(model: model, items: items)
        host.render(screen)
        rowCalls = 0
        model.tick = 1
        host.renderIfNeeded()
        #expect(rowCalls == 0)
        items.append(Item(id: 3, name: "six"))
        screen = ArrayScreen(model: model, items: items)
        host.render(screen)
        #expect(rowCalls == 6)
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["tick 1", "one", "two", "six", "ONE"])
    }

    @Test("a ForEach is the same as its copy, and not as one over other data or with other ids")
    func sameRows() {
        let items = [Item(id: 1, name: "one")]
        let a = ForEach(items) { item in namedRow(item.name) }
        let b = a
        #expect(ForEach.sameRows(a, b))
        var c = a
        c.data = items.map { $0 }  // equal elements, other storage: built again
        #expect(!ForEach.sameRows(a, c))
        let d = ForEach(items, idOf: { $0.id }, idSource: .opaque, content: a.content)
        #expect(!ForEach.sameRows(d, d))
    }

    @Test("the rule: ranges and arrays compare by their bytes; other collections are always built again")
    func valueBytesRule() {
        #expect(hasValueBytes(Range<Int>.self))
        #expect(hasValueBytes(ClosedRange<Int>.self))
        #expect(hasValueBytes([String].self))
        #expect(hasValueBytes(ArraySlice<Int>.self))
        #expect(!hasValueBytes(UnsafeBufferPointer<Int>.self))
        #expect(!hasValueBytes(Range<String>.self))
        #expect(!hasValueBytes(Set<Int>.self))
        #expect(RowIDSource.element == rowIDAndSource(\Int.self).1)
        let name = \Item.name
        #expect(rowIDAndSource(name).1 == rowIDAndSource(name).1)
        #expect(rowIDAndSource(name).1 != rowIDAndSource(\Item.id).1)
        #expect(RowIDSource.opaque != RowIDSource.opaque)
    }
}
