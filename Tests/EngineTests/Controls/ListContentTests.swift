import Testing
@testable import Engine

private struct Folder: Identifiable, Equatable {
    let id: String
    var children: [Folder]?
}

private let folders: [Folder] = [
    Folder(id: "src", children: [
        Folder(id: "main.swift"),
        Folder(id: "util", children: [Folder(id: "a.swift")]),
    ]),
    Folder(id: "README"),
]

/// Counts the rows a list's ForEach builds, to pin its laziness.
@MainActor
private final class BuildCounter {
    var built = 0

    func row(_ i: Int) -> Text {
        built += 1
        return Text("item \(i)")
    }
}

/// A list with static rows, a ForEach and sections, selecting one string.
private struct Sectioned: View {
    @State var selected: String?
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected ?? "nil")")
            List(selection: $selected) {
                Section("Pinned") {
                    Text("Inbox").tag("inbox")
                    Text("Untagged")
                }
                Section {
                    ForEach(["alpha", "beta"], id: \.self) { name in Text(name) }
                } header: {
                    Text("Mail")
                } footer: {
                    Text("2 boxes")
                }
            }
        }
    }
}

/// A tree inside a list builder, after a static row, selecting one id.
private struct TreeInList: View {
    @State var selected: String?
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected ?? "nil")")
            List(selection: $selected) {
                Text("Home").tag("home")
                OutlineGroup(folders, children: \.children) { f in Text(f.id) }
                Text("Trash").tag("trash")
            }
        }
    }
}

private struct Marked: View {
    @State var marked: Set<Int> = []
    var body: some View {
        VStack(alignment: .leading) {
            Text("marked: \(marked.sorted().map(String.init).joined(separator: ","))")
            List(selection: $marked) {
                Section("Odd") { ForEach([1, 3], id: \.self) { Text("n\($0)") } }
                Section("Even") { ForEach([2, 4], id: \.self) { Text("n\($0)") } }
            }
        }
    }
}

