import ArgumentParser
import Engine
import Foundation

/// `tuibench steady SCENARIO`: renders a scenario's frames with nothing of
/// tuibench's own in the measured part — no clock reads, no profiler, no
/// allocation counting — so that an instruction counter run around it
/// counts the engine's work per frame and nothing else.
///
/// Each measured frame is one call of ``measuredFrame(_:_:_:)``, a function
/// kept out of line under a name callgrind can toggle on
/// (`--collect-atstart=no --toggle-collect='*callgrindMeasuredFrame*'`); the
/// warm-up frames and the setup are outside it. `Fixtures/tools/instructions.py`
/// runs this under callgrind and prints instructions per frame and per
/// evaluated node (docs/instructions.md).
struct Steady: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steady",
        abstract: "Render a scenario's frames with no timing, profiler or allocation counting (for callgrind).",
        discussion: """
            Builds the scenario on an offscreen host, renders --warmup frames, then --frames measured \
            frames, each through one out-of-line function (callgrindMeasuredFrame) that callgrind can \
            toggle collection on; prints a JSON line with the frames, the body evaluations and the \
            bytes of the measured frames. Wall time means nothing here: count instructions.

            Examples:
              SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \\
                --toggle-collect='*callgrindMeasuredFrame*' tuibench steady tree --frames 100
              python3 Fixtures/tools/instructions.py tree deep-chain list:--rows=100000
            """
    )

    @Argument(help: "The scenario: \(Scenarios.names.joined(separator: ", ")).")
    var scenario: String

    @OptionGroup var scenarioOptions: ScenarioOptions

    @Option(help: "Screen size COLUMNSxROWS.")
    var size: String = "200x60"

    @Option(parsing: .unconditional, help: "Measured frames.")
    var frames: Int = 100

    @Option(parsing: .unconditional, help: "Frames rendered before the measured ones.")
    var warmup: Int = 20

    @Option(help: "What changes per frame: leaf or none (an equal root each frame).")
    var change: Run.Change = .leaf

    var parameters: ScenarioParameters { scenarioOptions.parameters }

    func validate() throws {
        let (columns, screenRows) = try Run.parse(size: size)
        try Limits.check(frames, Limits.frames, "frames")
        try Limits.check(warmup, Limits.warmup, "warmup")
        try Scenarios.checkNames([scenario])
        let load = try parameters.validate([scenario], columns: columns, screenRows: screenRows)[0]
        try ScenarioParameters.checkWork(load.total(hosts: 1, frames: warmup + frames), what: "this run")
    }

    func run() throws { try onMainActor { try runIsolated() } }

    @MainActor
    func runIsolated() throws {
        MachineInfo.warnIfDebug()
        let (columns, screenRows) = try Run.parse(size: size)
        let scenario = parameters.scenario(self.scenario)!
        var (host, frame) = scenario.warmedUp(columns: columns, rows: screenRows, frames: warmup)
        var evaluations = 0, bytes = 0, created = 0
        var frameEvaluations: [Int] = [], frameNodesCreated: [Int] = []
        frameEvaluations.reserveCapacity(frames)
        frameNodesCreated.reserveCapacity(frames)
        for _ in 0..<frames {
            if change == .leaf { frame += 1 }
            callgrindMeasuredFrame(scenario.render, frame, host)
            let statistics = host.graph.statistics
            evaluations += statistics.bodyEvaluations
            created += statistics.nodesCreated
            frameEvaluations.append(statistics.bodyEvaluations)
            frameNodesCreated.append(statistics.nodesCreated)
            bytes += host.lastByteCount
        }
        var parameters = scenario.parameters
        if change == .none { parameters["changing"] = 0 }
        let report = SteadyReport(scenario: scenario.name, parameters: parameters, size: size, frames: frames,
                                  warmup: warmup, bodyEvaluations: evaluations, nodesCreated: created, bytes: bytes,
                                  nodes: host.graph.identities.count, frameEvaluations: frameEvaluations,
                                  frameNodesCreated: frameNodesCreated)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }
}

/// What `tuibench steady` prints: the counts of its measured frames.
struct SteadyReport: Codable {
    var scenario: String
    var parameters: [String: Int]
    var size: String
    var frames: Int
    var warmup: Int
    /// Body evaluations summed over the measured frames.
    var bodyEvaluations: Int
    /// Nodes created over the measured frames (``ViewGraph/Statistics/nodesCreated``).
    var nodesCreated: Int
    /// Bytes the writer produced over the measured frames.
    var bytes: Int
    /// Live identities at the end.
    var nodes: Int
    /// Body evaluations of each measured frame, in order (for scenarios
    /// whose frames differ, as nav-push's push and pop frames do; with
    /// callgrind's `--dump-after` each frame's instructions are apart too).
    var frameEvaluations: [Int]
    /// Nodes created in each measured frame, in order.
    var frameNodesCreated: [Int]
}

/// One measured frame. Callgrind turns collection on when this is entered
/// and off when it returns (`--toggle-collect='*callgrindMeasuredFrame*'`),
/// so its count is the frames' own instructions. Not optimised itself, so
/// that no specialised copy of it can be on the stack beside it (a second
/// match would toggle collection off again); what it calls is optimised.
@inline(never) @_optimize(none)
func callgrindMeasuredFrame(_ render: (Int, FramePipeline) -> Void, _ frame: Int, _ host: FramePipeline) {
    render(frame, host)
}
