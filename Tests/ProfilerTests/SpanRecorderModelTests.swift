import Profiler
import Testing

/// Random sequences of begin, end (in and out of order, stale and repeated),
/// transition and clock steps, checked against a model of what a span
/// recorder must keep. The recorder inlines a fast path for the common case
/// (innermost span, room in the ring, not a phase) and sends everything else
/// to a general one; the model knows nothing of either, so any difference
/// between the two paths shows up as a wrong span list.
@Suite("Recording spans: random operations against a model")
struct SpanRecorderModelTests {
    static let names: [SpanName] = [.evaluate, .layout, SpanName("body"), SpanName("inner"), SpanName("leaf")]

    /// A span as the model expects it.
    struct Expected: Equatable, CustomStringConvertible {
        var name: SpanName
        var depth: Int
        var start: UInt64
        var end: UInt64?
        var description: String { "\(name)@\(depth) \(start)…\(end.map(String.init) ?? "open")" }
    }

    /// The model: every span begun, in begin order, and the stack of open
    /// ones (indices into `spans`).
    struct Model {
        var spans: [Expected] = []
        var open: [Int] = []

        mutating func begin(_ name: SpanName, at now: UInt64) -> Int {
            spans.append(Expected(name: name, depth: open.count, start: now, end: nil))
            open.append(spans.count - 1)
            return spans.count - 1
        }

        /// Closes `span` and everything inside it; nothing if it is not open.
        mutating func end(_ span: Int, at now: UInt64) {
            guard let position = open.firstIndex(of: span) else { return }
            for index in open[position...] { spans[index].end = now }
            open.removeSubrange(position...)
        }
    }

    @Test("with room in the ring, the recorded spans are exactly the model's", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func matchesModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let clock = ManualClock(now: 1_000)
        let profiler = Profiler(spanCapacity: 1 << 16, maxDepth: 1024, clock: .manual(clock))
        var model = Model()
        // Tokens handed out, with the model's span each stands for; old ones
        // stay in the list so that stale and repeated ends are exercised.
        var issued: [(token: SpanToken, span: Int)] = []

        for _ in 0..<4_000 {
            let roll = random.next() % 100
            if roll < 40 || model.open.isEmpty {
                let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
                let token = profiler.begin(name)
                issued.append((token, model.begin(name, at: clock.now)))
            } else if roll < 70 {
                // The innermost span: the fast path.
                let span = model.open.last!
                let token = issued.last { $0.span == span }!.token
                profiler.end(token)
                model.end(span, at: clock.now)
            } else if roll < 85 {
                // Any token ever handed out: outer spans, stale and repeated ends.
                let (token, span) = issued[Int(random.next() % UInt64(issued.count))]
                profiler.end(token)
                model.end(span, at: clock.now)
            } else if roll < 92 {
                let span = model.open.last!
                let token = issued.last { $0.span == span }!.token
                let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
                let next = profiler.transition(token, to: name)
                model.end(span, at: clock.now)
                issued.append((next, model.begin(name, at: clock.now)))
            } else {
                clock.advance(by: random.next() % 1_000)
            }
            if random.next() % 3 == 0 { clock.advance(by: 1 + random.next() % 50) }
            #expect(profiler.depth == model.open.count)
        }
        // Close what is still open, outermost first.
        if let root = model.open.first {
            profiler.end(issued.last { $0.span == root }!.token)
            model.end(root, at: clock.now)
        }
        profiler.checkInvariants()

        let recorded = profiler.snapshot().spans.map {
            Expected(name: $0.name, depth: $0.depth, start: $0.start, end: $0.end)
        }
        #expect(recorded.count == model.spans.count)
        #expect(recorded == model.spans)
        #expect(profiler.statistics.spansRecorded == model.spans.count)
    }

    @Test("with a small ring and a shallow maxDepth, every retained tree is whole and nested", arguments: [16, 32, 64])
    func smallRingStaysWhole(capacity: Int) {
        var random = SplitMix64(seed: UInt64(capacity))
        let clock = ManualClock(now: 1_000)
        let profiler = Profiler(spanCapacity: capacity, maxDepth: 5, clock: .manual(clock))
        var stack: [SpanToken] = []
        for _ in 0..<5_000 {
            clock.advance(by: 1 + random.next() % 20)
            if random.next() % 2 == 0 || stack.isEmpty {
                stack.append(profiler.begin(Self.names[Int(random.next() % UInt64(Self.names.count))]))
            } else {
                // Mostly the innermost; sometimes an outer one, closing those
                // inside, or the root, so that trees stay small enough to fit.
                let roll = random.next() % 10
                let position = roll == 0 ? 0 : roll == 1 ? Int(random.next() % UInt64(stack.count)) : stack.count - 1
                profiler.end(stack[position])
                stack.removeSubrange(position...)
            }
            #expect(profiler.depth == stack.count)
            profiler.checkInvariants()
        }
        let spans = profiler.snapshot().spans
        #expect(!spans.isEmpty)
        #expect(profiler.statistics.droppedTrees > 0)  // the ring wrapped
        var open: [Span] = []
        for span in spans {
            while let top = open.last, top.depth >= span.depth { open.removeLast() }
            #expect(span.depth == open.count && span.depth < 5)
            if let parent = open.last { #expect(parent.start <= span.start && span.end <= parent.end) }
            #expect(span.start <= span.end)
            open.append(span)
        }
    }
}
