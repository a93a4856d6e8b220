/// A run of a list's rows, as ``ViewList/init(rowsOf:)`` reads a ``List``'s
/// view-builder content.
enum ListRun {
    /// One row: a view of the content, or a section's header or footer.
    case element(ViewList.Element, ListRowRole)
    /// A ``ForEach``'s rows, each read only when it is shown.
    case lazy(count: Int, row: @MainActor (Int) -> ViewList.Element)
    /// An ``OutlineGroup``'s rows: the expanded tree, read by row number.
    case outline(any ListOutlineSource)
}

/// What a row of a list is: a row of the content, or a section's header or
/// footer (never selected; the cursor steps over them).
enum ListRowRole {
    case row, header, footer
}

/// A tree in a list's content: its rows, with its expansion state kept in
/// a slot of the list's model from one evaluation to the next.
@MainActor
protocol ListOutlineSource {
    func rows(model slot: inout AnyObject?) -> ListOutlineRows
}

/// A tree's rows inside a list, numbered from 0 within the tree.
struct ListOutlineRows {
    var count: Int
    /// Row `i`: the indented row view, tagged with the node's id.
    var row: @MainActor (Int) -> ViewList.Element
    /// Row `i`'s depth, and whether it is expanded or has children.
    var node: @MainActor (Int) -> (depth: Int, isExpanded: Bool, hasChildren: Bool)
    /// The row of row `i`'s parent (nil for a root).
    var parentRow: @MainActor (Int) -> Int?
    /// Expands or collapses row `i`; returns the change in the number of
    /// rows, or nil when nothing changed.
    var setExpanded: @MainActor (Bool, Int) -> Int?
}

/// A row of a list built from view-builder content, as the list's cursor
/// knows it: by its tag (the selection value: an explicit `.tag`, a
/// ``ForEach`` element's id, a tree node's id), or by its place when it has
/// no tag (a section header, an untagged static row).
enum ListRowKey: Hashable, @unchecked Sendable {
    // Tags are the app's `Hashable & Sendable` values (a ForEach's ids,
    // `.tag` values), so the boxed value is Sendable.
    case tag(AnyHashable)
    case place(run: Int, row: Int)
}

/// A list's content read as rows: the runs of ``ViewList/init(rowsOf:)``
/// with each tree resolved against its kept state, and where each run
/// starts.
@MainActor
struct ListContentRows {
    enum Part {
        case element(ViewList.Element, ListRowRole)
        case lazy(count: Int, row: @MainActor (Int) -> ViewList.Element)
        case outline(ListOutlineRows)

        var count: Int {
            switch self {
            case .element: 1
            case .lazy(let count, _): count
            case .outline(let rows): rows.count
            }
        }
    }

    private(set) var parts: [Part] = []
    /// The first row of each part.
    private(set) var starts: [Int] = []
    private(set) var count = 0

    /// The rows of `content`; each tree's state is in `outlines`, by the
    /// tree's place among the content's trees.
    init<Content: View>(_ content: Content, outlines: inout [AnyObject?]) {
        let list = ViewList(rowsOf: content)
        var tree = 0
        for run in list.runs ?? [] {
            let part: Part
            switch run {
            case .element(let element, let role):
                part = .element(element, role)
            case .lazy(let count, let row):
                part = .lazy(count: count, row: row)
            case .outline(let source):
                if tree == outlines.count { outlines.append(nil) }
                part = .outline(source.rows(model: &outlines[tree]))
                tree += 1
            }
            starts.append(count)
            parts.append(part)
            count += part.count
        }
        // Trees gone from the content give up their state.
        if outlines.count > tree { outlines.removeLast(outlines.count - tree) }
    }

    /// The part holding row `i` and the row's place in it.
    ///
    /// - Complexity: O(log parts).
    func locate(_ i: Int) -> (part: Int, row: Int) {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        return (lo, i - starts[lo])
    }

    /// Row `i`'s view and tag, and what it is.
    func element(_ i: Int) -> (ViewList.Element, ListRowRole) {
        let (p, r) = locate(i)
        switch parts[p] {
        case .element(let element, let role): return (element, role)
        case .lazy(_, let row): return (row(r), .row)
        case .outline(let rows): return (rows.row(r), .row)
        }
    }

    /// Row `i`'s key: its tag, or its place.
    func key(_ i: Int) -> ListRowKey {
        let (element, role) = element(i)
        if role == .row, let tag = element.tag { return .tag(tag) }
        let (p, r) = locate(i)
        return .place(run: p, row: r)
    }

