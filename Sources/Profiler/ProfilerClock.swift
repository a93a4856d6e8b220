#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``Profiler`` reads time: nanoseconds from an arbitrary, fixed
/// origin, never going backwards.
///
/// ``monotonic`` gives `CLOCK_MONOTONIC` nanoseconds, the clock Perfetto and
/// `perf` use, so timestamps line up with theirs. Where the processor's
/// timestamp counter is a trustworthy clock (x86-64 Linux with an invariant
/// counter the kernel itself uses), spans read the counter and convert it,
/// re-anchored to a real `clock_gettime` reading at root spans (frames) at
/// most about every millisecond: a plain `rdtsc` does not wait for earlier instructions to finish,
/// and `clock_gettime`'s `rdtscp` does, which inside a render loop is most of
/// a span's cost. Elsewhere, or with `TUI_PROFILE_CLOCK=clock_gettime` in the
/// environment, or with ``monotonic(usingTimestampCounter:)`` `false`, every
/// read is a `clock_gettime` call (a vDSO call on Linux, about 26 ns in a
/// tight loop, against about 65 ns for `ContinuousClock.now`; Darwin has the
/// same call). On any other platform it falls back to `ContinuousClock`.
///
/// ``manual(_:)`` reads a ``ManualClock`` you advance yourself, for tests
/// that need exact, repeatable times.
///
/// ```swift
/// let clock = ManualClock()
/// let profiler = Profiler(clock: .manual(clock))
/// let token = profiler.begin(.layout)
/// clock.advance(by: 1_500)
/// profiler.end(token)   // a 1.5 µs layout span
/// ```
public struct ProfilerClock {
    @usableFromInline
    enum Source {
        case monotonic
        case manual(ManualClock)
    }

    @usableFromInline let source: Source
    /// Whether spans may read the timestamp counter (``monotonic`` only).
    let usesTimestampCounter: Bool

    @usableFromInline
    init(source: Source, usesTimestampCounter: Bool = false) {
        self.source = source
        self.usesTimestampCounter = usesTimestampCounter
    }

    /// The system's monotonic clock, read through the timestamp counter
    /// where that is trustworthy.
    public static var monotonic: ProfilerClock { monotonic(usingTimestampCounter: true) }

    /// The system's monotonic clock; with `usingTimestampCounter` false,
    /// every read is a `clock_gettime` call.
    public static func monotonic(usingTimestampCounter: Bool) -> ProfilerClock {
        ProfilerClock(source: .monotonic,
                      usesTimestampCounter: usingTimestampCounter && TimestampCounter.process != nil)
    }

    /// How this clock reads time, for reports: `timestamp counter (2.60 GHz),
    /// re-anchored to CLOCK_MONOTONIC at frames, at most every 1 ms`,
    /// `clock_gettime(CLOCK_MONOTONIC)` or `manual`.
    public var readingDescription: String {
        switch source {
        case .manual: return "manual"
        case .monotonic:
            guard usesTimestampCounter, let counter = TimestampCounter.process else {
                return "clock_gettime(CLOCK_MONOTONIC)"
            }
            let gigahertz = 1 / counter.nanosecondsPerTick(at: TimestampCounter.pair())
            return "timestamp counter (\(Double(Int(gigahertz * 100)) / 100) GHz), re-anchored to CLOCK_MONOTONIC at frames, at most every 1 ms"
        }
    }

    /// A clock that reads `clock.now`.
    public static func manual(_ clock: ManualClock) -> ProfilerClock {
        ProfilerClock(source: .manual(clock))
    }

    /// The current time in nanoseconds.
    ///
    /// - Complexity: O(1); one vDSO call for ``monotonic``.
    @inlinable
    public func now() -> UInt64 {
        switch source {
        case .monotonic: return ProfilerClock.monotonicNow()
        case .manual(let clock): return clock.now
        }
    }

    @usableFromInline
    static func monotonicNow() -> UInt64 {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000
            &+ UInt64(truncatingIfNeeded: time.tv_nsec)
        #else
        let elapsed = ContinuousClock.now - ProfilerClock.origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(truncatingIfNeeded: seconds) &* 1_000_000_000
            &+ UInt64(truncatingIfNeeded: attoseconds / 1_000_000_000)
        #endif
    }

    #if !(canImport(Glibc) || canImport(Musl) || canImport(Darwin))
    private static let origin = ContinuousClock.now
    #endif
}
