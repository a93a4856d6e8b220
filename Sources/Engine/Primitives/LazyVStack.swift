/// A vertical stack that evaluates only the rows a ``ScrollView`` shows.
///
/// Its content should be a ``ForEach``: rows are created (their views
/// built, their bodies evaluated) when they scroll into view and detached
/// when they leave it; row height is measured from the rows evaluated so
/// far. Outside a scroll view it behaves like a ``VStack``.
///
/// A frame that gives the stack new rows costs the rows in view: they are
/// compared with the last ones as the stack is evaluated, a row that
/// changed is evaluated (and laid out only if its size changed), and the
/// stack places its rows again only when their number, their nodes or its
/// viewport changed.
public struct LazyVStack<Content: View>: PrimitiveView {
    /// Where rows narrower than the stack sit.
    public var alignment: HorizontalAlignment
    /// Cells between one row and the next.
    public var spacing: Int
    /// The rows: a ``ForEach`` to evaluate them lazily.
    public var content: Content {
        // Set after the initializer: found again from the content (``LazyRowSource``).
        didSet { rows = nil }
    }
    /// The rows, made by the ``ForEach`` initializer where the ForEach's
    /// types are known (so their code is specialised for them); `nil`
    /// otherwise.
    @usableFromInline var rows: LazyRows?

    /// A lazy stack of `content`. Rows are evaluated lazily when `content`
    /// is a ``ForEach``; any other content is laid out as a ``VStack``.
    // Disfavoured: otherwise this initializer, not being generic itself,
    // wins over the ForEach one below even when the content is a ForEach.
    @_disfavoredOverload
    public init(alignment: HorizontalAlignment = .center, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        rows = nil
    }

    /// A lazy stack of a ``ForEach``'s rows: only the rows in view are
    /// built and evaluated.
    @inlinable
    public init<Data, ID, Row>(alignment: HorizontalAlignment = .center, spacing: Int = 0,
                               @ViewBuilder content: () -> ForEach<Data, ID, Row>)
    where Content == ForEach<Data, ID, Row> {
        self.alignment = alignment
        self.spacing = spacing
        let rows = content()
        self.content = rows
        // Made here, where the types are known: the closures run code
        // specialised for them (a conformance's witness in this module
        // would run the generic code, through metadata, for every row).
        // Inlinable: cross-module optimisation does not carry a function
        // that makes closures into the app, so it would not be specialised.
        self.rows = LazyRows(rows)
    }

    public static func _makeBehavior() -> NodeBehavior { LazyStackBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LazyStackBehavior.self)
        graph.set(LayoutLength.clamp(view.spacing), &b.spacing, node: node)
        graph.set(view.alignment, &b.alignment, node: node)
        // Content built generically (a ForEach known only at run time) finds
        // its rows through the conformance: the same behaviour, slower.
        guard let rows = view.rows ?? (view.content as? any LazyRowSource)?.lazyRows else {
            b.rows = nil
            b.placedRows = nil
            graph.reconcileOnlyChild(view.content, of: node)
            return
        }
        b.update(rows, node: node, graph: graph)
    }
}

/// The transparent node under a lazy stack that owns the visible rows.
struct LazyRowsHolder: PrimitiveView, Equatable {
    static func _makeBehavior() -> NodeBehavior { ForEachBehavior() }
    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {}
}

/// A ``ForEach``'s rows, reached one range at a time by integer offset.
///
/// The closures are made by ``init(_:)``: called where the ForEach's types
/// are known (the ``LazyVStack`` initializer that takes a ``ForEach``), it
/// is specialised for them, and so is the code they run.
@usableFromInline
struct LazyRows {
    /// How many rows there are.
    @usableFromInline let count: Int
    /// Reconciles the rows in a range as the children of a holder node,
    /// reusing rows by id.
    @usableFromInline let reconcile: @MainActor (Range<Int>, _ holder: ViewNode, ViewGraph) -> Void
    /// The offset of the row whose id is the one given, if any.
    ///
    /// - Complexity: O(rows) (a walk of the data's ids).
    @usableFromInline let index: @MainActor (ExplicitID) -> Int?

    @inlinable @MainActor
    init<Data, ID, Row: View>(_ rows: ForEach<Data, ID, Row>) {
        count = rows.data.count
        reconcile = { range, holder, graph in rows.reconcileRows(range, holder: holder, graph: graph) }
        index = { rows.rowIndex(of: $0) }
    }
}

/// Content whose rows a lazy stack can evaluate one at a time (``ForEach``),
/// for a ``LazyVStack`` whose initializer did not know it was one.
@MainActor
protocol LazyRowSource {
    var lazyRows: LazyRows { get }
}

@MainActor
extension ForEach: LazyRowSource where Content: View {
    var lazyRows: LazyRows { LazyRows(self) }

