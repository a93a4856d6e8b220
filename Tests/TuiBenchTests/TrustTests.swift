import Foundation
import Testing
@testable import tuibench

@Suite("tuibench says when a figure is not to be trusted")
struct TrustTests {
    func result(p50: UInt64, cpu: UInt64?, spread: Double?, overhead: Double) throws -> RunResult {
        var fields: [String: Any] = [
            "name": "tree", "parameters": ["depth": 6], "frames": 100, "p50Nanoseconds": p50, "p99Nanoseconds": p50,
            "p90Nanoseconds": p50, "framesPerSecond": 1.0, "phases": [String: Any](), "peakMemoryBytes": 1,
            "bodyEvaluationsPerFrame": 1.0, "bytesPerFrame": 1.0, "allocationsPerFrame": 1.0, "nodes": 1, "summary": "",
            "stateSlots": 0, "identities": 1, "maxFrameNanoseconds": p50, "pendingReclamation": 0,
            "profilerOffP50Nanoseconds": p50, "profilerOnP50Nanoseconds": p50, "profilerOverhead": overhead,
        ]
        if let cpu { fields["cpuP50Nanoseconds"] = cpu }
        if let spread { fields["p50Spread"] = spread; fields["p50Runs"] = [p50, p50] }
        return try JSONDecoder().decode(RunResult.self, from: JSONSerialization.data(withJSONObject: fields))
    }

    @Test("spread beyond ±5%, a negative profiler cost and CPU time well below wall time are each named")
    func doubts() throws {
        let report = RunReport(scenarios: [
            try result(p50: 1000, cpu: 990, spread: 0.04, overhead: 0.05),   // fine
            try result(p50: 1000, cpu: 990, spread: 0.30, overhead: 0.05),   // ±15%
            try result(p50: 1000, cpu: 990, spread: nil, overhead: -0.03),   // negative cost
            try result(p50: 1000, cpu: 400, spread: nil, overhead: 0.01),    // preempted
        ])
        let doubts = Trust.runDoubts(report).filter { !$0.contains("/proc/loadavg") }
        #expect(doubts.count == 3, "\(doubts)")
        #expect(doubts.contains { $0.contains("p50 spread ±15.0%") })
        #expect(doubts.contains { $0.contains("negative (-3.0%)") })
        #expect(doubts.contains { $0.contains("CPU time p50 is 40% of the wall time") })
        let table = report.table(size: "200x60")
        #expect(table.contains("NOT TO BE TRUSTED"))
        #expect(table.contains("cpu p50 = this thread's CPU time"))
    }

    @Test("the load average is read")
    func load() {
        #expect(Trust.loadAverages()?.count == 3)
    }
}
