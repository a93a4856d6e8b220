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

    /// A stack of 12 children: spacers, texts and unbounded views with a
    /// minimum, whose sizing order depends on each child's priority (a
    /// spacer's is the lowest), flexibility and, among unbounded ones, its
    /// minimum: what the stack's cache records and checks.
    struct Mixed: View {
        var minimums: [Int]
        var words: [String]
        var body: some View {
            HStack(spacing: 0) {
                ForEach(0..<12, id: \.self) { i in
                    switch i % 3 {
                    case 0: Spacer(minLength: i % 2)
                    case 1: Text(words[i / 3]).lineLimit(1)
                    default: GeometryReader { Text("\($0.size.width)") }.frame(minWidth: minimums[i / 3])
                    }
                }
            }
        }
    }

    @Test("a stack of spacers, texts and unbounded views relaid out after changes equals a fresh one (random changes)")
    func mixedChildrenMatchFreshLayouts() {
        var rng = SplitMix64(seed: 0x5_7AC4)
        let vocabulary = ["", "a", "word", "a longer text", "x y z"]
        for columns in [8, 20, 40, 80] {
            let host = FramePipeline(columns: columns, rows: 2)
            var view = Mixed(minimums: [0, 3, 6, 9], words: ["a", "word", "", "x y z"])
            host.render(view)
            // One child changes at a time: the stack keeps what it can.
            for step in 0..<200 {
                if Bool.random(using: &rng) {
                    view.minimums[Int.random(in: 0..<4, using: &rng)] = Int.random(in: 0...12, using: &rng)
                } else {
                    view.words[Int.random(in: 0..<4, using: &rng)] = vocabulary.randomElement(using: &rng)!
                }
                host.render(view)
                let fresh = FramePipeline(columns: columns, rows: 2)
                fresh.render(view)
                #expect(host.textRows == fresh.textRows, "\(columns) columns, step \(step): \(view.minimums) \(view.words)")
            }
        }
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
