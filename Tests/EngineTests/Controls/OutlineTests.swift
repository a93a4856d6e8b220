import Testing
@testable import Engine

/// A small tree held in memory.
private struct FileItem: Identifiable, Equatable {
    let id: String
    var children: [FileItem]?
}

private let files: [FileItem] = [
    FileItem(id: "src", children: [
        FileItem(id: "main.swift"),
        FileItem(id: "util", children: [FileItem(id: "a.swift"), FileItem(id: "b.swift")]),
    ]),
    FileItem(id: "empty", children: []),
    FileItem(id: "README"),
]

/// Counts every read of a generated node's children, to pin the laziness.
@MainActor
private final class ReadCounter {
    var reads = 0
}

/// A generated tree: `fanout` children per node down to `depth` levels,
/// made on demand (no node exists until it is read).
private struct GenNode: Identifiable, Equatable {
    let id: Int
    let level: Int
    let fanout: Int
    let depth: Int
    nonisolated(unsafe) static var counter: ReadCounter?

    var children: GenNodes? {
        MainActor.assumeIsolated { GenNode.counter?.reads += 1 }
        return level + 1 < depth ? GenNodes(parent: id, level: level + 1, fanout: fanout, depth: depth) : nil
    }

    static func == (a: GenNode, b: GenNode) -> Bool { a.id == b.id }
}

private struct GenNodes: RandomAccessCollection {
    let parent: Int
    let level: Int
    let fanout: Int
    let depth: Int
    var startIndex: Int { 0 }
    var endIndex: Int { fanout }
    subscript(i: Int) -> GenNode {
        GenNode(id: (parent + 1) * fanout + i, level: level, fanout: fanout, depth: depth)
    }
}

private struct SelectableTree: View {
    @State var selected: String?
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected ?? "nil")")
            List(files, children: \.children, selection: $selected) { item in Text(item.id) }
        }
    }
}

/// A parent whose state change re-renders the tree with a new data value.
private struct Rerendering: View {
    @State var tick = 0
    var body: some View {
        VStack(alignment: .leading) {
            Text("tick \(tick)")
            OutlineGroup(files, children: \.children) { item in Text(item.id) }
        }
        .onKeyPress("t") {
            tick += 1
            return .handled
        }
    }
}

