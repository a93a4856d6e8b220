import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a running process has cost so far, read from outside it: CPU time
/// of all its threads, context switches of its live threads, resident memory.
struct ProcessCounters: Equatable {
    /// User plus system CPU time of every thread, live or exited, in
    /// nanoseconds: the process's CPU-time clock (`clock_getcpuclockid`),
    /// which the kernel keeps exactly, not in 10 ms ticks.
    var cpuNanoseconds: UInt64 = 0
    /// utime + stime from /proc/<pid>/stat (all threads), in clock ticks:
    /// the coarse figure, kept to cross-check the clock.
    var statTicks = 0
    /// Voluntary (the thread waited: a wake-up follows) and involuntary
    /// (preempted) switches, summed over /proc/<pid>/task/*/status.
    var voluntarySwitches = 0
    var involuntarySwitches = 0
    var threads = 0
    var rssKilobytes = 0
    /// VmHWM: the most resident memory so far.
    var peakRSSKilobytes = 0

    /// The counters of process `pid` now.
    static func read(_ pid: pid_t) -> ProcessCounters {
        var c = ProcessCounters()
        var clock = clockid_t()
        var time = timespec()
        if clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 {
            c.cpuNanoseconds = UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) {
            c.statTicks = statTicks(stat) ?? 0
        }
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            let fields = statusFields(status)
            c.rssKilobytes = fields["VmRSS"] ?? 0
            c.peakRSSKilobytes = fields["VmHWM"] ?? 0
        }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        c.threads = tasks.count
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            let fields = statusFields(status)
            c.voluntarySwitches += fields["voluntary_ctxt_switches"] ?? 0
            c.involuntarySwitches += fields["nonvoluntary_ctxt_switches"] ?? 0
        }
        return c
    }

    /// utime + stime (fields 14 and 15) of a /proc/<pid>/stat line. The
    /// command (field 2) is in parentheses and may hold spaces and
    /// parentheses itself, so fields are counted from the last ")".
    static func statTicks(_ line: String) -> Int? {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3): utime is field 14 → index 11, stime index 12.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// The numeric fields of a /proc status file (`Name:\tvalue [kB]`).
    static func statusFields(_ text: String) -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            if let value, let number = Int(value) { fields[String(line[..<colon])] = number }
        }
        return fields
    }

    /// Clock ticks a second (USER_HZ, 100 on Linux).
    static let ticksPerSecond = max(1, sysconf(Int32(_SC_CLK_TCK)))
}
