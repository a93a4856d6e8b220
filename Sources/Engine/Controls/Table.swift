/// Rows of data in columns under a header, with single, multiple or no
/// selection, and optionally sortable headers.
///
/// ```swift
/// @State private var selected: Process.ID?
/// @State private var sort: TableSortOrder? = TableSortOrder(column: "CPU", ascending: false)
///
/// Table(sorted(processes, by: sort), selection: $selected, sortOrder: $sort) {
///     TableColumn("Name", width: .flexible(min: 10)) { p in Text(p.name) }
///     TableColumn("User", value: \.user, width: .fitted)
///     TableColumn("CPU", width: .fixed(6), alignment: .trailing) { p in Text(p.cpuText) }
/// }
/// ```
///
/// Rows are lazy, as in a ``List``: 100,000 rows cost what the rows shown
/// cost, in time and in nodes. Column widths are fixed, flexible (sharing
/// what is left) or fitted (the widest cell shown or the header); cells
/// wider than their column are cut with "…". The keys, the mouse and the
/// selection colours are a list's; with a `sortOrder` binding, clicking a
/// header sorts by its column (again: the other way), and so do `<` and `>`
/// (the previous or next sortable column) and `I` (invert), as in htop.
/// Sorting the data is the app's job: the table shows the order with ▲ or ▼.
public struct Table<Data: RandomAccessCollection, ID: Hashable & Sendable>: View {
    let data: Data
    let id: (Data.Element) -> ID
    let columns: [TableColumn<Data.Element>]
    let selection: ListSelection<ID>
    let sortOrder: Binding<TableSortOrder?>?
    @ControlModel private var cursor: ListCursor<ID>
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.clock) private var clock
    @Environment(EnvironmentPaths.typeToSelect) private var typeToSelect

    init(data: Data, id: @escaping (Data.Element) -> ID, selection: ListSelection<ID>,
         sortOrder: Binding<TableSortOrder?>?, columns: [TableColumn<Data.Element>]) {
        self.data = data
        self.id = id
        self.selection = selection
        self.sortOrder = sortOrder
        self.columns = columns
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    var resolvedBody: EventHandlerView<FocusableView<TableFace<Data.Element, ID>>> {
        let data = self.data, idOf = self.id, columns = self.columns, sortOrder = self.sortOrder
        let selection = self.selection, cursor = self.cursor, model = _cursor, isEnabled = self.isEnabled
        let clock = self.clock, typeToSelect = self.typeToSelect
        let count = data.count
        let element: (Int) -> Data.Element = { data[data.index(data.startIndex, offsetBy: $0)] }
        let rowID: (Int) -> ID = { idOf(element($0)) }
        if let write = cursor.sync(count: count, id: rowID, selection: selection) { model.afterFrame(write) }
        return TableFace(count: count, id: idOf, element: element, columns: columns,
                         sortOrder: sortOrder?.wrappedValue, selection: selection, cursor: cursor)
            .focusable()
            .onFocusedKey { press in
                if let sortOrder, Table.sort(press, columns: columns, order: sortOrder) { return .handled }
                if !cursor.handle(press, count: count, id: rowID, selection: selection) {
                    // Type-to-jump on the first column's text.
                    guard typeToSelect, let first = columns.first,
                          cursor.jump(press, now: clock.now, count: count, label: { first.cell(element($0)).content },
                                      id: rowID, selection: selection)
                    else { return .ignored }
                }
                model.invalidate()
                return .handled
            }
            .onMouse { event in
                guard isEnabled else { return .ignored }
                if let sortOrder, event.kind == .press, event.button == .left,
                   let column = Table.headerColumn(at: event, cursor: cursor), columns[column].isSortable {
                    let title = columns[column].title
                    let current = sortOrder.wrappedValue
                    sortOrder.wrappedValue = TableSortOrder(column: title,
                                                            ascending: current?.column == title ? !current!.ascending : true)
                    return .handled
                }
                guard cursor.handle(event, count: count, id: rowID, selection: selection) else { return .ignored }
                model.invalidate()
                return .handled
            }
    }

    /// The column whose header is under a mouse event, if any.
    static func headerColumn(at event: MouseEvent, cursor: ListViewport) -> Int? {
        let f = cursor.frame
        guard cursor.rowsFrame.y > f.y, event.row == f.y, event.column >= f.x, event.column < f.maxX else { return nil }
        let x = event.column - f.x
        return cursor.columnX.indices.first { k in x >= cursor.columnX[k] && x < cursor.columnX[k] + cursor.columnWidth[k] }
    }

    /// `<` and `>` sort by the previous or next sortable column, `I`
    /// inverts the order; returns whether the key was one of these.
    static func sort(_ press: KeyPress, columns: [TableColumn<Data.Element>], order: Binding<TableSortOrder?>) -> Bool {
        guard press.phase != .up, case .character(let c) = press.key, c == "<" || c == ">" || c == "I",
              press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return false }
        let sortable = columns.indices.filter { columns[$0].isSortable }
        guard !sortable.isEmpty else { return false }
        let current = order.wrappedValue
        if c == "I" {
            guard var current else { return false }
            current.ascending.toggle()
            order.wrappedValue = current
            return true
        }
        let at = current.flatMap { o in sortable.firstIndex { columns[$0].title == o.column } }
        let next: Int
        if let at {
            next = (at + (c == ">" ? 1 : sortable.count - 1)) % sortable.count
        } else {
            next = c == ">" ? 0 : sortable.count - 1
        }
        order.wrappedValue = TableSortOrder(column: columns[sortable[next]].title, ascending: current?.ascending ?? true)
        return true
    }
}

