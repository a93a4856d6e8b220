import ArgumentParser
import Foundation

/// `tuibench ab BASELINE CANDIDATE [SCENARIO…]`: two tuibench builds
/// measured in turn, so that the machine's drift lands on both.
struct AB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Compare two tuibench builds by running them in turn (A B B A …) and reporting median ratios.",
        discussion: """
            Wall time measured in two separate sessions is not comparable on a shared machine: on \
            ours the same binaries' p50 for some scenarios moved by 20–25% within half an hour, \
            while each session's own spread stayed within ±2%. `ab` runs `BASELINE run …` and \
            `CANDIDATE run …` alternately (A B, B A, A B, …) --runs times each and prints, per \
            scenario, both median p50s, their ratio and the range of the per-pair ratios. A change \
            is called only when every pair agrees on its direction; otherwise the verdict is \
            "noise". Even an agreed difference of a few percent can come from where the compiler \
            placed code rather than from what changed: two builds of the same engine differing by \
            one unused function measured up to 4.6% apart (Fixtures/tools/profiler-off-overhead \
            with CONTROL=1). Exit status 1 when a build fails or does not print a run report.

            Examples:
              tuibench ab .build-old/release/tuibench .build/release/tuibench
              tuibench ab old/tuibench new/tuibench tree list --runs 9 --frames 1000
            """
    )

    @Argument(help: "The baseline tuibench executable.") var baseline: String
    @Argument(help: "The candidate tuibench executable.") var candidate: String
    @Argument(help: "Scenarios (default: all).") var scenarios: [String] = []
    @Option(help: "Runs of each build.") var runs: Int = 5
    @Option(help: "Measured frames per run.") var frames: Int = 500
    @Option(help: "Warm-up frames per run.") var warmup: Int = 50
    @Option(help: "state-churn subtree size.") var subtree: Int = 10000
    @Option(help: "Screen size COLUMNSxROWS.") var size: String = "200x60"

    func validate() throws {
        for path in [baseline, candidate] where !FileManager.default.isExecutableFile(atPath: path) {
            throw ValidationError("\(path) is not an executable file")
        }
        if runs < 1 { throw ValidationError("--runs must be at least 1") }
        if frames < 1 { throw ValidationError("--frames must be at least 1") }
        if warmup < 0 { throw ValidationError("--warmup must not be negative") }
        _ = try Run.parse(size: size)
        for s in scenarios where !Scenarios.names.contains(s) {
            throw ValidationError("unknown scenario '\(s)'; known: \(Scenarios.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        let arguments = ["run"] + scenarios + ["--frames", "\(frames)", "--warmup", "\(warmup)",
                                               "--subtree", "\(subtree)", "--size", size, "--format", "json"]
        var a: [RunReport] = [], b: [RunReport] = []
        let progress = Progress()
        for i in 0..<runs {
            progress.show("ab: pair \(i + 1)/\(runs)")
            // A B, then B A: neither build always goes first.
            if i % 2 == 0 {
                a.append(try AB.report(baseline, arguments))
                b.append(try AB.report(candidate, arguments))
            } else {
                b.append(try AB.report(candidate, arguments))
                a.append(try AB.report(baseline, arguments))
            }
        }
        progress.clear()
        print(AB.table(a, b))
    }

    /// Runs `executable` with `arguments` and decodes its JSON report.
    static func report(_ executable: String, _ arguments: [String]) throws -> RunReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        // The child's stderr goes to a file (no progress lines mixed into
        // ours, and no pipe to fill up); it is shown if the child fails.
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("tuibench-ab-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err").path
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("tuibench ab: cannot run \(executable): \(error)\n".utf8))
            throw ExitCode(1)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let report = try? JSONDecoder().decode(RunReport.self, from: data) else {
            let detail = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            FileHandle.standardError.write(Data(
                "tuibench ab: \(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus) without a run report\n\(detail)".utf8))
            throw ExitCode(1)
        }
        return report
    }

    /// Per scenario: median p50 of each build, their ratio, the per-pair
    /// ratios' range and a verdict.
    static func table(_ a: [RunReport], _ b: [RunReport]) -> String {
        var rows: [[String]] = [["scenario", "baseline p50", "candidate p50", "ratio", "pairs", "verdict"]]
        for (index, scenario) in a[0].scenarios.enumerated() {
            let pa = a.compactMap { $0.scenarios.indices.contains(index) ? $0.scenarios[index].p50Nanoseconds : nil }
            let pb = b.compactMap { $0.scenarios.indices.contains(index) ? $0.scenarios[index].p50Nanoseconds : nil }
            guard pa.count == pb.count, !pa.isEmpty else { continue }
            let ratios = zip(pa, pb).map { Double($1) / Double(max($0, 1)) }
            let ma = Percentiles(pa).median, mb = Percentiles(pb).median
            let ratio = Double(mb) / Double(max(ma, 1))
            let verdict: String
            if ratios.allSatisfy({ $0 < 1 }) && ratios.count > 1 {
                verdict = "faster"
            } else if ratios.allSatisfy({ $0 > 1 }) && ratios.count > 1 {
                verdict = "slower"
            } else {
                verdict = "noise"
            }
            rows.append([scenario.name, ReplayReport.duration(ma), ReplayReport.duration(mb),
                         String(format: "%+.1f%%", 100 * (ratio - 1)),
                         String(format: "%+.1f%% … %+.1f%%", 100 * (ratios.min()! - 1), 100 * (ratios.max()! - 1)),
                         verdict])
        }
        var out = "candidate against baseline, median p50 of \(a.count) runs each, run in turn\n"
        out += textTable(rows, leftAligned: [0, rows[0].count - 1])
        out += "pairs = range of the per-pair ratios; a verdict needs every pair to agree (with at least 2 pairs)."
        return out
    }
}