    /// The offset of the row whose id is `key`, if any.
    @usableFromInline
    func rowIndex(of key: ExplicitID) -> Int? {
        var index = 0
        for element in data {
            if ExplicitID(id(element)) == key { return index }
            index += 1
        }
        return nil
    }

    /// Reconciles the rows `range` (offsets into the data) as the children
    /// of `holder`, reusing rows by id.
    @usableFromInline
    func reconcileRows(_ range: Range<Int>, holder: ViewNode, graph: ViewGraph) {
        let start = data.index(data.startIndex, offsetBy: range.lowerBound)
        let end = data.index(start, offsetBy: range.count)
        ForEach.reconcile(data[start..<end], id: id, content: content, node: holder, graph: graph)
    }
}

final class LazyStackBehavior: NodeBehavior {
    var spacing = 0
    var alignment = HorizontalAlignment.center
    /// The rows (the content is a ``ForEach``); `nil`: a ``VStack`` of the content.
    var rows: LazyRows?
    /// The rows placed by the last layout (those in view), `nil` before the
    /// first: a new frame's rows in this range are reconciled as the stack
    /// is evaluated, and the stack is laid out again only if that changed
    /// its nodes.
    var placedRows: Range<Int>?
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

    /// Takes a frame's rows. The rows in view (as last placed) are
    /// reconciled now: a row that changed is evaluated and takes a leaf's
    /// path through layout (only it is laid out again when its size holds).
    /// The stack itself is laid out again when it never was, when the row
    /// count changed, or when rows were created, detached or moved.
    func update(_ rows: LazyRows, node: ViewNode, graph: ViewGraph) {
        let countChanged = self.rows?.count != rows.count
        self.rows = rows
        if node.children.isEmpty {
            let holder = graph.makeNode(for: LazyRowsHolder(), parent: node, discriminator: .position(0))
            node.children.append(holder)
            graph.structureChanged(node)
        }
        guard let shown = placedRows, !countChanged, !node.needsLayout else {
            // Rows are reconciled during layout, when the viewport is known.
            graph.markNeedsLayout(node)
            return
        }
        // Rows created or detached mark the stack (``ViewGraph/structureChanged(_:)``).
        rows.reconcile(shown, node.children[0], graph)
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        guard let rows else {
            return StackLayout.size(axis: .vertical, spacing: spacing, children: node.layoutChildren,
                                    proposal: proposal, graph: graph)
        }
        let n = rows.count
        sizedRowHeight = rowHeight
        // Rows are `pitch` apart (at least one cell: spacing may be negative).
        let height = n == 0 ? 0 : Swift.max(0, (n - 1).saturatingProduct(pitch).saturatingSum(rowHeight))
        return Size(width: proposal.width.map { $0 == .max ? 0 : $0 } ?? 0, height: height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let rows, let holder = node.children.first else {
            placedRows = nil
            StackLayout.place(axis: .vertical, spacing: spacing,
                              alignment: Alignment(horizontal: alignment, vertical: .center),
                              children: node.layoutChildren, in: rect, graph: graph)
            return
        }
        let viewport = (graph.enclosingViewport ?? rect).intersection(rect)
        // Rows outside 0..<rowCount do not exist: a viewport past the end shows none.
        let n = rows.count
        // The row height is the tallest row in view at this width, and which
        // rows are in view depends on it: start from the last one, place the
        // rows while measuring them, and repeat until the rows in view agree
        // (one round when no row changed height).
        var height = rowHeight
        for attempt in 0..<5 {
            let pitch = self.pitch(height)
            let first = Swift.min(n, Swift.max(0, (viewport.y - rect.y) / pitch))
            let last = Swift.min(n, saturatingAdd(viewport.maxY - rect.y, pitch - 1) / pitch)
            let range = first..<Swift.max(first, last)
            // Rows created or detached here are placed here: their marks
            // stop at this stack, which is being laid out now.
            graph.containingLayoutMarks(of: node) { rows.reconcile(range, holder, graph) }
            placedRows = range
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
            graph.requestLayoutPass()
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

extension ViewGraph {
    /// The viewport of `scrollView` changed while its content may keep its
    /// frame (the scroll view grew or shrank): the lazy stacks inside, and
    /// the nodes between, place their rows again.
    ///
    /// - Complexity: a walk of the scroll view's live nodes; run only when
    ///   its frame changes.
    func markLazyStacksNeedPlacement(in scrollView: ViewNode) {
        var pending = scrollView.children
        while let n = pending.popLast() {
            if n.behavior is LazyStackBehavior {
                var m: ViewNode? = n
                while let current = m, current !== scrollView {
                    if !current.isTransparent { current.needsLayout = true }
                    m = current.parent
                }
            }
            pending.append(contentsOf: n.children)
        }
    }
}
