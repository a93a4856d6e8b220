/// A scrolling column of rows computed from data, with single, multiple
/// or no selection.
///
/// ```swift
/// @State private var selected: Process.ID?
/// List(processes, selection: $selected) { p in Text(p.name) }
///
/// @State private var marked: Set<String> = []
/// List(files, id: \.path, selection: $marked) { f in Text(f.path) }
/// ```
///
/// Rows are lazy: only the rows that fit are evaluated, keyed by id, so a
/// list of 100,000 rows costs what the few dozen shown cost. The list takes
/// the space it is offered; every row is as tall as the tallest row seen
/// (one line for `Text` rows). Make row views `Equatable` (as `Text` is):
/// moving the selection then evaluates only the rows whose look changed.
///
/// It is focusable. Focused, Up/Down move the selection (with multiple
/// selection, the cursor: Space toggles its row, Shift-Up/Down extend the
/// selection from the anchor), PageUp/PageDown move by the rows that fit,
/// Home/End go to the ends; without selection these keys scroll. A click
/// selects (Shift-click extends, Ctrl-click toggles), the wheel scrolls
/// three rows a notch and leaves the selection alone. The scroll position
/// follows the selection only as far as needed to keep it in sight. The
/// selected rows are drawn with the theme's `selectionBackground`, or its
/// `inactiveSelectionBackground` when the list is not focused. Inside
/// `.disabled(true)` it ignores input.
public struct List<Data: RandomAccessCollection, ID: Hashable & Sendable, RowContent: View>: View {
    let data: Data
    let id: (Data.Element) -> ID
    let rowContent: (Data.Element) -> RowContent
    let selection: ListSelection<ID>
    /// The tree this list shows (`List(_:children:selection:rowContent:)`).
    var outline: OutlineGroup<Data, ID, RowContent>?
    /// The view-builder content this list shows (`List { … }`).
    var content: RowContent?
    @ControlModel private var cursor: ListCursor<ID>
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled

    init(data: Data, id: @escaping (Data.Element) -> ID, selection: ListSelection<ID>,
         rowContent: @escaping (Data.Element) -> RowContent) {
        self.data = data
        self.id = id
        self.selection = selection
        self.rowContent = rowContent
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    @ViewBuilder private var resolvedBody:
        ConditionalContent<ConditionalContent<OutlineGroup<Data, ID, RowContent>, ListContentView<ID, RowContent>>, Rows> {
        if let outline {
            outline
        } else if let content {
            ListContentView(content: content, selection: selection)
        } else {
            rows
        }
    }

    typealias Rows = EventHandlerView<FocusableView<EnvironmentWriter<ListFace<RowContent, ID>, ListRowSelector>>>

    var rows: Rows {
        let data = self.data, idOf = self.id, rowContent = self.rowContent
        let selection = self.selection, cursor = self.cursor, model = _cursor, isEnabled = self.isEnabled
        let count = data.count
        let rowID: (Int) -> ID = { idOf(data[data.index(data.startIndex, offsetBy: $0)]) }
        if let write = cursor.sync(count: count, id: rowID, selection: selection) { model.afterFrame(write) }
        return ListFace(count: count,
                        row: { i in
                            let element = data[data.index(data.startIndex, offsetBy: i)]
                            return (idOf(element), rowContent(element))
                        },
                        selection: selection, cursor: cursor)
            .environment(EnvironmentPaths.listRowSelector, ListRowSelector(cursor, selection: selection))
            .focusable()
            .onFocusedKey { press in
                guard cursor.handle(press, count: count, id: rowID, selection: selection) else { return .ignored }
                model.invalidate()
                return .handled
            }
            .onMouse { event in
                guard isEnabled, cursor.handle(event, count: count, id: rowID, selection: selection) else { return .ignored }
                model.invalidate()
                return .handled
            }
    }
}

extension List {
    /// A list of `data` identified by the key path `id`, selecting one row.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<ID?>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: List.idFunction(id), selection: .single(selection), rowContent: rowContent)
    }

    /// A list of `data` identified by the key path `id`, selecting a set of
    /// rows (Space toggles the row at the cursor, Shift-Up/Down extends).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<ID>>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: List.idFunction(id), selection: .multiple(selection), rowContent: rowContent)
    }

    /// A list of `data` identified by the key path `id`, without selection:
    /// the keys scroll it.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: List.idFunction(id), selection: .none, rowContent: rowContent)
    }

    static func idFunction(_ path: KeyPath<Data.Element, ID>) -> (Data.Element) -> ID { rowID(path) }
}

