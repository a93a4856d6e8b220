import Testing
@testable import Engine

/// A small stack placed at a size it was just measured for places its
/// children with that measurement (``StackMeasurements``), and a node's
/// ``LayoutCache`` keeps proposals as plain integers.
@MainActor
@Suite("Stack measurements kept for placement")
struct StackMeasurementTests {
    /// A line of text above a row of `count` texts between spacers, in a
    /// frame of a fixed size (the row is offered the same size whatever
    /// its siblings do); the text above grows to `lines` lines, which
    /// moves the row down without changing its size.
    struct Moved: View {
        var lines: Int
        var count: Int
        var body: some View {
            VStack(alignment: .leading) {
                Text((0..<lines).map { "line \($0)" }.joined(separator: "\n"))
                HStack(spacing: 1) {
                    ForEach(0..<count, id: \.self) { i in
                        Text("t\(i)")
                        if i < count - 1 { Spacer() }
                    }
                }
                .frame(width: 30, height: 1)
            }
        }
    }

    /// Sizes asked in the frame that moved a row of `count` texts down a line.
    func queriesAfterRowMoved(count: Int) -> (queries: Int, host: FramePipeline) {
        // Five rows: the content (centred) starts one row down both with
        // two lines and with three, so the row moves down a line.
        let host = FramePipeline(columns: 60, rows: 5)
        host.render(Moved(lines: 1, count: count))
        host.render(Moved(lines: 2, count: count))
        return (host.graph.statistics.sizeQueries, host)
    }

    @Test("a row moved without changing size is placed without asking its children again")
    func movedRowAsksNoChild() {
        // Two texts and three texts (with the spacers between, three and
        // five children, under StackLayoutCache's minimum): the stack's own
        // size is asked as often either way, and its children are not asked.
        let two = queriesAfterRowMoved(count: 2)
        let three = queriesAfterRowMoved(count: 3)
        #expect(two.queries == three.queries, "2 texts: \(two.queries), 3 texts: \(three.queries)")
        let rows = three.host.textRows.map { String($0.drop { $0 == " " }) }
        let top = rows.firstIndex { $0.hasPrefix("line 0") }
        #expect(top.map { rows[$0 + 1].hasPrefix("line 1") && rows[$0 + 2].hasPrefix("t0") } == true, "\(rows)")
        #expect(top.map { rows[$0 + 2].trimmingSuffixSpaces.hasSuffix("t2") } == true, "\(rows)")
        let fresh = FramePipeline(columns: 60, rows: 5)
        fresh.render(Moved(lines: 2, count: 3))
        #expect(fresh.textRows == three.host.textRows)
    }

    /// An HStack of four children: a spacer, a text, an unbounded view with
    /// a minimum, a text.
    struct Small: View {
        var minimum: Int
        var words: [String]
        var top: String
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text(top)
                HStack(spacing: 0) {
                    Spacer(minLength: 1)
                    Text(words[0]).lineLimit(1)
                    GeometryReader { Text("\($0.size.width)") }.frame(minWidth: minimum)
                    Text(words[1])
                }
            }
        }
    }

    @Test("a small stack relaid out after changes equals a fresh one (random changes)")
    func smallStackMatchesFreshLayouts() {
        var rng = SplitMix64(seed: 0x5_3A11)
        let vocabulary = ["", "a", "word", "a longer text", "two\nlines"]
        for columns in [6, 20, 40] {
            let host = FramePipeline(columns: columns, rows: 5)
            var view = Small(minimum: 3, words: ["a", "word"], top: "top")
            host.render(view)
            for step in 0..<150 {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: view.minimum = Int.random(in: 0...12, using: &rng)
                case 1: view.words[Int.random(in: 0..<2, using: &rng)] = vocabulary.randomElement(using: &rng)!
                default: view.top = vocabulary.randomElement(using: &rng)!
                }
                host.render(view)
                let fresh = FramePipeline(columns: columns, rows: 5)
                fresh.render(view)
                #expect(host.textRows == fresh.textRows, "\(columns) columns, step \(step): \(view)")
            }
        }
    }

    @Test("a layout cache tells an unspecified dimension from every number, and Int.min is not kept")
    func layoutCacheKeys() {
        var cache = LayoutCache()
        cache.insert(ProposedSize(width: nil, height: 3), Size(width: 7, height: 3))
        cache.insert(ProposedSize(width: 0, height: 3), Size(width: 1, height: 3))
        cache.insert(ProposedSize(width: .max, height: nil), Size(width: 9, height: 1))
        #expect(cache.size(for: ProposedSize(width: nil, height: 3)) == Size(width: 7, height: 3))
        #expect(cache.size(for: ProposedSize(width: 0, height: 3)) == Size(width: 1, height: 3))
        #expect(cache.size(for: ProposedSize(width: .max, height: nil)) == Size(width: 9, height: 1))
        #expect(cache.size(for: ProposedSize(width: .max, height: 0)) == nil)
        #expect(cache.size(for: ProposedSize(width: .min, height: 3)) == nil)
        cache.insert(ProposedSize(width: .min, height: 3), Size(width: 2, height: 2))
        #expect(cache.count == 3)
        #expect(cache.size(for: ProposedSize(width: .min, height: 3)) == nil)
        #expect(cache.size(for: ProposedSize(width: nil, height: 3)) == Size(width: 7, height: 3))
        // Every entry answered again as cached: the proposals come back as given.
        var asked: [ProposedSize] = []
        #expect(cache.answersAgain { asked.append($0); return cache.size(for: $0)! })
        #expect(asked == [ProposedSize(width: nil, height: 3), ProposedSize(width: 0, height: 3),
                          ProposedSize(width: .max, height: nil)])
        // Full, the oldest entry goes first.
        for w in 1...LayoutCache.capacity { cache.insert(ProposedSize(width: w, height: 0), Size(width: w, height: 0)) }
        #expect(cache.count == LayoutCache.capacity)
        #expect(cache.size(for: ProposedSize(width: nil, height: 3)) == nil)
        #expect(cache.size(for: ProposedSize(width: LayoutCache.capacity, height: 0))
                    == Size(width: LayoutCache.capacity, height: 0))
        let generation = cache.generation
        cache.removeAll()
        #expect(cache.count == 0 && cache.generation == generation &+ 1)
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: Substring {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
