/// One frame's numbers: when it ran, the time spent in each phase, and the
/// counts the engine pushed during it.
///
/// A phase's time is *exclusive*: at every instant, time is charged to the
/// innermost open phase span, so an `evaluate` nested inside `layout` (a lazy
/// list materialising rows) counts as evaluate, not twice. Phase times
/// therefore add up to at most ``duration``; the rest is
/// ``unattributedNanoseconds`` (work outside any phase span, including the
/// profiler's own).
///
/// Plain data, stored inline (no allocation per frame).
///
/// ```swift
/// let frame = profiler.endFrame()!
/// print(frame.duration, frame.nanoseconds(in: .layout), frame.count(of: .bytesWritten))
/// ```
public struct FrameRecord: Hashable, Sendable {
    /// The frame's number: 0 for the first frame after the profiler was
    /// created or reset.
    public var index: Int
    /// When ``Profiler/beginFrame()`` ran, in the profiler clock's nanoseconds.
    public var start: UInt64
    /// When ``Profiler/endFrame()`` ran.
    public var end: UInt64

    var phaseTimes = FrameSlots()
    var phaseMask: UInt16 = 0
    var counts = FrameSlots()
    var counterMask: UInt16 = 0

    /// Creates a record with no phases and no counts, for building frames by
    /// hand (tests, imported data).
    public init(index: Int, start: UInt64, end: UInt64) {
        self.index = index
        self.start = start
        self.end = end
    }

    /// The frame's wall time in nanoseconds.
    public var duration: UInt64 { end > start ? end - start : 0 }

    /// Nanoseconds during which `phase` was the innermost open phase; 0 if
    /// the frame had no such span or `phase` is not a phase.
    public func nanoseconds(in phase: SpanName) -> UInt64 {
        phase.isPhase ? phaseTimes[Int(phase.phaseSlot)] : 0
    }

    /// Whether a span of `phase` ran during the frame.
    public func contains(_ phase: SpanName) -> Bool {
        phase.isPhase && phaseMask & (1 << UInt16(phase.phaseSlot)) != 0
    }

    /// Sets the time of `phase` (ignored if `phase` is not a phase).
    public mutating func setNanoseconds(_ nanoseconds: UInt64, in phase: SpanName) {
        guard phase.isPhase else { return }
        phaseTimes[Int(phase.phaseSlot)] = nanoseconds
        phaseMask |= 1 << UInt16(phase.phaseSlot)
    }

    /// The phases that ran during the frame, in slot order.
    public var phases: [SpanName] {
        SpanName.registeredPhases.filter { contains($0) }
    }

    /// The frame's duration minus every phase's time.
    public var unattributedNanoseconds: UInt64 {
        var attributed: UInt64 = 0
        for slot in 0..<FrameSlots.count { attributed &+= phaseTimes[slot] }
        return duration > attributed ? duration - attributed : 0
    }

    /// The total pushed to `counter` during the frame; 0 if none was.
    public func count(of counter: Counter) -> Int {
        Int(Int64(bitPattern: counts[Int(counter.slot)]))
    }

    /// Whether anything was pushed to `counter` during the frame.
    public func hasCount(of counter: Counter) -> Bool {
        counterMask & (1 << UInt16(counter.slot)) != 0
    }

    /// Sets the count of `counter`.
    public mutating func setCount(_ value: Int, of counter: Counter) {
        counts[Int(counter.slot)] = UInt64(bitPattern: Int64(value))
        counterMask |= 1 << UInt16(counter.slot)
    }

    /// The counters pushed during the frame, in slot order.
    public var counters: [Counter] {
        Counter.registered.filter { hasCount(of: $0) }
    }
}
