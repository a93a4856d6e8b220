import Testing

@testable import Engine

/// Counts the bodies of ``CountedCell`` evaluated.
private final class Evaluations: @unchecked Sendable {
    var count = 0
}

/// A cell whose body counts its evaluations; equal when its index is
/// (so an unchanged cell is skipped).
private struct CountedCell: View, Equatable {
    var index: Int
    let evaluations: Evaluations
    var body: some View {
        evaluations.count += 1
        return Text("i\(index)")
    }
    nonisolated static func == (a: Self, b: Self) -> Bool { a.index == b.index && a.evaluations === b.evaluations }
}

/// `count` texts "c0"… in a lazy vertical grid of `columns` in a scroll view.
private struct TextGrid: View {
    var columns: [GridItem]
    var count = 12
    var alignment = HorizontalAlignment.leading
    var spacing: Int?
    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, alignment: alignment, spacing: spacing) {
                ForEach(0..<count, id: \.self) { Text("c\($0)") }
            }
        }
        // The tests are about the cells, not the scroll indicator.
        .scrollIndicators(.hidden)
    }
}

/// A cell with a counter that `+` increments (when focused).
private struct CounterCell: View {
    var index: Int
    @State var count = 0
    var body: some View {
        Text("\(index):\(count)")
    }
}

@MainActor
@Suite("Lazy grids and LazyHStack: GridItem sizes, laziness by line, horizontal scrolling")
struct LazyGridTests {
    private func tracks(_ items: [GridItem], in available: Int?, spacing: Int = 1) -> [[Int]] {
        GridTracks(items, available: available, defaultSpacing: spacing).tracks.map { [$0.offset, $0.length] }
    }

