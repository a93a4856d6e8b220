/// The diff and the writer of one terminal, as a value: ``FrameEncoder``
/// holds it and calls `encode(_:model:columns:rows:)` once per frame.
///
/// State: the output buffer, the cursor, the pen, the down-sampled style
/// cache, scratch for scroll detection. The model of the terminal's cells is
/// the encoder's `screen` buffer, reached through a pointer for the frame.
public struct FrameWriter: ~Copyable {
    /// Counts from the last frame.
    public struct Statistics: Equatable, Sendable {
        /// Cells compared against the model.
        public var cellsCompared = 0
        /// Cells whose content was written (printed, repeated or erased).
        public var cellsWritten = 0
        /// Rows moved by scrolling instead of being rewritten.
        public var rowsScrolled = 0
        /// Columns of row content moved sideways by DCH/ICH instead of being rewritten.
        public var charactersShifted = 0
        /// Canvas rows hashed whole to look for rows that moved (with the
        /// model's row, unless the last frame left that row equal to one it
        /// hashed); 0 when sampling showed no row could have.
        public var rowsHashed = 0
        /// Model rows hashed whole for the same search: those the last
        /// frame did not leave equal to a canvas row it hashed.
        public var modelRowsHashed = 0
        /// Scrolls taken as painting made them (a scrolling container's
        /// cells shifted in the canvas), with no search.
        public var scrollsAsPainted = 0
    }

    private(set) var capabilities: TerminalCapabilities
    var out = ByteBuffer(capacity: 1 << 16)
    var cursor = CursorState.home
    /// The terminal's current rendition (already down-sampled); nil when unknown.
    var pen: Style? = .plain
    /// The interned style the pen was set from, or `.max` when it was
    /// derived (an erase or scroll pen) or is unknown.
    var penID: StyleID = 0
    /// The hyperlink (OSC 8) the terminal is printing into, `0` for none.
    /// Not SGR state (SGR 0 keeps it), so kept apart from the pen; when the
    /// pen is known, its ``Style/link`` equals this. Closed at the end of
    /// every frame, so nothing written between frames is linked.
    var openLink: LinkID = 0
    var transitions = SGRTransitionCache()
    /// Down-sampled style per ``StyleID``, filled lazily.
    var emitted: [Style] = []
    /// The style table's ``StyleTable/generation`` the id-keyed caches
    /// (`emitted`, `transitions`, `penID`) were filled under.
    var stylesGeneration = 0
    var needsFullRedraw = false
    /// Cells are only written in place: no scrolling, no sideways shifts
    /// (sixel pixels on the screen would not move with them everywhere).
    var keepsCellsInPlace = false
    /// The terminal's modes are not known to be ours (``FrameEncoder/invalidate()``):
    /// the next full redraw resets them first.
    var needsStateReset = false
    var statistics = Statistics()
    /// The terminal row of the canvas's row 0: 0 on a full screen; in
    /// inline mode, the first row of the region (absolute moves add it).
    var originRow = 0
    /// Drawing in a region of the screen (inline mode): a full redraw
    /// erases only from the region down, and rows are never scrolled (a
    /// scroll would move what lies above the region).
    var isInline = false
    /// Where to leave the cursor after a frame (a text field's caret, or the
    /// inline region's top-left); nil leaves it where the last write did.
    var restingCursor: (x: Int, y: Int)?
    // Scratch for scroll detection, reused across frames.
    var newRowHashes: [UInt64] = []
    /// The model's row hashes. Between frames, row `y`'s entry is still the
    /// hash of the model's row while `oldRowHashStamp[y]` equals
    /// `rowHashGeneration`: a row the last frame hashed in the canvas and
    /// left equal to the model (checked byte for byte) keeps its hash, so a
    /// screen that scrolls every frame hashes each row once, not twice.
    var oldRowHashes: [UInt64] = []
    var oldRowHashStamp: [UInt32] = []
    /// Bumped whenever the model may have changed outside the rows the
    /// writer accounted for (a clear, a resize, cells forgotten): every
    /// kept hash goes at once.
    var rowHashGeneration: UInt32 = 1
    /// The rows whose canvas hashes this frame computed, if any.
    var hashedBand: Range<Int>?
    /// The model's rows by hash (or by sampled hash).
    var rowsByHash = RowHashTable()
    /// Per row of the band: cells that differ from the model's row, and
    /// cells that are not blank (-1 until computed).
    var rowStayCost: [Int] = []
    var rowBlankCost: [Int] = []
    /// The blank run ``eraseBlanks(at:y:cell:style:new:old:)`` last measured
    /// in the row being diffed, when printing it won: its first column, its
    /// end and its last cell that differs from the model. The next changed
    /// blank of the same run reuses it instead of scanning the row again (a
    /// row whose text got shorter would otherwise be scanned to its end once
    /// a blank). Valid within one ``diffRow(_:y:from:to:)``.
    var blankRun: (start: Int, end: Int, lastDiff: Int)?
    let styles: StyleTable
    let graphemes: GraphemeTable
    // The model for the current frame.
    var model: UnsafeMutablePointer<Cell>
    /// The model and width the kept row hashes were taken from.
    var lastModel: UnsafeMutablePointer<Cell>?
    var lastModelColumns = 0
    var columns = 0
    var rows = 0

