import Testing
@testable import Engine

// Memoization: which bodies run in a frame. A node is evaluated when it
// appears, when its state changed, or when its parent hands it a value that
// differs from the last one (== for Equatable views, bitwise for plain data,
// always for anything else); every other node is skipped with its subtree.

// MARK: Views under test

/// A chain of levels, each a VStack with a constant label and the next
/// level; only the leaf shows the frame number, but every level's input
/// carries it, so the whole path is re-evaluated and nothing beside it.
private struct Chain: View {
    var depth: Int
    var frame: Int
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("level \(depth)")
            if depth == 0 {
                Text("leaf \(frame)")
            } else {
                Chain(depth: depth - 1, frame: frame)
            }
        }
    }
}

/// A balanced tree of alternating VStack/HStack with Text leaves. Only the
/// subtrees that contain the changing leaf get the frame number.
private struct Tree: View {
    var depth: Int
    var fanout: Int
    var index: Int
    var changingLeaf: Int
    var frame: Int

    var body: some View {
        if depth == 0 {
            Text("\(index):\(frame)")
        } else if depth % 2 == 0 {
            VStack(spacing: 0) { children }
        } else {
            HStack(spacing: 1) { children }
        }
    }

    var children: some View {
        ForEach(0..<fanout) { k in
            let child = index * fanout + k
            Tree(depth: depth - 1, fanout: fanout, index: child, changingLeaf: changingLeaf,
                 frame: Tree.leaves(under: child, depth: depth - 1, fanout: fanout).contains(changingLeaf) ? frame : 0)
        }
    }

    static func leaves(under index: Int, depth: Int, fanout: Int) -> Range<Int> {
        var span = 1
        for _ in 0..<depth { span *= fanout }
        return index * span..<(index + 1) * span
    }
}

/// Equatable, with a String (so not plain data).
private struct Label: View, @MainActor Equatable {
    var title: String
    var body: some View { Text(title).bold() }
}

/// Equatable by `shown` only: `==`, not the bits, decides.
private struct Shown: View, @MainActor Equatable {
    var shown: Int
    var ignored: Int
    static func == (a: Shown, b: Shown) -> Bool { a.shown == b.shown }
    var body: some View { Text("shown \(shown)") }
}

private final class Model {}

/// Neither Equatable nor plain data: a class reference and a closure.
private struct Opaque: View {
    var model: Model
    var action: () -> Void
    var body: some View { Text("opaque") }
}

/// Plain data, not Equatable: compared bitwise.
private struct Plain: View {
    var a: Int
    var b: Bool
    var body: some View { Text("plain \(a) \(b)") }
}

private struct Siblings: View {
    var value: Int
    var model: Model
    var body: some View {
        VStack {
            Text("first")
            Label(title: "label")
            Text("value \(value)")
            Shown(shown: 1, ignored: value)
            Plain(a: 7, b: true)
            Opaque(model: model, action: {})
            Text("last")
        }
    }
}

private struct Titled: View, @MainActor Equatable {
    var title: String
    var body: some View { VStack { Text(title).border(); Text("footer") } }
}

private struct LongList: View {
    var rows: Int
    var offset: Int
    var changingRow: Int
    var frame: Int
    var body: some View {
        ScrollView(offset: offset) {
            LazyVStack(alignment: .leading) {
                ForEach(0..<rows) { i in
                    ValueRow(index: i, value: i == changingRow ? frame : 0)
                }
            }
        }
        .scrollIndicators(.hidden)
    }
}

// MARK: Helpers

extension FramePipeline {
    /// The identities evaluated in the last frame, in order (recording must be on).
    fileprivate var memoEvaluated: [ViewIdentity] { graph.evaluationLog.map(\.0) }

    /// The live `Text` node showing `content`.
    fileprivate func memoText(_ content: String) -> ViewNode? {
        graph.allNodes().first { ($0.behavior as? TextBehavior)?.content == content }
    }

    /// Live nodes whose path ends in `suffix`.
    fileprivate func memoNodes(endingIn suffix: String) -> [ViewNode] {
        graph.allNodes().filter { graph.path(of: $0).hasSuffix(suffix) }
    }
}

/// `node` and its ancestors up to (not including) the graph's root.
@MainActor
private func pathFromRoot(to node: ViewNode, in graph: ViewGraph) -> Set<ViewIdentity> {
    var out: Set<ViewIdentity> = []
    var n: ViewNode? = node
    while let current = n, current !== graph.rootNode {
        out.insert(current.identity)
        n = current.parent
    }
    return out
}

