import Dispatch
import Synchronization

/// The time an app's timers, ``TimelineView``s and task sleeps follow.
///
/// A running app uses ``system`` (the monotonic clock, timers on the main
/// queue). Tests give an ``FramePipeline`` a ``manual()`` clock and move it
/// with ``advance(by:)``: due timers fire and due sleeps resume in deadline
/// order, so time-driven behaviour is a unit test with no real waiting.
///
/// ```swift
/// struct Ticker: View {
///     @Environment(\.clock) private var clock
///     @State private var ticks = 0
///     var body: some View {
///         Text("\(ticks)").task {
///             while (try? await clock.sleep(for: .milliseconds(250))) != nil { ticks += 1 }
///         }
///     }
/// }
/// ```
// Safe: its only mutable state (a manual clock's time, timers and
// sleepers) is behind a `Mutex`; the system clock keeps none.
public final class RuntimeClock: @unchecked Sendable {
    /// The system's monotonic clock; timers run on the main queue.
    public static let system = RuntimeClock(isManual: false)

    /// A clock that moves only when ``advance(by:)`` is called.
    public static func manual() -> RuntimeClock { RuntimeClock(isManual: true) }

    /// True for a clock made by ``manual()``.
    public let isManual: Bool
    private let start = ContinuousClock.now
    private let state = Mutex(ManualState())

    private struct ManualState {
        var now: Duration = .zero
        var nextID = 0
        var timers: [Int: ManualTimer] = [:]
        var sleepers: [Int: (deadline: Duration, continuation: CheckedContinuation<Void, any Error>)] = [:]
        var onDeadlineAdded: (@Sendable () -> Void)?
    }

    private struct ManualTimer {
        var deadline: Duration
        var interval: Duration?
        var action: @Sendable () -> Void
    }

    private init(isManual: Bool) { self.isManual = isManual }

    /// Time since the clock was made.
    public var now: Duration {
        isManual ? state.withLock { $0.now } : ContinuousClock.now - start
    }

    /// Suspends the calling task for `duration` (on a manual clock, until
    /// ``advance(by:)`` passes its deadline). Throws `CancellationError` when
    /// the task is cancelled (a `.task` whose view disappeared).
    ///
    /// On a manual clock a view's task sleeps and wakes on the main actor
    /// without a hop through the global executor, so what runs after
    /// ``advance(by:)`` is decided by the order of the main actor's work
    /// alone (what makes a recorded session replay the same every time).
    public func sleep(for duration: Duration, isolation: isolated (any Actor)? = #isolation) async throws {
        guard isManual else {
            try await Task.sleep(for: duration)
            return
        }
        try await sleepOnMainActor(for: duration)
    }

