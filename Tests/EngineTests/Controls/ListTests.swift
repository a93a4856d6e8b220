import Testing
@testable import Engine

private struct Item: Identifiable, Equatable {
    let id: Int
    var name: String
}

@MainActor
private func items(_ n: Int) -> [Item] { (0..<n).map { Item(id: $0, name: "item \($0)") } }

/// A status line showing the selection, over a list of `data` that fills the rest.
private struct SingleList: View {
    var data: [Item]
    var disabled = false
    @State private var selected: Int?
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected.map(String.init) ?? "nil")")
            List(data, selection: $selected) { item in Text(item.name) }
                .disabled(disabled)
        }
    }
}

private struct MultiList: View {
    var data: [Item]
    @State private var selected: Set<Int> = []
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected.sorted().map(String.init).joined(separator: ","))")
            List(data, selection: $selected) { item in Text(item.name) }
        }
    }
}

/// Two focus stops: a button above the list, to take focus away from it.
private struct ListWithButton: View {
    @State private var selected: Int? = 1
    var body: some View {
        VStack(alignment: .leading) {
            Button("other") {}
            List(items(10), selection: $selected) { item in Text(item.name) }
        }
    }
}

/// A list whose selected row can be deleted (`x`), or all of them (`c`).
private struct DeletingList: View {
    @State private var rows = items(5)
    @State private var selected: Int? = 2
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel=\(selected.map(String.init) ?? "none")")
            List(rows, selection: $selected) { item in Text(item.name) }
        }
        .onKeyPress("x") {
            rows.removeAll { $0.id == selected }
            return .handled
        }
        .onKeyPress("c") {
            rows = []
            return .handled
        }
    }
}

/// A list whose third row is renamed by `r`.
private struct RenamingList: View {
    @State private var rows = items(6)
    var body: some View {
        List(rows) { item in Text(item.name) }
            .scrollIndicators(.hidden)
            .onKeyPress("r") {
                rows[2].name = "renamed"
                return .handled
            }
    }
}