    init(styles: StyleTable, graphemes: GraphemeTable, capabilities: TerminalCapabilities) {
        self.styles = styles
        self.graphemes = graphemes
        self.capabilities = capabilities
        model = UnsafeMutablePointer(bitPattern: 8)!  // set at each encode
    }

    mutating func setCapabilities(_ c: TerminalCapabilities) {
        if c.colors != capabilities.colors || c.styledUnderlines != capabilities.styledUnderlines
            || c.hyperlinks != capabilities.hyperlinks || c.palette != capabilities.palette
        {
            emitted.removeAll()
            transitions.removeAll()
            pen = nil
            penID = .max
        }
        capabilities = c
    }

    /// The style table was compacted: a freed id may now name another
    /// style, so what is cached by id goes (the pen's value stays known).
    @inline(never)
    mutating func forgetStyleIDs() {
        emitted.removeAll(keepingCapacity: true)
        transitions.removeAll()
        penID = .max
        stylesGeneration = styles.generation
    }

    @inline(__always)
    func modelRow(_ y: Int) -> UnsafeMutablePointer<Cell> { model + y &* columns }

    /// The style as this terminal shows it.
    @inline(__always)
    mutating func emittedStyle(_ id: StyleID) -> Style {
        let i = Int(id)
        if i < emitted.count { return emitted[i] }
        return extendEmitted(upTo: i)
    }

    @inline(never)
    private mutating func extendEmitted(upTo i: Int) -> Style {
        while emitted.count <= i {
            emitted.append(capabilities.drawable(styles[StyleID(emitted.count)]))
        }
        return emitted[i]
    }

    mutating func encode(_ canvas: CellBuffer, model: UnsafeMutablePointer<Cell>, columns: Int, rows: Int)
        -> UnsafeBufferPointer<UInt8>
    {
        self.model = model
        self.columns = columns
        self.rows = rows
        out.removeAll()
        statistics = Statistics()
        if styles.generation != stylesGeneration { forgetStyleIDs() }
        if needsFullRedraw { canvas.damage.add(canvas.bounds) }
        guard !canvas.damage.isEmpty else {
            if let rest = restingCursor, !isCursor(at: rest) { park(at: rest) }
            return out.bytes
        }
        let syncStart = out.count
        if capabilities.synchronizedOutput { out.append(EscapeSequence.beginSynchronizedUpdate) }
        if needsFullRedraw {
            if needsStateReset { resetTerminalState() }
            clearScreen()
            needsFullRedraw = false
        }
        if model != lastModel || columns != lastModelColumns {
            lastModel = model
            lastModelColumns = columns
            forgetModelRowHashes()
        }
        hashedBand = nil
        let hint = canvas.scrollHint
        canvas.scrollHint = nil
        if capabilities.scrolling && !isInline && !keepsCellsInPlace && columns > 0 {
            if let hint, scrollAsPainted(canvas, region: hint.region, shift: hint.shift) {
                // The model's rows moved: hashes kept by position are stale.
                forgetModelRowHashes()
            } else {
                scrollMovedRows(canvas)
            }
        }
        let bounds = canvas.damage.bounds
        for y in bounds.y..<bounds.maxY {
            let new = canvas.row(y)
            canvas.damage.forEachSpan(inRow: y) { start, end in
                diffRow(new, y: y, from: start, to: end)
            }
        }
        keepModelRowHashes(canvas, written: bounds.y..<bounds.maxY)
        canvas.damage.removeAll()
        if openLink != 0 { closeLink() }
        if let rest = restingCursor, !isCursor(at: rest) { park(at: rest) }
        if capabilities.synchronizedOutput {
            if out.count == syncStart + EscapeSequence.beginSynchronizedUpdate.utf8CodeUnitCount {
                out.removeAll()  // nothing changed after all: write nothing
            } else {
                out.append(EscapeSequence.endSynchronizedUpdate)
            }
        }
        return out.bytes
    }