    /// Whether a tree is among the rows.
    var hasTrees: Bool {
        parts.contains { part in
            if case .outline = part { return true }
            return false
        }
    }

    /// The tree holding row `i`, with the row's number in the tree.
    func outline(at i: Int) -> (rows: ListOutlineRows, row: Int, start: Int)? {
        guard i >= 0, i < count else { return nil }
        let (p, r) = locate(i)
        guard case .outline(let rows) = parts[p] else { return nil }
        return (rows, r, starts[p])
    }
}

/// The model of a list built from view-builder content: its cursor and the
/// state of the trees in it.
final class ListContentModel: ControlModelObject {
    let cursor = ListCursor<ListRowKey>()
    var outlines: [AnyObject?] = []

    required init() {}
}

/// A ``List`` built from view-builder content (`List { … }`): rows,
/// ``ForEach`` runs, ``Section`` headers and footers, and
/// ``OutlineGroup`` trees, with the list's selection.
struct ListContentView<ID: Hashable & Sendable, Content: View>: View {
    var content: Content
    var selection: ListSelection<ID>
    @ControlModel private var model: ListContentModel
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let model = self.model, box = _model, isEnabled = self.isEnabled
        let cursor = model.cursor
        let rows = ListContentRows(content, outlines: &model.outlines)
        var selection = Self.keys(self.selection)
        if case .none = selection, rows.hasTrees {
            // Without a selection, a list with trees still walks a cursor
            // (to open them), marked as a tree's is.
            selection = .multiple(Binding(get: { [] }, set: { _ in }))
        }
        let key: (Int) -> ListRowKey = { rows.key($0) }
        var selectsValues = true
        if case .none = self.selection { selectsValues = false }
        let selectable: (Int) -> Bool = { i in
            // With a selection, a row whose value is of its type; without
            // (a list with trees walks a cursor), every row of the content.
            guard selectsValues else { return rows.element(i).1 == .row }
            guard case .tag(let tag) = rows.key(i) else { return false }
            return tag.base is ID
        }
        if let write = cursor.sync(count: rows.count, id: key, selection: selection) { box.afterFrame(write) }
        return ListFace(count: rows.count,
                        row: { i in
                            let (element, role) = rows.element(i)
                            return (rows.key(i), ListContentRow(view: element.view, role: role))
                        },
                        selection: selection, cursor: cursor)
            .environment(\.listRowSelector, ListRowSelector(cursor, selection: self.selection))
            .focusable()
            .onFocusedKey { press in
                guard Self.handle(press, rows: rows, cursor: cursor, selection: selection, selectable: selectable)
                else { return .ignored }
                box.invalidate()
                return .handled
            }
            .onMouse { event in
                guard isEnabled, Self.handle(event, rows: rows, cursor: cursor, selection: selection,
                                             selectable: selectable) else { return .ignored }
                box.invalidate()
                return .handled
            }
    }

    /// The list's selection as the cursor sees it: keys for the app's values.
    static func keys(_ selection: ListSelection<ID>) -> ListSelection<ListRowKey> {
        switch selection {
        case .none:
            return .none
        case .single(let binding):
            return .single(
                Binding(
                    get: { binding.wrappedValue.map { .tag(AnyHashable($0)) } },
                    set: { key in
                        switch key {
                        case nil: binding.wrappedValue = nil
                        case .tag(let tag)?: if let value = tag.base as? ID { binding.wrappedValue = value }
                        case .place?: break  // a header or an untagged row selects nothing
                        }
                    }))
        case .multiple(let binding):
            return .multiple(
                Binding(
                    get: { Set(binding.wrappedValue.map { .tag(AnyHashable($0)) }) },
                    set: { keys in
                        binding.wrappedValue = Set(keys.compactMap { key in
                            guard case .tag(let tag) = key else { return nil }
                            return tag.base as? ID
                        })
                    }))
        }
    }

    /// A key on the focused list: a tree's keys on a tree's row, else the
    /// list's, stepping over rows that cannot be selected.
    static func handle(_ press: KeyPress, rows: ListContentRows, cursor: ListCursor<ListRowKey>,
                       selection: ListSelection<ListRowKey>, selectable: (Int) -> Bool) -> Bool {
        guard press.phase != .up else { return false }
        let modifiers = press.modifiers.subtracting([.capsLock, .numLock])
        guard modifiers.isDisjoint(with: [.control, .option, .command]) else { return false }
        let key: (Int) -> ListRowKey = { rows.key($0) }
        if case .none = selection {
            return cursor.handle(press, count: rows.count, id: key, selection: selection)
        }
        if let (tree, row, start) = rows.outline(at: cursor.cursor) {
            let node = tree.node(row)
            var multiple = false
            if case .multiple = selection { multiple = true }
            switch press.key {
            case .right:
                if node.isExpanded {
                    if row + 1 < tree.count, tree.parentRow(row + 1) == row {
                        cursor.moveCursor(to: start + row + 1, extending: false, id: key, selection: selection)
                    }
                    return true
                }
                setExpanded(true, tree: tree, row: row, start: start, rows: rows, cursor: cursor, selection: selection)
                return true
            case .left:
                if node.isExpanded {
                    setExpanded(false, tree: tree, row: row, start: start, rows: rows, cursor: cursor,
                                selection: selection)
                } else if let parent = tree.parentRow(row) {
                    cursor.moveCursor(to: start + parent, extending: false, id: key, selection: selection)
                }
                return true
            case .enter:
                setExpanded(!node.isExpanded, tree: tree, row: row, start: start, rows: rows, cursor: cursor,
                            selection: selection)
                return true
            case .character(" ") where !multiple:
                setExpanded(!node.isExpanded, tree: tree, row: row, start: start, rows: rows, cursor: cursor,
                            selection: selection)
                return true
            default:
                break
            }
        }
        let before = cursor.cursor
        guard cursor.handle(press, count: rows.count, id: key, selection: selection) else { return false }
        let after = cursor.cursor
        if after < rows.count, !selectable(after) {
            // Step over headers and untagged rows, on in the direction
            // moved (back, at the end of the list).
            let step = after < before || press.key == .end ? -1 : 1
            if let target = nearestSelectable(from: after, step: step, count: rows.count, selectable: selectable) {
                cursor.moveCursor(to: target, extending: modifiers.contains(.shift), id: key, selection: selection)
            }
        }
        return true
    }

    /// A mouse event over the list: a click on a tree row's marker toggles
    /// it; a click on a header or an untagged row selects nothing.
    static func handle(_ event: MouseEvent, rows: ListContentRows, cursor: ListCursor<ListRowKey>,
                       selection: ListSelection<ListRowKey>, selectable: (Int) -> Bool) -> Bool {
        if event.kind == .press, event.button == .left,
           let row = cursor.row(atScreenRow: event.row, column: event.column), row < rows.count {
            if let (tree, local, start) = rows.outline(at: row) {
                let node = tree.node(local)
                let markerX = cursor.rowsFrame.x + node.depth * OutlineModel<[Int], Int>.indent
                if event.column >= markerX, event.column < markerX + OutlineModel<[Int], Int>.indent,
                   node.isExpanded || node.hasChildren {
                    setExpanded(!node.isExpanded, tree: tree, row: local, start: start, rows: rows, cursor: cursor,
                                selection: selection)
                    return true
                }
            }
            if !selectable(row) { return true }
        }
        return cursor.handle(event, count: rows.count, id: { rows.key($0) }, selection: selection)
    }

    /// Expands or collapses a tree's row `row` (the list's row `start +
    /// row`), keeping the cursor on its row: rows after the change move by
    /// its size, and a cursor inside a collapsed node goes to the node (and
    /// selects it, as a tree does).
    static func setExpanded(_ expand: Bool, tree: ListOutlineRows, row: Int, start: Int, rows: ListContentRows,
                            cursor: ListCursor<ListRowKey>, selection: ListSelection<ListRowKey>) {
        guard let delta = tree.setExpanded(expand, row) else { return }
        let at = start + row
        cursor.rowCount += delta
        let c = cursor.cursor
        guard c > at else { return }
        if delta < 0, c <= at - delta {
            // The rows are read again at the next evaluation; the node's key
            // is the same before and after.
            let node = rows.key(at)
            cursor.moveCursor(to: at, extending: false, id: { _ in node }, selection: selection)
        } else {
            cursor.cursor = c + delta
        }
    }

    /// The first selectable row from `start` on in direction `step`, else
    /// the other way.
    static func nearestSelectable(from start: Int, step: Int, count: Int, selectable: (Int) -> Bool) -> Int? {
        for direction in [step, -step] {
            var i = start
            while i >= 0, i < count {
                if selectable(i) { return i }
                i += direction
            }
        }
        return nil
    }
}

