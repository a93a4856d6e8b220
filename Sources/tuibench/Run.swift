import ArgumentParser
import Engine
import Foundation
import Profiler

/// `tuibench run [SCENARIO…]`: frame time of synthetic view trees on the
/// offscreen host (reconcile, layout, paint, diff and writer).
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure frame time of synthetic view trees.",
        discussion: """
            Scenarios: deep-chain (--depth, default 200), tree (--depth 6 --fanout 4), \
            list (--rows 1000, lazy), churn (every cell every frame), unicode (CJK, emoji, marks), \
            resize (--period 10), state-tree (--depth 6 --fanout 4; one @State changes), \
            state-churn (--subtree 100000 --period 10), table-select, list-select and table-scroll (--rows 100000; \
            the selection of a Table or List moves one row a frame by a key press, among the rows shown, or \
            on down so that the table scrolls a row a frame), one-cell (one cell changes on a screen of static text; scale it with --size), flow-layout (a custom Layout of --rows 1000 tags; one tag changes width each frame), canvas (a braille canvas filling the screen; one point moves each frame), outline-expand (a tree List of about --rows 1000000 nodes; one expand or collapse a frame), log-append (a LogView following --rows 1000000 stored lines; one line appended a frame), markdown-scroll (a Markdown view of a --rows 10000-line document; scrolled one row a frame), markdown-stream (the same document showing its end; a word of an answer appended a frame), markdown-stream-store (the same, appended to a MarkdownStore), line-chart (a Chart of a --rows 1000-point line; one point appended a frame), line-chart-store (the same line in a ChartSeriesStore, whose marks are made once each), lazy-grid (a LazyVGrid of --rows 100000 cells in --fanout 4 columns; scrolled one row a frame), lazy-sections (a LazyVStack of --rows 100000 rows in --fanout 1000 sections with pinned headers; scrolled one line a frame), nav-push (a NavigationStack; a page of --rows 1000 rows of five views pushed on odd frames, popped on even ones), split-view (a NavigationSplitView; its sidebar List of --rows 1000 items moves its selection a row a frame, the detail follows). Each frame renders the scenario's root view for a new \
            frame number on an offscreen host of --size and encodes it with the real writer; \
            the time covers reconcile, layout, paint, diff and writer. Frames after --warmup \
            are measured.

            Examples:
              tuibench run
              tuibench run deep-chain --depth 1000 --frames 2000
              tuibench run tree list --format json --size 120x40
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Argument(help: "Scenarios to run (default: all); see `tuibench scenarios`.")
    var scenarios: [String] = []

    @OptionGroup var scenarioOptions: ScenarioOptions

    @Option(help: "Screen size COLUMNSxROWS.")
    var size: String = "200x60"

    @Option(parsing: .unconditional, help: "Measured frames.")
    var frames: Int = 1000

    @Option(parsing: .unconditional, help: "Frames rendered before measuring.")
    var warmup: Int = 100

    @Option(help: "Output format: text, json or markdown.")
    var format: Format = .text

    enum Allocator: String, ExpressibleByArgument, CaseIterable { case steady, `default` }

    @Option(help: "steady: turn glibc's fast bins off (M_MXFAST=0) before measuring, as a host that cares about frame-time spikes should (freed small blocks are otherwise merged in bulk by whichever later frame frees or asks for a large block: 3–8 ms after a 100,000-node subtree goes); default: leave the C allocator as it is.")
    var allocator: Allocator = .steady

    @Option(parsing: .unconditional, help: "Measure each scenario this many times, each on a fresh host, round-robin over the scenarios; report the repeat with the median p50 and the spread of the p50s.")
    var repeats: Int = 1

    enum Change: String, ExpressibleByArgument, CaseIterable { case leaf, none }

    @Option(help: "What changes per frame: leaf (the scenario's changing leaf or row) or none (an equal root each frame).")
    var change: Change = .leaf

    @Flag(help: "Also run the profiler-cost pass with no profiler on either host (an A/A control): the difference it reports (profilerControlOverhead in JSON, a line in text) is the method's own noise on this machine.")
    var profilerControl = false

    func parsedSize() throws -> (Int, Int) { try Run.parse(size: size) }

    static func parse(size: String) throws -> (Int, Int) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= CellBuffer.maxDimension,
              parts[1] <= CellBuffer.maxDimension
        else { throw ValidationError("--size wants COLUMNSxROWS, e.g. 200x60") }
        return (parts[0], parts[1])
    }

    var parameters: ScenarioParameters { scenarioOptions.parameters }

    func validate() throws {
        let (columns, screenRows) = try parsedSize()
        try Limits.check(frames, Limits.frames, "frames")
        try Limits.check(repeats, Limits.repeats, "repeats")
        try Limits.check(warmup, Limits.warmup, "warmup")
        try Scenarios.checkNames(scenarios)
        let loads = try parameters.validate(scenarios.isEmpty ? Scenarios.names : scenarios,
                                            columns: columns, screenRows: screenRows)
        // Each repeat: the measured run, then the profiler pass (two hosts,
        // two more with --profiler-control).
        let passFrames = max(warmup, 1) + max(20, min(frames, 300))
        let passHosts = 2 * (profilerControl ? 2 : 1)
        let total = loads.reduce(0) { sum, load in
            sum.saturatingAdding(load.total(hosts: 1, frames: warmup + frames)
                .saturatingAdding(load.total(hosts: passHosts, frames: passFrames))
                .saturatingMultiplied(by: repeats))
        }
        try ScenarioParameters.checkWork(total, what: "this run")
    }

    func run() throws { try onMainActor { try runIsolated() } }

    @MainActor
    func runIsolated() throws {
        MachineInfo.warnIfDebug()
        if allocator == .steady { MachineInfo.steadyAllocator() }
        let (columns, screenRows) = try parsedSize()
        let names = scenarios.isEmpty ? Scenarios.names : scenarios
        // Repeats go round the scenarios (a b c, a b c, …) so that a slow
        // stretch of the machine touches every scenario once, not one
        // scenario's every repeat.
        var runs = [[RunResult]](repeating: [], count: names.count)
        for _ in 0..<repeats {
            for (i, name) in names.enumerated() {
                runs[i].append(measure(makeScenario(name), columns: columns, rows: screenRows))
            }
        }
        let results = runs.map(Run.combine)
        var report = RunReport(scenarios: results)
        report.machine = MachineInfo.current
        report.untrusted = Trust.runDoubts(report)
        switch format {
        case .json: print(try report.json())
        case .text: print(report.table(size: size))
        case .markdown: print(report.markdown(size: size))
        }
    }

    /// One result from the repeats of a scenario: the repeat whose p50 is
    /// the median (a real run, so its fields agree with each other), with
    /// every repeat's p50 and their spread.
    static func combine(_ repeats: [RunResult]) -> RunResult {
        guard repeats.count > 1 else { return repeats[0] }
        let sorted = repeats.sorted { $0.p50Nanoseconds < $1.p50Nanoseconds }
        var result = sorted[(sorted.count - 1) / 2]
        result.p50Runs = repeats.map(\.p50Nanoseconds)
        let median = Double(result.p50Nanoseconds)
        result.p50Spread = median == 0 ? 0
            : Double(sorted.last!.p50Nanoseconds - sorted.first!.p50Nanoseconds) / median
        return result
    }

    @MainActor
    func measure(_ scenario: Scenario, columns: Int, rows: Int) -> RunResult {
        let host = FramePipeline(columns: columns, rows: rows)
        var frame = 0
        for _ in 0..<warmup {
            frame += 1
            scenario.render(frame, host)
        }
        var times: [UInt64] = [], cpuTimes: [UInt64] = []
        times.reserveCapacity(frames)
        cpuTimes.reserveCapacity(frames)
        var evaluations = 0, bytes = 0, allocations = 0
        var maxFrame: UInt64 = 0, maxReclaimFrame: UInt64 = 0
        var kinds = FrameKindTally()
        let progress = Progress()
        for i in 0..<frames {
            if i % 100 == 0 { progress.show("\(scenario.name): frame \(i)/\(frames)") }
            if change == .leaf { frame += 1 }
            let reclaiming = scenario.isReclaimFrame(frame)
            AllocationCounter.start()
            // The CPU clock is read outside the wall-clock interval (it is a
            // system call, not a vDSO read).
            let cpuStart = threadCPUNanoseconds()
            let start = monotonicNanoseconds()
            scenario.render(frame, host)
            let elapsed = monotonicNanoseconds() - start
            cpuTimes.append(threadCPUNanoseconds() - cpuStart)
            allocations += AllocationCounter.stop()
            times.append(elapsed)
            maxFrame = max(maxFrame, elapsed)
            if reclaiming { maxReclaimFrame = max(maxReclaimFrame, elapsed) }
            evaluations += host.graph.statistics.bodyEvaluations
            bytes += host.lastByteCount
            if change == .leaf, let kind = scenario.frameKind?(frame) {
                kinds.add(kind, nanoseconds: elapsed, evaluations: host.graph.statistics.bodyEvaluations,
                          created: host.graph.statistics.nodesCreated)
            }
        }
        progress.clear()
        let p = Percentiles(times)
        // Counts of the measured run, before the profiled pass renders more frames.
        let stateSlots = host.graph.stateSlotCount, identities = host.graph.identities.count
        let pending = host.graph.pendingReclamation, peak = MachineInfo.peakMemoryBytes
        let pass = profilerPass(scenario.name, columns: columns, rows: rows)
        let totalTime = Double(times.reduce(0, +))
        let fps: Double = times.isEmpty || totalTime == 0 ? 0 : 1e9 * Double(times.count) / totalTime
        var parameters = scenario.parameters
        if change == .none { parameters["changing"] = 0 }
        let evaluationsPerFrame = Double(evaluations) / Double(frames)
        let bytesPerFrame = Double(bytes) / Double(frames)
        let allocationsPerFrame = Double(allocations) / Double(frames)
        let reclaim: UInt64? = scenario.name == "state-churn" ? maxReclaimFrame : nil
        return RunResult(name: scenario.name, parameters: parameters, frames: frames,
                         p50Nanoseconds: p.median, p99Nanoseconds: p.p99, p90Nanoseconds: p.p90,
                         cpuP50Nanoseconds: Percentiles(cpuTimes).median,
                         framesPerSecond: fps, phases: pass.phases, peakMemoryBytes: peak,
                         bodyEvaluationsPerFrame: evaluationsPerFrame, bytesPerFrame: bytesPerFrame,
                         allocationsPerFrame: allocationsPerFrame,
                         nodes: identities, summary: scenario.summary,
                         stateSlots: stateSlots, identities: identities,
                         maxFrameNanoseconds: maxFrame, maxReclaimFrameNanoseconds: reclaim,
                         pendingReclamation: pending, frameKinds: kinds.results,
                         profilerOffP50Nanoseconds: pass.offP50, profilerOnP50Nanoseconds: pass.onP50,
                         profilerOverhead: pass.overhead, profilerOverheadPerFrame: pass.pairedOverhead,
                         profilerControlOverhead: profilerControl
                            ? profilerPass(scenario.name, columns: columns, rows: rows, profiled: false).overhead : nil)
    }
}

/// Percentiles of one phase's time per frame, from a profiled pass.
struct PhaseTimes: Codable {
    var p50Nanoseconds: UInt64
    var p90Nanoseconds: UInt64
    var p99Nanoseconds: UInt64
    var maxNanoseconds: UInt64
}

struct RunResult: Codable {
    var name: String
    var parameters: [String: Int]
    var frames: Int
    var p50Nanoseconds: UInt64
    var p99Nanoseconds: UInt64
    var p90Nanoseconds: UInt64
    /// Median of each measured frame's thread CPU time (CLOCK_THREAD_CPUTIME_ID):
    /// well below the wall-time p50, the thread was preempted or waiting.
    var cpuP50Nanoseconds: UInt64?
    var framesPerSecond: Double
    /// Per phase (evaluate, layout, draw, diff), from a second, profiled pass.
    var phases: [String: PhaseTimes]
    /// Peak resident memory of the whole process after this scenario.
    var peakMemoryBytes: Int
    var bodyEvaluationsPerFrame: Double
    var bytesPerFrame: Double
    var allocationsPerFrame: Double
    /// Live identities (nodes) at the end of the run.
    var nodes: Int
    var summary: String
    /// Live @State slots at the end of the run.
    var stateSlots: Int
    /// Live identities at the end of the run (as `nodes`).
    var identities: Int
    var maxFrameNanoseconds: UInt64
    /// state-churn: the slowest frame among those after a removal while reclaiming ran.
    var maxReclaimFrameNanoseconds: UInt64?
    /// Detached subtrees (entries of the reclamation queue) not yet reclaimed at the end of the run.
    var pendingReclamation: Int
    /// For a scenario whose frames do different things in turn (nav-push's
    /// push and pop), each kind's frames apart, in order of first frame.
    var frameKinds: [FrameKindResult]?
    /// Median frame with the profiler off and on, from a pass after the
    /// measured one: two hosts render the same frames in lockstep, one
    /// profiled (see ``Run/profilerPass(_:columns:rows:)``).
    var profilerOffP50Nanoseconds: UInt64
    var profilerOnP50Nanoseconds: UInt64
    /// On against off: 0.08 means profiling made the median frame 8% slower.
    var profilerOverhead: Double
    /// The median of the per-frame ratios of the same pass (frame i profiled
    /// against frame i not), minus 1.
    var profilerOverheadPerFrame: Double?
    /// With `--profiler-control`: the same pass with no profiler on either
    /// host; how far from zero it lands is the method's noise.
    var profilerControlOverhead: Double?
    /// With `--repeats`: the p50 of each repeat, in order; this result is
    /// the repeat whose p50 is the median.
    var p50Runs: [UInt64]?
    /// With `--repeats`: (largest − smallest p50) / median p50.
    var p50Spread: Double?
}

struct RunReport: Codable {
    var schemaVersion = 1
    var scenarios: [RunResult]
    var machine: MachineInfo?
    /// What the text output flags as not to be trusted (``Trust``).
    var untrusted: [String]?

    init(scenarios: [RunResult]) { self.scenarios = scenarios }

    func markdown(size: String) -> String {
        var out = "| scenario | parameters | p50 | p90 | p99 | max | fps | evals/frame | bytes/frame | allocs/frame |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|\n"
        for r in scenarios {
            let params = r.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            out += "| \(r.name) | \(params) | \(ReplayReport.duration(r.p50Nanoseconds)) | "
            out += "\(ReplayReport.duration(r.p90Nanoseconds)) | \(ReplayReport.duration(r.p99Nanoseconds)) | "
            out += "\(ReplayReport.duration(r.maxFrameNanoseconds)) | \(Int(r.framesPerSecond)) | "
            out += String(format: "%.1f | %.1f | %.2f |\n", r.bodyEvaluationsPerFrame, r.bytesPerFrame, r.allocationsPerFrame)
        }
        if let m = machine { out += "\n\(size), \(m.cpu), \(m.cores) cores, \(m.os), \(m.toolchain), \(m.build) build\n" }
        return out
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func table(size: String) -> String {
        let repeated = scenarios.contains { $0.p50Spread != nil }
        var rows: [[String]] = [["scenario", "parameters", "nodes", "p50", "cpu p50"] + (repeated ? ["p50 spread"] : [])
            + ["p99", "max", "evals/frame", "bytes/frame", "allocs/frame", "state slots", "profiler on"]]
        for r in scenarios {
            let params = r.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let spread = repeated ? [r.p50Spread.map { String(format: "±%.1f%%", 50 * $0) } ?? "–"] : []
            rows.append([r.name, params, "\(r.nodes)", ReplayReport.duration(r.p50Nanoseconds),
                         r.cpuP50Nanoseconds.map(ReplayReport.duration) ?? "–"] + spread + [
                         ReplayReport.duration(r.p99Nanoseconds), ReplayReport.duration(r.maxFrameNanoseconds),
                         String(format: "%.1f", r.bodyEvaluationsPerFrame),
                         String(format: "%.1f", r.bytesPerFrame), String(format: "%.2f", r.allocationsPerFrame),
                         "\(r.stateSlots)", String(format: "%+.1f%%", 100 * r.profilerOverhead)])
        }
        let nameWidth = rows.map { $0[0].count }.max() ?? 0
        let runs = scenarios.first?.p50Runs?.count ?? 1
        var out = "tuibench run — \(size), \(scenarios.first?.frames ?? 0) frames each"
            + (runs > 1 ? ", \(runs) repeats (the median repeat; spread = (max − min) / 2 / median of the p50s)" : "")
            + ", \(MachineInfo.isDebugBuild ? "DEBUG" : "release") build\n"
        out += textTable(rows, leftAligned: [0, 1])
        for r in scenarios {
            for k in r.frameKinds ?? [] {
                out += "\(r.name), \(k.kind) frames (\(k.frames)): p50 \(ReplayReport.duration(k.p50Nanoseconds)), "
                out += "p99 \(ReplayReport.duration(k.p99Nanoseconds)), "
                out += String(format: "%.1f evals/frame, %.1f nodes created/frame\n", k.bodyEvaluationsPerFrame,
                              k.nodesCreatedPerFrame)
            }
            if let reclaim = r.maxReclaimFrameNanoseconds {
                out += "\(r.name): slowest frame while reclaiming a removed subtree \(ReplayReport.duration(reclaim)); "
                out += "\(r.pendingReclamation) detached subtrees still queued for reclamation at the end\n"
            }
        }
        let controls = scenarios.compactMap { r in
            r.profilerControlOverhead.map { "\(r.name) \(String(format: "%+.1f%%", 100 * $0))" }
        }
        if !controls.isEmpty {
            out += "profiler-cost control (no profiler on either host; the method's own noise): "
                + controls.joined(separator: ", ") + "\n"
        }
        out += "phase p50 (profiled pass):\n"
        for r in scenarios {
            let phases = ["evaluate", "layout", "draw", "diff"].compactMap { k in
                r.phases[k].map { "\(k) \(ReplayReport.duration($0.p50Nanoseconds))" }
            }
            out += "  " + r.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + phases.joined(separator: ", ") + "\n"
        }
        out += RunReport.legend
        out += "profiler on: its clock is \(ProfilerClock.monotonic.readingDescription).\n"
        let doubts = Trust.runDoubts(self)
        out += doubts.isEmpty ? "Trust: no sign of noise (p50 spreads within ±5%, CPU time ≈ wall time, no other load)."
                              : Trust.section(doubts)
        return out
    }
}

extension Run {
    /// What the profiler costs and where frame time goes, from a pass after
    /// the measured one. Two fresh hosts render the same frames in lockstep,
    /// one with a profiler recording and one without (the order within each
    /// pair of renders alternating), so every frame of the scenario is timed
    /// both ways: a scenario whose frames differ (a subtree that comes and
    /// goes, a resize every few frames) cannot land its slow frames on one
    /// side, and drift of the machine lands on both sides equally. The
    /// phases come from the profiled host.
    struct ProfilerPass {
        var phases: [String: PhaseTimes]
        var offP50: UInt64
        var onP50: UInt64
        /// On against off: 0.08 means profiling made the median frame 8% slower.
        var overhead: Double { offP50 == 0 ? 0 : Double(onP50) / Double(offP50) - 1 }
        /// The median of the per-frame ratios (frame i profiled against
        /// frame i not), minus 1: less sensitive than ``overhead`` to where
        /// the median falls in a scenario whose frames differ.
        var pairedOverhead: Double
    }

    @MainActor
    func profilerPass(_ name: String, columns: Int, rows: Int, profiled: Bool = true) -> ProfilerPass {
        let count = max(20, min(frames, 300))
        // The default span ring, as `TUI_PROFILE` gives an app: once full it
        // drops its oldest frames, and that cost is part of what is measured.
        let profiler = Profiler(frameCapacity: count + 16)
        // Each host gets its own scenario: some keep per-run state (state-tree's binding).
        let sides = (0..<2).map { _ in
            (scenario: makeScenario(name), host: FramePipeline(columns: columns, rows: rows))
        }
        var frame = 0
        for _ in 0..<max(warmup, 1) {
            frame += 1
            for side in sides { side.scenario.render(frame, side.host) }
        }
        if profiled { sides[0].host.profiler = profiler }
        var on: [UInt64] = [], off: [UInt64] = []
        on.reserveCapacity(count)
        off.reserveCapacity(count)
        for i in 0..<count {
            if change == .leaf { frame += 1 }
            // On first, then off first, …: whichever renders second finds
            // the other's data in the caches half the time.
            for k in 0..<2 {
                let profiled = (i + k) % 2 == 0
                let side = sides[profiled ? 0 : 1]
                let t0 = monotonicNanoseconds()
                side.scenario.render(frame, side.host)
                let elapsed = monotonicNanoseconds() - t0
                if profiled { on.append(elapsed) } else { off.append(elapsed) }
            }
        }
        sides[0].host.profiler = nil
        var phases: [String: PhaseTimes] = [:]
        for phase in SpanName.builtInPhases {
            guard let h = profiler.histogram(for: phase), h.count > 0 else { continue }
            let s = h.summary
            phases[phase.string] = PhaseTimes(p50Nanoseconds: UInt64(s.p50), p90Nanoseconds: UInt64(s.p90),
                                              p99Nanoseconds: UInt64(s.p99), maxNanoseconds: UInt64(s.max))
        }
        let paired = medianRatio(zip(on, off).map { Double($0) / Double(max($1, 1)) }) - 1
        return ProfilerPass(phases: phases, offP50: Percentiles(off).median, onP50: Percentiles(on).median,
                            pairedOverhead: paired)
    }

    @MainActor
    func makeScenario(_ name: String) -> Scenario {
        parameters.scenario(name)!
    }
}

/// One kind of frame of a scenario whose frames do different things in
/// turn: its frames' times and counts.
struct FrameKindResult: Codable {
    var kind: String
    var frames: Int
    var p50Nanoseconds: UInt64
    var p99Nanoseconds: UInt64
    var bodyEvaluationsPerFrame: Double
    var nodesCreatedPerFrame: Double
}

/// Frame times and counts gathered per kind of frame during a run.
struct FrameKindTally {
    private var order: [String] = []
    private var times: [String: [UInt64]] = [:]
    private var evaluations: [String: Int] = [:]
    private var created: [String: Int] = [:]

    /// A frame of `kind` that took `nanoseconds`, evaluated `evaluations`
    /// bodies and created `created` nodes.
    mutating func add(_ kind: String, nanoseconds: UInt64, evaluations: Int, created: Int) {
        if times[kind] == nil { order.append(kind) }
        times[kind, default: []].append(nanoseconds)
        self.evaluations[kind, default: 0] += evaluations
        self.created[kind, default: 0] += created
    }

    /// Nil when no frame had a kind.
    var results: [FrameKindResult]? {
        guard !order.isEmpty else { return nil }
        return order.map { kind in
            let t = times[kind] ?? []
            let p = Percentiles(t)
            let n = Double(Swift.max(1, t.count))
            return FrameKindResult(kind: kind, frames: t.count, p50Nanoseconds: p.median, p99Nanoseconds: p.p99,
                                   bodyEvaluationsPerFrame: Double(evaluations[kind] ?? 0) / n,
                                   nodesCreatedPerFrame: Double(created[kind] ?? 0) / n)
        }
    }
}
