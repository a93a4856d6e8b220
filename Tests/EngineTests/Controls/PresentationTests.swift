import Testing
@testable import Engine

private enum Size: Hashable { case small, medium, large }

private struct Settings: View {
    @State private var size = Size.medium
    @State private var count = 1
    @State private var tab = 0
    @State private var confirm = false
    @State private var log: [String] = []
    var body: some View {
        VStack(alignment: .leading) {
            Text("size=\(size) count=\(count) log=\(log.joined(separator: ","))")
            Picker("Size", selection: $size) {
                Text("S").tag(Size.small)
                Text("M").tag(Size.medium)
                Text("L").tag(Size.large)
            }
            .pickerStyle(.segmented)
            Stepper("Count", value: $count, in: 0...3)
            Button("Delete") { confirm = true }
        }
        .alert("Really delete?", isPresented: $confirm) {
            Button("Delete", role: .destructive) { log.append("deleted") }
            Button("Cancel", role: .cancel) { log.append("cancelled") }
        } message: {
            Text("It cannot be undone.")
        }
        .onKeyPress("x") { log.append("x"); return .handled }
    }
}

@MainActor
@Suite("Picker, Stepper, alert")
struct PresentationTests {
    /// The status line (the content is centred on the screen).
    func status(_ host: FramePipeline) -> String { host.textRows.first { $0.contains("size=") } ?? "" }

    @Test func segmentedPickerAndStepperFollowKeys() {
        let host = FramePipeline(columns: 50, rows: 12)
        host.render(Settings())  // the picker has focus: it comes first
        host.press(.right)
        #expect(status(host).contains("size=large"))
        host.press(.right)
        #expect(status(host).contains("size=large"))
        host.press(.left)
        host.press(.left)
        #expect(status(host).contains("size=small"))
        host.press(.tab)  // the stepper
        for _ in 0..<5 { host.press("+") }
        #expect(status(host).contains("count=3"))
        host.press(.left)
        #expect(status(host).contains("count=2"))
    }

    @Test func alertTrapsFocusAndEscDismisses() {
        let host = FramePipeline(columns: 50, rows: 12)
        host.render(Settings())  // the picker has focus: it comes first
        for _ in 0..<2 { host.press(.tab) }
        host.press(.enter)  // Delete → the alert
        host.renderIfNeeded()
        #expect(host.textRows.contains { $0.contains("Really delete?") })
        #expect(host.textRows.contains { $0.contains("It cannot be undone.") })
        // The cancel button leads the row; focus starts on it (the other
        // button is destructive), and Tab cycles the two buttons only.
        #expect(host.textRows.contains { $0.contains("[ Cancel ]  [ Delete ]") })
        #expect(focusedText(host) == "[ Cancel ]")
        var focused: [String] = []
        for _ in 0..<3 {
            host.press(.tab)
            focused.append(focusedText(host))
        }
        #expect(focused == ["[ Delete ]", "[ Cancel ]", "[ Delete ]"])
        // Keys do not reach the content behind (its "x" handler would log it).
        host.press("x")
        #expect(!status(host).contains("log=x"))
        // Esc presses the cancel button: its action runs, the alert goes.
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!host.textRows.contains { $0.contains("Really delete?") })
        #expect(status(host).contains("log=cancelled"))
        // Focus went back to the Delete button.
        #expect(focusedText(host) == "[ Delete ]")
        host.press(.enter)
        host.renderIfNeeded()
        host.press(.tab)  // Cancel → Delete
        host.press(.enter)
        host.renderIfNeeded()
        #expect(status(host).contains("log=cancelled,deleted"))
        #expect(!host.textRows.contains { $0.contains("Really delete?") })
    }
}

/// The text of the focused view's frame.
@MainActor
func focusedText(_ host: FramePipeline) -> String {
    guard let n = host.graph.focusedNode else { return "" }
    let b = host.graph.layoutBounds(of: n)
    return String(Array(host.textRows[b.y])[b.x..<b.maxX])
}

private struct DeleteSelected: View {
    @State private var items = ["a", "b", "c"]
    @State private var selected: String?
    var body: some View {
        let show = Binding(get: { selected != nil }, set: { if !$0 { selected = nil } })
        VStack(alignment: .leading) {
            Text("items=\(items.joined(separator: ","))")
            Button("Delete b") { selected = "b" }
        }
        .alert("Delete?", isPresented: show) {
            Button("Delete", role: .destructive) { if let s = selected { items.removeAll { $0 == s } } }
        }
    }
}

@MainActor
@Suite("Alert actions")
struct AlertActionOrderTests {
    @Test("an alert's button runs its action before the alert is dismissed (SwiftUI's order)")
    func actionRunsBeforeDismissal() {
        let host = FramePipeline(columns: 40, rows: 10)
        host.render(DeleteSelected())
        host.press(.tab)
        host.press(.enter)  // Delete b: selects b, the alert shows
        #expect(host.textRows.contains { $0.contains("Delete?") })
        host.press(.enter)  // the alert's Delete
        #expect(!host.textRows.contains { $0.contains("Delete?") })
        #expect(host.textRows.contains { $0.contains("items=a,c") })
    }
}

private struct Tabs: View {
    @State private var tab = 0
    var body: some View {
        TabView(selection: $tab, titles: ["One", "Two", "Three"]) { i in
            Text("content \(i)")
        }
    }
}

@MainActor
@Suite("TabView")
struct TabViewTests {
    @Test func keysAndClicksSwitchTabs() {
        let host = FramePipeline(columns: 30, rows: 4)
        host.render(Tabs())
        #expect(host.textRows.contains { $0.contains("content 0") })
        host.press(.tab)
        host.press(.right)
        #expect(host.textRows.contains { $0.contains("content 1") })
        host.press(.pageDown, modifiers: .control)
        #expect(host.textRows.contains { $0.contains("content 2") })
        let row = host.textRows.firstIndex { $0.contains(" One ") }!
        let col = Array(host.textRows[row]).firstIndex(of: "O")!
        host.click(column: col, row: row)
        #expect(host.textRows.contains { $0.contains("content 0") })
    }
}

@MainActor
@Suite("Picker look")
struct PickerLookTests {
    @Test("the selected segment's highlight covers its label and padding, not the divider to its left")
    func segmentHighlightStopsAtDivider() {
        let host = render(
            Picker("Size", selection: .constant(Size.medium)) {
                Text("S").tag(Size.small)
                Text("M").tag(Size.medium)
                Text("L").tag(Size.large)
            }
            .pickerStyle(.segmented),
            columns: 17, rows: 1)
        #expect(host.textRows == ["Size:  S │ M │ L "])
        let m = Array(host.textRows[0]).firstIndex(of: "M")!
        func background(_ x: Int) -> Color { host.canvas.styles[host.canvas[x, 0].style].background }
        #expect(background(m - 2) == .default, "the divider left of the selected segment")
        #expect(background(m - 1) == Theme.standard.tint)
        #expect(background(m) == Theme.standard.tint)
        #expect(background(m + 1) == Theme.standard.tint)
        #expect(background(m + 2) == .default, "the divider right of it")
    }
}
