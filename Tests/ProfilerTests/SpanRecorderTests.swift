import Profiler
import Testing

@Suite("Recording spans")
struct SpanRecorderTests {
    static let outer = SpanName("outer")
    static let inner = SpanName("inner")
    static let leaf = SpanName("leaf")

    /// A profiler on a manual clock starting at 1,000 ns.
    func makeProfiler(spanCapacity: Int = 1024, maxDepth: Int = 64) -> (Profiler, ManualClock) {
        let clock = ManualClock(now: 1_000)
        return (Profiler(spanCapacity: spanCapacity, maxDepth: maxDepth, clock: .manual(clock)), clock)
    }

    @Test("nested spans record start, end and depth, parents before children")
    func nesting() {
        let (profiler, clock) = makeProfiler()
        let a = profiler.begin(Self.outer)          // 1000
        clock.advance(by: 10)
        let b = profiler.begin(Self.inner)          // 1010
        #expect(profiler.depth == 2)
        clock.advance(by: 5)
        let c = profiler.begin(Self.leaf)           // 1015
        clock.advance(by: 1)
        profiler.end(c)                             // 1016
        profiler.end(b)                             // 1016
        clock.advance(by: 4)
        let d = profiler.begin(Self.inner)          // 1020
        clock.advance(by: 30)
        profiler.end(d)                             // 1050
        profiler.end(a)                             // 1050
        #expect(profiler.depth == 0)
        profiler.checkInvariants()

        let spans = profiler.snapshot().spans
        #expect(spans.map(\.name) == [Self.outer, Self.inner, Self.leaf, Self.inner])
        #expect(spans.map(\.depth) == [0, 1, 2, 1])
        #expect(spans.map(\.start) == [1000, 1010, 1015, 1020])
        #expect(spans.map(\.end) == [1050, 1016, 1016, 1050])
        #expect(profiler.statistics.unbalancedEnds == 0)
    }

    @Test("transition closes a span and opens its sibling at the same instant, charging each phase its own time")
    func transition() {
        let (profiler, clock) = makeProfiler()
        profiler.beginFrame()                                   // 1000
        var phase = profiler.begin(.evaluate)                   // 1000
        clock.advance(by: 10)
        let inner = profiler.begin(Self.inner)                  // 1010
        clock.advance(by: 5)
        profiler.end(inner)                                     // 1015
        phase = profiler.transition(phase, to: .layout)         // 1015
        clock.advance(by: 20)
        phase = profiler.transition(phase, to: .draw)           // 1035
        clock.advance(by: 7)
        profiler.end(phase)                                     // 1042
        let frame = profiler.endFrame()!
        profiler.checkInvariants()
        let spans = profiler.snapshot().spans
        #expect(spans.map(\.name) == [.frame, .evaluate, Self.inner, .layout, .draw])
        #expect(spans.map(\.depth) == [0, 1, 2, 1, 1])
        #expect(spans.map(\.start) == [1000, 1000, 1010, 1015, 1035])
        #expect(spans.map(\.end) == [1042, 1015, 1015, 1035, 1042])
        #expect(frame.nanoseconds(in: .evaluate) == 15 && frame.nanoseconds(in: .layout) == 20 && frame.nanoseconds(in: .draw) == 7)
        #expect(profiler.statistics.unbalancedEnds == 0)

        // From a stale token it still opens the next span, and counts the bad end.
        let stale = phase
        let next = profiler.transition(stale, to: .layout)
        profiler.end(next)
        #expect(profiler.statistics.unbalancedEnds == 1)
        #expect(profiler.depth == 0)
        // Off: nothing is recorded.
        profiler.isEnabled = false
        #expect(profiler.transition(next, to: .draw) == .disabled)
    }

