import Foundation

/// One process as one reading of `/proc/[pid]` shows it.
struct ProcessSample: Sendable {
    var pid: Int
    var command: String
    var state: String
    /// CPU time used since the process started (user + system), in clock ticks.
    var ticks: UInt64
    var residentKiB: Int

    /// Reads `/proc/[pid]/stat`, `status` and `cmdline`; `nil` when the
    /// process ended meanwhile.
    static func read(pid: Int) -> ProcessSample? {
        // The name in the stat line is in parentheses and may hold spaces or ")".
        guard let stat = procFile("/proc/\(pid)/stat"), let open = stat.firstIndex(of: "("),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        let status = procFile("/proc/\(pid)/status") ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?.split(whereSeparator: \.isWhitespace)
        let arguments = procFile("/proc/\(pid)/cmdline")?.split(separator: "\0").joined(separator: " ") ?? ""
        return ProcessSample(pid: pid, command: arguments.isEmpty ? "[\(stat[stat.index(after: open)..<close])]" : arguments,
                             state: String(fields[0]), ticks: user + system,
                             residentKiB: rss.flatMap { $0.count > 1 ? Int($0[1]) : nil } ?? 0)
    }
}

/// One reading of `/proc`: every process, the CPU counters and memory.
struct SystemSample: Sendable {
    var processes: [ProcessSample] = []
    /// Ticks all CPUs spent since boot, busy and in all (`/proc/stat`'s `cpu` line).
    var busyTicks: UInt64 = 0
    var totalTicks: UInt64 = 0
    var cpuCount = 1
    var memoryTotalKiB = 0
    var memoryAvailableKiB = 0

    /// Reads `/proc`, the processes' files concurrently (a child task per
    /// process); `nil` where there is no `/proc` (not Linux).
    static func read() async -> SystemSample? {
        guard let stat = procFile("/proc/stat"), let meminfo = procFile("/proc/meminfo") else { return nil }
        var sample = SystemSample()
        let cpuLines = stat.split(separator: "\n").filter { $0.hasPrefix("cpu") }
        if let all = cpuLines.first {
            // user nice system idle iowait irq softirq steal …
            let ticks = all.split(separator: " ").dropFirst().compactMap { UInt64($0) }
            sample.totalTicks = ticks.reduce(0, +)
            let idle = ticks.dropFirst(3).prefix(2).reduce(0, +)
            sample.busyTicks = sample.totalTicks - idle
        }
        sample.cpuCount = max(1, cpuLines.count - 1)
        for line in meminfo.split(separator: "\n") {
            let parts = line.split(whereSeparator: \.isWhitespace)
            guard parts.count > 1, let kib = Int(parts[1]) else { continue }
            if parts[0] == "MemTotal:" { sample.memoryTotalKiB = kib }
            if parts[0] == "MemAvailable:" { sample.memoryAvailableKiB = kib }
        }
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int($0) }
        sample.processes = await withTaskGroup(of: ProcessSample?.self) { group in
            for pid in pids { group.addTask { ProcessSample.read(pid: pid) } }
            var processes: [ProcessSample] = []
            for await case let process? in group { processes.append(process) }
            return processes
        }
        return sample
    }
}

/// A file of `/proc` as text (they report a size of 0: read to the end).
private func procFile(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
}
