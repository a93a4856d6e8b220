import Testing
@testable import Engine

/// Rows of `ids`, each a focusable text with a tap handler and a shortcut
/// (three concerns a node registers for).
private struct Rows: View {
    var ids: [Int]
    var body: some View {
        VStack {
            ForEach(ids, id: \.self) { id in
                Text("row \(id)").focusable().onTapGesture {}.keyboardShortcut(.function(id % 12 + 1)) {}
            }
        }
    }
}

/// A row with its own state, to see that a keyed row keeps its node.
private struct StatefulRow: View {
    var id: Int
    @State var taps = 0
    var body: some View { Text("\(id):\(taps)").onTapGesture { taps += 1 } }
}

private struct StatefulRows: View {
    var ids: [Int]
    var body: some View {
        VStack(alignment: .leading) { ForEach(ids, id: \.self) { StatefulRow(id: $0) } }
    }
}

/// The non-blank rows of the screen's first `count` lines, trimmed.
@MainActor
private func shown(_ host: FramePipeline, _ count: Int) -> [String] {
    host.textRows.filter { $0.contains { $0 != " " } }.prefix(count).map { row in
        String(row.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

@MainActor
@Suite("The graph's core API")
struct GraphCoreTests {
    @Test("a registry hands back only nodes still in the tree, and forgets the others")
    func registryDropsDetachedNodes() {
        let host = FramePipeline(columns: 20, rows: 6)
        host.render(Rows(ids: [1, 2, 3, 4]))
        for concern in [NodeConcern.focus, .tap, .keyboardShortcut] {
            #expect(host.graph.registeredNodes(for: concern).count == 4)
        }
        host.render(Rows(ids: [2, 4]))
        host.graph.reclaimAll()
        for concern in [NodeConcern.focus, .tap, .keyboardShortcut] {
            let live = host.graph.registeredNodes(for: concern)
            #expect(live.count == 2)
            #expect(live.allSatisfy { host.graph.isLive($0) })
        }
        // Dropped, not merely skipped: they are gone from the registry.
        host.render(Rows(ids: []))
        #expect(host.graph.registeredNodes(for: .focus).isEmpty)
        #expect(host.graph.noneRegistered(for: .focus))
    }

    @Test("registering again is idempotent; unregistering removes the node")
    func registerIsIdempotent() {
        let host = FramePipeline(columns: 20, rows: 6)
        host.render(Rows(ids: [1]))
        let node = host.graph.registeredNodes(for: .tap)[0]
        host.graph.register(node, for: .tap)
        host.graph.register(node, for: .tap)
        #expect(host.graph.registeredNodes(for: .tap).count == 1)
        #expect(host.graph.isRegistered(node, for: .tap))
        host.graph.unregister(node, from: .tap)
        #expect(!host.graph.isRegistered(node, for: .tap))
        #expect(host.graph.registeredNodes(for: .tap).isEmpty)
        // Registered again after being taken off (its bit was cleared too).
        host.graph.register(node, for: .tap)
        #expect(host.graph.registeredNodes(for: .tap).count == 1)
        // A node keeps one bit per concern in ``ViewNode/registeredConcerns``.
        #expect(NodeConcern.allCases.count <= MemoryLayout.size(ofValue: node.registeredConcerns) * 8)
    }

    @Test("keyed rows keep their nodes and state through inserts, removals, moves and repeated ids")
    func keyedRowsKeepState() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render(StatefulRows(ids: [1, 2, 3]))
        // Tap row 2 twice (press and release over it).
        let row = host.textRows.firstIndex { $0.contains("2:0") }!
        let column = host.textRows[row].distance(from: host.textRows[row].startIndex,
                                                 to: host.textRows[row].firstIndex(of: "2")!)
        host.click(column: column, row: row)
        host.click(column: column, row: row)
        host.render(StatefulRows(ids: [1, 2, 3]))
        #expect(shown(host, 3) == ["1:0", "2:2", "3:0"])
        // Moved to the end, with a row inserted before it and one removed.
        host.render(StatefulRows(ids: [9, 3, 2]))
        #expect(shown(host, 3) == ["9:0", "3:0", "2:2"])
        // A repeated id gets a row of its own (fresh state), and the first keeps its own.
        host.render(StatefulRows(ids: [2, 2]))
        #expect(shown(host, 2) == ["2:2", "2:0"])
        host.graph.reclaimAll()
        // Two rows, each with one state slot.
        #expect(host.graph.stateSlotCount == 2)
    }

    @Test("the focus tracker's order cache is dropped by anything that may change the order")
    func focusOrderCache() {
        let host = FramePipeline(columns: 20, rows: 6)
        host.render(Rows(ids: [1, 2]))
        let order = host.graph.focusOrder()
        #expect(order.count == 2)
        #expect(host.graph.focusTracker.cachedOrder != nil)
        host.render(Rows(ids: [1, 2, 3]))
        #expect(host.graph.focusTracker.cachedOrder == nil)
        #expect(host.graph.focusOrder().count == 3)
    }

    @Test("a dismissed modal gives focus back to where it was")
    @MainActor
    func presentationStackRestoresFocus() async {
        struct App: View {
            @State var shown = false
            var body: some View {
                VStack {
                    Button("open") { shown = true }
                    Button("other") {}
                }
                .sheet(isPresented: $shown) { Button("close") { shown = false } }
            }
        }
        let host = FramePipeline(columns: 30, rows: 10)
        host.render(App())
        let opener = host.graph.focusedNode  // the first button, focused when the screen appeared
        #expect(opener != nil)
        host.press(.enter)
        await host.settle()
        #expect(host.graph.presentations.modals.count == 1)
        #expect(host.graph.focusedNode !== opener)
        host.press(.escape)
        await host.settle()
        #expect(host.graph.activeModal == nil)
        #expect(host.graph.focusedNode === opener)
    }
}
