import Testing

@testable import Engine

@MainActor
@Suite("TextEditor: multi-line editing as a view, scrolling both ways, the caret, focus")
struct TextEditorViewTests {
    final class Box: @unchecked Sendable { var text = "" }

    struct Notes: View {
        let box: Box
        var wraps = true
        @State var text = ""
        @FocusState var focused: Bool
        var body: some View {
            VStack(alignment: .leading) {
                TextEditor(text: $text).frame(width: 8, height: 3).focused($focused).lineWrappingDisabled(!wraps)
                Button("ok") {}
            }
            .onAppear { focused = true }
            .onChange(of: text) { _, new in box.text = new }
        }
    }

    @Test("typing, Enter and arrows edit lines; the binding gets every edit; the caret follows")
    func editing() {
        let box = Box()
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(Notes(box: box))
        host.type("abc")
        host.press(.enter)
        host.type("漢字x")
        #expect(box.text == "abc\n漢字x")
        #expect(host.textRows[0] == "abc     ")
        #expect(host.textRows[1] == "漢字x   ")
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [5, 1])
        host.press(.up)
        // Column 5 is past "abc": the cursor goes to the line's end.
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [3, 0])
        host.press(.backspace)
        #expect(box.text == "ab\n漢字x")
        host.press(.down)
        host.press(.backspace)
        // Column 2 is between 漢 and 字: Backspace deletes 漢 whole.
        #expect(box.text == "ab\n字x")
    }

    @Test("with wrapping disabled, the view scrolls down and right to keep the cursor in it, and back")
    func scrolling() {
        let box = Box()
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(Notes(box: box, wraps: false))
        for i in 0..<5 {
            host.type("line\(i)")
            host.press(.enter)
        }
        host.type("0123456789")
        // Six lines in three rows, the last 10 cells long in 8 columns: the
        // view shows lines 3–5 and (all rows together) scrolls 3 cells right.
        #expect(host.textRows.prefix(3) == ["e3      ", "e4      ", "3456789 "])
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [7, 2])
        host.press(.pageUp)
        #expect(host.graph.caret?.y == 0)
        #expect(host.textRows[0] == "e2      ", "\(host.textRows)")
        host.press(.home, modifiers: .control)
        #expect(host.textRows[0] == "line0   ")
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [0, 0])
    }

    @Test("Tab is not text: it moves focus to the next control, and typing then goes nowhere")
    func tabMovesFocus() {
        let box = Box()
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(Notes(box: box))
        host.type("a")
        host.press(.tab)
        host.type("b")
        #expect(box.text == "a")
        #expect(host.graph.caret == nil)
    }

    @Test("pasted text keeps its line breaks and loses its control bytes")
    func paste() {
        let box = Box()
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(Notes(box: box))
        _ = host.paste("one\r\ntwo\u{1B}[31m")
        #expect(box.text.hasPrefix("one\ntwo"))
        #expect(!box.text.contains("\u{1B}"))
        #expect(host.textRows[1].hasPrefix("two"))
    }
}
