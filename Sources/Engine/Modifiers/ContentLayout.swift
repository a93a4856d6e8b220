/// How single-content containers (modifiers) measure and place their content:
/// one child directly; several (a multi-view body) as a vertical stack.
@MainActor
enum ContentLayout {
    @inline(__always)
    static func size(_ node: ViewNode, _ proposal: ProposedSize, graph: ViewGraph) -> Size {
        let units = node.layoutChildren
        if units.count == 1 { return graph.size(of: units[0], for: proposal) }
        return StackLayout.size(axis: .vertical, spacing: 0, children: units, proposal: proposal, graph: graph)
    }

    @inline(__always)
    static func place(_ node: ViewNode, in rect: Rect, alignment: Alignment = .center, graph: ViewGraph) {
        let units = node.layoutChildren
        if units.count == 1 {
            // The child keeps its own size for this proposal, aligned in the rect.
            let s = graph.size(of: units[0], for: ProposedSize(width: rect.width, height: rect.height))
            let w = Swift.min(s.width, rect.width), h = Swift.min(s.height, rect.height)
            graph.place(units[0], in: Rect(x: rect.x + alignment.horizontal.offset(child: w, in: rect.width),
                                           y: rect.y + alignment.vertical.offset(child: h, in: rect.height),
                                           width: w, height: h))
            return
        }
        StackLayout.place(axis: .vertical, spacing: 0, alignment: alignment, children: units, in: rect, graph: graph)
    }
}

/// A primitive view that wraps one content view and keeps its parameters in
/// its node's behaviour; the behaviour is told when they change.
protocol SingleContentView: PrimitiveView {
    associatedtype Content: View
    associatedtype Behavior: NodeBehavior
    var content: Content { get }
    static func makeBehavior() -> Behavior
    /// Applies the view's parameters; returns whether layout (true) must be redone.
    func configure(_ behavior: Behavior, graph: ViewGraph, node: ViewNode)
}

extension SingleContentView {
    public static func _makeBehavior() -> NodeBehavior { makeBehavior() }

    /// The default: reads `content` through the protocol's getter, which
    /// copies it (a `ForEach`'s closures retained and released, a
    /// conditional's payload copied through its value witness). Each of the
    /// engine's conformers instead declares `_reconcile` itself and calls
    /// ``reconcile(_:content:node:graph:)`` with its stored property, which
    /// is then passed in place.
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }

    /// Applies the parameters and reconciles `content` as the only child.
    @inline(__always)
    static func reconcile(_ view: Self, content: Content, node: ViewNode, graph: ViewGraph) {
        view.configure(unsafeDowncast(node.behavior, to: Behavior.self), graph: graph, node: node)
        graph.reconcileOnlyChild(content, of: node)
    }
}

extension ViewGraph {
    /// Sets a behaviour parameter; when it changed, the node is laid out and painted again.
    @inline(__always)
    /// Stores a value that changes only how `node` paints (a colour), not
    /// its size: repaint, no layout.
    func setPaint<T: Equatable>(_ value: T, _ slot: inout T, node: ViewNode) {
        guard slot != value else { return }
        slot = value
        markNeedsPaint(node)
    }

    func set<T: Equatable>(_ value: T, _ slot: inout T, node: ViewNode) {
        guard slot != value else { return }
        slot = value
        markNeedsLayout(node)
        markNeedsPaint(node)
    }
}
