/// What a multi-line editor shows: the rows and columns of the text that
/// fit, scrolled so the cursor stays visible.
///
/// With `wrapping`, lines soft-wrap at the editor's width (see
/// `rows(ofLineFrom:width:)`) and the view scrolls by rows, vertically
/// only. Without, a long line scrolls horizontally, like a code editor, all
/// rows sharing one horizontal scroll, and each line is one row.
extension TextEditingState {
    /// Where a multi-line editor is scrolled to; the view keeps it between
    /// frames.
    public struct EditorScroll: Hashable, Sendable {
        /// The first line shown (0-based).
        public var topLine: Int
        /// With wrapping, the first of `topLine`'s rows shown (0-based).
        public var topRow: Int
        /// Without wrapping, the first column shown, in cells from the lines' start.
        public var leftColumn: Int

        public init(topLine: Int = 0, topRow: Int = 0, leftColumn: Int = 0) {
            self.topLine = topLine
            self.topRow = topRow
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
        /// Where each of `lines` comes from, for drawing styles over it.
        var sources: [RowSource] = []
    }

    /// The text a row of ``VisibleLines`` shows: the clusters `start..<end`
    /// of line `line` (0-based), starting `left` cells into the row's text.
    struct RowSource: Equatable {
        var line: Int
        var lineStart: String.Index
        var start: String.Index
        var end: String.Index
        var left: Int
    }

    /// The part of a multi-line text a `width` × `height` editor shows.
    ///
    /// `scroll` moves only when the cursor would leave the view: the least
    /// that brings its row, and its cell (one past the end of a line, both
    /// cells of a wide cluster), back in.
    ///
    /// - Parameters:
    ///   - width: The editor's columns.
    ///   - height: The editor's rows.
    ///   - scroll: Where the view is scrolled to; moved to keep the cursor in view.
    ///   - wrapping: Soft-wrap lines at `width` (as `TextEditor`
    ///     does unless ``View/lineWrappingDisabled(_:)``); `false` scrolls
    ///     long lines horizontally instead.
    /// - Complexity: O(bytes before the cursor) to count its line, plus the
    ///   length of the shown lines (with wrapping, of at most `height` lines
    ///   around the cursor's); the view's rows are built as strings.
    public func visibleLines(width: Int, height: Int, scroll: inout EditorScroll,
                             wrapping: Bool = false) -> VisibleLines {
        guard width > 0, height > 0 else { return VisibleLines(lines: [], cursorRow: 0, cursorColumn: 0) }
        if wrapping { return wrappedLines(width: width, height: height, scroll: &scroll) }
        scroll.topRow = 0
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
        var sources: [RowSource] = []
        lines.reserveCapacity(height)
        var start: String.Index? = lineStartIndex
        while let lineStart = start, lines.count < height {
            let end = lineEnd(of: lineStart)
            sources.append(RowSource(line: scroll.topLine + lines.count, lineStart: lineStart, start: lineStart,
                                     end: end, left: scroll.leftColumn))
            lines.append(row(from: lineStart, to: end, left: scroll.leftColumn, width: width))
            start = end < text.endIndex ? text.index(after: end) : nil
        }
        return VisibleLines(lines: lines, cursorRow: cursorLine - scroll.topLine,
                            cursorColumn: cursorColumn - scroll.leftColumn, sources: sources)
    }

