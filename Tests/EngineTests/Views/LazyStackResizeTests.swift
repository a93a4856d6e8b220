import Testing
@testable import Engine

private struct LazyRow: View, @MainActor Equatable {
    var index: Int
    var body: some View {
        HStack {
            Text("row \(index)")
            Spacer()
            Text("value \(index * 7)")
        }
    }
}

private struct LazyList: View, @MainActor Equatable {
    var offset: Int
    var body: some View {
        ScrollView(offset: offset) {
            LazyVStack(alignment: .leading) {
                ForEach(0..<200) { LazyRow(index: $0) }
            }
        }
    }
}

@MainActor
@Suite("LazyVStack under resizing")
struct LazyStackResizeTests {
    fileprivate func fresh(_ view: LazyList, columns: Int, rows: Int) -> [String] {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        return host.textRows
    }

    @Test("every frame of a resize storm equals a fresh render at that size", arguments: 0..<3)
    func resizeStorm(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 77)
        let host = FramePipeline(columns: 40, rows: 10)
        var differing: [String] = []
        for frame in 0..<60 {
            let columns = 6 + Int(random.next() % 30), rows = 2 + Int(random.next() % 10)
            let offset = Int(random.next() % 20)
            host.resize(columns: columns, rows: rows)
            let view = LazyList(offset: offset)
            host.render(view)
            let expected = fresh(view, columns: columns, rows: rows)
            if host.textRows != expected {
                differing.append("frame \(frame) \(columns)x\(rows) offset \(offset):\n\(host.textRows.joined(separator: "\n"))\n-- fresh:\n\(expected.joined(separator: "\n"))")
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of 60 frames differ; first: \(differing.first ?? "")")
    }

    @Test("narrow then wide again: rows go back to one line each")
    func shrinkThenGrow() {
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(LazyList(offset: 0))
        let wide = host.textRows
        host.resize(columns: 8, rows: 6)
        host.render(LazyList(offset: 0))
        host.resize(columns: 40, rows: 6)
        host.render(LazyList(offset: 0))
        #expect(host.textRows == wide)
    }
}
