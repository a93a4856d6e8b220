#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a ``Profiler`` reads time: nanoseconds from an arbitrary, fixed
/// origin, never going backwards.
///
/// ``monotonic`` reads `clock_gettime(CLOCK_MONOTONIC)` directly. On Linux
/// that is a vDSO call, no system call: about 30 ns on the x86-64 machine we
/// measured, against about 65 ns for `ContinuousClock.now` (which goes
/// through the Swift runtime and builds a 128-bit `Duration`). It is the
/// clock Perfetto and `perf` use, so timestamps line up with theirs. On
/// platforms without Glibc or Musl it falls back to `ContinuousClock`.
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

    /// The system's monotonic clock.
    public static var monotonic: ProfilerClock { ProfilerClock(source: .monotonic) }

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
        #if canImport(Glibc) || canImport(Musl)
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

    #if !(canImport(Glibc) || canImport(Musl))
    private static let origin = ContinuousClock.now
    #endif
}
