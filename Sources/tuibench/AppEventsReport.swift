import Foundation

/// `tuibench app --workload … --format json`: what each event cost a real
/// app in a pseudo-terminal. Compared by `tuibench compare`.
struct AppEventsReport: Codable {
    var schemaVersion = 1
    /// Tells this report from a `run` report.
    var kind = "app-events"
    var columns: Int
    var rows: Int
    var events: Int
    var warmup: Int
    var rounds: Int
    var pauseMicroseconds: Int
    var machine: MachineInfo
    var workloads: [AppWorkloadResult]
}

/// One workload: medians over the rounds, and each round's figure.
struct AppWorkloadResult: Codable, Equatable {
    /// `ticker`, `typing`, `scroll`, or the app's path.
    var name: String
    var app: String
    var arguments: [String]
    var key: String
    var events: Int
    /// CPU time of all the app's threads (user + system) per event, from
    /// the process's CPU clock: the median round, and each round.
    var cpuNanosecondsPerEvent: Double
    var cpuNanosecondsPerEventRounds: [Double]
    /// The same from /proc/<pid>/stat's utime + stime (10 ms ticks): a cross-check.
    var statCPUNanosecondsPerEvent: Double
    var contextSwitchesPerEvent: Double
    var voluntarySwitchesPerEvent: Double
    var involuntarySwitchesPerEvent: Double
    /// Bytes the app wrote to the terminal per event.
    var bytesPerEvent: Double
    /// Frames ended (`CSI ? 2026 l`) per event: 1 when each key causes one frame.
    var framesPerEvent: Double
    /// From writing a key to reading the end of the frame it caused.
    var latencyP50Nanoseconds: UInt64
    var latencyP99Nanoseconds: UInt64
    var latencyMaxNanoseconds: UInt64
    /// From spawning the app to reading the end of its first frame.
    var startupNanoseconds: UInt64
    /// VmHWM before quitting.
    var peakRSSKilobytes: Int
    var threads: Int
    var syscalls: Syscalls?
    var instructions: Instructions?

    /// System calls per event under `strace -f -c`: a run with `events`
    /// events less one with none (the same start-up, warm-up and quit).
    struct Syscalls: Codable, Equatable {
        var events: Int
        var perEvent: Double
        var perEventByName: [String: Double]
    }

    /// Instructions per event under callgrind: (run with 2N events − run
    /// with N events) / N, so start-up and quitting cancel.
    struct Instructions: Codable, Equatable {
        var events: Int
        var perEvent: Double
        var totals: [UInt64]
    }
}

extension AppEventsReport {
    func text() -> String {
        func t(_ ns: Double) -> String {
            ns < 1_000_000 ? String(format: "%.1f µs", ns / 1e3) : String(format: "%.2f ms", ns / 1e6)
        }
        var table: [[String]] = [["workload", "CPU/event", "ctx sw/event", "bytes/event", "frames/event", "p50", "p99",
                                 "start-up", "peak RSS"]]
        for w in workloads {
            table.append([w.name, t(w.cpuNanosecondsPerEvent), String(format: "%.2f", w.contextSwitchesPerEvent),
                         String(format: "%.0f", w.bytesPerEvent), String(format: "%.2f", w.framesPerEvent),
                         t(Double(w.latencyP50Nanoseconds)), t(Double(w.latencyP99Nanoseconds)),
                         t(Double(w.startupNanoseconds)), "\(w.peakRSSKilobytes / 1024) MB"])
        }
        var out = "\(events) events a round (after \(warmup) of warm-up), \(rounds) round\(rounds == 1 ? "" : "s"), "
            + "\(columns)×\(rows) terminal, each key sent when the previous frame has ended"
            + (pauseMicroseconds > 0 ? " and \(pauseMicroseconds / 1000) ms more" : "") + "\n"
        out += textTable(table, rule: false)
        for w in workloads {
            let rounds = w.cpuNanosecondsPerEventRounds.map { t($0) }.joined(separator: ", ")
            out += "\(w.name): \(w.app) \(w.arguments.joined(separator: " ")), key \(w.key); CPU/event by round \(rounds); "
                + String(format: "/proc stat %@; switches %.2f voluntary + %.2f involuntary; %d threads\n",
                         t(w.statCPUNanosecondsPerEvent), w.voluntarySwitchesPerEvent, w.involuntarySwitchesPerEvent, w.threads)
            if let s = w.syscalls {
                let top = s.perEventByName.sorted { $0.value > $1.value }.prefix(6)
                    .map { String(format: "%@ %.2f", $0.key, $0.value) }.joined(separator: ", ")
                out += String(format: "  system calls/event %.2f (strace -f -c, %d events): %@\n", s.perEvent, s.events, top)
            }
            if let i = w.instructions {
                out += String(format: "  instructions/event %.0f (callgrind, %d and %d events)\n", i.perEvent, i.events, 2 * i.events)
            }
        }
        let doubts = self.doubts()
        if !doubts.isEmpty { out += "\n" + Trust.section(doubts) + "\n" }
        return out
    }
}

extension AppEventsReport {
    /// CPU time per event whose rounds differ by more than ±10%, and a loaded machine.
    func doubts() -> [String] {
        var doubts: [String] = []
        for w in workloads {
            let rounds = w.cpuNanosecondsPerEventRounds
            guard let low = rounds.min(), let high = rounds.max(), w.cpuNanosecondsPerEvent > 0 else { continue }
            let spread = (high - low) / 2 / w.cpuNanosecondsPerEvent
            if spread > 0.1 {
                doubts.append(String(format: "%@: CPU time per event varies ±%.0f%% across rounds: other work on the machine "
                                     + "slows the app's threads", w.name, 100 * spread))
            }
        }
        if let load = Trust.loadDoubt() { doubts.append(load) }
        return doubts
    }
}
