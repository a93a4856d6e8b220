/// What a multi-line editor shows: the rows and columns of the text that
/// fit, scrolled both ways so the cursor stays visible.
///
/// Lines are not wrapped: a long line scrolls horizontally, like a code
/// editor, and all rows share one horizontal scroll. Up and Down move by
/// logical line, which is then also the visual row.
extension TextEditingState {
    /// Where a multi-line editor is scrolled to; the view keeps it between
    /// frames.
    public struct EditorScroll: Hashable, Sendable {
        /// The first line shown (0-based).
        public var topLine: Int
        /// The first column shown, in cells from the lines' start.
        public var leftColumn: Int

        public init(topLine: Int = 0, leftColumn: Int = 0) {
            self.topLine = topLine
            self.leftColumn = leftColumn
        }
    }

    /// The rows of a multi-line editor to draw, and where the cursor is.
    public struct VisibleLines: Equatable, Sendable {
        /// One string per shown line, top to bottom, each at most the
        /// editor's width in cells (a wide cluster cut by either edge is a
        /// space); fewer than the height when the text ends first.
        public var lines: [String]
        /// The cursor's row, from the editor's top; in `0..<height`.
        public var cursorRow: Int
        /// The cursor's column, in cells from the editor's left edge; in
        /// `0..<width`.
        public var cursorColumn: Int
    }

    /// The part of a multi-line text a `width` × `height` editor shows.
    ///
    /// `scroll` moves only when the cursor would leave the view: the least
    /// that brings its row, and its cell (one past the end of a line, both
    /// cells of a wide cluster), back in.
    ///
    /// - Complexity: O(bytes before the cursor) to count its line, plus the
    ///   length of the shown lines; the view's rows are built as strings.
    public func visibleLines(width: Int, height: Int, scroll: inout EditorScroll) -> VisibleLines {
        guard width > 0, height > 0 else { return VisibleLines(lines: [], cursorRow: 0, cursorColumn: 0) }
        let cursorLine = lineNumber(of: cursor)
        let cursorLineStart = lineStart(of: cursor)
        let cursorColumn = cellWidth(from: cursorLineStart, to: cursor)
        let cursorCells = cursorCellWidth(secure: false, lineBreaks: true, limit: width)

        scroll.topLine = max(0, scroll.topLine)
        if cursorLine < scroll.topLine { scroll.topLine = cursorLine }
        if cursorLine >= scroll.topLine + height { scroll.topLine = cursorLine - height + 1 }
        scroll.leftColumn = max(0, scroll.leftColumn)
        if cursorColumn < scroll.leftColumn { scroll.leftColumn = cursorColumn }
        if cursorColumn + cursorCells > scroll.leftColumn + width {
            scroll.leftColumn = cursorColumn + cursorCells - width
        }

        // The top line's start: walk back from the cursor's line.
        var lineStartIndex = cursorLineStart
        for _ in 0..<(cursorLine - scroll.topLine) {
            lineStartIndex = lineStart(of: text.index(before: lineStartIndex))
        }

        var lines: [String] = []
        lines.reserveCapacity(height)
        var start: String.Index? = lineStartIndex
        while let lineStart = start, lines.count < height {
            let end = lineEnd(of: lineStart)
            lines.append(row(from: lineStart, to: end, left: scroll.leftColumn, width: width))
            start = end < text.endIndex ? text.index(after: end) : nil
        }
        return VisibleLines(lines: lines, cursorRow: cursorLine - scroll.topLine,
                            cursorColumn: cursorColumn - scroll.leftColumn)
    }

    /// The cells `left..<left + width` of the line `start..<end`, a space
    /// for each cell of a wide cluster cut by either edge.
    private func row(from start: String.Index, to end: String.Index, left: Int, width: Int) -> String {
        var out = ""
        var column = 0
        let right = left + width
        var i = start
        while i < end && column < right {
            let next = text.index(after: i)
            let w = cellWidth(from: i, to: next)
            if column >= left && column + w <= right {
                out.append(contentsOf: text[i..<next])
            } else if column + w > left {
                // Straddles an edge: show its visible cells as blanks.
                let visible = min(column + w, right) - max(column, left)
                for _ in 0..<visible { out.append(" ") }
            }
            column += w
            i = next
        }
        return out
    }
}
