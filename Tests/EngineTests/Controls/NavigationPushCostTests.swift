import Testing
@testable import Engine

/// A home screen in a stack whose link pushes a page of `rows` rows of
/// five views (an HStack of three texts around a spacer), as tuibench's
/// nav-push.
private struct PushApp: View {
    var rows: Int
    var body: some View {
        NavigationStack {
            PushHome().navigationDestination(for: Int.self) { page in PushPage(page: page, rows: rows) }
        }
    }
}

private struct PushHome: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Home")
            NavigationLink("Open", value: 1)
        }
        .navigationTitle("Home")
    }
}

/// The same stack bound to a path its app holds in `@State`.
private struct BoundPushApp: View {
    @State private var path: [Int] = []
    var body: some View {
        VStack(spacing: 0) {
            Button("Toggle") { path = path.isEmpty ? [1] : [] }
            NavigationStack(path: $path) {
                PushHome().navigationDestination(for: Int.self) { page in PushPage(page: page, rows: 50) }
            }
        }
    }
}

private struct PushPage: View {
    var page: Int
    var rows: Int
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<rows) { i in PushRow(page: page, index: i) }
        }
        .navigationTitle("Page \(page)")
    }
}

private struct PushRow: View {
    var page: Int
    var index: Int
    var body: some View {
        HStack {
            Text("\(index)")
            Text("item \(index) of \(page)")
            Spacer()
            Text("\(index * 7 % 100) KB")
        }
    }
}

/// A sidebar list of `count` items beside a detail that shows the selected one.
private struct Split: View {
    var count: Int
    @State private var selected: Int?
    var body: some View {
        NavigationSplitView {
            List(0..<count, id: \.self, selection: $selected) { i in Text("item \(i)") }
        } detail: {
            if let selected {
                SplitDetail(index: selected)
            } else {
                Text("Pick an item")
            }
        }
    }
}

private struct SplitDetail: View, Equatable {
    var index: Int
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("detail of item \(index)").bold()
            Divider()
            Text("id \(index)")
        }
    }
}

@MainActor
@Suite("Navigation push cost")
struct NavigationPushCostTests {
    /// Renders the app with its link focused, reclaims what was dropped,
    /// and returns the host.
    private func pushHost(rows: Int) -> FramePipeline {
        let host = FramePipeline(columns: 40, rows: 12)
        host.render(PushApp(rows: rows))
        host.renderIfNeeded()
        #expect(focusedText(host) == "Open ›")
        host.graph.reclaimAll()
        return host
    }

    /// Presses `key` (the frame it asks for is rendered as it is handled)
    /// and returns that frame's counts and the paths it evaluated, then
    /// renders the frame focus asks for after it.
    @discardableResult
    private func frame(_ host: FramePipeline, _ key: Key) -> (ViewGraph.Statistics, [String]) {
        host.graph.recordsEvaluations = true
        host.press(key)
        let stats = host.graph.statistics
        let paths = host.graph.evaluationLog.map { host.graph.identities.path(of: $0.0) }
        host.graph.recordsEvaluations = false
        host.renderIfNeeded()
        return (stats, paths)
    }

    /// Pushes the page (Return on the link).
    @discardableResult
    private func push(_ host: FramePipeline) -> (ViewGraph.Statistics, [String]) { frame(host, .enter) }

    /// Pops the page (Esc).
    @discardableResult
    private func pop(_ host: FramePipeline) -> (ViewGraph.Statistics, [String]) { frame(host, .escape) }

    @Test("a push creates each node of the page once, counted exactly, and evaluates each once")
    func pushCountsCreatedNodes() {
        let host = pushHost(rows: 100)
        let before = host.graph.liveNodes
        let (stats, paths) = push(host)
        #expect(host.textRows[0].hasPrefix("‹ Home › Page 1"))
        #expect(host.textRows.contains { $0.hasPrefix("0 item 0 of 1") && $0.hasSuffix("0 KB") })
        // The counter is exact: every node alive now that was not before
        // (the frame after the push, for focus, makes none).
        #expect(host.graph.statistics.nodesCreated == 0)
        #expect(stats.nodesCreated == host.graph.liveNodes - before)
        // Seven nodes a row (the row, its HStack, the block, three texts,
        // a spacer) and a few for the page and its screen.
        #expect(stats.nodesCreated >= 700 && stats.nodesCreated < 720, "\(stats)")
        // Each new node is evaluated once; beyond them, only the stack, its
        // bar, and the link's face (focus left it).
        #expect(stats.bodyEvaluations == paths.count)
        #expect(Set(paths).count == paths.count, "a node evaluated twice")
        let page = paths.filter { $0.contains("NavigationScreen[id:") }
        #expect(page.count <= stats.nodesCreated)
        let old = paths.filter { !$0.contains("NavigationScreen[id:") }
        #expect(old.count < 30, "\(old)")
        // No body of the home screen but the link's face is evaluated.
        let home = old.filter { $0.contains("NavigationScreen.1") }
        #expect(home.allSatisfy { $0.contains("NavigationLinkFace") }, "\(home)")
        #expect(!home.contains { $0.hasSuffix("PushHome.0") })
    }

