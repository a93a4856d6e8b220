import ArgumentParser
import Engine

/// A synthetic workload for `tuibench run`: a root view per frame number.
struct Scenario {
    /// A host of `columns` × `rows` with frames 1…`frames` of the scenario
    /// rendered into it, and the last frame's number.
    @MainActor
    func warmedUp(columns: Int, rows: Int, frames: Int) -> (host: FramePipeline, frame: Int) {
        let host = FramePipeline(columns: columns, rows: rows)
        var frame = 0
        for _ in 0..<Swift.max(frames, minimumWarmup) {
            frame += 1
            render(frame, host)
        }
        return (host, frame)
    }

    var name: String
    var parameters: [String: Int]
    /// Renders frame `n` into the host (the root view's type stays concrete).
    var render: @MainActor (Int, FramePipeline) -> Void
    var summary: String
    /// Frames after which reclamation of a removed subtree runs (state-churn).
    var isReclaimFrame: (Int) -> Bool = { _ in false }
    /// For a scenario whose frames do different things in turn (nav-push:
    /// a push, then a pop), the kind of frame `n`: `tuibench run` reports
    /// each kind's times apart as well.
    var frameKind: ((Int) -> String)?
    /// Frames `steady` and the frame server render before measuring, at
    /// least: enough for every kind of frame to have run once, so that no
    /// measured frame meets a view type for the first time (nav-push: the
    /// start, a pop with nothing pushed, a push and a pop).
    var minimumWarmup = 0

    init<V: View>(name: String, parameters: [String: Int], root: @escaping @MainActor (Int) -> V, summary: String) {
        self.name = name
        self.parameters = parameters
        self.render = { frame, host in host.render(root(frame), keepBytes: false) }
        self.summary = summary
    }

    init(name: String, parameters: [String: Int], render: @escaping @MainActor (Int, FramePipeline) -> Void, summary: String) {
        self.name = name
        self.parameters = parameters
        self.render = render
        self.summary = summary
    }

    /// A scenario driven as a person would use an app: the first frame
    /// `start`s it (renders the screen, focuses what the keys go to), and
    /// every later frame `act`s once (presses a key, appends a line) before
    /// the host updates. A frame number seen again (`--change none` renders
    /// the same frame) acts no more, so it measures an unchanged frame.
    init(name: String, parameters: [String: Int], summary: String, start: @escaping @MainActor (FramePipeline) -> Void,
         act: @escaping @MainActor (_ frame: Int, FramePipeline) -> Void) {
        let driver = FrameDriver()
        self.init(name: name, parameters: parameters, render: { frame, host in
            if host.graph.frameNumber == 0 {
                start(host)
            } else if frame != driver.lastFrame {
                act(frame, host)
            }
            driver.lastFrame = frame
            host.update(keepBytes: false)
        }, summary: summary)
    }
}

// MARK: deep-chain

/// One level of a chain: a VStack holding the next level; the leaf shows
/// the frame number, so every level's input changes and only the leaf's
/// text does.
@MainActor
struct ChainLevel: View {
    var depth: Int
    var frame: Int
    var body: some View {
        VStack(alignment: .leading) {
            if depth == 0 {
                Text("leaf of the chain, frame \(frame)")
            } else {
                ChainLevel(depth: depth - 1, frame: frame)
            }
        }
    }
}

// MARK: tree

/// A balanced tree of alternating VStack/HStack with Text leaves. Only the
/// path to the changing leaf receives the frame number; every other
/// subtree gets an equal value and is skipped.
@MainActor
struct TreeLevel: View {
    var depth: Int
    var fanout: Int
    var index: Int
    var changingLeaf: Int
    var frame: Int

    var body: some View {
        if depth == 0 {
            // One digit: every leaf fits even in the narrowest column, so the
            // changing leaf's change is visible (painted and written).
            Text(frame == 0 ? "\(index % 10)" : "\(frame % 10)")
        } else if depth % 2 == 0 {
            VStack { children }
        } else {
            HStack(spacing: 0) { children }
        }
    }

    var children: some View {
        ForEach(0..<fanout) { k in
            let child = index * fanout + k
            TreeLevel(depth: depth - 1, fanout: fanout, index: child, changingLeaf: changingLeaf,
                      frame: TreeLevel.covers(child, depth: depth - 1, fanout: fanout, leaf: changingLeaf) ? frame : 0)
        }
    }

