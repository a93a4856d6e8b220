import ArgumentParser
import Foundation

/// `tuibench compare BASELINE.json [CURRENT.json]`: ratios of a `run`
/// report against a baseline; deterministic counts gate, wall time never does.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a run or app report with a baseline; exit 2 when a deterministic count regressed.",
        discussion: """
            Both files are `tuibench run --format json` reports. Without CURRENT, the baseline's \
            scenarios are run now with its parameters and frame count. For every scenario in both, \
            prints current/baseline ratios of p50, p99, body evaluations, bytes and allocations per \
            frame. Exit status 2 when evaluations, bytes or allocations per frame grew by more than \
            --threshold (these do not depend on machine noise); wall-time changes are reported, never \
            gated. Exit status 1 for an unreadable file.

            Both may instead be `tuibench app --workload … --format json` reports: per workload, bytes, \
            frames and instructions per event gate at --threshold, context switches and system calls \
            per event at --threshold plus 0.1, peak RSS at --threshold plus 1 MB, and CPU time per \
            event of the best round at --cpu-threshold plus 1 µs (it varies with the machine's load); \
            latency and start-up are reported only.

            Examples:
              tuibench run --format json > baseline.json
              tuibench compare baseline.json
              tuibench compare baseline.json current.json --threshold 0.02
              tuibench app --workload ticker,typing,scroll --format json > app.json
              tuibench compare app-baseline.json app.json
            """
    )

    @Argument(help: "The baseline report.") var baseline: String
    @Argument(help: "The current report (default: run the baseline's scenarios now).") var current: String?
    @Option(parsing: .unconditional, help: "Allowed relative growth of a deterministic count (0.05 = 5%).") var threshold: Double = 0.05
    @Option(parsing: .unconditional, help: "Allowed relative growth of CPU time per event in app reports (0.5 = 50%).")
    var cpuThreshold: Double = 0.5

    func validate() throws {
        try Limits.check(threshold, 0...1_000, "threshold")
        try Limits.check(cpuThreshold, 0...1_000, "cpu-threshold")
    }

    static func load(_ path: String) throws -> RunReport {
        let data: [UInt8]
        do { data = try InputFile.read(path) } catch {
            Diagnostics.error("\(error)")
            throw ExitCode(1)
        }
        do {
            return try JSONDecoder().decode(RunReport.self, from: Data(data))
        } catch {
            Diagnostics.error("\(path): not a run report: \(error)")
            throw ExitCode(1)
        }
    }

    func run() throws {
        if let data = try? InputFile.read(baseline), Compare.isAppReport(data) { return try runApps() }
        let base = try Compare.load(baseline)
        let now: RunReport
        if let current {
            now = try Compare.load(current)
        } else {
            var results: [RunResult] = []
            for r in base.scenarios {
                var arguments = [r.name, "--frames", "\(r.frames)", "--warmup", "\(max(r.frames / 10, 10))"]
                for (key, value) in r.parameters.sorted(by: { $0.key < $1.key }) where key != "changing" {
                    arguments += ["--\(key)", "\(value)"]
                }
                let run = try Run.parse(arguments)
                let scenario = run.parameters.scenario(r.name)!
                results.append(onMainActor { run.measure(scenario, columns: 200, rows: 60) })
            }
            now = RunReport(scenarios: results)
        }
        var regressions: [String] = []
        var rows: [[String]] = [["scenario", "p50", "p99", "evals/frame", "bytes/frame", "allocs/frame"]]
        func ratio(_ a: Double, _ b: Double) -> String {
            if a == b { return "1.00" }
            if a == 0 { return b == 0 ? "1.00" : "new" }
            return String(format: "%.2f", b / a)
        }
        for old in base.scenarios {
            guard let new = now.scenarios.first(where: { $0.name == old.name && $0.parameters == old.parameters }) else {
                rows.append([old.name, "missing", "", "", "", ""])
                continue
            }
            rows.append([old.name, ratio(Double(old.p50Nanoseconds), Double(new.p50Nanoseconds)),
                         ratio(Double(old.p99Nanoseconds), Double(new.p99Nanoseconds)),
                         ratio(old.bodyEvaluationsPerFrame, new.bodyEvaluationsPerFrame),
                         ratio(old.bytesPerFrame, new.bytesPerFrame), ratio(old.allocationsPerFrame, new.allocationsPerFrame)])
            for (metric, a, b) in [("body evaluations", old.bodyEvaluationsPerFrame, new.bodyEvaluationsPerFrame),
                                   ("bytes", old.bytesPerFrame, new.bytesPerFrame),
                                   ("allocations", old.allocationsPerFrame, new.allocationsPerFrame)]
            where b > a * (1 + threshold) + 1e-9 {
                regressions.append("\(old.name): \(metric) per frame \(String(format: "%.2f", a)) → \(String(format: "%.2f", b))")
            }
        }
        print("current / baseline (below 1.00 is better)")
        print(textTable(rows, rule: false), terminator: "")
        if regressions.isEmpty {
            print("no regression in deterministic counts (threshold \(Int(threshold * 100))%); wall time is reported, not gated")
        } else {
            print("REGRESSION in deterministic counts:")
            for regression in regressions { print("  " + regression) }
            throw ExitCode(2)
        }
    }
}
