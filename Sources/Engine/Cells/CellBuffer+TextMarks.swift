/// What a view said a cell is, for mouse text selection: one byte per cell
/// beside the arena (``CellBuffer``'s `marks`), never read by the writer.
///
/// Text views mark the cells their lines cover (``CellBuffer/markText(y:from:to:)``);
/// borders, dividers, list markers, padding and backgrounds leave them
/// unmarked. `fill` (how a damaged region is cleared before it is painted
/// again) and `put` unmark the cells they write, so the marks follow the
/// paint: a region painted again is marked again by the text in it.
///
/// The last cell of a line that a soft wrap continues on the next row also
/// says how the two join (``joinsNextRow``, ``joinsNextRowWithSpace``);
/// every other row end is a hard line end.
struct TextMark: OptionSet, Sendable {
    let rawValue: UInt8
    /// The cell shows text.
    static let text = TextMark(rawValue: 1)
    /// The line ends here and goes on at the start of the next row's text,
    /// nothing between (a word broken at the edge).
    static let joinsNextRow = TextMark(rawValue: 2)
    /// The line ends here and goes on at the next row's text after a space
    /// (spaces at a soft wrap are not drawn).
    static let joinsNextRowWithSpace = TextMark(rawValue: 4)
}

extension CellBuffer {
    /// Marks columns `from..<to` of row `y` (clipped to the buffer) as text.
    ///
    /// - Complexity: O(`to - from`): one `memset`, no per-cell branch.
    @inline(__always)
    func markText(y: Int, from: Int, to: Int) {
        guard y >= 0, y < rows else { return }
        let start = Swift.max(from, 0), end = Swift.min(to, columns)
        guard start < end else { return }
        (marks + (y &* columns &+ start)).update(repeating: TextMark.text.rawValue, count: end - start)
    }

    /// Adds `mark` to the cell at (`x`, `y`) when it is in the buffer.
    func addMark(_ mark: TextMark, x: Int, y: Int) {
        guard x >= 0, x < columns, y >= 0, y < rows else { return }
        marks[y &* columns &+ x] |= mark.rawValue
    }

    /// The marks of the cell at (`x`, `y`); both must be in bounds.
    func textMark(x: Int, y: Int) -> TextMark {
        precondition(x >= 0 && x < columns && y >= 0 && y < rows, "cell out of bounds")
        return TextMark(rawValue: marks[y &* columns &+ x])
    }
}

extension CellBuffer {
    /// Columns `from..<to` of row `y` (clipped), widened over a wide
    /// grapheme either end cuts, so that a grapheme is taken whole.
    func wholeGraphemes(y: Int, from: Int, to: Int) -> Range<Int> {
        guard y >= 0, y < rows else { return 0..<0 }
        var start = Swift.max(from, 0), end = Swift.min(to, columns)
        guard start < end else { return start..<start }
        let row = mutableRow(y)
        if row[start].isContinuation && start > 0 { start -= 1 }
        if end < columns && row[end].isContinuation { end += 1 }
        return start..<end
    }

    /// Gives every text cell of `range` on row `y` (a range from
    /// ``wholeGraphemes(y:from:to:)``) for which `selectable` holds the
    /// style `highlight` makes of its own, a continuation its lead's.
    /// Appends the range's styles as they were to `saved`, for
    /// ``restoreStyles(y:range:from:)``, and damages the range.
    ///
    /// - Complexity: O(`range.count`).
    func overlayText(y: Int, range: Range<Int>, saving saved: inout [StyleID], selectable: (Int) -> Bool,
                     highlight: (StyleID) -> StyleID)
    {
        guard !range.isEmpty else { return }
        let row = mutableRow(y)
        let rowMarks = marks + y &* columns
        for x in range {
            saved.append(row[x].style)
            if row[x].isContinuation {
                // Its lead (in the range: it was widened) decided for both halves.
                if x > range.lowerBound { row[x].style = row[x - 1].style }
            } else if rowMarks[x] & TextMark.text.rawValue != 0 && selectable(x) {
                row[x].style = highlight(row[x].style)
            }
        }
        damage.add(Rect(x: range.lowerBound, y: y, width: range.count, height: 1))
    }

    /// Puts back the styles ``overlayText(y:range:saving:selectable:highlight:)``
    /// saved for `range` on row `y`. Adds no damage: the caller damages the
    /// range before the next frame (whatever cleared the damage meanwhile).
    func restoreStyles(y: Int, range: Range<Int>, from saved: ArraySlice<StyleID>) {
        guard !range.isEmpty, y < rows, range.upperBound <= columns else { return }
        let row = mutableRow(y)
        var i = saved.startIndex
        for x in range {
            row[x].style = saved[i]
            i += 1
        }
    }
}