    @Test("fixed items first, then flexible ones share what remains in order, leftover cells to the later ones")
    func fixedAndFlexible() {
        // 30 - 2 spacing - 4 fixed = 24: 12 and 12.
        #expect(tracks([GridItem(.fixed(4)), GridItem(.flexible()), GridItem(.flexible())], in: 30) == [[0, 4], [5, 12], [18, 12]])
        // 31: 25 → 12 (25 / 2, rounded down), then the 13 left.
        #expect(tracks([GridItem(.fixed(4)), GridItem(.flexible()), GridItem(.flexible())], in: 31) == [[0, 4], [5, 12], [18, 13]])
        // A maximum leaves the rest to the next item.
        #expect(tracks([GridItem(.flexible(minimum: 2, maximum: 5)), GridItem(.flexible())], in: 30) == [[0, 5], [6, 24]])
        // The default minimum is 10 cells (SwiftUI's 10 points) and holds when the grid is too narrow: it overflows.
        #expect(tracks([GridItem(.flexible()), GridItem(.flexible())], in: 20) == [[0, 10], [11, 10]])
        let narrow = GridTracks([GridItem(.flexible(minimum: 20)), GridItem(.flexible(minimum: 20))], available: 30,
                                defaultSpacing: 1)
        #expect(narrow.tracks.map(\.length) == [20, 20])
        #expect(narrow.length == 41)
        // An item's own spacing is what follows it.
        #expect(tracks([GridItem(.fixed(2), spacing: 3), GridItem(.fixed(2), spacing: 7), GridItem(.fixed(2))], in: 30)
            == [[0, 2], [5, 2], [14, 2]])
    }

    @Test("an adaptive item fits as many tracks of at least its minimum as its share allows")
    func adaptive() {
        // (23 + 1) / (5 + 1) = 4 tracks in 23 - 3 spacing = 20 cells.
        #expect(tracks([GridItem(.adaptive(minimum: 5))], in: 23) == [[0, 5], [6, 5], [12, 5], [18, 5]])
        // Two adaptive items share 30 (31 less one spacing) as two flexible ones would: 15 each.
        #expect(tracks([GridItem(.adaptive(minimum: 5)), GridItem(.adaptive(minimum: 4))], in: 31)
            == [[0, 7], [8, 7], [16, 4], [21, 4], [26, 5]])
        // A maximum caps each track; what it leaves goes to the next items.
        #expect(tracks([GridItem(.adaptive(minimum: 10, maximum: 12))], in: 19) == [[0, 12]])
        #expect(tracks([GridItem(.adaptive(minimum: 10, maximum: 12)), GridItem(.flexible())], in: 41) == [[0, 12], [13, 28]])
        // At least one track, however narrow.
        #expect(tracks([GridItem(.adaptive(minimum: 50))], in: 10) == [[0, 10]])
        // A zero minimum does not make millions of tracks.
        #expect(GridTracks([GridItem(.adaptive(minimum: 0), spacing: 0)], available: 1 << 24, defaultSpacing: 0).tracks.count
            == GridTracks.adaptiveLimit)
    }

    @Test("with no length offered every item takes its minimum")
    func ideal() {
        let ideal = GridTracks([GridItem(.fixed(3)), GridItem(.flexible(minimum: 4)), GridItem(.adaptive(minimum: 6))],
                               available: nil, defaultSpacing: 1)
        #expect(ideal.tracks.map(\.length) == [3, 4, 6])
        #expect(ideal.length == 15)
    }

    @Test("a grid of fixed and flexible columns: cells fill rows leading to trailing")
    func fixedAndFlexibleScreen() {
        let host = FramePipeline(columns: 20, rows: 3)
        host.render(TextGrid(columns: [GridItem(.fixed(3)), GridItem(.flexible(minimum: 2)), GridItem(.flexible(minimum: 2))]))
        // 20 - 2 - 3 = 15: columns of 3, 7 and 8 at 0, 4 and 12.
        #expect(host.textRows == ["c0  c1      c2      ",
                                  "c3  c4      c5      ",
                                  "c6  c7      c8      "])
    }

    @Test("cells sit in their column by the grid's alignment, or their item's")
    func alignment() {
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(TextGrid(columns: [GridItem(.flexible(minimum: 1)), GridItem(.flexible(minimum: 1), alignment: .trailing)],
                             alignment: .center))
        // Columns of 9 and 10: "c0" centred in 9 (offset 3), "c1" at the end of 10.
        #expect(host.textRows == ["   c0             c1",
                                  "   c2             c3"])
    }

    @Test("fixed columns narrower than the grid sit by its alignment; row spacing is the grid's")
    func narrowColumns() {
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(TextGrid(columns: [GridItem(.fixed(2)), GridItem(.fixed(2))], alignment: .trailing, spacing: 1))
        #expect(host.textRows == ["       c0 c1", "            ", "       c2 c3"])
    }

    @Test("a mix of fixed, adaptive and flexible items")
    func mixedScreen() {
        let host = FramePipeline(columns: 24, rows: 2)
        host.render(TextGrid(columns: [GridItem(.fixed(3)), GridItem(.adaptive(minimum: 4)), GridItem(.flexible(minimum: 5))]))
        // 24 - 2 - 3 = 19: the adaptive share is 9 → (9 + 1) / 5 = 2 tracks of 4; the flexible one gets 10.
        #expect(host.textRows == ["c0  c1   c2   c3        ",
                                  "c4  c5   c6   c7        "])
    }

    @Test("an adaptive grid reflows when the screen is resized")
    func adaptiveReflow() {
        let host = FramePipeline(columns: 20, rows: 2)
        let grid = TextGrid(columns: [GridItem(.adaptive(minimum: 4))])
        host.render(grid)
        // (20 + 1) / 5 = 4 tracks: 4, 4, 4 and 5 in 17.
        #expect(host.textRows == ["c0   c1   c2   c3   ", "c4   c5   c6   c7   "])
        host.resizeScreen(columns: 12, rows: 2)
        #expect(host.textRows == ["c0    c1    ", "c2    c3    "])
        host.resizeScreen(columns: 20, rows: 2)
        #expect(host.textRows == ["c0   c1   c2   c3   ", "c4   c5   c6   c7   "])
    }

    @Test("the wheel scrolls a grid by rows and every position looks as a fresh render does")
    func scrolling() {
        let grid = TextGrid(columns: [GridItem(.flexible(minimum: 1)), GridItem(.flexible(minimum: 1))], count: 21)
        let host = FramePipeline(columns: 10, rows: 3)
        host.render(grid)
        #expect(host.textRows == ["c0   c1   ", "c2   c3   ", "c4   c5   "])
        host.scroll(column: 2, row: 1, lines: 1)
        #expect(host.textRows == ["c6   c7   ", "c8   c9   ", "c10  c11  "])
        host.scroll(column: 2, row: 1, lines: 5)
        // 11 rows in 3: the end stops at row 8; the last row has one cell.
        #expect(host.textRows == ["c16  c17  ", "c18  c19  ", "c20       "])
        host.scroll(column: 2, row: 1, lines: -1)
        #expect(host.textRows == ["c10  c11  ", "c12  c13  ", "c14  c15  "])
    }

    @Test("at 100,000 items only the visible rows' cells are evaluated, and an unchanged frame evaluates no body")
    func evaluationCount() {
        struct Big: View, Equatable {
            var offset: Int
            let evaluations: Evaluations
            nonisolated static func == (a: Self, b: Self) -> Bool { a.offset == b.offset && a.evaluations === b.evaluations }
            var body: some View {
                ScrollView(offset: offset) {
                    LazyVGrid(columns: Array(repeating: GridItem(.flexible(minimum: 4)), count: 4)) {
                        ForEach(0..<100_000, id: \.self) { CountedCell(index: $0, evaluations: evaluations) }
                    }
                }
            }
        }
        let evaluations = Evaluations()
        let host = FramePipeline(columns: 40, rows: 10)
        host.render(Big(offset: 0, evaluations: evaluations))
        // Ten rows of four.
        #expect(evaluations.count == 40)
        #expect(host.graph.liveNodes < 200)
        #expect(host.textRows[9].contains("i39"))
        evaluations.count = 0
        host.render(Big(offset: 0, evaluations: evaluations))
        #expect(evaluations.count == 0)
        #expect(host.graph.statistics.bodyEvaluations == 0)
        // One row down: the one new row's four cells.
        host.render(Big(offset: 1, evaluations: evaluations))
        #expect(evaluations.count == 4)
        #expect(host.textRows[0].contains("i4") && host.textRows[9].contains("i43"))
        // Far down: ten rows' cells, and still only what shows is alive.
        evaluations.count = 0
        host.render(Big(offset: 20_000, evaluations: evaluations))
        #expect(evaluations.count == 40)
        #expect(host.textRows[0].contains("i80000"))
        #expect(host.graph.liveNodes < 200)
    }

    @Test("cells keep their state while they stay in view; a cell scrolled out and back starts fresh, as a LazyVStack's row")
    func cellState() {
        struct Counters: View {
            var offset: Int
            var body: some View {
                ScrollView(offset: offset) {
                    LazyVGrid(columns: [GridItem(.fixed(5)), GridItem(.fixed(5))], alignment: .leading) {
                        ForEach(0..<100, id: \.self) { CounterCell(index: $0) }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        let host = FramePipeline(columns: 11, rows: 3)
        host.render(Counters(offset: 0))
        let cell = host.graph.allNodes().first { host.graph.path(of: $0).hasSuffix("CounterCell[id: 3]") }!
        (cell.firstStateSlot as! StateBox<Int>).set(7)
        host.renderIfNeeded()
        #expect(host.textRows[1] == "2:0   3:7  ")
        // One row down: cell 3 is still in view (and the same node), so its count holds.
        host.render(Counters(offset: 1))
        #expect(host.textRows[0] == "2:0   3:7  ")
        // Out of view and back: detached, then made again.
        host.render(Counters(offset: 10))
        host.render(Counters(offset: 0))
        #expect(host.textRows[1] == "2:0   3:0  ")
    }

    @Test("content that is not a ForEach is laid out as a grid, all of it evaluated")
    func staticContent() {
        struct Static: View {
            var body: some View {
                LazyVGrid(columns: [GridItem(.fixed(3)), GridItem(.fixed(3))], alignment: .leading) {
                    Text("a")
                    Text("bb")
                    Text("ccc")
                }
            }
        }
        let host = FramePipeline(columns: 7, rows: 2)
        host.graph.rootAlignment = Alignment(horizontal: .leading, vertical: .top)
        host.render(Static())
        #expect(host.textRows == ["a   bb ", "ccc    "])
    }

    @Test("LazyHStack in a horizontal scroll view: columns in view, the wheel scrolls sideways")
    func lazyHStack() {
        struct Strip: View {
            var body: some View {
                ScrollView(.horizontal) {
                    LazyHStack { ForEach(0..<100_000, id: \.self) { Text("h\($0 % 10)") } }
                }
            }
        }
        let host = FramePipeline(columns: 10, rows: 1)
        host.render(Strip())
        #expect(host.textRows == ["h0 h1 h2 h"])
        #expect(host.graph.liveNodes < 40)
        host.scroll(column: 3, row: 0, lines: 1)
        #expect(host.textRows == ["h1 h2 h3 h"])
        host.send(.mouse(MouseEvent(kind: .scrollRight, button: .none, column: 3, row: 0)))
        #expect(host.textRows == ["h2 h3 h4 h"])
        host.send(.mouse(MouseEvent(kind: .scrollLeft, button: .none, column: 3, row: 0)))
        #expect(host.textRows == ["h1 h2 h3 h"])
    }

    @Test("LazyHGrid fills columns top to bottom; columns as wide as the widest cell in view")
    func lazyHGrid() {
        struct Columns: View {
            var offset: Int
            var body: some View {
                ScrollView(.horizontal, offset: offset) {
                    LazyHGrid(rows: [GridItem(.fixed(1)), GridItem(.fixed(1))]) {
                        ForEach(0..<10, id: \.self) { Text($0 == 1 ? "x1!" : "c\($0)") }
                    }
                }
                // The test is about the cells, not the scroll indicator.
                .scrollIndicators(.hidden)
            }
        }
        let host = FramePipeline(columns: 9, rows: 2)
        host.render(Columns(offset: 0))
        // Cell 1 is 3 wide: every column in view is, 1 apart, cells centred (rounded to the leading side).
        #expect(host.textRows == ["c0  c2  c", "x1! c3  c"])
        // Cell 1 out of view: columns 2 wide; the content is narrower and the offset stops at its end (5).
        host.render(Columns(offset: 8))
        #expect(host.textRows == [" c4 c6 c8", " c5 c7 c9"])
        let fresh = FramePipeline(columns: 9, rows: 2)
        fresh.render(Columns(offset: 8))
        #expect(host.textRows == fresh.textRows)
    }

    @Test("scrollTo a grid cell never evaluated brings its row into view")
    func scrollToCell() {
        struct Reader: View {
            var body: some View {
                ScrollViewReader { proxy in
                    ScrollView {
                        LazyVGrid(columns: [GridItem(.flexible(minimum: 1)), GridItem(.flexible(minimum: 1))], alignment: .leading) {
                            ForEach(0..<10_000, id: \.self) { Text("n\($0)") }
                        }
                    }
                    .scrollIndicators(.hidden)
                    .onKeyPress(.end) { proxy.scrollTo(9_999); return .handled }
                    .onKeyPress("t") { proxy.scrollTo(501, anchor: .top); return .handled }
                }
            }
        }
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(Reader())
        host.press(.end)
        #expect(host.textRows == ["n9996 n9997 ", "n9998 n9999 "])
        host.press(.character("t"))
        #expect(host.textRows == ["n500  n501  ", "n502  n503  "])
    }

    @Test("sizes and spacings out of range neither trap nor hang")
    func hostileSizes() {
        struct Hostile: View {
            var body: some View {
                ScrollView {
                    LazyVGrid(columns: [GridItem(.fixed(.max), spacing: .min), GridItem(.flexible(minimum: .max, maximum: -5)),
                                        GridItem(.adaptive(minimum: -3, maximum: .min), spacing: .max), GridItem(.fixed(.min))],
                              spacing: .min) {
                        ForEach(0..<1_000, id: \.self) { Text("h\($0)") }
                    }
                }
            }
        }
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(Hostile())
        host.scroll(column: 1, row: 1, lines: 3)
        host.resizeScreen(columns: 5, rows: 2)
        #expect(host.textRows.count == 2)
        #expect(host.graph.liveNodes < 200)
    }

    @Test("Tab to a button past the trailing edge of a horizontal scroll view scrolls it into view, and back")
    func focusScrollsSideways() {
        struct Buttons: View {
            var body: some View {
                ScrollView(.horizontal) {
                    HStack { ForEach(0..<10, id: \.self) { i in Button("b\(i)") {} } }
                }
            }
        }
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(Buttons())
        #expect(host.textRows[0] == "[ b0 ] [ b1 ")
        for _ in 0..<6 { host.press(.tab) }
        // Focus is on b6: it shows at the trailing edge.
        #expect(host.textRows[0].hasSuffix("[ b6 ]"), "\(host.textRows)")
        for _ in 0..<6 { host.press(.tab, modifiers: .shift) }
        #expect(host.textRows[0] == "[ b0 ] [ b1 ", "\(host.textRows)")
    }
}
