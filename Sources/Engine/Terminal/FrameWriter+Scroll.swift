/// Scrolling: rows that moved up or down (a log, a pager, a list) are moved
/// on the terminal with one scroll instead of being rewritten.
///
/// As ncurses' hashmap does, each row of the damaged band is hashed in the
/// canvas and in the model; a changed canvas row whose content appears
/// exactly once among the model's rows at another position is a candidate,
/// and consecutive candidates with the same offset form a hunk. A hunk is
/// applied when the bytes it saves (cells that would otherwise be rewritten)
/// exceed what it costs (the scroll sequences, a pen change, and repainting
/// the rows it vacates). The scroll is done with SU/SD over the whole screen,
/// a DECSTBM region with SU/SD, or IL/DL — whichever is shortest — and then
/// applied to the model, so the ordinary diff paints only what is left.
extension FrameWriter {
    /// Most hunks applied per frame.
    static let maxScrollsPerFrame = 4

    struct ScrollHunk {
        /// First and last canvas row that receive moved content.
        var first: Int
        var last: Int
        /// Rows the content moved: negative is up.
        var shift: Int
        var gain: Int
    }

    @inline(__always)
    static func hash(_ row: UnsafeBufferPointer<Cell>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for c in row { h = (h ^ c.bits) &* 0x0000_0100_0000_01B3; h ^= h >> 29 }
        return h
    }

    mutating func scrollMovedRows(_ canvas: CellBuffer) {
        // Rows are compared whole: the columns outside the damage are equal
        // in canvas and model, so a row that moved matches in full.
        let damaged = canvas.damage.bounds
        let band = Rect(x: 0, y: damaged.y, width: canvas.columns, height: damaged.height)
        guard band.height >= 2 else { return }
        // A scroll pays only when rows' worth of cells changed; scattered
        // small changes never hash the screen.
        var damagedCells = 0
        for r in canvas.damage.rects { damagedCells += r.area }
        guard damagedCells >= 2 * canvas.columns else { return }
        for _ in 0..<FrameWriter.maxScrollsPerFrame {
            guard let hunk = bestScrollHunk(canvas, band: band), hunk.gain > 0 else { return }
            applyScroll(hunk, rows: canvas.rows, columns: canvas.columns)
            // Rows the scroll blanked may differ from the canvas outside the
            // damage; make the diff look at them whole.
            let vacated = region(hunk).vacated
            canvas.damage.add(Rect(x: 0, y: vacated.lowerBound, width: canvas.columns, height: vacated.count))
        }
    }

    private mutating func bestScrollHunk(_ canvas: CellBuffer, band: Rect) -> ScrollHunk? {
        if newRowHashes.count < canvas.rows {
            newRowHashes = Array(repeating: 0, count: canvas.rows)
            oldRowHashes = Array(repeating: 0, count: canvas.rows)
        }
        oldRowByHash.removeAll(keepingCapacity: true)
        for y in band.y..<band.maxY {
            newRowHashes[y] = FrameWriter.hash(canvas.row(y))
            let h = FrameWriter.hash(UnsafeBufferPointer(start: modelRow(y), count: columns))
            oldRowHashes[y] = h
            // -1 marks a hash seen twice: only unique rows are matched.
            if let seen = oldRowByHash[h] { if seen != y { oldRowByHash[h] = -1 } } else { oldRowByHash[h] = y }
        }
        var best: ScrollHunk?
        var y = band.y
        while y < band.maxY {
            guard newRowHashes[y] != oldRowHashes[y], let source = oldRowByHash[newRowHashes[y]], source >= 0,
                  rowsEqual(canvas.row(y), UnsafeBufferPointer(start: modelRow(source), count: columns))
            else { y += 1; continue }
            let shift = y - source
            var last = y
            while last + 1 < band.maxY, last + 1 - shift >= band.y, last + 1 - shift < band.maxY,
                  newRowHashes[last + 1] != oldRowHashes[last + 1],
                  newRowHashes[last + 1] == oldRowHashes[last + 1 - shift],
                  rowsEqual(canvas.row(last + 1), UnsafeBufferPointer(start: modelRow(last + 1 - shift), count: columns))
            {
                last += 1
            }
            var hunk = ScrollHunk(first: y, last: last, shift: shift, gain: 0)
            hunk.gain = scrollGain(hunk, canvas: canvas)
            if hunk.gain > (best?.gain ?? 0) { best = hunk }
            y = last + 1
        }
        return best
    }

    /// CUP to column 0 of row `y`.
    private mutating func cursorToRow(_ y: Int) {
        out.append(EscapeSequence.csi)
        if y + originRow > 0 { out.appendDecimal(y + originRow + 1) }
        out.append(EscapeSequence.cup)
    }

