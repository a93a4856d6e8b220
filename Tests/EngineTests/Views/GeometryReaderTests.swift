import Testing

@testable import Engine

@MainActor
@Suite("GeometryReader: content built from the size offered, in the same frame")
struct GeometryReaderTests {
    @Test("the content sees the reader's size and frame, and is placed at its top-left")
    func sizeAndPlacement() {
        let host = render(
            HStack(spacing: 0) {
                Text("ab")
                GeometryReader { p in Text("\(p.size.width)x\(p.size.height)@\(p.frame.x)") }
            }, columns: 12, rows: 2)
        #expect(host.textRows == ["ab10x2@2    ", "            "])
    }

    @Test("a resize rebuilds the content in the same frame; its state lives on")
    func resize() {
        struct Counter: View {
            var width: Int
            @State var presses = 0
            var body: some View {
                Text("w\(width) n\(presses)").onKeyPress("+") { presses += 1; return .handled }
            }
        }
        let host = FramePipeline(columns: 10, rows: 1)
        host.graph.rootAlignment = Alignment(horizontal: .leading, vertical: .top)
        host.render(GeometryReader { p in Counter(width: p.size.width) })
        #expect(host.textRows == ["w10 n0    "])
        host.press(.character("+"))
        #expect(host.textRows == ["w10 n1    "])
        host.resizeScreen(columns: 8, rows: 1)
        #expect(host.textRows == ["w8 n1   "], "the new width shows at once, the count is kept")
    }

    @Test("FramePipeline.resize asks for a frame: renderIfNeeded draws the new size")
    func resizeRequestsFrame() {
        let host = FramePipeline(columns: 10, rows: 2, clock: .manual())
        host.render(GeometryReader { proxy in Text("\(proxy.size.width)x\(proxy.size.height)") })
        #expect(host.textRows[0].hasPrefix("10x2"))
        host.resize(columns: 12, rows: 3)
        host.renderIfNeeded()
        #expect(host.textRows.count == 3)
        #expect(host.textRows[0].hasPrefix("12x3"))
    }

    @Test("a change in the state around it rebuilds the content; nothing else does")
    func parentState() {
        final class Count: @unchecked Sendable { var builds = 0 }
        let count = Count()
        struct Outer: View {
            let count: Count
            @State var label = "a"
            var body: some View {
                VStack {
                    GeometryReader { p in
                        count.builds += 1
                        return Text("\(label) \(p.size.width)")
                    }
                    .frame(height: 1)
                    Text("other")
                }
                .onKeyPress("x") { label = "b"; return .handled }
            }
            static func == (a: Outer, b: Outer) -> Bool { true }
        }
        let host = FramePipeline(columns: 6, rows: 2)
        host.render(Outer(count: count))
        #expect(host.textRows[0] == "a 6   ")
        let builds = count.builds
        host.update()
        #expect(count.builds == builds, "a frame with nothing changed builds nothing")
        host.press(.character("x"))
        #expect(host.textRows[0] == "b 6   ")
        #expect(count.builds == builds + 1)
    }

    @Test("asked for its ideal size a reader is empty; a zero or huge proposal never traps")
    func extremes() {
        let host = render(VStack { GeometryReader { p in Text("\(p.size.width)") }.fixedSize(); Text("x") },
                          columns: 5, rows: 2)
        #expect(host.textRows.joined().contains("x"))
        _ = render(GeometryReader { p in Text("\(p.size.height)") }.frame(width: 0, height: 0), columns: 3, rows: 1)
        _ = render(ScrollView { GeometryReader { p in Text("\(p.size.height)") } }, columns: 3, rows: 1)
    }
}
