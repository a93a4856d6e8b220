/// A tree's state at its node: the rows it shows (``OutlineIndex``, with
/// the set of expanded ids) and its cursor and scroll position
/// (``ListCursor``), kept while the tree stays in the tree of views.
///
/// Keys and the mouse on a tree, beyond a list's (``ListCursor``):
///
/// | Key | Action |
/// |---|---|
/// | Right | expand the cursor row; on an expanded row, go to its first child |
/// | Left | collapse the cursor row; on a collapsed row or a leaf, go to its parent |
/// | Return, Space | toggle the cursor row (Space toggles the selection instead with multiple selection) |
///
/// A click on a row's ▶/▼ marker toggles it; elsewhere on the row, as a list.
final class OutlineModel<Data: RandomAccessCollection, ID: Hashable>: ControlModelObject {
    let cursor = ListCursor<ID>()
    private(set) var index: OutlineIndex<Data, ID>?
    /// The model itself changed the rows (a key or a click) and asked for
    /// the evaluation that follows: that evaluation keeps the index instead
    /// of reading the expanded nodes' children again.
    private var changedByInput = false
    /// A selected id not among the rows shown (under a collapsed node):
    /// not looked for again until the rows change.
    private var hiddenSelection: ID?

    required init() {}

    /// The index for this evaluation: the one kept, after a change the
    /// model made itself; otherwise one read from `data` again, with the
    /// same nodes expanded (the app may have changed its data).
    ///
    /// - Complexity: O(1) when kept, or when nothing is expanded; otherwise
    ///   O(roots + the rows of the expanded nodes).
    func prepare(data: OutlineItems<Data>, id: @escaping (Data.Element) -> ID,
                 children: @escaping (Data.Element) -> Data?) -> OutlineIndex<Data, ID> {
        if let index, changedByInput {
            changedByInput = false
            return index
        }
        changedByInput = false
        hiddenSelection = nil
        let fresh = OutlineIndex(roots: data, expanded: index?.expandedIDs ?? [], id: id, children: children)
        index = fresh
        return fresh
    }

    /// The id of row `i`.
    func rowID(_ i: Int) -> ID {
        guard let index else { preconditionFailure("a tree's rows are read after its index is made") }
        return index.id(index.row(at: i).element)
    }

    /// Brings the cursor in step with the rows and the selection.
    ///
    /// Unlike a list, a tree keeps a selection it does not show (a node
    /// under a collapsed parent is still selected), so it never writes the
    /// selection here.
    ///
    /// - Complexity: O(1) when the cursor's row is the selected one; O(rows
    ///   shown) to find a selection set from outside.
    func sync(selection: ListSelection<ID>) -> (() -> Void)? {
        let count = index?.count ?? 0
        guard case .single(let binding) = selection else {
            return cursor.sync(count: count, id: rowID, selection: selection)
        }
        cursor.rowCount = count
        guard count > 0 else {
            cursor.cursor = 0
            cursor.cursorID = nil
            return nil
        }
        cursor.cursor = Swift.min(cursor.cursor, count - 1)
        guard let selected = binding.wrappedValue else {
            cursor.cursorID = nil
            return nil
        }
        if selected == cursor.cursorID, rowID(cursor.cursor) == selected { return nil }
        if selected == hiddenSelection { return nil }
        if let found = ListCursor.firstIndex(of: selected, count: count, id: rowID) {
            cursor.cursor = found
            cursor.cursorID = selected
            cursor.revealCursor = true
        } else {
            hiddenSelection = selected
        }
        return nil
    }

    /// Expands or collapses row `row`, keeping the cursor on its node (or
    /// on the collapsed node, when it was under it). Returns whether the
    /// rows changed.
    func setExpanded(_ expand: Bool, row: Int, selection: ListSelection<ID>) -> Bool {
        guard let index, let delta = setExpanded(expand, row: row) else { return false }
        cursor.rowCount = index.count
        let c = cursor.cursor
        if c > row {
            if delta < 0 && c <= row - delta {
                // The cursor was under the collapsed node: it goes to the node.
                cursor.moveCursor(to: row, extending: false, id: rowID, selection: selection)
            } else {
                cursor.cursor = c + delta
            }
        }
        return true
    }

    /// Expands or collapses row `row` of the index, for the evaluation that
    /// follows to keep; returns the change in the number of rows, or nil
    /// when nothing changed.
    func setExpanded(_ expand: Bool, row: Int) -> Int? {
        guard let index, let delta = index.setExpanded(expand, row: row) else { return nil }
        changedByInput = true
        hiddenSelection = nil
        return delta
    }

    /// Handles a key of a focused tree; returns whether it was one of its keys.
    func handle(_ press: KeyPress, selection: ListSelection<ID>) -> Bool {
        guard press.phase != .up, let index else { return false }
        let modifiers = press.modifiers.subtracting([.capsLock, .numLock])
        guard modifiers.isDisjoint(with: [.control, .option, .command]) else { return false }
        let count = index.count
        var multiple = false
        if case .multiple = selection { multiple = true }
        if count > 0 {
            let row = Swift.min(cursor.cursor, count - 1)
            let current = index.row(at: row)
            switch press.key {
            case .right:
                if current.isExpanded {
                    if row + 1 < count, index.parentRow(of: row + 1) == row { move(to: row + 1, selection) }
                    return true
                }
                _ = setExpanded(true, row: row, selection: selection)
                return true
            case .left:
                if current.isExpanded { return setExpanded(false, row: row, selection: selection) || true }
                if let parent = index.parentRow(of: row) { move(to: parent, selection) }
                return true
            case .enter:
                _ = setExpanded(!current.isExpanded, row: row, selection: selection)
                return true
            case .character(" ") where !multiple:
                _ = setExpanded(!current.isExpanded, row: row, selection: selection)
                return true
            default:
                break
            }
        }
        // Up, Down, paging and Home/End move a cursor even without a
        // selection: a tree is walked, not scrolled.
        let handled = cursor.handle(press, count: count, id: rowID, selection: movable(selection))
        if handled { changedByInput = true }
        return handled
    }

    /// A click: on a row's marker it toggles the row; elsewhere it selects
    /// (or scrolls, for the wheel) as on a list. Returns whether it was handled.
    func handle(_ event: MouseEvent, selection: ListSelection<ID>) -> Bool {
        guard let index else { return false }
        let count = index.count
        if event.kind == .press, event.button == .left,
           let row = cursor.row(atScreenRow: event.row, column: event.column), row < count {
            let shown = index.row(at: row)
            let markerX = cursor.rowsFrame.x + shown.depth * OutlineModel.indent
            if event.column >= markerX, event.column < markerX + OutlineModel.indent,
               shown.isExpanded || index.hasChildren(shown.element) {
                _ = setExpanded(!shown.isExpanded, row: row, selection: selection)
                return true
            }
        }
        let handled = cursor.handle(event, count: count, id: rowID, selection: movable(selection))
        if handled { changedByInput = true }
        return handled
    }

    /// Cells per level of depth; the marker takes the first two of its row's.
    static var indent: Int { 2 }

    private func move(to row: Int, _ selection: ListSelection<ID>) {
        cursor.moveCursor(to: row, extending: false, id: rowID, selection: selection)
    }

    /// The selection the list's cursor code moves: a tree without selection
    /// still moves its cursor (as a multiple selection's cursor, which
    /// selects nothing until Space).
    private func movable(_ selection: ListSelection<ID>) -> ListSelection<ID> {
        if case .none = selection { return .multiple(Binding(get: { [] }, set: { _ in })) }
        return selection
    }
}