    // MARK: Synchronized output

    /// Before the encoder appends image commands to the frame: where
    /// synchronized output is on, the frame's closing `ESC [ ? 2026 l` is
    /// taken back (or, when the cells wrote nothing, one is opened), so the
    /// images land inside the same block as the cells they cover and the
    /// terminal never shows the blanked cells without their pixels.
    mutating func reopenSynchronizedUpdate() {
        guard capabilities.synchronizedOutput else { return }
        if out.hasSuffix(EscapeSequence.endSynchronizedUpdate) {
            out.removeLast(EscapeSequence.endSynchronizedUpdate.utf8CodeUnitCount)
        } else {
            out.append(EscapeSequence.beginSynchronizedUpdate)
        }
    }

    /// Closes the block ``reopenSynchronizedUpdate()`` reopened.
    mutating func closeSynchronizedUpdate() {
        if capabilities.synchronizedOutput { out.append(EscapeSequence.endSynchronizedUpdate) }
    }

    // MARK: Full redraw

    /// Puts back every mode the writer relies on (charset, insert and
    /// newline modes, origin mode, autowrap, scroll region) and forgets the
    /// pen and cursor, so the clear that follows starts from SGR 0 and an
    /// absolute move. Only on a forced redraw: an incremental frame trusts
    /// the state the previous one left.
    private mutating func resetTerminalState() {
        out.append(EscapeSequence.resetTerminalModes)
        pen = nil
        penID = .max
        cursor = .unknown
        needsStateReset = false
    }

    private mutating func clearScreen() {
        setPen(.plain)
        if isInline {
            // From the region's first row down only: what is above is the user's.
            cursor = .unknown
            moveCursor(toX: 0, y: 0, canvasRow: UnsafeBufferPointer(start: modelRow(0), count: columns))
            out.append(EscapeSequence.eraseBelow)
        } else {
            out.append(EscapeSequence.cursorHome)
            out.append(EscapeSequence.eraseDisplay)
        }
        cursor = .home
        for i in 0..<(columns * rows) { model[i] = .blank() }
        forgetModelRowHashes()
    }

    // MARK: Resting cursor

    private func isCursor(at p: (x: Int, y: Int)) -> Bool {
        cursor.known && !cursor.pendingWrap && cursor.x == p.x && cursor.y == p.y
    }

    /// Moves the cursor to where it rests between frames (clamped to the canvas).
    mutating func park(at p: (x: Int, y: Int)) {
        guard columns > 0, rows > 0 else { return }
        let x = min(max(p.x, 0), columns - 1), y = min(max(p.y, 0), rows - 1)
        // The model row is what the terminal shows, so reprinting from it is exact.
        moveCursor(toX: x, y: y, canvasRow: UnsafeBufferPointer(start: modelRow(y), count: columns))
    }

    // MARK: Diff

