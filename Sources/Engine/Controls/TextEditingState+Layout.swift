/// What a single-line field shows: the slice of the text that fits, scrolled
/// horizontally so the cursor stays visible.
extension TextEditingState {
    /// The part of a single-line field's text to draw, and where the cursor is.
    public struct VisibleLine: Equatable, Sendable {
        /// What to draw from the field's first cell: whole clusters (one
        /// "•" per cluster when secure), and a space where a wide cluster
        /// would be cut at the right edge. At most the field's width in
        /// cells; not padded beyond the text.
        public var text: String
        /// The cells ``text`` takes.
        public var cells: Int
        /// The cursor's column, in cells from the field's left edge; always
        /// in `0..<width` (for a width of at least 1).
        public var cursorColumn: Int
        /// The columns of the selected clusters that are shown, if any.
        public var selectedColumns: Range<Int>?
    }

    /// The slice of the text a single-line field `width` cells wide shows,
    /// scrolled so the cursor is visible.
    ///
    /// - Parameters:
    ///   - width: the field's width in cells.
    ///   - scrollOffset: the field's scroll position, which the view keeps
    ///     between frames (start it at 0): the UTF-8 offset of the first
    ///     cluster shown. It moves only when the cursor would leave the
    ///     field — to the cursor when it went off the left edge, so that the
    ///     cursor sits at the right edge when it went off the right — the
    ///     way ratatui's and Bubble Tea's text inputs scroll — or when the
    ///     text after it no longer fills the field (a deletion at the end)
    ///     while some is hidden on the left: then it scrolls back to fill
    ///     the field. An offset the text no longer has a boundary at (after
    ///     an outside edit) is rounded down to one.
    ///   - secure: show every cluster as one "•" (one cell each), as a
    ///     `SecureField` does; the text's own widths are not looked at.
    ///
    /// The cursor needs a cell of its own: at the end of the text that is
    /// one empty cell, so a full field shows `width - 1` cells of text
    /// before it; on a wide cluster both its cells must show. The left edge
    /// is always a cluster boundary, so no cluster is ever cut there.
    ///
    /// - Complexity: O(width + distance scrolled) clusters — never the whole
    ///   text unless the cursor jumped across it (Home, End).
    public func visibleLine(width: Int, scrollOffset: inout Int, secure: Bool = false) -> VisibleLine {
        visibleLine(width: width, scrollOffset: &scrollOffset, secure: secure, asciiFastPath: true)
    }

    /// `asciiFastPath: false` takes the general path for any text (tests
    /// check that both agree).
    func visibleLine(width: Int, scrollOffset: inout Int, secure: Bool, asciiFastPath: Bool) -> VisibleLine {
        guard width > 0 else {
            scrollOffset = cursorOffset
            return VisibleLine(text: "", cells: 0, cursorColumn: 0, selectedColumns: nil)
        }
        if asciiFastPath, let line = asciiVisibleLine(width: width, scrollOffset: &scrollOffset, secure: secure) {
            return line
        }
        @inline(__always) func cells(_ i: String.Index, _ next: String.Index) -> Int {
            secure ? 1 : cellWidth(from: i, to: next)
        }

        // 1. Where the view starts: keep the old start if the cursor and its
        //    cell still fit after it, else scroll the least that shows them.
        var first = roundedDown(index(utf8Offset: scrollOffset))
        let budget = width - cursorCellWidth(secure: secure, lineBreaks: false, limit: width)
        if first > cursor {
            first = cursor
        } else {
            var used = 0
            var i = first
            while i < cursor {
                let next = text.index(after: i)
                used += cells(i, next)
                if used > budget { break }
                i = next
            }
            if i < cursor {
                // The cursor went off the right edge: put it at the right edge.
                var j = cursor
                used = 0
                while j > text.startIndex {
                    let previous = text.index(before: j)
                    let w = cells(previous, j)
                    if used + w > budget { break }
                    used += w
                    j = previous
                }
                first = j
            }
        }
        // 2. Never leave the right of the field empty while text is hidden
        //    on the left (after a deletion at the end): scroll back to fill
        //    it. The end of the text always counts one cell, where the
        //    cursor goes when it gets there, so moving left from the end
        //    does not shift the text.
        if first > text.startIndex {
            var used = 1
            var i = first
            while i < text.endIndex && used <= width {
                let next = text.index(after: i)
                used += cells(i, next)
                i = next
            }
            if i == text.endIndex {
                while first > text.startIndex {
                    let previous = text.index(before: first)
                    let w = cells(previous, first)
                    if used + w > width { break }
                    used += w
                    first = previous
                }
            }
        }
        scrollOffset = text.utf8.distance(from: text.startIndex, to: first)

        // 3. Draw from there until the field is full.
        let selected = selection
        var line = VisibleLine(text: "", cells: 0, cursorColumn: 0, selectedColumns: nil)
        var column = 0
        var i = first
        while i < text.endIndex && column < width {
            if i == cursor { line.cursorColumn = column }
            let next = text.index(after: i)
            let w = cells(i, next)
            if column + w > width {
                // A wide cluster that would be cut by the right edge: a space instead.
                line.text.append(" ")
                column += 1
                break
            }
            if secure {
                line.text.append("•")
            } else {
                line.text.unicodeScalars.append(contentsOf: text.unicodeScalars[i..<next])
            }
            if let selected, selected.contains(i) {
                let lower = line.selectedColumns?.lowerBound ?? column
                line.selectedColumns = lower..<(column + w)
            }
            column += w
            i = next
        }
        if i == cursor && cursor == text.endIndex { line.cursorColumn = column }
        line.cells = column
        return line
    }
}

extension TextEditingState {
    /// ``visibleLine(width:scrollOffset:secure:)`` for printable ASCII, where
    /// every byte is a one-cell cluster: the same rules with offsets for
    /// indices, so a keystroke costs the visible width, not a grapheme walk.
    /// Nil for any other text.
    func asciiVisibleLine(width: Int, scrollOffset: inout Int, secure: Bool) -> VisibleLine? {
        let utf8 = text.utf8
        // Eight bytes at a time where the string is contiguous (native strings are).
        guard utf8.withContiguousStorageIfAvailable({ $0.isPrintableASCII })
            ?? utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { return nil }
        let n = utf8.count
        let c = cursorOffset
        let budget = width - 1  // the cursor's own cell (on a character, or past the end)
        var first = min(max(scrollOffset, 0), n)
        if first > c {
            first = c
        } else if c - first > budget {
            first = c - budget
        }
        // Never leave the right of the field empty while text is hidden on the left.
        if first > 0 && n - first + 1 <= width { first = max(0, n + 1 - width) }
        scrollOffset = first
        let end = min(n, first + width)
        let start = utf8.index(utf8.startIndex, offsetBy: first)
        let stop = utf8.index(start, offsetBy: end - first)
        var line = VisibleLine(text: secure ? String(repeating: "•", count: end - first) : String(text[start..<stop]),
                               cells: end - first, cursorColumn: c - first, selectedColumns: nil)
        if let selected = selection {
            let lower = max(utf8.distance(from: utf8.startIndex, to: selected.lowerBound), first)
            let upper = min(utf8.distance(from: utf8.startIndex, to: selected.upperBound), end)
            if lower < upper { line.selectedColumns = (lower - first)..<(upper - first) }
        }
        return line
    }
}
