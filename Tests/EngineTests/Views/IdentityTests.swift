import Foundation
import Testing
@testable import Engine

// Identity and reconciliation: which node a view value lands in, frame after
// frame. Nodes are compared as objects (===): keeping a node keeps its state.

// MARK: Views under test

private struct Counter: View {
    var count: Int
    var body: some View {
        VStack(alignment: .leading) {
            Text("count \(count)")
            Text("fixed").border()
        }
    }
}

private struct Branching: View {
    var flag: Bool
    var body: some View {
        VStack {
            if flag { Text("yes").padding(1) } else { Text("no").padding(1) }
        }
    }
}

/// The child at position 0 changes type (through AnyView) with `divider`.
private struct TypeSwitch: View {
    var divider: Bool
    var body: some View {
        VStack {
            Text("above")
            divider ? AnyView(Divider()) : AnyView(Text("middle"))
        }
    }
}

private struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var label: String { "row \(id)" }
}

private struct Rows: View {
    var items: [Item]
    var body: some View {
        VStack(alignment: .leading) {
            ForEach(items) { item in Text(item.label) }
        }
    }
}

private struct Keyed: View {
    var key: Int
    var body: some View {
        VStack {
            Text("keyed").padding(1).id(key)
        }
    }
}

private struct Paths: View {
    var body: some View {
        VStack {
            Text("title")
            ForEach([Item(id: 42)]) { item in Text(item.label) }
        }
    }
}

private struct Toggling: View {
    var on: Bool
    var body: some View {
        VStack {
            Text("always")
            if on {
                HStack { Text("a"); Text("b").border(); ForEach(0..<3) { Text("\($0)") } }
            }
        }
    }
}

private struct Alternating: View {
    var first: Bool
    var body: some View {
        VStack {
            if first {
                VStack { Text("one"); Text("two").padding(1) }
            } else {
                HStack { Text("three"); Divider(); Text("four") }
            }
        }
    }
}

// MARK: Helpers

extension FramePipeline {
    /// The live node of the `Text` showing `content` (the only one).
    fileprivate func identityTestText(_ content: String) -> ViewNode? {
        let found = graph.allNodes().filter { ($0.behavior as? TextBehavior)?.content == content }
        return found.count == 1 ? found[0] : nil
    }

    fileprivate var identityTestPaths: [String] { graph.allNodes().map { graph.path(of: $0) } }
}

