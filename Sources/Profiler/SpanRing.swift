/// The preallocated ring of span records, which drops the oldest *whole root
/// trees* (whole frames) when it needs room, so that what it retains is always
/// a run of complete, balanced trees.
///
/// Every record gets the next sequence number (`UInt64`; it would take
/// centuries to wrap) and lives in slot `seq & mask`. Records are appended
/// when a span *begins*, so the ring holds spans in start order — a preorder
/// walk of each tree, parents before children — and a span's end time is
/// filled in later, in place.
///
/// ```
///  oldest            completedEnd        writeSeq
///    |  complete trees    |   open tree     |   free (or about to be reused)
/// ```
///
/// Invariants (checked by ``checkInvariants()`` in debug builds and tests):
/// - `oldest <= completedEnd <= writeSeq` and `writeSeq - oldest <= capacity`;
/// - if `oldest < writeSeq`, the record at `oldest` has depth 0 (the region
///   starts at a root);
/// - `[oldest, completedEnd)` holds complete trees, every end filled in;
///   `[completedEnd, writeSeq)` is the one tree still open.
///
/// The owner (``SpanRecorder``) allocates once and calls ``deallocate()``.
struct SpanRing {
    /// One span as stored: 32 bytes, integers only.
        struct Record {
        var start: UInt64
        var end: UInt64
        var name: UInt32
        var detail: UInt32
        var reason: UInt32
        var depth: UInt16
        var phaseSlot: UInt8
    }

    let records: UnsafeMutablePointer<Record>
    let capacity: Int
    let mask: UInt64
    /// Sequence number the next record gets.
    var writeSeq: UInt64 = 0
    /// First retained record; always a root.
    var oldest: UInt64 = 0
    /// End of the last complete tree; the open tree, if any, starts here.
    var completedEnd: UInt64 = 0

    /// Allocates room for `capacity` records, rounded up to a power of two
    /// (at least 16, at most 2^30), and writes it once so its memory is
    /// really there before the first span.
    init(capacity requested: Int) {
        var capacity = 16
        while capacity < Swift.min(requested, 1 << 30) { capacity <<= 1 }
        self.capacity = capacity
        self.mask = UInt64(capacity - 1)
        self.records = .allocate(capacity: capacity)
        // Touch every page now: a page first written while recording costs a
        // page fault (a microsecond or more) inside a measured frame.
        self.records.initialize(
            repeating: Record(start: 0, end: 0, name: 0, detail: 0, reason: 0, depth: 0, phaseSlot: 0), count: capacity)
    }

    func deallocate() { records.deallocate() }

    var isFull: Bool { writeSeq &- oldest == UInt64(capacity) }

    subscript(seq: UInt64) -> Record {
        get { records[Int(truncatingIfNeeded: seq & mask)] }
        nonmutating set { records[Int(truncatingIfNeeded: seq & mask)] = newValue }
    }

    /// Drops the oldest complete tree. Returns `false`, dropping nothing, when
    /// there is none: the open tree alone fills the ring.
    ///
    /// - Complexity: O(size of the dropped tree), so O(1) amortised per record.
    mutating func dropOldestTree() -> Bool {
        guard oldest < completedEnd else { return false }
        oldest &+= 1
        while oldest < completedEnd && self[oldest].depth != 0 { oldest &+= 1 }
        debugCheckInvariants(endsFrom: completedEnd)
        return true
    }

    /// Fills in the end time of the record `seq`.
    @inline(__always)
    func setEnd(_ end: UInt64, at seq: UInt64) {
        records[Int(truncatingIfNeeded: seq & mask)].end = end
    }

    /// Appends `record`, which the caller has made room for.
    mutating func append(_ record: Record) -> UInt64 {
        let seq = writeSeq
        self[seq] = record
        writeSeq &+= 1
        assert(writeSeq &- oldest <= UInt64(capacity), "SpanRing: appended past capacity")
        return seq
    }

    /// Marks everything written so far as complete (the open tree just closed).
    mutating func completeTree() {
        let closed = completedEnd
        completedEnd = writeSeq
        debugCheckInvariants(endsFrom: closed)
    }

    /// Forgets the open tree, as if it had never begun.
    mutating func discardOpenTree() {
        writeSeq = completedEnd
        debugCheckInvariants(endsFrom: completedEnd)
    }

    /// Forgets everything.
    mutating func removeAll() {
        oldest = writeSeq
        completedEnd = writeSeq
        debugCheckInvariants(endsFrom: completedEnd)
    }

    /// Number of records retained in complete trees.
    var completeCount: Int { Int(completedEnd &- oldest) }

    /// Traps if an invariant does not hold.
    func checkInvariants() { checkInvariants(endsFrom: oldest) }

    /// Traps if an invariant does not hold, reading the end times of the
    /// complete records from `start` on only (those before it were checked
    /// when their tree closed).
    func checkInvariants(endsFrom start: UInt64) {
        precondition(oldest <= completedEnd && completedEnd <= writeSeq, "SpanRing: sequence order")
        precondition(writeSeq &- oldest <= UInt64(capacity), "SpanRing: over capacity")
        if oldest < writeSeq { precondition(self[oldest].depth == 0, "SpanRing: oldest is not a root") }
        var seq = Swift.max(start, oldest)
        while seq < completedEnd {
            precondition(self[seq].end >= self[seq].start, "SpanRing: span ends before it starts")
            seq &+= 1
        }
    }

    /// ``checkInvariants(endsFrom:)`` after a mutation, in debug builds
    /// only: each tree's end times are read once, when it closes (O(1)
    /// amortised per record). Release builds compile the call out.
    @inline(__always)
    func debugCheckInvariants(endsFrom start: UInt64) {
        #if DEBUG
        checkInvariants(endsFrom: start)
        #endif
    }
}