@MainActor
@Suite("List built from content")
struct ListContentTests {
    func trimmed(_ host: FramePipeline) -> [String] {
        host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("static rows, ForEach rows and sections' headers and footers are rows, in order")
    func rows() {
        let host = FramePipeline(columns: 16, rows: 9)
        host.render(Sectioned())
        #expect(trimmed(host) == ["sel: nil", "Pinned", "Inbox", "Untagged", "Mail", "alpha", "beta", "2 boxes", ""])
        // Headers are bold, footers dimmed.
        #expect(host.styleRows[1] != host.styleRows[2])
        #expect(host.styleRows[7] != host.styleRows[5])
    }

    @Test("the selection takes tags and ForEach ids, and steps over headers, footers and untagged rows")
    func selectionStepsOver() {
        let host = FramePipeline(columns: 16, rows: 9)
        host.render(Sectioned())
        host.press(.tab)
        host.press(.down)
        #expect(host.textRows[0].hasPrefix("sel: inbox"))
        host.press(.down)  // over "Untagged" and the "Mail" header
        #expect(host.textRows[0].hasPrefix("sel: alpha"))
        host.press(.down)
        #expect(host.textRows[0].hasPrefix("sel: beta"))
        host.press(.down)  // the footer: back to beta
        #expect(host.textRows[0].hasPrefix("sel: beta"))
        host.press(.up)
        host.press(.up)  // over the header and "Untagged", up to inbox
        #expect(host.textRows[0].hasPrefix("sel: inbox"))
        host.press(.home)  // the "Pinned" header: on to inbox
        #expect(host.textRows[0].hasPrefix("sel: inbox"))
        host.press(.end)  // the footer: back to beta
        #expect(host.textRows[0].hasPrefix("sel: beta"))
        // A click on an untagged row or a header selects nothing.
        host.click(column: 1, row: 3)
        #expect(host.textRows[0].hasPrefix("sel: beta"))
        host.click(column: 1, row: 4)
        #expect(host.textRows[0].hasPrefix("sel: beta"))
        host.click(column: 1, row: 2)
        #expect(host.textRows[0].hasPrefix("sel: inbox"))
    }

    @Test("a set selection: Space toggles, Shift-Down extends across a header")
    func multiple() {
        let host = FramePipeline(columns: 16, rows: 8)
        host.render(Marked())
        host.press(.tab)
        host.press(.down)
        host.press(.character(" "))
        #expect(host.textRows[0].hasPrefix("marked: 1"))
        host.press(.down)
        host.press(.down)  // over the "Even" header to n2
        host.press(.character(" "))
        #expect(host.textRows[0].hasPrefix("marked: 1,2"))
        host.press(.character(" "))
        #expect(host.textRows[0].hasPrefix("marked: 1"))
    }

    @Test("an OutlineGroup in a list builder opens and closes, and its nodes are selected by id")
    func treeInList() {
        let host = FramePipeline(columns: 20, rows: 9)
        host.render(TreeInList())
        #expect(trimmed(host) == ["sel: nil", "Home", "▶ src", "  README", "Trash", "", "", "", ""])
        host.press(.tab)
        host.press(.down)
        #expect(host.textRows[0].hasPrefix("sel: home"))
        host.press(.down)
        #expect(host.textRows[0].hasPrefix("sel: src"))
        host.press(.right)  // expands
        #expect(trimmed(host) == [
            "sel: src", "Home", "▼ src", "    main.swift", "  ▶ util", "  README", "Trash", "", "",
        ])
        host.press(.right)  // to the first child
        #expect(host.textRows[0].hasPrefix("sel: main.swift"))
        host.press(.down)
        host.press(.right)
        host.press(.down)
        #expect(host.textRows[0].hasPrefix("sel: a.swift"))
        host.press(.left)  // a leaf: to its parent
        #expect(host.textRows[0].hasPrefix("sel: util"))
        host.press(.end)
        #expect(host.textRows[0].hasPrefix("sel: trash"))
        // Collapsing src above the cursor keeps the selection on Trash.
        host.click(column: 0, row: 2)
        #expect(trimmed(host) == ["sel: trash", "Home", "▶ src", "  README", "Trash", "", "", "", ""])
        #expect(host.styleRows[4] != host.styleRows[3])
        // Expanded state is kept: util is still open under src.
        host.click(column: 0, row: 2)
        #expect(trimmed(host)[5] == "      a.swift")
    }

    @Test("collapsing a node with the cursor inside moves the selection to the node")
    func collapseWithCursorInside() {
        let host = FramePipeline(columns: 20, rows: 9)
        host.render(TreeInList())
        host.press(.tab)
        host.press(.down)
        host.press(.down)
        host.press(.right)
        host.press(.down)  // main.swift
        #expect(host.textRows[0].hasPrefix("sel: main.swift"))
        host.click(column: 0, row: 2)
        #expect(host.textRows[0].hasPrefix("sel: src"))
        #expect(trimmed(host)[2] == "▶ src")
    }

    @Test("a list without selection scrolls; with a tree in it, the keys walk and open the tree")
    func noSelection() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(List { ForEach(0..<50, id: \.self) { i in Text("row \(i)") } }.scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        #expect(trimmed(host) == ["row 1", "row 2", "row 3", "row 4"])
        let tree = FramePipeline(columns: 20, rows: 6)
        tree.render(List {
            Text("Files")
            OutlineGroup(folders, children: \.children) { f in Text(f.id) }
        })
        tree.press(.tab)
        tree.press(.down)
        tree.press(.right)
        #expect(trimmed(tree) == ["Files", "▼ src", "    main.swift", "  ▶ util", "  README", ""])
    }

    @Test("a ForEach of 100,000 rows in a list builder builds only the rows shown")
    func lazy() {
        let counter = BuildCounter()
        let host = FramePipeline(columns: 20, rows: 10)
        struct Big: View {
            let counter: BuildCounter
            @State var selected: Int?
            var body: some View {
                List(selection: $selected) {
                    Text("Header row")
                    ForEach(0..<100_000, id: \.self) { i in counter.row(i) }
                }
            }
        }
        host.render(Big(counter: counter).scrollIndicators(.hidden))
        #expect(trimmed(host)[0] == "Header row")
        #expect(trimmed(host)[9] == "item 8")
        #expect(counter.built < 100)
        host.press(.tab)
        host.press(.end)
        #expect(trimmed(host)[9] == "item 99999")
        counter.built = 0
        host.press(.up)
        #expect(counter.built < 100)
        let created = host.graph.statistics.nodesCreated
        host.press(.up)
        #expect(host.graph.statistics.nodesCreated <= created)
    }

    @Test("OutlineGroup with a single root shows the root and opens it")
    func singleRoot() {
        let home = Folder(id: "home", children: folders)
        let host = FramePipeline(columns: 20, rows: 5)
        host.render(OutlineGroup(home, children: \.children) { f in Text(f.id) })
        #expect(trimmed(host) == ["▶ home", "", "", "", ""])
        host.press(.tab)
        host.press(.right)
        #expect(trimmed(host) == ["▼ home", "  ▶ src", "    README", "", ""])
        // And inside a list builder.
        let list = FramePipeline(columns: 20, rows: 4)
        list.render(List { OutlineGroup(home, children: \.children) { f in Text(f.id) } })
        list.press(.tab)
        list.press(.enter)
        #expect(trimmed(list) == ["▼ home", "  ▶ src", "    README", ""])
    }
}
