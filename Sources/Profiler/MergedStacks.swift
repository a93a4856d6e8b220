/// Spans merged by stack — every `frame;evaluate;body[Row]` occurrence added
/// into one node — the shape a flame graph and folded stacks show.
///
/// Node 0 is the root, `all`, whose total is the sum of the root spans. A
/// node's total is the summed duration of its spans; its self time is that
/// minus its children's totals, never negative because spans nest strictly
/// (``SpanForest``). Children are sorted by label, as flamegraph.pl sorts.
struct MergedStacks {
    struct Node {
        var label: String
        var total: UInt64 = 0
        var children: [Int] = []

        init(label: String) { self.label = label }
    }

    private(set) var nodes: [Node]

    init(_ profile: Profile, includeReason: Bool) {
        let forest = SpanForest(profile)
        nodes = [Node(label: "all")]
        nodes[0].total = forest.rootTotal
        var labels: [SpanForest.LabelKey: String] = [:]
        var childIndex: [ChildKey: Int] = [:]
        // Merged node of each forest node's parent, as the walk descends.
        var path: [Int] = [0]
        forest.walk(
            open: { index in
                let node = forest.nodes[index]
                let key = SpanForest.LabelKey(profile.spans[node.span], includeReason: includeReason)
                let parent = path[path.count - 1]
                let merged: Int
                if let existing = childIndex[ChildKey(parent: parent, label: key)] {
                    merged = existing
                } else {
                    let label = labels[key] ?? profile.label(key)
                    labels[key] = label
                    merged = nodes.count
                    nodes.append(Node(label: label))
                    nodes[parent].children.append(merged)
                    childIndex[ChildKey(parent: parent, label: key)] = merged
                }
                nodes[merged].total &+= node.duration
                path.append(merged)
            },
            close: { _ in path.removeLast() })
        for index in nodes.indices where nodes[index].children.count > 1 {
            let sorted = nodes[index].children.sorted { nodes[$0].label < nodes[$1].label }
            nodes[index].children = sorted
        }
    }

    private struct ChildKey: Hashable {
        var parent: Int
        var label: SpanForest.LabelKey
    }

    /// The node's total minus its children's.
    func selfTime(_ index: Int) -> UInt64 {
        let children = nodes[index].children.reduce(UInt64(0)) { $0 &+ nodes[$1].total }
        return nodes[index].total > children ? nodes[index].total - children : 0
    }

    /// Calls `open` for each node in preorder (children in sorted order) and
    /// `close` after its subtree, without recursion.
    func walk(open: (Int) -> Void, close: (Int) -> Void) {
        var stack: [(node: Int, nextChild: Int)] = [(0, 0)]
        open(0)
        while let top = stack.last {
            let children = nodes[top.node].children
            if top.nextChild < children.count {
                stack[stack.count - 1].nextChild += 1
                open(children[top.nextChild])
                stack.append((children[top.nextChild], 0))
            } else {
                close(top.node)
                stack.removeLast()
            }
        }
    }
}
