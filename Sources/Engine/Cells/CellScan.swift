/// Scans over rows of cells that test four cells a step: a cell is 64 bits
/// (content and style), so four of them are compared with three ORs of
/// XORs and one branch. The writer's diff spends most of a changed row
/// skipping cells equal to the model and measuring blank runs; a row of 200
/// columns is ~50 steps instead of 200.
///
/// Every function takes a half-open column range and returns a column in
/// it, or its end (forward) or start − 1 (backward) when nothing matched.
enum CellScan {
    @inline(__always)
    static func bits(_ p: UnsafePointer<Cell>, _ i: Int) -> UInt64 {
        UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
    }

    @inline(__always)
    static func bits(_ cell: Cell) -> UInt64 { UInt64(cell.content) | UInt64(cell.style) << 32 }

    /// The first column in `from..<to` where `a` and `b` differ, or `to`.
    @inline(__always)
    static func firstDifference(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, from: Int, to: Int) -> Int {
        var i = from
        while i &+ 4 <= to {
            let d = (bits(a, i) ^ bits(b, i)) | (bits(a, i &+ 1) ^ bits(b, i &+ 1))
                | (bits(a, i &+ 2) ^ bits(b, i &+ 2)) | (bits(a, i &+ 3) ^ bits(b, i &+ 3))
            if d != 0 { break }
            i &+= 4
        }
        while i < to && bits(a, i) == bits(b, i) { i &+= 1 }
        return i
    }

    /// The last column in `from..<to` where `a` and `b` differ, or `from - 1`.
    @inline(__always)
    static func lastDifference(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, from: Int, to: Int) -> Int {
        var i = to
        while i &- 4 >= from {
            let d = (bits(a, i &- 1) ^ bits(b, i &- 1)) | (bits(a, i &- 2) ^ bits(b, i &- 2))
                | (bits(a, i &- 3) ^ bits(b, i &- 3)) | (bits(a, i &- 4) ^ bits(b, i &- 4))
            if d != 0 { break }
            i &-= 4
        }
        while i > from && bits(a, i &- 1) == bits(b, i &- 1) { i &-= 1 }
        return i &- 1
    }

    /// The first column in `from..<to` whose cell is not `cell`, or `to`.
    @inline(__always)
    static func firstOther(than cell: Cell, in a: UnsafePointer<Cell>, from: Int, to: Int) -> Int {
        let c = bits(cell)
        var i = from
        while i &+ 4 <= to {
            let d = (bits(a, i) ^ c) | (bits(a, i &+ 1) ^ c) | (bits(a, i &+ 2) ^ c) | (bits(a, i &+ 3) ^ c)
            if d != 0 { break }
            i &+= 4
        }
        while i < to && bits(a, i) == c { i &+= 1 }
        return i
    }

    /// The last column in `from..<to` whose cell is not `cell`, or `from - 1`.
    @inline(__always)
    static func lastOther(than cell: Cell, in a: UnsafePointer<Cell>, from: Int, to: Int) -> Int {
        let c = bits(cell)
        var i = to
        while i &- 4 >= from {
            let d = (bits(a, i &- 1) ^ c) | (bits(a, i &- 2) ^ c) | (bits(a, i &- 3) ^ c) | (bits(a, i &- 4) ^ c)
            if d != 0 { break }
            i &-= 4
        }
        while i > from && bits(a, i &- 1) == c { i &-= 1 }
        return i &- 1
    }
}