    /// Writes the cells of row `y` in `from..<to` that differ from the model.
    /// Inlined: the per-cell loop of every frame.
    @inline(__always)
    private mutating func diffRow(_ new: UnsafeBufferPointer<Cell>, y: Int, from: Int, to: Int) {
        let old = modelRow(y)
        blankRun = nil
        // A wide span already equal to the model (a row a scroll put in
        // place, a row repainted unchanged) is one `memcmp`; one that
        // differs stops it at the first difference.
        if to &- from >= FrameWriter.minSpanForBulkCompare
            && Platform.bytesEqual(new.baseAddress! + from, old + from, count: (to &- from) &* MemoryLayout<Cell>.stride)
        {
            statistics.cellsCompared += to - from
            return
        }
        var x = from
        var end = to
        var compared = 0
        // A sideways shift (DCH/ICH) is tried once per span, at its first
        // change, when the span is wide enough for one to pay.
        var mayShift = capabilities.insertDeleteCharacter && !keepsCellsInPlace && to - from >= FrameWriter.minShiftSpan
        while x < end {
            compared += 1
            if new[x] == old[x] {
                // Skip the equal cells that follow, four a step.
                let next = CellScan.firstDifference(new.baseAddress!, old, from: x &+ 1, to: end)
                compared += next &- x &- 1
                x = next
                continue
            }
            if mayShift {
                mayShift = false
                if end - x >= FrameWriter.minShiftSpan && shiftCharacters(new, y: y, from: x, to: end) != nil {
                    blankRun = nil
                    // The row moved from `x` on: compare it again, to its end.
                    end = columns
                    continue
                }
            }
            // Start at a lead cell both in the canvas and on the terminal:
            // printing over the right half of a wide glyph breaks its left half.
            if x > 0 && (new[x].isContinuation || old[x].isContinuation) { x -= 1 }
            let (next, uncertain) = emit(at: x, y: y, new: new, old: old)
            // A wide glyph cut on the terminal leaves a cell marked unknown
            // after `next`; visit it even outside the damage.
            if next < columns && old[next] == .unknown && next >= end { end = next + 1 }
            // A disputed grapheme may have been drawn wider than its cells
            // (a skin-tone sequence as two glyphs, a ZWJ sequence as one
            // per emoji): what it may have covered is rewritten.
            if uncertain && next < columns {
                let spill = Swift.min(columns, x + widestRendering(new[x]))
                if spill > next {
                    for i in next..<spill { old[i] = .unknown }
                    blankRun = nil
                    end = Swift.max(end, spill)
                }
            }
            x = next
            if !uncertain && x < end { x = printRun(new, y: y, from: x, to: end, old: old, compared: &compared) }
        }
        statistics.cellsCompared += compared
    }

    /// Prints the changed cells from `x` on that need nothing but their
    /// byte: printable ASCII other than a space, one column, in the pen's
    /// style, where the cursor already is, over no part of a wide glyph,
    /// and not the start of a run of equal cells (``repeatCharacter(_:from:new:old:)`` may pay there).
    /// Returns the first column it did not print. Most of a frame whose
    /// text changed everywhere goes through this loop.
    @inline(__always)
    private mutating func printRun(_ new: UnsafeBufferPointer<Cell>, y: Int, from x: Int, to end: Int,
                                   old: UnsafeMutablePointer<Cell>, compared: inout Int) -> Int {
        // Cells as their 64 bits (content low, style high): one compare
        // tests the style and the printable range together, since any
        // other style makes the difference huge. A cell in another style
        // (where styles change from cell to cell) leaves at once.
        let first = UInt64(Cell(scalar: 0x21, width: 1, style: 0).content) | UInt64(penID) << 32
        let newBits = UnsafeRawPointer(new.baseAddress!)
        var c = newBits.loadUnaligned(fromByteOffset: x &* 8, as: UInt64.self)
        guard c &- first <= 0x7E - 0x21 else { return x }
        guard cursor.known, !cursor.pendingWrap, cursor.x == x, cursor.y == y else { return x }
        let continuationBits = UInt64(3 << Cell.widthShift)
        let columns = self.columns
        let oldBits = UnsafeMutableRawPointer(old)
        // One reservation for the run: no capacity check per byte. Each
        // cell's right neighbour (in the canvas and on the terminal) is
        // loaded once, and is the next cell.
        out.reserve(end - x)
        let dst = out.tail
        var i = x
        var o = oldBits.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
        while true {
            // (A cell that would cut a wide glyph on the terminal, on
            // either side, goes the general way, which repairs it.)
            guard c &- first <= 0x7E - 0x21, c != o, o & continuationBits != 0 else { break }
            let next = i &+ 1
            var following = c, followingOld = o
            if next < columns {
                following = newBits.loadUnaligned(fromByteOffset: next &* 8, as: UInt64.self)
                followingOld = oldBits.loadUnaligned(fromByteOffset: next &* 8, as: UInt64.self)
                guard following != c, followingOld & continuationBits != 0 else { break }
            }
            dst[i &- x] = UInt8(truncatingIfNeeded: c)
            oldBits.storeBytes(of: c, toByteOffset: i &* 8, as: UInt64.self)
            i = next
            if i >= end { break }
            c = following
            o = followingOld
        }
        out.advance(by: i &- x)
        guard i > x else { return x }
        compared += i - x
        statistics.cellsWritten += i - x
        advanceCursor(to: i, uncertain: false)
        return i
    }