    @Test("a pop shows the home screen again without evaluating it, at a cost independent of the page")
    func popEvaluatesNothingBelow() {
        var popEvaluations: [Int] = []
        for rows in [10, 1_000] {
            let host = pushHost(rows: rows)
            let home = host.graph.allNodes().filter {
                let path = host.graph.path(of: $0)
                return path.contains("NavigationScreen.1") && !path.contains("NavigationLinkFace")
            }
            #expect(home.count > 5)
            let homeCounts = home.map(\.evaluationCount)
            push(host)
            let (stats, paths) = pop(host)
            #expect(host.textRows[0].hasPrefix("Home "))
            #expect(host.textRows.contains { $0.contains("Open ›") })
            #expect(focusedText(host) == "Open ›")
            #expect(stats.nodesCreated == 0, "\(stats)")
            // Not one body of the home screen was evaluated, on the push or
            // the pop, except the link's face (focus left it and came back).
            #expect(home.map(\.evaluationCount) == homeCounts)
            let below = paths.filter { $0.contains("NavigationScreen.1") }
            #expect(below.allSatisfy { $0.contains("NavigationLinkFace") }, "\(below)")
            #expect(!paths.contains { $0.contains("PushRow") }, "\(paths)")
            popEvaluations.append(stats.bodyEvaluations)
        }
        // The same evaluations for a page of 10 rows and of 1,000.
        #expect(popEvaluations[0] == popEvaluations[1], "\(popEvaluations)")
        #expect(popEvaluations[1] < 30, "\(popEvaluations)")
    }

    @Test("a stack given a new value by its parent (a bound path the app changes) evaluates its root screen again")
    func boundPathEvaluatesTheRootAgain() {
        let host = FramePipeline(columns: 40, rows: 12)
        host.render(BoundPushApp())
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ Toggle ]")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows.contains { $0.hasPrefix("‹ Home › Page 1") })
        let (_, paths) = frame(host, .enter)
        #expect(host.textRows.contains { $0.contains("Open ›") })
        // The app's body ran and gave the stack a new root: its screen's
        // views are compared again (the home's own body is equal and skipped).
        #expect(paths.contains { $0.hasSuffix("NavigationScreen.1") }, "\(paths)")
        #expect(!paths.contains { $0.hasSuffix("PushHome.0") }, "\(paths)")
    }

    @Test("pushing and popping again and again creates the same nodes each time and keeps memory bounded")
    func repeatedPushPopIsSteady() {
        let host = pushHost(rows: 200)
        var created: [Int] = [], live: [Int] = []
        for _ in 0..<6 {
            created.append(push(host).0.nodesCreated)
            pop(host)
            live.append(host.graph.liveNodes)
        }
        #expect(Set(created).count == 1 && created[0] > 1_400, "\(created)")
        // A frame reclaims at least what it created: what the pops dropped
        // is gone by the next push, so memory does not grow.
        #expect(live.dropFirst().allSatisfy { $0 == live[1] }, "\(live)")
        host.graph.reclaimAll()
        #expect(host.textRows.contains { $0.contains("Open ›") })
    }

    @Test("a split view's unchanged frame evaluates no body; a selection move evaluates a few, whatever the list's length")
    func splitViewSelectionAndUnchangedFrame() {
        var moveEvaluations: [Int] = []
        for count in [50, 1_000] {
            let host = FramePipeline(columns: 60, rows: 12)
            host.render(Split(count: count))
            host.renderIfNeeded()
            host.press(.tab)
            host.press(.down)
            host.renderIfNeeded()
            #expect(host.textRows.contains { $0.contains("detail of item 0") }, "\(host.textRows)")
            host.press(.down)
            host.update()
            moveEvaluations.append(host.graph.statistics.bodyEvaluations)
            #expect(host.textRows.contains { $0.contains("detail of item 1") }, "\(host.textRows)")
            #expect(host.textRows.contains { $0.contains("id 1") })
            // Nothing changed: no body evaluated, nothing written.
            host.update()
            #expect(host.graph.statistics.bodyEvaluations == 0)
            #expect(host.graph.statistics.nodesCreated == 0)
            #expect(host.lastByteCount == 0)
        }
        #expect(moveEvaluations[0] == moveEvaluations[1], "\(moveEvaluations)")
    }
}
