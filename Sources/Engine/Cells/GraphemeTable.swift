/// Interns grapheme clusters of more than one scalar, so a ``Cell`` can hold
/// any cluster in 29 bits.
///
/// All cluster bytes live in one arena; a cluster is (offset, length) into it.
/// Lookup is an open-addressing hash over the arena itself, so finding an
/// already-interned cluster allocates nothing. The same cluster maps to the
/// same index until ``compact(keeping:)`` rebuilds the table from the clusters
/// still in use, which the owner does only when dead entries dominate — never
/// per frame.
///
/// The arena never traps: offsets are `Int32`, so it holds at most
/// `Int32.max` bytes (and a cell at most 2^29 clusters). Before either
/// limit ``internIfRoom(_:isUncertain:)`` refuses (`nil`) and the caller
/// draws U+FFFD; ``needsCompaction`` turns true well before, when half the
/// capacity is used, so an owner that compacts (``FramePipeline``) reaches
/// the limit only if the live clusters alone fill it — which the cluster
/// cap (``GraphemeWidth/maxClusterBytes``) rules out for any screen
/// ``CellBuffer`` allows.
public final class GraphemeTable {
    struct Entry {
        var offset: Int32
        var length: Int32
        var hash: UInt32
        var isUncertain: Bool
        /// ``GraphemeWidth/widestRendering(scalars:)``, clamped to 255; 0
        /// for a cluster whose width terminals agree on.
        var widest: UInt8
    }

    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// Open-addressing slots holding `entry index + 1`; 0 is empty. Power-of-two size.
    private var slots: [UInt32] = Array(repeating: 0, count: 64)

    /// New clusters interned since the last compaction.
    private var internedSinceCompaction = 0
    /// Clusters after the last compaction.
    private var liveAfterCompaction = 0
    /// New clusters the table may take between compactions however small
    /// its live set (package-visible so tests can make compaction frequent).
    package var compactionSlack = 4096
    /// Most bytes the arena holds: offsets are `Int32`. Package-visible so
    /// tests can reach the limit without allocating 2 GB.
    package var byteCapacity = Int(Int32.max)

    public init() {}

    /// Bytes in the arena, live or dead.
    public var byteCount: Int { bytes.count }

    /// Dead clusters may dominate (more were interned since the last
    /// compaction than were live after it, beyond a fixed slack), or the
    /// arena is past half its capacity.
    public var needsCompaction: Bool {
        internedSinceCompaction > Swift.max(compactionSlack, liveAfterCompaction) || bytes.count > byteCapacity / 2
    }

    /// Number of interned clusters.
    public var count: Int { entries.count }

    @inline(__always)
    static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261  // FNV-1a
        for b in utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// The index of `utf8`, interning it on first use.
    ///
    /// Stops the program with a message naming the limit when the table is
    /// full; the engine itself calls ``internIfRoom(_:isUncertain:)``.
    ///
    /// - Complexity: O(length) expected; no allocation when already interned.
    public func intern(_ utf8: UnsafeBufferPointer<UInt8>, isUncertain: Bool) -> UInt32 {
        guard let i = internIfRoom(utf8, isUncertain: isUncertain) else {
            preconditionFailure("grapheme table full: \(entries.count) clusters, \(bytes.count) of \(byteCapacity) "
                                + "arena bytes; compact it (compact(keeping:)) or use internIfRoom")
        }
        return i
    }

    /// The index of `utf8`, interning it on first use; `nil` when the table
    /// cannot take it (2^29 clusters, or the arena would pass
    /// its capacity, `Int32.max` bytes): the caller shows U+FFFD instead.
    ///
    /// - Complexity: O(length) expected; no allocation when already interned.
    public func internIfRoom(_ utf8: UnsafeBufferPointer<UInt8>, isUncertain: Bool) -> UInt32? {
        let h = GraphemeTable.hash(utf8)
        let mask = slots.count - 1
        var s = Int(h) & mask
        while slots[s] != 0 {
            let i = slots[s] - 1
            let e = entries[Int(i)]
            if e.hash == h && Int(e.length) == utf8.count && matches(e, utf8) { return i }
            s = (s + 1) & mask
        }
        let i = UInt32(entries.count)
        guard i < Cell.maxClusterIndex, utf8.count <= byteCapacity - bytes.count else { return nil }
        internedSinceCompaction += 1
        let widest = isUncertain
            ? UInt8(Swift.min(GraphemeWidth.widestRendering(scalars: ClusterScalars(start: utf8.baseAddress!, count: utf8.count)), 255))
            : 0
        entries.append(Entry(offset: Int32(bytes.count), length: Int32(utf8.count), hash: h, isUncertain: isUncertain,
                             widest: widest))
        bytes.append(contentsOf: utf8)
        slots[s] = i + 1
        if entries.count * 2 > slots.count { rehash(capacity: slots.count * 2) }
        return i
    }

