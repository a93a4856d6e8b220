import Testing

@testable import Engine

/// Counts the bodies of ``CountedLine`` evaluated.
private final class Evaluations: @unchecked Sendable {
    var count = 0
    var labels: [String] = []
}

/// A row whose body counts its evaluations; equal when its label is.
private struct CountedLine: View, Equatable {
    var label: String
    let evaluations: Evaluations
    var body: some View {
        evaluations.count += 1
        evaluations.labels.append(label)
        return Text(label)
    }
    nonisolated static func == (a: Self, b: Self) -> Bool { a.label == b.label && a.evaluations === b.evaluations }
}

/// 10,000 rows "row <id>" (ids 0…9,999) in 100 sections "Section <s>" of
/// 100 rows, headers pinned; keys scroll to rows by id.
private struct Book: View {
    let evaluations: Evaluations
    var pinned: PinnedScrollableViews = [.sectionHeaders]
    var body: some View {
        ScrollViewReader { proxy in
            ScrollView {
                LazyVStack(alignment: .leading, pinnedViews: pinned) {
                    ForEach(0..<100, id: \.self) { s in
                        Section(header: Text("Section \(s)")) {
                            ForEach(s * 100..<(s + 1) * 100, id: \.self) { i in
                                CountedLine(label: "row \(i)", evaluations: evaluations)
                            }
                        }
                    }
                }
            }
            .scrollIndicators(.hidden)
            .onKeyPress("t") { proxy.scrollTo(7_342, anchor: .top); return .handled }
            .onKeyPress("e") { proxy.scrollTo(9_999); return .handled }
            .onKeyPress("c") { proxy.scrollTo(5_050, anchor: .center); return .handled }
            .onKeyPress("b") { proxy.scrollTo(150, anchor: .bottom); return .handled }
            .onKeyPress("u") { proxy.scrollTo(7_300); return .handled }
            .onKeyPress("f") { proxy.scrollTo(7_340, anchor: .top); return .handled }
            .onKeyPress("x") { proxy.scrollTo(10_000); return .handled }
            .onKeyPress("n") { proxy.scrollTo(7_342, anchor: UnitPoint(x: .nan, y: .nan)); return .handled }
            .onKeyPress("i") { proxy.scrollTo(7_342, anchor: UnitPoint(x: 0, y: -.infinity)); return .handled }
        }
    }
}

@MainActor
@Suite("scrollTo into the never-built rows of a sectioned lazy stack, below its pinned header")
struct LazySectionScrollToTests {
    func rows(_ host: FramePipeline) -> [String] {
        host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("a row 73 sections down goes to the top, just below its section's pinned header; only the rows shown are built")
    func anchorTopBelowThePinnedHeader() {
        let evaluations = Evaluations()
        let host = FramePipeline(columns: 16, rows: 5)
        host.render(Book(evaluations: evaluations))
        #expect(rows(host) == ["Section 0", "row 0", "row 1", "row 2", "row 3"])
        evaluations.labels = []
        host.press(.character("t"))
        #expect(rows(host) == ["Section 73", "row 7342", "row 7343", "row 7344", "row 7345"])
        // The rows built are those on screen (and the one the header covers), none between.
        #expect(evaluations.labels.count <= 6, "\(evaluations.labels)")
        #expect(Set(evaluations.labels).isSubset(of: ["row 7341", "row 7342", "row 7343", "row 7344", "row 7345"]))
        // Another row of the section, up: below the header again.
        host.press(.character("f"))
        #expect(rows(host) == ["Section 73", "row 7340", "row 7341", "row 7342", "row 7343"])
    }

    @Test("without an anchor the least scrolling shows the row; up, it lands below the pinned header, not under it")
    func leastScrolling() {
        let host = FramePipeline(columns: 16, rows: 5)
        host.render(Book(evaluations: Evaluations()))
        host.press(.character("e"))
        // The last row at the bottom (the end of the content).
        #expect(rows(host) == ["Section 99", "row 9996", "row 9997", "row 9998", "row 9999"])
        // Back up to section 73's first row: the least scrolling puts it
        // at the top, below the header that is pinned there.
        host.press(.character("u"))
        #expect(rows(host) == ["Section 73", "row 7300", "row 7301", "row 7302", "row 7303"])
        // An id no row has changes nothing.
        host.press(.character("x"))
        #expect(rows(host) == ["Section 73", "row 7300", "row 7301", "row 7302", "row 7303"])
    }

    @Test("the centre and the bottom anchors")
    func centreAndBottom() {
        let host = FramePipeline(columns: 16, rows: 5)
        host.render(Book(evaluations: Evaluations()))
        host.press(.character("c"))
        // Lines: 101 per section (the header and 100 rows); row 5,050 is
        // line 50 × 101 + 1 + 50. With the header's line above it, the
        // two lines' middle (the row) goes to the viewport's middle row.
        #expect(rows(host) == ["Section 50", "row 5049", "row 5050", "row 5051", "row 5052"])
        host.press(.character("b"))
        #expect(rows(host) == ["Section 1", "row 147", "row 148", "row 149", "row 150"])
    }

    @Test("unpinned headers: the row goes to the very top")
    func unpinned() {
        let host = FramePipeline(columns: 16, rows: 5)
        host.render(Book(evaluations: Evaluations(), pinned: []))
        host.press(.character("t"))
        #expect(rows(host) == ["row 7342", "row 7343", "row 7344", "row 7345", "row 7346"])
    }

    @Test("an anchor fraction that is not finite counts as 0 (the top); a huge one is held at 2²⁴ cells")
    func hostileAnchors() {
        let host = FramePipeline(columns: 16, rows: 5)
        host.render(Book(evaluations: Evaluations()))
        host.press(.character("n"))
        #expect(rows(host) == ["Section 73", "row 7342", "row 7343", "row 7344", "row 7345"])
        host.press(.character("i"))
        #expect(rows(host) == ["Section 73", "row 7342", "row 7343", "row 7344", "row 7345"])
        #expect(UnitPoint(x: .nan, y: .infinity).offset(in: Size(width: 10, height: 10)) == (0, 0))
        #expect(UnitPoint(x: 1e300, y: -1e300).offset(in: Size(width: 10, height: 10))
                == (LayoutLength.limit, -LayoutLength.limit))
    }
}
