import Testing

@testable import Engine

@MainActor
@Suite("Scroll views: the wheel, focus scrolled into view, scrollTo by id, a position binding")
struct ScrollingTests {
    /// Rows "r0"… as a lazy list inside a self-managed scroll view.
    struct LazyRows: View {
        var count: Int
        var body: some View {
            ScrollView {
                LazyVStack(alignment: .leading) { ForEach(0..<count, id: \.self) { Text("r\($0)") } }
            }
        }
    }

    @Test("the wheel over a scroll view scrolls it three rows a notch, stopping at either end")
    func wheel() {
        let host = FramePipeline(columns: 4, rows: 3)
        host.render((LazyRows(count: 8)).scrollIndicators(.hidden))
        #expect(host.textRows == ["r0  ", "r1  ", "r2  "])
        host.scroll(column: 1, row: 1, lines: 1)
        #expect(host.textRows == ["r3  ", "r4  ", "r5  "])
        host.scroll(column: 1, row: 1, lines: 1)
        #expect(host.textRows == ["r5  ", "r6  ", "r7  "], "the end of the content stops at the viewport's")
        host.scroll(column: 1, row: 1, lines: -1)
        #expect(host.textRows == ["r2  ", "r3  ", "r4  "])
        host.scroll(column: 1, row: 1, lines: -5)
        #expect(host.textRows == ["r0  ", "r1  ", "r2  "])
    }

    @Test("the wheel scrolls the innermost scroll view under the pointer, and a fixed offset never moves")
    func wheelTargets() {
        struct Two: View {
            var body: some View {
                HStack(alignment: .top) {
                    ScrollView(offset: 0) { VStack { ForEach(0..<6, id: \.self) { Text("a\($0)") } } }
                    ScrollView { VStack { ForEach(0..<6, id: \.self) { Text("b\($0)") } } }
                }
            }
        }
        let host = FramePipeline(columns: 5, rows: 2)
        host.render((Two()).scrollIndicators(.hidden))
        #expect(host.textRows == ["a0 b0", "a1 b1"])
        host.scroll(column: 0, row: 0, lines: 1)
        #expect(host.textRows == ["a0 b0", "a1 b1"], "a fixed offset is the app's")
        host.scroll(column: 4, row: 0, lines: 1)
        #expect(host.textRows == ["a0 b3", "a1 b4"])
    }

    @Test("Tab to a button below the viewport scrolls it into view, and Shift-Tab back up")
    func focusScrollsIntoView() {
        struct Buttons: View {
            var body: some View {
                ScrollView {
                    VStack(alignment: .leading) {
                        ForEach(0..<10, id: \.self) { i in Button("b\(i)") {} }
                    }
                }
            }
        }
        let host = FramePipeline(columns: 6, rows: 3)
        host.render((Buttons()).scrollIndicators(.hidden))
        for _ in 0..<4 { host.press(.tab) }
        // Focus is on b4 (b0 has it when the screen appears): it shows on the last row.
        #expect(host.textRows.last?.contains("b4") == true, "\(host.textRows)")
        #expect(host.textRows.first?.contains("b2") == true, "\(host.textRows)")
        for _ in 0..<4 { host.press(.tab, modifiers: .shift) }
        #expect(host.textRows.first?.contains("b0") == true, "\(host.textRows)")
    }

    @Test("scrollTo brings a lazy row that was never evaluated into view, at the anchor asked for")
    func scrollToLazyRow() {
        struct Log: View {
            @State var target: Int? = nil
            @State var anchor: UnitPoint? = nil
            var body: some View {
                ScrollViewReader { proxy in
                    ScrollView {
                        LazyVStack(alignment: .leading) { ForEach(0..<100_000, id: \.self) { Text("line \($0)") } }
                    }
                    .onKeyPress(.end) { proxy.scrollTo(99_999); return .handled }
                    .onKeyPress(.home) { proxy.scrollTo(0); return .handled }
                    .onKeyPress(characters: { $0.isNumber }) { _ in proxy.scrollTo(500, anchor: .center); return .handled }
                    .onKeyPress("t") { proxy.scrollTo(700, anchor: .top); return .handled }
                    .onKeyPress("x") { proxy.scrollTo(123_456_789); return .handled }
                }
            }
        }
        let host = FramePipeline(columns: 12, rows: 4)
        host.render((Log()).scrollIndicators(.hidden))
        #expect(host.textRows.first == "line 0      ")
        host.press(.end)
        #expect(host.textRows == ["line 99996  ", "line 99997  ", "line 99998  ", "line 99999  "])
        host.press(.character("5"))
        #expect(host.textRows == ["line 498    ", "line 499    ", "line 500    ", "line 501    "])
        host.press(.character("t"))
        #expect(host.textRows.first == "line 700    ")
        host.press(.character("x"))
        #expect(host.textRows.first == "line 700    ", "an id no row has changes nothing")
        host.press(.home)
        #expect(host.textRows.first == "line 0      ")
    }

    @Test("a position binding follows the wheel, and setting it scrolls")
    func positionBinding() {
        final class Box: @unchecked Sendable { var seen: [Int] = [] }
        let box = Box()
        struct Bound: View {
            let box: Box
            @State var top = 0
            var body: some View {
                VStack(alignment: .leading) {
                    Text("top \(top)")
                    ScrollView(position: $top) {
                        VStack(alignment: .leading) { ForEach(0..<20, id: \.self) { Text("r\($0)") } }
                    }
                    .frame(height: 3)
                }
                .onKeyPress("g") { top = 10; return .handled }
                .onChange(of: top) { _, new in box.seen.append(new) }
            }
        }
        let host = FramePipeline(columns: 8, rows: 4)
        host.render((Bound(box: box)).scrollIndicators(.hidden))
        #expect(host.textRows == ["top 0   ", "r0      ", "r1      ", "r2      "])
        host.scroll(column: 0, row: 2, lines: 1)
        #expect(host.textRows == ["top 3   ", "r3      ", "r4      ", "r5      "])
        host.press(.character("g"))
        #expect(host.textRows == ["top 10  ", "r10     ", "r11     ", "r12     "])
        #expect(box.seen == [3, 10])
    }

    @Test("a position set past the end shows the end, and the first notch up moves from there")
    func positionPastTheEnd() {
        struct Far: View {
            @State var top = 1_000
            var body: some View {
                ScrollView(position: $top) {
                    VStack(alignment: .leading) { ForEach(0..<10, id: \.self) { Text("r\($0)") } }
                }
            }
        }
        let host = FramePipeline(columns: 3, rows: 2)
        host.render((Far()).scrollIndicators(.hidden))
        #expect(host.textRows == ["r8 ", "r9 "])
        host.scroll(column: 0, row: 0, lines: -1)
        #expect(host.textRows == ["r5 ", "r6 "])
    }
}
