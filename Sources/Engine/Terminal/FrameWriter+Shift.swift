/// Characters that moved sideways within a row — typing or deleting in the
/// middle of a line, a table column that widened, a view panned by a few
/// columns — are moved on the terminal with DCH (delete character) or ICH
/// (insert character) instead of being rewritten, as ncurses does.
///
/// For a row whose changed columns span at least ``minShiftSpan``, every
/// shift of 1…``maxCharacterShift`` columns either way is probed at the first
/// changed column `p` (three cells must line up: the one at `p`, the last
/// changed one and the one midway); for each that passes, the bytes left to write after the
/// shift are estimated and compared with the bytes of writing the row as it
/// is. The shift is made only when it is cheaper, on a row whose cells from
/// `p` on are all known and of certain width (the terminal moves its own
/// cells, so the model must be exact there) and where no wide grapheme is
/// cut. The model row is then shifted the same way, and the row is diffed
/// from `p` to its end.
///
/// The blanks DCH and ICH bring in take the current background (xterm,
/// tmux: "bce") and no attributes, so the pen's background is made default
/// first; the model gets plain blanks.
extension FrameWriter {
    /// Widest shift tried, in columns.
    static let maxCharacterShift = 8
    /// Fewest columns from the first to the last changed one for a shift to be tried.
    static let minShiftSpan = 8

    /// Bytes of a cell's grapheme (0 for the second half of a wide one).
    @inline(__always)
    func graphemeBytes(_ cell: Cell) -> Int {
        if cell.isContinuation { return 0 }
        if cell.isCluster { return graphemes.byteCount(cell.payload) }
        let v = cell.payload
        return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
    }

    /// What the model shows at column `x` of a row after shifting it by
    /// `shift` from column `p` (positive: DCH, cells come from the right;
    /// negative: ICH, from the left), blanks where nothing comes in.
    @inline(__always)
    func shifted(_ old: UnsafeMutablePointer<Cell>, _ x: Int, from p: Int, by shift: Int) -> Cell {
        let source = x + shift
        if shift > 0 { return source < columns ? old[source] : .blank() }
        return source >= p ? old[source] : .blank()
    }

    /// An estimate of the bytes to make columns `from..<columns` show `new`
    /// over a model shifted by `shift` (0: not shifted), starting with the
    /// cursor at `from`: the differing cells' graphemes, plus the cheaper of
    /// reprinting or a move (~4 bytes) over each gap of equal cells, and an
    /// EL for the row's trailing blanks (from `blankTail`) if any differ.
    /// Stops early once past `limit`.
    func rewriteEstimate(_ new: UnsafeBufferPointer<Cell>, _ old: UnsafeMutablePointer<Cell>, from: Int,
                         blankTail: Int, shift: Int, limit: Int) -> Int {
        var cost = 0, gap = 0
        let end = max(from, blankTail)
        for x in from..<end {
            let target = new[x]
            let shown = shift == 0 ? old[x] : shifted(old, x, from: from, by: shift)
            if target == shown {
                gap += 1
                continue
            }
            cost += min(gap, 4) + graphemeBytes(target)
            gap = 0
            if cost > limit { return cost }
        }
        // The row's trailing blanks: one EL if any of them differs.
        for x in end..<columns {
            let shown = shift == 0 ? old[x] : shifted(old, x, from: from, by: shift)
            if shown != new[x] { return cost + min(gap + x - end, 4) + 3 }
        }
        return cost
    }

    /// Moves row `y`'s cells sideways with DCH or ICH when that is cheaper
    /// than rewriting them; `lo..<hi` is the damage span being diffed.
    /// Returns the column from which the row must now be diffed to its end,
    /// or nil when nothing was done. Out of line: the diff calls it at most
    /// once per span.
    @inline(never)
    mutating func shiftCharacters(_ new: UnsafeBufferPointer<Cell>, y: Int, from lo: Int, to hi: Int) -> Int? {
        let old = modelRow(y)
        let p = CellScan.firstDifference(new.baseAddress!, old, from: lo, to: hi)
        // Content that moved changes the cells after `p` too: two of the next three must differ.
        guard p + 3 < hi else { return nil }
        var differing = 0
        for x in (p + 1)...(p + 3) where new[x] != old[x] { differing += 1 }
        guard differing >= 2 else { return nil }
        let last = Swift.max(p, CellScan.lastDifference(new.baseAddress!, old, from: p + 1, to: hi))
        guard last - p + 1 >= FrameWriter.minShiftSpan, !old[p].isContinuation, !new[p].isContinuation else {
            return nil
        }
        let blankTail = CellScan.lastOther(than: .blank(), in: new.baseAddress!, from: p, to: columns) + 1
        // Probe each shift on three cells before estimating any.
        var best = (shift: 0, cost: 0)
        var plain = -1
        let middle = (p + last) / 2
        for k in 1...FrameWriter.maxCharacterShift where p + k < columns {
            for direction in 0..<2 {
                let shift = direction == 0 ? k : -k
                let lines = shift > 0
                    ? new[p] == old[p + k] && new[last] == shifted(old, last, from: p, by: shift)
                        && new[middle] == shifted(old, middle, from: p, by: shift)
                    : last - k >= p && new[p + k] == old[p] && new[last] == old[last - k]
                        && (middle < p + k || new[middle] == old[middle - k])
                guard lines else { continue }
                if plain < 0 { plain = rewriteEstimate(new, old, from: p, blankTail: blankTail, shift: 0, limit: .max) }
                let limit = best.shift == 0 ? plain : best.cost
                let cost = EscapeSequence.lengthOmittingOne(k) + rewriteEstimate(new, old, from: p, blankTail: blankTail,
                                                                                   shift: shift, limit: limit)
                if cost < limit { best = (shift, cost) }
            }
        }
        guard best.shift != 0, canShift(old, from: p, by: best.shift) else { return nil }
        let k = abs(best.shift)
        // The blanks brought in take the pen's background: make it default.
        var blankPen = pen ?? .plain
        blankPen.background = .default
        if SGREncoder.cost(from: pen, to: blankPen) >= plain - best.cost { return nil }
        moveCursor(toX: p, y: y, canvasRow: new)
        if pen != blankPen { setPen(blankPen) }
        if best.shift > 0 {
            csi(k, omittingOne: true, EscapeSequence.dch)
            for x in p..<(columns - k) { old[x] = old[x + k] }
            for x in (columns - k)..<columns { old[x] = .blank() }
        } else {
            csi(k, omittingOne: true, EscapeSequence.ich)
            var x = columns - 1
            while x >= p + k { old[x] = old[x - k]; x -= 1 }
            for x in p..<(p + k) { old[x] = .blank() }
        }
        statistics.charactersShifted += k
        return p
    }

    /// The terminal can shift row cells `p…` by `shift` exactly as the model
    /// would: every cell known and of certain width, and no wide grapheme
    /// cut where the cells split (at `p`, after the deleted ones, or at the
    /// right edge where inserted ones push cells off).
    func canShift(_ old: UnsafeMutablePointer<Cell>, from p: Int, by shift: Int) -> Bool {
        let k = abs(shift)
        if shift > 0 ? old[p + k].isContinuation : old[columns - k].isContinuation { return false }
        for x in p..<columns {
            let c = old[x]
            if c == .unknown || (!c.isContinuation && isUncertain(c)) { return false }
        }
        return true
    }
}
