/// Scrolling: rows that moved up or down (a log, a pager, a list) are moved
/// on the terminal with one scroll instead of being rewritten.
///
/// As ncurses' hashmap does, each row of the damaged band is hashed in the
/// canvas and in the model; a changed canvas row whose content appears
/// exactly once among the model's rows at another position proposes a shift.
/// For each proposed shift the writer then picks the scroll region that
/// saves the most bytes: every row of the band is priced staying put (cells
/// that differ from the model's row), moved (cells that differ from the row
/// that would scroll into it) and vacated (cells that differ from a blank
/// row), and the best region is a maximum-sum run of those savings, found in
/// one pass. Rows that moved but changed a little (a pager's search
/// highlight, a marker column) stay inside the region and are repaired by
/// the diff, instead of splitting the scroll in two. A region is applied
/// when what it saves exceeds what it costs (the scroll sequences and a pen
/// change). The scroll is done with SU/SD over the whole screen, a DECSTBM
/// region with SU/SD, or IL/DL — whichever is shortest — and then applied to
/// the model, so the ordinary diff paints only what is left.
extension FrameWriter {
    /// Most scrolls applied per frame.
    static let maxScrollsPerFrame = 4
    /// Most distinct shifts priced per scroll.
    static let maxShiftCandidates = 4
    /// Screens at least this wide sample rows before hashing them whole.
    static let minColumnsForSampling = 120
    /// Spans of the diff at least this wide are first compared whole.
    static let minSpanForBulkCompare = 16

    /// A scroll: rows `top...bottom` move by `shift` (negative is up); the
    /// `abs(shift)` rows it vacates at one end come in blank.
    struct ScrollHunk {
        var top: Int
        var bottom: Int
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
        let damaged = canvas.damage.bounds
        let band = Rect(x: 0, y: damaged.y, width: canvas.columns, height: damaged.height)
        guard band.height >= 2 else { return }
        // A scroll pays only when rows' worth of cells changed; scattered
        // small changes never hash the screen.
        var damagedCells = 0
        for r in canvas.damage.rects { damagedCells += r.area }
        guard damagedCells >= 2 * canvas.columns else { return }
        // A shift is proposed only by a canvas row equal to a model row
        // elsewhere; rows that are equal are equal at every sampled cell.
        // When no row's sample is found elsewhere (every row changed in
        // place, as in a full redraw of new text), nothing can be proposed
        // and the band is not hashed whole.
        // The test costs about 12/columns of the hashing it may save, and
        // is pure cost when rows did move: only wide screens try it.
        if canvas.columns >= FrameWriter.minColumnsForSampling && !anyRowMayHaveMoved(canvas, band: band) { return }
        // Hashed once: after each scroll the model's hashes move with its rows.
        if newRowHashes.count < canvas.rows {
            newRowHashes = Array(repeating: 0, count: canvas.rows)
            oldRowHashes = Array(repeating: 0, count: canvas.rows)
            oldRowHashStamp = Array(repeating: 0, count: canvas.rows)
            rowStayCost = Array(repeating: 0, count: canvas.rows)
            rowBlankCost = Array(repeating: 0, count: canvas.rows)
        }
        // Through buffers: an array store per row per array checked uniqueness each time.
        // A model row the last frame left equal to its hashed canvas row
        // keeps that hash (see `keepModelRowHashes`).
        let columns = self.columns, model = self.model, generation = rowHashGeneration
        var modelRowsHashed = 0
        newRowHashes.withUnsafeMutableBufferPointer { newHashes in
            oldRowHashes.withUnsafeMutableBufferPointer { oldHashes in
                oldRowHashStamp.withUnsafeBufferPointer { stamps in
                    for y in band.y..<band.maxY {
                        newHashes[y] = FrameWriter.hash(canvas.row(y))
                        if stamps[y] != generation {
                            oldHashes[y] = FrameWriter.hash(UnsafeBufferPointer(start: model + y &* columns, count: columns))
                            modelRowsHashed += 1
                        }
                    }
                }
            }
        }
        hashedBand = band.y..<band.maxY
        statistics.modelRowsHashed += modelRowsHashed
        rowStayCost.withUnsafeMutableBufferPointer { stay in
            rowBlankCost.withUnsafeMutableBufferPointer { blank in
                for y in band.y..<band.maxY {
                    stay[y] = -1
                    blank[y] = -1
                }
            }
        }
        statistics.rowsHashed += band.height
        for _ in 0..<FrameWriter.maxScrollsPerFrame {
            guard let hunk = bestScroll(canvas, band: band), hunk.gain > 0 else { return }
            applyScroll(hunk, rows: canvas.rows, columns: canvas.columns)
            let k = abs(hunk.shift)
            if hunk.shift < 0 {
                for y in hunk.top...(hunk.bottom - k) { oldRowHashes[y] = oldRowHashes[y + k] }
            } else {
                for y in stride(from: hunk.bottom, through: hunk.top + k, by: -1) { oldRowHashes[y] = oldRowHashes[y - k] }
            }
            for y in vacated(hunk) { oldRowHashes[y] = FrameWriter.hash(UnsafeBufferPointer(start: modelRow(y), count: columns)) }
            // A row of the region that does not now match the canvas (one the
            // scroll blanked, or one that moved but changed) may differ
            // outside the damage: the diff looks at it whole.
            // Consecutive such rows are damaged as one rect.
            var runStart = -1
            for y in hunk.top...(hunk.bottom + 1) {
                let differs = y <= hunk.bottom && !rowMatchesModel(canvas, y)
                if differs && runStart < 0 { runStart = y }
                if !differs && runStart >= 0 {
                    canvas.damage.add(Rect(x: 0, y: runStart, width: canvas.columns, height: y - runStart))
                    runStart = -1
                }
            }
            for y in hunk.top...hunk.bottom { rowStayCost[y] = -1 }
        }
    }

