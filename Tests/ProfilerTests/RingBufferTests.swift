import Profiler
import Testing

@Suite("Span ring: wrap-around keeps whole frames")
struct RingBufferTests {
    /// Splits preorder spans into root trees.
    func trees(_ spans: [Span]) -> [[Span]] {
        var trees: [[Span]] = []
        for span in spans {
            if span.depth == 0 { trees.append([]) }
            trees[trees.count - 1].append(span)
        }
        return trees
    }

    /// Each tree starts with a frame span and every child lies within its
    /// parent, with depth one more.
    func expectBalanced(_ tree: [Span]) {
        #expect(tree.first?.name == .frame)
        var stack: [Span] = []
        for span in tree {
            while let top = stack.last, top.depth >= span.depth { stack.removeLast() }
            #expect(span.depth == stack.count)
            if let parent = stack.last {
                #expect(parent.start <= span.start && span.end <= parent.end)
            }
            stack.append(span)
        }
    }

    @Test("after wrapping, the ring holds the longest suffix of whole frames that fits", arguments: [16, 64, 100, 256])
    func wrapKeepsWholeFrames(capacity: Int) {
        var app = SyntheticApp(spanCapacity: capacity, seed: UInt64(capacity))
        for frame in 0..<60 {
            app.frame(bodies: 1 + frame % 7)
            app.profiler.checkInvariants()
        }
        let ringCapacity = app.profiler.spanCapacity
        #expect(ringCapacity >= capacity && ringCapacity.nonzeroBitCount == 1)

        let retained = trees(app.profiler.snapshot().spans)
        var expected: [Int] = []
        var total = 0
        for count in app.spansPerFrame.reversed() {
            guard total + count <= ringCapacity else { break }
            total += count
            expected.insert(count, at: 0)
        }
        #expect(retained.map(\.count) == expected)
        for tree in retained { expectBalanced(tree) }
        #expect(app.profiler.statistics.droppedTrees == 60 - expected.count)
        #expect(app.profiler.statistics.truncatedTrees == 0)
        // The frame records are kept independently of the spans.
        #expect(app.profiler.frames.count == 60)
    }

    @Test("a frame bigger than the whole ring is discarded whole; recording resumes after it")
    func oversizedFrame() {
        var app = SyntheticApp(spanCapacity: 16)
        app.frame(bodies: 2)
        app.frame(bodies: 40)  // about 46 spans: cannot fit in 16
        app.profiler.checkInvariants()
        #expect(app.profiler.statistics.truncatedTrees == 1)
        #expect(app.profiler.snapshot().spans.isEmpty)
        #expect(app.profiler.lastFrame?.index == 1)  // the frame record survives

        app.frame(bodies: 3)
        app.profiler.checkInvariants()
        let retained = trees(app.profiler.snapshot().spans)
        #expect(retained.map(\.count) == [app.spansPerFrame[2]])
        for tree in retained { expectBalanced(tree) }
    }

    @Test("a snapshot taken while the ring wraps under an open frame sees only whole frames")
    func snapshotDuringOpenFrame() {
        var app = SyntheticApp(spanCapacity: 32)
        for _ in 0..<5 { app.frame(bodies: 3) }
        app.profiler.beginFrame()
        for _ in 0..<20 { app.profiler.measure(SyntheticApp.body) { app.tick() } }
        app.profiler.checkInvariants()
        let spans = app.profiler.snapshot().spans
        let positions = app.profiler.ringPositions
        #expect(positions.writeSeq - positions.oldest <= 32)
        #expect(spans.count == Int(positions.completedEnd - positions.oldest))
        for tree in trees(spans) {
            expectBalanced(tree)
            #expect(tree.count == app.spansPerFrame[0])
        }
        app.profiler.endFrame()
        app.profiler.checkInvariants()
        #expect(trees(app.profiler.snapshot().spans).last?.count == 21)
    }

    @Test("frame records keep the newest frameCapacity frames")
    func frameRecordRing() {
        var app = SyntheticApp(frameCapacity: 4)
        for _ in 0..<10 { app.frame(bodies: 1) }
        #expect(app.profiler.frames.map(\.index) == [6, 7, 8, 9])
        #expect(app.profiler.lastFrame?.index == 9)
        #expect(app.profiler.frameTimeHistogram.count == 10)
        #expect(app.profiler.statistics.framesRecorded == 10)
    }
}
