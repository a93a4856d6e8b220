// Hooks for tests: `package`, so they are visible to this package's test
// targets and to no one else.

extension Profiler {
    /// Traps if the recorder's or the ring's invariants do not hold.
    package func checkInvariants() {
        recorder.pointee.checkInvariants()
    }

    /// The ring's sequence numbers: first retained record, end of the complete
    /// trees, next record to write.
    package var ringPositions: (oldest: UInt64, completedEnd: UInt64, writeSeq: UInt64) {
        let ring = recorder.pointee.ring
        return (ring.oldest, ring.completedEnd, ring.writeSeq)
    }
}
