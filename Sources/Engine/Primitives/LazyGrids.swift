/// A grid that grows vertically: rows of as many cells as its ``GridItem``
/// columns resolve to, evaluated only for the rows a ``ScrollView`` shows.
///
/// ```swift
/// ScrollView {
///     LazyVGrid(columns: [GridItem(.adaptive(minimum: 12))], alignment: .leading) {
///         ForEach(photos) { PhotoCell(photo: $0) }
///     }
/// }
/// ```
///
/// The first view of the ``ForEach`` is in the leading column of the top
/// row, the next ones fill the row, then the next row. The columns' widths
/// come from the items (fixed ones first, then the flexible and adaptive
/// ones share what remains, in order: see ``GridItem``); every row is as
/// tall as the tallest cell in view. Cells are offered their column's width
/// and placed at their size in their column by the item's alignment, or by
/// `alignment` (centred vertically); a grid wider than its columns places
/// them by `alignment` too.
///
/// Rows are created (their cells built and evaluated) when they scroll into
/// view and detached when they leave it, their cells' state with them, as
/// in a ``LazyVStack``. Content that is not a ``ForEach`` is laid out the
/// same way with all its views evaluated.
public struct LazyVGrid<Content: View>: PrimitiveView {
    /// The columns.
    public var columns: [GridItem]
    /// Where cells sit in their column (unless its item says), and the
    /// columns in a wider grid.
    public var alignment: HorizontalAlignment
    /// Cells between one row and the next; `nil`: 0, as a ``VStack``.
    public var spacing: Int?
    /// The section headers and footers pinned to the scroll view's edges.
    public var pinnedViews: PinnedScrollableViews
    /// The cells: a ``ForEach`` to evaluate them lazily, or ``Section``s.
    public var content: Content {
        // Set after the initializer: found again from the content (``LazyRowSource``).
        didSet { rows = nil }
    }
    /// The cells, made by the ``ForEach`` initializer where the ForEach's
    /// types are known; `nil` otherwise.
    @usableFromInline var rows: LazyRows?

    /// A grid of `content`'s views in `columns`, all of them evaluated
    /// (or lazily, when `content` is a ``ForEach``).
    // Disfavoured, as LazyVStack's: the ForEach initializer must win.
    @_disfavoredOverload
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Int? = nil,
                pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
        rows = nil
    }

    /// A grid of a ``ForEach``'s cells in `columns`: only the rows in view
    /// are built and evaluated.
    @inlinable
    public init<Data, ID, Cell>(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Int? = nil,
                                pinnedViews: PinnedScrollableViews = .init(),
                                @ViewBuilder content: () -> ForEach<Data, ID, Cell>)
    where Content == ForEach<Data, ID, Cell> {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        let cells = content()
        self.content = cells
        // Made here, where the types are known (see LazyVStack's initializer).
        self.rows = LazyRows(cells)
    }

    public static func _makeBehavior() -> NodeBehavior { LazyStackBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LazyStackBehavior.self)
        b.configure(axis: .vertical, spacing: view.spacing ?? 0, alignment: Alignment(horizontal: view.alignment, vertical: .center),
                    gridItems: view.columns, pinnedViews: view.pinnedViews, node: node, graph: graph)
        b.reconcile(view.content, rows: view.rows, node: node, graph: graph)
    }
}

/// A grid that grows horizontally: ``LazyVGrid`` transposed. Columns of as
/// many cells as its ``GridItem`` rows resolve to, evaluated only for the
/// columns a horizontal ``ScrollView`` shows.
///
/// ```swift
/// ScrollView(.horizontal) {
///     LazyHGrid(rows: [GridItem(.fixed(1)), GridItem(.fixed(1))]) {
///         ForEach(0..<1_000) { Text("\($0)") }
///     }
/// }
/// ```
///
/// The first view is at the top of the leading column, the next ones fill
/// the column, then the next column. The rows' heights come from the
/// items; every column is as wide as the widest cell in view (SwiftUI's
/// lazy horizontal grid "sets the width of each column based on the widest
/// cell in the column"). Columns are created when they scroll into view
/// and detached when they leave it.
public struct LazyHGrid<Content: View>: PrimitiveView {
    /// The rows.
    public var rows: [GridItem]
    /// Where cells sit in their row (unless its item says), and the rows in
    /// a taller grid.
    public var alignment: VerticalAlignment
    /// Cells between one column and the next; `nil`: 1, as an ``HStack``.
    public var spacing: Int?
    /// The section headers and footers pinned to the scroll view's edges.
    public var pinnedViews: PinnedScrollableViews
    /// The cells: a ``ForEach`` to evaluate them lazily, or ``Section``s.
    public var content: Content {
        // Set after the initializer: found again from the content (``LazyRowSource``).
        didSet { cells = nil }
    }
    /// The cells, made by the ``ForEach`` initializer where the ForEach's
    /// types are known; `nil` otherwise.
    @usableFromInline var cells: LazyRows?

    /// A grid of `content`'s views in `rows`, all of them evaluated (or
    /// lazily, when `content` is a ``ForEach``).
    // Disfavoured, as LazyVStack's: the ForEach initializer must win.
    @_disfavoredOverload
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Int? = nil,
                pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
        cells = nil
    }

    /// A grid of a ``ForEach``'s cells in `rows`: only the columns in view
    /// are built and evaluated.
    @inlinable
    public init<Data, ID, Cell>(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Int? = nil,
                                pinnedViews: PinnedScrollableViews = .init(),
                                @ViewBuilder content: () -> ForEach<Data, ID, Cell>)
    where Content == ForEach<Data, ID, Cell> {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        let cells = content()
        self.content = cells
        // Made here, where the types are known (see LazyVStack's initializer).
        self.cells = LazyRows(cells)
    }

    public static func _makeBehavior() -> NodeBehavior { LazyStackBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LazyStackBehavior.self)
        b.configure(axis: .horizontal, spacing: view.spacing ?? 1, alignment: Alignment(horizontal: .center, vertical: view.alignment),
                    gridItems: view.rows, pinnedViews: view.pinnedViews, node: node, graph: graph)
        b.reconcile(view.content, rows: view.cells, node: node, graph: graph)
    }
}
