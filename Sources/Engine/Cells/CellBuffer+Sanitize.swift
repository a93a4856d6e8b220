extension CellBuffer {
    /// `cell` as it may enter the buffer through the public API: a cell is
    /// data, never control, and refers only to what the tables hold.
    ///
    /// - A style id the ``StyleTable`` does not hold becomes the default style.
    /// - A scalar that is not a Unicode scalar value (a surrogate, above
    ///   U+10FFFF) or is zero-width on its own (a lone combining mark, U+200B)
    ///   becomes U+FFFD; a control becomes its picture, as in `Text`
    ///   (``TextSegmenter/replacement(forControl:)``: ESC shows as ␛, C1 as
    ///   U+FFFD); the width is the scalar's own (a wide scalar claimed as one
    ///   column is two), so the terminal and the buffer agree on it.
    /// - A cluster index the ``GraphemeTable`` does not hold, or a width other
    ///   than 1 or 2, becomes U+FFFD; so does an undrawable scalar
    ///   (``GraphemeWidth/isUndrawable(_:)``).
    ///
    /// A continuation (width 0) is returned as it is; callers decide.
    @inline(__always)
    func sanitized(_ cell: Cell) -> Cell {
        // The common case costs two comparisons: a printable ASCII scalar
        // of width 1 in a known style.
        let style = Int(cell.style) < styles.count ? cell.style : 0
        if cell.content >= (1 << Cell.widthShift | 0x20) && cell.content < (1 << Cell.widthShift | 0x7F) {
            return style == cell.style ? cell : Cell(content: cell.content, style: style)
        }
        return sanitizedSlowly(cell, style: style)
    }

    @inline(never)
    private func sanitizedSlowly(_ cell: Cell, style: StyleID) -> Cell {
        let replacement = Cell(scalar: 0xFFFD, width: 1, style: style)
        if cell.isContinuation { return Cell(content: cell.content, style: style) }
        if cell.isCluster {
            guard Int(cell.payload) < graphemes.count, cell.width == 1 || cell.width == 2 else { return replacement }
            return Cell(content: cell.content, style: style)
        }
        let value = cell.payload
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value), !GraphemeWidth.isUndrawable(value) else {
            return replacement
        }
        if let picture = TextSegmenter.replacement(forControl: value) {
            return Cell(scalar: picture, width: 1, style: style)
        }
        let width = GraphemeWidth.scalarWidth(value)
        guard width > 0 else { return replacement }
        return Cell(scalar: value, width: width, style: style)
    }

    /// The widest a terminal may draw `cell`: its width, unless terminals
    /// disagree on its grapheme (an emoji modifier sequence is 2 columns to
    /// us and 4 to tmux 3.3a and pyte; a lone regional indicator 1 or 2).
    @inline(__always)
    func widestRendering(_ cell: Cell) -> Int {
        if cell.isCluster { return graphemes.widestRendering(cell.payload, width: cell.width) }
        return GraphemeWidth.widestRendering(scalar: cell.payload, width: cell.width)
    }

    /// Whether a terminal could wrap (or, on the last row, scroll the
    /// screen) printing `cell` at column `x`: its widest rendering passes
    /// the right edge. Such a disputed grapheme is drawn as U+FFFD instead.
    @inline(__always)
    func mayWrap(_ cell: Cell, at x: Int) -> Bool {
        x + widestRendering(cell) > columns
    }

    /// Whether `cell`'s widest rendering would put a glyph across its
    /// right edge (``GraphemeWidth/widestRenderingSplitsCell(scalars:width:)``).
    func splitsCell(_ cell: Cell) -> Bool {
        guard cell.isCluster else { return false }
        return graphemes.withUTF8(cell.payload) { utf8 in
            GraphemeWidth.widestRenderingSplitsCell(scalars: ClusterScalars(start: utf8.baseAddress!, count: utf8.count),
                                                    width: cell.width)
        }
    }

    /// A style id the table holds: `id`, or the default style.
    @inline(__always)
    func sanitized(style id: StyleID) -> StyleID { Int(id) < styles.count ? id : 0 }
}
