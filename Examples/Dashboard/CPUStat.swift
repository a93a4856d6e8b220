#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time counters of `/proc/stat` (Linux): the `cpu` line (all
/// CPUs) and one `cpuN` line per CPU, in clock ticks since boot. Use is
/// the busy share of the ticks between two readings.
struct CPUCounters: Equatable, Sendable {
    /// Ticks not idle: user, nice, system, irq, softirq, steal.
    var busy: UInt64
    /// All ticks, idle and iowait included (guest time is already in user).
    var total: UInt64

    /// The share of the ticks from `old` to `self` that were busy (0…1);
    /// 0 when no tick passed or the counters went back (a CPU taken offline
    /// and brought back restarts them).
    func usage(since old: CPUCounters) -> Double {
        guard total > old.total, busy >= old.busy else { return 0 }
        return min(1, Double(busy - old.busy) / Double(total - old.total))
    }

    /// The `cpu` lines of a `/proc/stat` text: the total first, then each
    /// CPU in order. Lines that are not `cpu` lines, or not numbers, are skipped.
    static func parse(_ text: String) -> [CPUCounters] {
        var result: [CPUCounters] = []
        for line in text.split(separator: "\n") where line.hasPrefix("cpu") {
            let fields = line.split(separator: " ")
            // user nice system idle iowait irq softirq steal [guest guest_nice]
            let values = fields.dropFirst().prefix(8).compactMap { UInt64($0) }
            guard values.count >= 4 else { continue }
            let v = values + Array(repeating: 0, count: 8 - values.count)
            let idle = v[3] &+ v[4]
            let busy = v[0] &+ v[1] &+ v[2] &+ v[5] &+ v[6] &+ v[7]
            result.append(CPUCounters(busy: busy, total: busy &+ idle))
        }
        return result
    }

    /// Reads `/proc/stat`; nil where there is none (not Linux) or it holds no `cpu` line.
    ///
    /// Read with `open`/`read`, not Foundation: Foundation's libraries
    /// (with ICU) are about 8 MB of the process's memory once mapped, half
    /// of what the dashboard needs.
    static func read(path: String = "/proc/stat") -> [CPUCounters]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        let counters = parse(String(decoding: bytes, as: UTF8.self))
        return counters.isEmpty ? nil : counters
    }
}

/// The dashboard's CPU readings over time, from `/proc/stat` deltas: the
/// total and each CPU's use, oldest first, at most `limit` readings each.
struct CPULoad: Equatable, Sendable {
    static let limit = 240
    private(set) var total: [Double] = []
    private(set) var perCPU: [[Double]] = []
    private var last: [CPUCounters] = []

    /// Takes a reading: use since the previous one (the first only sets the start).
    mutating func sample(_ counters: [CPUCounters]) {
        defer { last = counters }
        guard !last.isEmpty, let now = counters.first, let before = last.first else { return }
        append(now.usage(since: before) * 100, to: &total)
        let cpus = counters.count - 1
        if perCPU.count != cpus { perCPU = Array(repeating: [], count: max(0, cpus)) }
        for i in 0..<max(0, cpus) where i + 1 < last.count {
            append(counters[i + 1].usage(since: last[i + 1]) * 100, to: &perCPU[i])
        }
    }

    /// Adds a reading of the total taken some other way (the simulation).
    mutating func appendTotal(_ percent: Double) { append(percent, to: &total) }

    private func append(_ value: Double, to series: inout [Double]) {
        series.append(value)
        if series.count > CPULoad.limit { series.removeFirst() }
    }
}

/// The C library's `read(2)` (inside ``CPUCounters`` the name is its own `read(path:)`).
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