@MainActor
@Suite("List")
struct ListTests {
    @Test("a row whose content changed is drawn again, and only that row is evaluated")
    func changedRowContent() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render(RenamingList())
        host.press(.tab)
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) }
            == ["item 0", "item 1", "item 2", "item 3", "item 4", "item 5"])
        host.press(.character("r"))
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) }
            == ["item 0", "item 1", "renamed", "item 3", "item 4", "item 5"])
        let evaluated = host.graph.statistics.bodyEvaluations
        // Once more, nothing changes: no row is evaluated again.
        host.press(.character("r"))
        #expect(host.graph.statistics.bodyEvaluations < evaluated)
        #expect(host.textRows[2].trimmingCharacters(in: .whitespaces) == "renamed")
    }

    @Test func aDeletedSelectionMovesOnAfterTheFrameNotDuringIt() {
        let host = FramePipeline(columns: 12, rows: 7)
        var messages: [String] = []
        host.graph.onDiagnostic = { messages.append($0) }
        host.render((DeletingList()).scrollIndicators(.hidden))
        host.press("x")
        host.renderIfNeeded()
        // The row now at the deleted one's place is selected, and the list
        // wrote the binding after its body ran, not during it.
        #expect(host.textRows[0].hasPrefix("sel=3"))
        host.press("c")
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("sel=none"))
        #expect(messages.isEmpty, "\(messages)")
    }

    /// The names shown in the list's rows (screen rows 1…).
    func shown(_ host: FramePipeline) -> [String] {
        host.textRows.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func status(_ host: FramePipeline) -> String { host.textRows[0].trimmingCharacters(in: .whitespaces) }

    @Test func navigationKeysMoveTheSelection() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((SingleList(data: items(100))).scrollIndicators(.hidden))
        #expect(shown(host) == ["item 0", "item 1", "item 2", "item 3", "item 4"])
        #expect(status(host) == "sel: nil")
        host.press(.tab)
        host.press(.down)  // nothing selected: the first row shown is
        #expect(status(host) == "sel: 0")
        host.press(.down)
        host.press(.down)
        #expect(status(host) == "sel: 2")
        host.press(.up)
        #expect(status(host) == "sel: 1")
        host.press(.end)
        #expect(status(host) == "sel: 99")
        #expect(shown(host) == ["item 95", "item 96", "item 97", "item 98", "item 99"])
        host.press(.down)  // at the end: stays
        #expect(status(host) == "sel: 99")
        host.press(.home)
        #expect(status(host) == "sel: 0")
        #expect(shown(host) == ["item 0", "item 1", "item 2", "item 3", "item 4"])
    }

    @Test func pagingMovesByTheVisibleHeightAndScrollsOnlyAsNeeded() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((SingleList(data: items(100))).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        host.press(.pageDown)  // five rows fit
        #expect(status(host) == "sel: 5")
        #expect(shown(host) == ["item 1", "item 2", "item 3", "item 4", "item 5"])
        host.press(.pageDown)
        #expect(status(host) == "sel: 10")
        #expect(shown(host) == ["item 6", "item 7", "item 8", "item 9", "item 10"])
        host.press(.up)  // still in sight: no scrolling
        #expect(status(host) == "sel: 9")
        #expect(shown(host) == ["item 6", "item 7", "item 8", "item 9", "item 10"])
        host.press(.pageUp)
        #expect(status(host) == "sel: 4")
        #expect(shown(host) == ["item 4", "item 5", "item 6", "item 7", "item 8"])
    }

    @Test func selectionStaysInSightWhenTheViewportShrinks() {
        let host = FramePipeline(columns: 12, rows: 11)
        host.render((SingleList(data: items(100))).scrollIndicators(.hidden))
        host.press(.tab)
        for _ in 0..<9 { host.press(.down) }
        #expect(status(host) == "sel: 8")
        #expect(shown(host).first == "item 0")
        host.resizeScreen(columns: 12, rows: 5)  // four rows fit
        #expect(shown(host) == ["item 5", "item 6", "item 7", "item 8"])
        host.resizeScreen(columns: 12, rows: 11)  // growing keeps it, and fills the view
        #expect(shown(host).contains("item 8"))
        #expect(shown(host).count == 10)
        // Scrolled away from the selection with the wheel: a resize does not jump back.
        host.scroll(column: 2, row: 3, lines: 30)
        let scrolled = shown(host)
        #expect(!scrolled.contains("item 8"))
        host.resizeScreen(columns: 12, rows: 9)
        #expect(shown(host).first == scrolled.first)
    }

    @Test func selectedRowIsDrawnInTheSelectionColours() {
        let host = FramePipeline(columns: 12, rows: 11)
        host.render((ListWithButton()).scrollIndicators(.hidden))
        host.renderIfNeeded()
        // Not focused (the button is, first): the inactive selection colour, the row's whole width.
        let inactive = host.styleRows[2].first!
        #expect(host.styleRows[2] == String(repeating: inactive, count: 12))
        #expect(host.styleLegend.contains("\(inactive) bg=8"))
        host.press(.tab)
        host.press(.down)
        #expect(host.styleRows[2] == "............")
        #expect(host.styleRows[3].allSatisfy { $0 != "." })
        #expect(host.styleLegend.contains { $0.hasSuffix("bg=4") })
    }

    @Test func clickSelectsAndFocusesWheelScrolls() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((SingleList(data: items(100))).scrollIndicators(.hidden))
        host.click(column: 3, row: 3)
        #expect(status(host) == "sel: 2")
        #expect(host.graph.focusedNode != nil)
        host.scroll(column: 3, row: 3, lines: 2)  // three rows a notch
        #expect(shown(host) == ["item 6", "item 7", "item 8", "item 9", "item 10"])
        #expect(status(host) == "sel: 2")
        host.scroll(column: 3, row: 3, lines: -1)
        #expect(shown(host).first == "item 3")
        host.click(column: 3, row: 1)
        #expect(status(host) == "sel: 3")
        // Moving the selection brings it back in sight.
        host.scroll(column: 3, row: 3, lines: 10)
        host.press(.down)
        #expect(status(host) == "sel: 4")
        #expect(shown(host) == ["item 4", "item 5", "item 6", "item 7", "item 8"])
    }

    @Test func multipleSelectionWithSpaceAndShift() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((MultiList(data: items(20))).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.space)
        #expect(status(host) == "sel: 0")
        host.press(.down)
        host.press(.down)  // the cursor moves; the selection does not
        #expect(status(host) == "sel: 0")
        host.press(.space)
        #expect(status(host) == "sel: 0,2")
        host.press(.down, modifiers: .shift)
        host.press(.down, modifiers: .shift)
        #expect(status(host) == "sel: 0,2,3,4")
        host.press(.up, modifiers: .shift)  // the range shrinks back toward the anchor
        #expect(status(host) == "sel: 0,2,3")
        host.press(.space)  // toggles the cursor row off
        #expect(status(host) == "sel: 0,2")
        // The cursor row of the focused list is marked even when not selected.
        host.press(.down)
        #expect(host.styleRows[5].allSatisfy { $0 != "." })
        // A click selects that row alone; Ctrl-click toggles another.
        host.click(column: 1, row: 2)
        #expect(status(host) == "sel: 1")
        host.click(column: 1, row: 4, modifiers: .control)
        #expect(status(host) == "sel: 1,3")
    }

    @Test func disabledListIgnoresInput() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((SingleList(data: items(100), disabled: true)).scrollIndicators(.hidden))
        host.press(.tab)
        #expect(host.graph.focusedNode == nil)
        host.press(.down)
        host.click(column: 3, row: 3)
        host.scroll(column: 3, row: 3, lines: 2)
        #expect(status(host) == "sel: nil")
        #expect(shown(host).first == "item 0")
    }

    @Test func shrinkingDataKeepsAValidOffsetAndSelection() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((SingleList(data: items(100))).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.end)
        #expect(status(host) == "sel: 99")
        host.render((SingleList(data: items(10))).scrollIndicators(.hidden))
        host.renderIfNeeded()
        // The selected row is gone: the row now in its place is selected.
        #expect(status(host) == "sel: 9")
        #expect(shown(host) == ["item 5", "item 6", "item 7", "item 8", "item 9"])
        host.render((SingleList(data: items(3))).scrollIndicators(.hidden))
        host.renderIfNeeded()
        #expect(status(host) == "sel: 2")
        #expect(shown(host) == ["item 0", "item 1", "item 2", "", ""])
        host.render((SingleList(data: [])).scrollIndicators(.hidden))
        host.renderIfNeeded()
        #expect(status(host) == "sel: nil")
        #expect(shown(host) == ["", "", "", "", ""])
        host.press(.down)
        host.render((SingleList(data: items(4))).scrollIndicators(.hidden))
        host.press(.down)
        #expect(status(host) == "sel: 0")
    }

    @Test func selectionFollowsItsRowWhenTheDataIsReordered() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render((SingleList(data: items(100))).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        host.press(.down)
        #expect(status(host) == "sel: 1")
        host.render((SingleList(data: items(100).reversed())).scrollIndicators(.hidden))
        // Row 1 is now near the end: it is scrolled into sight.
        #expect(shown(host) == ["item 5", "item 4", "item 3", "item 2", "item 1"])
        host.press(.down)
        #expect(status(host) == "sel: 0")
    }

    @Test func listWithoutSelectionScrolls() {
        let host = FramePipeline(columns: 12, rows: 5)
        host.render((List(items(50)) { item in Text(item.name) }).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        #expect(host.textRows.first?.hasPrefix("item 1") == true)
        host.press(.pageDown)
        #expect(host.textRows.first?.hasPrefix("item 6") == true)
        host.press(.end)
        #expect(host.textRows.last?.hasPrefix("item 49") == true)
        host.press(.home)
        #expect(host.textRows.first?.hasPrefix("item 0") == true)
    }

    @Test func keyPathIdentifiedList() {
        let host = FramePipeline(columns: 10, rows: 3)
        host.render((List(["a", "b", "c", "d"], id: \.self) { Text($0) }).scrollIndicators(.hidden))
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["a", "b", "c"])
    }

    @Test func movingTheSelectionEvaluatesAHandfulOfViews() {
        let host = FramePipeline(columns: 20, rows: 41)
        host.render((SingleList(data: items(100_000))).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        let nodes = host.graph.liveNodes
        for _ in 0..<10 {
            host.press(.down)
            // The app's five (its status text and stacks), the list's seven
            // (list, the branch between a flat list and a tree, event
            // handler, focusable, the row selector's environment writer,
            // face, viewport) and the two rows whose colour changed: not
            // the 40 rows shown.
            #expect(host.graph.statistics.bodyEvaluations == 14)
            #expect(host.graph.statistics.nodesCreated == 0)
        }
        host.press(.end)
        host.press(.up)
        #expect(host.graph.statistics.bodyEvaluations == 14)
        // Two nodes per row shown (the row and its text), whatever the row count.
        #expect(host.graph.liveNodes <= nodes + 4)
        #expect(host.graph.liveNodes < 120)
    }
}