    /// Writes the changed cell at `x` (choosing erase, repeat or print) and
    /// returns the first column after what was written, and whether the cell
    /// is a grapheme terminals may draw at another width. Inlined into the
    /// diff's loop: called once per changed cell.
    @inline(__always)
    private mutating func emit(at x: Int, y: Int, new: UnsafeBufferPointer<Cell>, old: UnsafeMutablePointer<Cell>)
        -> (next: Int, uncertain: Bool)
    {
        let cell = new[x]
        let style = emittedStyle(cell.style)
        if cell.isSpace && isErasable(style),
           let next = eraseBlanks(at: x, y: y, cell: cell, style: style, new: new, old: old)
        {
            return (next, false)
        }
        var uncertain = isUncertain(cell)
        // Most cells follow the one just written: no move to price.
        if !(cursor.x == x && cursor.y == y && cursor.known && !cursor.pendingWrap) {
            moveCursor(toX: x, y: y, canvasRow: new)
        }
        setPen(id: cell.style, style)
        if uncertain && capabilities.textSizing && cell.width > 0 {
            // kitty's OSC 66 pins the width to the cells the layout gave it:
            // no longer disputed.
            appendPinnedGrapheme(cell)
            uncertain = false
        } else if uncertain && x + widestRendering(cell) > columns {
            // Where a wider rendering would wrap or scroll (the canvas draws
            // such a grapheme as U+FFFD already; this covers a resize).
            out.appendScalar(0xFFFD)
            if cell.width == 2 { out.append(0x20) }
        } else {
            appendGrapheme(cell)
        }
        place(cell, at: x, old: old)
        statistics.cellsWritten += 1
        var next = x + cell.width
        if capabilities.repeatCharacter && !cell.isCluster && cell.payload >= 0x20 && cell.payload < 0x7F {
            next = repeatCharacter(cell, from: next, new: new, old: old)
        }
        advanceCursor(to: next, uncertain: uncertain)
        if uncertain { keepRowIfCertain(after: cell, from: x) }
        return (next, uncertain)
    }

    /// After a grapheme terminals may draw at another width (the column is
    /// now unknown): the row stays known unless the widest drawing any
    /// terminal could make (at most one column per UTF-8 byte: no scalar
    /// below U+1100 is wide, and wide ones take three or four bytes) could
    /// reach the last column, where a terminal would wrap or be about to.
    @inline(never)
    mutating func keepRowIfCertain(after cell: Cell, from x: Int) {
        let widest = cell.isCluster ? graphemes.byteCount(cell.payload) : 2
        if x + widest < columns - 1 { cursor.rowKnown = true }
    }

