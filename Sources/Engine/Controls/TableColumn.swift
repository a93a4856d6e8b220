/// How a table column takes its width.
public enum TableColumnWidth: Hashable, Sendable {
    /// Exactly this many cells.
    case fixed(Int)
    /// A share of what the fixed and fitted columns leave, between `min` and
    /// `max` cells; flexible columns share equally.
    case flexible(min: Int = 1, max: Int = .max)
    /// As wide as the widest cell shown (or the header).
    case fitted

    /// The widths of columns of `kinds` across `width` cells with `spacing`
    /// between them; `fitted` holds each fitted column's widest cell. When
    /// the row is too narrow, flexible columns keep their minimum and the
    /// row is cut at the right edge.
    ///
    /// - Complexity: O(columns²) at worst; tables have a few columns.
    static func allocate(_ kinds: [TableColumnWidth], fitted: [Int], width: Int, spacing: Int) -> [Int] {
        var widths = [Int](repeating: 0, count: kinds.count)
        var used = spacing * Swift.max(0, kinds.count - 1)
        var open: [Int] = []
        for (k, kind) in kinds.enumerated() {
            switch kind {
            case .fixed(let w): widths[k] = Swift.max(0, w)
            case .fitted: widths[k] = fitted[k]
            case .flexible(let lo, let hi):
                widths[k] = Swift.max(0, lo)
                if hi > widths[k] { open.append(k) }
            }
            used += widths[k]
        }
        var extra = width - used
        // Water-filling: share what is left equally, columns that reach
        // their maximum drop out and leave the rest to the others.
        while extra > 0 && !open.isEmpty {
            let share = Swift.max(1, extra / open.count)
            for k in open where extra > 0 {
                guard case .flexible(_, let hi) = kinds[k] else { continue }
                let add = Swift.min(share, hi - widths[k], extra)
                widths[k] += add
                extra -= add
            }
            open.removeAll { k in
                guard case .flexible(_, let hi) = kinds[k] else { return true }
                return widths[k] >= hi
            }
        }
        return widths
    }
}

/// A column of a ``Table``: a header title and the cell text of each row.
///
/// ```swift
/// TableColumn("Name", width: .flexible(min: 10)) { p in Text(p.name) }
/// TableColumn("CPU", width: .fixed(6), alignment: .trailing) { p in Text(String(format: "%.1f", p.cpu)) }
/// TableColumn("User", value: \.user, width: .fitted)
/// ```
///
/// Cells are one line; text wider than the column is cut with "…".
public struct TableColumn<Row> {
    public var title: String
    public var width: TableColumnWidth
    public var alignment: HorizontalAlignment
    /// Clicking the header (or `<`/`>`) sorts by this column, when the
    /// table has a sort order binding.
    public var isSortable: Bool
    let cell: (Row) -> Text

    public init(_ title: String, width: TableColumnWidth = .flexible(), alignment: HorizontalAlignment = .leading,
                sortable: Bool = true, cell: @escaping (Row) -> Text) {
        self.title = title
        self.width = width
        self.alignment = alignment
        isSortable = sortable
        self.cell = cell
    }

    /// A column showing a string property of the row.
    public init(_ title: String, value: KeyPath<Row, String>, width: TableColumnWidth = .flexible(),
                alignment: HorizontalAlignment = .leading, sortable: Bool = true) {
        if let offset = MemoryLayout<Row>.offset(of: value) {
            // A stored property of a struct: read it at its offset. Applying
            // a key path costs several times a short row's own work, and
            // a table reads every cell it shows each time it is evaluated.
            self.init(title, width: width, alignment: alignment, sortable: sortable) { row in
                withUnsafeBytes(of: row) { Text($0.load(fromByteOffset: offset, as: String.self)) }
            }
        } else {
            nonisolated(unsafe) let path = value
            self.init(title, width: width, alignment: alignment, sortable: sortable) { Text($0[keyPath: path]) }
        }
    }
}

/// Builds a table's columns: one ``TableColumn`` per line, with `if` and `for`.
@resultBuilder
public enum TableColumnBuilder<Row> {
    public static func buildExpression(_ column: TableColumn<Row>) -> [TableColumn<Row>] { [column] }
    public static func buildBlock(_ parts: [TableColumn<Row>]...) -> [TableColumn<Row>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TableColumn<Row>]?) -> [TableColumn<Row>] { part ?? [] }
    public static func buildEither(first part: [TableColumn<Row>]) -> [TableColumn<Row>] { part }
    public static func buildEither(second part: [TableColumn<Row>]) -> [TableColumn<Row>] { part }
    public static func buildArray(_ parts: [[TableColumn<Row>]]) -> [TableColumn<Row>] { parts.flatMap { $0 } }
}

/// Which column a table is sorted by, and which way. The table only shows
/// and changes it; sorting the rows is the app's job.
public struct TableSortOrder: Hashable, Sendable {
    /// The title of the column.
    public var column: String
    public var ascending: Bool

    public init(column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
