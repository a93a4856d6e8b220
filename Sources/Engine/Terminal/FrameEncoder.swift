/// Turns a canvas into the fewest bytes that make a terminal show it.
///
/// The encoder keeps a model of what the terminal shows — its cells
/// (``screen``), its cursor and its pen (current SGR) — and on each
/// ``encode(_:)`` looks only inside the canvas's damage for cells that differ
/// from the model, then chooses, by exact byte count, how to get them there:
/// cursor moves (see `FrameEncoder+Cursor.swift`), SGR deltas, EL/ECH for
/// blank runs, REP for repeated characters, and scrolling for rows that moved
/// (see `FrameEncoder+Scroll.swift`). A frame with no damage writes nothing:
/// no cursor move, no trailing reset.
///
/// The terminal is assumed to start blank, in the default rendition, with the
/// cursor at home and output processing off (raw mode). Call ``invalidate()``
/// when that stops being true (after a resume, or to repair whatever the
/// terminal shows): the next frame clears and repaints everything.
///
/// Wide graphemes: printing over either half of a wide character on the
/// terminal leaves the other half undefined, so the model marks it
/// ``Cell/unknown`` and it is rewritten. After a grapheme whose width
/// terminals disagree on, the cursor is re-anchored with CUP. The cursor is
/// never moved relatively out of the pending-wrap state at the last column.
public final class FrameEncoder {
    /// What the terminal shows, as far as the encoder knows.
    public let screen: CellBuffer
    public var capabilities: TerminalCapabilities {
        didSet { if capabilities.colors != oldValue.colors { emitted.removeAll(); pen = nil } }
    }
    let out = ByteBuffer(capacity: 1 << 16)
    var cursor = CursorState.home
    /// The terminal's current rendition (already down-sampled); nil when unknown.
    var pen: Style? = .plain
    /// Down-sampled style per ``StyleID``, filled lazily.
    var emitted: [Style] = []
    var needsFullRedraw = false
    // Scratch for scroll detection, reused across frames.
    var newRowHashes: [UInt64] = []
    var oldRowHashes: [UInt64] = []
    var oldRowByHash: [UInt64: Int] = [:]
    let graphemes: GraphemeTable
    let styles: StyleTable

    /// Counts from the last ``encode(_:)``.
    public struct Statistics: Equatable, Sendable {
        /// Cells compared against the model.
        public var cellsCompared = 0
        /// Cells whose content was written.
        public var cellsWritten = 0
        /// Rows moved by scrolling instead of being rewritten.
        public var rowsScrolled = 0
    }
    public internal(set) var statistics = Statistics()

    /// An encoder for a terminal of the canvas's size, assumed blank.
    public init(columns: Int, rows: Int, styles: StyleTable, graphemes: GraphemeTable,
                capabilities: TerminalCapabilities = .xterm) {
        screen = CellBuffer(columns: columns, rows: rows, styles: styles, graphemes: graphemes)
        screen.damage.removeAll()
        self.styles = styles
        self.graphemes = graphemes
        self.capabilities = capabilities
    }

    /// An encoder sharing `canvas`'s style and grapheme tables and size.
    public convenience init(for canvas: CellBuffer, capabilities: TerminalCapabilities = .xterm) {
        self.init(columns: canvas.columns, rows: canvas.rows, styles: canvas.styles, graphemes: canvas.graphemes,
                  capabilities: capabilities)
    }

    /// Forget what the terminal shows: the next frame clears the screen and
    /// repaints every cell (a forced full redraw).
    public func invalidate() {
        needsFullRedraw = true
    }

    /// The style as this terminal shows it.
    @inline(__always)
    func emittedStyle(_ id: StyleID) -> Style {
        let i = Int(id)
        if i < emitted.count { return emitted[i] }
        return extendEmitted(upTo: i)
    }

    @inline(never)
    private func extendEmitted(upTo i: Int) -> Style {
        while emitted.count <= i {
            emitted.append(ColorDownsampler.downsample(styles[StyleID(emitted.count)], to: capabilities.colors))
        }
        return emitted[i]
    }

