/// The visibility of the scroll indicators of a ``ScrollView``, ``List`` or
/// ``Table``: pass it to ``View/scrollIndicators(_:axes:)``.
///
/// In a terminal an indicator is a column of cells at the scrollable view's
/// right edge (a dim track `│`), or for a view scrolling sideways a row at
/// its bottom edge (a dim track `─`), with a thumb (`█`) whose length is
/// the share of the content shown and whose place is the scroll position.
/// It takes its column or row from the content (it is not an overlay, as
/// macOS's overlay scrollers are: a cell cannot show both), and it does not
/// fade: there is no animation to fade it with.
///
/// - ``automatic``: shown while the content overflows the viewport,
///   hidden (and its column given back to the content) when it fits.
/// - ``visible``: always shown, the thumb filling the track when the
///   content fits.
/// - ``hidden`` and ``never``: not shown. macOS shows hidden indicators
///   anyway when the user's settings ask for scroll bars with a mouse
///   connected; a terminal has no such setting, so the two are the same.
public struct ScrollIndicatorVisibility: Hashable, Sendable, CustomStringConvertible {
    enum Role: UInt8, Hashable, Sendable {
        case automatic, visible, hidden, never
    }

    let role: Role

    /// Visibility decided by the scrollable view: shown while its content
    /// overflows.
    public static let automatic = ScrollIndicatorVisibility(role: .automatic)
    /// Show the indicators, also when the content fits.
    public static let visible = ScrollIndicatorVisibility(role: .visible)
    /// Hide the indicators.
    public static let hidden = ScrollIndicatorVisibility(role: .hidden)
    /// Never show the indicators (in a terminal, the same as ``hidden``).
    public static let never = ScrollIndicatorVisibility(role: .never)

    public var description: String {
        switch role {
        case .automatic: return "automatic"
        case .visible: return "visible"
        case .hidden: return "hidden"
        case .never: return "never"
        }
    }

    /// Whether an indicator shows for content that does (or does not)
    /// overflow a viewport `width` columns wide: never when the content
    /// would be left no column.
    func shows(overflowing: Bool, width: Int) -> Bool {
        guard width >= 2 else { return false }
        switch role {
        case .automatic: return overflowing
        case .visible: return true
        case .hidden, .never: return false
        }
    }
}

private struct VerticalScrollIndicatorVisibilityKey: EnvironmentKey {
    static let defaultValue = ScrollIndicatorVisibility.automatic
}

private struct HorizontalScrollIndicatorVisibilityKey: EnvironmentKey {
    static let defaultValue = ScrollIndicatorVisibility.automatic
}

extension EnvironmentValues {
    /// The visibility of the indicators of vertically scrollable content
    /// (``ScrollView``, ``List``, ``Table``); `.automatic` by default.
    public var verticalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[VerticalScrollIndicatorVisibilityKey.self] }
        set { self[VerticalScrollIndicatorVisibilityKey.self] = newValue }
    }

    /// The visibility of the indicators of horizontally scrollable content
    /// (``ScrollView`` with `.horizontal` among its axes); `.automatic` by default.
    public var horizontalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[HorizontalScrollIndicatorVisibilityKey.self] }
        set { self[HorizontalScrollIndicatorVisibilityKey.self] = newValue }
    }
}

extension View {
    /// Sets the visibility of the scroll indicators of the scrollable views
    /// inside this view, on `axes`.
    ///
    /// ```swift
    /// ScrollView { log }.scrollIndicators(.visible)
    /// List(files) { Text($0.name) }.scrollIndicators(.hidden)
    /// ```
    ///
    /// See ``ScrollIndicatorVisibility`` for what each value shows in a
    /// terminal. `.vertical` sets the indicators of ``ScrollView``,
    /// ``List`` and ``Table`` scrolling vertically; `.horizontal` those of
    /// a ``ScrollView`` scrolling sideways.
    public consuming func scrollIndicators(_ visibility: ScrollIndicatorVisibility,
                                 axes: Axis.Set = [.vertical, .horizontal]) -> ScrollIndicatorsWriter<Self> {
        ScrollIndicatorsWriter(visibility: visibility, axes: axes, content: self)
    }
}

/// Sets the scroll indicators' visibility on some axes for its content
/// (``View/scrollIndicators(_:axes:)``), leaving the other axes' as they
/// were above it.
public struct ScrollIndicatorsWriter<Content: View>: PrimitiveView {
    var visibility: ScrollIndicatorVisibility
    var axes: Axis.Set
    var content: Content

