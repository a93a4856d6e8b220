/// Lays its children out top to bottom.
public struct VStack<Content: View>: SingleContentView {
    public var alignment: HorizontalAlignment
    public var spacing: Int
    public var content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    static func makeBehavior() -> StackBehavior { StackBehavior(axis: .vertical) }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: StackBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(LayoutLength.clamp(spacing), &b.spacing, node: node)
        graph.set(Alignment(horizontal: alignment, vertical: .center), &b.alignment, node: node)
    }
}

/// Lays its children out leading to trailing.
public struct HStack<Content: View>: SingleContentView {
    public var alignment: VerticalAlignment
    public var spacing: Int
    public var content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Int = 1, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    static func makeBehavior() -> StackBehavior { StackBehavior(axis: .horizontal) }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: StackBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(LayoutLength.clamp(spacing), &b.spacing, node: node)
        graph.set(Alignment(horizontal: .center, vertical: alignment), &b.alignment, node: node)
    }
}

/// Lays its children on top of each other, later ones in front.
public struct ZStack<Content: View>: SingleContentView {
    public var alignment: Alignment
    public var content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    static func makeBehavior() -> ZStackBehavior { ZStackBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: ZStackBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(alignment, &b.alignment, node: node)
    }
}

final class StackBehavior: NodeBehavior {
    let axis: Axis
    var spacing = 0
    var alignment = Alignment.center
    /// Made when the stack first has enough children for one to pay.
    private var layoutCache: StackLayoutCache?
    /// What a stack with fewer children measured for its last proposals,
    /// for placing it at one of them without measuring again.
    private var measurements = StackMeasurements()
    init(axis: Axis) {
        self.axis = axis
        super.init(paintsOnlyChildren: true)
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        if let cache = cache(node) {
            return StackLayout.size(axis: axis, spacing: spacing, children: node.layoutChildren, proposal: proposal,
                                    graph: graph, cache: cache, childrenVersion: node.layoutChildrenVersion)
        }
        return StackLayout.size(axis: axis, spacing: spacing, children: node.layoutChildren, proposal: proposal,
                                graph: graph, measurements: &measurements, stamp: stamp(node))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        if let cache = cache(node) {
            return StackLayout.place(axis: axis, spacing: spacing, alignment: alignment,
                                     children: node.layoutChildren, in: rect, graph: graph, cache: cache,
                                     childrenVersion: node.layoutChildrenVersion)
        }
        StackLayout.place(axis: axis, spacing: spacing, alignment: alignment, children: node.layoutChildren,
                          in: rect, graph: graph, measurements: &measurements, stamp: stamp(node))
    }

    /// What a measurement of `node` is valid for (``StackMeasurements``).
    @inline(__always)
    private func stamp(_ node: ViewNode) -> UInt64 {
        StackMeasurements.stamp(generation: node.layoutCache.generation, childrenVersion: node.layoutChildrenVersion)
    }

    private func cache(_ node: ViewNode) -> StackLayoutCache? {
        guard node.layoutChildren.count >= StackLayoutCache.minimumChildren else { return nil }
        if let layoutCache { return layoutCache }
        let made = StackLayoutCache()
        layoutCache = made
        return made
    }
}

final class ZStackBehavior: NodeBehavior {
    var alignment = Alignment.center
    init() { super.init(paintsOnlyChildren: true) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        var w = 0, h = 0
        for child in node.layoutChildren {
            let s = graph.size(of: child, for: proposal)
            w = Swift.max(w, s.width)
            h = Swift.max(h, s.height)
        }
        return Size(width: w, height: h)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ZStackBehavior.place(node.layoutChildren, in: rect, alignment: alignment, graph: graph)
    }

