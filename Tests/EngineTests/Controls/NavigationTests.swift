import Testing
@testable import Engine

/// A screen with its own state: a counter, a link one level deeper, and a
/// button that dismisses it.
private struct Level: View {
    var n: Int
    @State private var count = 0
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("level \(n) count=\(count)")
            Button("Add") { count += 1 }
            NavigationLink("Deeper", value: n + 1)
            Button("Close") { dismiss() }
        }
        .navigationTitle("L\(n)")
    }
}

private struct Browser: View {
    var body: some View {
        NavigationStack {
            Level(n: 0).navigationDestination(for: Int.self) { n in Level(n: n) }
        }
    }
}

/// A stack bound to an array path, with buttons that change it from code.
private struct Bound: View {
    @State private var path: [Int] = []
    @State private var log: [String] = []
    var body: some View {
        NavigationStack(path: $path) {
            VStack(alignment: .leading, spacing: 0) {
                Text("root path=\(path.map(String.init).joined(separator: ","))")
                Button("Deep") { path = [1, 2, 3] }
                NavigationLink("About") { Text("about page").navigationTitle("About") }
            }
            .navigationTitle("Home")
            .onKeyPress("x") { log.append("x"); return .handled }
            .navigationDestination(for: Int.self) { n in
                VStack(spacing: 0) {
                    Text("page \(n) path=\(path.map(String.init).joined(separator: ",")) log=\(log.joined())")
                    Button("Pop all") { path.removeAll() }
                }
                .navigationTitle("P\(n)")
            }
        }
    }
}

/// The row that holds `text`, or "".
@MainActor
private func row(_ host: FramePipeline, _ text: String) -> String {
    host.textRows.first { $0.contains(text) } ?? ""
}

