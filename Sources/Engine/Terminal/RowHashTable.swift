/// A small open-addressed table from a row's hash to the row it was found
/// at (or -1 when at several): the lookups of scroll detection, a few
/// instructions each where a `Dictionary` hashed its key again (about 150).
/// Owned by the writer and reused from frame to frame: no allocation once
/// it is big enough.
///
/// Keys are stored with their lowest bit set (0 marks an empty slot), so
/// two hashes that differ only there are one key: a false match costs a
/// scroll that the writer's row check then repairs, never a wrong screen.
struct RowHashTable: ~Copyable {
    private var keys: UnsafeMutablePointer<UInt64>
    private var rows: UnsafeMutablePointer<Int32>
    private var capacity = 16
    private var mask = 15

    init() {
        keys = .allocate(capacity: capacity)
        rows = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        rows.initialize(repeating: 0, count: capacity)
    }

    deinit {
        keys.deallocate()
        rows.deallocate()
    }

    /// Empties the table, sized for `count` insertions (at most half full).
    mutating func reset(for count: Int) {
        var size = 16
        while size < 2 * count { size <<= 1 }
        if size > capacity {
            keys.deallocate()
            rows.deallocate()
            keys = .allocate(capacity: size)
            rows = .allocate(capacity: size)
            rows.initialize(repeating: 0, count: size)
            capacity = size
        }
        keys.update(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(_ key: UInt64) -> Int {
        var i = Int(truncatingIfNeeded: key >> 7) & mask
        while keys[i] != 0 && keys[i] != key { i = (i &+ 1) & mask }
        return i
    }

    /// Records that `hash` was found at `row`.
    @inline(__always)
    mutating func insert(_ hash: UInt64, row: Int) {
        let key = hash | 1, i = slot(key)
        let r = Int32(truncatingIfNeeded: row)
        if keys[i] == 0 {
            keys[i] = key
            rows[i] = r
        } else if rows[i] != r {
            rows[i] = -1
        }
    }

    /// The row `hash` was found at, -1 when at several, nil when at none.
    @inline(__always)
    func row(of hash: UInt64) -> Int? {
        let key = hash | 1, i = slot(key)
        return keys[i] == 0 ? nil : Int(rows[i])
    }
}
