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
/// columns that are visible. `ScrollView([.horizontal, .vertical])`
/// scrolls both ways: the content gets its ideal size both ways, the
/// vertical wheel scrolls rows, the horizontal wheel (or Shift with the
/// vertical one) columns, and focus and ``ScrollViewProxy/scrollTo(_:anchor:)``
/// bring a view into view along both axes; the offset and the position
/// binding (one number) are the rows, and the scroll view keeps the
/// columns. With no axes the content is proposed the viewport and does not
/// scroll.
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
/// column (scrolling vertically) or last row (scrolling sideways) shows
/// where it is scrolled to and how much of it shows
/// (``View/scrollIndicators(_:axes:)`` hides it or keeps it shown, per
/// axis). Pressing its thumb and dragging scrolls the content with it; a
/// click in the track before or after the thumb scrolls a page.
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
        graph.set(graph.environmentValue(EnvironmentPaths.horizontalScrollIndicatorVisibility, at: node),
                  &b.horizontalIndicatorVisibility, node: node)
        b.isFixed = offset != nil
        graph.set(axes, &b.axes, node: node)
        // A new offset moves the content (placing it repaints what moved,
        // or shifts its cells) and the indicator (which repaints its
        // thumb): the view itself is laid out again, not repainted.
        if let target = offset ?? position?.wrappedValue {
            let clamped = LayoutLength.clampNonNegative(target)
            if b.offset != clamped {
                b.offset = clamped
                graph.markNeedsLayout(node)
            }
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
    /// Rows (or columns) the wheel scrolls per notch (as a ``List``).
    static let wheelRows = 3
    /// Columns scrolled past the leading edge and rows past the top (each
    /// 0 on an axis that does not scroll).
    var offsetX = 0, offsetY = 0
    /// The scrollable axes (``ScrollView/axes``).
    var axes = Axis.Set.vertical
    /// The axis of ``offset``, the one number the position binding and
    /// ``ScrollView/init(_:offset:content:)`` give: vertical when it is
    /// scrollable, else horizontal when that is; `nil`: none.
    var scrollAxis: Axis? { axes.contains(.vertical) ? .vertical : axes.contains(.horizontal) ? .horizontal : nil }
    /// The app sets the offset (``ScrollView/init(offset:content:)``).
    var isFixed = false
    var position: Binding<Int>?
    /// The content's size along the scrollable axes (0 along the others)
    /// and the viewport's (without the indicators), when last placed.
    var contentSize = Size(width: 0, height: 0)
    var viewportSize = Size(width: 0, height: 0)
    /// The frame this scroll view was last placed in.
    var placedFrame: Rect?
    /// What ``View/containerRelativeFrame(_:alignment:)`` inside measures
    /// with: the viewport, without the indicators.
    let container = RelativeFrameContainer()

    /// Listed in ``InteractionState/scrollViews`` (not fixed).
    var isRegistered = false
    /// Whether the vertical and the horizontal indicator show (from the environment).
    var indicatorVisibility = ScrollIndicatorVisibility.automatic
    var horizontalIndicatorVisibility = ScrollIndicatorVisibility.automatic
    /// The vertical indicator (the last column) and the horizontal one (the
    /// last row) as last laid out; nil when not shown.
    var indicator: ScrollIndicator?
    var horizontalIndicator: ScrollIndicator?
    /// Content scrolled by whole rows has its cells shifted, not repainted.
    let blit = ScrollBlit()
    /// The thumb held by the mouse, and on which indicator.
    var thumbDrag: ScrollIndicatorDrag?
    var thumbDragAxis = Axis.vertical

    /// The offset along ``scrollAxis``.
    var offset: Int {
        get { scrollAxis == .horizontal ? offsetX : offsetY }
        set { if scrollAxis == .horizontal { offsetX = newValue } else { offsetY = newValue } }
    }

    /// The offset along `axis`.
    func offset(_ axis: Axis) -> Int { axis == .horizontal ? offsetX : offsetY }

    /// The largest offset along `axis`: the content's end at the viewport's.
    func maxOffset(_ axis: Axis) -> Int {
        axis == .horizontal ? Swift.max(0, contentSize.width - viewportSize.width)
                            : Swift.max(0, contentSize.height - viewportSize.height)
    }

    /// The offset shown along `axis`: an offset set past the end shows the end.
    func visibleOffset(_ axis: Axis) -> Int { Swift.min(offset(axis), maxOffset(axis)) }

    /// The offset shown along ``scrollAxis``.
    var visibleOffset: Int { scrollAxis.map(visibleOffset) ?? 0 }

    /// Moves the offset along ``scrollAxis`` to `target` (clamped); returns
    /// whether what is shown moved.
    @discardableResult
    func scroll(to target: Int, node: ViewNode, graph: ViewGraph) -> Bool {
        guard let axis = scrollAxis else { return false }
        return scroll(axis, to: target, node: node, graph: graph)
    }

    /// Moves the offset along `axis` (one of ``axes``) to `target`
    /// (clamped); returns whether what is shown moved.
    @discardableResult
    func scroll(_ axis: Axis, to target: Int, node: ViewNode, graph: ViewGraph) -> Bool {
        let clamped = Swift.max(0, Swift.min(target, maxOffset(axis)))
        guard axes.contains(axis == .horizontal ? .horizontal : .vertical), clamped != visibleOffset(axis), !isFixed
        else { return false }
        setOffset(axis, clamped)
        graph.markNeedsLayout(node)
        graph.requestFrame()
        return true
    }

    /// Sets the offset along `axis`, and the position binding when it is ``scrollAxis``'s.
    private func setOffset(_ axis: Axis, _ value: Int) {
        if axis == .horizontal { offsetX = value } else { offsetY = value }
        if axis == scrollAxis, let position, position.wrappedValue != value { position.wrappedValue = value }
    }

    /// What the content is offered in a viewport of `width` × `height`: its
    /// ideal along the scrollable axes.
    private func contentProposal(width: Int?, height: Int?) -> ProposedSize {
        ProposedSize(width: axes.contains(.horizontal) ? nil : width, height: axes.contains(.vertical) ? nil : height)
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // Never placed yet: the container inside is the size offered (a
        // stack's probes at 0 and infinity aside); once placed, its
        // viewport, whatever a parent's probe offers.
        if placedFrame == nil { container.setSize(ContainerSize(offered: proposal), node: node, graph: graph) }
        let content = ContentLayout.size(node, contentProposal(width: proposal.width, height: proposal.height), graph: graph)
        return Size(width: proposal.width.map { $0 == .max ? content.width : $0 } ?? content.width,
                    height: proposal.height.map { $0 == .max ? content.height : $0 } ?? content.height)
    }

    override func relativeFrameContainer(for child: ViewNode, of node: ViewNode) -> RelativeFrameContainer? { container }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        // A viewport that grew or shrank in place may leave the content's
        // frame as it was: lazy stacks inside must place their rows anyway.
        if let placed = placedFrame, placed != rect { graph.markLazyStacksNeedPlacement(in: node) }
        placedFrame = rect
        let saved = graph.enterViewport(rect)
        let before = (indicator, horizontalIndicator)
        defer {
            graph.restoreViewport(saved)
            ScrollIndicator.repaintChanges(from: before.0, to: indicator, node: node, graph: graph)
            ScrollIndicator.repaintChanges(from: before.1, to: horizontalIndicator, node: node, graph: graph)
        }
        // The vertical indicator takes the last column, the horizontal one
        // the last row (beside the vertical one's column). The content is
        // measured with the viewport the last layout's indicators left,
        // then with the one they leave now.
        container.setSize(ContainerSize(width: Swift.max(0, rect.width - (indicator == nil ? 0 : 1)),
                                        height: Swift.max(0, rect.height - (horizontalIndicator == nil ? 0 : 1))),
                          node: node, graph: graph)
        let (showsVertical, showsHorizontal) = indicators(in: rect, node: node, graph: graph)
        let width = rect.width - (showsVertical ? 1 : 0)
        let height = rect.height - (showsHorizontal ? 1 : 0)
        container.setSize(ContainerSize(width: width, height: height), node: node, graph: graph)
        func placeContent() {
            var widest = 0, tallest = 0
            for child in node.layoutChildren {
                let s = graph.size(of: child, for: contentProposal(width: width, height: height))
                widest = Swift.max(widest, s.width)
                tallest = Swift.max(tallest, s.height)
                // Scrolling stops at the content's end (and keeps coordinates finite).
                let dx = axes.contains(.horizontal) ? Swift.min(offsetX, Swift.max(0, s.width - width)) : 0
                let dy = axes.contains(.vertical) ? Swift.min(offsetY, Swift.max(0, s.height - height)) : 0
                let placedWidth = axes.contains(.horizontal) ? s.width : Swift.min(s.width, width)
                let placedHeight = axes.contains(.vertical) ? s.height : Swift.min(s.height, height)
                graph.placeScrolling(node, region: Rect(x: rect.x, y: rect.y, width: width, height: height), blit: blit) {
                    graph.place(child, in: Rect(x: rect.x - dx, y: rect.y - dy, width: placedWidth, height: placedHeight))
                }
            }
            contentSize = Size(width: axes.contains(.horizontal) ? widest : 0,
                               height: axes.contains(.vertical) ? tallest : 0)
            viewportSize = Size(width: width, height: height)
            indicator = showsVertical
                ? ScrollIndicator(track: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: height),
                                  content: tallest, viewport: height, offset: visibleOffset(.vertical))
                : nil
            horizontalIndicator = showsHorizontal
                ? ScrollIndicator(track: Rect(x: rect.x, y: rect.maxY - 1, width: width, height: 1),
                                  content: widest, viewport: width, offset: visibleOffset(.horizontal),
                                  axis: .horizontal)
                : nil
        }
        placeContent()
        // A view inside asked to be shown (it took focus, or scrollTo named
        // it): move just enough along each scrollable axis, or to the
        // anchor asked for, and place again.
        guard !isFixed, scrollAxis != nil, let request = graph.scrollRequest,
              let target = graph.scrollTarget(request, below: node) else { return }
        var moved = false
        for axis in [Axis.vertical, .horizontal] where axes.contains(axis == .vertical ? .vertical : .horizontal) {
            let visible = visibleOffset(axis)
            var wanted = visible
            let (start, length) = axis == .vertical ? (rect.y, height) : (rect.x, width)
            let (targetStart, targetLength) = axis == .vertical ? (target.y, target.height) : (target.x, target.width)
            let (end, targetEnd) = (start + length, targetStart + targetLength)
            if let anchor = request.anchor {
                // The target's point at the anchor's fraction onto the viewport's.
                let fraction = axis == .vertical ? anchor.y : anchor.x
                wanted = visible + targetStart + UnitPoint.cells(targetLength, fraction)
                    - (start + UnitPoint.cells(length, fraction))
            } else {
                if targetEnd > end { wanted = visible + targetEnd - end }
                // The start wins over the end when the target is longer than the viewport.
                if targetStart < start + (visible - wanted) { wanted = visible + targetStart - start }
            }
            let clamped = Swift.max(0, Swift.min(wanted, maxOffset(axis)))
            guard clamped != visible else { continue }
            setOffset(axis, clamped)
            moved = true
        }
        if moved { placeContent() }
    }

    /// Whether the vertical and the horizontal indicator show in `rect`:
    /// each on a scrollable axis, as its visibility says for content that
    /// overflows the viewport left beside the other. The content is
    /// measured with the indicators the last layout chose first, so a
    /// scroll view whose indicators stay (or stay away) measures it once.
    private func indicators(in rect: Rect, node: ViewNode, graph: ViewGraph) -> (Bool, Bool) {
        let vertical = axes.contains(.vertical), horizontal = axes.contains(.horizontal)
        let v = indicatorVisibility, h = horizontalIndicatorVisibility
        // Visibility that does not depend on the content needs no measuring.
        let vFixed: Bool? = !vertical || !v.shows(overflowing: true, width: rect.width) ? false
            : v.shows(overflowing: false, width: rect.width) ? true : nil
        let hFixed: Bool? = !horizontal || !h.shows(overflowing: true, width: rect.height) ? false
            : h.shows(overflowing: false, width: rect.height) ? true : nil
        var shows = (vFixed ?? (indicator != nil), hFixed ?? (horizontalIndicator != nil))
        guard vFixed == nil || hFixed == nil else { return shows }
        // Narrower content is as tall or taller (and shorter as wide or
        // wider): a few rounds settle it.
        for _ in 0..<3 {
            let width = rect.width - (shows.0 ? 1 : 0), height = rect.height - (shows.1 ? 1 : 0)
            var content = Size(width: 0, height: 0)
            for child in node.layoutChildren {
                let s = graph.size(of: child, for: contentProposal(width: width, height: height))
                content = Size(width: Swift.max(content.width, s.width), height: Swift.max(content.height, s.height))
            }
            let next = (vFixed ?? (content.height > height), hFixed ?? (content.width > width))
            if next == shows { break }
            shows = next
        }
        return shows
    }

    /// Only the indicators paint here; a thumb differs from row to row.
    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        (indicator?.track.intersection(region).isEmpty ?? true)
            && (horizontalIndicator?.track.intersection(region).isEmpty ?? true)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        indicator?.paint(into: canvas, clip: clip, inherited: inherited)
        horizontalIndicator?.paint(into: canvas, clip: clip, inherited: inherited)
    }

    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect {
        ScrollIndicator.childClip(clip, frame: node.frame, indicator: indicator, horizontal: horizontalIndicator)
    }

    /// Whether a thumb is held.
    var isDraggingThumb: Bool { thumbDrag != nil }

    /// The indicator a press at a cell hits, if any.
    func indicatorHit(column: Int, row: Int) -> ScrollIndicator? {
        if let indicator, indicator.hit(column: column, row: row) != nil { return indicator }
        if let horizontalIndicator, horizontalIndicator.hit(column: column, row: row) != nil { return horizontalIndicator }
        return nil
    }

    /// A mouse event for the indicators: a press on a thumb takes hold of
    /// it, on a track pages; a drag moves the thumb held; a release lets
    /// go. Returns whether an indicator took the event.
    func handleIndicator(_ event: MouseEvent, node: ViewNode, graph: ViewGraph) -> Bool {
        let target: ScrollIndicator?
        if thumbDrag != nil {
            target = thumbDragAxis == .horizontal ? horizontalIndicator : indicator
        } else {
            target = event.kind == .press ? indicatorHit(column: event.column, row: event.row) : nil
        }
        guard let target, !isFixed else {
            thumbDrag = nil
            return false
        }
        let axis = target.axis
        thumbDragAxis = axis
        return ScrollIndicatorDrag.handle(event, indicator: target, drag: &thumbDrag,
                                          page: Swift.max(1, axis == .horizontal ? viewportSize.width
                                                                                 : viewportSize.height),
                                          scrollBy: { scroll(axis, to: visibleOffset(axis) + $0, node: node, graph: graph) },
                                          scrollTo: { scroll(axis, to: $0, node: node, graph: graph) })
    }
}