@MainActor
@Suite("Trees")
struct OutlineTests {
    func trimmed(_ host: FramePipeline) -> [String] {
        host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("rows are indented by depth, with ▶ on collapsed nodes and ▼ on expanded ones")
    func looks() {
        let host = FramePipeline(columns: 20, rows: 7)
        host.render((OutlineGroup(files, children: \.children) { item in Text(item.id) }).scrollIndicators(.hidden))
        #expect(trimmed(host) == ["▶ src", "▶ empty", "  README", "", "", "", ""])
        host.press(.tab)
        host.press(.right)
        #expect(trimmed(host) == ["▼ src", "    main.swift", "  ▶ util", "▶ empty", "  README", "", ""])
        host.press(.down)
        host.press(.down)
        host.press(.right)
        #expect(trimmed(host) == [
            "▼ src", "    main.swift", "  ▼ util", "      a.swift", "      b.swift", "▶ empty", "  README",
        ])
        // The cursor row of a focused tree without selection is marked.
        #expect(host.styleRows[2].allSatisfy { $0 != "." })
        #expect(host.styleRows[1] == String(repeating: ".", count: 20))
    }

    @Test("Right on an expanded row goes to its first child; Left goes to the parent, then collapses")
    func leftAndRight() {
        let host = FramePipeline(columns: 20, rows: 8)
        host.render((SelectableTree()).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        #expect(host.textRows[0].hasPrefix("sel: src"))
        host.press(.right)  // expands
        host.press(.right)  // to the first child
        #expect(host.textRows[0].hasPrefix("sel: main.swift"))
        host.press(.right)  // a leaf: nothing
        #expect(host.textRows[0].hasPrefix("sel: main.swift"))
        host.press(.left)  // a leaf: to the parent
        #expect(host.textRows[0].hasPrefix("sel: src"))
        host.press(.left)  // expanded: collapses
        #expect(trimmed(host).dropFirst().prefix(3) == ["▶ src", "▶ empty", "  README"])
        host.press(.left)  // a collapsed root: stays
        #expect(host.textRows[0].hasPrefix("sel: src"))
        // Return and Space toggle; an empty folder expands to nothing.
        host.press(.enter)
        #expect(trimmed(host)[1] == "▼ src")
        host.press(.character(" "))
        #expect(trimmed(host)[1] == "▶ src")
        host.press(.down)
        host.press(.enter)
        #expect(trimmed(host).dropFirst().prefix(3) == ["▶ src", "▼ empty", "  README"])
    }

    @Test("collapsing a node with the selection inside moves the cursor to it; expanded rows keep the cursor's row")
    func cursorFollowsStructure() {
        let host = FramePipeline(columns: 20, rows: 8)
        host.render((SelectableTree()).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        host.press(.right)
        host.press(.down)
        host.press(.down)  // util
        host.press(.right)
        host.press(.down)  // a.swift
        #expect(host.textRows[0].hasPrefix("sel: a.swift"))
        host.click(column: 0, row: 1)  // collapse src: the selection inside moves to it
        #expect(host.textRows[0].hasPrefix("sel: src"))
        #expect(trimmed(host)[1] == "▶ src")
        host.click(column: 0, row: 1)
        host.press(.end)  // README, row 6
        #expect(host.textRows[0].hasPrefix("sel: README"))
        host.click(column: 0, row: 1)  // collapse src above it: the selection stays on README, now row 2
        #expect(host.textRows[0].hasPrefix("sel: README"))
        #expect(host.styleRows[3].allSatisfy { $0 != "." })
        // util stayed expanded under the collapsed src.
        host.press(.home)
        host.press(.right)
        #expect(trimmed(host)[4] == "      a.swift")
    }

    @Test("a click on the marker toggles its row; elsewhere on the row it selects")
    func mouse() {
        let host = FramePipeline(columns: 20, rows: 8)
        host.render((SelectableTree()).scrollIndicators(.hidden))
        host.click(column: 8, row: 1)
        #expect(host.textRows[0].hasPrefix("sel: src"))
        #expect(trimmed(host)[1] == "▶ src")
        host.click(column: 0, row: 1)
        #expect(trimmed(host)[1] == "▼ src")
        host.click(column: 2, row: 3)  // util's marker, one level in
        #expect(trimmed(host)[4] == "      a.swift")
        host.click(column: 1, row: 3)  // the indent, not the marker: selects
        #expect(host.textRows[0].hasPrefix("sel: util"))
        #expect(trimmed(host)[4] == "      a.swift")
        host.click(column: 1, row: 1)
        #expect(trimmed(host).dropFirst().prefix(3) == ["▶ src", "▶ empty", "  README"])
    }

    @Test("the selected row is drawn in the selection colour")
    func selectionStyle() {
        let host = FramePipeline(columns: 10, rows: 5)
        host.render((SelectableTree()).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        host.press(.down)
        #expect(host.styleRows[1] == "..........")
        let selected = host.styleRows[2].first!
        #expect(host.styleRows[2] == String(repeating: selected, count: 10))
        #expect(host.styleLegend.contains("\(selected) bg=4"))
    }

    @Test("expanded nodes stay expanded when the parent re-renders with new data")
    func expansionSurvivesRerender() {
        let host = FramePipeline(columns: 20, rows: 6)
        host.render((Rerendering()).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.right)
        #expect(trimmed(host)[1] == "▼ src")
        host.press("t")
        host.renderIfNeeded()
        #expect(trimmed(host)[0] == "tick 1")
        #expect(trimmed(host)[1] == "▼ src")
        #expect(trimmed(host)[3] == "  ▶ util")
    }

    @Test("a 10⁶-node tree reads the children of what is expanded and shown, and builds only the rows shown")
    func lazyOverAMillionNodes() {
        let counter = ReadCounter()
        GenNode.counter = counter
        defer { GenNode.counter = nil }
        // 1,000 roots of 1,000 children each: 1,001,000 nodes.
        let roots = GenNodes(parent: -1, level: 0, fanout: 1000, depth: 2)
        let host = FramePipeline(columns: 20, rows: 10)
        host.render((OutlineGroup(roots, children: \.children) { node in Text("n\(node.id)") }).scrollIndicators(.hidden))
        // Each row shown reads its children once to know its marker.
        #expect(counter.reads <= 10)
        // Three nodes a row shown (list row, label, text) and the tree's own.
        #expect(host.graph.liveNodes < 50)
        host.press(.tab)
        for i in 0..<8 {
            counter.reads = 0
            host.press(.right)
            #expect(trimmed(host).contains("▼ n\(i)"))
            #expect(trimmed(host).contains("    n\((i + 1) * 1000)"))
            host.press(.left)
            host.press(.down)
            // Expanding read the node's children once, and the shown rows'
            // markers: not its 1,000 children.
            #expect(counter.reads <= 40)
            #expect(host.graph.statistics.bodyEvaluations < 30)
        }
        #expect(host.graph.liveNodes < 50)
        // The last root, expanded: its last child is the 1,001,000th row.
        host.press(.end)
        host.press(.right)
        #expect(trimmed(host)[9] == "▼ n999")
        host.press(.end)
        #expect(trimmed(host)[9] == "    n1000999")
        #expect(host.graph.liveNodes < 50)
    }

    @Test("the index agrees with a full walk of the tree under random expands and collapses")
    func indexMatchesAFullWalk() {
        let roots = GenNodes(parent: -1, level: 0, fanout: 4, depth: 4)
        let index = OutlineIndex(data: roots, expanded: [], id: { $0.id }, children: { $0.children })
        var expanded: Set<Int> = []
        func walk(_ items: GenNodes, depth: Int, into rows: inout [(Int, Int, Bool)]) {
            for node in items {
                let open = expanded.contains(node.id)
                rows.append((node.id, depth, open))
                if open, let kids = node.children { walk(kids, depth: depth + 1, into: &rows) }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for step in 0..<400 {
            var rows: [(Int, Int, Bool)] = []
            walk(roots, depth: 0, into: &rows)
            #expect(index.count == rows.count, "step \(step)")
            guard index.count == rows.count else { return }
            for (i, expected) in rows.enumerated() {
                let got = index.row(at: i)
                #expect(got.element.id == expected.0 && got.depth == expected.1 && got.isExpanded == expected.2,
                        "step \(step) row \(i)")
            }
            let r = Int.random(in: 0..<rows.count, using: &generator)
            let expand = !rows[r].2
            let delta = index.setExpanded(expand, row: r)
            let node = index.row(at: r).element
            if node.children != nil {
                #expect(delta != nil)
                if expand { expanded.insert(rows[r].0) } else { expanded.remove(rows[r].0) }
            } else {
                #expect(delta == nil)
            }
            // A rebuilt index (the app's data given again) agrees too.
            if step % 50 == 49 {
                let rebuilt = OutlineIndex(data: roots, expanded: index.expandedIDs, id: { $0.id },
                                           children: { $0.children })
                #expect(rebuilt.count == index.count)
            }
        }
    }
}

private struct MultiTree: View {
    @State var selected: Set<String> = []
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected.sorted().joined(separator: ","))")
            List(files, children: \.children, selection: $selected) { item in Text(item.id) }
        }
    }
}

@MainActor
@Suite("Trees with a set selection")
struct OutlineSetSelectionTests {
    @Test("Space toggles the cursor row's selection and Return expands it")
    func spaceSelectsReturnExpands() {
        let host = FramePipeline(columns: 30, rows: 6)
        host.render((MultiTree()).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.character(" "))
        #expect(host.textRows[0].hasPrefix("sel: src"))
        #expect(host.textRows[1].hasPrefix("▶ src"))
        host.press(.enter)
        #expect(host.textRows[1].hasPrefix("▼ src"))
        host.press(.down)
        host.press(.character(" "))
        #expect(host.textRows[0].hasPrefix("sel: main.swift,src"))
        host.press(.down, modifiers: .shift)
        #expect(host.textRows[0].hasPrefix("sel: main.swift,src,util"))
    }
}
