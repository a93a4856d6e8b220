extension Int {
    /// "As large as offered", for `.frame(maxWidth: .infinity)`.
    public static var infinity: Int { .max }
}

/// A frame of fixed and/or flexible size around its content.
///
/// Fixed dimensions replace the proposal; `min`/`max` clamp it (a `max` of
/// `.infinity` takes everything offered); `ideal` answers an unspecified
/// proposal. With both bounds in a dimension the frame is the proposal,
/// clamped; with only a minimum it is no wider than the proposal unless the
/// minimum says so; with only a maximum it is at least its content, up to
/// the maximum (SwiftUI's rules). The content is aligned inside; content
/// larger than the frame is cut at its leading and top edges.
public struct FrameView<Content: View>: SingleContentView {
    public var spec: FrameSpec
    public var content: Content

    static func makeBehavior() -> FrameBehavior { FrameBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: FrameBehavior, graph: ViewGraph, node: ViewNode) {
        // The spec as given, kept: the same one again (every frame of a
        // table's cells) is not put in order and compared a second time.
        if b.given == spec { return }
        b.given = spec
        graph.set(spec.clamped, &b.spec, node: node)
    }
}

/// The parameters of a frame.
public struct FrameSpec: Equatable, Sendable {
    public var minWidth: Int?, idealWidth: Int?, maxWidth: Int?
    public var minHeight: Int?, idealHeight: Int?, maxHeight: Int?
    public var alignment: Alignment = .center
}

final class FrameBehavior: NodeBehavior {
    var spec = FrameSpec()
    /// The spec last given, before ``FrameSpec/clamped`` (nil before the first).
    var given: FrameSpec?

    @inline(__always)
    static func clamp(_ v: Int, _ lo: Int?, _ hi: Int?) -> Int {
        var r = v
        if let hi { r = Swift.min(r, hi) }
        if let lo { r = Swift.max(r, lo) }
        return r
    }

    /// The proposal the content gets in one dimension.
    @inline(__always)
    static func inner(_ p: Int?, _ lo: Int?, _ ideal: Int?, _ hi: Int?) -> Int? {
        guard let p else { return ideal ?? (lo == hi ? lo : nil) }
        return clamp(p, lo, hi)
    }

    /// The frame's own length in one dimension given the proposal `p` and
    /// the content's length, by SwiftUI's rules for `frame(minWidth:…)`:
    /// unproposed, the ideal length (clamped), else the content's, clamped;
    /// proposed, with both bounds the proposal clamped to them, with only a
    /// minimum the smaller of the proposal and the content raised to it,
    /// with only a maximum the larger of the two lowered to it, with
    /// neither the content's.
    @inline(__always)
    static func outer(_ p: Int?, _ child: Int, _ lo: Int?, _ ideal: Int?, _ hi: Int?) -> Int {
        guard let p else { return clamp(ideal ?? child, lo, hi) }
        switch (lo, hi) {
        case (nil, nil): return child
        case (.some, .some): return clamp(p, lo, hi)
        case (let lo?, nil): return Swift.max(Swift.min(Swift.max(p, lo), child), lo)
        case (nil, let hi?): return Swift.min(Swift.max(Swift.min(p, hi), child), hi)
        }
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let s = spec
        let inner = ProposedSize(width: FrameBehavior.inner(proposal.width, s.minWidth, s.idealWidth, s.maxWidth),
                                 height: FrameBehavior.inner(proposal.height, s.minHeight, s.idealHeight, s.maxHeight))
        let c = ContentLayout.size(node, inner, graph: graph)
        return Size(width: FrameBehavior.outer(proposal.width, c.width, s.minWidth, s.idealWidth, s.maxWidth),
                    height: FrameBehavior.outer(proposal.height, c.height, s.minHeight, s.idealHeight, s.maxHeight))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, alignment: spec.alignment, graph: graph)
    }
}

extension View {
    /// A frame of fixed size in the given dimensions.
    public consuming func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> FrameView<Self> {
        FrameView(spec: FrameSpec(minWidth: width, idealWidth: width, maxWidth: width, minHeight: height,
                                  idealHeight: height, maxHeight: height, alignment: alignment), content: self)
    }

    /// A flexible frame.
    public consuming func frame(minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil, minHeight: Int? = nil,
                      idealHeight: Int? = nil, maxHeight: Int? = nil, alignment: Alignment = .center) -> FrameView<Self> {
        FrameView(spec: FrameSpec(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                                  idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment), content: self)
    }
}

/// Proposes `nil` (the ideal size) to its content in the chosen dimensions.
public struct FixedSizeView<Content: View>: SingleContentView {
    public var horizontal: Bool
    public var vertical: Bool
    public var content: Content

    static func makeBehavior() -> FixedSizeBehavior { FixedSizeBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: FixedSizeBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(horizontal, &b.horizontal, node: node)
        graph.set(vertical, &b.vertical, node: node)
    }
}

final class FixedSizeBehavior: NodeBehavior {
    var horizontal = true, vertical = true
    func inner(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        ContentLayout.size(node, inner(proposal), graph: graph)
    }
    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let units = node.layoutChildren
        guard units.count == 1 else { ContentLayout.place(node, in: rect, graph: graph); return }
        let s = graph.size(of: units[0], for: inner(ProposedSize(width: rect.width, height: rect.height)))
        graph.place(units[0], in: Rect(x: rect.x, y: rect.y, width: s.width, height: s.height))
    }
    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect { clip }
}

/// Gives its content a stack layout priority.
public struct LayoutPriorityView<Content: View>: SingleContentView {
    public var priority: Double
    public var content: Content

    static func makeBehavior() -> LayoutPriorityBehavior { LayoutPriorityBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: LayoutPriorityBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(priority, &b.priority, node: node)
    }
}

final class LayoutPriorityBehavior: NodeBehavior {
    var priority = 0.0
    override var layoutPriority: Double { priority }
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        ContentLayout.size(node, proposal, graph: graph)
    }
    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, graph: graph)
    }
}

/// Takes its content's space but draws nothing.
public struct HiddenView<Content: View>: SingleContentView {
    public var content: Content
    static func makeBehavior() -> HiddenBehavior { HiddenBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: HiddenBehavior, graph: ViewGraph, node: ViewNode) {}
}

final class HiddenBehavior: NodeBehavior {
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        ContentLayout.size(node, proposal, graph: graph)
    }
    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, graph: graph)
    }
    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect { .zero }
}

extension View {
    /// Asks the content for its ideal size in the chosen dimensions.
    public consuming func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> FixedSizeView<Self> {
        FixedSizeView(horizontal: horizontal, vertical: vertical, content: self)
    }

    /// Higher priorities get a stack's space first.
    public consuming func layoutPriority(_ value: Double) -> LayoutPriorityView<Self> {
        LayoutPriorityView(priority: value, content: self)
    }

    /// Keeps the space, draws nothing.
    public consuming func hidden() -> HiddenView<Self> { HiddenView(content: self) }
}
