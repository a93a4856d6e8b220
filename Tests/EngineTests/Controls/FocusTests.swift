import Testing
@testable import Engine

private final class Log { var lines: [String] = [] }

private struct Form: View {
    let log: Log
    @State private var on = false
    @State private var disabled = false
    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Button("A") { log.lines.append("A") }
                Button("B") { log.lines.append("B") }
            }
            Toggle("Wi-Fi", isOn: $on)
            Button("C") { log.lines.append("C") }.disabled(disabled)
            Button("disable C") { disabled.toggle() }
        }
    }
}

@MainActor
@Suite("Focus and controls")
struct FocusTests {
    func focusedTitle(_ host: FramePipeline) -> String? {
        guard let node = host.graph.focusedNode else { return nil }
        let b = host.graph.layoutBounds(of: node)
        let row = Array(host.textRows[b.y])
        return String(row[b.x..<b.maxX]).trimmingCharacters(in: .whitespaces)
    }

    @Test func tabMovesInReadingOrderAndWraps() {
        let log = Log()
        let host = FramePipeline(columns: 30, rows: 6)
        host.render(Form(log: log))
        #expect(host.graph.focusedNode == nil)
        var seen: [String] = []
        for _ in 0..<6 {
            host.press(.tab)
            seen.append(focusedTitle(host) ?? "-")
        }
        #expect(seen == ["[ A ]", "[ B ]", "[ ] Wi-Fi", "[ C ]", "[ disable C ]", "[ A ]"])
        host.press(.tab, modifiers: .shift)
        #expect(focusedTitle(host) == "[ disable C ]")
    }

    @Test func enterAndSpacePressTheFocusedButtonAndToggle() {
        let log = Log()
        let host = FramePipeline(columns: 30, rows: 6)
        host.render(Form(log: log))
        host.press(.tab)
        host.press(.enter)
        host.press(.tab)
        host.press(.space)
        #expect(log.lines == ["A", "B"])
        host.press(.tab)
        #expect(host.textRows.contains { $0.contains("[ ] Wi-Fi") })
        host.press(.space)
        #expect(host.textRows.contains { $0.contains("[x] Wi-Fi") })
    }

    @Test func disabledControlsTakeNoFocusAndIgnoreClicks() {
        let log = Log()
        let host = FramePipeline(columns: 30, rows: 6)
        host.render(Form(log: log))
        // Focus "disable C" and press it: C is now disabled.
        for _ in 0..<5 { host.press(.tab) }
        host.press(.enter)
        var seen: [String] = []
        for _ in 0..<4 {
            host.press(.tab)
            seen.append(focusedTitle(host) ?? "-")
        }
        #expect(seen == ["[ A ]", "[ B ]", "[ ] Wi-Fi", "[ disable C ]"])
        let row = host.textRows.firstIndex { $0.contains("[ C ]") }!
        let col = Array(host.textRows[row]).firstIndex(of: "C")!
        host.click(column: col, row: row)
        #expect(!log.lines.contains("C"))
    }

    @Test func clickFocusesAndPresses() {
        let log = Log()
        let host = FramePipeline(columns: 30, rows: 6)
        host.render(Form(log: log))
        let row = host.textRows.firstIndex { $0.contains("[ B ]") }!
        let col = Array(host.textRows[row]).firstIndex(of: "B")!
        host.click(column: col, row: row)
        #expect(log.lines == ["B"])
        #expect(focusedTitle(host) == "[ B ]")
    }

    @Test func focusedButtonLooksFocused() {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(Button("OK") {})
        let before = host.styleRows
        host.press(.tab)
        #expect(host.styleRows != before)
        #expect(host.styleLegend.contains { $0.contains("bg=4") })
    }
}

private enum Field: Hashable { case name, email }

private struct Fields: View {
    @FocusState private var field: Field?
    @State private var log: [String] = []
    var body: some View {
        VStack {
            Text("field: \(field == .name ? "name" : field == .email ? "email" : "nil")")
            Button("name") {}.focused($field, equals: .name)
            Button("email") {}.focused($field, equals: .email)
            Button("go to email") { field = .email }
        }
    }
}

@MainActor
@Suite("FocusState")
struct FocusStateTests {
    @Test func tabUpdatesTheStateAndTheStateMovesFocus() {
        let host = FramePipeline(columns: 30, rows: 4)
        host.render(Fields())
        #expect(host.textRows[0].contains("field: nil"))
        host.press(.tab)
        #expect(host.textRows[0].contains("field: name"))
        host.press(.tab)
        #expect(host.textRows[0].contains("field: email"))
        host.press(.tab)
        // "go to email" is focused (no binding): the state was cleared.
        #expect(host.textRows[0].contains("field: nil"))
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].contains("field: email"))
        let node = host.graph.focusedNode!
        let b = host.graph.layoutBounds(of: node)
        #expect(String(Array(host.textRows[b.y])[b.x..<b.maxX]) == "[ email ]")
    }
}

@MainActor
@Suite("ProgressView")
struct ProgressViewTests {
    @Test func barHasEighthPrecision() {
        #expect(ProgressBar.text(0, width: 4) == "····")
        #expect(ProgressBar.text(1, width: 4) == "████")
        #expect(ProgressBar.text(0.5, width: 4) == "██··")
        #expect(ProgressBar.text(1.0 / 32, width: 4) == "▏···")
        #expect(ProgressBar.text(0.33, width: 10) == "███▎······")
    }

    @Test func determinateAndIndeterminate() {
        let host = FramePipeline(columns: 20, rows: 2, clock: .manual())
        host.render(VStack(alignment: .leading) {
            ProgressView(value: 0.5).frame(width: 15)
            ProgressView("wait")
        })
        #expect(host.textRows[0].contains("█████·····  50%"))
        #expect(host.textRows[1].contains("wait ⠋"))
        host.advanceClock(by: .milliseconds(80))
        #expect(host.textRows[1].contains("wait ⠙"))
    }
}
