/// The subviews of a ``Layout``, in order: a random-access collection of
/// ``LayoutSubview``, indexed from 0.
///
/// As in SwiftUI a subview is a laid-out view: the views of a `ForEach` or
/// a `Group` each count, a `Group`'s or a composite view's wrapper does not.
public struct LayoutSubviews: RandomAccessCollection {
    let nodes: [ViewNode]
    unowned(unsafe) let graph: ViewGraph
    /// Owned by the layout's behaviour, which outlives the call.
    unowned(unsafe) let placement: LayoutPlacement

    public var startIndex: Int { 0 }
    public var endIndex: Int { nodes.count }
    public subscript(index: Int) -> LayoutSubview {
        LayoutSubview(node: nodes[index], index: index, graph: graph, placement: placement)
    }

    /// Every subview counts as placed: a built-in layout placed them itself.
    @MainActor
    func markAllPlaced() { placement.markAll(nodes.count) }
}

/// One subview of a ``Layout``: ask it its size for a proposal, and place it.
public struct LayoutSubview: Equatable {
    let node: ViewNode
    let index: Int
    unowned(unsafe) let graph: ViewGraph
    unowned(unsafe) let placement: LayoutPlacement

    /// The subview's size for `proposal` (from its cache when its layout did
    /// not change).
    @MainActor
    public func sizeThatFits(_ proposal: ProposedViewSize) -> Size {
        graph.size(of: node, for: proposal)
    }

    /// The subview's width and height for `proposal`.
    @MainActor
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let s = graph.size(of: node, for: proposal)
        return ViewDimensions(width: s.width, height: s.height)
    }

    /// The subview's layout priority (``View/layoutPriority(_:)``; 0 by
    /// default), as a stack reads it: from the outermost modifier.
    @MainActor
    public var priority: Double { node.behavior.layoutPriority }

    /// The value the subview set for `key` with ``View/layoutValue(key:value:)``,
    /// or the key's default. Found on the subview or on a view it wraps
    /// (through single-content modifiers such as `.padding()`).
    @MainActor
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        LayoutValueBehavior.value(for: key, at: node)
    }

    /// Places the subview with its `anchor` at `position` (screen
    /// coordinates, as the layout's `bounds`), at the size it answers for
    /// `proposal`. The frame is cut to the layout's bounds: a subview never
    /// paints outside its parent, as in a stack.
    @MainActor
    public func place(at position: Point, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        let size = graph.size(of: node, for: proposal)
        let (dx, dy) = anchor.offset(in: size)
        let wanted = Rect(x: position.x - dx, y: position.y - dy, width: size.width, height: size.height)
        placement.place(node, index: index, in: wanted, graph: graph)
    }

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool {
        a.node === b.node
    }
}

/// What a layout placed during one ``Layout/placeSubviews(in:proposal:subviews:cache:)``
/// call, so that the subviews it left out are placed at the centre after it.
@MainActor
final class LayoutPlacement {
    private var placed: [Bool] = []
    /// The layout's bounds during the call.
    var bounds = Rect.zero

    func begin(_ count: Int, bounds: Rect) {
        self.bounds = bounds
        placed.removeAll(keepingCapacity: true)
        placed.append(contentsOf: repeatElement(false, count: count))
    }

    func markAll(_ count: Int) {
        for i in 0..<Swift.min(count, placed.count) { placed[i] = true }
    }

    func place(_ node: ViewNode, index: Int, in wanted: Rect, graph: ViewGraph) {
        if index < placed.count { placed[index] = true }
        var r = wanted.intersection(bounds)
        if r.isEmpty {
            r = Rect(x: Swift.min(Swift.max(wanted.x, bounds.x), bounds.maxX),
                     y: Swift.min(Swift.max(wanted.y, bounds.y), bounds.maxY), width: 0, height: 0)
        }
        graph.place(node, in: r)
    }

    /// Places each subview the layout did not place at the centre of the
    /// bounds, at its ideal size.
    func finish(_ nodes: [ViewNode], graph: ViewGraph) {
        for i in 0..<Swift.min(nodes.count, placed.count) where !placed[i] {
            let s = graph.size(of: nodes[i], for: .unspecified)
            place(nodes[i], index: i,
                  in: Rect(x: bounds.x + (bounds.width - s.width) / 2, y: bounds.y + (bounds.height - s.height) / 2,
                           width: s.width, height: s.height),
                  graph: graph)
        }
    }
}
