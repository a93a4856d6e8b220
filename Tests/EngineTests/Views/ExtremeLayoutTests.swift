import Testing
@testable import Engine

/// Layout with the most extreme values an app can pass: nothing may trap.
@Suite("Layout with extreme modifier values")
struct ExtremeLayoutTests {
    static let extremes = [Int.max, Int.max - 1, Int.min, Int.min + 1, -1, 0, 1, 1 << 40, -(1 << 40)]

    /// Renders `view` on a small screen twice (the second frame reuses caches) and after a resize.
    func render<V: View>(_ view: V) -> [String] {
        let host = FramePipeline(columns: 12, rows: 5)
        host.render(view)
        host.render(view)
        host.resize(columns: 7, rows: 3)
        host.render(view)
        #expect(host.canvas.checkInvariants() == nil)
        return host.textRows
    }

    @Test("padding", arguments: extremes)
    func padding(_ v: Int) {
        _ = render(Text("ab").padding(v))
        _ = render(VStack { Text("a").padding(.leading, v); Text("b").padding(EdgeInsets(top: v, leading: 1, bottom: v, trailing: v)) })
        _ = render(HStack { Text("a").padding(.horizontal, v); Spacer() }.padding(.vertical, v))
    }

    @Test("frame", arguments: extremes)
    func frame(_ v: Int) {
        _ = render(Text("ab").frame(width: v, height: v))
        _ = render(Text("ab").frame(minWidth: v, idealWidth: v, maxWidth: v, minHeight: v, idealHeight: v, maxHeight: v))
        _ = render(Text("ab").frame(minWidth: v, maxWidth: .infinity, minHeight: 0, maxHeight: v, alignment: .bottomTrailing))
        _ = render(HStack { Text("a").frame(width: v); Text("b").frame(maxWidth: v) })
        _ = render(ScrollView { Text("a").frame(height: v) })
    }

    @Test("spacing and offsets", arguments: extremes)
    func spacing(_ v: Int) {
        _ = render(VStack(spacing: v) { Text("a"); Text("b"); Text("c") })
        _ = render(HStack(spacing: v) { Text("a"); Spacer(minLength: v); Text("c") })
        _ = render(ScrollView(offset: v) { VStack { ForEach(0..<20) { Text("row \($0)") } } })
        _ = render(ScrollView(offset: v) { LazyVStack(spacing: v) { ForEach(0..<20) { Text("row \($0)") } } })
    }

    @Test("a lazy stack whose spacing makes its pitch zero or negative shows rows, does not divide by zero")
    func zeroPitch() {
        let rows = render(ScrollView { LazyVStack(spacing: -1) { ForEach(0..<20) { Text("row \($0)") } } })
        #expect(rows[0].contains("row 0"))
        _ = render(ScrollView(offset: 5) { LazyVStack(spacing: -3) { ForEach(0..<20) { Text("row \($0)") } } })
    }

    @Test("a lazy stack of Int.max rows")
    func hugeRowCount() {
        let rows = render(ScrollView(offset: Int.max) { LazyVStack(spacing: 1) { ForEach(0..<Int.max) { Text("row \($0)") } } })
        #expect(rows.count == 3)
    }

    @Test("random extreme combinations never trap", arguments: 0..<4)
    func randomCombinations(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        func pick() -> Int { Self.extremes[Int(random.next() % UInt64(Self.extremes.count))] }
        for _ in 0..<30 {
            let view = VStack(spacing: pick()) {
                Text("x").padding(pick()).frame(minWidth: pick(), maxWidth: pick(), minHeight: pick(), maxHeight: pick())
                HStack(spacing: pick()) { Text("y").padding(.leading, pick()); Spacer(minLength: pick()) }
                ScrollView(offset: pick()) { LazyVStack(spacing: pick()) { ForEach(0..<50) { Text("\($0)").padding(.top, pick() % 3) } } }
            }
            _ = render(view)
        }
    }
}
