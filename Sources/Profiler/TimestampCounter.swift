#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if arch(x86_64) && os(Linux)
/// The processor's timestamp counter, read with a plain `rdtsc`: LLVM's
/// `readcyclecounter` intrinsic, which Swift reaches only through
/// `@_silgen_name`. (On AArch64 the same intrinsic reads a counter that
/// traps in user space, hence x86-64 only.)
@_silgen_name("llvm.readcyclecounter")
func readTimestampCounter() -> UInt64
#endif

/// Converts the processor's timestamp counter into `CLOCK_MONOTONIC`
/// nanoseconds, so that the span recorder can read time without a
/// `clock_gettime` call per span.
///
/// Why: `clock_gettime` reads the same counter, but with `rdtscp` (or
/// `lfence; rdtsc`), which waits for every earlier instruction to finish —
/// inside a render loop, with loads still in flight, that wait is most of
/// what a span costs. A plain `rdtsc` does not wait. Measured with
/// `tuibench run deep-chain` (200 nested bodies of ~500 ns): recording cost
/// +16–18% with `clock_gettime`, +10–13% with the counter.
///
/// How: one calibration per process (the counter's rate against
/// `CLOCK_MONOTONIC` over 1 ms); then each root span (each frame) at least
/// 1 ms after the last anchor re-anchors the conversion to a real
/// `clock_gettime` reading and refines the rate over everything since the
/// calibration began. Within a root tree all times
/// come from one anchor and one rate, and a span never starts before its
/// parent; a root never starts before the last time handed out, so trees
/// never overlap. The anchor itself is always the real reading, so an error
/// never carries from one anchor to the next.
///
/// When: only where the counter is a trustworthy clock — x86-64 Linux, the
/// CPU flags `constant_tsc` and `nonstop_tsc`, and the kernel itself using
/// `tsc` as its clocksource (it checked that the counters of all CPUs agree).
/// `TUI_PROFILE_CLOCK=clock_gettime` in the environment turns it off.
struct TimestampCounter: Sendable {
    /// A counter reading and the `CLOCK_MONOTONIC` time taken together.
    struct Pair: Sendable {
        var ticks: UInt64
        var nanoseconds: UInt64
    }

    /// Where the rate is measured from.
    let base: Pair
    /// Nanoseconds per tick measured during calibration.
    let initialNanosecondsPerTick: Double

    /// Nanoseconds per tick over `[base, pair]`, or the calibration's rate
    /// while that stretch is still short.
    func nanosecondsPerTick(at pair: Pair) -> Double {
        let ticks = pair.ticks &- base.ticks
        guard pair.ticks > base.ticks, ticks > TimestampCounter.minimumBaselineTicks, pair.nanoseconds > base.nanoseconds
        else { return initialNanosecondsPerTick }
        return Double(pair.nanoseconds - base.nanoseconds) / Double(ticks)
    }

    static let minimumBaselineTicks: UInt64 = 1_000_000
    /// A pair whose counter reads are closer than this (about 0.4 µs at
    /// 2.6 GHz; an undisturbed pair takes about 50 ns) is taken at once.
    static let tightPairTicks: UInt64 = 1_000

    /// The process's calibration, or nil where the counter is not used.
    static let process: TimestampCounter? = calibrate()

    /// Reads the counter and the clock as close together as possible: the
    /// clock between two counter reads, whose midpoint is taken. A thread
    /// preempted between the reads would pair a time with a counter value
    /// microseconds away (and skew every conversion after it), so up to
    /// eight tries are made and the tightest kept; one usually suffices.
    static func pair() -> Pair {
        #if arch(x86_64) && os(Linux)
        var best = Pair(ticks: 0, nanoseconds: 0)
        var bestSpread = UInt64.max
        for _ in 0..<8 {
            var time = timespec()
            let before = readTimestampCounter()
            clock_gettime(CLOCK_MONOTONIC, &time)
            let after = readTimestampCounter()
            let spread = after &- before
            if spread < bestSpread {
                bestSpread = spread
                best = Pair(ticks: before &+ spread / 2,
                            nanoseconds: UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000
                                &+ UInt64(truncatingIfNeeded: time.tv_nsec))
            }
            if spread < tightPairTicks { break }
        }
        return best
        #else
        return Pair(ticks: 0, nanoseconds: ProfilerClock.monotonicNow())
        #endif
    }

    private static func calibrate() -> TimestampCounter? {
        #if arch(x86_64) && os(Linux)
        if let setting = getenv("TUI_PROFILE_CLOCK"), String(cString: setting) == "clock_gettime" { return nil }
        guard let flags = firstLine(of: "/proc/cpuinfo", startingWith: "flags"),
              flags.split(separator: " ").contains("constant_tsc"),
              flags.split(separator: " ").contains("nonstop_tsc"),
              firstLine(of: "/sys/devices/system/clocksource/clocksource0/current_clocksource", startingWith: "")?
                .trimmingWhitespace() == "tsc"
        else { return nil }
        let start = pair()
        var end = pair()
        while end.nanoseconds &- start.nanoseconds < 1_000_000 { end = pair() }
        guard end.ticks > start.ticks else { return nil }
        let rate = Double(end.nanoseconds - start.nanoseconds) / Double(end.ticks - start.ticks)
        // 10 MHz … 100 GHz: anything else is not a timestamp counter.
        guard rate > 0.01, rate < 100 else { return nil }
        return TimestampCounter(base: start, initialNanosecondsPerTick: rate)
        #else
        return nil
        #endif
    }

    /// The first line of the file at `path` that starts with `prefix`.
    private static func firstLine(of path: String, startingWith prefix: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 8192)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if line.hasPrefix(prefix) { return line }
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
