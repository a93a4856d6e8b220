/// A horizontal stack that evaluates only the columns a horizontal
/// ``ScrollView`` shows: ``LazyVStack`` along the other axis.
///
/// ```swift
/// ScrollView(.horizontal) {
///     LazyHStack(alignment: .top) {
///         ForEach(days) { DayColumn(day: $0) }
///     }
/// }
/// ```
///
/// Its content should be a ``ForEach``: columns are created (their views
/// built, their bodies evaluated) when they scroll into view and detached
/// when they leave it, their state with them; every column is as wide as
/// the widest column in view. Any other content is laid out as an
/// ``HStack``, all of it evaluated.
public struct LazyHStack<Content: View>: PrimitiveView {
    /// Where columns shorter than the stack sit.
    public var alignment: VerticalAlignment
    /// Cells between one column and the next (1 by default, as ``HStack``).
    public var spacing: Int
    /// The section headers and footers pinned to the scroll view's edges.
    public var pinnedViews: PinnedScrollableViews
    /// The columns: a ``ForEach`` to evaluate them lazily, or ``Section``s.
    public var content: Content {
        // Set after the initializer: found again from the content (``LazyRowSource``).
        didSet { rows = nil }
    }
    /// The columns, made by the ``ForEach`` initializer where the ForEach's
    /// types are known; `nil` otherwise.
    @usableFromInline var rows: LazyRows?

    /// A lazy stack of `content`. Columns are evaluated lazily when
    /// `content` is a ``ForEach``; any other content is laid out as an ``HStack``.
    // Disfavoured, as LazyVStack's: the ForEach initializer must win.
    @_disfavoredOverload
    public init(alignment: VerticalAlignment = .center, spacing: Int = 1, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
        rows = nil
    }

    /// A lazy stack of a ``ForEach``'s columns: only the columns in view
    /// are built and evaluated.
    @inlinable
    public init<Data, ID, Column>(alignment: VerticalAlignment = .center, spacing: Int = 1,
                                  pinnedViews: PinnedScrollableViews = .init(),
                                  @ViewBuilder content: () -> ForEach<Data, ID, Column>)
    where Content == ForEach<Data, ID, Column> {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        let columns = content()
        self.content = columns
        // Made here, where the types are known (see LazyVStack's initializer).
        self.rows = LazyRows(columns)
    }

    public static func _makeBehavior() -> NodeBehavior { LazyStackBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LazyStackBehavior.self)
        b.configure(axis: .horizontal, spacing: view.spacing, alignment: Alignment(horizontal: .center, vertical: view.alignment),
                    gridItems: nil, pinnedViews: view.pinnedViews, node: node, graph: graph)
        b.reconcile(view.content, rows: view.rows, node: node, graph: graph)
    }
}