    /// Brings the terminal from the model to `canvas`, clears the canvas's
    /// damage, and returns the bytes to write (valid until the next call).
    ///
    /// - Complexity: O(1) when the canvas has no damage; otherwise O(damaged
    ///   cells), plus O(rows × columns) of row hashing when the damage spans
    ///   whole rows and scrolling is enabled.
    @discardableResult
    public func encode(_ canvas: CellBuffer) -> UnsafeBufferPointer<UInt8> {
        precondition(canvas.styles === styles && canvas.graphemes === graphemes,
                     "the canvas must share the encoder's style and grapheme tables")
        out.removeAll()
        statistics = Statistics()
        if canvas.columns != screen.columns || canvas.rows != screen.rows {
            screen.resize(columns: canvas.columns, rows: canvas.rows)
            screen.damage.removeAll()
            needsFullRedraw = true
        }
        if needsFullRedraw {
            canvas.damage.add(canvas.bounds)
        }
        guard !canvas.damage.isEmpty else { return out.bytes }
        let syncStart = capabilities.synchronizedOutput ? reserveSynchronizedUpdate() : -1
        if needsFullRedraw {
            clearScreen()
            needsFullRedraw = false
        }
        if capabilities.scrolling && canvas.columns > 0 { scrollMovedRows(canvas) }
        let bounds = canvas.damage.bounds
        for y in bounds.y..<bounds.maxY {
            canvas.damage.forEachSpan(inRow: y) { start, end in
                diffRow(canvas, y: y, from: start, to: end)
            }
        }
        canvas.damage.removeAll()
        if syncStart >= 0 { finishSynchronizedUpdate(start: syncStart) }
        return out.bytes
    }

    /// The bytes of the last ``encode(_:)`` as an array (tests, raw dumps).
    public var lastOutput: [UInt8] { out.array }

    // MARK: Synchronized output

    private func reserveSynchronizedUpdate() -> Int {
        let start = out.count
        out.append(EscapeSequence.beginSynchronizedUpdate)
        return start
    }

    private func finishSynchronizedUpdate(start: Int) {
        let begin = EscapeSequence.beginSynchronizedUpdate.utf8CodeUnitCount
        if out.count == start + begin {
            out.removeAll()  // nothing changed after all: write nothing
        } else {
            out.append(EscapeSequence.endSynchronizedUpdate)
        }
    }

    // MARK: Full redraw

    private func clearScreen() {
        setPen(.plain)
        out.append(EscapeSequence.cursorHome)
        out.append(EscapeSequence.eraseDisplay)
        cursor = .home
        for y in 0..<screen.rows {
            let row = screen.mutableRow(y)
            for x in 0..<screen.columns { row[x] = .blank() }
        }
    }

    // MARK: Diff

    /// Writes the cells of row `y` in `from..<to` that differ from the model.
    private func diffRow(_ canvas: CellBuffer, y: Int, from: Int, to: Int) {
        let new = canvas.row(y)
        let old = screen.mutableRow(y)
        var x = from
        var end = to
        let columns = canvas.columns
        while x < end {
            statistics.cellsCompared += 1
            if new[x] == old[x] { x += 1; continue }
            // Start at a lead cell both in the canvas and on the terminal:
            // printing over the right half of a wide glyph breaks its left half.
            if x > 0 && (new[x].isContinuation || old[x].isContinuation) { x -= 1 }
            let next = emit(at: x, y: y, new: new, old: old, columns: columns)
            // Cells past `next` the terminal may have broken are marked
            // unknown; make sure they are visited even outside the damage.
            if next < columns && old[next] == .unknown && next >= end { end = next + 1 }
            x = next
        }
    }

    /// Writes the changed cell at `x` (choosing erase, repeat or print) and
    /// returns the first column after what was written.
    private func emit(at x: Int, y: Int, new: UnsafeBufferPointer<Cell>, old: UnsafeMutablePointer<Cell>,
                      columns: Int) -> Int {
        let cell = new[x]
        let style = emittedStyle(cell.style)
        if cell.isSpace && isErasable(style) {
            if let next = eraseBlanks(at: x, y: y, cell: cell, style: style, new: new, old: old, columns: columns) {
                return next
            }
        }
        moveCursor(toX: x, y: y, canvasRow: new)
        setPen(style)
        appendGrapheme(cell)
        place(cell, at: x, old: old, columns: columns)
        statistics.cellsWritten += 1
        var next = x + cell.width
        if capabilities.repeatCharacter && !cell.isCluster && cell.payload >= 0x20 && cell.payload < 0x7F {
            next = repeatCharacter(cell, from: next, new: new, old: old, columns: columns)
        }
        advanceCursor(to: next, columns: columns, uncertain: isUncertain(cell))
        return next
    }