    public static func _makeBehavior() -> NodeBehavior { EnvironmentWriterBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: EnvironmentWriterBehavior.self)
        let visibility = view.visibility, axes = view.axes
        let setting = ScrollIndicatorSetting(visibility: visibility, axes: axes.rawValue)
        // The first value changes nothing: no reader below has read yet.
        let old = b.value as? ScrollIndicatorSetting
        b.value = setting
        b.apply = { env in
            if axes.contains(.vertical) { env.verticalScrollIndicatorVisibility = visibility }
            if axes.contains(.horizontal) { env.horizontalScrollIndicatorVisibility = visibility }
        }
        if let old, old != setting {
            graph.environmentChanged(EnvironmentPaths.verticalScrollIndicatorVisibility, below: node)
            graph.environmentChanged(EnvironmentPaths.horizontalScrollIndicatorVisibility, below: node)
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// What a ``ScrollIndicatorsWriter`` last wrote, to tell a change.
private struct ScrollIndicatorSetting: Equatable {
    var visibility: ScrollIndicatorVisibility
    var axes: UInt8
}

/// A scroll indicator as laid out: its track (one column beside the rows
/// a vertical one scrolls, one row below the columns a horizontal one
/// scrolls), and the scroll state the thumb shows.
///
/// The thumb is as long as the share of the content the viewport shows
/// (at least one cell) and sits at the track's start (top, leading edge)
/// at offset 0, at its end at the largest offset, and in proportion
/// between. Everything but the look is the same along both axes: "along"
/// is down the track of a vertical indicator and rightwards along a
/// horizontal one's.
///
/// - Complexity: O(1) for everything but painting (O(track length)).
struct ScrollIndicator: Equatable {
    /// The column and rows (or row and columns) of the track, in canvas coordinates.
    var track: Rect
    /// The content's length and the viewport's, in the unit scrolled
    /// (cells for a scroll view, rows for a list).
    var content: Int
    var viewport: Int
    /// The first unit shown.
    var offset: Int
    /// The axis it scrolls: `.vertical`, a column; `.horizontal`, a row.
    var axis: Axis = .vertical

    /// The largest offset: the content's end at the viewport's.
    var maxOffset: Int { Swift.max(0, content - viewport) }

    /// The track's length along its axis.
    var length: Int { axis == .vertical ? track.height : track.width }

    /// Where the track starts along its axis, in canvas coordinates.
    var start: Int { axis == .vertical ? track.y : track.x }

    /// The coordinate of a screen cell along the track's axis.
    func along(column: Int, row: Int) -> Int { axis == .vertical ? row : column }

    /// The thumb's cells along the track, relative to its start.
    var thumb: Range<Int> {
        let height = length
        guard height > 0 else { return 0..<0 }
        guard content > viewport, content > 0 else { return 0..<height }
        // Length in proportion (rounded), at least one cell, short of the
        // whole track so that it can move.
        let share = (Double(height) * Double(viewport) / Double(content)).rounded()
        let length = Swift.min(Swift.max(1, Int(share)), Swift.max(1, height - 1))
        let travel = height - length
        let start = Int((Double(travel) * Double(Swift.min(offset, maxOffset)) / Double(maxOffset)).rounded())
        return start..<(start + length)
    }

    /// The offset that puts the thumb's start at `start` (cells from the
    /// track's start), clamped to the track.
    func offset(forThumbStart start: Int) -> Int {
        let thumb = self.thumb
        let travel = length - thumb.count
        guard travel > 0 else { return offset }
        let clamped = Swift.max(0, Swift.min(start, travel))
        return Int((Double(clamped) * Double(maxOffset) / Double(travel)).rounded())
    }

    /// What a press at a cell of the screen hits.
    enum Hit: Equatable {
        /// The thumb, `grab` cells past its start.
        case thumb(grab: Int)
        /// The track before the thumb (a page back) or after it (a page on).
        case pageUp, pageDown
    }

    func hit(column: Int, row: Int) -> Hit? {
        guard column >= track.x, column < track.maxX, row >= track.y, row < track.maxY else { return nil }
        let r = along(column: column, row: row) - start
        let thumb = self.thumb
        if r < thumb.lowerBound { return .pageUp }
        if r >= thumb.upperBound { return .pageDown }
        return .thumb(grab: r - thumb.lowerBound)
    }

    /// The track's cells that differ from `old`'s: at most two runs (the
    /// thumb's two ends moved), or the whole track when it moved.
    func changedRegions(from old: ScrollIndicator?) -> [Rect] {
        guard let old, old.track == track, old.axis == axis else { return [track] }
        let a = old.thumb, b = thumb
        guard a != b else { return [] }
        var runs: [Range<Int>] = []
        // The symmetric difference of two ranges.
        if a.lowerBound != b.lowerBound {
            runs.append(Swift.min(a.lowerBound, b.lowerBound)..<Swift.max(a.lowerBound, b.lowerBound))
        }
        if a.upperBound != b.upperBound {
            runs.append(Swift.min(a.upperBound, b.upperBound)..<Swift.max(a.upperBound, b.upperBound))
        }
        return runs.map {
            axis == .vertical
                ? Rect(x: track.x, y: track.y + $0.lowerBound, width: 1, height: $0.count)
                : Rect(x: track.x + $0.lowerBound, y: track.y, width: $0.count, height: 1)
        }
    }

    /// Repaints what changed between the indicator laid out `before` and
    /// the one laid out now at `node`: scrolling a row repaints the
    /// thumb's two ends, not the track; an indicator that came or went
    /// repaints the node.
    @MainActor
    static func repaintChanges(from before: ScrollIndicator?, to now: ScrollIndicator?, node: ViewNode,
                               graph: ViewGraph) {
        guard before != now else { return }
        guard let now, before != nil else {
            graph.markNeedsPaint(node)
            return
        }
        for region in now.changedRegions(from: before) { graph.markNeedsPaint(node, region: region) }
    }

    /// The clip for the children of a view showing `indicator` (a vertical
    /// one) and `horizontal` in `frame`: they are kept off their column and row.
    static func childClip(_ clip: Rect, frame: Rect, indicator: ScrollIndicator?,
                          horizontal: ScrollIndicator? = nil) -> Rect {
        var inside = clip.intersection(frame)
        if let indicator {
            inside = inside.intersection(Rect(x: frame.x, y: frame.y, width: indicator.track.x - frame.x,
                                              height: frame.height))
        }
        if let horizontal {
            inside = inside.intersection(Rect(x: frame.x, y: frame.y, width: frame.width,
                                              height: horizontal.track.y - frame.y))
        }
        return inside
    }

    /// The track characters (drawn dim) of a vertical and a horizontal
    /// indicator, and the thumb's.
    static let trackGlyph = "│"
    static let horizontalTrackGlyph = "─"
    static let thumbGlyph = "█"

    /// Draws the track and the thumb, clipped to `clip`.
    func paint(into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let visible = clip.intersection(track)
        guard !visible.isEmpty else { return }
        var dim = inherited
        dim.attributes.insert(.dim)
        let trackStyle = canvas.styles.transientID(for: dim)
        let thumbStyle = canvas.styles.transientID(for: inherited)
        let thumb = self.thumb
        let trackGlyph = axis == .vertical ? ScrollIndicator.trackGlyph : ScrollIndicator.horizontalTrackGlyph
        for y in visible.y..<visible.maxY {
            for x in visible.x..<visible.maxX {
                let inThumb = thumb.contains(along(column: x, row: y) - start)
                canvas.write(inThumb ? ScrollIndicator.thumbGlyph : trackGlyph, x: x, y: y,
                             style: inThumb ? thumbStyle : trackStyle, clip: visible)
            }
        }
    }
}

/// A thumb being dragged: where the pointer took hold of it.
struct ScrollIndicatorDrag: Equatable {
    /// Cells between the thumb's start and the cell pressed, along the track.
    var grab: Int

    /// A mouse event for `indicator` (of either axis), what a scroll view
    /// and a list both do with it: a press on the thumb takes hold of it
    /// (into `drag`), on the track asks for a page (`scroll(by:)` with
    /// ∓`page`); a drag moves the thumb held (`scroll(to:)` the offset that
    /// puts it under the pointer, wherever the pointer is, read along the
    /// indicator's axis); a release lets go. Returns whether the indicator
    /// took the event.
    @MainActor
    static func handle(_ event: MouseEvent, indicator: ScrollIndicator, drag: inout ScrollIndicatorDrag?, page: Int,
                       scrollBy: (Int) -> Void, scrollTo: (Int) -> Void) -> Bool {
        switch event.kind {
        case .press where event.button == .left:
            guard let hit = indicator.hit(column: event.column, row: event.row) else { return false }
            switch hit {
            case .thumb(let grab): drag = ScrollIndicatorDrag(grab: grab)
            case .pageUp: scrollBy(-page)
            case .pageDown: scrollBy(page)
            }
            return true
        case .drag:
            guard let held = drag else { return false }
            let pointer = indicator.along(column: event.column, row: event.row)
            scrollTo(indicator.offset(forThumbStart: pointer - indicator.start - held.grab))
            return true
        case .release:
            guard drag != nil else { return false }
            drag = nil
            return true
        default:
            return false
        }
    }
}
