/// A viewport onto content taller (or wider) than itself.
///
/// The content is proposed the viewport's width and an unspecified height
/// (its ideal), placed the scroll offset's rows up, and clipped to the
/// viewport. Inside, a ``LazyVStack`` or ``LazyVGrid`` evaluates only the
/// rows that are visible.
///
/// `ScrollView(.horizontal) { … }` scrolls sideways: the content is
/// proposed the viewport's height and its ideal width, the offset counts
/// columns, and a ``LazyHStack`` or ``LazyHGrid`` inside evaluates only the
/// columns that are visible. With both axes the content gets its ideal size
/// both ways and the offset (one number, as the wheel and the position
/// binding keep) scrolls vertically; with none it is proposed the viewport
/// and does not scroll.
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
///
/// While the content overflows, a scroll indicator in the viewport's last
/// column shows where it is scrolled to and how much of it shows
/// (``View/scrollIndicators(_:axes:)`` hides it or keeps it shown). Pressing
/// its thumb and dragging scrolls the content with it; a click in the track
/// above or below the thumb scrolls a page.
public struct ScrollView<Content: View>: SingleContentView {
    /// The scrollable axes: `.vertical` unless given.
    public var axes: Axis.Set
    /// The fixed offset (`ScrollView(offset:)`), or `nil` when the scroll view
    /// keeps its own (optionally mirrored in a binding).
    public var offset: Int?
    var position: Binding<Int>?
    public var content: Content

    /// A scroll view along `axes` showing row `offset` of its content at the
    /// top (column `offset` at the leading edge, scrolling horizontally).
    public init(_ axes: Axis.Set = .vertical, offset: Int, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.offset = offset
        position = nil
        self.content = content()
    }

    /// A scroll view along `axes` that keeps its own offset: the wheel,
    /// focus and ``ScrollViewReader`` move it.
    public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {
        self.axes = axes
        offset = nil
        position = nil
        self.content = content()
    }

