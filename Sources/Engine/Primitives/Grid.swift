/// A container that arranges its ``GridRow``s in rows and columns: each
/// column as wide as its widest cell, each row as tall as its tallest.
///
/// ```swift
/// Grid(alignment: .leading) {
///     GridRow { Text("Name"); Text("Size") }
///     Divider()
///     GridRow { Text("notes.txt"); Text("12 KB").gridColumnAlignment(.trailing) }
/// }
/// ```
///
/// The rules are SwiftUI's: the first view of each row is in the first
/// column, the second in the second, and so on; the grid has as many
/// columns as its longest row; a view that is not in a ``GridRow`` (a
/// ``Divider``) makes a row of its own that spans all the columns;
/// ``View/gridCellColumns(_:)`` makes a cell span several columns,
/// ``View/gridColumnAlignment(_:)`` sets a column's horizontal alignment,
/// ``GridRow/init(alignment:content:)`` a row's vertical one,
/// ``View/gridCellAnchor(_:)`` one cell's place in its area, and
/// ``View/gridCellUnsizedAxes(_:)`` keeps a flexible cell from sizing its
/// row or column.
///
/// Choices where SwiftUI's documentation leaves one open:
/// - The default spacing is an ``HStack``'s between columns (1) and a
///   ``VStack``'s between rows (0).
/// - A spanning cell (or a row outside a `GridRow`) wider than the columns
///   it covers widens the last of them.
/// - Cells are measured at their ideal sizes and the grid is as large as
///   its columns and rows make it, whatever it is offered (a smaller offer
///   cuts it at its edges, as a stack's children that do not fit).
/// - Of several cells of a column that set `gridColumnAlignment`, the
///   first (topmost) one's alignment is used.
public struct Grid<Content: View>: SingleContentView {
    public var alignment: Alignment
    public var horizontalSpacing: Int?
    public var verticalSpacing: Int?
    public var content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: Int? = nil, verticalSpacing: Int? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    static func makeBehavior() -> GridBehavior { GridBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: GridBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(alignment, &b.alignment, node: node)
        graph.set(LayoutLength.clamp(horizontalSpacing ?? 1), &b.horizontalSpacing, node: node)
        graph.set(LayoutLength.clamp(verticalSpacing ?? 0), &b.verticalSpacing, node: node)
    }
}

/// One row of a ``Grid``: its views are the row's cells, one per column
/// (or several, ``View/gridCellColumns(_:)``). Outside a grid it lays its
/// views out as an ``HStack``.
public struct GridRow<Content: View>: SingleContentView {
    /// The vertical alignment of the row's cells; `nil` takes the grid's.
    public var alignment: VerticalAlignment?
    public var content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    static func makeBehavior() -> GridRowBehavior { GridRowBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: GridRowBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(alignment, &b.alignment, node: node)
    }
}

final class GridRowBehavior: NodeBehavior {
    var alignment: VerticalAlignment?
    /// Set by the enclosing grid, which places the row's cells itself.
    var inGrid = false
    init() { super.init(paintsOnlyChildren: true) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        StackLayout.size(axis: .horizontal, spacing: 1, children: node.layoutChildren, proposal: proposal, graph: graph)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        if inGrid { return }
        StackLayout.place(axis: .horizontal, spacing: 1,
                          alignment: Alignment(horizontal: .center, vertical: alignment ?? .center),
                          children: node.layoutChildren, in: rect, graph: graph)
    }
}

// The cell modifiers are layout values the grid reads.
struct GridCellColumnsKey: LayoutValueKey { static let defaultValue = 1 }
struct GridColumnAlignmentKey: LayoutValueKey { static let defaultValue: HorizontalAlignment? = nil }
struct GridCellAnchorKey: LayoutValueKey { static let defaultValue: UnitPoint? = nil }
struct GridCellUnsizedAxesKey: LayoutValueKey { static let defaultValue: Axis.Set = [] }

extension View {
    /// Makes this cell of a ``GridRow`` span `count` columns.
    public consuming func gridCellColumns(_ count: Int) -> some View {
        layoutValue(key: GridCellColumnsKey.self, value: Swift.max(1, count))
    }

    /// Sets the horizontal alignment of every cell in this cell's ``Grid`` column.
    public consuming func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        layoutValue(key: GridColumnAlignmentKey.self, value: guide)
    }

    /// Places this cell at `anchor` of its area in the ``Grid`` (instead of
    /// the grid's, row's and column's alignments).
    public consuming func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        layoutValue(key: GridCellAnchorKey.self, value: anchor)
    }

    /// Asks the ``Grid`` not to size this cell's column (`.horizontal`) or
    /// row (`.vertical`) by it: a flexible view (a ``Divider``, a
    /// ``Spacer``) then takes the size the other cells give.
    public consuming func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        layoutValue(key: GridCellUnsizedAxesKey.self, value: axes)
    }
}

final class GridBehavior: NodeBehavior {
    var alignment = Alignment.center
    var horizontalSpacing = 1
    var verticalSpacing = 0
    init() { super.init(paintsOnlyChildren: true) }

    /// A cell: its node, first column, span and what its modifiers say.
    struct Cell {
        var node: ViewNode
        var column: Int
        var span: Int
        var unsized: Axis.Set
    }

    /// A row: a ``GridRow``'s cells, or one view across all columns.
    struct Row {
        var node: ViewNode
        var cells: [Cell]
        var spansAll: Bool
        var alignment: VerticalAlignment?
    }