    /// REP: repeat the character just printed over the following equal cells,
    /// when that is shorter than printing them. Only printable ASCII, spaces
    /// included (reached only when erasing was not possible or not cheaper).
    private mutating func repeatCharacter(_ cell: Cell, from start: Int, new: UnsafeBufferPointer<Cell>,
                                          old: UnsafeMutablePointer<Cell>) -> Int {
        var end = CellScan.firstOther(than: cell, in: new.baseAddress!, from: start, to: columns)
        // Trailing cells the terminal already shows need not be repeated.
        end = CellScan.lastOther(than: cell, in: old, from: start, to: end) + 1
        let n = end - start
        guard n > 0, 3 + ByteBuffer.digits(n) < n else { return start }
        csi(n, omittingOne: false, EscapeSequence.rep)
        for x in start..<end { place(cell, at: x, old: old) }
        statistics.cellsWritten += n
        return end
    }

    /// Records that the terminal now shows `cell` at `x`, marking a wide
    /// glyph it cut as unknown.
    @inline(__always)
    func place(_ cell: Cell, at x: Int, old: UnsafeMutablePointer<Cell>) {
        old[x] = cell
        if cell.width == 2 { old[x + 1] = .continuation(cell.style) }
        let after = x + cell.width
        if after < columns && old[after].isContinuation { old[after] = .unknown }
    }

    @inline(__always)
    mutating func advanceCursor(to x: Int, uncertain: Bool) {
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
        let v = cell.payload
        // Below U+1100 nothing is wide, and regional indicators are far above.
        if v < 0x1100 { return false }
        return (cell.width == 2 && GraphemeWidth.isUncertainWide(v) && !capabilities.settledEmojiWidths)
            || GraphemeWidth.isRegionalIndicator(v)
    }

    /// The widest a terminal may draw `cell` (see ``CellBuffer``'s edge rule).
    @inline(__always)
    func widestRendering(_ cell: Cell) -> Int {
        if cell.isCluster { return graphemes.widestRendering(cell.payload, width: cell.width) }
        return GraphemeWidth.widestRendering(scalar: cell.payload, width: cell.width)
    }

    /// Writes a cell's grapheme inside kitty's text sizing protocol, at the
    /// cell's width: `ESC ] 66 ; w=N ; grapheme ESC \`. The grapheme was
    /// sanitised when it entered the canvas (no controls: nothing in it can
    /// end the sequence).
    @inline(never)
    mutating func appendPinnedGrapheme(_ cell: Cell) {
        out.append("\u{1B}]66;w=")  // OSC 66 (kitty's text sizing protocol)
        out.append(0x30 &+ UInt8(truncatingIfNeeded: cell.width))
        out.append(0x3B)
        appendGrapheme(cell)
        out.append(0x1B)
        out.append(0x5C)
    }

    /// Writes a cell's grapheme bytes (not the pen, not the cursor).
    @inline(__always)
    mutating func appendGrapheme(_ cell: Cell) {
        if cell.isCluster {
            graphemes.withUTF8(cell.payload) { out.append($0) }
        } else {
            out.appendScalar(cell.payload)
        }
    }

    /// Sets the pen to a style that is not an interned one (erase, scroll, reset).
    @inline(__always)
    mutating func setPen(_ style: Style) {
        if style.link != openLink { setLink(style.link) }
        SGREncoder.transition(from: pen, to: style, into: &out)
        pen = style
        penID = .max
    }

    /// Sets the pen to interned style `id` (whose down-sampled form is
    /// `style`), through the transition cache.
    @inline(__always)
    mutating func setPen(id: StyleID, _ style: Style) {
        if id == penID { return }
        if style.link != openLink { setLink(style.link) }
        defer { pen = style; penID = id }
        guard penID != .max else {
            SGREncoder.transition(from: pen, to: style, into: &out)
            return
        }
        let key = SGRTransitionCache.key(from: penID, to: id)
        if let cached = transitions.lookup(key) {
            out.append(cached)
            return
        }
        let start = out.count
        SGREncoder.transition(from: pen, to: style, into: &out)
        transitions.store(key, UnsafeBufferPointer(rebasing: out.bytes[start...]))
    }

    /// Enters hyperlink `link` (OSC 8 with `id=link`, so a link cut by
    /// wrapping or by other cells is one link to the terminal), or leaves
    /// the open one (`0`: OSC 8 with empty parameters and URI).
    @inline(never)
    mutating func setLink(_ link: LinkID) {
        out.append(EscapeSequence.hyperlinkStart)
        if link != 0 {
            out.append(EscapeSequence.hyperlinkID)
            out.appendDecimal(Int(link))
            out.append(0x3B)
            styles.withLinkURI(link) { out.append($0) }
        } else {
            out.append(0x3B)
        }
        out.append(EscapeSequence.stringTerminator)
        openLink = link
        pen?.link = link
    }

