extension CellBuffer {
    /// Writes `text` on row `y` starting at column `x` in `style`, clipped to
    /// `clip` (and the buffer); returns the column after the last cluster
    /// (which may lie beyond the clip).
    ///
    /// Clusters are measured by ``GraphemeWidth``; zero-width clusters (a lone
    /// combining mark, U+200B) are dropped. A wide grapheme that would be cut
    /// by the clip's right or left edge is drawn as a blank instead, so a wide
    /// grapheme is never split. Control characters and escape sequences are
    /// shown as harmless pictures (see ``TextSegmenter``). Newlines are not
    /// line breaks here: a `Text` view splits lines before drawing.
    @discardableResult
    public func write(_ text: String, x: Int, y: Int, style: StyleID = 0, clip: Rect? = nil) -> Int {
        let style = sanitized(style: style)
        let area = (clip?.clamped ?? bounds).intersection(bounds)
        guard !area.isEmpty, y >= area.y, y < area.maxY, x < area.maxX else {
            // Nothing visible; saturate rather than trap for absurd origins.
            let (end, overflow) = x.addingReportingOverflow(GraphemeWidth.width(of: text))
            return overflow ? Int.max : end
        }
        if let end = writeNarrowText(text, x: x, y: y, style: style, area: area) { return end }
        let row = mutableRow(y)
        var cursor = x
        var first = Int.max, last = Int.min
        let graphemes = self.graphemes
        TextSegmenter.forEachCluster(in: text) { cluster in
            let w = cluster.width
            guard w > 0 else { return }
            defer { cursor += w }
            let end = cursor + w
            guard end > area.x, cursor < area.maxX else { return }
            var cell: Cell
            var at = cursor
            var padded = false
            let isCut = cursor < area.x || end > area.maxX
            if isCut {
                // A wide grapheme cut by an edge: show a blank in its visible half.
                at = Swift.max(cursor, area.x)
                cell = .blank(style)
            } else if let scalar = cluster.scalar {
                cell = Cell(scalar: scalar, width: w, style: style)
            } else if let index = graphemes.internIfRoom(cluster.utf8, isUncertain: cluster.isUncertain) {
                cell = Cell(cluster: index, width: w, style: style)
            } else {
                // The grapheme table is full: U+FFFD, and a blank for a wide one's second column.
                cell = Cell(scalar: 0xFFFD, width: 1, style: style)
                padded = w == 2
            }
            // (Not for a cut grapheme: its blank takes one column, and a
            // padded substitute there would write past the clip.)
            if cluster.isUncertain && !padded && !isCut
                && (mayWrap(cell, at: at)
                    || (cluster.scalar == nil
                        && GraphemeWidth.widestRenderingSplitsCell(
                            scalars: ClusterScalars(start: cluster.utf8.baseAddress!, count: cluster.utf8.count), width: w)))
            {
                // A disputed grapheme whose wider rendering would wrap or
                // scroll, or would be cut by the next cell.
                cell = Cell(scalar: 0xFFFD, width: 1, style: style)
                padded = w == 2
            }
            let cw = padded ? 2 : cell.width
            let extra = repairEdges(row, y: y, from: at, to: at + cw)
            if !extra.isEmpty { first = Swift.min(first, extra.x); last = Swift.max(last, extra.maxX) }
            row[at] = cell
            if padded {
                row[at + 1] = .blank(style)
            } else if cw == 2 {
                row[at + 1] = .continuation(style)
            }
            first = Swift.min(first, at)
            last = Swift.max(last, at + cw)
        }
        if first < last { damage.add(Rect(x: first, y: y, width: last - first, height: 1)) }
        return cursor
    }

