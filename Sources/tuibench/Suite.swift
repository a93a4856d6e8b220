import ArgumentParser
import Foundation

/// `tuibench` with no subcommand: the default suite — every scenario of
/// `run` at moderate sizes — and its summary table.
struct Suite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Run the default suite (every scenario) and print the summary table.",
        discussion: """
            The same as `tuibench run` over all scenarios with --frames 500 --warmup 50 --repeats 3 \
            (each scenario measured three times, round-robin, to show how steady its p50 is), except \
            that state-churn uses --subtree 10000 so the suite stays quick and small (its own \
            default, 100000, is a stress test: run it on its own). Also summarises a replay of the \
            bundled fixtures when they are found.

            Examples:
              tuibench
              tuibench suite --format markdown
            """
    )

    @Option(help: "Output format: text, json or markdown.")
    var format: Run.Format = .text

    func run() throws {
        var arguments = Scenarios.names + ["--frames", "500", "--warmup", "50", "--repeats", "3", "--subtree", "10000"]
        arguments += ["--format", format.rawValue]
        let run = try Run.parse(arguments)
        try run.run()
        guard format == .text, let fixtures = try? Replay.bundledFixtures() else { return }
        var replay = try Replay.parse(fixtures + ["--iterations", "3"])
        replay.summaryOnly = true
        try replay.run()
    }
}
