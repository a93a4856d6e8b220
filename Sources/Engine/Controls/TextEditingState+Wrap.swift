/// Soft wrapping in a multi-line editor: how a line breaks into rows of a
/// given width, and where a position is on them.
///
/// A line wraps at word boundaries: a row ends before the last word on it
/// that starts after a space (a space, U+0020, followed by anything else),
/// or — when there is none, in one long word — before the first cluster
/// that does not fit. Spaces stay on the row they were typed on, so every
/// position is a cell on screen; a space that does not fit starts the next
/// row. A wide cluster never straddles the edge: it moves to the next row
/// and leaves the last cell blank; one wider than the editor has a row of
/// its own, shown as blanks. Every cluster needs a cell for the cursor in
/// front of it, so one that draws as nothing still wraps at the edge.
///
/// The position at a wrap point is drawn at the start of the next row. The
/// end of a line (where its line break is, or the end of the text) needs a
/// cell of its own for the cursor: when the line's text fills its last row
/// exactly, the line gets one more, empty row. Rows depend only on the text
/// and the width, never on where the cursor is.
extension TextEditingState {
    /// The rows the line starting at `start` wraps into at `width` (≥ 1)
    /// cells: contiguous ranges from the line's start to its end (before its
    /// line break); the last one is empty when the end needs a row of its
    /// own. An empty line is one empty row.
    ///
    /// - Complexity: O(line length).
    func rows(ofLineFrom start: String.Index, width: Int) -> [Range<String.Index>] {
        let width = Swift.max(width, 1)
        let end = lineEnd(of: start)
        let utf8 = text.utf8
        var rows: [Range<String.Index>] = []
        var rowStart = start
        var column = 0
        // The last word start on the current row after its first cluster.
        var breakAt: String.Index?
        var afterSpace = false
        var i = start
        while i < end {
            let next = text.index(after: i)
            let isSpace = utf8[i] == 0x20 && utf8.index(after: i) == next
            if !isSpace && afterSpace && i > rowStart { breakAt = i }
            let w = cellWidth(from: i, to: next)
            // The cursor before a cluster needs a cell, even before one that
            // draws as nothing (a lone joiner).
            if column + Swift.max(w, 1) > width && i > rowStart {
                // `i` starts a new row, with the word it ends, if any.
                let newStart = breakAt ?? i
                rows.append(rowStart..<newStart)
                rowStart = newStart
                column = cellWidth(from: newStart, to: i)
                breakAt = nil
                continue  // `i` again, on the new row
            }
            column += w
            afterSpace = isSpace
            i = next
        }
        if column >= width && end > rowStart {
            // The line's end has no cell left on its last row.
            rows.append(rowStart..<end)
            rowStart = end
        }
        rows.append(rowStart..<end)
        return rows
    }

    /// The index in `rows` of the row `position` is drawn on: the last row
    /// starting at or before it (a wrap point belongs to the row it starts).
    func rowIndex(of position: String.Index, in rows: [Range<String.Index>]) -> Int {
        var index = 0
        for (i, row) in rows.enumerated() where row.lowerBound <= position { index = i }
        return index
    }

    /// The row `position` is on, and whether it is the last row of its line.
    func wrappedRow(of position: String.Index, width: Int) -> (row: Range<String.Index>, isLast: Bool) {
        let rows = rows(ofLineFrom: lineStart(of: position), width: width)
        let r = rowIndex(of: position, in: rows)
        return (rows[r], r == rows.count - 1)
    }

    /// The boundary on `row` whose column is the greatest not after
    /// `column` (a wide cluster straddling it is not entered); a row that
    /// is not its line's last ends before its last cluster.
    func index(atColumn column: Int, inRow row: Range<String.Index>, isLast: Bool) -> String.Index {
        var i = row.lowerBound
        var x = 0
        while i < row.upperBound {
            let next = text.index(after: i)
            if next == row.upperBound && !isLast { break }
            let w = cellWidth(from: i, to: next)
            if x + w > column { break }
            x += w
            i = next
        }
        return i
    }

    /// Up or Down by one row of the wrapped text, aiming for `goal` (or the
    /// cursor's column, which becomes the goal).
    mutating func moveByRow(up: Bool, goal: Int?, width: Int) {
        let start = lineStart(of: cursor)
        let rows = rows(ofLineFrom: start, width: width)
        let r = rowIndex(of: cursor, in: rows)
        let column = goal ?? cellWidth(from: rows[r].lowerBound, to: cursor)
        goalColumn = column
        if up {
            if r > 0 {
                cursor = index(atColumn: column, inRow: rows[r - 1], isLast: false)
            } else if start == text.startIndex {
                cursor = text.startIndex
            } else {
                let previous = self.rows(ofLineFrom: lineStart(of: text.index(before: start)), width: width)
                cursor = index(atColumn: column, inRow: previous[previous.count - 1], isLast: true)
            }
        } else {
            if r < rows.count - 1 {
                cursor = index(atColumn: column, inRow: rows[r + 1], isLast: r + 1 == rows.count - 1)
            } else if rows[r].upperBound == text.endIndex {
                cursor = text.endIndex
            } else {
                let nextRows = self.rows(ofLineFrom: text.index(after: rows[r].upperBound), width: width)
                cursor = index(atColumn: column, inRow: nextRows[0], isLast: nextRows.count == 1)
            }
        }
    }
}
