import ArgumentParser
import Foundation

/// `tuibench compare` of two `tuibench app --workload` reports: per-event
/// counts gate tightly, CPU time per event loosely, wall time never.
extension Compare {
    /// What tells the kinds of report apart.
    private struct Kind: Decodable { var kind: String? }

    static func isAppReport(_ data: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(Kind.self, from: Data(data)))?.kind == "app-events"
    }

    static func loadApp(_ path: String) throws -> AppEventsReport {
        let data: [UInt8]
        do { data = try InputFile.read(path) } catch {
            Diagnostics.error("\(error)")
            throw ExitCode(1)
        }
        do {
            return try JSONDecoder().decode(AppEventsReport.self, from: Data(data))
        } catch {
            Diagnostics.error("\(path): not a `tuibench app --workload` report: \(error)")
            throw ExitCode(1)
        }
    }

    /// How much a per-event figure may grow before it is a regression:
    /// `relative` of the baseline plus `absolute` (for figures near zero,
    /// where one more wake-up in a thousand events is noise, not a change).
    struct Allowance {
        var relative: Double
        var absolute: Double
        func exceeded(_ base: Double, _ current: Double) -> Bool { current > base * (1 + relative) + absolute + 1e-9 }
    }

    /// CPU time per event of the cheapest round: other load on the machine
    /// only ever adds (a preempted worker spinning, caches refilled), so
    /// the least is the steadiest figure of the app's own cost.
    static func bestRound(_ result: AppWorkloadResult) -> Double {
        result.cpuNanosecondsPerEventRounds.min() ?? result.cpuNanosecondsPerEvent
    }

    /// The figures compared, the baseline's and the current one, and how
    /// much each may grow. CPU time (the best round's) gets `cpuThreshold`
    /// (it is sensitive to other load and the clock frequency); bytes and instructions, which do
    /// not depend on the machine's mood, `threshold`; context switches and
    /// system calls `threshold` plus 0.1 an event (a read that finds the
    /// input in two parts, a timer that fires once more); peak RSS
    /// `threshold` plus 1 MB. Latency and start-up are reported, never gated.
    static func appFigures(_ old: AppWorkloadResult, _ new: AppWorkloadResult, threshold: Double, cpuThreshold: Double)
        -> [(name: String, base: Double, current: Double, allowance: Allowance?)] {
        var figures: [(String, Double, Double, Allowance?)] = [
            ("CPU/event, best round (ns)", bestRound(old), bestRound(new), Allowance(relative: cpuThreshold, absolute: 1000)),
            ("bytes/event", old.bytesPerEvent, new.bytesPerEvent, Allowance(relative: threshold, absolute: 0)),
            ("frames/event", old.framesPerEvent, new.framesPerEvent, Allowance(relative: threshold, absolute: 0)),
            ("context switches/event", old.contextSwitchesPerEvent, new.contextSwitchesPerEvent,
             Allowance(relative: threshold, absolute: 0.1)),
            ("peak RSS (kB)", Double(old.peakRSSKilobytes), Double(new.peakRSSKilobytes), Allowance(relative: threshold, absolute: 1024)),
            ("latency p50 (ns)", Double(old.latencyP50Nanoseconds), Double(new.latencyP50Nanoseconds), nil),
            ("latency p99 (ns)", Double(old.latencyP99Nanoseconds), Double(new.latencyP99Nanoseconds), nil),
            ("start-up (ns)", Double(old.startupNanoseconds), Double(new.startupNanoseconds), nil),
        ]
        if let a = old.syscalls, let b = new.syscalls {
            figures.append(("system calls/event", a.perEvent, b.perEvent, Allowance(relative: threshold, absolute: 0.1)))
        }
        if let a = old.instructions, let b = new.instructions {
            figures.append(("instructions/event", a.perEvent, b.perEvent, Allowance(relative: threshold, absolute: 0)))
        }
        return figures
    }

    /// The table of ratios and the regressions, one line each.
    static func compareApps(_ base: AppEventsReport, _ now: AppEventsReport, threshold: Double, cpuThreshold: Double)
        -> (table: String, regressions: [String]) {
        var regressions: [String] = []
        var rows: [[String]] = [["workload", "figure", "baseline", "current", "ratio", ""]]
        for old in base.workloads {
            guard let new = now.workloads.first(where: { $0.name == old.name }) else {
                rows.append([old.name, "missing", "", "", "", ""])
                continue
            }
            for f in appFigures(old, new, threshold: threshold, cpuThreshold: cpuThreshold) {
                let ratio = f.base == f.current ? "1.00" : f.base == 0 ? "new" : String(format: "%.2f", f.current / f.base)
                let regressed = f.allowance?.exceeded(f.base, f.current) ?? false
                rows.append([old.name, f.name, String(format: "%.2f", f.base), String(format: "%.2f", f.current), ratio,
                             f.allowance == nil ? "(not gated)" : regressed ? "REGRESSION" : ""])
                if regressed {
                    regressions.append("\(old.name): \(f.name) \(String(format: "%.2f", f.base)) → \(String(format: "%.2f", f.current))")
                }
            }
        }
        return (textTable(rows, leftAligned: [0, 1, 5], rule: false), regressions)
    }

    /// Measures the baseline's workloads now, with its parameters.
    static func measureAgain(_ base: AppEventsReport) throws -> AppEventsReport {
        var results: [AppWorkloadResult] = []
        for w in base.workloads {
            var arguments = ["--workload", w.name, "--events", "\(base.events)", "--rounds", "\(base.rounds)",
                             "--warmup", "\(base.warmup)", "--size", "\(base.columns)x\(base.rows)", "--key", w.key,
                             "--pause-ms", "\(base.pauseMicroseconds / 1000)"]
            if AppBench.workloads.contains(where: { $0.name == w.name }) {
                arguments += ["--bench-apps", w.app]
            } else {
                arguments += w.arguments.flatMap { ["--app-argument", $0] }
            }
            if let s = w.syscalls { arguments += ["--syscalls", "--traced-events", "\(s.events)"] }
            if let i = w.instructions { arguments += ["--instructions", "--traced-events", "\(i.events)"] }
            let bench = try AppBench.parse(arguments)
            do {
                results += try bench.measureEvents().workloads
            } catch let failure as AppBench.EventsFailure {
                Diagnostics.error(failure.description)
                throw ExitCode(1)
            }
        }
        var now = base
        now.machine = .current
        now.workloads = results
        return now
    }

    func runApps() throws {
        let base = try Compare.loadApp(baseline)
        let now = try current.map(Compare.loadApp) ?? Compare.measureAgain(base)
        if (base.columns, base.rows) != (now.columns, now.rows) || base.events != now.events {
            print("note: the reports differ in size or events (\(base.columns)x\(base.rows), \(base.events) events → "
                + "\(now.columns)x\(now.rows), \(now.events) events)")
        }
        let (table, regressions) = Compare.compareApps(base, now, threshold: threshold, cpuThreshold: cpuThreshold)
        print("current / baseline per event (below 1.00 is better)")
        print(table, terminator: "")
        if regressions.isEmpty {
            print("no regression (counts within \(Int(threshold * 100))%, CPU within \(Int(cpuThreshold * 100))%); latency and start-up are reported, not gated")
        } else {
            print("REGRESSION:")
            for regression in regressions { print("  " + regression) }
            throw ExitCode(2)
        }
    }
}