    /// ``visibleLines(width:height:scroll:wrapping:)`` with wrapping: the
    /// scroll position is a row of a line (`topLine`, `topRow`).
    private func wrappedLines(width: Int, height: Int, scroll: inout EditorScroll) -> VisibleLines {
        scroll.leftColumn = 0
        let cursorLine = lineNumber(of: cursor)
        let cursorLineStart = lineStart(of: cursor)
        let cursorRows = rows(ofLineFrom: cursorLineStart, width: width)
        let cursorRow = rowIndex(of: cursor, in: cursorRows)
        let cursorColumn = cellWidth(from: cursorRows[cursorRow].lowerBound, to: cursor)

        /// The start of the line before the one starting at `start` (> text start).
        func previousLineStart(_ start: String.Index) -> String.Index { lineStart(of: text.index(before: start)) }

        // Where the view starts: the old top, unless the cursor is above it
        // or more than a screen below it.
        var top = (line: Swift.max(0, scroll.topLine), row: Swift.max(0, scroll.topRow))
        var topStart = cursorLineStart
        if top.line > cursorLine || (top.line == cursorLine && top.row > cursorRow) {
            top = (cursorLine, cursorRow)
        } else {
            for _ in 0..<(cursorLine - top.line) { topStart = previousLineStart(topStart) }
            // Rows from the top down to the cursor's, counted no further than a screen.
            var distance = 0
            var line = top.line
            var start = topStart
            while line < cursorLine && distance < height {
                let count = rows(ofLineFrom: start, width: width).count
                // A narrower editor may have left `topRow` past the top line's rows.
                if line == top.line { top.row = Swift.min(top.row, count - 1) }
                distance += count - (line == top.line ? top.row : 0)
                start = text.index(after: lineEnd(of: start))
                line += 1
            }
            distance += cursorRow - (top.line == cursorLine ? top.row : 0)
            if distance >= height {
                // The cursor's row is the bottom one: walk up `height - 1` rows.
                var up = height - 1
                top = (cursorLine, cursorRow)
                topStart = cursorLineStart
                while up > top.row && top.line > 0 {
                    up -= top.row + 1
                    topStart = previousLineStart(topStart)
                    top.line -= 1
                    top.row = rows(ofLineFrom: topStart, width: width).count - 1
                }
                top.row -= Swift.min(up, top.row)
            }
        }
        if top.line == cursorLine { topStart = cursorLineStart }
        scroll.topLine = top.line
        scroll.topRow = top.row

        // The rows from the top, until the view is full or the text ends.
        var lines: [String] = []
        var sources: [RowSource] = []
        lines.reserveCapacity(height)
        var start: String.Index? = topStart
        var skip = top.row
        var lineNumber = top.line
        while let lineStart = start, lines.count < height {
            let lineRows = lineStart == cursorLineStart ? cursorRows : rows(ofLineFrom: lineStart, width: width)
            for row in lineRows.dropFirst(skip) where lines.count < height {
                sources.append(RowSource(line: lineNumber, lineStart: lineStart, start: row.lowerBound,
                                         end: row.upperBound, left: 0))
                lines.append(self.row(from: row.lowerBound, to: row.upperBound, left: 0, width: width))
            }
            skip = 0
            lineNumber += 1
            let end = lineRows[lineRows.count - 1].upperBound
            start = end < text.endIndex ? text.index(after: end) : nil
        }
        var rowsAbove = cursorRow - (top.line == cursorLine ? top.row : 0)
        if top.line < cursorLine {
            // Rows shown above the cursor's line.
            var count = 0
            var lineStart = topStart
            var line = top.line
            while line < cursorLine {
                count += rows(ofLineFrom: lineStart, width: width).count - (line == top.line ? top.row : 0)
                lineStart = text.index(after: lineEnd(of: lineStart))
                line += 1
            }
            rowsAbove = count + cursorRow
        }
        return VisibleLines(lines: lines, cursorRow: rowsAbove, cursorColumn: cursorColumn, sources: sources)
    }

    /// The column spans (from the row's left edge) of the row `source`
    /// (`width` cells) that `runs` (UTF-8 offsets from the line's start,
    /// sorted, not overlapping) style, and the span of `selection` in it,
    /// as `row(from:to:left:width:)` lays the row out.
    func styledSpans(of source: RowSource, width: Int, runs: [HighlightRun])
        -> (styled: [(columns: Range<Int>, style: Style)], selected: Range<Int>?)
    {
        var styled: [(columns: Range<Int>, style: Style)] = []
        var selected: Range<Int>? = nil
        let selection = self.selection
        guard !runs.isEmpty || selection != nil else { return ([], nil) }
        let utf8 = text.utf8
        var column = 0
        let left = source.left, right = left + width
        var run = 0
        var i = source.start
        while i < source.end && column < right {
            let next = text.index(after: i)
            let w = cellWidth(from: i, to: next)
            let from = Swift.max(column, left) - left, to = Swift.min(column + w, right) - left
            if to > from {
                let offset = utf8.distance(from: source.lineStart, to: i)
                while run < runs.count && runs[run].range.upperBound <= offset { run += 1 }
                if run < runs.count && runs[run].range.contains(offset) {
                    let style = runs[run].style
                    if let last = styled.last, last.style == style, last.columns.upperBound == from {
                        styled[styled.count - 1].columns = last.columns.lowerBound..<to
                    } else {
                        styled.append((from..<to, style))
                    }
                }
                if let selection, selection.contains(i) {
                    selected = (selected?.lowerBound ?? from)..<to
                }
            }
            column += w
            i = next
        }
        return (styled, selected)
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