/// A row of a list built from content: a section's header in bold, its
/// footer dimmed, other rows as they are.
struct ListContentRow: View {
    var view: AnyView
    var role: ListRowRole

    var body: some View {
        switch role {
        case .row: view
        case .header: view.bold()
        case .footer: view.dim()
        }
    }
}

extension Section: ViewListContent {
    /// In a list's rows, the header and footer are rows of their own around
    /// the content's; anywhere else the section is one view.
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        guard list.readsRows else {
            list.appendWhole(self, implicitTag: implicitTag)
            return
        }
        if !(header is EmptyView) {
            list.append(run: .element(ViewList.Element(view: AnyView(header), value: header, tag: nil), .header))
        }
        list.append(content, implicitTag: implicitTag)
        if !(footer is EmptyView) {
            list.append(run: .element(ViewList.Element(view: AnyView(footer), value: footer, tag: nil), .footer))
        }
    }
}

extension OutlineGroup: ViewListContent {
    /// In a list's rows, the tree's rows (lazily, by row number); anywhere
    /// else the tree is one view.
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        guard list.readsRows else {
            list.appendWhole(self, implicitTag: implicitTag)
            return
        }
        list.append(run: .outline(self))
    }
}

extension OutlineGroup: ListOutlineSource {
    /// The tree's rows in a list: the index kept in `slot`'s model (made
    /// there the first time), rows tagged with their node's id.
    func rows(model slot: inout AnyObject?) -> ListOutlineRows {
        let model: OutlineModel<Data, ID>
        if let kept = slot as? OutlineModel<Data, ID> {
            model = kept
        } else {
            model = OutlineModel()
            slot = model
        }
        let index = model.prepare(data: data, id: id, children: children)
        let content = self.content
        return ListOutlineRows(
            count: index.count,
            row: { i in
                let shown = index.row(at: i)
                let marker: OutlineMarker =
                    shown.isExpanded ? .expanded : index.hasChildren(shown.element) ? .collapsed : .leaf
                let label = OutlineRowLabel(depth: shown.depth, marker: marker, content: content(shown.element))
                return ViewList.Element(view: AnyView(label), value: label, tag: AnyHashable(index.id(shown.element)))
            },
            node: { i in
                let shown = index.row(at: i)
                return (shown.depth, shown.isExpanded, index.hasChildren(shown.element))
            },
            parentRow: { index.parentRow(of: $0) },
            setExpanded: { expand, row in model.setExpanded(expand, row: row) })
    }
}

