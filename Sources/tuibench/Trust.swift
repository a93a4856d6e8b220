import Foundation

/// When a figure is not to be trusted, the text output says so, plainly.
enum Trust {
    /// A repeat's p50 may differ from the median by this much (±5%).
    static let spreadLimit = 0.05
    /// CPU time below this share of wall time: the thread was preempted or waited.
    static let cpuShareLimit = 0.8

    /// The 1-, 5- and 15-minute load averages (/proc/loadavg), if readable.
    static func loadAverages() -> [Double]? {
        guard let bytes = try? InputFile.read("/proc/loadavg", limit: 4096) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ").prefix(3).compactMap { Double($0) }
        return fields.count == 3 ? fields : nil
    }

    /// Other work on the machine: the 1-minute load beyond what this
    /// process adds (one busy thread) leaves less than a core free.
    static func loadDoubt() -> String? {
        guard let load = loadAverages()?.first else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard load > Double(cores) - 0.5 else { return nil }
        return String(format: "the machine is loaded (1-minute load %.2f on %d cores, /proc/loadavg): other work "
                      + "shares the cores, so times vary from run to run", load, cores)
    }

    static func runDoubts(_ report: RunReport) -> [String] {
        var doubts: [String] = []
        for r in report.scenarios {
            if let spread = r.p50Spread, spread / 2 > spreadLimit {
                doubts.append(String(format: "%@: p50 spread ±%.1f%% across repeats is beyond ±%.0f%%: its p50 is not "
                                     + "to be trusted to better than that", r.name, 50 * spread, 100 * spreadLimit))
            }
            if r.profilerOverhead < 0 {
                doubts.append(String(format: "%@: the profiler's cost came out negative (%+.1f%%): it is below this "
                                     + "machine's noise, not a speed-up", r.name, 100 * r.profilerOverhead))
            }
            if let cpu = r.cpuP50Nanoseconds, r.p50Nanoseconds > 0,
               Double(cpu) < cpuShareLimit * Double(r.p50Nanoseconds) {
                doubts.append(String(format: "%@: CPU time p50 is %.0f%% of the wall time p50: the thread was "
                                     + "preempted or waiting, so wall times include other work",
                                     r.name, 100 * Double(cpu) / Double(r.p50Nanoseconds)))
            }
        }
        if let load = loadDoubt() { doubts.append(load) }
        return doubts
    }

    static func replayDoubts(_ report: ReplayReport) -> [String] {
        var doubts: [String] = []
        for f in report.files {
            if let cpu = f.medianEncodeCPUNanoseconds, f.medianEncodeNanoseconds > 0,
               Double(cpu) < cpuShareLimit * Double(f.medianEncodeNanoseconds) {
                doubts.append(String(format: "%@: CPU time p50 is %.0f%% of the encode time p50: the thread was "
                                     + "preempted or waiting", (f.path as NSString).lastPathComponent,
                                     100 * Double(cpu) / Double(f.medianEncodeNanoseconds)))
            }
        }
        if let load = loadDoubt() { doubts.append(load) }
        return doubts
    }

    /// The "not to be trusted" paragraph.
    static func section(_ doubts: [String]) -> String {
        "NOT TO BE TRUSTED as measured here:\n" + doubts.map { "  - " + $0 }.joined(separator: "\n")
    }
}

extension RunReport {
    /// What the columns of `tuibench run`'s table mean.
    static let legend = """
        Columns: p50 / p99 / max = wall time per measured frame (reconcile + layout + paint + diff + writer);
          cpu p50 = this thread's CPU time per frame (CLOCK_THREAD_CPUTIME_ID), ≈ p50 when nothing else ran;
          p50 spread = (largest − smallest p50 of the repeats) / 2 / median p50; nodes = live identities;
          evals/frame = body evaluations; bytes/frame = bytes the writer produced; allocs/frame = heap allocations;
          state slots = live @State slots; profiler on = median frame with the profiler recording against without
          (two hosts, the same frames, in lockstep).

        """
}
