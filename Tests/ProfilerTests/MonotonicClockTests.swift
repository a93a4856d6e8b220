import Foundation
import Profiler
import Testing

/// The real clock: with the timestamp counter where the machine has a
/// trustworthy one, and with `clock_gettime` on every read. Both must give
/// `CLOCK_MONOTONIC` nanoseconds: durations that agree with the system's own
/// clock, roots that never overlap, children inside their parents.
@Suite("Recording spans with the system clock")
struct MonotonicClockTests {
    static let work = SpanName("work")
    static let inner = SpanName("inner")

    static func systemNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    @Test("span times agree with clock_gettime and nest, through the timestamp counter or not",
          arguments: [true, false])
    func agreesWithTheSystemClock(usingTimestampCounter: Bool) {
        let clock = ProfilerClock.monotonic(usingTimestampCounter: usingTimestampCounter)
        if !usingTimestampCounter { #expect(clock.readingDescription == "clock_gettime(CLOCK_MONOTONIC)") }
        let profiler = Profiler(clock: clock)
        var outside: [(start: UInt64, end: UInt64)] = []
        for frame in 0..<40 {
            let before = Self.systemNanoseconds()
            profiler.beginFrame()
            let work = profiler.begin(Self.work)
            let inner = profiler.begin(Self.inner)
            usleep(UInt32(200 + 100 * (frame % 5)))   // 0.2–0.6 ms
            profiler.end(inner)
            profiler.end(work)
            profiler.endFrame()
            let after = Self.systemNanoseconds()
            outside.append((before, after))
        }
        let spans = profiler.snapshot().spans
        let frames = spans.filter { $0.name == .frame }
        #expect(frames.count == outside.count)
        for (index, (frame, bracket)) in zip(frames, outside).enumerated() {
            // Inside the system clock's bracket, give or take 2 µs of conversion error…
            #expect(frame.start + 2_000 >= bracket.start)
            #expect(frame.end <= bracket.end + 2_000)
            // …and at least as long as the sleep inside it (usleep sleeps at least that long).
            #expect(frame.duration + 2_000 >= UInt64(200_000 + 100_000 * (index % 5)), "frame \(index): \(frame.duration) ns")
        }
        for (earlier, later) in zip(frames, frames.dropFirst()) { #expect(earlier.end <= later.start) }
        var open: [Span] = []
        for span in spans {
            while let top = open.last, top.depth >= span.depth { open.removeLast() }
            if let parent = open.last { #expect(parent.start <= span.start && span.end <= parent.end) }
            open.append(span)
        }
        // Phase-free frames still measure their length.
        #expect(profiler.frameTimeHistogram.count == 40)
        #expect(profiler.frameTimeHistogram.min >= 200_000)
    }

    @Test("frames back to back (no new anchor for a millisecond) stay ordered and inside the system clock's bracket")
    func backToBackFrames() {
        let profiler = Profiler(clock: .monotonic)
        let before = Self.systemNanoseconds()
        for _ in 0..<2_000 {
            profiler.beginFrame()
            let outer = profiler.begin(Self.work)
            profiler.end(profiler.begin(Self.inner))
            profiler.end(outer)
            profiler.endFrame()
        }
        let after = Self.systemNanoseconds()
        let frames = profiler.snapshot().spans.filter { $0.name == .frame }
        #expect(frames.count == 2_000)
        #expect(frames.first!.start + 2_000 >= before && frames.last!.end <= after + 2_000)
        for (earlier, later) in zip(frames, frames.dropFirst()) { #expect(earlier.end <= later.start) }
    }

    @Test("the description says which way the clock is read")
    func description() {
        let description = ProfilerClock.monotonic.readingDescription
        #expect(description == "clock_gettime(CLOCK_MONOTONIC)" || description.hasPrefix("timestamp counter ("))
        #expect(ProfilerClock.manual(ManualClock()).readingDescription == "manual")
    }
}
