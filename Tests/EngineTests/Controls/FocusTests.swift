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
        // The first view in reading order has focus when the screen appears.
        var seen = [focusedTitle(host) ?? "-"]
        for _ in 0..<5 {
            host.press(.tab)
            seen.append(focusedTitle(host) ?? "-")
        }
        #expect(seen == ["[ A ]", "[ B ]", "[ ] Wi-Fi", "[ C ]", "[ disable C ]", "[ A ]"])
        host.press(.tab, modifiers: .shift)
        #expect(focusedTitle(host) == "[ disable C ]")
    }

    @Test("a layout that moves focusable views past each other reorders Tab, with no view made or removed")
    func layoutMovesReorderTab() {
        struct Screen: View {
            var aTop: Int
            var bTop: Int
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Button("A") {}.padding(.top, aTop)
                    Button("B") {}.padding(.top, bTop).padding(.leading, 8)
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 8)
        func rowsInOrder() -> [Int] { host.graph.focusOrder().map { host.graph.layoutBounds(of: $0).y } }
        host.render(Screen(aTop: 0, bTop: 2))
        let first = rowsInOrder()
        #expect(first.count == 2 && first[0] < first[1])
        #expect(focusedTitle(host) == "[ A ]")
        host.render(Screen(aTop: 4, bTop: 2))
        #expect(host.graph.statistics.nodesCreated == 0 && host.graph.statistics.nodesDetached == 0)
        // B is above A now: Tab from A wraps to B, the first in reading order.
        let moved = rowsInOrder()
        #expect(moved.count == 2 && moved[0] < moved[1])
        host.press(.tab)
        #expect(focusedTitle(host) == "[ B ]")
        host.press(.tab)
        #expect(focusedTitle(host) == "[ A ]")
        // A layout that moves nothing focusable keeps the order.
        host.render(Screen(aTop: 4, bTop: 2))
        #expect(rowsInOrder() == moved)
    }

    @Test func enterAndSpacePressTheFocusedButtonAndToggle() {
        let log = Log()
        let host = FramePipeline(columns: 30, rows: 6)
        host.render(Form(log: log))
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
        for _ in 0..<4 { host.press(.tab) }
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
        // Default focus is given after the first frame; the next shows it.
        #expect(host.graph.focusedNode != nil && host.graph.needsFrame)
        let before = host.styleRows
        host.renderIfNeeded()
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
        host.renderIfNeeded()
        // The first field took focus when the screen appeared, and told the state.
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

private struct Signup: View {
    enum Field: Hashable { case name, email }
    var defaultField: Field??
    @FocusState private var field: Field?
    @State private var name = ""
    @State private var email = ""
    @State private var keys: [String] = []
    var body: some View {
        let form = VStack(alignment: .leading) {
            Text("keys=\(keys.joined())")
            TextField("Name", text: $name).focused($field, equals: .name)
            TextField("Email", text: $email).focused($field, equals: .email)
            Text("name=\(name) email=\(email)")
        }
        .onKeyPress { press in
            if case .character(let c) = press.key { keys.append(String(c)) }
            return .handled
        }
        if let defaultField {
            AnyView(form.defaultFocus($field, defaultField))
        } else {
            AnyView(form)
        }
    }
}

/// Sidebar and content side by side: without sections Tab goes row by row.
private struct Columns: View {
    var sections: Bool
    var body: some View {
        HStack(alignment: .top) {
            let sidebar = VStack {
                Button("s1") {}
                Button("s2") {}
            }
            if sections { AnyView(sidebar.focusSection()) } else { AnyView(sidebar) }
            VStack {
                Button("c1") {}
                Button("c2") {}
            }
        }
    }
}

@MainActor
@Suite("Default focus and focus sections")
struct DefaultFocusTests {
    func focusedTitle(_ host: FramePipeline) -> String? {
        guard let node = host.graph.focusedNode else { return nil }
        let b = host.graph.layoutBounds(of: node)
        return String(Array(host.textRows[b.y])[b.x..<b.maxX]).trimmingCharacters(in: .whitespaces)
    }

    func status(_ host: FramePipeline) -> String { host.textRows.first { $0.contains("name=") } ?? "" }

    @Test func typingAtStartGoesToTheFirstField() {
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(Signup())
        host.type("ab")
        #expect(status(host).contains("name=ab email="))
    }

    @Test func defaultFocusNamesTheField() {
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(Signup(defaultField: .some(.email)))
        host.type("ab")
        #expect(status(host).contains("name= email=ab"))
    }

    @Test func defaultFocusOnNothingLeavesKeysToTheHandlers() {
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(Signup(defaultField: .some(nil)))
        host.type("ab")
        #expect(host.graph.focusedNode == nil)
        #expect(status(host).contains("name= email= "))
        #expect(host.textRows.contains { $0.contains("keys=ab") })
    }

    @Test func focusLostWithTheViewGoesToTheScreensDefault() {
        struct Steps: View {
            @State private var step = 1
            @State private var a = ""
            @State private var b = ""
            var body: some View {
                VStack {
                    if step == 1 {
                        TextField("first", text: $a).onSubmit { step = 2 }
                    } else {
                        TextField("second", text: $b)
                    }
                    Text("a=\(a) b=\(b)")
                }
            }
        }
        let host = FramePipeline(columns: 30, rows: 4)
        host.render(Steps())
        host.type("x")
        host.press(.enter)
        host.type("y")  // the second step's field, focused when it appeared
        #expect(host.textRows.contains { $0.contains("a=x b=y") })
    }

    @Test func theAppClearingFocusIsNotUndone() {
        struct Clearing: View {
            @FocusState private var focused: Bool
            @State private var text = ""
            var body: some View {
                VStack {
                    TextField("t", text: $text).focused($focused)
                    Button("done") { focused = false }.keyboardShortcut("s", modifiers: .control)
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 3)
        host.render(Clearing())
        #expect(host.graph.focusedNode != nil)
        host.press("s", modifiers: .control)
        host.renderIfNeeded()
        #expect(host.graph.focusedNode == nil)
    }

    @Test func withoutSectionsTabGoesInReadingOrder() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Columns(sections: false))
        var seen = [focusedTitle(host) ?? "-"]
        for _ in 0..<3 {
            host.press(.tab)
            seen.append(focusedTitle(host) ?? "-")
        }
        #expect(seen == ["[ s1 ]", "[ c1 ]", "[ s2 ]", "[ c2 ]"])
    }

    @Test func aFocusSectionIsVisitedWhole() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Columns(sections: true))
        var seen = [focusedTitle(host) ?? "-"]
        for _ in 0..<4 {
            host.press(.tab)
            seen.append(focusedTitle(host) ?? "-")
        }
        #expect(seen == ["[ s1 ]", "[ s2 ]", "[ c1 ]", "[ c2 ]", "[ s1 ]"])
        host.press(.tab, modifiers: .shift)
        #expect(focusedTitle(host) == "[ c2 ]")
    }

    @Test func aModalsDefaultFocusIsInsideIt() {
        struct Confirm: View {
            enum Choice: Hashable { case keep, discard }
            @State private var shown = false
            @FocusState private var choice: Choice?
            @State private var log = ""
            var body: some View {
                VStack {
                    Button("quit") { shown = true }
                    Text("log=\(log)")
                }
                .sheet(isPresented: $shown) {
                    HStack {
                        Button("keep") { log += "k"; shown = false }.focused($choice, equals: .keep)
                        Button("discard") { log += "d"; shown = false }.focused($choice, equals: .discard)
                    }
                    .defaultFocus($choice, .discard)
                }
            }
        }
        let host = FramePipeline(columns: 40, rows: 8)
        host.render(Confirm())
        host.press(.enter)  // "quit": focused when the screen appeared
        host.renderIfNeeded()
        host.press(.enter)  // the sheet's default: discard
        host.renderIfNeeded()
        #expect(host.textRows.contains { $0.contains("log=d") })
        #expect(focusedTitle(host) == "[ quit ]")  // focus went back where it was
    }
}
