/// What a list or table selects: nothing (a scrolling viewer), one row, or
/// a set of rows.
enum ListSelection<ID: Hashable> {
    case none
    case single(Binding<ID?>)
    case multiple(Binding<Set<ID>>)
}

/// A list's cursor, scroll position and selection anchor, with the row id
/// the cursor was on: when the data changes under it, the cursor finds its
/// row again (or the row now in its place).
final class ListCursor<ID: Hashable>: ListViewport, ControlModelObject {
    /// The id of the row at ``ListViewport/cursor`` when last checked.
    var cursorID: ID?
    /// Type-to-jump: the letters typed so far, and when the last came.
    var jumpPrefix = ""
    var jumpTime: Duration?

    /// Brings the cursor in step with the data and the selection, before
    /// the rows are built.
    ///
    /// A selected row that left the data gives way to the row now at its
    /// place (or to no selection when the data is empty): the returned
    /// action writes the selection binding. Run it after the frame (state is
    /// not written while bodies are evaluated).
    ///
    /// - Complexity: O(1) when the cursor's row is where it was; O(n) to
    ///   find it after the data was reordered or the selection was set.
    func sync(count: Int, id: (Int) -> ID, selection: ListSelection<ID>) -> (() -> Void)? {
        rowCount = count
        guard count > 0 else {
            cursor = 0
            cursorID = nil
            anchor = nil
            if case .single(let binding) = selection, binding.wrappedValue != nil {
                return { if binding.wrappedValue != nil { binding.wrappedValue = nil } }
            }
            return nil
        }
        switch selection {
        case .none:
            return nil
        case .single(let binding):
            guard let selected = binding.wrappedValue else {
                cursor = Swift.min(cursor, count - 1)
                cursorID = nil
                return nil
            }
            if selected == cursorID, cursor < count, id(cursor) == selected { return nil }
            revealCursor = true
            if let found = ListCursor.firstIndex(of: selected, count: count, id: id) {
                cursor = found
                cursorID = selected
                return nil
            }
            cursor = Swift.min(cursor, count - 1)
            let replacement = id(cursor)
            cursorID = replacement
            return { if binding.wrappedValue == selected { binding.wrappedValue = replacement } }
        case .multiple:
            if let current = cursorID, cursor < count, id(cursor) == current { return nil }
            anchor = nil
            if let current = cursorID, let found = ListCursor.firstIndex(of: current, count: count, id: id) {
                cursor = found
            } else {
                cursor = Swift.min(cursor, count - 1)
                cursorID = id(cursor)
            }
            return nil
        }
    }

    static func firstIndex(of target: ID, count: Int, id: (Int) -> ID) -> Int? {
        var i = 0
        while i < count {
            if id(i) == target { return i }
            i += 1
        }
        return nil
    }

    /// The background of row `index` (whose id is the second argument):
    /// selected rows in the selection colour (the inactive one when the
    /// list is not focused); with multiple selection, the cursor row of a
    /// focused list in the inactive selection colour.
    func rowBackground(_ selection: ListSelection<ID>, isFocused: Bool, theme: Theme) -> (Int, ID) -> Color {
        let selected = isFocused ? theme.selectionBackground : theme.inactiveSelectionBackground
        switch selection {
        case .none:
            return { _, _ in .default }
        case .single(let binding):
            // Unwrapped here: an optional compared per row costs a metadata lookup in generic code.
            guard let current = binding.wrappedValue else { return { _, _ in .default } }
            return { _, id in id == current ? selected : .default }
        case .multiple(let binding):
            let set = binding.wrappedValue
            let cursorRow = isFocused ? cursor : -1
            let cursorColor = theme.inactiveSelectionBackground
            return { index, id in set.contains(id) ? selected : index == cursorRow ? cursorColor : .default }
        }
    }
}
