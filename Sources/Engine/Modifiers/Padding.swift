/// Insets its content.
public struct PaddingView<Content: View>: SingleContentView {
    public var insets: EdgeInsets
    public var content: Content

    static func makeBehavior() -> PaddingBehavior { PaddingBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: PaddingBehavior, graph: ViewGraph, node: ViewNode) { graph.set(insets.clamped, &b.insets, node: node) }
}

final class PaddingBehavior: NodeBehavior {
    var insets = EdgeInsets()

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let inner = ProposedSize(width: proposal.width.map { saturatingSubtract($0, insets.horizontal) },
                                 height: proposal.height.map { saturatingSubtract($0, insets.vertical) })
        let s = ContentLayout.size(node, inner, graph: graph)
        // Negative padding shrinks the size, never below zero.
        return Size(width: Swift.max(0, saturatingAdd(s.width, insets.horizontal)),
                    height: Swift.max(0, saturatingAdd(s.height, insets.vertical)))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: Rect(x: rect.x + insets.leading, y: rect.y + insets.top,
                                           width: rect.width - insets.horizontal, height: rect.height - insets.vertical),
                            graph: graph)
    }
}

extension View {
    /// Adds `length` cells of space on `edges`.
    public consuming func padding(_ edges: Edge = .all, _ length: Int = 1) -> PaddingView<Self> {
        PaddingView(insets: EdgeInsets(edges, length), content: self)
    }

    /// Adds `length` cells of space on every edge.
    public consuming func padding(_ length: Int) -> PaddingView<Self> { padding(.all, length) }

    /// Adds the given insets.
    public consuming func padding(_ insets: EdgeInsets) -> PaddingView<Self> { PaddingView(insets: insets, content: self) }
}