    /// Leaves the open hyperlink at the end of a frame. The pen's id no
    /// longer says what the terminal holds (its style has the link), so it
    /// is forgotten: the next cell in that style opens the link again.
    @inline(never)
    mutating func closeLink() {
        setLink(0)
        penID = .max
    }

    /// `CSI n F`, omitting a parameter of 1 when allowed.
    @inline(__always)
    mutating func csi(_ n: Int, omittingOne: Bool, _ final: UInt8) {
        out.append(EscapeSequence.csi)
        if !(omittingOne && n == 1) { out.appendDecimal(n) }
        out.append(final)
    }

    // MARK: Erase

    /// A blank in this style can be made by erasing: what EL/ECH leave is a
    /// space with the current background, default foreground, no
    /// attributes. A space's foreground colour shows only through an
    /// attribute (underline, strikethrough, reverse), so without attributes
    /// any foreground erases (as ncurses' `can_clear_with` allows).
    @inline(__always)
    func isErasable(_ style: Style) -> Bool {
        style.attributes.isEmpty && style.link == 0
            && (capabilities.backgroundColorErase || style.background == .default)
    }

    /// Tries EL (to the end of the line) or ECH (a run) for the blank run at
    /// `x`; returns the next column to examine, or nil when printing is cheaper.
    private mutating func eraseBlanks(at x: Int, y: Int, cell: Cell, style: Style, new: UnsafeBufferPointer<Cell>,
                                      old: UnsafeMutablePointer<Cell>) -> Int? {
        if old[x].isContinuation { return nil }
        let runEnd: Int, lastDiff: Int
        if let run = blankRun, run.start < x, x < run.end {
            // A later blank of the run measured last, which was printed up
            // to here: the model changed only left of `x`.
            runEnd = run.end
            lastDiff = Swift.max(run.lastDiff, x)
        } else {
            let end = CellScan.firstOther(than: cell, in: new.baseAddress!, from: x + 1, to: columns)
            // The last cell of the run that actually differs: printing would stop there.
            let last = Swift.max(x, CellScan.lastDifference(new.baseAddress!, old, from: x + 1, to: end))
            (runEnd, lastDiff) = (end, last)
            blankRun = (x, end, last)
        }
        let printCost = lastDiff - x + 1 + SGREncoder.cost(from: pen, to: style)
        var penForErase = pen ?? .plain
        penForErase.background = style.background
        penForErase.link = 0  // erased cells belong to no link
        let sgrCost = SGREncoder.cost(from: pen, to: penForErase)
        if runEnd == columns {
            // EL: 3 bytes, cursor stays.
            guard 3 + sgrCost < printCost else { return nil }
            moveCursor(toX: x, y: y, canvasRow: new)
            setPen(penForErase)
            out.append(EscapeSequence.eraseLine)
            for i in x..<columns { old[i] = cell }
            statistics.cellsWritten += columns - x
            return columns
        }
        // ECH leaves the cursor at x while the next change lies past the run:
        // count a forward move in its cost.
        guard !old[runEnd].isContinuation, lastDiff + 1 == runEnd else { return nil }
        // A blank amid a line with a foreground of its own sits among text
        // in that style: printing it keeps the pen there for what follows,
        // which erasing (background only) would not.
        guard style.foreground == .default else { return nil }
        let n = runEnd - x
        let echCost = 3 + ByteBuffer.digits(n) + sgrCost + EscapeSequence.lengthOmittingOne(n)
        guard echCost < printCost else { return nil }
        moveCursor(toX: x, y: y, canvasRow: new)
        setPen(penForErase)
        csi(n, omittingOne: false, EscapeSequence.ech)
        for i in x..<runEnd { old[i] = cell }
        statistics.cellsWritten += n
        return runEnd
    }
}
