/// A viewport onto content taller than itself.
///
/// The content is proposed the viewport's width and an unspecified height
/// (its ideal), placed the scroll offset's rows up, and clipped to the
/// viewport. Inside, a ``LazyVStack`` evaluates only the rows that are
/// visible.
///
/// Who owns the offset:
/// - `ScrollView { … }` keeps its own: the mouse wheel over it scrolls it,
///   a view inside that takes focus is scrolled into view, and a
///   ``ScrollViewReader``'s ``ScrollViewProxy/scrollTo(_:anchor:)`` moves it.
/// - `ScrollView(position: $top) { … }` does the same and keeps `top` (the
///   first visible row) in step both ways: the app may set it too.
/// - `ScrollView(offset: n) { … }` shows row `n` at the top, whatever the
///   user does: the app owns it entirely.
///
/// The offset stops where the content's end meets the viewport's.
public struct ScrollView<Content: View>: SingleContentView {
    /// The fixed offset (`ScrollView(offset:)`), or `nil` when the scroll view
    /// keeps its own (optionally mirrored in a binding).
    public var offset: Int?
    var position: Binding<Int>?
    public var content: Content

    /// A scroll view showing row `offset` of its content at the top.
    public init(offset: Int, @ViewBuilder content: () -> Content) {
        self.offset = offset
        position = nil
        self.content = content()
    }

    /// A scroll view that keeps its own offset: the wheel, focus and
    /// ``ScrollViewReader`` move it.
    public init(@ViewBuilder content: () -> Content) {
        offset = nil
        position = nil
        self.content = content()
    }

    /// A scroll view whose offset (the first visible row) is `position`,
    /// written back when the wheel, focus or ``ScrollViewReader`` move it.
    public init(position: Binding<Int>, @ViewBuilder content: () -> Content) {
        offset = nil
        self.position = position
        self.content = content()
    }

    static func makeBehavior() -> ScrollBehavior { ScrollBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: ScrollBehavior, graph: ViewGraph, node: ViewNode) {
        b.position = position
        b.isFixed = offset != nil
        if let offset {
            graph.set(LayoutLength.clampNonNegative(offset), &b.offset, node: node)
        } else if let position {
            graph.set(LayoutLength.clampNonNegative(position.wrappedValue), &b.offset, node: node)
        }
        // The wheel finds scroll views that keep their own offset here.
        if b.isRegistered == b.isFixed {
            b.isRegistered = !b.isFixed
            if b.isFixed {
                graph.unregister(node, from: .wheelScrolling)
            } else {
                graph.register(node, for: .wheelScrolling)
            }
        }
    }
}

final class ScrollBehavior: NodeBehavior {
    /// Rows the wheel scrolls per notch (as a ``List``).
    static let wheelRows = 3
    var offset = 0
    /// The app sets the offset (``ScrollView/init(offset:content:)``).
    var isFixed = false
    var position: Binding<Int>?
    /// The content's height and the viewport's, when last placed.
    var contentHeight = 0
    var viewportHeight = 0
    /// The frame this scroll view was last placed in.
    var placedFrame: Rect?

    /// Listed in ``InteractionState/scrollViews`` (not fixed).
    var isRegistered = false

    /// The largest offset: the content's end at the viewport's.
    var maxOffset: Int { Swift.max(0, contentHeight - viewportHeight) }

    /// The offset shown: an offset set past the end shows the end.
    var visibleOffset: Int { Swift.min(offset, maxOffset) }

    /// Moves the offset to `target` (clamped); returns whether what is shown moved.
    @discardableResult
    func scroll(to target: Int, node: ViewNode, graph: ViewGraph) -> Bool {
        let clamped = Swift.max(0, Swift.min(target, maxOffset))
        guard clamped != visibleOffset, !isFixed else { return false }
        offset = clamped
        if let position, position.wrappedValue != clamped { position.wrappedValue = clamped }
        graph.markNeedsLayout(node)
        graph.requestFrame()
        return true
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let content = ContentLayout.size(node, ProposedSize(width: proposal.width, height: nil), graph: graph)
        return Size(width: proposal.width.map { $0 == .max ? content.width : $0 } ?? content.width,
                    height: proposal.height.map { $0 == .max ? content.height : $0 } ?? content.height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        // A viewport that grew or shrank in place may leave the content's
        // frame as it was: lazy stacks inside must place their rows anyway.
        if let placed = placedFrame, placed != rect { graph.markLazyStacksNeedPlacement(in: node) }
        placedFrame = rect
        let saved = graph.enterViewport(rect)
        defer { graph.restoreViewport(saved) }
        func placeContent() {
            var tallest = 0
            for child in node.layoutChildren {
                let s = graph.size(of: child, for: ProposedSize(width: rect.width, height: nil))
                tallest = Swift.max(tallest, s.height)
                // Scrolling stops at the content's end (and keeps coordinates finite).
                let offset = Swift.min(self.offset, Swift.max(0, s.height - rect.height))
                graph.place(child, in: Rect(x: rect.x, y: rect.y - offset, width: Swift.min(s.width, rect.width),
                                            height: s.height))
            }
            contentHeight = tallest
            viewportHeight = rect.height
        }
        placeContent()
        // A view inside asked to be shown (it took focus, or scrollTo named
        // it): move just enough, or to the anchor asked for, and place again.
        guard !isFixed, let request = graph.scrollRequest,
              let target = graph.scrollTarget(request, below: node) else { return }
        let visible = visibleOffset
        var wanted = visible
        switch request.anchor {
        case .top?: wanted = visible + target.y - rect.y
        case .bottom?: wanted = visible + target.maxY - rect.maxY
        case .center?: wanted = visible + target.y + target.height / 2 - (rect.y + rect.height / 2)
        case nil:
            if target.maxY > rect.maxY { wanted = visible + target.maxY - rect.maxY }
            // The top wins over the bottom when the target is taller than the viewport.
            if target.y < rect.y + (visible - wanted) { wanted = visible + target.y - rect.y }
        }
        let clamped = Swift.max(0, Swift.min(wanted, maxOffset))
        guard clamped != visible else { return }
        offset = clamped
        if let position, position.wrappedValue != clamped { position.wrappedValue = clamped }
        placeContent()
    }
}