    /// The scroll painting did (``CellBuffer/scrollHint``: a scrolling
    /// container's cells of `region` shifted by `shift` rows), applied
    /// without a search when most rows it moved now equal, within the
    /// region, the model's row they came from, and the cells it saves
    /// rewriting outweigh the scroll, the cells of moved rows that changed
    /// too, and the cells beside the region that the terminal moves with
    /// the rows (a scroll moves whole rows): the diff puts those back.
    /// Returns whether it applied it; when not, the writer searches as for
    /// any frame.
    ///
    /// - Complexity: one `memcmp` per moved row, a count of the differing
    ///   cells beside the region, and a count of differing cells over the
    ///   first rows until they outweigh the scroll.
    mutating func scrollAsPainted(_ canvas: CellBuffer, region: Rect, shift: Int) -> Bool {
        let k = abs(shift)
        guard k >= 1, region.height > k, region.y >= 0, region.maxY <= canvas.rows, region.x >= 0,
              region.maxX <= canvas.columns, canvas.columns == columns else { return false }
        let stride = MemoryLayout<Cell>.stride
        let right = columns - region.maxX
        func matches(_ y: Int) -> Bool {
            Platform.bytesEqual(canvas.row(y).baseAddress! + region.x, modelRow(y - shift) + region.x,
                                count: region.width * stride)
        }
        // A changed row at the scroll's leading edge (a header pinned there
        // while the rows scroll under it) is left out of the scroll, not
        // moved and then repaired.
        var top = region.y, bottom = region.maxY - 1
        if shift < 0 {
            while bottom - top > k, !matches(top) { top += 1 }
        } else {
            while bottom - top > k, !matches(bottom) { bottom -= 1 }
        }
        let hunk = ScrollHunk(top: top, bottom: bottom, shift: shift, gain: 0)
        var cost = scrollPlan(hunk, rows: canvas.rows).cost
        let moved = shift < 0 ? top..<(bottom + 1 - k) : (top + k)..<(bottom + 1)
        // A row that moved and changed too (a list's selection moving with
        // it) is repaired by the diff after the scroll: its differing cells
        // count against it. More such rows than matching ones: search.
        var changed = 0
        for y in moved {
            let new = canvas.row(y).baseAddress!, old = modelRow(y - shift)
            if !matches(y) {
                changed += 1
                guard 2 * changed <= moved.count else { return false }
                cost += FrameWriter.cellsDiffering(new + region.x, old + region.x, count: region.width)
            }
            // Beside the region the terminal moves cells that did not move.
            if region.x > 0 { cost += FrameWriter.cellsDiffering(new, old, count: region.x) }
            if right > 0 { cost += FrameWriter.cellsDiffering(new + region.maxX, old + region.maxX, count: right) }
        }
        var saved = 0
        for y in moved where saved <= cost { saved += differingCells(canvas, y: y, source: y) }
        guard saved > cost else { return false }
        applyScroll(hunk, rows: canvas.rows, columns: canvas.columns)
        // The rows the scroll vacated came in blank, and beside a narrower
        // region the rows moved what stayed: the diff looks at them whole.
        let vacated = vacated(hunk)
        canvas.damage.add(Rect(x: 0, y: vacated.lowerBound, width: canvas.columns, height: vacated.count))
        if region.width < columns { canvas.damage.add(Rect(x: 0, y: top, width: columns, height: bottom - top + 1)) }
        statistics.scrollsAsPainted += 1
        return true
    }