@MainActor
@Suite("Memoization: body evaluations per frame")
struct MemoizationTests {
    @Test("re-rendering an equal root evaluates nothing and writes nothing")
    func equalRootDoesNothing() {
        let host = FramePipeline(columns: 30, rows: 20)
        host.graph.recordsEvaluations = true
        host.render(Chain(depth: 8, frame: 1))
        #expect(host.lastByteCount > 0)
        host.render(Chain(depth: 8, frame: 1))
        #expect(host.graph.statistics == ViewGraph.Statistics())
        #expect(host.graph.evaluationLog.isEmpty)
        #expect(host.lastByteCount == 0)

        // The same with an Equatable root that is not plain data.
        let other = FramePipeline(columns: 30, rows: 5)
        other.render(Titled(title: "hello"))
        other.render(Titled(title: "hello"))
        #expect(other.graph.statistics.bodyEvaluations == 0)
        #expect(other.graph.statistics.layouts == 0 && other.graph.statistics.paints == 0)
        #expect(other.lastByteCount == 0)
    }

    @Test("a root that cannot be compared is evaluated again, but unchanged output writes nothing")
    func incomparableRootWritesNothing() {
        let host = FramePipeline(columns: 20, rows: 3)
        let model = Model()
        host.render(Opaque(model: model, action: {}))
        host.render(Opaque(model: model, action: {}))
        #expect(host.graph.statistics.bodyEvaluations == 1, "the root is re-evaluated; its equal Text is skipped")
        #expect(host.graph.statistics.paints == 0)
        #expect(host.lastByteCount == 0)
    }

