import Profiler
import Testing

@Suite("Frames: phase times, counts and histograms")
struct FrameRecordTests {
    func makeProfiler() -> (Profiler, ManualClock) {
        let clock = ManualClock(now: 5_000)
        return (Profiler(spanCapacity: 256, clock: .manual(clock)), clock)
    }

    @Test("phase time is exclusive: a nested phase is charged to itself, not twice")
    func exclusivePhases() throws {
        let (profiler, clock) = makeProfiler()
        profiler.beginFrame()
        clock.advance(by: 100)                       // outside any phase
        let evaluate = profiler.begin(.evaluate)
        clock.advance(by: 400)
        let layout = profiler.begin(.layout)         // a lazy list laying out inside evaluate
        clock.advance(by: 300)
        profiler.measure(SyntheticApp.body) { clock.advance(by: 50) }   // not a phase: still layout
        profiler.end(layout)
        clock.advance(by: 250)
        profiler.end(evaluate)
        profiler.measure(.draw) { clock.advance(by: 200) }
        profiler.measure(.diff) { clock.advance(by: 60) }
        profiler.measure(.write) { clock.advance(by: 25) }
        clock.advance(by: 15)
        let frame = try #require(profiler.endFrame())

        #expect(frame.start == 5_000)
        #expect(frame.duration == 1_400)
        #expect(frame.nanoseconds(in: .evaluate) == 650)
        #expect(frame.nanoseconds(in: .layout) == 350)
        #expect(frame.nanoseconds(in: .draw) == 200)
        #expect(frame.nanoseconds(in: .diff) == 60)
        #expect(frame.nanoseconds(in: .write) == 25)
        #expect(frame.unattributedNanoseconds == 115)
        #expect(frame.phases == SpanName.builtInPhases)
        #expect(frame.nanoseconds(in: SyntheticApp.body) == 0)
        #expect(profiler.lastFrame == frame)
    }

    @Test("counts are per frame; counts pushed between frames go to the next one")
    func counts() throws {
        let (profiler, _) = makeProfiler()
        profiler.beginFrame()
        profiler.add(3, to: .nodesEvaluated)
        profiler.add(4, to: .nodesEvaluated)
        profiler.set(.heapAllocations, to: 12)
        let first = try #require(profiler.endFrame())
        #expect(first.count(of: .nodesEvaluated) == 7)
        #expect(first.count(of: .heapAllocations) == 12)
        #expect(first.count(of: .bytesWritten) == 0)
        #expect(first.hasCount(of: .heapAllocations) && !first.hasCount(of: .bytesWritten))
        #expect(first.counters == [.nodesEvaluated, .heapAllocations])

        profiler.add(1_024, to: .bytesWritten)   // the writer flushed after endFrame
        profiler.beginFrame()
        let second = try #require(profiler.endFrame())
        #expect(second.count(of: .bytesWritten) == 1_024)
        #expect(second.count(of: .nodesEvaluated) == 0)
        #expect(second.index == first.index + 1)
    }

    @Test("user-defined phases and counters work like the built-in ones")
    func customPhasesAndCounters() throws {
        let style = SpanName.phase("style")
        let glyphs = Counter("glyphsShaped")
        #expect(style.isPhase && SpanName("style") == style)
        #expect(SpanName.registeredPhases.contains(style))
        #expect(Counter("glyphsShaped") == glyphs && glyphs.name == "glyphsShaped")

        let (profiler, clock) = makeProfiler()
        profiler.beginFrame()
        profiler.measure(style) { clock.advance(by: 77) }
        profiler.add(9, to: glyphs)
        let frame = try #require(profiler.endFrame())
        #expect(frame.nanoseconds(in: style) == 77)
        #expect(frame.count(of: glyphs) == 9)
        #expect(profiler.histogram(for: style)?.max == 77)
        #expect(profiler.histogram(for: glyphs)?.max == 9)
    }

