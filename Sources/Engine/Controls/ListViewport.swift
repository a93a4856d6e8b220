/// Where a list or table is scrolled to and where its cursor is: shared by
/// the control's view (which moves the cursor on keys and clicks), and the
/// row viewport's layout (which knows how many rows fit and keeps the
/// cursor in sight).
///
/// Everything here is an integer row index, so nothing costs more with more
/// rows. Invariant after layout: `0 <= offset <= max(0, rowCount - pageRows)`
/// and `cursor < rowCount` (or 0 when there are no rows).
@MainActor
class ListViewport {
    /// The row the keys act on: the selected row (single selection), or the
    /// row Space toggles (multiple selection).
    var cursor = 0
    /// Where a Shift-extended range started (multiple selection).
    var anchor: Int?
    /// The first row shown.
    var offset = 0
    /// Rows that fit whole in the viewport (at least 1), from the last layout.
    var pageRows = 1
    /// The height of every row: the tallest row seen (list rows may be
    /// several lines; table rows are one).
    var rowHeight = 1
    /// The cursor moved: the next layout scrolls just enough to show it.
    var revealCursor = false
    /// Rows in the data at the last layout.
    var rowCount = 0
    /// The whole viewport (header included) and the rows' part of it, from the last layout.
    var frame = Rect.zero
    var rowsFrame = Rect.zero
    /// Table columns from the last layout: start column (relative) and width.
    var columnX: [Int] = []
    var columnWidth: [Int] = []

    /// The scroll indicator as last laid out (nil when not shown), and its
    /// thumb while the mouse holds it.
    var indicator: ScrollIndicator?
    var thumbDrag: ScrollIndicatorDrag?

    required init() {}

    /// A mouse event for the scroll indicator: a press on the thumb takes
    /// hold of it, on the track pages; a drag moves the thumb held (the
    /// pointer may leave the list); a release lets go. Returns whether the
    /// indicator took the event.
    func handleIndicator(_ event: MouseEvent) -> Bool {
        guard let indicator else {
            thumbDrag = nil
            return false
        }
        return ScrollIndicatorDrag.handle(event, indicator: indicator, drag: &thumbDrag, page: pageRows,
                                          scrollBy: { _ = scroll(by: $0) },
                                          scrollTo: { _ = scroll(by: $0 - offset) })
    }

    /// The rows to show in `height` lines, after keeping the cursor in
    /// sight (when it moved) and the offset in range.
    ///
    /// - Complexity: O(1).
    func visibleRows(count: Int, height: Int) -> Range<Int> {
        let pitch = Swift.max(1, rowHeight)
        rowCount = count
        let page = Swift.max(1, height / pitch)
        // The viewport grew or shrank (a resize): a cursor that was in sight
        // stays in sight, as it would have had it moved.
        if page != pageRows && cursor >= offset && cursor < offset + pageRows { revealCursor = true }
        pageRows = page
        guard count > 0 else {
            offset = 0
            cursor = 0
            return 0..<0
        }
        cursor = Swift.min(Swift.max(cursor, 0), count - 1)
        if revealCursor && height > 0 {
            if cursor < offset {
                offset = cursor
            } else if cursor >= offset + pageRows {
                offset = cursor - pageRows + 1
            }
            revealCursor = false
        }
        offset = Swift.max(0, Swift.min(offset, count - pageRows))
        let shown = (height + pitch - 1) / pitch
        return offset..<Swift.min(count, offset + shown)
    }

    /// Scrolls by `rows` (negative: up), keeping the offset in range.
    func scroll(by rows: Int) -> Bool {
        let target = Swift.max(0, Swift.min(offset + rows, rowCount - pageRows))
        guard target != offset else { return false }
        offset = target
        return true
    }

    /// The row under a cell of the screen, if any.
    func row(atScreenRow y: Int, column x: Int) -> Int? {
        let f = rowsFrame
        guard x >= f.x, x < f.maxX, y >= f.y, y < f.maxY else { return nil }
        let row = offset + (y - f.y) / Swift.max(1, rowHeight)
        return row < rowCount ? row : nil
    }
}
