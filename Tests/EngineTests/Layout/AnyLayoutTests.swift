import Testing
@testable import Engine

@MainActor
@Suite("AnyLayout and the stack layouts")
struct AnyLayoutTests {
    struct Counter: View {
        var label: String
        @State private var count = 0
        var body: some View {
            Button("\(label)\(count)") { count += 1 }
        }
    }

    struct Switcher: View {
        var vertical: Bool
        var body: some View {
            let layout = vertical ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
            layout {
                Counter(label: "a")
                Counter(label: "b")
            }
        }
    }

    @Test("switching from HStackLayout to VStackLayout keeps each child's state")
    func switchKeepsState() {
        let host = FramePipeline(columns: 16, rows: 2)
        host.render(Switcher(vertical: false))
        #expect(host.textRows == [" [ a0 ] [ b0 ]  ", "                "])
        // The first button has focus from the start.
        host.press(.enter)
        host.press(.enter)
        host.press(.tab)
        host.press(.enter)
        #expect(host.textRows == [" [ a2 ] [ b1 ]  ", "                "])
        host.render(Switcher(vertical: true))
        #expect(host.textRows == ["     [ a2 ]     ", "     [ b1 ]     "])
        // Still the same buttons: the focused one (b) counts on.
        host.press(.enter)
        #expect(host.textRows == ["     [ a2 ]     ", "     [ b2 ]     "])
        host.render(Switcher(vertical: false))
        #expect(host.textRows == [" [ a2 ] [ b2 ]  ", "                "])
    }

    /// Each content, on each screen width, laid out by the stack view and by
    /// its layout value through `AnyLayout`.
    struct Pair: View {
        var layout: Bool
        var kind: Int
        var body: some View {
            switch kind {
            case 0:
                if layout {
                    AnyLayout(HStackLayout()) { Text("ab"); Spacer(); Text("cd") }.border()
                } else {
                    HStack { Text("ab"); Spacer(); Text("cd") }.border()
                }
            case 1:
                if layout {
                    AnyLayout(HStackLayout(alignment: .top, spacing: 0)) {
                        Text("1\n2\n3"); Divider(); Text("a long text that wraps")
                    }
                } else {
                    HStack(alignment: .top, spacing: 0) { Text("1\n2\n3"); Divider(); Text("a long text that wraps") }
                }
            case 2:
                if layout {
                    AnyLayout(VStackLayout(alignment: .trailing, spacing: 1)) {
                        ForEach(0..<9, id: \.self) { Text(String(repeating: "x", count: $0)) }
                        Divider()
                    }
                } else {
                    VStack(alignment: .trailing, spacing: 1) {
                        ForEach(0..<9, id: \.self) { Text(String(repeating: "x", count: $0)) }
                        Divider()
                    }
                }
            default:
                if layout {
                    AnyLayout(ZStackLayout(alignment: .bottomTrailing)) { Text("abc\ndef"); Text("X") }
                } else {
                    ZStack(alignment: .bottomTrailing) { Text("abc\ndef"); Text("X") }
                }
            }
        }
    }

    @Test("HStackLayout, VStackLayout and ZStackLayout lay out as HStack, VStack and ZStack",
          arguments: 0..<4)
    func stackLayoutsMatchStacks(kind: Int) {
        for columns in [4, 9, 14, 30] {
            let stack = FramePipeline(columns: columns, rows: 20)
            stack.render(Pair(layout: false, kind: kind))
            let layout = FramePipeline(columns: columns, rows: 20)
            layout.render(Pair(layout: true, kind: kind))
            #expect(layout.textRows == stack.textRows, "\(columns) columns")
            #expect(stack.textRows.contains { $0.contains { $0 != " " } })
        }
    }
}
