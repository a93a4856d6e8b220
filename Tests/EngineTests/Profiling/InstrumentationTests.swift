import Foundation
import Profiler
import Testing
@testable import Engine

@MainActor
@Suite("Engine instrumentation")
struct InstrumentationTests {
    struct Leaf: View, @MainActor Equatable {
        var value: Int
        var body: some View { Text("v\(value)") }
    }

    struct Root: View, @MainActor Equatable {
        var value: Int
        var body: some View { VStack { Leaf(value: value); Leaf(value: 0) } }
    }

    @Test("phases and body evaluations become spans attributed to view types, with the reason")
    func spans() {
        let host = FramePipeline(columns: 10, rows: 2)
        let profiler = Profiler()
        host.profiler = profiler
        host.render(Root(value: 1))
        host.render(Root(value: 2))
        let profile = profiler.snapshot()
        let labels = profile.spans.map { profile.label(of: $0, includeReason: true) }
        #expect(labels.contains("evaluate") && labels.contains("layout") && labels.contains("draw")
                && labels.contains("diff"))
        #expect(labels.contains("body[Root] (appeared)"))
        #expect(labels.contains("body[Leaf] (input changed)"))
        // The second frame evaluated one Leaf: the equal one was skipped.
        let secondFrameLeaves = profile.spans.filter { profile.label(of: $0, includeReason: true) == "body[Leaf] (input changed)" }
        #expect(secondFrameLeaves.count == 1)
        #expect(profiler.frames.count == 2)
        #expect(profiler.frames.last!.count(of: .bytesWritten) > 0)
    }

    @Test("body spans go to views with a body; the engine's primitives get them only on request")
    func primitivesOnRequest() {
        func labels(primitives: Bool) -> Set<String> {
            let host = FramePipeline(columns: 10, rows: 2)
            host.graph.profilesPrimitiveViews = primitives
            let profiler = Profiler()
            host.profiler = profiler
            host.render(Root(value: 1))
            let profile = profiler.snapshot()
            return Set(profile.spans.filter { $0.name == ViewGraph.bodySpan }.map { profile.label(of: $0) })
        }
        let user = labels(primitives: false)
        #expect(user == ["body[Root]", "body[Leaf]"])
        let all = labels(primitives: true)
        #expect(all.isSuperset(of: user))
        #expect(all.contains("body[Text]") && all.contains { $0.hasPrefix("body[VStack") })
    }

    @Test("a host writes its profile in the format the file name asks for, and a bad path is an error")
    func writesProfiles() throws {
        let host = FramePipeline(columns: 10, rows: 2)
        host.profiler = Profiler()
        host.render(Root(value: 1))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tui-profile-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["p.svg", "p.trace.json", "p.json", "p.txt"] {
            try host.writeProfile(to: dir.appendingPathComponent(name).path)
        }
        let svg = try String(contentsOf: dir.appendingPathComponent("p.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(svg.contains("body[Root]"))
        let trace = try String(contentsOf: dir.appendingPathComponent("p.trace.json"), encoding: .utf8)
        #expect(trace.contains("traceEvents"))
        let speedscope = try String(contentsOf: dir.appendingPathComponent("p.json"), encoding: .utf8)
        #expect(speedscope.contains("speedscope"))
        let folded = try String(contentsOf: dir.appendingPathComponent("p.txt"), encoding: .utf8)
        #expect(folded.contains("frame;evaluate;body[Root]"))
        #expect(throws: (any Error).self) { try host.writeProfile(to: "/nonexistent-dir/p.svg") }
    }

    @Test("with no profiler nothing is recorded and frames still render")
    func off() {
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(Root(value: 1))
        #expect(host.profiler == nil)
        #expect(host.textRows[0].contains("v1"))
    }
}
