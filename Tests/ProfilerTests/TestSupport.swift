import Foundation
import Profiler

/// SplitMix64: a small, seedable generator, so every synthetic workload is
/// the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A fake render loop that records frames like the engine will: phases, view
/// bodies nested a few deep with a view-type detail and a reason, and counts.
/// Time comes from a ``ManualClock``, so every duration is known.
struct SyntheticApp {
    static let body = SpanName("body")
    static let views = [
        "ContentView", "Row", "Text", "VStack<TupleView<(Text, Text)>>", "List<Row>",
        "Weird;name <&>\"' \u{1}", "漢字ビュー",
    ].map { SpanLabel($0) }
    static let reasons = ["state changed", "input changed", "environment changed"].map { SpanLabel($0) }

    let profiler: Profiler
    let clock: ManualClock
    var random: SplitMix64
    /// Spans recorded per frame, frame span included.
    private(set) var spansPerFrame: [Int] = []

    init(spanCapacity: Int = 1 << 16, frameCapacity: Int = 1024, maxDepth: Int = 1024, seed: UInt64 = 42) {
        clock = ManualClock(now: 1_000_000_000)
        profiler = Profiler(
            spanCapacity: spanCapacity, frameCapacity: frameCapacity, maxDepth: maxDepth, clock: .manual(clock))
        random = SplitMix64(seed: seed)
    }

    mutating func tick(_ range: ClosedRange<UInt64> = 1...5_000) {
        clock.advance(by: UInt64.random(in: range, using: &random))
    }

    /// Records one frame; `bodies` caps the number of body spans.
    mutating func frame(bodies: Int = 12) {
        var spans = 1
        profiler.beginFrame()
        tick()
        let evaluate = profiler.begin(.evaluate)
        var remaining = bodies
        while remaining > 0 {
            spans += evaluateView(depth: 0, remaining: &remaining)
        }
        tick()
        profiler.end(evaluate)
        spans += 1
        for phase in [SpanName.layout, .draw, .diff, .write] {
            tick(0...200)
            profiler.measure(phase) { tick() }
            spans += 1
        }
        profiler.add(bodies, to: .nodesEvaluated)
        profiler.add(200 * 60, to: .cellsDiffed)
        profiler.add(Int(random.next() % 4_000), to: .bytesWritten)
        tick(0...100)
        profiler.endFrame()
        spansPerFrame.append(spans)
    }

    private mutating func evaluateView(depth: Int, remaining: inout Int) -> Int {
        remaining -= 1
        let view = SyntheticApp.views[Int(random.next() % UInt64(SyntheticApp.views.count))]
        let reason = SyntheticApp.reasons[Int(random.next() % UInt64(SyntheticApp.reasons.count))]
        let token = profiler.begin(SyntheticApp.body, detail: view, reason: reason)
        var spans = 1
        tick()
        let children = depth < 4 ? Int(random.next() % 3) : 0
        for _ in 0..<children where remaining > 0 {
            spans += evaluateView(depth: depth + 1, remaining: &remaining)
            tick(0...300)
        }
        // Sometimes a zero-length span, to test that edge.
        if random.next() % 5 != 0 { tick() }
        profiler.end(token)
        return spans
    }

    /// A profile of `frames` frames.
    static func profile(frames: Int, seed: UInt64 = 42) -> Profile {
        var app = SyntheticApp(seed: seed)
        for _ in 0..<frames { app.frame() }
        return app.profiler.snapshot()
    }
}

/// Running python3 for the checks only external tools can make.
enum Python {
    /// Whether `python3` runs and has `jsonschema`.
    static let hasJSONSchema = run(["-c", "import jsonschema"]).status == 0
    /// Whether `python3` runs and has `xml.etree`.
    static let hasXML = run(["-c", "import xml.etree.ElementTree"]).status == 0

    /// Runs `python3 arguments…`, returning its exit status and combined output.
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Writing exports to temporary files.
enum TemporaryFile {
    /// A fresh path in the temporary directory ending in `name`.
    static func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("profiler-tests-\(UUID().uuidString)-\(name)").path
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func write(_ text: String, name: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// The directory holding this file's fixtures.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Parses `text` as a JSON object.
func jsonObject(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    guard let object = value as? [String: Any] else { throw TestFailure("not a JSON object") }
    return object
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
