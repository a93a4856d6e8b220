/// The parts of a ``CellBuffer`` written since the last frame, as a few rects.
///
/// Rects that overlap, or whose union costs no more cells than the two apart,
/// are merged as they arrive; when more than ``capacity`` pile up, the pair
/// whose union wastes the fewest cells is merged. The diff looks only inside
/// these rects, so a frame where nothing was written costs O(1).
public struct DamageSet: Sendable {
    /// The most rects kept before merging the cheapest pair.
    public static let capacity = 16

    public private(set) var rects: [Rect] = []

    public init() { rects.reserveCapacity(DamageSet.capacity + 1) }

    @inline(__always) public var isEmpty: Bool { rects.isEmpty }

    /// Where damage can be: added rects are clipped to it (a ``CellBuffer``
    /// sets its bounds); `nil` takes any rect.
    public private(set) var limit: Rect?

    /// Clips every rect to `bounds` and keeps later ones inside it.
    public mutating func clip(to bounds: Rect) {
        limit = bounds
        let old = rects
        rects.removeAll(keepingCapacity: true)
        for r in old { add(r) }
    }

    /// The smallest rect containing all damage.
    public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }

    /// Records `rect` as damaged.
    ///
    /// - Complexity: O(``capacity``²) worst case, O(``capacity``) typically.
    public mutating func add(_ rect: Rect) {
        var r = rect.clamped
        if let limit { r = r.intersection(limit) }
        guard !r.isEmpty else { return }
        // The usual case first: inside the rect added or merged last (a
        // view's children after the view, a row's text after its row).
        if let last = rects.last, last.contains(r) { return }
        var i = 0
        while i < rects.count {
            let o = rects[i]
            if o.contains(r) { return }
            // Apart by a gap on either axis: no overlap, and their union
            // would hold the gap's cells, so they stay apart (the usual case
            // among the rects of a repainted list's rows): four comparisons.
            if r.x > o.maxX || o.x > r.maxX || r.y > o.maxY || o.y > r.maxY {
                i += 1
                continue
            }
            let u = o.union(r)
            if r.contains(o) || !o.intersection(r).isEmpty || u.area <= Rect.sum(o.area, r.area) {
                r = u
                rects.swapAt(i, rects.count - 1)
                rects.removeLast()
                i = 0
                continue
            }
            i += 1
        }
        rects.append(r)
        if rects.count > DamageSet.capacity { mergeCheapestPair() }
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < best.waste { best = (i, j, waste) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(merged)
    }

    /// Forgets all damage (after a frame was written).
    @inline(__always)
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Calls `body` with the damaged column ranges of row `y`, sorted and disjoint.
    @inline(__always)
    func forEachSpan(inRow y: Int, _ body: (Int, Int) -> Void) {
        // At most `capacity` rects: gather the ones crossing this row into a
        // small stack buffer, sort by x and merge.
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: rects.count) { spans in
            var n = 0
            for r in rects where y >= r.y && y < r.maxY {
                spans[n] = (r.x, r.maxX)
                n += 1
            }
            guard n > 0 else { return }
            if n > 1 {
                // insertion sort: n ≤ 16
                for i in 1..<n {
                    let v = spans[i]
                    var j = i - 1
                    while j >= 0 && spans[j].0 > v.0 { spans[j + 1] = spans[j]; j -= 1 }
                    spans[j + 1] = v
                }
            }
            var (start, end) = spans[0]
            for k in 1..<n {
                if spans[k].0 <= end { end = Swift.max(end, spans[k].1) } else {
                    body(start, end)
                    (start, end) = spans[k]
                }
            }
            body(start, end)
        }
    }
}
