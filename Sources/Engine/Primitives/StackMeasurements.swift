/// What a small stack (fewer children than
/// ``StackLayoutCache/minimumChildren``) measured for the last two sizes
/// it was asked or placed at: each child's length along the axis and size
/// across it, so that placing the stack in a rect it was just measured for
/// does not share its length out again.
///
/// A parent asks a child its least, greatest and share and then places it
/// at the size it answered for the share: each row of a `VStack` was
/// measured three times and then measured a fourth time to be placed.
///
/// A measurement is valid while the stack's own ``LayoutCache`` entries
/// are: it is stamped with the cache's ``LayoutCache/generation`` (which
/// moves whenever anything below the stack may answer differently:
/// ``ViewGraph/markNeedsLayout(_:)`` clears every ancestor's cache) and
/// with the node's ``ViewNode/layoutChildrenVersion`` (the children are
/// the same nodes).
struct StackMeasurements {
    /// Two: the least and the share are the common placements (a row of a
    /// `VStack` placed past the stack's end gets its least, zero).
    private var proposals = (ProposedSize.unspecified, ProposedSize.unspecified)
    private var stamps: (UInt64, UInt64) = (0, 0)
    /// Bit `i` set: slot `i` holds a measurement.
    private var filled: UInt8 = 0
    /// The slot the next measurement replaces.
    private var next = 0
    /// Per slot, `count` lengths then `count` crosses; made at the first
    /// measurement (one allocation for the stack's life).
    private var values: [Int] = []

    @inline(__always)
    static func stamp(generation: UInt32, childrenVersion: UInt32) -> UInt64 {
        UInt64(generation) << 32 | UInt64(childrenVersion)
    }

    /// The slot holding the measurement for `proposal` with `stamp`, or -1.
    @inline(__always)
    func slot(for proposal: ProposedSize, stamp: UInt64, count: Int) -> Int {
        guard values.count == 4 * count else { return -1 }
        if filled & 1 != 0 && stamps.0 == stamp && proposals.0 == proposal { return 0 }
        if filled & 2 != 0 && stamps.1 == stamp && proposals.1 == proposal { return 1 }
        return -1
    }

    /// Copies slot `slot`'s lengths and crosses into the buffers (`count` each).
    func copy(_ slot: Int, count: Int, lengths: UnsafeMutableBufferPointer<Int>,
              crosses: UnsafeMutableBufferPointer<Int>) {
        values.withUnsafeBufferPointer { v in
            let base = slot * 2 * count
            for i in 0..<count {
                lengths[i] = v[base + i]
                crosses[i] = v[base + count + i]
            }
        }
    }

    /// Keeps `lengths` and `crosses` (`count` each) as the measurement for
    /// `proposal`, replacing the older of the two kept.
    mutating func record(_ proposal: ProposedSize, stamp: UInt64, count: Int,
                         lengths: UnsafeMutableBufferPointer<Int>, crosses: UnsafeMutableBufferPointer<Int>) {
        if values.count != 4 * count {
            values = Array(repeating: 0, count: 4 * count)
            filled = 0
            next = 0
        }
        let slot = next
        next ^= 1
        if slot == 0 {
            proposals.0 = proposal
            stamps.0 = stamp
        } else {
            proposals.1 = proposal
            stamps.1 = stamp
        }
        filled |= UInt8(1) << slot
        values.withUnsafeMutableBufferPointer { v in
            let base = slot * 2 * count
            for i in 0..<count {
                v[base + i] = lengths[i]
                v[base + count + i] = crosses[i]
            }
        }
    }
}
