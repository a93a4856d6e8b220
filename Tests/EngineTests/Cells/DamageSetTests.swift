import Testing

@testable import Engine

/// The spans `forEachSpan(inRow:)` yields for row `y`, as half-open ranges.
private func spans(_ d: DamageSet, row y: Int) -> [Range<Int>] {
    var out: [Range<Int>] = []
    d.forEachSpan(inRow: y) { out.append($0..<$1) }
    return out
}

private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Rect { Rect(x: x, y: y, width: w, height: h) }

@Suite("Damage set: merging, capacity, spans")
struct DamageSetTests {
    @Test("an empty set has no rects, empty bounds and no spans")
    func empty() {
        var d = DamageSet()
        #expect(d.isEmpty && d.rects.isEmpty)
        #expect(d.bounds.isEmpty)
        #expect(spans(d, row: 0) == [])
        d.add(.zero)
        d.add(rect(3, 3, 0, 5))
        d.add(rect(3, 3, 5, 0))
        d.add(rect(3, 3, -2, 4))
        #expect(d.isEmpty)
    }

    @Test("overlapping rects merge into their union")
    func overlapMerges() {
        var d = DamageSet()
        d.add(rect(0, 0, 4, 4))
        d.add(rect(2, 2, 4, 4))
        #expect(d.rects == [rect(0, 0, 6, 6)])
    }

    @Test("a rect inside another adds nothing; one around it replaces it")
    func containment() {
        var d = DamageSet()
        d.add(rect(0, 0, 10, 10))
        d.add(rect(2, 2, 3, 3))
        #expect(d.rects == [rect(0, 0, 10, 10)])
        d.add(rect(-1, -1, 20, 20))
        #expect(d.rects == [rect(-1, -1, 20, 20)])
    }

    @Test("rects of adjacent rows merge into one")
    func adjacentRowsMerge() {
        var d = DamageSet()
        for y in 0..<5 { d.add(rect(2, y, 10, 1)) }
        #expect(d.rects == [rect(2, 0, 10, 5)])
    }

    @Test("adjacent spans on one row merge into one")
    func adjacentSpansMerge() {
        var d = DamageSet()
        d.add(rect(0, 5, 3, 1))
        d.add(rect(3, 5, 4, 1))
        d.add(rect(7, 5, 1, 1))
        #expect(d.rects == [rect(0, 5, 8, 1)])
    }

    @Test("a merge can cascade: a rect bridging two others joins all three")
    func cascade() {
        var d = DamageSet()
        d.add(rect(0, 0, 2, 1))
        d.add(rect(4, 0, 2, 1))
        #expect(d.rects.count == 2)
        d.add(rect(1, 0, 4, 1))
        #expect(d.rects == [rect(0, 0, 6, 1)])
    }

    @Test("distant rects stay apart")
    func distantStayApart() {
        var d = DamageSet()
        d.add(rect(0, 0, 1, 1))
        d.add(rect(10, 10, 1, 1))
        d.add(rect(20, 0, 1, 1))
        #expect(Set(d.rects) == [rect(0, 0, 1, 1), rect(10, 10, 1, 1), rect(20, 0, 1, 1)])
        #expect(d.bounds == rect(0, 0, 21, 11))
    }

    @Test("never more than capacity rects, and every added cell stays covered")
    func capacity() {
        var d = DamageSet()
        var added: [Rect] = []
        for i in 0..<100 {
            // Single cells on a sparse diagonal grid, so none merge on arrival.
            let r = rect((i * 7) % 97 * 3, i * 3, 1, 1)
            d.add(r)
            added.append(r)
            #expect(d.rects.count <= DamageSet.capacity)
        }
        #expect(d.rects.count == DamageSet.capacity)
        for r in added { #expect(d.rects.contains { $0.contains(r) }, "\(r)") }
    }

    @Test("removeAll forgets everything")
    func removeAll() {
        var d = DamageSet()
        d.add(rect(1, 1, 2, 2))
        d.removeAll()
        #expect(d.isEmpty && d.bounds == .zero)
    }

    @Test("forEachSpan yields sorted, disjoint spans of the rects crossing a row")
    func spansOfARow() {
        var d = DamageSet()
        d.add(rect(30, 0, 5, 3))
        d.add(rect(0, 1, 4, 1))
        d.add(rect(10, 1, 2, 10))
        #expect(d.rects.count == 3)
        #expect(spans(d, row: 0) == [30..<35])
        #expect(spans(d, row: 1) == [0..<4, 10..<12, 30..<35])
        #expect(spans(d, row: 5) == [10..<12])
        #expect(spans(d, row: 11) == [])
        #expect(spans(d, row: -1) == [])
    }

    @Test("forEachSpan joins rects that touch on a row into one span")
    func spansJoin() {
        // Rects that overlap are merged on arrival, so on a row the set's
        // spans can only touch; these three stay apart (merging would waste
        // cells) but meet end to end on row 0.
        var d = DamageSet()
        d.add(rect(0, 0, 10, 1))
        d.add(rect(10, -20, 1, 21))
        d.add(rect(11, 0, 1, 30))
        #expect(d.rects.count == 3)
        #expect(spans(d, row: 0) == [0..<12])
        #expect(spans(d, row: -5) == [10..<11])
        #expect(spans(d, row: 5) == [11..<12])
    }

    @Test("random adds: capacity holds, bounds and rects cover every added cell, spans are exact",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomProperty(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let columns = 200, rows = 60
        var d = DamageSet()
        var added: [Rect] = []
        let count = Int.random(in: 1...300, using: &rng)
        for _ in 0..<count {
            let small = Bool.random(using: &rng)
            let r = rect(Int.random(in: 0..<columns, using: &rng), Int.random(in: 0..<rows, using: &rng),
                         Int.random(in: 1...(small ? 3 : 40), using: &rng), Int.random(in: 1...(small ? 1 : 10), using: &rng))
            d.add(r)
            added.append(r)
            #expect(d.rects.count <= DamageSet.capacity)
            #expect(d.rects.allSatisfy { !$0.isEmpty })
            #expect(d.bounds.contains(r))
        }
        let bounds = d.bounds
        for r in added { #expect(bounds.contains(r)) }

        // Every cell of every added rect is covered by some rect of the set.
        var covered = Set<Int>()
        for r in d.rects { for y in r.y..<r.maxY { for x in r.x..<r.maxX { covered.insert(y * 1000 + x) } } }
        var missing = 0
        for r in added { for y in r.y..<r.maxY { for x in r.x..<r.maxX where !covered.contains(y * 1000 + x) { missing += 1 } } }
        #expect(missing == 0)

        // Per row: spans sorted, disjoint and not touching, and their union is
        // exactly the columns the set's rects cover on that row.
        for y in -1...(rows + 12) {
            let s = spans(d, row: y)
            for (a, b) in zip(s, s.dropFirst()) { #expect(a.upperBound < b.lowerBound, "row \(y): \(s)") }
            var fromSpans = Set<Int>()
            for span in s { #expect(!span.isEmpty); fromSpans.formUnion(span) }
            var fromRects = Set<Int>()
            for r in d.rects where y >= r.y && y < r.maxY { fromRects.formUnion(r.x..<r.maxX) }
            #expect(fromSpans == fromRects, "row \(y)")
        }
    }
}
