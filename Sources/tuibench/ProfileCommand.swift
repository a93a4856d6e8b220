import ArgumentParser
import Engine
import Foundation
import Profiler

/// `tuibench profile SCENARIO`: runs a scenario with the profiler on and
/// writes where the frames' time went.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Profile a scenario and write a flamegraph, speedscope, Chrome trace or folded stacks.",
        discussion: """
            Phases (evaluate, layout, draw, diff) and every body evaluation, attributed to its \
            view type (or with --paths to its identity path) and the reason it ran, are recorded \
            for the measured frames. Give at least one output.

            Examples:
              tuibench profile tree --flamegraph tree.svg
              tuibench profile deep-chain --depth 50 --speedscope chain.json --trace chain.trace.json
              tuibench profile list --folded list.txt --paths
            """
    )

    @Argument(help: "The scenario: \(Scenarios.names.joined(separator: ", ")).")
    var scenario: String

    @Option(help: "Write an SVG flamegraph here.") var flamegraph: String?
    @Option(help: "Write speedscope JSON here.") var speedscope: String?
    @Option(help: "Write Chrome trace events (Perfetto) here.") var trace: String?
    @Option(help: "Write folded stacks (flamegraph.pl, inferno) here.") var folded: String?
    @Flag(help: "Give the engine's own views (stacks, text, conditionals, ForEach) spans too; by default their time is charged to the view whose body made them.")
    var primitives = false

    @Flag(help: "Attribute bodies to identity paths instead of view types.") var paths = false
    @OptionGroup var scenarioOptions: ScenarioOptions
    @Option(help: "Screen size COLUMNSxROWS.") var size: String = "200x60"
    @Option(parsing: .unconditional, help: "Profiled frames.") var frames: Int = 200
    @Option(parsing: .unconditional, help: "Frames rendered before profiling.") var warmup: Int = 20

    func validate() throws {
        try Scenarios.checkNames([scenario])
        if [flamegraph, speedscope, trace, folded].allSatisfy({ $0 == nil }) {
            throw ValidationError("give at least one of --flamegraph, --speedscope, --trace, --folded")
        }
        try Limits.check(frames, Limits.frames, "frames")
        try Limits.check(warmup, Limits.warmup, "warmup")
        let (columns, screenRows) = try Run.parse(size: size)
        let load = try scenarioOptions.parameters.validate([scenario], columns: columns, screenRows: screenRows)[0]
        try ScenarioParameters.checkWork(load.total(hosts: 1, frames: warmup + frames), what: "this profile")
    }

    func run() throws { try onMainActor { try runIsolated() } }

    @MainActor
    func runIsolated() throws {
        MachineInfo.warnIfDebug()
        let (columns, screenRows) = try Run.parse(size: size)
        let scenario = scenarioOptions.parameters.scenario(self.scenario)!
        let host = FramePipeline(columns: columns, rows: screenRows)
        host.graph.profilesIdentityPaths = paths
        host.graph.profilesPrimitiveViews = primitives
        var frame = 0
        for _ in 0..<warmup { frame += 1; scenario.render(frame, host) }
        // Enough room for every span of every profiled frame.
        let profiler = Profiler(spanCapacity: 1 << 22, frameCapacity: max(frames, 16))
        host.profiler = profiler
        for _ in 0..<frames { frame += 1; scenario.render(frame, host) }
        host.profiler = nil
        let profile = profiler.snapshot()
        let title = "tuibench \(scenario.name) \(scenario.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
        var written: [String] = []
        do {
            if let flamegraph { try FlameGraphSVG(title: title, includeReasons: true).write(profile, toFile: flamegraph); written.append(flamegraph) }
            if let speedscope { try SpeedscopeJSON(name: title).write(profile, toFile: speedscope); written.append(speedscope) }
            if let trace { try ChromeTrace().write(profile, toFile: trace); written.append(trace) }
            if let folded { try FoldedStacks().write(profile, toFile: folded); written.append(folded) }
        } catch {
            Diagnostics.error("\(error)")
            throw ExitCode(1)
        }
        let p = profiler.frameTimeHistogram.summary
        print("\(title): \(frames) frames profiled, frame time p50 \(ReplayReport.duration(UInt64(p.p50))), p99 \(ReplayReport.duration(UInt64(p.p99)))")
        for phase in SpanName.builtInPhases {
            if let h = profiler.histogram(for: phase) {
                print("  \(phase.string): p50 \(ReplayReport.duration(UInt64(h.summary.p50))), p99 \(ReplayReport.duration(UInt64(h.summary.p99)))")
            }
        }
        print("wrote " + written.joined(separator: ", "))
    }
}

/// `tuibench scenarios`: what `run` and `profile` can measure.
struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "List the scenarios with their parameters.",
        discussion: "Example:\n  tuibench scenarios"
    )

    func run() {
        for line in ScenariosCommand.listing() { print(line) }
    }

    /// The parameters `run` takes as flags; the others are fixed by their
    /// scenario.
    static let settable: Set = ["depth", "fanout", "rows", "subtree", "period"]

    /// A scenario's parameters as `run` takes them: flags at their defaults,
    /// then the fixed ones as `name=value`.
    static func parameters(of scenario: Scenario) -> (flags: [String], fixed: [String]) {
        var flags: [String] = [], fixed: [String] = []
        for (key, value) in scenario.parameters.sorted(by: { $0.key < $1.key }) {
            if settable.contains(key) { flags += ["--\(key)", "\(value)"] } else { fixed.append("\(key)=\(value)") }
        }
        return (flags, fixed)
    }

    /// One line a scenario: its name, its parameters, what it does.
    static func listing() -> [String] {
        let scenarios = Scenarios.names.map { Scenarios.make($0, depth: nil, fanout: nil, rows: nil)! }
        let columns = scenarios.map { s in
            let p = parameters(of: s)
            return (p.flags + p.fixed).joined(separator: " ")
        }
        let nameWidth = scenarios.map(\.name.count).max() ?? 0
        let flagsWidth = columns.map(\.count).max() ?? 0
        return zip(scenarios, columns).map { s, c in
            "\(s.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0))  \(c.padding(toLength: flagsWidth, withPad: " ", startingAt: 0))  \(s.summary)"
        }
    }
}