    private func rowsEqual(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>) -> Bool {
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// Cells of canvas row `y` that differ from `other` (a model row, or all blanks).
    private func differingCells(_ canvas: CellBuffer, y: Int, against other: UnsafeBufferPointer<Cell>?) -> Int {
        let new = canvas.row(y)
        var n = 0
        if let other {
            for i in 0..<new.count where new[i] != other[i] { n += 1 }
        } else {
            for i in 0..<new.count where new[i] != .blank() { n += 1 }
        }
        return n
    }

    /// The scroll region a hunk needs, and the rows it vacates.
    private func region(_ h: ScrollHunk) -> (top: Int, bottom: Int, vacated: ClosedRange<Int>) {
        let k = abs(h.shift)
        if h.shift < 0 {
            // content moves up: rows last+1 ... last+k come in blank
            return (h.first, h.last + k, (h.last + 1)...(h.last + k))
        }
        return (h.first - k, h.last, (h.first - k)...(h.first - 1))
    }

    private func scrollGain(_ h: ScrollHunk, canvas: CellBuffer) -> Int {
        var saved = 0
        for y in h.first...h.last { saved += differingCells(canvas, y: y, against: UnsafeBufferPointer(start: modelRow(y), count: columns)) }
        let r = region(h)
        var extra = 0
        for y in r.vacated {
            extra += differingCells(canvas, y: y, against: nil) - differingCells(canvas, y: y, against: UnsafeBufferPointer(start: modelRow(y), count: columns))
        }
        return saved - extra - scrollPlan(h, rows: canvas.rows).cost
    }

    enum ScrollMethod { case wholeScreen, region, insertDelete }

    private func scrollPlan(_ h: ScrollHunk, rows: Int) -> (method: ScrollMethod, cost: Int) {
        let k = abs(h.shift)
        let r = region(h)
        var penCost = 0
        if let pen, pen.background != .default {
            var p = pen
            p.background = .default
            penCost = SGREncoder.cost(from: pen, to: p)
        } else if pen == nil {
            penCost = 3
        }
        let scroll = EscapeSequence.lengthOmittingOne(k)
        if r.top == 0 && r.bottom == rows - 1 { return (.wholeScreen, penCost + scroll) }
        // DECSTBM top;bottom, SU/SD, DECSTBM reset; then the cursor is home and must move again.
        let regionCost = 4 + ByteBuffer.digits(r.top + 1) + ByteBuffer.digits(r.bottom + 1) + scroll + 3 + 4
        // IL/DL: one or two CUP + DL/IL pairs, then the cursor's column is unknown.
        let pairs = r.bottom == rows - 1 ? 1 : 2
        let ilCost = pairs * (FrameWriter.cupCost(x: 0, y: r.bottom) + scroll) + 4
        return regionCost <= ilCost ? (.region, penCost + regionCost) : (.insertDelete, penCost + ilCost)
    }

    private mutating func applyScroll(_ h: ScrollHunk, rows: Int, columns: Int) {
        let k = abs(h.shift)
        let r = region(h)
        let plan = scrollPlan(h, rows: rows)
        // Scrolled-in rows take the current background (bce): make it the default.
        var p = pen ?? .plain
        if pen == nil { p = .plain }
        p.background = .default
        setPen(p)
        let up = h.shift < 0
        switch plan.method {
        case .wholeScreen:
            csi(k, omittingOne: true, up ? EscapeSequence.su : EscapeSequence.sd)
        case .region:
            out.append(EscapeSequence.csi)
            out.appendDecimal(r.top + 1)
            out.append(0x3B)
            out.appendDecimal(r.bottom + 1)
            out.append(EscapeSequence.decstbm)
            csi(k, omittingOne: true, up ? EscapeSequence.su : EscapeSequence.sd)
            out.append(EscapeSequence.resetScrollRegion)
            cursor = .home
        case .insertDelete:
            // IL/DL act from the cursor row to the bottom of the screen.
            if up {
                cursorToRow(r.top); csi(k, omittingOne: true, EscapeSequence.dl)
                if r.bottom < rows - 1 { cursorToRow(r.bottom - k + 1); csi(k, omittingOne: true, EscapeSequence.il) }
            } else {
                if r.bottom < rows - 1 { cursorToRow(r.bottom - k + 1); csi(k, omittingOne: true, EscapeSequence.dl) }
                cursorToRow(r.top); csi(k, omittingOne: true, EscapeSequence.il)
            }
            cursor = .unknown
        }
        // The model follows the terminal.
        if up {
            for y in r.top...(r.bottom - k) { modelRow(y).update(from: modelRow(y + k), count: columns) }
        } else {
            for y in stride(from: r.bottom, through: r.top + k, by: -1) {
                modelRow(y).update(from: modelRow(y - k), count: columns)
            }
        }
        for y in r.vacated {
            let row = modelRow(y)
            for x in 0..<columns { row[x] = .blank() }
        }
        statistics.rowsScrolled += h.last - h.first + 1
    }
}