    /// REP: repeat the character just printed over the following equal cells,
    /// when that is shorter than printing them.
    private func repeatCharacter(_ cell: Cell, from start: Int, new: UnsafeBufferPointer<Cell>,
                                 old: UnsafeMutablePointer<Cell>, columns: Int) -> Int {
        var end = start
        while end < columns && new[end] == cell { end += 1 }
        // Trailing cells the terminal already shows need not be repeated.
        while end > start && old[end - 1] == cell { end -= 1 }
        let n = end - start
        guard n > 0, 3 + ByteBuffer.digits(n) < n else { return start }
        csi(n, omittingOne: false, EscapeSequence.rep)
        for x in start..<end { place(cell, at: x, old: old, columns: columns) }
        statistics.cellsWritten += n
        return end
    }

    /// Records that the terminal now shows `cell` at `x`, marking a wide
    /// glyph it cut as unknown.
    @inline(__always)
    func place(_ cell: Cell, at x: Int, old: UnsafeMutablePointer<Cell>, columns: Int) {
        old[x] = cell
        if cell.width == 2 { old[x + 1] = .continuation(cell.style) }
        let after = x + cell.width
        if after < columns && old[after].isContinuation { old[after] = .unknown }
    }

    @inline(__always)
    func advanceCursor(to x: Int, columns: Int, uncertain: Bool) {
        if x >= columns {
            cursor.x = columns - 1
            cursor.pendingWrap = true
        } else {
            cursor.x = x
        }
        if uncertain { cursor.known = false }
    }

    @inline(__always)
    func isUncertain(_ cell: Cell) -> Bool {
        if cell.isCluster { return graphemes.isUncertain(cell.payload) }
        return cell.width == 2 && GraphemeWidth.isUncertainWide(cell.payload)
    }

    /// Writes a cell's grapheme bytes (not the pen, not the cursor).
    @inline(__always)
    func appendGrapheme(_ cell: Cell) {
        if cell.isCluster {
            graphemes.withUTF8(cell.payload) { out.append($0) }
        } else {
            out.appendScalar(cell.payload)
        }
    }

    @inline(__always)
    func setPen(_ style: Style) {
        var sink = BufferSink(buffer: out)
        SGREncoder.transition(from: pen, to: style, into: &sink)
        pen = style
    }

    // MARK: Erase

    /// A blank in this style can be made by erasing: what EL/ECH leave is a
    /// space with the current background, default foreground, no attributes.
    @inline(__always)
    func isErasable(_ style: Style) -> Bool {
        style.foreground == .default && style.attributes.isEmpty
            && (capabilities.backgroundColorErase || style.background == .default)
    }

    /// Tries EL (to the end of the line) or ECH (a run) for the blank run at
    /// `x`; returns the next column to examine, or nil when printing is cheaper.
    private func eraseBlanks(at x: Int, y: Int, cell: Cell, style: Style, new: UnsafeBufferPointer<Cell>,
                             old: UnsafeMutablePointer<Cell>, columns: Int) -> Int? {
        if old[x].isContinuation { return nil }
        var runEnd = x + 1
        while runEnd < columns && new[runEnd] == cell { runEnd += 1 }
        // The last cell of the run that actually differs: printing would stop there.
        var lastDiff = runEnd - 1
        while lastDiff > x && new[lastDiff] == old[lastDiff] { lastDiff -= 1 }
        let printCost = lastDiff - x + 1
        var penForErase = pen ?? .plain
        penForErase.background = style.background
        let sgrCost = SGREncoder.cost(from: pen, to: penForErase)
        let toEnd = runEnd == columns
        if toEnd {
            // EL: 3 bytes, cursor stays.
            if 3 + sgrCost < printCost + SGREncoder.cost(from: pen, to: style) {
                moveCursor(toX: x, y: y, canvasRow: new)
                setPen(penForErase)
                out.append(EscapeSequence.eraseLine)
                for i in x..<columns { old[i] = cell }
                statistics.cellsWritten += columns - x
                return columns
            }
            return nil
        }
        // ECH leaves the cursor at x; the next change is further right, so
        // count a forward move in its cost.
        if old[runEnd].isContinuation { return nil }
        let n = runEnd - x
        let echCost = 3 + ByteBuffer.digits(n) + sgrCost + EscapeSequence.lengthOmittingOne(n)
        if echCost < printCost + SGREncoder.cost(from: pen, to: style) && lastDiff + 1 == runEnd {
            moveCursor(toX: x, y: y, canvasRow: new)
            setPen(penForErase)
            csi(n, omittingOne: false, EscapeSequence.ech)
            for i in x..<runEnd { old[i] = cell }
            statistics.cellsWritten += n
            return runEnd
        }
        return nil
    }
}
