import Testing
@testable import Engine

/// Two panes with their own keys, a global shortcut button, and a help bar.
private struct Panes: View {
    @State var count = 0
    @State var log: [String] = []
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("count=\(count) log=\(log.joined(separator: ","))")
            HStack(spacing: 1) {
                Button("Left") {}
                    .keyHelp("↑/↓", "move")
                    .onKeyPress("d", help: "delete") { log.append("d"); return .handled }
                Button("Right") {}
                    .onKeyPress("r", help: "rename") { log.append("r"); return .handled }
            }
            .keyHelp("tab", "next pane")
            Button("Quit") { log.append("quit") }.keyboardShortcut("q", modifiers: .control)
            Text("tick").keyboardShortcut("t") { count += 1 }  // no help: not listed
            HelpView()
        }
    }
}

@MainActor
@Suite("Key-binding help")
struct KeyHelpTests {
    func start(_ host: FramePipeline, _ view: some View) {
        host.render(view)
        host.renderIfNeeded()  // default focus is set after the first frame
    }

    func helpRow(_ host: FramePipeline) -> String {
        host.textRows.first { $0.contains("•") || $0.contains("ctrl+q") } ?? ""
    }

    @Test func shortFormListsTheFocusedContextThenShortcuts() {
        let host = FramePipeline(columns: 80, rows: 8)
        start(host, Panes())
        // Nearest the focus first: Left's own `.keyHelp` is inside its `.onKeyPress`.
        #expect(helpRow(host).trimmingTrailing()
                == "↑/↓ move • d delete • tab next pane • ctrl+q Quit • ? more")
        host.press(.tab)  // focus moves to Right: its binding replaces Left's
        #expect(helpRow(host).trimmingTrailing() == "r rename • tab next pane • ctrl+q Quit • ? more")
        host.press("r")
        #expect(host.textRows.contains { $0.contains("log=r") })
    }

    @Test func keysAreBoldDescriptionsPlainSeparatorsDim() {
        let host = FramePipeline(columns: 80, rows: 8)
        start(host, Panes())
        let row = host.textRows.firstIndex { $0.contains("•") }!
        let styles = host.styleRows[row]
        let legend = host.styleLegend.joined(separator: "\n")
        // "↑/↓" bold, "move" plain, " • " dim.
        let d = Array(styles)
        let text = Array(host.textRows[row])
        let bullet = text.firstIndex(of: "•")!
        #expect(d[0] != d[4], "\(styles)\n\(legend)")
        #expect(d[0] == d[2] && d[4] == d[7], "\(styles)\n\(legend)")
        #expect(d[bullet] != d[0] && d[bullet] != d[4], "\(styles)\n\(legend)")
        #expect(legend.contains("bold"))
        #expect(legend.contains("dim"))
    }

    @Test func shortFormDropsWholeBindingsAndEndsWithAnEllipsis() {
        let host = FramePipeline(columns: 30, rows: 8)
        start(host, Panes())
        // "↑/↓ move • d delete" is 19 cells; " • tab next pane" would end at 35.
        #expect(helpRow(host).trimmingTrailing() == "↑/↓ move • d delete …")
    }

    @Test func questionMarkShowsTheFullFormInColumns() throws {
        let host = FramePipeline(columns: 60, rows: 10)
        start(host, Panes())
        host.press("?")
        let rows = host.textRows.map { $0.trimmingTrailing() }
        let first = try #require(rows.firstIndex { $0.contains("↑/↓") }, "\(rows)")
        // The stack is centred: its leading edge is where the help starts.
        let indent = rows[first].prefix { $0 == " " }.count
        #expect(rows[first..<first + 4].map { String($0.dropFirst(indent)) } == [
            "↑/↓    move         ? less",
            "d      delete",
            "tab    next pane",
            "ctrl+q Quit",
        ])
        host.press("?")
        #expect(helpRow(host).hasSuffix("? more") || helpRow(host).contains("? more"))
    }

    @Test func nothingIsCollectedOrEvaluatedWhenFocusAndBindingsStayPut() {
        let host = FramePipeline(columns: 80, rows: 8)
        start(host, Panes())
        let generation = host.graph.keyHelp.generation
        host.press("t")  // a shortcut that changes state above the help
        #expect(host.textRows.contains { $0.hasPrefix("count=1") })
        // Panes' body only: no binding changed text, nothing moved focus.
        #expect(host.graph.keyHelp.generation == generation)
        #expect(!host.graph.keyHelp.isStale)
        let help = host.graph.registeredNodes(for: .helpDisplay)
        #expect(help.count == 1)
        let before = help[0].evaluationCount
        host.press("t")
        #expect(help[0].evaluationCount == before)
        // Focus moving does change it, without evaluating the help's body.
        host.press(.tab)
        #expect(host.graph.keyHelp.generation != generation)
        #expect(help[0].evaluationCount == before)
    }

    @Test func withNothingFocusedEveryDescribedKeyIsListed() {
        struct Plain: View {
            var body: some View {
                VStack {
                    Text("a").keyHelp("j/k", "scroll")
                    Text("b").onKeyPress("x", help: "close") { .handled }
                    HelpView()
                }
            }
        }
        let host = FramePipeline(columns: 60, rows: 5)
        start(host, Plain())
        #expect(helpRow(host).trimmingCharacters() == "j/k scroll • x close • ? more")
    }

    @Test func keyLabels() {
        #expect(KeyHelpItem.label("s", modifiers: .control) == "ctrl+s")
        #expect(KeyHelpItem.label(.up) == "↑")
        #expect(KeyHelpItem.label(" ") == "space")
        #expect(KeyHelpItem.label(.function(5), modifiers: [.option, .shift]) == "alt+shift+f5")
        #expect(KeyHelpItem.label(.escape) == "esc")
    }
}

extension String {
    fileprivate func trimmingTrailing() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    fileprivate func trimmingCharacters() -> String {
        var s = Substring(trimmingTrailing())
        while s.first == " " { s.removeFirst() }
        return String(s)
    }
}