    /// After a frame's diff: each row of `written` the frame hashed in the
    /// canvas and that the model now equals byte for byte keeps that hash
    /// as the model's; every other row written loses its kept hash. Rows
    /// outside `written` were not touched and keep theirs.
    ///
    /// - Complexity: one `memcmp` per hashed row, against hashing it again next frame.
    mutating func keepModelRowHashes(_ canvas: CellBuffer, written: Range<Int>) {
        guard !written.isEmpty, oldRowHashStamp.count >= canvas.rows else { return }
        let hashed = hashedBand ?? 0..<0
        for y in written {
            if hashed.contains(y) && rowMatchesModel(canvas, y) {
                oldRowHashes[y] = newRowHashes[y]
                oldRowHashStamp[y] = rowHashGeneration
            } else {
                oldRowHashStamp[y] = 0
            }
        }
    }

    /// Drops every kept model row hash: the model changed in a way the
    /// writer did not account row by row (a clear, a resize, cells forgotten).
    mutating func forgetModelRowHashes() {
        rowHashGeneration &+= 1
        if rowHashGeneration == 0 {
            // Wrapped: no stamp may equal the new generation by accident.
            rowHashGeneration = 1
            for i in oldRowHashStamp.indices { oldRowHashStamp[i] = 0 }
        }
    }

    /// A hash of a row's cells at 8 columns spread over it.
    @inline(__always)
    static func sampleHash(_ row: UnsafePointer<Cell>, count: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        let step = Swift.max(count >> 3, 1)
        var i = 0
        while i < count {
            h = (h ^ row[i].bits) &* 0x0000_0100_0000_01B3
            i &+= step
        }
        return h ^ (h >> 29)
    }

    /// Whether some canvas row of `band` samples the same as a model row at
    /// another position: a necessary condition for any shift to be
    /// proposed. A few instructions per row: 8 cells each side and a
    /// ``RowHashTable``.
    private mutating func anyRowMayHaveMoved(_ canvas: CellBuffer, band: Rect) -> Bool {
        rowsByHash.reset(for: band.height)
        for y in band.y..<band.maxY {
            rowsByHash.insert(FrameWriter.sampleHash(model + y &* columns, count: columns), row: y)
        }
        for y in band.y..<band.maxY {
            if let source = rowsByHash.row(of: FrameWriter.sampleHash(canvas.row(y).baseAddress!, count: columns)),
               source != y { return true }
        }
        return false
    }