extension Table {
    /// A table of `data` identified by the key path `id`, selecting one row.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<ID?>,
                sortOrder: Binding<TableSortOrder?>? = nil,
                @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.init(data: data, id: Table.idFunction(id), selection: .single(selection), sortOrder: sortOrder,
                  columns: columns())
    }

    /// A table of `data` identified by the key path `id`, selecting a set of rows.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<ID>>,
                sortOrder: Binding<TableSortOrder?>? = nil,
                @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.init(data: data, id: Table.idFunction(id), selection: .multiple(selection), sortOrder: sortOrder,
                  columns: columns())
    }

    /// A table of `data` identified by the key path `id`, without selection.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, sortOrder: Binding<TableSortOrder?>? = nil,
                @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.init(data: data, id: Table.idFunction(id), selection: .none, sortOrder: sortOrder, columns: columns())
    }

    static func idFunction(_ path: KeyPath<Data.Element, ID>) -> (Data.Element) -> ID { rowID(path) }
}

extension Table where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A table of `Identifiable` data, selecting one row.
    public init(_ data: Data, selection: Binding<ID?>, sortOrder: Binding<TableSortOrder?>? = nil,
                @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.init(data: data, id: { $0.id }, selection: .single(selection), sortOrder: sortOrder, columns: columns())
    }

    /// A table of `Identifiable` data, selecting a set of rows.
    public init(_ data: Data, selection: Binding<Set<ID>>, sortOrder: Binding<TableSortOrder?>? = nil,
                @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.init(data: data, id: { $0.id }, selection: .multiple(selection), sortOrder: sortOrder, columns: columns())
    }

    /// A table of `Identifiable` data without selection.
    public init(_ data: Data, sortOrder: Binding<TableSortOrder?>? = nil,
                @TableColumnBuilder<Data.Element> columns: () -> [TableColumn<Data.Element>]) {
        self.init(data: data, id: { $0.id }, selection: .none, sortOrder: sortOrder, columns: columns())
    }
}

/// A table's look: the header (with the sort mark) and the rows in the
/// selection colours of a focused (or not) table.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct TableFace<Element, ID: Hashable & Sendable>: View {
    var count: Int
    var id: (Element) -> ID
    var element: (Int) -> Element
    var columns: [TableColumn<Element>]
    var sortOrder: TableSortOrder?
    var selection: ListSelection<ID>
    var cursor: ListCursor<ID>
    @Environment(EnvironmentPaths.isFocused) private var isFocused
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: RowViewport<TableRowView> {
        let id = self.id, element = self.element
        let background = cursor.rowBackground(selection, isFocused: isFocused && isEnabled, theme: theme)
        let cells = columns.map { $0.cell }, columnCount = columns.count
        let header = TableRowView(cells: columns.map { column in
            var title = column.title
            if let sortOrder, sortOrder.column == column.title { title += sortOrder.ascending ? " ▲" : " ▼" }
            return Text(title).bold().singleLine()
        }, background: .default)
        return RowViewport(count: count,
                           row: { i in
                               let e = element(i)
                               let rowID = id(e)
                               var texts: [Text] = []
                               texts.reserveCapacity(columnCount)
                               for k in 0..<columnCount { texts.append(cells[k](e).singleLine()) }
                               return (ExplicitID(rowID), TableRowView(cells: texts, background: background(i, rowID)))
                           },
                           header: header,
                           columns: columns.map { TableColumnSpec(width: $0.width, alignment: $0.alignment) },
                           viewport: cursor)
    }
}