    /// A scroll view along `axes` whose offset (the first visible row, or
    /// column scrolling horizontally) is `position`, written back when the
    /// wheel, focus or ``ScrollViewReader`` move it.
    public init(_ axes: Axis.Set = .vertical, position: Binding<Int>, @ViewBuilder content: () -> Content) {
        self.axes = axes
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
        graph.set(graph.environmentValue(EnvironmentPaths.verticalScrollIndicatorVisibility, at: node),
                  &b.indicatorVisibility, node: node)
        b.isFixed = offset != nil
        graph.set(axes, &b.axes, node: node)
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
    /// The scrollable axes (``ScrollView/axes``).
    var axes = Axis.Set.vertical
    /// The axis the offset scrolls along: vertical when it is scrollable,
    /// else horizontal when that is; `nil`: none.
    var scrollAxis: Axis? { axes.contains(.vertical) ? .vertical : axes.contains(.horizontal) ? .horizontal : nil }
    /// The app sets the offset (``ScrollView/init(offset:content:)``).
    var isFixed = false
    var position: Binding<Int>?
    /// The content's length along ``scrollAxis`` and the viewport's, when
    /// last placed (named for the vertical scroll view).
    var contentHeight = 0
    var viewportHeight = 0
    /// The frame this scroll view was last placed in.
    var placedFrame: Rect?

    /// Listed in ``InteractionState/scrollViews`` (not fixed).
    var isRegistered = false
    /// Whether the scroll indicator shows (from the environment).
    var indicatorVisibility = ScrollIndicatorVisibility.automatic
    /// The indicator as last laid out; nil when it is not shown.
    var indicator: ScrollIndicator?
    /// The thumb held by the mouse.
    var thumbDrag: ScrollIndicatorDrag?

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

    /// What the content is offered in a viewport of `width` × `height`: its
    /// ideal along the scrollable axes.
    private func contentProposal(width: Int?, height: Int?) -> ProposedSize {
        ProposedSize(width: axes.contains(.horizontal) ? nil : width, height: axes.contains(.vertical) ? nil : height)
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let content = ContentLayout.size(node, contentProposal(width: proposal.width, height: proposal.height), graph: graph)
        return Size(width: proposal.width.map { $0 == .max ? content.width : $0 } ?? content.width,
                    height: proposal.height.map { $0 == .max ? content.height : $0 } ?? content.height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        // A viewport that grew or shrank in place may leave the content's
        // frame as it was: lazy stacks inside must place their rows anyway.
        if let placed = placedFrame, placed != rect { graph.markLazyStacksNeedPlacement(in: node) }
        placedFrame = rect
        let saved = graph.enterViewport(rect)
        let before = indicator
        defer {
            graph.restoreViewport(saved)
            indicatorMoved(from: before, node: node, graph: graph)
        }
        let axis = scrollAxis
        // The indicator takes the last column of a vertical scroll view (a
        // horizontal one shows none).
        let width = axis == .vertical ? contentWidth(in: rect, node: node, graph: graph) : rect.width
        let viewportLength = axis == .horizontal ? rect.width : rect.height
        func placeContent() {
            var longest = 0
            for child in node.layoutChildren {
                let s = graph.size(of: child, for: contentProposal(width: width, height: rect.height))
                let length = axis == .horizontal ? s.width : s.height
                longest = Swift.max(longest, length)
                // Scrolling stops at the content's end (and keeps coordinates finite).
                let offset = axis == nil ? 0 : Swift.min(self.offset, Swift.max(0, length - viewportLength))
                let placedWidth = axes.contains(.horizontal) ? s.width : Swift.min(s.width, width)
                let placedHeight = axes.contains(.vertical) ? s.height : Swift.min(s.height, rect.height)
                graph.place(child, in: axis == .horizontal
                    ? Rect(x: rect.x - offset, y: rect.y, width: placedWidth, height: placedHeight)
                    : Rect(x: rect.x, y: rect.y - offset, width: placedWidth, height: placedHeight))
            }
            contentHeight = axis == nil ? 0 : longest
            viewportHeight = viewportLength
            indicator = axis == .vertical && width < rect.width
                ? ScrollIndicator(track: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height),
                                  content: longest, viewport: rect.height, offset: visibleOffset)
                : nil
        }
        placeContent()
        // A view inside asked to be shown (it took focus, or scrollTo named
        // it): move just enough, or to the anchor asked for, and place again.
        guard !isFixed, let axis, let request = graph.scrollRequest,
              let target = graph.scrollTarget(request, below: node) else { return }
        let visible = visibleOffset
        var wanted = visible
        // Along the scroll axis: the anchor's top is the leading edge scrolling horizontally.
        let (start, length) = axis == .vertical ? (rect.y, rect.height) : (rect.x, rect.width)
        let (targetStart, targetLength) = axis == .vertical ? (target.y, target.height) : (target.x, target.width)
        let (end, targetEnd) = (start + length, targetStart + targetLength)
        switch request.anchor {
        case .top?: wanted = visible + targetStart - start
        case .bottom?: wanted = visible + targetEnd - end
        case .center?: wanted = visible + targetStart + targetLength / 2 - (start + length / 2)
        case nil:
            if targetEnd > end { wanted = visible + targetEnd - end }
            // The start wins over the end when the target is longer than the viewport.
            if targetStart < start + (visible - wanted) { wanted = visible + targetStart - start }
        }
        let clamped = Swift.max(0, Swift.min(wanted, maxOffset))
        guard clamped != visible else { return }
        offset = clamped
        if let position, position.wrappedValue != clamped { position.wrappedValue = clamped }
        placeContent()
    }

    /// The width the content is offered in `rect`: one column less when
    /// the indicator shows. The content is measured at the width the last
    /// layout chose first, so a scroll view whose indicator stays (or stays
    /// away) measures it once.
    private func contentWidth(in rect: Rect, node: ViewNode, graph: ViewGraph) -> Int {
        func overflows(_ width: Int) -> Bool {
            var tallest = 0
            for child in node.layoutChildren {
                tallest = Swift.max(tallest, graph.size(of: child, for: ProposedSize(width: width, height: nil)).height)
            }
            return tallest > rect.height
        }
        let v = indicatorVisibility
        guard v.shows(overflowing: true, width: rect.width) else { return rect.width }
        if v.shows(overflowing: false, width: rect.width) { return rect.width - 1 }
        if indicator != nil {
            // Narrower content is as tall or taller: if it fits, so does the wider.
            return overflows(rect.width - 1) ? rect.width - 1 : rect.width
        }
        return overflows(rect.width) ? rect.width - 1 : rect.width
    }

    private func indicatorMoved(from before: ScrollIndicator?, node: ViewNode, graph: ViewGraph) {
        ScrollIndicator.repaintChanges(from: before, to: indicator, node: node, graph: graph)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        indicator?.paint(into: canvas, clip: clip, inherited: inherited)
    }

    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect {
        ScrollIndicator.childClip(clip, frame: node.frame, indicator: indicator)
    }

    /// A mouse event for the indicator: a press on the thumb takes hold of
    /// it, on the track pages; a drag moves the thumb held; a release lets
    /// go. Returns whether the indicator took the event.
    func handleIndicator(_ event: MouseEvent, node: ViewNode, graph: ViewGraph) -> Bool {
        guard let indicator, !isFixed else {
            thumbDrag = nil
            return false
        }
        return ScrollIndicatorDrag.handle(event, indicator: indicator, drag: &thumbDrag,
                                          page: Swift.max(1, viewportHeight),
                                          scrollBy: { scroll(to: visibleOffset + $0, node: node, graph: graph) },
                                          scrollTo: { scroll(to: $0, node: node, graph: graph) })
    }
}