    /// The best scroll of the band from the rows' hashes, if any row
    /// proposes one.
    private mutating func bestScroll(_ canvas: CellBuffer, band: Rect) -> ScrollHunk? {
        rowsByHash.reset(for: band.height)
        // -1 marks a hash seen at several rows: only unique rows propose a shift.
        for y in band.y..<band.maxY { rowsByHash.insert(oldRowHashes[y], row: y) }
        // The shifts proposed, most often first.
        var shifts: [(shift: Int, votes: Int)] = []
        for y in band.y..<band.maxY where newRowHashes[y] != oldRowHashes[y] {
            guard let source = rowsByHash.row(of: newRowHashes[y]), source >= 0 else { continue }
            let shift = y - source
            if let i = shifts.firstIndex(where: { $0.shift == shift }) { shifts[i].votes += 1 } else { shifts.append((shift, 1)) }
        }
        guard !shifts.isEmpty else { return nil }
        shifts.sort { $0.votes > $1.votes }
        var best: ScrollHunk?
        // Shifts after the first that only one row proposes (rows that
        // traded places, as in a re-sorted process list) rarely pay for
        // pricing every row again.
        for (rank, candidate) in shifts.prefix(FrameWriter.maxShiftCandidates).enumerated()
        where rank == 0 || candidate.votes >= 2 {
            guard var hunk = bestRegion(canvas, band: band, shift: candidate.shift) else { continue }
            hunk.gain -= scrollPlan(hunk, rows: canvas.rows).cost
            if hunk.gain > (best?.gain ?? 0) { best = hunk }
        }
        return best
    }

    /// The region of `band` where scrolling by `shift` saves the most cells,
    /// before the cost of the scroll itself.
    ///
    /// For content moving up by k, a region `top...bottom` saves, on each row
    /// `y` in `top...bottom-k`, `stay(y) - moved(y)`, and on each of the k
    /// vacated rows below, `stay(y) - blank(y)`. Scanning the last moved row
    /// `e` down the band, the best first row is the maximum-sum suffix ending
    /// at `e` (Kadane), and the vacated rows are a sliding window after it.
    /// Moving down is the mirror image: the vacated window sits before the
    /// first moved row.
    private mutating func bestRegion(_ canvas: CellBuffer, band: Rect, shift: Int) -> ScrollHunk? {
        let k = abs(shift)
        let first = band.y, last = band.maxY - 1
        guard k >= 1, last - first + 1 > k else { return nil }
        var best: ScrollHunk?
        // A region costs about this much beyond the whole screen's scroll;
        // regions are compared with it, and the exact price is taken once
        // the region is chosen (the hunk's gain is before any).
        let regionCost = 14
        var bestPriced = 0
        if shift < 0 {
            var window = 0
            for y in (first + 1)...(first + k) { window += stayCost(canvas, y) - blankCost(canvas, y) }
            var suffix = 0, suffixStart = first
            for e in first...(last - k) {
                let g = stayCost(canvas, e) - movedCost(canvas, y: e, source: e + k)
                if e == first || suffix <= 0 { suffix = g; suffixStart = e } else { suffix += g }
                if e > first {
                    window += stayCost(canvas, e + k) - blankCost(canvas, e + k) - (stayCost(canvas, e) - blankCost(canvas, e))
                }
                let isWhole = suffixStart == 0 && e + k == canvas.rows - 1
                let gain = suffix + window - (isWhole ? 0 : regionCost)
                if gain > bestPriced {
                    bestPriced = gain
                    best = ScrollHunk(top: suffixStart, bottom: e + k, shift: shift, gain: suffix + window)
                }
            }
        } else {
            // `run` is the best sum over regions ending at row `b`: a vacated
            // window `t..<t+k` and moved rows `t+k...b`.
            var window = 0
            for y in first..<(first + k) { window += stayCost(canvas, y) - blankCost(canvas, y) }
            var run = 0, runStart = first
            for b in (first + k)...last {
                let g = stayCost(canvas, b) - movedCost(canvas, y: b, source: b - k)
                if b > first + k {
                    window += stayCost(canvas, b - 1) - blankCost(canvas, b - 1) - (stayCost(canvas, b - 1 - k) - blankCost(canvas, b - 1 - k))
                }
                // Start a new region whose vacated rows end just above `b`, or extend the current one.
                if b == first + k || window > run { run = window + g; runStart = b - k } else { run += g }
                let isWhole = runStart == 0 && b == canvas.rows - 1
                let gain = run - (isWhole ? 0 : regionCost)
                if gain > bestPriced {
                    bestPriced = gain
                    best = ScrollHunk(top: runStart, bottom: b, shift: shift, gain: run)
                }
            }
        }
        return best
    }

