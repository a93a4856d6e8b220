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
            graph.interaction.scrollViews[ObjectIdentifier(node)] = b.isFixed ? nil : node
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
        let saved = graph.viewport
        graph.viewport = rect
        defer { graph.viewport = saved }
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
        guard !isFixed, let request = graph.interaction.scrollRequest,
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

/// A vertical stack that evaluates only the rows a ``ScrollView`` shows.
///
/// Its content should be a ``ForEach``: rows are created (their views
/// built, their bodies evaluated) when they scroll into view and detached
/// when they leave it; row height is measured from the rows evaluated so
/// far. Outside a scroll view it behaves like a ``VStack``.
public struct LazyVStack<Content: View>: PrimitiveView {
    public var alignment: HorizontalAlignment
    public var spacing: Int
    public var content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public static func _makeBehavior() -> NodeBehavior { LazyStackBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LazyStackBehavior.self)
        graph.set(LayoutLength.clamp(view.spacing), &b.spacing, node: node)
        graph.set(view.alignment, &b.alignment, node: node)
        if let rows = view.content as? any LazyRowSource {
            // Rows are reconciled during layout, when the viewport is known.
            b.source = rows
            if node.children.isEmpty {
                let holder = graph.makeNode(for: LazyRowsHolder(), parent: node, discriminator: .position(0))
                node.children.append(holder)
                graph.structureChanged(node)
            }
            graph.markNeedsLayout(node)
        } else {
            b.source = nil
            graph.reconcileOnlyChild(view.content, of: node)
        }
    }
}

/// The transparent node under a lazy stack that owns the visible rows.
struct LazyRowsHolder: PrimitiveView, Equatable {
    static func _makeBehavior() -> NodeBehavior { ForEachBehavior() }
    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {}
}

/// Rows that can be evaluated one at a time (``ForEach``).
protocol LazyRowSource {
    var rowCount: Int { get }
    /// The index of the row whose id is `id`, if any.
    func rowIndex(of id: ExplicitID) -> Int?
    /// Reconciles the rows `range` as the children of `holder`, reusing rows by id.
    func reconcileRows(_ range: Range<Int>, holder: ViewNode, graph: ViewGraph)
}

extension ForEach: LazyRowSource {
    var rowCount: Int { data.count }

    func rowIndex(of key: ExplicitID) -> Int? {
        var index = 0
        for element in data {
            if ExplicitID(id(element)) == key { return index }
            index += 1
        }
        return nil
    }

    func reconcileRows(_ range: Range<Int>, holder: ViewNode, graph: ViewGraph) {
        let start = data.index(data.startIndex, offsetBy: range.lowerBound)
        let end = data.index(data.startIndex, offsetBy: range.upperBound)
        ForEach.reconcile(data[start..<end], id: id, content: content, node: holder, graph: graph)
    }
}

final class LazyStackBehavior: NodeBehavior {
    var spacing = 0
    var alignment = HorizontalAlignment.center
    var source: (any LazyRowSource)?
    /// Measured row height (the tallest row seen), used for rows not evaluated.
    /// The height of every row slot: the tallest of the rows in view, at
    /// the current width (found again each layout, so it shrinks as well
    /// as grows: after a resize the list looks as a fresh one would).
    @exclusivity(unchecked) var rowHeight = 1
    /// The row height ``sizeThatFits(_:node:graph:)`` last answered with.
    @exclusivity(unchecked) var sizedRowHeight = 1
    /// Distance from one row's top to the next's: never zero or negative.
    var pitch: Int { pitch(rowHeight) }
    func pitch(_ height: Int) -> Int { Swift.max(1, height.saturatingSum(spacing)) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        guard let source else {
            return StackLayout.size(axis: .vertical, spacing: spacing, children: node.layoutChildren,
                                    proposal: proposal, graph: graph)
        }
        let n = source.rowCount
        sizedRowHeight = rowHeight
        // Rows are `pitch` apart (at least one cell: spacing may be negative).
        let height = n == 0 ? 0 : Swift.max(0, (n - 1).saturatingProduct(pitch).saturatingSum(rowHeight))
        return Size(width: proposal.width.map { $0 == .max ? 0 : $0 } ?? 0, height: height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let source, let holder = node.children.first else {
            StackLayout.place(axis: .vertical, spacing: spacing,
                              alignment: Alignment(horizontal: alignment, vertical: .center),
                              children: node.layoutChildren, in: rect, graph: graph)
            return
        }
        let viewport = (graph.viewport ?? rect).intersection(rect)
        // Rows outside 0..<rowCount do not exist: a viewport past the end shows none.
        let n = source.rowCount
        // The row height is the tallest row in view at this width, and which
        // rows are in view depends on it: start from the last one, place the
        // rows while measuring them, and repeat until the rows in view agree
        // (one round when no row changed height).
        var height = rowHeight
        for attempt in 0..<5 {
            let pitch = self.pitch(height)
            let first = Swift.min(n, Swift.max(0, (viewport.y - rect.y) / pitch))
            let last = Swift.min(n, saturatingAdd(viewport.maxY - rect.y, pitch - 1) / pitch)
            source.reconcileRows(first..<Swift.max(first, last), holder: holder, graph: graph)
            if holder.structureChanged || node.structureChanged { graph.refreshLayoutChildren(node) }
            let tallest = placeRows(holder, first: first, pitch: pitch, height: height, in: rect, graph: graph)
            if tallest == height || attempt == 4 { break }
            // Not settled after a few rounds (rows of very different
            // heights): the larger height, so that no row is cut.
            height = attempt == 3 ? Swift.max(height, tallest) : tallest
        }
        rowHeight = height
        // The size this stack answered assumed another row height: lay out
        // again from the root this frame (``ViewGraph/layoutRoot()``).
        if rowHeight != sizedRowHeight {
            graph.markNeedsLayout(node)
            graph.layoutPassRequested = true
        }
    }

    /// Places the reconciled rows `pitch` apart from row `first` on, each in
    /// a slot `height` tall; returns the tallest row's height (at least 1).
    private func placeRows(_ holder: ViewNode, first: Int, pitch: Int, height: Int, in rect: Rect,
                           graph: ViewGraph) -> Int {
        var tallest = 1
        let proposal = ProposedSize(width: rect.width, height: nil)
        let stackAlignment = Alignment(horizontal: alignment, vertical: .top)
        for (k, row) in holder.children.enumerated() {
            let y = saturatingAdd(rect.y, (first + k).saturatingProduct(pitch))
            if row.isTransparent && row.structureChanged { graph.refreshLayoutChildren(row) }
            // A row that is (or whose body is) one laid-out view: place that view.
            let single: ViewNode? = !row.isTransparent ? row : (row.layoutChildren.count == 1 ? row.layoutChildren[0] : nil)
            if let row = single {
                let s = graph.size(of: row, for: proposal)
                tallest = Swift.max(tallest, s.height)
                let w = Swift.min(s.width, rect.width)
                graph.place(row, in: Rect(x: rect.x + alignment.offset(child: w, in: rect.width), y: y, width: w,
                                          height: height))
                continue
            }
            // A composite row of several views: they stack inside the row's slot.
            let units = row.layoutChildren
            let s = StackLayout.size(axis: .vertical, spacing: 0, children: units, proposal: proposal, graph: graph)
            tallest = Swift.max(tallest, s.height)
            StackLayout.place(axis: .vertical, spacing: 0, alignment: stackAlignment, children: units,
                              in: Rect(x: rect.x, y: y, width: rect.width, height: height), graph: graph)
        }
        return tallest
    }
}