    @Test("measure closes its span even when the body throws, and rethrows")
    func measureThrows() {
        struct Failure: Error {}
        let (profiler, clock) = makeProfiler()
        #expect(throws: Failure.self) {
            try profiler.measure(Self.outer) { () throws(Failure) -> Int in
                clock.advance(by: 7)
                throw Failure()
            }
        }
        let value = profiler.measure(Self.leaf) { 42 }
        #expect(value == 42)
        #expect(profiler.depth == 0)
        let spans = profiler.snapshot().spans
        #expect(spans.count == 2)
        #expect(spans[0].duration == 7)
    }

    @Test("details and reasons are stored with the span")
    func attribution() throws {
        let (profiler, _) = makeProfiler()
        let view = SpanLabel(describing: [Int].self)
        let reason = SpanLabel("state changed")
        profiler.measure(SyntheticApp.body, detail: view, reason: reason) {}
        let profile = profiler.snapshot()
        let span = try #require(profile.spans.first)
        #expect(span.detail == view)
        #expect(span.reason == reason)
        #expect(profile.string(for: view) == "Array<Int>")
        #expect(profile.label(of: span) == "body[Array<Int>]")
        #expect(profile.label(of: span, includeReason: true) == "body[Array<Int>] (state changed)")
    }

    @Test("a disabled profiler records nothing and hands out disabled tokens")
    func disabled() {
        let profiler = Profiler(spanCapacity: 16, isEnabled: false)
        let token = profiler.begin(.layout)
        #expect(token == .disabled)
        #expect(!token.isRecording)
        profiler.end(token)
        profiler.beginFrame()
        profiler.add(5, to: .bytesWritten)
        #expect(profiler.endFrame() == nil)
        #expect(profiler.snapshot().isEmpty)
        #expect(profiler.frames.isEmpty)
        #expect(profiler.statistics == ProfilerStatistics())
    }

    @Test("ending an outer span closes the inner ones at the same instant")
    func unbalancedEnd() {
        let (profiler, clock) = makeProfiler()
        let a = profiler.begin(Self.outer)
        clock.advance(by: 3)
        let b = profiler.begin(Self.inner)
        clock.advance(by: 3)
        profiler.end(a)
        profiler.end(b)  // already closed: ignored
        profiler.end(a)  // twice: ignored
        profiler.checkInvariants()
        let spans = profiler.snapshot().spans
        #expect(spans.map(\.end) == [1006, 1006])
        #expect(profiler.statistics.unbalancedEnds == 3)
        #expect(profiler.depth == 0)
    }

    @Test("a token ended twice does not close the span that reused its depth")
    func doubleEndAfterReuse() {
        let (profiler, clock) = makeProfiler()
        let root = profiler.begin(Self.outer)
        let first = profiler.begin(Self.inner)
        profiler.end(first)
        let second = profiler.begin(Self.leaf)      // same depth as `first`
        clock.advance(by: 9)
        profiler.end(first)                         // stale: ignored
        #expect(profiler.depth == 2)
        profiler.end(second)
        profiler.end(root)
        let spans = profiler.snapshot().spans
        #expect(spans.map(\.name) == [Self.outer, Self.inner, Self.leaf])
        #expect(spans[2].duration == 9)
        #expect(profiler.statistics.unbalancedEnds == 1)
    }

    @Test("turning recording off mid-tree discards the open tree; old tokens are ignored")
    func disableMidTree() {
        let (profiler, clock) = makeProfiler()
        profiler.measure(Self.outer) { clock.advance(by: 1) }
        let open = profiler.begin(Self.outer)
        _ = profiler.begin(Self.inner)
        profiler.isEnabled = false
        profiler.isEnabled = true
        profiler.end(open)  // from before the switch: ignored
        profiler.checkInvariants()
        #expect(profiler.depth == 0)
        profiler.measure(Self.leaf) { clock.advance(by: 1) }
        let spans = profiler.snapshot().spans
        #expect(spans.map(\.name) == [Self.outer, Self.leaf])
        #expect(spans.allSatisfy { $0.depth == 0 })
    }

    @Test("reset forgets spans, frames and statistics")
    func reset() {
        var app = SyntheticApp(spanCapacity: 256)
        for _ in 0..<3 { app.frame() }
        let stale = app.profiler.begin(.layout)
        app.profiler.reset()
        #expect(app.profiler.statistics == ProfilerStatistics())
        app.profiler.end(stale)   // from before the reset: ignored, counted
        #expect(app.profiler.statistics.unbalancedEnds == 1)
        #expect(app.profiler.depth == 0)
        #expect(app.profiler.snapshot().isEmpty)
        #expect(app.profiler.frames.isEmpty)
        #expect(app.profiler.frameTimeHistogram.isEmpty)
        app.frame()
        #expect(app.profiler.lastFrame?.index == 0)
        app.profiler.checkInvariants()
    }

    @Test("spans deeper than maxDepth are counted, not recorded, and depth stays balanced")
    func maxDepth() {
        let (profiler, _) = makeProfiler(maxDepth: 4)
        var tokens: [SpanToken] = []
        for _ in 0..<6 { tokens.append(profiler.begin(Self.inner)) }
        #expect(profiler.depth == 6)
        for token in tokens.reversed() { profiler.end(token) }
        #expect(profiler.depth == 0)
        profiler.checkInvariants()
        let spans = profiler.snapshot().spans
        #expect(spans.map(\.depth) == [0, 1, 2, 3])
        #expect(profiler.statistics.spansBeyondMaxDepth == 2)
        #expect(profiler.statistics.unbalancedEnds == 0)
    }

    @Test("the snapshot leaves out a tree that is still open")
    func openTreeExcluded() {
        let (profiler, clock) = makeProfiler()
        profiler.measure(Self.outer) { clock.advance(by: 2) }
        let open = profiler.begin(Self.outer)
        profiler.measure(Self.inner) { clock.advance(by: 2) }
        #expect(profiler.snapshot().spans.count == 1)
        profiler.end(open)
        #expect(profiler.snapshot().spans.count == 3)
    }
}
