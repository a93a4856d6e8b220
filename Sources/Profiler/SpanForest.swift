/// A profile's spans as trees with strictly nested intervals — what every
/// exporter walks.
///
/// Built in one pass over the spans (which are in preorder). A span's depth
/// says who its parent is; its interval is then clamped so that it lies
/// within its parent's and starts no earlier than its previous sibling ends.
/// Spans from a ``Profiler`` already satisfy this, so the clamp changes
/// nothing for them; it exists so a hand-built ``Profile`` cannot make an
/// exporter emit overlapping events.
///
/// Nodes are stored in preorder; a node's children are the nodes from
/// `index + 1` up to its `subtreeEnd`, stepping by each child's `subtreeEnd`.
struct SpanForest {
    /// How a span is named in exports: name, detail and (optionally) reason.
    struct LabelKey: Hashable {
        var name: UInt32
        var detail: UInt32
        var reason: UInt32

        init(_ span: Span, includeReason: Bool) {
            name = span.name.index
            detail = span.detail?.index ?? NameRegistry.noLabel
            reason = includeReason ? (span.reason?.index ?? NameRegistry.noLabel) : NameRegistry.noLabel
        }
    }

    struct Node {
        /// Index in `Profile.spans`.
        var span: Int
        var start: UInt64
        var end: UInt64
        var depth: Int
        /// One past the last node of this node's subtree.
        var subtreeEnd: Int

        var duration: UInt64 { end - start }
    }

    private(set) var nodes: [Node] = []
    /// Sum of the root spans' durations.
    private(set) var rootTotal: UInt64 = 0

    init(_ profile: Profile) {
        nodes.reserveCapacity(profile.spans.count)
        // Open ancestors, outermost first, with the end of each one's latest
        // child (the earliest its next child may start).
        var stack: [(node: Int, childFloor: UInt64)] = []
        var rootFloor: UInt64 = 0
        for (index, span) in profile.spans.enumerated() {
            let depth = Swift.min(Swift.max(span.depth, 0), stack.count)
            while stack.count > depth { nodes[stack.removeLast().node].subtreeEnd = nodes.count }
            var lower = rootFloor
            var upper = UInt64.max
            if let parent = stack.last {
                lower = parent.childFloor
                upper = nodes[parent.node].end
            }
            let start = Swift.min(Swift.max(span.start, lower), upper)
            let end = Swift.min(Swift.max(span.end, start), upper)
            nodes.append(Node(span: index, start: start, end: end, depth: depth, subtreeEnd: index + 1))
            if stack.isEmpty {
                rootFloor = end
                rootTotal &+= end - start
            } else {
                stack[stack.count - 1].childFloor = end
            }
            stack.append((nodes.count - 1, start))
        }
        while let open = stack.popLast() { nodes[open.node].subtreeEnd = nodes.count }
    }

    /// Earliest start of any root; 0 when empty.
    var firstStart: UInt64 { nodes.first?.start ?? 0 }

    /// Latest end of any root; 0 when empty.
    var lastEnd: UInt64 {
        var end: UInt64 = 0
        var index = 0
        while index < nodes.count {
            end = Swift.max(end, nodes[index].end)
            index = nodes[index].subtreeEnd
        }
        return end
    }

    /// Calls `open` for each node in preorder and `close` after its subtree,
    /// without recursion (trees can be thousands deep).
    func walk(open: (Int) -> Void, close: (Int) -> Void) {
        var pending: [Int] = []
        for index in nodes.indices {
            while let last = pending.last, nodes[last].subtreeEnd <= index {
                close(pending.removeLast())
            }
            open(index)
            pending.append(index)
        }
        while let last = pending.popLast() { close(last) }
    }
}