    /// Cells of canvas row `y` that differ from the model's row `source`
    /// (rows whose hashes match count as equal: a price, not the diff).
    @inline(__always)
    private func movedCost(_ canvas: CellBuffer, y: Int, source: Int) -> Int {
        newRowHashes[y] == oldRowHashes[source] ? 0 : differingCells(canvas, y: y, source: source)
    }

    /// Cells of canvas row `y` that differ from the model's row `y`,
    /// computed once per frame and again after a scroll moves the row.
    private mutating func stayCost(_ canvas: CellBuffer, _ y: Int) -> Int {
        if rowStayCost[y] >= 0 { return rowStayCost[y] }
        let n = newRowHashes[y] == oldRowHashes[y] ? 0 : differingCells(canvas, y: y, source: y)
        rowStayCost[y] = n
        return n
    }

    /// Cells of canvas row `y` that are not blank, computed once per frame.
    private mutating func blankCost(_ canvas: CellBuffer, _ y: Int) -> Int {
        if rowBlankCost[y] >= 0 { return rowBlankCost[y] }
        let row = canvas.row(y)
        let n = FrameWriter.cellsDiffering(row.baseAddress!, from: Cell.blank().bits, count: row.count)
        rowBlankCost[y] = n
        return n
    }

    /// Cells of `a` that differ from the cells of `b`, compared as their
    /// 64 bits with no branch per cell.
    @inline(__always)
    static func cellsDiffering(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, count: Int) -> Int {
        let p = UnsafeRawPointer(a), q = UnsafeRawPointer(b)
        // Four cells a step, compared as vector lanes: a lane that differs
        // is all ones, so subtracting the mask counts it (a row's cells
        // are counted on every scroll the writer weighs).
        var lanes = SIMD4<UInt64>()
        var i = 0
        while i &+ 4 <= count {
            let o = i &* MemoryLayout<Cell>.stride
            let x = p.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt64>.self)
            let y = q.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt64>.self)
            lanes &-= unsafeBitCast(x .!= y, to: SIMD4<UInt64>.self)
            i &+= 4
        }
        var n = Int(truncatingIfNeeded: lanes.wrappedSum())
        while i < count {
            let o = i &* MemoryLayout<Cell>.stride
            n &+= p.load(fromByteOffset: o, as: UInt64.self) != q.load(fromByteOffset: o, as: UInt64.self) ? 1 : 0
            i &+= 1
        }
        return n
    }

    /// Cells of `a` other than the cell whose bits are `bits`.
    @inline(__always)
    static func cellsDiffering(_ a: UnsafePointer<Cell>, from bits: UInt64, count: Int) -> Int {
        let p = UnsafeRawPointer(a)
        var n = 0
        for i in 0..<count { n &+= p.load(fromByteOffset: i &* MemoryLayout<Cell>.stride, as: UInt64.self) != bits ? 1 : 0 }
        return n
    }

    /// CUP to column 0 of row `y`.
    private mutating func cursorToRow(_ y: Int) {
        out.append(EscapeSequence.csi)
        if y + originRow > 0 { out.appendDecimal(y + originRow + 1) }
        out.append(EscapeSequence.cup)
    }

    @inline(__always)
    private func rowMatchesModel(_ canvas: CellBuffer, _ y: Int) -> Bool {
        Platform.bytesEqual(canvas.row(y).baseAddress!, modelRow(y), count: columns * MemoryLayout<Cell>.stride)
    }

    /// Cells of canvas row `y` that differ from the model's row `source`.
    private func differingCells(_ canvas: CellBuffer, y: Int, source: Int) -> Int {
        let new = canvas.row(y)
        return FrameWriter.cellsDiffering(new.baseAddress!, modelRow(source), count: new.count)
    }

    /// The rows a scroll vacates.
    private func vacated(_ h: ScrollHunk) -> ClosedRange<Int> {
        let k = abs(h.shift)
        return h.shift < 0 ? (h.bottom - k + 1)...h.bottom : h.top...(h.top + k - 1)
    }

    enum ScrollMethod { case wholeScreen, region, insertDelete }

    private func scrollPlan(_ h: ScrollHunk, rows: Int) -> (method: ScrollMethod, cost: Int) {
        let k = abs(h.shift)
        var penCost = 0
        if let pen, pen.background != .default {
            var p = pen
            p.background = .default
            penCost = SGREncoder.cost(from: pen, to: p)
        } else if pen == nil {
            penCost = 3
        }
        let scroll = EscapeSequence.lengthOmittingOne(k)
        if h.top == 0 && h.bottom == rows - 1 { return (.wholeScreen, penCost + scroll) }
        // DECSTBM top;bottom, SU/SD, DECSTBM reset; then the cursor is home and must move again.
        let regionCost = 4 + ByteBuffer.digits(h.top + 1) + ByteBuffer.digits(h.bottom + 1) + scroll + 3 + 4
        // IL/DL: one or two CUP + DL/IL pairs, then the cursor's column is unknown.
        let pairs = h.bottom == rows - 1 ? 1 : 2
        let ilCost = pairs * (FrameWriter.cupCost(x: 0, y: h.bottom) + scroll) + 4
        return regionCost <= ilCost ? (.region, penCost + regionCost) : (.insertDelete, penCost + ilCost)
    }

    private mutating func applyScroll(_ h: ScrollHunk, rows: Int, columns: Int) {
        let k = abs(h.shift)
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
            out.appendDecimal(h.top + 1)
            out.append(0x3B)
            out.appendDecimal(h.bottom + 1)
            out.append(EscapeSequence.decstbm)
            csi(k, omittingOne: true, up ? EscapeSequence.su : EscapeSequence.sd)
            out.append(EscapeSequence.resetScrollRegion)
            cursor = .home
        case .insertDelete:
            // IL/DL act from the cursor row to the bottom of the screen.
            if up {
                cursorToRow(h.top); csi(k, omittingOne: true, EscapeSequence.dl)
                if h.bottom < rows - 1 { cursorToRow(h.bottom - k + 1); csi(k, omittingOne: true, EscapeSequence.il) }
            } else {
                if h.bottom < rows - 1 { cursorToRow(h.bottom - k + 1); csi(k, omittingOne: true, EscapeSequence.dl) }
                cursorToRow(h.top); csi(k, omittingOne: true, EscapeSequence.il)
            }
            cursor = .unknown
        }
        // The model follows the terminal.
        if up {
            for y in h.top...(h.bottom - k) { modelRow(y).update(from: modelRow(y + k), count: columns) }
        } else {
            for y in stride(from: h.bottom, through: h.top + k, by: -1) {
                modelRow(y).update(from: modelRow(y - k), count: columns)
            }
        }
        for y in vacated(h) {
            let row = modelRow(y)
            for x in 0..<columns { row[x] = .blank() }
        }
        statistics.rowsScrolled += h.bottom - h.top + 1 - k
    }
}