@MainActor
@Suite("NavigationStack")
struct NavigationTests {
    @Test("a link pushes its value's destination under a title bar; Esc pops back")
    func pushAndPopWithEsc() {
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(Browser())
        host.renderIfNeeded()
        // The root's title alone, in bold, then the divider; no back marker.
        #expect(host.textRows[0].hasPrefix("L0 "))
        #expect(host.textRows[1] == String(repeating: "─", count: 30))
        #expect(!row(host, "level 0").isEmpty)
        host.press(.tab)  // Add → Deeper
        #expect(focusedText(host) == "Deeper ›")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ L0 › L1 "))
        #expect(!row(host, "level 1 count=0").isEmpty)
        #expect(row(host, "level 0").isEmpty)
        // The top title is bold, the breadcrumb dimmed.
        let styles = host.styleRows[0]
        let dimmed = Array(styles)[2], bold = Array(styles)[7]
        #expect(dimmed != bold && dimmed != ".")
        #expect(host.styleLegend.contains { $0.hasPrefix("\(dimmed) ") && $0.contains("dim") })
        #expect(host.styleLegend.contains { $0.hasPrefix("\(bold) ") && $0.contains("bold") })
        host.press(.escape)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("L0 "))
        #expect(!row(host, "level 0 count=0").isEmpty)
        // Esc at the root is not the stack's: nothing to pop.
        #expect(host.press(.escape) == false)
    }

    @Test("screens below the top keep their state and focus; popped ones are freed")
    func pushThreeLevelsAndPopBack() {
        let host = FramePipeline(columns: 40, rows: 10)
        host.render(Browser())
        host.renderIfNeeded()
        host.graph.reclaimAll()
        let nodes = host.graph.liveNodes, slots = host.graph.stateSlotCount
        host.press(.enter)  // Add on level 0
        #expect(!row(host, "level 0 count=1").isEmpty)
        // Push level 1; focus goes to its first control (its default focus).
        host.press(.tab)
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "level 1 count=0").isEmpty)
        #expect(focusedText(host) == "[ Add ]")
        host.press(.enter)
        host.press(.enter)
        #expect(!row(host, "level 1 count=2").isEmpty)
        host.press(.tab)
        host.press(.enter)  // level 2
        host.renderIfNeeded()
        host.press(.tab)
        host.press(.enter)  // level 3
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ L0 › L1 › L2 › L3"))
        // Four screens' state is alive now.
        #expect(host.graph.stateSlotCount > slots)
        // Covered screens take no focus: Tab cycles the top's three controls.
        var seen: [String] = []
        for _ in 0..<3 {
            host.press(.tab)
            seen.append(focusedText(host))
        }
        #expect(seen == ["Deeper ›", "[ Close ]", "[ Add ]"])
        // Esc pops level 3; focus is back on level 2's link.
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "level 2 count=0").isEmpty)
        #expect(focusedText(host) == "Deeper ›")
        // dismiss() from level 2's Close button pops it.
        host.press(.tab)
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "level 1 count=2").isEmpty)
        #expect(focusedText(host) == "Deeper ›")
        // Level 1 shown again without evaluating its body.
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "level 0 count=1").isEmpty)
        #expect(focusedText(host) == "Deeper ›")
        #expect(host.textRows[0].hasPrefix("L0 "))
        // The popped screens' nodes and state are freed.
        host.graph.reclaimAll()
        #expect(host.graph.stateSlotCount == slots)
        #expect(host.graph.liveNodes == nodes)
    }

    @Test("a screen shown again after a pop is not evaluated")
    func popDoesNotEvaluateTheScreenBelow() {
        let host = FramePipeline(columns: 40, rows: 10)
        host.render(Browser())
        host.press(.tab)
        host.press(.enter)  // level 1
        host.renderIfNeeded()
        host.press(.tab)
        host.press(.enter)  // level 2
        host.renderIfNeeded()
        host.graph.recordsEvaluations = true
        host.press(.escape)
        host.renderIfNeeded()
        let paths = host.graph.evaluationLog.map { host.graph.identities.path(of: $0.0) }
        #expect(!paths.isEmpty)
        // Level 1's body is not evaluated; only its link's face is (focus
        // came back to it, and it reads `\.isFocused`).
        #expect(!paths.contains { $0.hasSuffix("Level.0") }, "\(paths)")
        #expect(paths.filter { $0.contains("Level") }.allSatisfy { $0.contains("NavigationLinkFace") }, "\(paths)")
        #expect(!row(host, "level 1 count=0").isEmpty)
    }

    @Test("a bound path pushes several screens at once and pops them from code")
    func boundPathDeepLinkAndPopAll() {
        let host = FramePipeline(columns: 40, rows: 8)
        host.render(Bound())
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ Deep ]")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Home › P1 › P2 › P3"))
        #expect(!row(host, "page 3 path=1,2,3").isEmpty)
        host.press(.escape)  // one level, from the path
        host.renderIfNeeded()
        #expect(!row(host, "page 2 path=1,2").isEmpty)
        #expect(host.textRows[0].hasPrefix("‹ Home › P1 › P2"))
        // Pop all, from a button in the screen: back to the root, focus on
        // the button that deep-linked.
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "root path=").isEmpty)
        #expect(host.textRows[0].hasPrefix("Home "))
        #expect(focusedText(host) == "[ Deep ]")
    }

    @Test("a link with a destination view pushes it; a click on ‹ pops it")
    func destinationViewLinkAndBackClick() {
        let host = FramePipeline(columns: 40, rows: 8)
        host.render(Bound())
        host.renderIfNeeded()
        host.press(.tab)
        #expect(focusedText(host) == "About ›")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "about page").isEmpty)
        #expect(host.textRows[0].hasPrefix("‹ Home › About"))
        host.click(column: 0, row: 0)
        host.renderIfNeeded()
        #expect(!row(host, "root path=").isEmpty)
        #expect(focusedText(host) == "About ›")
    }

    @Test("keys reach no handler of a covered screen")
    func coveredScreensTakeNoKeys() {
        let host = FramePipeline(columns: 40, rows: 8)
        host.render(Bound())
        host.renderIfNeeded()
        host.press(.enter)  // deep link: page 3 on top
        host.renderIfNeeded()
        host.graph.focus(nil)
        host.press("x")  // nothing focused: every handler but the covered root's
        host.renderIfNeeded()
        #expect(!row(host, "page 3").isEmpty)
        #expect(row(host, "log=x").isEmpty)
        host.press(.escape)
        host.press(.escape)
        host.press(.escape)
        host.renderIfNeeded()
        host.graph.focus(nil)
        host.press("x")  // the root is on top: its handler takes it
        host.press(.tab)
        host.press(.enter)  // Deep again
        host.renderIfNeeded()
        #expect(!row(host, "log=x").isEmpty)
    }

    @Test("a title set in place updates the bar")
    func titleChangesInPlace() {
        struct Renaming: View {
            @State private var name = "One"
            var body: some View {
                NavigationStack {
                    Button("Rename") { name = "Two" }.navigationTitle(name)
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 5)
        host.render(Renaming())
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("One "))
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Two "))
    }

    @Test("without a title anywhere there is no bar")
    func noTitleNoBar() {
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(NavigationStack { Text("plain") })
        #expect(host.textRows == ["            ", "   plain    ", "            "])
    }

    @Test("NavigationPath appends, counts and removes values of any type")
    func navigationPath() {
        var path = NavigationPath()
        #expect(path.isEmpty && path.count == 0)
        path.append(1)
        path.append("two")
        #expect(path.count == 2 && !path.isEmpty)
        #expect(path == NavigationPath([AnyHashable(1), AnyHashable("two")]))
        #expect(path != NavigationPath([1, 2]))
        path.removeLast()
        #expect(path == NavigationPath([1]))
        path.removeLast(1)
        #expect(path.isEmpty)
    }

    @Test("clicks and shortcuts reach no covered screen")
    func coveredScreensTakeNoClicksOrShortcuts() {
        struct Shortcuts: View {
            @State private var log: [String] = []
            var body: some View {
                NavigationStack {
                    VStack(alignment: .leading, spacing: 0) {
                        Text("log=\(log.joined(separator: ","))")
                        NavigationLink("Next", value: 1)
                        Button("Save") { log.append("save") }.keyboardShortcut("s", modifiers: .control)
                    }
                    .navigationTitle("Root")
                    .navigationDestination(for: Int.self) { _ in
                        Text("pushed log=\(log.joined(separator: ","))").navigationTitle("Pushed")
                    }
                }
            }
        }
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(Shortcuts())
        host.renderIfNeeded()
        host.press("s", modifiers: .control)
        #expect(!row(host, "log=save").isEmpty)
        let link = host.textRows.firstIndex { $0.contains("Next ›") }!
        let column = Array(host.textRows[link]).firstIndex(of: "N")!
        host.press(.enter)  // the link is focused first: push
        host.renderIfNeeded()
        #expect(!row(host, "pushed log=save").isEmpty)
        // The root's link and button are under the pushed screen: a click
        // where the link was and the button's shortcut do nothing.
        host.click(column: column, row: link)
        host.press("s", modifiers: .control)
        host.renderIfNeeded()
        #expect(!row(host, "pushed log=save").isEmpty)
        #expect(host.textRows[0].hasPrefix("‹ Root › Pushed"))
        #expect(host.graph.focusOrder().isEmpty)
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "log=save").isEmpty)
        host.press("s", modifiers: .control)
        #expect(!row(host, "log=save,save").isEmpty)
    }

    @Test("a link outside a stack, or with no value, does nothing")
    func inertLinks() {
        struct Loose: View {
            var body: some View {
                VStack(spacing: 0) {
                    NavigationLink("Nowhere", value: 1)
                    NavigationLink("Nothing", value: Int?.none)
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(Loose())
        host.renderIfNeeded()
        // The link with no value is disabled: it takes no focus.
        #expect(host.graph.focusOrder().count == 1)
        #expect(focusedText(host) == "Nowhere ›")
        let before = host.textRows
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows == before)
        #expect(host.textRows.joined().contains("Nothing ›"))
    }

    @Test("dismiss() in a sheet dismisses it")
    func dismissInASheet() {
        struct Sheet: View {
            @Environment(\.dismiss) private var dismiss
            var body: some View { Button("Close") { dismiss() } }
        }
        struct Presenter: View {
            @State private var shown = true
            var body: some View {
                Text("shown=\(shown)").sheet(isPresented: $shown) { Sheet() }
            }
        }
        let host = FramePipeline(columns: 30, rows: 9)
        host.render(Presenter())
        host.renderIfNeeded()
        #expect(host.textRows.contains { $0.contains("[ Close ]") })
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!host.textRows.contains { $0.contains("[ Close ]") })
        #expect(!row(host, "shown=false").isEmpty)
    }

    @Test("a TabView inside a pushed screen keeps its tab when the screen is covered and shown again")
    func tabViewInAStack() {
        struct Tabs: View {
            @State private var tab = 0
            var body: some View {
                NavigationStack {
                    TabView(selection: $tab, titles: ["One", "Two"]) { i in
                        VStack(spacing: 0) {
                            Text("tab \(i)")
                            NavigationLink("More", value: i)
                        }
                    }
                    .navigationTitle("Tabs")
                    .navigationDestination(for: Int.self) { i in Text("more of \(i)").navigationTitle("More") }
                }
            }
        }
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(Tabs())
        host.renderIfNeeded()
        host.press(.right)  // the tab bar is focused first
        #expect(!row(host, "tab 1").isEmpty)
        host.press(.tab)
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "more of 1").isEmpty)
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "tab 1").isEmpty)
        #expect(focusedText(host) == "More ›")
    }

    @Test("a pop costs what the top screen costs, not what the screen below holds")
    func popCostIsIndependentOfTheScreenBelow() {
        struct Row: View {
            var i: Int
            var body: some View { Text("row \(i)") }
        }
        struct Big: View {
            var body: some View {
                NavigationStack {
                    VStack(alignment: .leading, spacing: 0) {
                        NavigationLink("Open", value: 1)
                        ForEach(0..<2_000, id: \.self) { Row(i: $0) }
                    }
                    .navigationDestination(for: Int.self) { n in Text("page \(n)") }
                }
            }
        }
        let host = FramePipeline(columns: 30, rows: 10)
        host.render(Big())
        host.renderIfNeeded()
        let rows = host.graph.allNodes().filter { host.graph.path(of: $0).split(separator: "/").last?.hasPrefix("Row") == true }
        #expect(rows.count == 2_000)
        host.press(.enter)  // push
        host.renderIfNeeded()
        #expect(!row(host, "page 1").isEmpty)
        host.press(.escape)  // pop: the frame that shows the rows again
        let popFrame = host.graph.statistics
        host.renderIfNeeded()
        #expect(!row(host, "Open ›").isEmpty)
        // No row evaluated again, none laid out again.
        #expect(rows.allSatisfy { $0.evaluationCount == 1 })
        #expect(popFrame.bodyEvaluations < 40, "\(popFrame)")
        #expect(popFrame.layouts < 40, "\(popFrame)")
    }

    @Test("a NavigationPath holds values of several types; a destination declared in a pushed screen serves the screens above it")
    func heterogeneousPathAndNestedDestination() {
        struct Mixed: View {
            @State private var path = NavigationPath()
            var body: some View {
                NavigationStack(path: $path) {
                    VStack(spacing: 0) {
                        Text("root count=\(path.count)")
                        Button("Deep") {
                            path.append(7)
                            path.append("seven")
                        }
                    }
                    .navigationDestination(for: Int.self) { n in
                        NavigationLink("Name it", value: "n\(n)")
                            .navigationTitle("Number \(n)")
                            .navigationDestination(for: String.self) { s in Text("name \(s)").navigationTitle(s) }
                    }
                }
            }
        }
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(Mixed())
        host.renderIfNeeded()
        host.press(.enter)  // Deep: an Int, then a String whose destination the Int's screen declares
        host.renderIfNeeded()
        #expect(!row(host, "name seven").isEmpty)
        #expect(host.textRows[0].hasPrefix("‹ Number 7 › seven"))
        host.press(.escape)
        host.renderIfNeeded()
        #expect(focusedText(host) == "Name it ›")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "name n7").isEmpty)
        host.press(.escape)
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "root count=0").isEmpty)
    }
}