    /// ``write(_:x:y:style:clip:)`` for text that is all printable ASCII
    /// (U+0020…U+007E), a cell per byte, or made only of narrow scalars
    /// (``NarrowScalars``: a "·" or an arrow in a status line, a divider's
    /// or a border's box drawing), a cell per scalar: each is a cluster of
    /// its own, one column wide, whatever surrounds it, so nothing is
    /// segmented, measured or interned. `nil` (nothing written) for any
    /// other text. `area` is the visible part of the buffer, and row `y`
    /// lies in it.
    @inline(__always)
    private func writeNarrowText(_ text: String, x: Int, y: Int, style: StyleID, area: Rect) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            if bytes.isPrintableASCII {
                let start = Swift.max(x, area.x)
                let end = Swift.min(x.saturatingSum(bytes.count), area.maxX)
                if start < end {
                    let row = mutableRow(y)
                    // The run's two ends may cut wide graphemes; inside, every
                    // cell is overwritten.
                    let extra = repairEdges(row, y: y, from: start, to: end)
                    let source = bytes.baseAddress! - x
                    for column in start..<end {
                        row[column] = Cell(scalar: UInt32(source[column]), width: 1, style: style)
                    }
                    let written = Rect(x: start, y: y, width: end - start, height: 1)
                    damage.add(extra.isEmpty ? written : written.union(extra))
                }
                return x.saturatingSum(bytes.count)
            }
            guard let count = NarrowScalars.width(of: bytes) else { return nil }
            let start = Swift.max(x, area.x)
            let end = Swift.min(x.saturatingSum(count), area.maxX)
            if start < end {
                let row = mutableRow(y)
                let extra = repairEdges(row, y: y, from: start, to: end)
                // Scalars before the visible part are skipped, not decoded.
                var column = x
                var i = 0
                let p = bytes.baseAddress!
                while column < end {
                    let (scalar, length) = TextSegmenter.decode(p + i)
                    if column >= start { row[column] = Cell(scalar: scalar, width: 1, style: style) }
                    i &+= length
                    column &+= 1
                }
                let written = Rect(x: start, y: y, width: end - start, height: 1)
                damage.add(extra.isEmpty ? written : written.union(extra))
            }
            return x.saturatingSum(count)
        }
    }

    /// Writes one cell (and its continuation when wide) at (`x`, `y`),
    /// repairing any wide grapheme it cuts. A wide cell that would straddle
    /// the right edge is written as a blank.
    public func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < columns, y < rows, !cell.isContinuation else { return }
        // A raw cell is data like any text: a control scalar shows as its
        // picture, unknown ids become defaults (``sanitized(_:)``).
        var c = sanitized(cell)
        if c.width == 2 && x + 1 >= columns { c = .blank(c.style) }
        var padded = false
        if isUncertain(c) && (mayWrap(c, at: x) || splitsCell(c)) {
            // A disputed grapheme whose wider rendering would wrap or
            // scroll, or would be cut by the next cell.
            padded = c.width == 2
            c = Cell(scalar: 0xFFFD, width: 1, style: c.style)
        }
        let row = mutableRow(y)
        let w = padded ? 2 : c.width
        let extra = repairEdges(row, y: y, from: x, to: x + w)
        // A cell put over text (a caret, a scroll indicator) is not text:
        // one or two stores, no call (`put` runs per cell).
        let mark = y &* columns &+ x
        marks[mark] = 0
        if w == 2 { marks[mark &+ 1] = 0 }
        row[x] = c
        if padded {
            row[x + 1] = .blank(c.style)
        } else if c.width == 2 {
            row[x + 1] = .continuation(c.style)
        }
        damage.add(Rect(x: x, y: y, width: w, height: 1).union(extra))
    }

    /// Writes `cells[range]` on row `y`, `cells[i]` at column `x + i`,
    /// clipped to the buffer: a run of cells one column wide, each a single
    /// scalar that is no control character and whose width terminals agree
    /// on (block elements, Braille patterns), so nothing is measured or
    /// checked per cell. A ``Canvas`` writes its rows this way.
    ///
    /// - Complexity: O(`range.count`), and one damage rect.
    func putNarrow(_ cells: [Cell], _ range: Range<Int>, x: Int, y: Int) {
        guard y >= 0, y < rows else { return }
        let start = Swift.max(x.saturatingSum(range.lowerBound), 0)
        let end = Swift.min(x.saturatingSum(range.upperBound), columns)
        guard start < end else { return }
        let row = mutableRow(y)
        let extra = repairEdges(row, y: y, from: start, to: end)
        for column in start..<end {
            let cell = cells[column - x]
            assert(cell.width == 1 && !cell.isCluster && cell.payload >= 0xA0 && !isUncertain(cell), "not a narrow cell")
            row[column] = Cell(content: cell.content, style: sanitized(style: cell.style))
        }
        let written = Rect(x: start, y: y, width: end - start, height: 1)
        damage.add(extra.isEmpty ? written : written.union(extra))
    }

    /// Whether terminals disagree on how wide `cell` is drawn.
    @inline(__always)
    func isUncertain(_ cell: Cell) -> Bool {
        if cell.isCluster { return graphemes.isUncertain(cell.payload) }
        let v = cell.payload
        return (cell.width == 2 && GraphemeWidth.isUncertainWide(v)) || GraphemeWidth.isRegionalIndicator(v)
    }

    /// The text of cell (`x`, `y`): its grapheme, "" for a continuation.
    public func text(x: Int, y: Int) -> String {
        let c = self[x, y]
        if c.isContinuation { return "" }
        if c.isCluster { return graphemes.string(c.payload) }
        return String(Character(Unicode.Scalar(c.payload) ?? "\u{FFFD}"))
    }

    /// Row `y` as text, each grapheme once (continuations contribute nothing).
    public func text(row y: Int) -> String {
        var s = ""
        for x in 0..<columns { s += text(x: x, y: y) }
        return s
    }

    /// The whole buffer as text rows, for snapshots.
    public var textRows: [String] { (0..<rows).map { text(row: $0) } }
}
