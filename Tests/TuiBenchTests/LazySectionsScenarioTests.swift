import Engine
import Testing

@testable import tuibench

@Suite("tuibench lazy-sections: 10⁵ rows in 1,000 sections, pinned headers, a line a frame")
struct LazySectionsScenarioTests {
    /// Evaluations per frame of 200 frames scrolled a line each, after
    /// `warmup`, and of the rows' bodies (`GridCell`) among them.
    @MainActor
    func scroll(rows: Int, sections: Int) throws -> (all: [Int], rows: [Int], host: FramePipeline) {
        let scenario = try #require(Scenarios.make("lazy-sections", depth: nil, fanout: sections, rows: rows))
        let (host, frame) = scenario.warmedUp(columns: 40, rows: 10, frames: 3)
        // Frame 3 shows line 3 at the top (row 2, under section 0's pinned header).
        #expect(host.textRows[0].hasPrefix("section 0 "), "\(host.textRows)")
        #expect(host.textRows[1].hasPrefix("item 3 "), "\(host.textRows)")
        host.graph.recordsEvaluations = true
        var all: [Int] = [], cells: [Int] = []
        for k in 1...200 {
            scenario.render(frame + k, host)
            all.append(host.graph.statistics.bodyEvaluations)
            cells.append(host.graph.evaluationLog.filter { host.graph.identities.path(of: $0.0).hasSuffix("/GridCell.0") }.count)
        }
        return (all, cells, host)
    }

    @Test("a frame builds at most the row scrolled in, evaluates as much at 10³ rows as at 10⁵; an unchanged frame evaluates nothing")
    @MainActor
    func scrolledALineAFrame() throws {
        let scenario = try #require(Scenarios.make("lazy-sections", depth: nil, fanout: nil, rows: nil))
        #expect(scenario.parameters == ["rows": 100_000, "fanout": 1_000])
        let big = try scroll(rows: 100_000, sections: 1_000)
        // Line 203 at the top (row 200, under section 2's pinned header; section 2 is lines 202…302).
        #expect(big.host.textRows[0].hasPrefix("section 2 "), "\(big.host.textRows)")
        #expect(big.host.textRows[1].hasPrefix("item 201 "), "\(big.host.textRows)")
        // One row's body when a row line scrolls in, none for a header line; the rows in view are not evaluated again.
        #expect(big.rows.allSatisfy { $0 <= 1 }, "\(big.rows)")
        #expect(big.rows.reduce(0, +) == 198, "\(big.rows)")
        // The same sections of 100 rows, a hundredth as many: the same work a frame.
        let small = try scroll(rows: 1_000, sections: 10)
        #expect(small.all == big.all)
        big.host.update()
        #expect(big.host.graph.statistics.bodyEvaluations == 0)
        #expect(big.host.lastByteCount == 0)
    }
}