extension List where Data == EmptyCollection<Never> {
    /// A list of the rows `content` builds, selecting one: static rows,
    /// ``ForEach`` rows (lazy: only the rows shown are built), ``Section``s
    /// (their header and footer are rows of their own, which the selection
    /// steps over) and ``OutlineGroup`` trees.
    ///
    /// A row's selection value is its `.tag`, or its ``ForEach`` element's
    /// id, or its tree node's id; rows whose value is not of the
    /// selection's type cannot be selected (as in SwiftUI).
    ///
    /// ```swift
    /// List(selection: $selected) {
    ///     Section("Favourites") {
    ///         ForEach(favourites) { f in Text(f.name) }
    ///     }
    ///     Section("Folders") {
    ///         OutlineGroup(folders, children: \.children) { f in Text(f.name) }
    ///     }
    /// }
    /// ```
    public init(selection: Binding<ID?>, @ViewBuilder content: () -> RowContent) {
        self.init(data: EmptyCollection(), id: uninhabited, selection: .single(selection),
                  rowContent: uninhabited)
        self.content = content()
    }

    /// A list of the rows `content` builds, selecting a set of them (Space
    /// toggles the row at the cursor, Shift-Up/Down extends).
    public init(selection: Binding<Set<ID>>, @ViewBuilder content: () -> RowContent) {
        self.init(data: EmptyCollection(), id: uninhabited, selection: .multiple(selection),
                  rowContent: uninhabited)
        self.content = content()
    }
}

extension List where Data == EmptyCollection<Never>, ID == Never {
    /// A list of the rows `content` builds, without selection: the keys
    /// scroll it (and walk and open its trees).
    ///
    /// ```swift
    /// List {
    ///     Text("Inbox")
    ///     ForEach(mailboxes) { m in Text(m.name) }
    /// }
    /// ```
    public init(@ViewBuilder content: () -> RowContent) {
        self.init(data: EmptyCollection(), id: uninhabited, selection: .none,
                  rowContent: uninhabited)
        self.content = content()
    }
}

/// The row closures of a list built from content: it has no data, so they
/// are never called.
private func uninhabited<T>(_ never: Never) -> T {}
