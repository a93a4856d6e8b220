/// The cursor cost model: every way to get from the cursor to a cell, priced
/// in bytes, and the cheapest one emitted.
///
/// Candidates: CUP; or a vertical part (LF×n, CUD, CUU, RI, VPA) plus a
/// horizontal part (CR, CR+CUF, CUF, CUB, BS×n, HPA, or reprinting the cells
/// in between when they already show the right thing in the current pen).
/// When only the row is known (after a grapheme of disputed width), the
/// horizontal part is absolute: CR, CR+CUF or HPA.
extension FrameWriter {
    enum VerticalMove {
        case none, lineFeeds(Int), down(Int), up(Int), reverseIndex, absolute(Int)
    }

    enum HorizontalMove {
        case none, carriageReturn, carriageReturnForward(Int), forward(Int), backward(Int), backspaces(Int)
        case absolute(Int), reprint(from: Int, to: Int)
    }

    /// The cheapest way there: `nil` vertical/horizontal means CUP.
    struct MovePlan {
        var vertical: VerticalMove
        var horizontal: HorizontalMove
        var useCUP: Bool
        var cost: Int
    }

    /// Longest gap the writer considers reprinting instead of moving over.
    static let maxReprintGap = 16

    @inline(__always)
    static func cupCost(x: Int, y: Int) -> Int {
        if x == 0 && y == 0 { return 3 }
        if x == 0 { return 3 + ByteBuffer.digits(y + 1) }
        return 4 + ByteBuffer.digits(y + 1) + ByteBuffer.digits(x + 1)
    }

    /// Prices every candidate for moving to (`tx`, `ty`).
    mutating func planMove(toX tx: Int, y ty: Int, canvasRow: UnsafeBufferPointer<Cell>) -> MovePlan {
        let c = cursor
        if c.known && !c.pendingWrap && c.x == tx && c.y == ty {
            return MovePlan(vertical: .none, horizontal: .none, useCUP: false, cost: 0)
        }
        let cup = MovePlan(vertical: .none, horizontal: .none, useCUP: true, cost: FrameWriter.cupCost(x: tx, y: ty + originRow))
        guard c.known || c.rowKnown else { return cup }

        var vertical = (move: VerticalMove.none, cost: 0)
        let dy = ty - c.y
        if dy > 0 {
            vertical = (.lineFeeds(dy), dy)
            let cud = EscapeSequence.lengthOmittingOne(dy)
            if cud < vertical.cost { vertical = (.down(dy), cud) }
        } else if dy < 0 {
            vertical = dy == -1 ? (.reverseIndex, 2) : (.up(-dy), EscapeSequence.lengthOmittingOne(-dy))
        }
        if dy != 0 {
            let vpa = EscapeSequence.lengthOmittingOne(ty + originRow + 1)
            if vpa < vertical.cost { vertical = (.absolute(ty), vpa) }
        }

        var horizontal = (move: HorizontalMove.absolute(tx), cost: EscapeSequence.lengthOmittingOne(tx + 1))
        let crCost = tx == 0 ? 1 : 1 + EscapeSequence.lengthOmittingOne(tx)
        if crCost < horizontal.cost {
            horizontal = (tx == 0 ? .carriageReturn : .carriageReturnForward(tx), crCost)
        }
        if c.known && !c.pendingWrap {
            let dx = tx - c.x
            if dx == 0 {
                horizontal = (.none, 0)
            } else if dx > 0 {
                let cuf = EscapeSequence.lengthOmittingOne(dx)
                if cuf < horizontal.cost { horizontal = (.forward(dx), cuf) }
                if dy == 0 && dx <= FrameWriter.maxReprintGap,
                   let reprint = reprintCost(from: c.x, to: tx, y: ty, canvasRow: canvasRow, limit: horizontal.cost)
                {
                    horizontal = (.reprint(from: c.x, to: tx), reprint)
                }
            } else {
                let cub = EscapeSequence.lengthOmittingOne(-dx)
                if cub < horizontal.cost { horizontal = (.backward(-dx), cub) }
                if -dx < horizontal.cost { horizontal = (.backspaces(-dx), -dx) }
            }
        }
        let total = vertical.cost + horizontal.cost
        if total < cup.cost {
            return MovePlan(vertical: vertical.move, horizontal: horizontal.move, useCUP: false, cost: total)
        }
        return cup
    }

    /// Bytes needed to reprint cells `from..<to` of row `y`, or nil when they
    /// cannot be reprinted as they are (the terminal does not already show
    /// them, a wide grapheme is cut, a style differs from the pen, or the
    /// grapheme's width is uncertain) or cost at least `limit`.
    mutating func reprintCost(from: Int, to: Int, y: Int, canvasRow: UnsafeBufferPointer<Cell>, limit: Int) -> Int? {
        let old = UnsafeBufferPointer(start: modelRow(y), count: columns)
        var cost = 0
        var x = from
        while x < to {
            let cell = canvasRow[x]
            guard cell == old[x], !cell.isContinuation, x + cell.width <= to,
                  let pen, emittedStyle(cell.style) == pen
            else { return nil }
            if isUncertain(cell) { return nil }
            if cell.isCluster {
                cost += graphemes.byteCount(cell.payload)
            } else {
                let v = cell.payload
                cost += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
            }
            if cost >= limit { return nil }
            x += cell.width
        }
        return cost
    }

    /// Emits the cheapest move to (`tx`, `ty`) and updates the cursor.
    mutating func moveCursor(toX tx: Int, y ty: Int, canvasRow: UnsafeBufferPointer<Cell>) {
        let plan = planMove(toX: tx, y: ty, canvasRow: canvasRow)
        if plan.cost == 0 && !plan.useCUP { return }
        if plan.useCUP {
            out.append(EscapeSequence.csi)
            if ty + originRow > 0 || tx > 0 { out.appendDecimal(ty + originRow + 1) }
            if tx > 0 { out.append(0x3B); out.appendDecimal(tx + 1) }
            out.append(EscapeSequence.cup)
        } else {
            // Horizontal first: CR and HPA also clear a pending wrap, which
            // the vertical moves would otherwise carry along.
            switch plan.horizontal {
            case .none: break
            case .carriageReturn: out.append(EscapeSequence.carriageReturn)
            case .carriageReturnForward(let n):
                out.append(EscapeSequence.carriageReturn)
                csi(n, omittingOne: true, EscapeSequence.cuf)
            case .forward(let n): csi(n, omittingOne: true, EscapeSequence.cuf)
            case .backward(let n): csi(n, omittingOne: true, EscapeSequence.cub)
            case .backspaces(let n): for _ in 0..<n { out.append(EscapeSequence.backspace) }
            case .absolute(let x): csi(x + 1, omittingOne: true, EscapeSequence.hpa)
            case .reprint(let from, let to):
                var x = from
                while x < to {
                    appendGrapheme(canvasRow[x])
                    x += canvasRow[x].width
                }
            }
            switch plan.vertical {
            case .none: break
            case .lineFeeds(let n): for _ in 0..<n { out.append(EscapeSequence.lineFeed) }
            case .down(let n): csi(n, omittingOne: true, EscapeSequence.cud)
            case .up(let n): csi(n, omittingOne: true, EscapeSequence.cuu)
            case .reverseIndex: out.append(EscapeSequence.reverseIndex)
            case .absolute(let y): csi(y + originRow + 1, omittingOne: true, EscapeSequence.vpa)
            }
        }
        cursor = CursorState(x: tx, y: ty, known: true, pendingWrap: false)
    }
}