    @Test("histograms cover every frame, phases only over the frames that ran them")
    func histograms() {
        let (profiler, clock) = makeProfiler()
        for n in 1...100 {
            profiler.beginFrame()
            profiler.measure(.layout) { clock.advance(by: UInt64(n)) }
            if n % 2 == 0 { profiler.measure(.diff) { clock.advance(by: 1) } }
            profiler.add(n, to: .bytesWritten)
            profiler.endFrame()
        }
        let layout = profiler.histogram(for: .layout)?.summary
        #expect(layout?.count == 100)
        #expect(layout?.p50 == 50 && layout?.p90 == 90 && layout?.p99 == 99 && layout?.max == 100)
        #expect(profiler.histogram(for: .diff)?.count == 50)
        #expect(profiler.histogram(for: .draw) == nil)
        #expect(profiler.histogram(for: SyntheticApp.body) == nil)
        #expect(profiler.histogram(for: .bytesWritten)?.summary.p95 == 95)
        #expect(profiler.histogram(for: .cellsDiffed) == nil)
        let frames = profiler.frameTimeHistogram
        #expect(frames.count == 100)
        #expect(frames.min == 1 && frames.max == 101)   // layout n, plus 1 for diff on even frames
    }

    @Test("histograms folded in batches count every frame, whatever the frame capacity and however often they are read",
          arguments: [1, 5, 64, 1024])
    func batchedHistograms(frameCapacity: Int) {
        let clock = ManualClock(now: 5_000)
        let profiler = Profiler(spanCapacity: 256, frameCapacity: frameCapacity, clock: .manual(clock))
        var expected: [UInt64] = []
        for n in 1...(3 * Profiler.aggregationBatch + 7) {
            profiler.beginFrame()
            profiler.measure(.layout) { clock.advance(by: UInt64(n)) }
            profiler.endFrame()
            expected.append(UInt64(n))
            // Read now and then, mid-batch: a read folds what is pending, and
            // nothing may be counted twice or skipped.
            if n % 37 == 0 {
                #expect(profiler.histogram(for: .layout)?.count == n)
            }
        }
        var reference = Histogram()
        for value in expected { reference.record(value) }
        #expect(profiler.histogram(for: .layout) == reference)
        #expect(profiler.frameTimeHistogram.count == expected.count)
        #expect(profiler.frames.count == min(frameCapacity, expected.count))
        profiler.reset()
        #expect(profiler.frameTimeHistogram.isEmpty)
    }

    @Test("beginFrame while a frame is open ends it first; endFrame with no frame returns nil")
    func frameEdges() {
        let (profiler, clock) = makeProfiler()
        #expect(profiler.endFrame() == nil)
        profiler.beginFrame()
        _ = profiler.begin(.layout)   // left open: endFrame closes it
        clock.advance(by: 10)
        profiler.beginFrame()
        #expect(profiler.frames.count == 1)
        #expect(profiler.frames[0].nanoseconds(in: .layout) == 10)
        #expect(profiler.isInFrame)
        profiler.endFrame()
        #expect(!profiler.isInFrame)
        #expect(profiler.depth == 0)
        profiler.checkInvariants()
        let roots = profiler.snapshot().spans.filter { $0.depth == 0 }
        #expect(roots.count == 2 && roots.allSatisfy { $0.name == .frame })
    }

    @Test("a frame record can be built by hand")
    func handBuilt() {
        var frame = FrameRecord(index: 3, start: 100, end: 600)
        frame.setNanoseconds(200, in: .draw)
        frame.setNanoseconds(5, in: SyntheticApp.body)   // not a phase: ignored
        frame.setCount(-2, of: .heapAllocations)
        #expect(frame.duration == 500)
        #expect(frame.contains(.draw) && !frame.contains(.layout))
        #expect(frame.phases == [.draw])
        #expect(frame.unattributedNanoseconds == 300)
        #expect(frame.count(of: .heapAllocations) == -2)
    }
}
