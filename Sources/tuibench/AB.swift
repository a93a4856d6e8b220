import ArgumentParser
import Foundation

/// `tuibench ab BASELINE CANDIDATE [SCENARIO…]`: two tuibench builds
/// measured in turn, so that the machine's drift lands on both.
struct AB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Compare two tuibench builds frame by frame in lockstep, or by whole runs in turn.",
        discussion: """
            Wall time measured at different moments is not comparable on a shared machine: on ours \
            the same binary's p50 switches between two levels about 1.5× apart, a few seconds at a \
            time, so even two builds run one after the other can land in different levels. By \
            default (--mode lockstep) `ab` starts, per scenario, a frame server of each build \
            (`tuibench frame-server`, a hidden subcommand) pinned to the same core and asks them for \
            frames in turn, ten at a time, dropping the first frame of each turn (it pays for the \
            switch): frame i of both builds is rendered within milliseconds, in the same machine \
            state. The ratio is the median of the per-frame ratios (frame i is the same frame in \
            both); each run is cut into 5 blocks, and a change is called only when every run's and \
            every block's median ratio agree on its direction (with at least 2 runs), otherwise \
            the verdict is "noise". The same binary against itself comes out within ±1%: a \
            fresh pair of processes can differ by about that from memory placement alone, which \
            is why runs, not blocks, are the independent samples. --mode runs runs whole `run` reports of \
            each build alternately (A B, B A, …) --runs times each instead. Even an agreed \
            difference of a percent can come from where the compiler placed code rather than from \
            what changed (Fixtures/tools/profiler-off-overhead with CONTROL=1 measures that). Exit \
            status 1 when a build fails or stops answering.

            Examples:
              tuibench ab .build-old/release/tuibench .build/release/tuibench
              tuibench ab old/tuibench new/tuibench tree list --runs 5 --frames 1000
              tuibench ab old/tuibench new/tuibench --mode runs
            """
    )

    @Argument(help: "The baseline tuibench executable.") var baseline: String
    @Argument(help: "The candidate tuibench executable.") var candidate: String
    @Argument(help: "Scenarios (default: all).") var scenarios: [String] = []
    @Option(parsing: .unconditional, help: "Runs of each build.") var runs: Int = 5
    @Option(parsing: .unconditional, help: "Measured frames per run.") var frames: Int = 500
    @Option(parsing: .unconditional, help: "Warm-up frames per run.") var warmup: Int = 50
    @Option(parsing: .unconditional, help: "state-churn subtree size.") var subtree: Int = 10000
    @Option(help: "Screen size COLUMNSxROWS.") var size: String = "200x60"

    enum Mode: String, ExpressibleByArgument, CaseIterable { case lockstep, runs }

    @Option(help: """
        lockstep: per scenario, one frame server of each build, asked for frames in turn (A B, B A, …),         so both see the machine in the same state, microseconds apart; --runs fresh pairs of servers.         runs: whole `run` reports of each build in turn, --runs times each.
        """)
    var mode: Mode = .lockstep

    func validate() throws {
        for path in [baseline, candidate] where !FileManager.default.isExecutableFile(atPath: path) {
            throw ValidationError("\(path) is not an executable file")
        }
        try Limits.check(runs, Limits.runs, "runs")
        try Limits.check(frames, Limits.frames, "frames")
        try Limits.check(warmup, Limits.warmup, "warmup")
        let (columns, screenRows) = try Run.parse(size: size)
        try Scenarios.checkNames(scenarios)
        let loads = try ScenarioParameters(subtree: subtree)
            .validate(scenarios.isEmpty ? Scenarios.names : scenarios, columns: columns, screenRows: screenRows)
        // Both builds, every run: a fresh host each, warm-up and frames.
        let total = loads.reduce(0) { $0.saturatingAdding($1.total(hosts: 2 * runs, frames: warmup + frames)) }
        try ScenarioParameters.checkWork(total, what: "this comparison")
    }

    func run() throws {
        if mode == .lockstep {
            print(try lockstep())
            return
        }
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

    /// A child tuibench with its stdout on a pipe and its stderr in a
    /// temporary file (no progress lines mixed into ours, and no pipe to fill
    /// up), shown by ``failure(_:_:_:)`` if it fails.
    struct Child {
        let process: Process
        let stdout: Pipe
        let errorPath: String
        let executable: String
        let arguments: [String]

        init(_ executable: String, _ arguments: [String], stdin: Pipe? = nil) throws {
            self.executable = executable
            self.arguments = arguments
            process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            stdout = Pipe()
            process.standardOutput = stdout
            if let stdin { process.standardInput = stdin }
            errorPath = FileManager.default.temporaryDirectory
                .appendingPathComponent("tuibench-ab-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err").path
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: errorPath)
            do {
                try process.run()
            } catch {
                try? FileManager.default.removeItem(atPath: errorPath)
                Diagnostics.error("ab: cannot run \(executable): \(error)")
                throw ExitCode(1)
            }
        }

        /// Reports the child's failure with its stderr and throws.
        func failure(_ what: String) -> ExitCode {
            let detail = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            Diagnostics.error("ab: \(executable) \(arguments.joined(separator: " ")) \(what)\n\(detail)")
            return ExitCode(1)
        }

        func removeErrorFile() { try? FileManager.default.removeItem(atPath: errorPath) }
    }

    /// Runs `executable` with `arguments` and decodes its JSON report.
    static func report(_ executable: String, _ arguments: [String]) throws -> RunReport {
        let child = try Child(executable, arguments)
        defer { child.removeErrorFile() }
        let data = child.stdout.fileHandleForReading.readDataToEndOfFile()
        child.process.waitUntilExit()
        guard child.process.terminationStatus == 0, let report = try? JSONDecoder().decode(RunReport.self, from: data)
        else { throw child.failure("exited \(child.process.terminationStatus) without a run report") }
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
