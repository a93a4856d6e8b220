import Testing
@testable import Engine

/// One line of twenty characters in a horizontal scroll view two rows high.
private struct Strip: View {
    var visibility = ScrollIndicatorVisibility.automatic
    var axes: Axis.Set = [.vertical, .horizontal]
    var body: some View {
        ScrollView(.horizontal) { Text("0123456789abcdefghij") }
            .scrollIndicators(visibility, axes: axes)
            .frame(width: 10, height: 2)
    }
}

/// Ten lines of fifteen characters ("row0-abcdefghij"), scrolling both ways
/// in a viewport eight columns by four rows.
private struct Sheet: View {
    var body: some View {
        ScrollView([.horizontal, .vertical]) {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<10) { i in Text("row\(i)-abcdefghij") }
            }
        }
        .frame(width: 8, height: 4)
    }
}

@MainActor
@Suite("Horizontal and two-axis scrolling, and their indicators")
struct ScrollAxesTests {
    func host<V: View>(_ view: V, columns: Int, rows: Int) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        host.renderIfNeeded()
        return host
    }

    func wheel(_ host: FramePipeline, _ kind: MouseEvent.Kind, column: Int = 1, row: Int = 0,
               modifiers: EventModifiers = []) {
        host.send(.mouse(MouseEvent(kind: kind, button: .none, column: column, row: row, modifiers: modifiers)))
        host.renderIfNeeded()
    }

    @Test func aHorizontalScrollViewShowsADimTrackAndAThumbInItsLastRow() {
        let host = host(Strip(), columns: 10, rows: 2)
        // 10 of 20 columns show: a five-cell thumb at the leading end.
        #expect(host.textRows == ["0123456789", "█████─────"])
        let legend = host.styleLegend
        let track = Array(host.styleRows[1]).last!
        let thumb = Array(host.styleRows[1]).first!
        #expect(track != thumb)
        #expect(legend.first { $0.hasPrefix("\(track) ") }?.contains("dim") == true, "\(legend)")
    }

    @Test func theSidewaysWheelAndShiftWheelScrollItAndTheThumbFollows() {
        let host = host(Strip(), columns: 10, rows: 2)
        wheel(host, .scrollRight)
        // Offset 3 of 10: the thumb at round(5 × 3/10) = 2 (rounded half up).
        #expect(host.textRows == ["3456789abc", "──█████───"])
        wheel(host, .scrollDown, modifiers: .shift)
        #expect(host.textRows == ["6789abcdef", "───█████──"])
        wheel(host, .scrollLeft)
        #expect(host.textRows[0] == "3456789abc")
        // The plain vertical wheel scrolls a horizontal scroll view when no vertical one is under it.
        wheel(host, .scrollUp)
        #expect(host.textRows == ["0123456789", "█████─────"])
    }

    @Test func draggingTheHorizontalThumbAndClickingItsTrack() {
        let host = host(Strip(), columns: 10, rows: 2)
        host.drag(from: (1, 1), to: (9, 1))
        #expect(host.textRows == ["abcdefghij", "─────█████"])
        // Back by two cells: offset round(3 × 10/5) = 6.
        host.drag(from: (6, 1), to: (4, 1))
        #expect(host.textRows == ["6789abcdef", "───█████──"])
        // A click in the track before the thumb pages back a viewport's width.
        host.click(column: 0, row: 1)
        #expect(host.textRows[0] == "0123456789")
        host.click(column: 8, row: 1)
        #expect(host.textRows[0] == "abcdefghij")
    }

    @Test func theHorizontalAxisOfScrollIndicatorsHidesOnlyTheHorizontalIndicator() {
        let hidden = host(Strip(visibility: .hidden, axes: .horizontal), columns: 10, rows: 2)
        #expect(hidden.textRows == ["0123456789", "          "])
        let verticalOnly = host(Strip(visibility: .hidden, axes: .vertical), columns: 10, rows: 2)
        #expect(verticalOnly.textRows == ["0123456789", "█████─────"])
    }

    @Test func bothAxesScrollWithBothIndicators() {
        let host = host(Sheet(), columns: 8, rows: 4)
        // 7 × 3 of 15 × 10 show: thumbs of round(3 × 3/10) = 1 and round(7 × 7/15) = 3 cells.
        #expect(host.textRows == ["row0-ab█", "row1-ab│", "row2-ab│", "███──── "])
        wheel(host, .scrollDown)
        #expect(host.textRows == ["row3-ab│", "row4-ab█", "row5-ab│", "███──── "])
        wheel(host, .scrollRight)
        // Offset 3 of 8: the thumb at round(4 × 3/8) = 2.
        #expect(host.textRows == ["3-abcde│", "4-abcde█", "5-abcde│", "──███── "])
        wheel(host, .scrollDown, modifiers: .shift)
        #expect(host.textRows == ["bcdefgh│", "bcdefgh█", "bcdefgh│", "───███─ "])
        wheel(host, .scrollDown, modifiers: .shift)
        // The content's end (15 - 7 = 8) stops it.
        #expect(host.textRows == ["defghij│", "defghij█", "defghij│", "────███ "])
        // The vertical thumb drags the rows: offset round(2 × 7/2) = 7, the last rows.
        host.drag(from: (7, 1), to: (7, 2))
        #expect(host.textRows == ["defghij│", "defghij│", "defghij█", "────███ "])
    }

    @Test func focusScrollsATwoAxisScrollViewBothWays() {
        struct Grid: View {
            var body: some View {
                ScrollView([.horizontal, .vertical]) {
                    VStack(alignment: .leading, spacing: 0) {
                        ForEach(0..<6) { r in
                            HStack(spacing: 1) { ForEach(0..<6) { c in Button("b\(r)\(c)") {} } }
                        }
                    }
                }
                .scrollIndicators(.hidden)
                .frame(width: 16, height: 3)
            }
        }
        let host = host(Grid(), columns: 16, rows: 3)
        #expect(host.textRows[0].hasPrefix("[ b00 ] [ b01 ]"), "\(host.textRows)")
        // Tab to b45 (reading order: 6 a row), past both the trailing and the bottom edge.
        for _ in 0..<29 { host.press(.tab) }
        #expect(host.textRows[2].hasSuffix("[ b45 ]"), "\(host.textRows)")
        // Shift-Tab back to b00: it scrolls back up and to the leading edge.
        for _ in 0..<29 { host.press(.tab, modifiers: .shift) }
        #expect(host.textRows[0].hasPrefix("[ b00 ]"), "\(host.textRows)")
    }

    @Test func scrollToMovesATwoAxisScrollViewBothWays() {
        struct Reader: View {
            var body: some View {
                ScrollViewReader { proxy in
                    ScrollView([.horizontal, .vertical]) {
                        VStack(alignment: .leading, spacing: 0) {
                            ForEach(0..<20, id: \.self) { i in Text("x\(i)").id("x\(i)").padding(.leading, i) }
                        }
                    }
                    .scrollIndicators(.hidden)
                    .frame(width: 6, height: 2)
                    .onKeyPress("j") { proxy.scrollTo("x15"); return .handled }
                    .onKeyPress("t") { proxy.scrollTo("x12", anchor: .top); return .handled }
                }
            }
        }
        let host = host(Reader(), columns: 6, rows: 2)
        host.press(.character("j"))
        // Row 15 is "x15" after 15 columns of padding: the least scrolling
        // that shows it puts it at the bottom and at the trailing edge.
        #expect(host.textRows == ["  x14 ", "   x15"], "\(host.textRows)")
        // `.top` is the top centre (SwiftUI's `UnitPoint.top`): the row
        // goes to the top and, sideways, its middle column ("1") to the
        // viewport's middle one (column 3).
        host.press(.character("t"))
        #expect(host.textRows == ["  x12 ", "   x13"], "\(host.textRows)")
    }

    @Test func anUnchangedFrameWritesNothingAndScrollingSidewaysEvaluatesNoBody() {
        let host = host(Sheet(), columns: 8, rows: 4)
        host.graph.recordsEvaluations = true
        #expect(host.update() == 0)
        #expect(host.graph.evaluationLog.isEmpty)
        wheel(host, .scrollRight)
        #expect(host.textRows[0] == "0-abcde█")
        #expect(host.graph.evaluationLog.isEmpty, "\(host.graph.evaluationLog)")
        #expect(host.update() == 0)
    }
}