@MainActor
@Suite("Identity and reconciliation")
struct IdentityTests {
    @Test("the same view type at the same position keeps its node, frame after frame")
    func sameTypeSamePositionKeepsNodes() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Counter(count: 0))
        let before = host.graph.allNodes()
        for n in 1...5 {
            host.render(Counter(count: n))
            let after = host.graph.allNodes()
            #expect(after.count == before.count)
            for (a, b) in zip(before, after) { #expect(a === b, "\(host.graph.path(of: a)) was replaced") }
        }
        #expect(host.textRows[0].contains("count 5"))
        #expect(host.identityTestText("count 5") === before.first { ($0.behavior as? TextBehavior) != nil })
    }

    @Test("switching if/else branch detaches the old subtree; switching back makes a fresh node")
    func branchSwitchDetaches() throws {
        let host = FramePipeline(columns: 10, rows: 3)
        host.render(Branching(flag: true))
        let yes = try #require(host.identityTestText("yes"))
        let yesPath = host.graph.path(of: yes)
        let yesPadding = try #require(yes.parent)
        #expect(yesPath.hasSuffix("PaddingView[branch 0]/Text.0"), "\(yesPath)")

        host.render(Branching(flag: false))
        let no = try #require(host.identityTestText("no"))
        #expect(host.graph.path(of: no).hasSuffix("PaddingView[branch 1]/Text.0"))
        #expect(!yes.isAttached && !yesPadding.isAttached)
        #expect(!host.identityTestPaths.contains(yesPath), "the old branch's path is still live")
        #expect(host.graph.allNodes().allSatisfy { $0 !== yes && $0 !== yesPadding })
        #expect(host.textRows == ["          ", "    no    ", "          "])

        host.render(Branching(flag: true))
        let yesAgain = try #require(host.identityTestText("yes"))
        #expect(yesAgain !== yes, "switching back reused the detached node")
        #expect(yesAgain.lastEvaluationReason == .appeared)
        #expect(host.graph.path(of: yesAgain) == yesPath)
        #expect(!no.isAttached)
        #expect(host.textRows == ["          ", "   yes    ", "          "])
    }

    @Test("a different view type at the same position replaces the node")
    func typeChangeReplaces() throws {
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(TypeSwitch(divider: false))
        let text = try #require(host.identityTestText("middle"))
        let erased = try #require(text.parent)
        let above = try #require(host.identityTestText("above"))

        host.render(TypeSwitch(divider: true))
        #expect(!text.isAttached)
        #expect(erased.isAttached, "the AnyView itself is the same type at the same position")
        #expect(erased.childNodes.count == 1 && erased.childNodes[0] !== text)
        #expect(erased.childNodes.first?.behavior is DividerBehavior)
        #expect(host.identityTestText("above") === above)
        #expect(host.textRows == ["  above   ", "──────────"])

        // The root view's own type changing replaces everything.
        let oldRoot = try #require(host.graph.rootNode.childNodes.first)
        host.render(Text("plain"))
        #expect(host.graph.rootNode.childNodes.count == 1)
        #expect(host.graph.rootNode.childNodes[0] !== oldRoot)
        #expect(!oldRoot.isAttached && !above.isAttached)
        #expect(host.textRows == ["  plain   ", "          "])
    }

    @Test("ForEach: inserting at the front keeps every existing row's node")
    func forEachInsertAtFront() throws {
        let host = FramePipeline(columns: 8, rows: 6)
        host.render(Rows(items: [1, 2, 3, 4].map { Item(id: $0) }))
        let old = try (1...4).map { try #require(host.identityTestText("row \($0)")) }
        let counts = old.map(\.evaluationCount)

        host.render(Rows(items: [0, 1, 2, 3, 4].map { Item(id: $0) }))
        for (i, node) in old.enumerated() {
            #expect(host.identityTestText("row \(i + 1)") === node, "row \(i + 1) was replaced")
            #expect(node.evaluationCount == counts[i], "row \(i + 1) was re-evaluated although its view is equal")
        }
        let fresh = try #require(host.identityTestText("row 0"))
        #expect(fresh.lastEvaluationReason == .appeared)
        #expect(host.textRows == [" row 0  ", " row 1  ", " row 2  ", " row 3  ", " row 4  ", "        "])
    }

    @Test("ForEach: removing from the middle detaches only that row")
    func forEachRemoveInMiddle() throws {
        let host = FramePipeline(columns: 8, rows: 5)
        host.render(Rows(items: [1, 2, 3, 4, 5].map { Item(id: $0) }))
        let old = try (1...5).map { try #require(host.identityTestText("row \($0)")) }

        host.render(Rows(items: [1, 2, 4, 5].map { Item(id: $0) }))
        #expect(!old[2].isAttached)
        for i in [0, 1, 3, 4] {
            #expect(host.identityTestText("row \(i + 1)") === old[i], "row \(i + 1) was replaced")
        }
        #expect(host.textRows == [" row 1  ", " row 2  ", " row 4  ", " row 5  ", "        "])
    }

    @Test("ForEach: reversing the rows keeps every node and reorders them")
    func forEachMoveKeepsNodes() throws {
        let host = FramePipeline(columns: 8, rows: 5)
        let ids = [1, 2, 3, 4, 5]
        host.render(Rows(items: ids.map { Item(id: $0) }))
        let old = try ids.map { try #require(host.identityTestText("row \($0)")) }

        host.render(Rows(items: ids.reversed().map { Item(id: $0) }))
        for (i, node) in old.enumerated() {
            #expect(node.isAttached)
            #expect(host.identityTestText("row \(ids[i])") === node, "row \(ids[i]) was replaced")
        }
        let forEach = try #require(old[0].parent)
        #expect(forEach.childNodes.map { ObjectIdentifier($0) } == old.reversed().map { ObjectIdentifier($0) })
        #expect(host.textRows == [" row 5  ", " row 4  ", " row 3  ", " row 2  ", " row 1  "])
        // Each row paints where its node now is.
        for (i, node) in old.enumerated() { #expect(node.frame.y == 4 - i) }
    }

    @Test("ForEach: a shuffle with inserts and removals keeps exactly the surviving rows' nodes")
    func forEachShuffleKeepsSurvivors() throws {
        var rng = SplitMix64(seed: 11)
        let host = FramePipeline(columns: 10, rows: 30)
        var ids = Array(0..<12)
        var next = 100
        host.render(Rows(items: ids.map { Item(id: $0) }))
        for _ in 0..<40 {
            var nodes: [Int: ViewNode] = [:]
            for id in ids {
                let node = try #require(host.identityTestText("row \(id)"))
                nodes[id] = node
            }
            ids.shuffle(using: &rng)
            if !ids.isEmpty { ids.removeLast(Int.random(in: 0...Swift.min(3, ids.count), using: &rng)) }
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                ids.insert(next, at: Int.random(in: 0...ids.count, using: &rng))
                next += 1
            }
            host.render(Rows(items: ids.map { Item(id: $0) }))
            for id in ids {
                let node = try #require(host.identityTestText("row \(id)"))
                if let old = nodes[id] { #expect(node === old, "row \(id) was replaced") }
            }
            for (id, node) in nodes where !ids.contains(id) { #expect(!node.isAttached, "row \(id) stayed attached") }
            let shown = host.textRows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(shown == ids.map { "row \($0)" })
        }
    }

    @Test(".id(_:) with a new value replaces the subtree; the same value keeps it")
    func explicitIDReplaces() throws {
        let host = FramePipeline(columns: 9, rows: 3)
        host.render(Keyed(key: 1))
        let text = try #require(host.identityTestText("keyed"))
        let padding = try #require(text.parent)
        #expect(host.graph.path(of: padding).hasSuffix("PaddingView[id: 1]"))

        host.render(Keyed(key: 1))
        #expect(host.identityTestText("keyed") === text)

        host.render(Keyed(key: 2))
        let replaced = try #require(host.identityTestText("keyed"))
        #expect(replaced !== text)
        #expect(!text.isAttached && !padding.isAttached)
        #expect(replaced.lastEvaluationReason == .appeared)
        #expect(host.graph.path(of: try #require(replaced.parent)).hasSuffix("PaddingView[id: 2]"))
        #expect(host.textRows == ["         ", "  keyed  ", "         "])
    }

    @Test("readable paths name each step from Root")
    func readablePaths() throws {
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(Paths())
        let paths = host.identityTestPaths
        #expect(paths.allSatisfy { $0.hasPrefix("Root") })
        #expect(paths.contains("Root/Paths.0/VStack.0/TupleView.0/Text.0"), "\(paths)")
        #expect(paths.contains("Root/Paths.0/VStack.0/TupleView.0/ForEach.1/Text[id: 42]"), "\(paths)")
        let row = try #require(host.identityTestText("row 42"))
        #expect(host.graph.path(of: row) == "Root/Paths.0/VStack.0/TupleView.0/ForEach.1/Text[id: 42]")
        #expect(host.graph.path(of: host.graph.rootNode) == "Root")
    }

    @Test("identity slots are reused: 1,000 frames of a subtree toggling on and off do not grow the table")
    func identitiesStaySteadyUnderChurn() {
        let host = FramePipeline(columns: 30, rows: 5)
        host.render(Toggling(on: false))
        let steadyOff = host.graph.identities.count
        host.render(Toggling(on: true))
        let steadyOn = host.graph.identities.count
        #expect(steadyOn > steadyOff)
        let capacity = host.graph.identities.capacity
        for frame in 0..<1_000 {
            let on = frame % 2 == 1
            host.render(Toggling(on: on))
            #expect(host.graph.identities.count == (on ? steadyOn : steadyOff), "frame \(frame)")
            #expect(host.graph.identities.count == host.graph.allNodes().count)
        }
        #expect(host.graph.identities.capacity == capacity)
    }

    @Test("identity slots are reused when if/else alternates between different subtrees")
    func identitiesStaySteadyUnderBranchChurn() {
        let host = FramePipeline(columns: 30, rows: 5)
        host.render(Alternating(first: true))
        let first = host.graph.identities.count
        host.render(Alternating(first: false))
        let second = host.graph.identities.count
        host.render(Alternating(first: true))
        let capacity = host.graph.identities.capacity
        for frame in 0..<1_000 {
            let isFirst = frame % 2 == 1
            host.render(Alternating(first: isFirst))
            #expect(host.graph.identities.count == (isFirst ? first : second), "frame \(frame)")
        }
        #expect(host.graph.identities.capacity <= capacity)
    }

    @Test("composite rows (several views per row) keep their nodes and screen order when reversed")
    func compositeRowsReverse() throws {
        let host = FramePipeline(columns: 6, rows: 6)
        host.render(PairRows(ids: [1, 2, 3]))
        let heads = try [1, 2, 3].map { try #require(host.identityTestText("h\($0)")) }
        #expect(host.textRows == ["  h1  ", "  b1  ", "  h2  ", "  b2  ", "  h3  ", "  b3  "])
        host.render(PairRows(ids: [3, 2, 1]))
        for (i, id) in [1, 2, 3].enumerated() { #expect(host.identityTestText("h\(id)") === heads[i]) }
        #expect(host.textRows == ["  h3  ", "  b3  ", "  h2  ", "  b2  ", "  h1  ", "  b1  "])
    }

    @Test("every live node has its own identity, also when ForEach data repeats an id")
    func duplicateIDsKeepTheTableConsistent() {
        let host = FramePipeline(columns: 10, rows: 6)
        let frames: [[String]] = [["a", "a", "b"], ["a", "b"], ["c", "a", "a"], ["a"], ["a", "a", "a"], ["b"]]
        // Each frame twice: the second render of the same data is the usual case.
        for (i, data) in (frames + frames).flatMap({ [$0, $0] }).enumerated() {
            host.render(VStack { ForEach(data, id: \.self) { Text($0) } })
            let nodes = host.graph.allNodes()
            #expect(Set(nodes.map(\.identity)).count == nodes.count, "frame \(i): two live nodes share an identity")
            #expect(host.graph.identities.count == nodes.count, "frame \(i): \(data)")
            #expect(host.textRows.joined().filter { $0 != " " } == data.joined(), "frame \(i)")
        }
    }

    @Test("integer ids, random frames: a row keeps its node exactly when its key (id, or id and position when repeated) was there before",
          arguments: 0..<24)
    func integerIDsKeepRowsByKey(seed: UInt64) {
        // Increasing runs hash nothing, and old rows with increasing ids are
        // matched by merging; a run broken by a repeat or a smaller id must
        // key the rows exactly as the hashed path does.
        enum Key: Hashable { case id(Int), repeated(Int, Int) }
        func keys(_ ids: [Int]) -> [Key] {
            var seen = Set<Int>()
            return ids.enumerated().map { i, id in seen.insert(id).inserted ? .id(id) : .repeated(id, i) }
        }
        var random = SplitMix64(seed: seed)
        let host = FramePipeline(columns: 8, rows: 40)
        var previous: [Key: ViewNode] = [:]
        var old: [Int] = []
        for frame in 0..<12 {
            var ids: [Int]
            switch Int.random(in: 0..<6, using: &random) {
            case 0: ids = Array(0..<Int.random(in: 0..<12, using: &random)).map { $0 * 3 }  // increasing
            case 4: ids = (-3..<30).filter { _ in Int.random(in: 0..<3, using: &random) == 0 }  // increasing, any subset
            case 5:  // increasing again: the old rows from a point on, then larger ids (a window scrolled)
                let kept = old.sorted().dropFirst(Int.random(in: 0...3, using: &random))
                ids = Array(Set(kept)).sorted()
                for _ in 0..<Int.random(in: 0...3, using: &random) { ids.append((ids.last ?? 0) + Int.random(in: 1...3, using: &random)) }
            case 1: ids = (0..<Int.random(in: 0..<12, using: &random)).map { _ in Int.random(in: -3..<6, using: &random) }
            case 2: ids = old + [Int.random(in: -3..<40, using: &random)]  // appended after the same rows
            default: ids = old.isEmpty ? [1] : old.shuffled(using: &random)
            }
            if Int.random(in: 0..<3, using: &random) == 0, let first = ids.first { ids.append(first) }  // a repeat at the end
            host.render(VStack { ForEach(ids, id: \.self) { Text("\($0)") } })
            let forEach = host.graph.allNodes().first { $0.behavior is ForEachBehavior }
            let rows = forEach?.children ?? []
            #expect(rows.count == ids.count, "frame \(frame): \(ids)")
            let shown = host.textRows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(shown == ids.map(String.init), "frame \(frame)")
            let all = host.graph.allNodes()
            #expect(Set(all.map(\.identity)).count == all.count, "frame \(frame): two live nodes share an identity")
            var now: [Key: ViewNode] = [:]
            for (key, node) in zip(keys(ids), rows) {
                if let before = previous[key] {
                    #expect(before === node, "frame \(frame): the row keyed \(key) was made again (\(old) -> \(ids))")
                } else {
                    #expect(!previous.values.contains { $0 === node }, "frame \(frame): a new key \(key) took an old row")
                }
                now[key] = node
            }
            previous = now
            old = ids
        }
    }

    @Test("ForEach(id:) with a key path from the element to its own type that is not \\.self keys rows by what it gives")
    func selfTypedKeyPathThatIsNotIdentity() throws {
        func screen(_ data: [Int]) -> some View { VStack { ForEach(data, id: \.parityForTest) { Text("n\($0)") } } }
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(screen([1, 3]))
        let one = try #require(host.identityTestText("n1"))
        let three = try #require(host.identityTestText("n3"))
        #expect(one !== three)
        // 3's id is its parity, 1: the row keyed 1 was the first, 1's.
        host.render(screen([3]))
        #expect(host.identityTestText("n3") === one)
        // With \.self the row of 3 keeps its own node.
        host.render(VStack { ForEach([1, 3], id: \.self) { Text("n\($0)") } })
        let three2 = try #require(host.identityTestText("n3"))
        host.render(VStack { ForEach([3], id: \.self) { Text("n\($0)") } })
        #expect(host.identityTestText("n3") === three2)
    }

    @Test("a row whose id repeats an earlier row's keeps its node while the data is unchanged")
    func duplicateIDRowIsKept() throws {
        let host = FramePipeline(columns: 10, rows: 3)
        let view = VStack { ForEach(["a", "a", "b"], id: \.self) { Text($0) } }
        host.render(view)
        let before = host.graph.allNodes()
        host.render(view)
        let after = host.graph.allNodes()
        #expect(after.count == before.count)
        for (a, b) in zip(before, after) { #expect(a === b, "\(host.graph.path(of: b)) was replaced") }
        #expect(host.graph.statistics.nodesCreated == 0 && host.graph.statistics.nodesDetached == 0)
    }

    @Test("ForEach(id:) with a key path to a member keys rows by that member, not by position")
    func memberKeyPath() {
        struct Item { var key: String; var label: String }
        func screen(_ items: [Item]) -> some View {
            VStack { ForEach(items, id: \.key) { Text($0.label) } }
        }
        let host = FramePipeline(columns: 6, rows: 3)
        host.render(screen([Item(key: "a", label: "A"), Item(key: "b", label: "B")]))
        let before = Dictionary(uniqueKeysWithValues: host.graph.allNodes().map { (host.graph.path(of: $0), ObjectIdentifier($0)) })
        host.render(screen([Item(key: "z", label: "Z"), Item(key: "a", label: "A"), Item(key: "b", label: "B2")]))
        #expect(host.graph.statistics.nodesCreated == 1)  // only the new row's Text
        let after = Dictionary(uniqueKeysWithValues: host.graph.allNodes().map { (host.graph.path(of: $0), ObjectIdentifier($0)) })
        let rowA = before.keys.first { $0.hasSuffix("[id: a]") }!
        #expect(after[rowA] == before[rowA])
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["Z", "A", "B2"])
    }
}

private struct PairRows: View {
    var ids: [Int]
    var body: some View {
        VStack {
            ForEach(ids, id: \.self) { id in
                Text("h\(id)")
                Text("b\(id)")
            }
        }
    }
}

extension Int {
    /// A key path from Int to Int that is not the identity (for ForEach's `\.self` check).
    fileprivate var parityForTest: Int { self & 1 }
}