extension List where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A list of `Identifiable` data, selecting one row.
    public init(_ data: Data, selection: Binding<ID?>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: { $0.id }, selection: .single(selection), rowContent: rowContent)
    }

    /// A list of `Identifiable` data, selecting a set of rows.
    public init(_ data: Data, selection: Binding<Set<ID>>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: { $0.id }, selection: .multiple(selection), rowContent: rowContent)
    }

    /// A list of `Identifiable` data without selection.
    public init(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: { $0.id }, selection: .none, rowContent: rowContent)
    }
}

/// A list's look: its rows in the selection colours of a focused (or not)
/// list. Inside the focusable view, so it sees `\.isFocused`.
///
/// Public only so that an app's module sees its conformance to ``View``:
/// the engine is built with cross-module optimisation, and code specialised
/// there for the app's row type reaches an internal type's `_reconcile`
/// through its witness table, unspecialised, from there on (generic
/// metadata looked up per row, copies and `==` through value witnesses).
/// Its members stay internal; it is no API.
public struct ListFace<Row: View, ID: Hashable & Sendable>: View {
    var count: Int
    /// The id and row view of row `i` (the element read once).
    var row: (Int) -> (ID, Row)
    var selection: ListSelection<ID>
    var cursor: ListCursor<ID>
    @Environment(EnvironmentPaths.isFocused) private var isFocused
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: RowViewport<ListRowView<Row>> {
        let row = self.row
        let background = cursor.rowBackground(selection, isFocused: isFocused && isEnabled, theme: theme)
        return RowViewport(count: count,
                           row: { i in
                               let (id, content) = row(i)
                               return (ExplicitID(id), ListRowView(content: content, background: background(i, id)))
                           },
                           header: nil, columns: nil, viewport: cursor)
    }
}

extension List where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A tree of `Identifiable` data shown as a list, selecting one row:
    /// `children` is the key path to a node's children (nil: a leaf).
    /// See ``OutlineGroup`` for its look, keys and laziness.
    public init(_ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<ID?>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: { $0.id }, selection: .single(selection), rowContent: rowContent)
        outline = OutlineGroup(data: .many(data), id: { $0.id }, children: rowID(children), selection: .single(selection),
                               content: rowContent)
    }

    /// A tree of `Identifiable` data shown as a list, selecting a set of
    /// rows (Space toggles the cursor row's selection; Return expands).
    public init(_ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<Set<ID>>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: { $0.id }, selection: .multiple(selection), rowContent: rowContent)
        outline = OutlineGroup(data: .many(data), id: { $0.id }, children: rowID(children), selection: .multiple(selection),
                               content: rowContent)
    }

    /// A tree of `Identifiable` data shown as a list without selection.
    public init(_ data: Data, children: KeyPath<Data.Element, Data?>,
                @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) {
        self.init(data: data, id: { $0.id }, selection: .none, rowContent: rowContent)
        outline = OutlineGroup(data: .many(data), id: { $0.id }, children: rowID(children), selection: .none,
                               content: rowContent)
    }
}

/// Selects the row of the enclosing selectable list whose id is a given
/// value: how a ``NavigationLink`` in a split view's sidebar list selects
/// its row.
///
/// Equal while it is the same list (its cursor), so that the rows reading
/// it are not evaluated again with the list: the selection binding it
/// writes is the list's for its whole life.
struct ListRowSelector: Equatable {
    private let owner: ObjectIdentifier?
    /// Selects the row with id `value`; false when `value` is no id of the list.
    let select: (@MainActor (AnyHashable) -> Bool)?

    init() {
        owner = nil
        select = nil
    }

    @MainActor
    init<ID: Hashable>(_ cursor: AnyObject, selection: ListSelection<ID>) {
        owner = ObjectIdentifier(cursor)
        switch selection {
        case .none:
            select = nil
        case .single(let binding):
            select = { value in
                guard let id = value.base as? ID else { return false }
                binding.wrappedValue = id
                return true
            }
        case .multiple(let binding):
            select = { value in
                guard let id = value.base as? ID else { return false }
                binding.wrappedValue = [id]
                return true
            }
        }
    }

    static func == (a: Self, b: Self) -> Bool { a.owner == b.owner }
}

private struct ListRowSelectorKey: EnvironmentKey {
    static var defaultValue: ListRowSelector { ListRowSelector() }
}

extension EnvironmentValues {
    /// The enclosing selectable list's row selector (none outside a list).
    var listRowSelector: ListRowSelector {
        get { self[ListRowSelectorKey.self] }
        set { self[ListRowSelectorKey.self] = newValue }
    }
}