    /// A manual clock's sleep, on the main actor, where the clock is moved:
    /// from a caller on the main actor (a view's task) there is no hop at
    /// all, so the sleeper is registered, and the task goes on after
    /// ``advance(by:)``, in the main actor's order of work alone.
    @MainActor
    private func sleepOnMainActor(for duration: Duration) async throws {
        try Task.checkCancellation()
        let id = state.withLock { s -> Int in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { s -> Bool in
                    if Task.isCancelled { return true }
                    s.sleepers[id] = (s.now + duration, c)
                    return false
                }
                if cancelled {
                    c.resume(throwing: CancellationError())
                } else {
                    state.withLock { $0.onDeadlineAdded }?()
                }
            }
        } onCancel: {
            let c = state.withLock { $0.sleepers.removeValue(forKey: id)?.continuation }
            c?.resume(throwing: CancellationError())
        }
    }

    /// Moves a manual clock forward: timers and sleeps that fall due run in
    /// deadline order (a repeating timer as many times as it falls due).
    /// Call it on the main thread.
    /// Returns how many timers and sleeps fell due (a repeating timer once per time).
    @discardableResult
    public func advance(by duration: Duration) -> Int {
        precondition(isManual, "advance(by:) moves only a manual clock")
        var fired = 0
        let target = state.withLock { $0.now + duration }
        while true {
            // The earliest due timer or sleeper, run outside the lock.
            let next: (() -> Void)? = state.withLock { s in
                let timer = s.timers.filter { $0.value.deadline <= target }.min { $0.value.deadline < $1.value.deadline }
                let sleeper = s.sleepers.filter { $0.value.deadline <= target }.min { $0.value.deadline < $1.value.deadline }
                if let t = timer, sleeper == nil || t.value.deadline <= sleeper!.value.deadline {
                    s.now = max(s.now, t.value.deadline)
                    if let interval = t.value.interval, interval > .zero {
                        s.timers[t.key]!.deadline = t.value.deadline + interval
                    } else {
                        s.timers[t.key] = nil
                    }
                    return t.value.action
                }
                if let sl = sleeper {
                    s.now = max(s.now, sl.value.deadline)
                    s.sleepers[sl.key] = nil
                    let c = sl.value.continuation
                    return { c.resume() }
                }
                return nil
            }
            guard let next else { break }
            fired += 1
            next()
        }
        state.withLock { $0.now = max($0.now, target) }
        return fired
    }

    /// Moves a manual clock forward to `time` (since it was made), as
    /// ``advance(by:)`` does; a time already passed moves nothing.
    @discardableResult
    public func advance(to time: Duration) -> Int {
        let now = self.now
        return advance(by: time > now ? time - now : .zero)
    }

    /// The earliest deadline among a manual clock's timers and sleeps
    /// (nil when none waits): when a host driving it must wake next.
    public var nextDeadline: Duration? {
        state.withLock { s in
            let timer = s.timers.values.map(\.deadline).min()
            let sleeper = s.sleepers.values.map(\.deadline).min()
            switch (timer, sleeper) {
            case (let t?, let sl?): return min(t, sl)
            case (let t?, nil): return t
            case (nil, let sl?): return sl
            case (nil, nil): return nil
            }
        }
    }

    /// Called (on any thread) after a manual clock's timer or sleep is
    /// added: a host that moves the clock itself wakes to look at
    /// ``nextDeadline`` again (a task on another thread may have added it
    /// while the host waited without a deadline).
    public var onDeadlineAdded: (@Sendable () -> Void)? {
        get { state.withLock { $0.onDeadlineAdded } }
        set { state.withLock { $0.onDeadlineAdded = newValue } }
    }

    /// A manual clock's timers and sleeps waiting (what a replay waits for
    /// after a wake-up: the tasks it woke sleeping again, or done).
    public var pendingCount: Int { state.withLock { $0.timers.count + $0.sleepers.count } }

    /// Sleeps waiting on a manual clock (for tests: has a task reached its sleep yet?).
    public var pendingSleeps: Int { state.withLock { $0.sleepers.count } }

    /// Runs `action` after `delay`, and then every `interval` when given,
    /// until the returned timer is cancelled. On the system clock the action
    /// runs on the main queue.
    func schedule(after delay: Duration, repeating interval: Duration? = nil,
                  _ action: @escaping @MainActor @Sendable () -> Void) -> ScheduledTimer {
        if isManual {
            let id = state.withLock { s -> Int in
                s.nextID += 1
                // advance(by:) runs on the main actor (its callers are).
                s.timers[s.nextID] = ManualTimer(deadline: s.now + delay, interval: interval,
                                                 action: { MainActor.assumeIsolated(action) })
                return s.nextID
            }
            state.withLock { $0.onDeadlineAdded }?()
            return ScheduledTimer { [weak self] in _ = self?.state.withLock { $0.timers.removeValue(forKey: id) } }
        }
        let source = DispatchSource.makeTimerSource(queue: .main)
        let leeway = DispatchTimeInterval.microseconds(Int(min(interval ?? delay, .milliseconds(5)) / .microseconds(1)) / 10 + 1)
        if let interval {
            source.schedule(deadline: .now() + delay.dispatchInterval, repeating: interval.dispatchInterval, leeway: leeway)
        } else {
            source.schedule(deadline: .now() + delay.dispatchInterval, leeway: leeway)
        }
        // The main queue runs on the main actor.
        source.setEventHandler { MainActor.assumeIsolated(action) }
        source.resume()
        let box = MainThreadBox(source)  // dispatch sources are thread-safe to cancel
        return ScheduledTimer { box.value.cancel() }
    }
}

/// A timer made by ``RuntimeClock``; cancelled by ``cancel()`` or when released.
// Safe: made, cancelled and released on the main actor (by the views that
// own it), and its cancel action is itself `@Sendable`.
final class ScheduledTimer: @unchecked Sendable {
    private var cancelAction: (@Sendable () -> Void)?
    init(cancel: @escaping @Sendable () -> Void) { cancelAction = cancel }
    func cancel() {
        cancelAction?()
        cancelAction = nil
    }
    deinit { cancelAction?() }
}

extension Duration {
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let ns = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !ns.overflow, seconds >= 0 else { return seconds < 0 ? .nanoseconds(0) : .never }
        return .nanoseconds(Int(ns.partialValue + attoseconds / 1_000_000_000))
    }
}

/// Environment key for ``EnvironmentValues/clock``.
private struct ClockKey: EnvironmentKey {
    static let defaultValue = RuntimeClock.system
}

extension EnvironmentValues {
    /// The clock the app's time follows: the system clock when running, the
    /// host's manual clock in tests.
    public var clock: RuntimeClock {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}