    static func covers(_ index: Int, depth: Int, fanout: Int, leaf: Int) -> Bool {
        var span = 1
        for _ in 0..<depth { span *= fanout }
        return leaf >= index * span && leaf < (index + 1) * span
    }
}

// MARK: list

@MainActor
struct ListRow: View, Equatable {
    var index: Int
    var value: Int
    var body: some View {
        HStack {
            Text("row \(index)")
            Spacer()
            Text("value \(value)")
        }
    }
}

@MainActor
struct ListScreen: View {
    var rows: Int
    var changingRow: Int
    var frame: Int
    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading) {
                ForEach(0..<rows) { i in
                    ListRow(index: i, value: i == changingRow ? frame : 0)
                }
            }
        }
    }
}

enum Scenarios {
    static let names = ["deep-chain", "tree", "list", "churn", "unicode", "resize", "state-tree", "state-churn",
                        "fade", "focus-tab", "type-field", "table-select", "table-scroll", "list-select", "one-cell",
                        "flow-layout", "canvas", "outline-expand", "log-append", "markdown-scroll", "markdown-stream",
                        "markdown-stream-store", "line-chart",
                        "line-chart-store", "lazy-grid", "lazy-sections", "nav-push", "split-view"]

    /// A usage error naming the known scenarios when one of `given` is not one.
    static func checkNames(_ given: [String]) throws {
        for s in given where !names.contains(s) {
            throw ValidationError("unknown scenario '\(s)'; known: \(names.joined(separator: ", "))")
        }
    }

    static func make(_ name: String, depth: Int?, fanout: Int?, rows: Int?, subtree: Int? = nil,
                     period: Int? = nil) -> Scenario? {
        if let more = makeMore(name, period: period) { return more }
        if let scale = makeScale(name) { return scale }
        if let chart = makeChart(name, rows: rows) { return chart }
        if let interaction = makeInteraction(name) { return interaction }
        if let selection = makeSelection(name, rows: rows) { return selection }
        if let data = makeData(name, rows: rows) { return data }
        if let layout = makeLayout(name, rows: rows, fanout: fanout) { return layout }
        if let navigation = makeNavigation(name, rows: rows) { return navigation }
        switch name {
        case "state-tree":
            let d = depth ?? 6, f = fanout ?? 4
            var leaves = 1
            for _ in 0..<d { leaves *= f }
            let handle = StateHandle()
            let root = StatefulTree(depth: d, fanout: f, index: 0, target: 0, handle: handle)
            return Scenario(name: name, parameters: ["depth": d, "fanout": f], render: { frame, host in
                handle.binding?.wrappedValue = frame
                host.render(root, keepBytes: false)
            }, summary: "a balanced tree, depth \(d), fanout \(f); one leaf's @State changes each frame")
        case "state-churn":
            let n = subtree ?? 100_000, p = max(period ?? 10, 2)
            var scenario = Scenario(name: name, parameters: ["subtree": n, "period": p], render: { frame, host in
                host.render(ChurnRoot(showing: (frame / p) % 2 == 0, count: n, frame: frame), keepBytes: false)
            }, summary: "\(n) views with @State (one node each, plus a node per group of 100) appear and disappear every \(p) frames")
            scenario.isReclaimFrame = { frame in (frame / p) % 2 == 1 }
            return scenario
        case "deep-chain":
            let d = depth ?? 200
            return Scenario(name: name, parameters: ["depth": d],
                            root: { ChainLevel(depth: d, frame: $0) },
                            summary: "a chain \(d) deep; the leaf's text changes each frame")
        case "tree":
            let d = depth ?? 6, f = fanout ?? 4
            var leaves = 1
            for _ in 0..<d { leaves *= f }
            let changing = 0  // the top-left leaf: on screen, so its change is painted and written
            return Scenario(name: name, parameters: ["depth": d, "fanout": f],
                            root: { TreeLevel(depth: d, fanout: f, index: 0, changingLeaf: changing, frame: $0) },
                            summary: "a balanced tree, depth \(d), fanout \(f); one leaf changes each frame")
        case "list":
            let r = rows ?? 1000
            return Scenario(name: name, parameters: ["rows": r],
                            root: { ListScreen(rows: r, changingRow: 5, frame: $0) },
                            summary: "a lazy list of \(r) rows in a scroll view; one row changes each frame")
        default:
            return nil
        }
    }
}