    /// Places each of `children` over the others in `rect`, at its size for
    /// the rect (cut to it), aligned on both axes: a ZStack's children, and
    /// an overlay's or background's views (an implicit ZStack, as in SwiftUI).
    static func place(_ children: [ViewNode], in rect: Rect, alignment: Alignment, graph: ViewGraph) {
        for child in children {
            let s = graph.size(of: child, for: ProposedSize(width: rect.width, height: rect.height))
            let w = Swift.min(s.width, rect.width), h = Swift.min(s.height, rect.height)
            graph.place(child, in: Rect(x: rect.x + alignment.horizontal.offset(child: w, in: rect.width),
                                        y: rect.y + alignment.vertical.offset(child: h, in: rect.height),
                                        width: w, height: h))
        }
    }
}

/// Flexible space: in a stack it takes what the stack's other children
/// leave along its axis (at least `minLength`), and nothing across it;
/// outside a stack it takes all it is offered in both directions.
///
/// As in SwiftUI a spacer has the lowest layout priority: the stack sizes
/// every other child first, holding back only the spacers' minimum lengths,
/// and the spacers share what is left. A text beside a spacer therefore
/// keeps its whole width whenever the stack has room for it:
///
/// ```swift
/// HStack { Text("CPU 42%"); Spacer(); Text("100%") }   // "CPU 42%         100%"
/// ```
///
/// Give a spacer a ``View/layoutPriority(_:)`` to size it among the views of
/// that priority instead.
public struct Spacer: PrimitiveView, Equatable {
    /// The least the spacer shrinks to along the stack's axis, in cells.
    /// The default is 0: SwiftUI's default is the platform's spacing
    /// between views, and a stack already puts its `spacing` on each side
    /// of the spacer.
    public var minLength: Int
    public init(minLength: Int = 0) { self.minLength = minLength }

    public static func _makeBehavior() -> NodeBehavior { SpacerBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: SpacerBehavior.self)
        graph.set(LayoutLength.clampNonNegative(view.minLength), &b.minLength, node: node)
    }
}

final class SpacerBehavior: NodeBehavior {
    var minLength = 0
    init() { super.init(stackRole: .spacer) }
    /// The lowest: a stack sizes a spacer after all its other children.
    override var layoutPriority: Double { -.infinity }
    /// Outside a stack (or inside another view in one): all it is offered,
    /// at least `minLength`, in both directions. An unbounded offer
    /// (`.max`) is answered in kind, so a view around a spacer is as
    /// flexible as the spacer.
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        Size(width: Swift.max(proposal.width ?? minLength, minLength),
             height: Swift.max(proposal.height ?? minLength, minLength))
    }
    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}
}

/// A thin line that separates content: horizontal in a VStack (or alone),
/// vertical in an HStack.
public struct Divider: PrimitiveView, Equatable {
    /// The line's colours and attributes; where it sets none, the line takes
    /// what enclosing views pass down (`.foregroundStyle`, a background).
    public var style: Style

    public init(style: Style = .plain) { self.style = style }

    /// A divider in `color`: `Divider(color: .brightBlack)`.
    public init(color: Color) { style = Style(foreground: color) }

    public static func _makeBehavior() -> NodeBehavior { DividerBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: DividerBehavior.self)
        let drawn = graph.resolvingRoles(view.style, at: node)
        graph.setPaint(graph.canvas.styles.transientID(for: drawn), &b.style, node: node)
    }
}

final class DividerBehavior: NodeBehavior {
    var style: StyleID = 0
    /// Set by the enclosing stack: a divider runs across the stack's axis.
    var vertical = false
    init() { super.init(stackRole: .divider) }

    override func forEachStyleID(_ body: (StyleID) -> Void) { body(style) }

    /// One cell thick; along its length all it is offered (an unbounded
    /// offer answered in kind: a stack holding a divider is as flexible
    /// across as the divider), one cell when asked for its ideal size.
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        if vertical { return Size(width: 1, height: Swift.max(0, proposal.height ?? 1)) }
        return Size(width: Swift.max(0, proposal.width ?? 1), height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        NodeBehavior.fillSpansRows(node, visible: visible, of: region, painted: part)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let scalar: UInt32 = vertical ? 0x2502 : 0x2500  // │ ─
        canvas.fill(clip, with: Cell(scalar: scalar, width: 1, style: canvas.styles.transientID(canvas.sanitized(style: style), inheriting: inherited)))
    }
}
