import Testing

@testable import Engine

/// 1,000 rows "row <i>" in a lazy stack in a scroll view of both axes,
/// ten columns by four rows; row 2 is much wider than the others.
private struct Wide: View {
    var alignment = HorizontalAlignment.leading
    var body: some View {
        ScrollView([.horizontal, .vertical]) {
            LazyVStack(alignment: alignment, spacing: 0) {
                ForEach(0..<1_000, id: \.self) { i in Text(i == 2 ? "row 2 is the long one" : "row \(i)") }
            }
        }
        .scrollIndicators(.hidden)
        .frame(width: 10, height: 4)
    }
}

@MainActor
@Suite("A lazy stack in a scroll view of both axes is as wide as its widest row in view")
struct LazyStackTwoAxisTests {
    func wheel(_ host: FramePipeline, _ kind: MouseEvent.Kind) {
        host.send(.mouse(MouseEvent(kind: kind, button: .none, column: 1, row: 1)))
        host.renderIfNeeded()
    }

    @Test("offered no width, the stack takes its widest built row's; the rows show and scroll sideways to its end")
    func widestRowInView() {
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Wide())
        host.renderIfNeeded()
        #expect(host.textRows == ["row 0     ", "row 1     ", "row 2 is t", "row 3     "])
        wheel(host, .scrollRight)
        #expect(host.textRows == [" 0        ", " 1        ", " 2 is the ", " 3        "])
        // The stack is 21 wide: four notches stop at its end (21 − 10 = 11).
        for _ in 0..<4 { wheel(host, .scrollRight) }
        #expect(host.textRows == ["          ", "          ", "e long one", "          "])
    }

    @Test("scrolled past the wide row, the stack is as wide as the rows in view: the sideways offset comes back")
    func widthFollowsTheRowsInView() {
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Wide())
        host.renderIfNeeded()
        wheel(host, .scrollRight)
        wheel(host, .scrollDown)
        // Rows 3…6 are 5 wide, narrower than the viewport: nothing to scroll sideways.
        #expect(host.textRows == ["row 3     ", "row 4     ", "row 5     ", "row 6     "])
        // Back up: the wide row is in view again, and so is the sideways
        // offset the scroll view kept (as an offset past the end shows the end).
        wheel(host, .scrollUp)
        #expect(host.textRows == [" 0        ", " 1        ", " 2 is the ", " 3        "])
    }

    @Test("rows narrower than the widest are placed by the stack's alignment")
    func alignment() {
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Wide(alignment: .trailing))
        host.renderIfNeeded()
        // 21 wide: "row 0" ends at column 21, past the viewport; row 2 fills it.
        #expect(host.textRows == ["          ", "          ", "row 2 is t", "          "])
        for _ in 0..<4 { wheel(host, .scrollRight) }
        #expect(host.textRows == ["     row 0", "     row 1", "e long one", "     row 3"])
    }

    @Test("an unchanged frame evaluates no body and writes nothing")
    func unchangedFrame() {
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Wide())
        host.renderIfNeeded()
        host.update()
        #expect(host.graph.statistics.bodyEvaluations == 0)
        #expect(host.lastByteCount == 0)
    }
}
