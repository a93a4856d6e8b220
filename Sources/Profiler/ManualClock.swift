/// A clock that only moves when told to: deterministic time for tests.
///
/// ```swift
/// let clock = ManualClock(now: 1_000)
/// clock.advance(by: 250)
/// clock.now   // 1_250
/// ```
public final class ManualClock {
    /// The current time in nanoseconds.
    public var now: UInt64

    /// Creates a clock reading `now` nanoseconds.
    public init(now: UInt64 = 0) { self.now = now }

    /// Moves the clock forward by `nanoseconds`.
    public func advance(by nanoseconds: UInt64) { now += nanoseconds }
}
