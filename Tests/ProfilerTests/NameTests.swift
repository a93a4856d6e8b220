@testable import Profiler
import Testing

@Suite("Interned names, labels and counters")
struct NameTests {
    @Test("built-in names and phases are fixed, and interning their strings finds them")
    func builtIns() {
        #expect(SpanName("frame") == .frame && !SpanName.frame.isPhase)
        #expect(["evaluate", "layout", "draw", "diff", "write"].map { SpanName($0) } == SpanName.builtInPhases)
        #expect(SpanName.builtInPhases.allSatisfy { $0.isPhase })
        #expect(SpanName.layout.string == "layout" && "\(SpanName.diff)" == "diff")
        #expect(Array(SpanName.registeredPhases.prefix(5)) == SpanName.builtInPhases)
        let counters = ["nodesEvaluated", "cellsDiffed", "bytesWritten", "heapAllocations"]
        #expect(counters.map { Counter($0) } == [.nodesEvaluated, .cellsDiffed, .bytesWritten, .heapAllocations])
        #expect(Array(Counter.registered.prefix(4).map(\.name)) == counters)
    }

    @Test("interning is idempotent and round-trips")
    func interning() {
        let name = SpanName("interning test name")
        #expect(SpanName("interning test name") == name)
        #expect(!name.isPhase && name.string == "interning test name")
        let label = SpanLabel("interning test name")
        #expect(label.index == name.index)
        #expect(SpanLabel(describing: Optional<Int>.self).string == "Optional<Int>")
        #expect(SpanName.phase("interning test phase") == SpanName("interning test phase"))
        #expect(SpanName("interning test phase").isPhase)
    }

    @Test("interning from many threads gives one index per string")
    func concurrentInterning() async {
        let names = await withTaskGroup(of: [SpanName].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).map { SpanName("concurrent \($0)") } }
            }
            var all: [[SpanName]] = []
            for await names in group { all.append(names) }
            return all
        }
        #expect(Set(names).count == 1)
        #expect(Set(names[0]).count == 200)
    }

    @Test("JSON and XML escaping, exact decimals, readable durations and shares")
    func exportText() {
        var json = ""
        ExportText.appendJSONString("a\"b\\c\nd\u{1}\u{1F}é", to: &json)
        #expect(json == #""a\"b\\c\nd\u0001\u001fé""#)
        var xml = ""
        ExportText.appendXMLEscaped("<a href='x'>&\"\u{0}\u{FFFE}\t", to: &xml)
        #expect(xml == "&lt;a href=&apos;x&apos;&gt;&amp;&quot;\u{FFFD}\u{FFFD}\t")
        #expect(ExportText.decimal(12_345, fractionDigits: 3) == "12.345")
        #expect(ExportText.decimal(7, fractionDigits: 3) == "0.007")
        #expect(ExportText.decimal(0, fractionDigits: 2) == "0.00")
        #expect(ExportText.duration(850) == "850 ns")
        #expect(ExportText.duration(12_345) == "12.35 µs")
        #expect(ExportText.duration(3_200_000) == "3.20 ms")
        #expect(ExportText.duration(1_250_000_000) == "1.250 s")
        #expect(ExportText.percent(1, of: 3) == "33.33%")
        #expect(ExportText.percent(2, of: 3) == "66.67%")
        #expect(ExportText.percent(5, of: 5) == "100.00%")
        #expect(ExportText.percent(1, of: 0) == "0.00%")
        #expect(ExportText.foldedFrame("a b;c\td") == "a_b:c_d")
        #expect(ExportText.foldedFrame("") == "_")
    }
}
