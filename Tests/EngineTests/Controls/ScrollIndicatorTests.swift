import Testing
@testable import Engine

/// Twenty numbered lines in a scroll view four rows high.
private struct Lines: View {
    var count = 20
    var visibility = ScrollIndicatorVisibility.automatic
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<count) { i in Text("line \(i)") }
            }
        }
        .scrollIndicators(visibility)
        .frame(width: 10, height: 4)
    }
}

private struct Numbers: Identifiable {
    var id: Int
}

/// A list of `count` rows, four high.
private struct Rows: View {
    var count = 20
    @State private var selected: Int?
    var body: some View {
        List((0..<count).map { Numbers(id: $0) }, selection: $selected) { n in Text("row \(n.id)") }
            .frame(width: 10, height: 4)
    }
}

@MainActor
@Suite("Scroll indicators")
struct ScrollIndicatorTests {
    func host<V: View>(_ view: V, columns: Int = 10, rows: Int = 4) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        host.renderIfNeeded()
        return host
    }

    /// The last column of each row.
    func indicator(_ host: FramePipeline) -> String {
        String(host.textRows.map { $0.last ?? " " })
    }

    @Test func theThumbShowsPositionAndShareAtTopMiddleAndBottom() {
        let host = host(Lines())
        // 4 of 20 rows show: a one-cell thumb (4 × 4/20 rounds to 1) at the top.
        #expect(host.textRows == ["line 0   █", "line 1   │", "line 2   │", "line 3   │"])
        host.scroll(column: 2, row: 1, lines: 3)  // 9 rows down (3 a notch)
        #expect(host.textRows[0].hasPrefix("line 9"))
        // Offset 9 of 16: the thumb at round(3 × 9/16) = 2.
        #expect(indicator(host) == "││█│")
        host.scroll(column: 2, row: 1, lines: 5)  // past the end: stops at 16
        #expect(host.textRows == ["line 16  │", "line 17  │", "line 18  │", "line 19  █"])
    }

    @Test func theThumbLengthIsTheShareShown() {
        let host = host(Lines(count: 8), columns: 10, rows: 4)
        // Half of the content shows: a two-cell thumb.
        #expect(indicator(host) == "██││")
    }

    @Test func automaticHidesTheIndicatorWhenTheContentFitsAndGivesTheColumnBack() {
        let host = host(Lines(count: 4))
        #expect(host.textRows == ["line 0    ", "line 1    ", "line 2    ", "line 3    "])
        // Text as wide as the viewport keeps its last column when it fits.
        struct Wide: View {
            var body: some View {
                ScrollView { Text("0123456789") }.frame(width: 10, height: 2)
            }
        }
        let wide = self.host(Wide(), columns: 10, rows: 2)
        #expect(wide.textRows == ["0123456789", "          "])
    }

    @Test func visibleShowsAFullThumbWhenTheContentFitsAndHiddenAndNeverShowNone() {
        let visible = host(Lines(count: 2, visibility: .visible))
        #expect(visible.textRows == ["line 0   █", "line 1   █", "         █", "         █"])
        for v in [ScrollIndicatorVisibility.hidden, .never] {
            let hidden = host(Lines(count: 20, visibility: v))
            #expect(hidden.textRows == ["line 0    ", "line 1    ", "line 2    ", "line 3    "], "\(v)")
        }
    }

    @Test func onlyTheVerticalAxisHidesTheVerticalIndicator() {
        struct Horizontal: View {
            var body: some View {
                ScrollView { VStack(spacing: 0) { ForEach(0..<9) { i in Text("\(i)") } } }
                    .scrollIndicators(.hidden, axes: .horizontal)
                    .frame(width: 4, height: 3)
            }
        }
        let host = host(Horizontal(), columns: 4, rows: 3)
        #expect(indicator(host) == "█││")
    }

    @Test func theTrackIsDrawnDim() {
        let host = host(Lines())
        let legend = host.styleLegend
        let track = Array(host.styleRows[1]).last!
        let thumb = Array(host.styleRows[0]).last!
        #expect(track != thumb)
        #expect(legend.first { $0.hasPrefix("\(track) ") }?.contains("dim") == true, "\(legend)")
    }

    @Test func draggingTheThumbMovesTheContent() {
        let host = host(Lines())
        // Take the thumb at the top and drag it to the bottom row.
        host.drag(from: (9, 0), to: (9, 3))
        #expect(host.textRows == ["line 16  │", "line 17  │", "line 18  │", "line 19  █"])
        // Drag it one row up: offset round(2 × 16/3) = 11.
        host.drag(from: (9, 3), to: (9, 2))
        #expect(host.textRows[0].hasPrefix("line 11"))
        #expect(indicator(host) == "││█│")
        // Past the track's top, the pointer off the column: the top.
        host.drag(from: (9, 2), to: (3, 0))
        #expect(host.textRows[0].hasPrefix("line 0 "))
    }

    @Test func aClickInTheTrackPages() {
        let host = host(Lines())
        host.click(column: 9, row: 3)
        #expect(host.textRows[0].hasPrefix("line 4 "))
        host.click(column: 9, row: 3)
        #expect(host.textRows[0].hasPrefix("line 8 "))
        host.click(column: 9, row: 0)
        #expect(host.textRows[0].hasPrefix("line 4 "))
    }

    @Test func anUnchangedFrameWritesNothingAndScrollingRepaintsOnlyTheThumbsEnds() {
        let host = host(Lines(count: 12), columns: 10, rows: 4)
        host.graph.recordsEvaluations = true
        #expect(host.update() == 0)
        #expect(host.graph.evaluationLog.isEmpty)
        // A mark on a track cell that does not change: a repaint would erase it.
        #expect(indicator(host) == "█│││")
        host.canvas.write("x", x: 9, y: 3)
        host.scroll(column: 1, row: 1, lines: 1)  // three rows down
        #expect(host.textRows[0].hasPrefix("line 3 "))
        #expect(host.graph.evaluationLog.isEmpty, "\(host.graph.evaluationLog)")
        // The one-cell thumb moved from row 0 to row round(3 × 3/8) = 1: rows 0
        // and 1 were repainted; row 3 was not and keeps the mark.
        #expect(indicator(host) == "│█│x")
    }

    @Test func aListShowsTheIndicatorAndItsThumbDrags() {
        let host = host(Rows())
        #expect(host.textRows == ["row 0    █", "row 1    │", "row 2    │", "row 3    │"])
        host.drag(from: (9, 0), to: (9, 3))
        #expect(host.textRows == ["row 16   │", "row 17   │", "row 18   │", "row 19   █"])
        host.click(column: 9, row: 0)  // the track above the thumb: a page up
        #expect(host.textRows[0] == "row 12   │")
        // Rows that fit: no indicator, the rows as wide as the list.
        let fits = self.host(Rows(count: 3))
        #expect(fits.textRows == ["row 0     ", "row 1     ", "row 2     ", "          "])
    }

    @Test func aTableShowsTheIndicatorBesideItsRows() {
        struct Item: Identifiable {
            var id: Int
        }
        struct Grid: View {
            var body: some View {
                Table((0..<10).map { Item(id: $0) }) {
                    TableColumn("N") { (item: Item) in Text("\(item.id)") }
                }
                .frame(width: 6, height: 4)
            }
        }
        let host = host(Grid(), columns: 6, rows: 4)
        // The header, then three of ten rows: a one-cell thumb.
        #expect(String(host.textRows.dropFirst().map { $0.last! }) == "█││", "\(host.textRows)")
        host.drag(from: (5, 1), to: (5, 3))
        #expect(host.textRows[3].hasPrefix("9"), "\(host.textRows)")
    }
}
