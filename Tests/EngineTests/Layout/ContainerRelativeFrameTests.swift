import Testing

@testable import Engine

/// Seven cards "card <i>" in a lazy row in a horizontal scroll view, three
/// to a page (`count: 3`, one cell between); "n" pages on.
private struct Cards: View {
    var body: some View {
        ScrollViewReader { proxy in
            ScrollView(.horizontal) {
                LazyHStack(spacing: 1) {
                    ForEach(0..<7, id: \.self) { i in
                        Text("card \(i)")
                            .containerRelativeFrame(.horizontal, count: 3, span: 1, spacing: 1, alignment: .leading)
                    }
                }
            }
            .scrollIndicators(.hidden)
            .onKeyPress("n") { proxy.scrollTo(3, anchor: .leading); return .handled }
        }
    }
}

/// A title over a scroll view of three pages, each as tall as the scroll
/// view shows; "b" shows or hides a banner that makes the scroll view shorter.
private struct Pages: View {
    @State var banner = false
    var body: some View {
        ScrollViewReader { proxy in
            VStack(alignment: .leading, spacing: 0) {
                Text("title")
                if banner { Text("banner") }
                ScrollView {
                    VStack(alignment: .leading, spacing: 0) {
                        ForEach(0..<3, id: \.self) { i in
                            VStack(alignment: .leading, spacing: 0) {
                                Text("page \(i)")
                                Spacer()
                                Text("end \(i)")
                            }
                            .containerRelativeFrame(.vertical, alignment: .top)
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
            .onKeyPress("1") { proxy.scrollTo(1, anchor: .top); return .handled }
            .onKeyPress("b") { banner.toggle(); return .handled }
        }
    }
}

@MainActor
@Suite("containerRelativeFrame: sizes from the nearest scroll view's visible size, else the window's")
struct ContainerRelativeFrameTests {
    func trimmed(_ host: FramePipeline) -> [String] {
        host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("a paging row: three cards a page, a piece (32 − 2) / 3 = 10 cells, one cell between")
    func pagingRowOfCards() {
        let host = FramePipeline(columns: 32, rows: 2)
        host.render(Cards())
        #expect(trimmed(host) == ["card 0     card 1     card 2", ""])
        host.press(.character("n"))
        // Card 3 at the leading edge (offset 3 × 11).
        #expect(trimmed(host) == ["card 3     card 4     card 5", ""])
    }

    @Test("span: two pieces and the spacing between them, 2 × 10 + 1 = 21")
    func span() {
        let host = FramePipeline(columns: 32, rows: 1)
        host.render(
            HStack(spacing: 1) {
                Text("a").containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 1, alignment: .leading)
                Text("b").containerRelativeFrame(.horizontal, count: 3, span: 1, spacing: 1, alignment: .trailing)
            })
        #expect(host.textRows == ["a" + String(repeating: " ", count: 30) + "b"])
    }

    @Test("the pieces follow the window's width: (44 − 2) / 3 = 14, and back")
    func piecesFollowTheContainer() {
        let host = FramePipeline(columns: 44, rows: 2)
        host.render(Cards())
        #expect(trimmed(host) == ["card 0         card 1         card 2", ""])
        host.resizeScreen(columns: 32, rows: 2)
        #expect(trimmed(host) == ["card 0     card 1     card 2", ""])
    }

    @Test("full-height panes: each page is as tall as the scroll view shows, and follows it when it shrinks")
    func fullHeightPanes() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render(Pages())
        // The scroll view shows 5 rows: page 0 takes them all.
        #expect(trimmed(host) == ["title", "page 0", "", "", "", "end 0"])
        // A banner takes a row: the scroll view shows 4, and page 0 is 4 tall, in the same frame.
        host.press(.character("b"))
        #expect(trimmed(host) == ["title", "banner", "page 0", "", "", "end 0"], "\(trimmed(host))")
        host.press(.character("1"))
        #expect(trimmed(host) == ["title", "banner", "page 1", "", "", "end 1"], "\(trimmed(host))")
        // Without the banner the pages are 5 tall again; the offset (4 rows) stays.
        host.press(.character("b"))
        #expect(trimmed(host) == ["title", "end 0", "page 1", "", "", ""], "\(trimmed(host))")
    }

    @Test("without a scroll view the window is the container; the closure form gets its length and axis")
    func theWindowAndTheClosure() {
        final class Seen: @unchecked Sendable { var calls: [String] = [] }
        let seen = Seen()
        struct Halves: View {
            let seen: Seen
            var body: some View {
                HStack(spacing: 0) {
                    Text("L")
                        .containerRelativeFrame(.horizontal, alignment: .leading) { length, axis in
                            seen.calls.append("\(length) \(axis)")
                            return length / 2
                        }
                    Text("R")
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
        let host = FramePipeline(columns: 20, rows: 1)
        host.render(Halves(seen: seen))
        #expect(host.textRows == ["L         R         "])
        #expect(seen.calls.allSatisfy { $0 == "20 horizontal" } && !seen.calls.isEmpty, "\(seen.calls)")
        host.resizeScreen(columns: 30, rows: 1)
        #expect(host.textRows == ["L              R              "])
    }

    @Test("a full pane in the window: both axes, the content aligned inside")
    func bothAxesInTheWindow() {
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(Text("x").containerRelativeFrame([.horizontal, .vertical], alignment: .bottomTrailing))
        #expect(host.textRows == ["        ", "        ", "       x"])
    }

    @Test("hostile lengths: no piece, a negative span, huge spacing, a closure's huge or negative answer")
    func hostileLengths() {
        struct Hostile: View {
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Text("a").containerRelativeFrame(.horizontal, count: 0, span: -3, spacing: .min)
                    Text("b").containerRelativeFrame(.horizontal, count: .max, span: .max, spacing: .max)
                    Text("c").containerRelativeFrame([.horizontal, .vertical]) { _, _ in .max }
                    Text("d").containerRelativeFrame(.vertical) { _, _ in -5 }
                }
            }
        }
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Hostile())
        #expect(host.textRows.count == 4)
    }

    @Test("an unchanged frame evaluates no body and writes nothing; scrolling the pages evaluates none either")
    func unchangedFrame() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render(Pages())
        host.renderIfNeeded()
        host.update()
        #expect(host.graph.statistics.bodyEvaluations == 0)
        #expect(host.lastByteCount == 0)
        // The wheel scrolls three rows: page 0's last two, then page 1.
        host.scroll(column: 0, row: 3, lines: 1)
        #expect(host.graph.statistics.bodyEvaluations == 0)
        #expect(trimmed(host) == ["title", "", "end 0", "page 1", "", ""])
    }

    @Test("rows of a lazy stack scrolled by: the scroll view keeps only about as many frames as are live")
    func dependentsStayBounded() {
        struct Rows: View {
            var body: some View {
                ScrollView {
                    LazyVStack(spacing: 0) {
                        ForEach(0..<10_000, id: \.self) { i in
                            Text("\(i)").containerRelativeFrame(.horizontal, alignment: .leading) { length, _ in length / 2 }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        let host = FramePipeline(columns: 20, rows: 5)
        host.render(Rows())
        host.renderIfNeeded()
        for _ in 0..<300 { host.scroll(column: 0, row: 0, lines: 1) }
        // Each row's frame is half the width (10), centred by the stack, its text leading in it.
        #expect(host.textRows[0] == "     900            ")
        var pending = [host.graph.root]
        var scroll: ScrollBehavior?
        while let n = pending.popLast() {
            if let s = n.behavior as? ScrollBehavior { scroll = s }
            pending.append(contentsOf: n.children)
        }
        // Five rows live; up to twice the live count (and at least 32) before those gone are dropped.
        #expect((scroll?.container.dependentCount ?? .max) <= 33)
    }

    /// Records each length a closure-form frame is asked for, by name.
    @MainActor final class Lengths {
        var seen: [String: Set<Int>] = [:]
        func frame(_ name: String, _ axis: Axis.Set) -> some View {
            Text(name).containerRelativeFrame(axis, alignment: .topLeading) { [self] length, _ in
                seen[name, default: []].insert(length)
                return length
            }
        }
    }

    @Test("a navigation stack is a container: the area below its bar, not the window")
    func navigationStackIsAContainer() {
        let lengths = Lengths()
        struct Screen: View {
            let lengths: Lengths
            var body: some View {
                VStack(spacing: 0) {
                    Text("header")
                    NavigationStack {
                        lengths.frame("page", .vertical).navigationTitle("Home")
                    }
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 10)
        host.render(Screen(lengths: lengths))
        // The bar's rows above the area: the page starts below them and
        // reaches the window's last row, so it is the area's height.
        let rows = trimmed(host)
        let top = rows.firstIndex { $0.drop { $0 == " " } == "page" }
        #expect(top != nil && top! > 1, "\(rows)")
        if let top { #expect(lengths.seen["page"] == [10 - top], "\(lengths.seen) \(rows)") }
        host.resizeScreen(columns: 20, rows: 14)
        if let top = trimmed(host).firstIndex(where: { $0.drop { $0 == " " } == "page" }) {
            #expect(lengths.seen["page"]?.contains(14 - top) == true, "\(lengths.seen)")
        }
    }

    @Test("each column of a split view is a container: its own width")
    func splitColumnsAreContainers() {
        let lengths = Lengths()
        struct Split: View {
            let lengths: Lengths
            var body: some View {
                NavigationSplitView {
                    lengths.frame("side", .horizontal).navigationSplitViewColumnWidth(12)
                } detail: {
                    lengths.frame("detail", .horizontal)
                }
            }
        }
        let host = FramePipeline(columns: 60, rows: 6)
        host.render(Split(lengths: lengths))
        // The sidebar is 12 wide, a rule, then the detail has the rest.
        #expect(lengths.seen["side"] == [12], "\(lengths.seen)")
        #expect(lengths.seen["detail"] == [60 - 12 - 1], "\(lengths.seen)")
    }

    @Test("a list is a container: the rows' width, without the scroll indicator's column")
    func listIsAContainer() {
        struct Rows: View {
            var body: some View {
                HStack(spacing: 0) {
                    List(0..<40, id: \.self) { i in
                        Text("\(i)").containerRelativeFrame(.horizontal, count: 2, span: 1, spacing: 0, alignment: .trailing)
                    }
                    .frame(width: 21)
                    Text("|")
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
        let host = FramePipeline(columns: 30, rows: 4)
        host.render(Rows())
        // 40 rows overflow: the indicator takes the list's last column, so
        // the rows are 20 wide and each number sits at the end of 10 cells
        // (the window, 30 wide, would make it 15).
        #expect(host.textRows[0].hasPrefix("         0          █"), "\(host.textRows)")
    }
}