    /// The grid's rows, column widths and row heights.
    struct Metrics {
        var rows: [Row] = []
        var widths: [Int] = []
        var heights: [Int] = []
        var width = 0
        var height = 0
    }

    private func spanWidth(_ widths: [Int], _ column: Int, _ span: Int) -> Int {
        var w = 0
        for c in column..<Swift.min(column + span, widths.count) { w += widths[c] }
        return w + horizontalSpacing * Swift.max(0, Swift.min(span, widths.count - column) - 1)
    }

    private func metrics(_ node: ViewNode, graph: ViewGraph) -> Metrics {
        var m = Metrics()
        var columns = 0
        for unit in node.layoutChildren {
            guard let rowBehavior = unit.behavior as? GridRowBehavior else {
                let unsized = LayoutValueBehavior.value(for: GridCellUnsizedAxesKey.self, at: unit)
                m.rows.append(Row(node: unit, cells: [Cell(node: unit, column: 0, span: 0, unsized: unsized)],
                                  spansAll: true, alignment: nil))
                continue
            }
            rowBehavior.inGrid = true
            // The row is not measured by the graph: bring its children up to date here.
            if unit.structureChanged { graph.refreshLayoutChildren(unit) }
            var cells: [Cell] = []
            var column = 0
            for cell in unit.layoutChildren {
                let span = LayoutValueBehavior.value(for: GridCellColumnsKey.self, at: cell)
                let unsized = LayoutValueBehavior.value(for: GridCellUnsizedAxesKey.self, at: cell)
                cells.append(Cell(node: cell, column: column, span: span, unsized: unsized))
                column += span
            }
            columns = Swift.max(columns, column)
            m.rows.append(Row(node: unit, cells: cells, spansAll: false, alignment: rowBehavior.alignment))
        }
        m.widths = Array(repeating: 0, count: columns)
        // Columns as wide as their widest single-column cell, then widened
        // for spanning cells and whole-row views that need more.
        for row in m.rows where !row.spansAll {
            for cell in row.cells where cell.span == 1 && !cell.unsized.contains(.horizontal) {
                m.widths[cell.column] = Swift.max(m.widths[cell.column],
                                                  graph.size(of: cell.node, for: .unspecified).width)
            }
        }
        for row in m.rows {
            for cell in row.cells where (row.spansAll || cell.span > 1) && !cell.unsized.contains(.horizontal) {
                let need = graph.size(of: cell.node, for: .unspecified).width
                if m.widths.isEmpty { m.widths = [0] }
                let span = row.spansAll ? m.widths.count : cell.span
                let have = spanWidth(m.widths, cell.column, span)
                if need > have { m.widths[Swift.min(cell.column + span, m.widths.count) - 1] += need - have }
            }
        }
        m.width = spanWidth(m.widths, 0, m.widths.count)
        for (i, row) in m.rows.enumerated() {
            var h = 0
            for cell in row.cells where !cell.unsized.contains(.vertical) {
                let w = row.spansAll ? m.width : spanWidth(m.widths, cell.column, cell.span)
                h = Swift.max(h, graph.size(of: cell.node, for: ProposedSize(width: w, height: nil)).height)
            }
            m.heights.append(h)
            m.height += h + (i > 0 ? verticalSpacing : 0)
        }
        return m
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let m = metrics(node, graph: graph)
        return Size(width: m.width, height: m.height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let m = metrics(node, graph: graph)
        // Each column's alignment: the first cell that sets one.
        var columnAlignment = [HorizontalAlignment?](repeating: nil, count: m.widths.count)
        for row in m.rows where !row.spansAll {
            for cell in row.cells where cell.column < columnAlignment.count && columnAlignment[cell.column] == nil {
                columnAlignment[cell.column] = LayoutValueBehavior.value(for: GridColumnAlignmentKey.self, at: cell.node)
            }
        }
        var x = [Int](repeating: rect.x, count: m.widths.count)
        for c in m.widths.indices.dropFirst() { x[c] = x[c - 1] + m.widths[c - 1] + horizontalSpacing }
        var y = rect.y
        for (i, row) in m.rows.enumerated() {
            let height = m.heights[i]
            let rowRect = Rect(x: rect.x, y: y, width: m.width, height: height).intersection(rect)
            if !row.spansAll { graph.place(row.node, in: rowRect) }
            for cell in row.cells {
                let area = row.spansAll ? Rect(x: rect.x, y: y, width: m.width, height: height)
                    : Rect(x: cell.column < x.count ? x[cell.column] : rect.x, y: y,
                           width: spanWidth(m.widths, cell.column, cell.span), height: height)
                let s = graph.size(of: cell.node, for: ProposedSize(width: area.width, height: area.height))
                let w = Swift.min(s.width, area.width), h = Swift.min(s.height, area.height)
                let dx: Int, dy: Int
                if let anchor = LayoutValueBehavior.value(for: GridCellAnchorKey.self, at: cell.node) {
                    (dx, dy) = anchor.offset(in: Size(width: area.width - w, height: area.height - h))
                } else {
                    let columnGuide = row.spansAll || cell.column >= columnAlignment.count
                        ? nil : columnAlignment[cell.column]
                    dx = (columnGuide ?? alignment.horizontal).offset(child: w, in: area.width)
                    dy = (row.alignment ?? alignment.vertical).offset(child: h, in: area.height)
                }
                let placed = Rect(x: area.x + dx, y: area.y + dy, width: w, height: h)
                graph.place(cell.node, in: row.spansAll ? placed.intersection(rect) : placed.intersection(rowRect))
            }
            y += height + verticalSpacing
        }
    }
}
