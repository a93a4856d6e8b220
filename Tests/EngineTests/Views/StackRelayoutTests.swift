import Testing
@testable import Engine

/// A stack of many children laid out again after one of them changed asks
/// that child, not its siblings (``StackLayoutCache``).
@MainActor
@Suite("Stack relayout in proportion to what changed")
struct StackRelayoutTests {
    struct Rows: View {
        var count: Int
        var changed: Int
        var word: String
        var body: some View {
            VStack(alignment: .leading) {
                ForEach(0..<count, id: \.self) { i in
                    HStack {
                        Text("row \(i)")
                        Spacer()
                        Text(i == changed ? word : "value")
                    }
                }
            }
        }
    }

    /// Sizes asked in the frame after row `changed` of `count` rows got a
    /// new word.
    func queriesAfterOneRowChanged(count: Int, word: String) -> (queries: Int, host: FramePipeline) {
        let host = FramePipeline(columns: 40, rows: count + 2)
        host.render(Rows(count: count, changed: 3, word: "value"))
        host.render(Rows(count: count, changed: 3, word: word))
        return (host.graph.statistics.sizeQueries, host)
    }

    @Test("one row's wider text: the sizes asked do not grow with the number of rows")
    func widerTextAsksOneRow() {
        let small = queriesAfterOneRowChanged(count: 10, word: "a wider value")
        let large = queriesAfterOneRowChanged(count: 40, word: "a wider value")
        #expect(large.queries == small.queries, "10 rows: \(small.queries), 40 rows: \(large.queries)")
        #expect(large.host.textRows.first { $0.hasPrefix("row 3 ") }?.hasSuffix("a wider value") == true)
        let fresh = FramePipeline(columns: 40, rows: 42)
        fresh.render(Rows(count: 40, changed: 3, word: "a wider value"))
        #expect(fresh.textRows == large.host.textRows)
    }

    @Test("a row that now wants another share makes the stack allocate again, and the result is a fresh one's")
    func changedShareReallocates() {
        let host = FramePipeline(columns: 40, rows: 12)
        host.render(Rows(count: 10, changed: 3, word: "value"))
        // A line break makes the row two rows tall: its share changes.
        host.render(Rows(count: 10, changed: 3, word: "two\nlines"))
        let fresh = FramePipeline(columns: 40, rows: 12)
        fresh.render(Rows(count: 10, changed: 3, word: "two\nlines"))
        #expect(host.textRows == fresh.textRows)
        #expect(host.textRows.contains { $0.hasSuffix("lines") })
    }
}
