import Engine
import Testing

@testable import tuibench

@Suite("tuibench: frames of different kinds reported apart (nav-push's push and pop)")
struct FrameKindTests {
    @Test("nav-push's odd frames push a page and create its nodes; even frames pop it and create none")
    @MainActor
    func navPushKinds() throws {
        let scenario = try #require(Scenarios.make("nav-push", depth: nil, fanout: nil, rows: 50))
        let kind = try #require(scenario.frameKind)
        let (host, frame) = scenario.warmedUp(columns: 40, rows: 10, frames: 2)
        var tally = FrameKindTally()
        for k in 1...6 {
            scenario.render(frame + k, host)
            tally.add(kind(frame + k), nanoseconds: UInt64(k), evaluations: host.graph.statistics.bodyEvaluations,
                      created: host.graph.statistics.nodesCreated)
        }
        let results = try #require(tally.results)
        #expect(results.map(\.kind) == [kind(frame + 1), kind(frame + 2)])
        let push = try #require(results.first { $0.kind == "push" })
        let pop = try #require(results.first { $0.kind == "pop" })
        #expect(push.frames == 3 && pop.frames == 3)
        // A page of 50 rows of five views: at least 250 nodes a push.
        #expect(push.nodesCreatedPerFrame >= 250)
        #expect(pop.nodesCreatedPerFrame == 0)
    }

    @Test("a tally with no frame of any kind has no results; percentiles are per kind")
    func tally() {
        #expect(FrameKindTally().results == nil)
        var tally = FrameKindTally()
        for t: UInt64 in [10, 30, 20] { tally.add("a", nanoseconds: t, evaluations: 1, created: 0) }
        tally.add("b", nanoseconds: 1_000, evaluations: 4, created: 2)
        let results = tally.results ?? []
        #expect(results.map(\.kind) == ["a", "b"])
        #expect(results.first?.p50Nanoseconds == 20)
        #expect(results.last?.p50Nanoseconds == 1_000)
        #expect(results.first?.bodyEvaluationsPerFrame == 1)
        #expect(results.last?.nodesCreatedPerFrame == 2)
    }
}