    @Test("a chain 50 deep where only the leaf's input changes evaluates exactly the path to the leaf",
          arguments: [1, 50])
    func chainEvaluatesThePath(depth: Int) throws {
        let host = FramePipeline(columns: 30, rows: depth + 4)
        host.graph.recordsEvaluations = true
        host.render(Chain(depth: depth, frame: 0))
        let labels = try (0...depth).map { try #require(host.memoText("level \($0)")) }
        for frame in 1...3 {
            host.render(Chain(depth: depth, frame: frame))
            let leaf = try #require(host.memoText("leaf \(frame)"))
            let path = pathFromRoot(to: leaf, in: host.graph)
            let evaluated = host.memoEvaluated
            #expect(Set(evaluated) == path)
            #expect(evaluated.count == path.count, "a node was evaluated twice")
            // Per level: the Chain, its VStack, the VStack's tuple, the if/else; then the leaf Text.
            #expect(evaluated.count == 4 * (depth + 1) + 1)
            #expect(host.graph.statistics.bodyEvaluations == evaluated.count)
            #expect(host.graph.evaluationLog.allSatisfy { $0.1 == .inputChanged })
            #expect(host.graph.statistics.nodesCreated == 0 && host.graph.statistics.nodesDetached == 0)
            for label in labels { #expect(label.evaluationCount == 1, "an unchanged sibling label was evaluated") }
            #expect(leaf.lastEvaluatedFrame == host.graph.frameNumber)
        }
    }

    @Test("a balanced tree where one leaf changes evaluates only the path to that leaf")
    func treeEvaluatesOnlyThePath() throws {
        let depth = 4, fanout = 3, leaf = 50
        let host = FramePipeline(columns: 120, rows: 30)
        host.graph.recordsEvaluations = true
        host.render(Tree(depth: depth, fanout: fanout, index: 0, changingLeaf: leaf, frame: 0))
        let nodeCount = host.graph.allNodes().count
        for frame in 1...3 {
            host.render(Tree(depth: depth, fanout: fanout, index: 0, changingLeaf: leaf, frame: frame))
            let changed = try #require(host.memoText("\(leaf):\(frame)"))
            let path = pathFromRoot(to: changed, in: host.graph)
            #expect(Set(host.memoEvaluated) == path)
            #expect(host.memoEvaluated.count == path.count)
            #expect(path.count < nodeCount / 10, "the path is \(path.count) of \(nodeCount) nodes")
            #expect(host.graph.allNodes().count == nodeCount)
            // Every other leaf still shows frame 0 and was evaluated once.
            #expect(host.memoText("\(leaf + 1):0")?.evaluationCount == 1)
            #expect(host.memoText("0:0")?.evaluationCount == 1)
        }
        #expect(host.textRows.joined().contains("\(leaf):3"))
    }

    @Test("siblings of a changed child are skipped; only views that cannot be compared run again")
    func siblingsAreSkipped() throws {
        let host = FramePipeline(columns: 20, rows: 8)
        host.graph.recordsEvaluations = true
        let model = Model()
        host.render(Siblings(value: 0, model: model))
        let first = try #require(host.memoText("first"))
        let last = try #require(host.memoText("last"))
        let label = try #require(host.memoNodes(endingIn: "Label.1").first)
        let labelText = try #require(host.memoText("label"))
        let shown = try #require(host.memoNodes(endingIn: "Shown.3").first)
        let plain = try #require(host.memoNodes(endingIn: "Plain.4").first)
        let opaque = try #require(host.memoNodes(endingIn: "Opaque.5").first)
        let opaqueText = try #require(host.memoText("opaque"))

        for value in 1...4 {
            host.render(Siblings(value: value, model: model))
            let changed = try #require(host.memoText("value \(value)"))
            #expect(changed.lastEvaluationReason == .inputChanged)
            // Equatable (String inside), Equatable ignoring a changed field, plain data: skipped.
            #expect(label.evaluationCount == 1 && labelText.evaluationCount == 1)
            #expect(shown.evaluationCount == 1, "Shown's == says equal; its bits differ")
            #expect(plain.evaluationCount == 1)
            #expect(first.evaluationCount == 1 && last.evaluationCount == 1)
            // Neither Equatable nor plain data: evaluated whenever its parent is; its equal child is not.
            #expect(opaque.evaluationCount == 1 + value)
            #expect(opaque.lastEvaluationReason == .inputChanged)
            #expect(opaqueText.evaluationCount == 1)
            let evaluated = Set(host.memoEvaluated)
            #expect(!evaluated.contains(label.identity) && !evaluated.contains(first.identity))
            #expect(evaluated.contains(changed.identity) && evaluated.contains(opaque.identity))
        }
    }

    @Test("an Equatable view with a String is skipped when equal and evaluated when not")
    func equatableNonPlainData() throws {
        struct Screen: View {
            var title: String
            var tick: Int
            var body: some View { VStack { Text("tick \(tick)"); Label(title: title) } }
        }
        let host = FramePipeline(columns: 20, rows: 3)
        host.render(Screen(title: "same", tick: 0))
        let label = try #require(host.memoNodes(endingIn: "Label.1").first)
        host.render(Screen(title: String("sa") + String("me"), tick: 1))  // equal, a different String object
        #expect(label.evaluationCount == 1)
        host.render(Screen(title: "other", tick: 2))
        #expect(label.evaluationCount == 2)
        #expect(label.lastEvaluationReason == .inputChanged)
        #expect(host.textRows[1].contains("other"))
    }

    @Test("a lazy list of 1,000 rows makes nodes only for visible rows and evaluates only the changed row")
    func lazyListEvaluatesOnlyTheChangedRow() throws {
        let host = FramePipeline(columns: 30, rows: 10)
        host.graph.recordsEvaluations = true
        host.render(LongList(rows: 1000, offset: 0, changingRow: 5, frame: 0))
        let rows = { host.memoNodes(endingIn: "]").filter { host.graph.path(of: $0).contains("ValueRow[id:") } }
        #expect(rows().count >= 10 && rows().count <= 11, "\(rows().count) row nodes for 10 visible rows")
        let totalNodes = host.graph.allNodes().count
        #expect(totalNodes < 120)
        #expect(host.textRows[5].hasPrefix("row 5") && host.textRows[5].hasSuffix("value 0"))

        for frame in 1...3 {
            host.render(LongList(rows: 1000, offset: 0, changingRow: 5, frame: frame))
            let evaluatedRows = rows().filter { host.memoEvaluated.contains($0.identity) }
            #expect(evaluatedRows.count == 1)
            #expect(evaluatedRows.first.map { host.graph.path(of: $0).hasSuffix("ValueRow[id: 5]") } == true)
            #expect(host.graph.statistics.nodesCreated == 0)
            #expect(host.graph.allNodes().count == totalNodes)
            #expect(host.textRows[5].hasSuffix("value \(frame)"))
            // The changed row's own Texts: only the one that changed.
            #expect(host.memoText("row 5")?.evaluationCount == 1)
        }

        // A value that grows wider relays the row out.
        host.render(LongList(rows: 1000, offset: 0, changingRow: 5, frame: 1000))
        #expect(host.textRows[5].hasPrefix("row 5") && host.textRows[5].hasSuffix("value 1000"))

        // A change in a row that is not on screen evaluates no row.
        host.render(LongList(rows: 1000, offset: 0, changingRow: 700, frame: 9))
        let afterOffscreen = rows().filter { host.memoEvaluated.contains($0.identity) }
        #expect(afterOffscreen.count == 1, "row 5 returns to value 0; row 700 is not built")
        #expect(host.memoNodes(endingIn: "ValueRow[id: 700]").isEmpty)

        // Scrolling builds the rows that come into view and detaches those that leave.
        host.render(LongList(rows: 1000, offset: 695, changingRow: 700, frame: 9))
        #expect(rows().count >= 10 && rows().count <= 11)
        #expect(host.memoNodes(endingIn: "ValueRow[id: 5]").isEmpty)
        #expect(host.textRows[5].hasPrefix("row 700") && host.textRows[5].hasSuffix("value 9"))
        #expect(host.graph.allNodes().count <= totalNodes + 10)
        #expect(host.graph.identities.count == host.graph.allNodes().count)
    }
}
