/// A vertical stack that evaluates only the rows a ``ScrollView`` shows.
///
/// Its content should be a ``ForEach``: rows are created (their views
/// built, their bodies evaluated) when they scroll into view and detached
/// when they leave it; row height is measured from the rows evaluated so
/// far. Outside a scroll view it behaves like a ``VStack``. Content of
/// ``Section``s is as lazy: headers and footers are rows of their own, and
/// `pinnedViews` holds the current section's header at the top of the
/// visible area (``PinnedScrollableViews``).
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
    /// The section headers and footers pinned to the scroll view's edges.
    public var pinnedViews: PinnedScrollableViews
    /// The rows: a ``ForEach`` to evaluate them lazily, or ``Section``s.
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
    public init(alignment: HorizontalAlignment = .center, spacing: Int = 0, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
        rows = nil
    }

    /// A lazy stack of a ``ForEach``'s rows: only the rows in view are
    /// built and evaluated.
    @inlinable
    public init<Data, ID, Row>(alignment: HorizontalAlignment = .center, spacing: Int = 0,
                               pinnedViews: PinnedScrollableViews = .init(),
                               @ViewBuilder content: () -> ForEach<Data, ID, Row>)
    where Content == ForEach<Data, ID, Row> {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
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
        b.configure(axis: .vertical, spacing: view.spacing, alignment: Alignment(horizontal: view.alignment, vertical: .center),
                    gridItems: nil, pinnedViews: view.pinnedViews, node: node, graph: graph)
        // Content built generically (a ForEach known only at run time) finds
        // its rows through the conformance: the same behaviour, slower.
        b.reconcile(view.content, rows: view.rows, node: node, graph: graph)
    }
}
