/// Fills its content's frame with a colour, behind the content.
public struct BackgroundColorView<Content: View>: SingleContentView {
    public var color: Color
    public var content: Content

    static func makeBehavior() -> BackgroundColorBehavior { BackgroundColorBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: BackgroundColorBehavior, graph: ViewGraph, node: ViewNode) {
        let color = graph.resolvingRole(self.color, at: node)
        let style = graph.canvas.styles.transientID(for: Style(background: color))
        // A colour changes the paint, never the size.
        graph.setPaint(style, &b.style, node: node)
        b.color = color
    }
}

final class BackgroundColorBehavior: NodeBehavior {
    var style: StyleID = 0
    var color = Color.default
    override func forEachStyleID(_ body: (StyleID) -> Void) { body(style) }
    override func inheritedForChildren(_ inherited: Style) -> Style {
        guard color != .default else { return inherited }
        var s = inherited
        s.background = color
        return s
    }
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        ContentLayout.size(node, proposal, graph: graph)
    }
    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, graph: graph)
    }
    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        NodeBehavior.fillSpansRows(node, visible: visible, of: region, painted: part)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        canvas.fill(clip, with: .blank(style))
    }
}

/// A view layered behind (background) or in front of (overlay) the content,
/// given the content's frame.
public struct LayeredView<Content: View, Layer: View>: PrimitiveView {
    public var content: Content
    public var layer: Layer
    public var alignment: Alignment
    public var inFront: Bool

    public static func _makeBehavior() -> NodeBehavior { LayerBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LayerBehavior.self)
        graph.set(view.alignment, &b.alignment, node: node)
        graph.set(view.inFront, &b.inFront, node: node)
        graph.reconcileChild(view.content, of: node, slot: 0, key: .position(0))
        graph.reconcileChild(view.layer, of: node, slot: 1, key: .position(1))
        graph.trimChildren(of: node, to: 2)
    }
}

final class LayerBehavior: NodeBehavior {
    var alignment = Alignment.center
    var inFront = false

    /// The laid-out children of the content (slot 0) and the layer (slot 1).
    func parts(_ node: ViewNode, graph: ViewGraph) -> (content: [ViewNode], layer: [ViewNode]) {
        func units(_ n: ViewNode) -> [ViewNode] {
            if !n.isTransparent { return [n] }
            return n.children.flatMap { units($0) }
        }
        return (node.children.count > 0 ? units(node.children[0]) : [],
                node.children.count > 1 ? units(node.children[1]) : [])
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        StackLayout.size(axis: .vertical, spacing: 0, children: parts(node, graph: graph).content, proposal: proposal,
                         graph: graph)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let (content, layer) = parts(node, graph: graph)
        StackLayout.place(axis: .vertical, spacing: 0, alignment: .center, children: content, in: rect, graph: graph)
        // The layer's views are proposed the content's size and stacked in
        // an implicit ZStack, aligned on both axes.
        ZStackBehavior.place(layer, in: rect, alignment: alignment, graph: graph)
    }

    override func paintOrder(_ node: ViewNode) -> [ViewNode] {
        guard node.children.count == 2 else { return node.layoutChildren }
        return inFront ? node.layoutChildren : node.layoutChildren.reversed()
    }
}

extension View {
    /// Fills the view's frame with `color` behind it.
    public consuming func background(_ color: Color) -> BackgroundColorView<Self> { BackgroundColorView(color: color, content: self) }

    /// Puts `layer` behind the view, in the view's frame: the layer is
    /// offered the view's size and aligned in it by `alignment`; several
    /// views in `layer` are stacked as in a ``ZStack``. The view alone
    /// decides the size.
    public consuming func background<Layer: View>(alignment: Alignment = .center, @ViewBuilder _ layer: () -> Layer)
        -> LayeredView<Self, Layer> {
        LayeredView(content: self, layer: layer(), alignment: alignment, inFront: false)
    }

    /// Puts `layer` in front of the view, in the view's frame: the layer is
    /// offered the view's size and aligned in it by `alignment`; several
    /// views in `layer` are stacked as in a ``ZStack``. The view alone
    /// decides the size.
    public consuming func overlay<Layer: View>(alignment: Alignment = .center, @ViewBuilder _ layer: () -> Layer)
        -> LayeredView<Self, Layer> {
        LayeredView(content: self, layer: layer(), alignment: alignment, inFront: true)
    }
}