    /// Measures every cluster's disputed mark (and widest rendering) again:
    /// the widths clusters are measured with changed
    /// (``GraphemeWidth/measuredWidths``), and a cluster the terminal was
    /// measured to draw as the engine does is no longer disputed.
    ///
    /// - Complexity: O(bytes held).
    public func remeasureUncertainty() {
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            for i in entries.indices {
                let e = entries[i]
                let scalars = ClusterScalars(start: base + Int(e.offset), count: Int(e.length))
                let uncertain = e.length > 0 && GraphemeWidth.measure(scalars: scalars).isUncertain
                entries[i].isUncertain = uncertain
                entries[i].widest = uncertain ? UInt8(Swift.min(GraphemeWidth.widestRendering(scalars: scalars), 255)) : 0
            }
        }
    }

    private func matches(_ e: Entry, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            for k in 0..<utf8.count where all[Int(e.offset) + k] != utf8[k] { return false }
            return true
        }
    }

    private func rehash(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        for (i, e) in entries.enumerated() {
            var s = Int(e.hash) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = UInt32(i + 1)
        }
    }

    /// Calls `body` with the UTF-8 bytes of cluster `i`.
    @inline(__always)
    public func withUTF8<R>(_ i: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let e = entries[Int(i)]
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(e.offset)..<Int(e.offset + e.length)]))
        }
    }

    /// Byte length of cluster `i`.
    @inline(__always)
    public func byteCount(_ i: UInt32) -> Int { Int(entries[Int(i)].length) }

    /// Whether terminals disagree on the width of cluster `i`.
    @inline(__always)
    public func isUncertain(_ i: UInt32) -> Bool { entries[Int(i)].isUncertain }

    /// The widest a terminal may draw cluster `i`, for a cell of `width`
    /// columns: `width` unless terminals disagree on the cluster
    /// (``GraphemeWidth/widestRendering(scalars:)``).
    @inline(__always)
    public func widestRendering(_ i: UInt32, width: Int) -> Int { Swift.max(width, Int(entries[Int(i)].widest)) }

    /// The cluster as a `String` (for tests and debugging, not the hot path).
    public func string(_ i: UInt32) -> String {
        withUTF8(i) { String(decoding: $0, as: UTF8.self) }
    }

    /// Rebuilds the table keeping only clusters referenced by `buffers`, and
    /// rewrites those buffers' cells to the new indices.
    ///
    /// - Complexity: O(cells in `buffers` + live clusters).
    public func compact(keeping buffers: [CellBuffer]) {
        var remap = [UInt32](repeating: UInt32.max, count: entries.count)
        let oldBytes = bytes
        let oldEntries = entries
        // Not keeping capacity: the point is to give the dead bytes back.
        bytes = []
        entries = []
        slots = Array(repeating: 0, count: 64)
        defer {
            internedSinceCompaction = 0
            liveAfterCompaction = entries.count
        }
        // Each buffer once: a second pass would read new indices as old ones.
        var seen = Set<ObjectIdentifier>()
        for buffer in buffers where seen.insert(ObjectIdentifier(buffer)).inserted {
            buffer.rewriteClusters { oldIndex in
                if remap[Int(oldIndex)] == UInt32.max {
                    let e = oldEntries[Int(oldIndex)]
                    remap[Int(oldIndex)] = oldBytes.withUnsafeBufferPointer { all in
                        // Fewer bytes than before: always room.
                        intern(UnsafeBufferPointer(rebasing: all[Int(e.offset)..<Int(e.offset + e.length)]),
                               isUncertain: e.isUncertain)
                    }
                }
                return remap[Int(oldIndex)]
            }
        }
    }
}
