import Testing

@testable import Engine

@MainActor
@Suite("TextEditor soft-wraps long lines at its width, as SwiftUI's does")
struct TextEditorWrapTests {
    final class Box: @unchecked Sendable { var text = "" }

    struct Notes: View {
        let box: Box
        var height = 3
        @State var text = ""
        @FocusState var focused: Bool
        var body: some View {
            TextEditor(text: $text).frame(width: 8, height: height).focused($focused)
                .onAppear { focused = true }
                .onChange(of: text) { _, new in box.text = new }
        }
    }

    func caret(_ host: FramePipeline) -> [Int]? { host.graph.caret.map { [$0.x, $0.y] } }

    @Test("long lines wrap at word boundaries; a word longer than the row breaks between clusters")
    func wrapsWords() {
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(Notes(box: Box()))
        host.type("hello world foo")
        #expect(host.textRows == ["hello   ", "world   ", "foo     "])
        #expect(caret(host) == [3, 2])
        let long = FramePipeline(columns: 8, rows: 3)
        long.render(Notes(box: Box()))
        long.type("abcdefghijklmn")
        #expect(long.textRows == ["abcdefgh", "ijklmn  ", "        "])
        #expect(caret(long) == [6, 1])
    }

    @Test("a wide character at the wrap point moves to the next row, leaving the last cell blank")
    func wideAtWrap() {
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(Notes(box: Box()))
        host.type("abcdefg漢字")
        #expect(host.textRows == ["abcdefg ", "漢字    ", "        "])
        #expect(caret(host) == [4, 1])
        host.press(.left)
        host.press(.left)
        // Before 漢, the wrap point: drawn at the start of the row it starts.
        #expect(caret(host) == [0, 1])
        host.press(.left)
        #expect(caret(host) == [6, 0])
    }

    @Test("a line that fills its row exactly gets the next row for its end, where the cursor goes")
    func exactlyFull() {
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(Notes(box: Box()))
        host.type("abcdefgh")
        #expect(host.textRows == ["abcdefgh", "        ", "        "])
        #expect(caret(host) == [0, 1])
        host.press(.enter)
        host.type("x")
        #expect(host.textRows == ["abcdefgh", "        ", "x       "])
    }

    @Test("Up and Down move by row at the same column; Home and End go to the row's ends")
    func rowMotion() {
        let box = Box()
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(Notes(box: box))
        host.type("hello world foo")
        host.press(.up)
        #expect(caret(host) == [3, 1])
        host.type("X")
        #expect(box.text == "hello worXld foo")
        host.press(.home)
        host.type("Y")
        #expect(box.text == "hello YworXld foo")
        host.press(.end)
        // The end of a row that wraps: before its last cluster (the space).
        host.type("Z")
        #expect(box.text == "hello YworXldZ foo")
        host.press(.up)
        host.press(.up)
        #expect(caret(host) == [0, 0])
        host.press(.down)
        host.press(.down)
        host.press(.down)
        #expect(box.text == "hello YworXldZ foo")
        host.type("!")
        #expect(box.text == "hello YworXldZ foo!")
    }

    @Test("the view scrolls by rows to keep the cursor in it, and back")
    func scrollsByRows() {
        let box = Box()
        let host = FramePipeline(columns: 8, rows: 2)
        host.render(Notes(box: box, height: 2))
        host.type("one two three four five")
        // Rows: "one two ", "three ", "four ", "five": the last two show.
        #expect(host.textRows == ["four    ", "five    "])
        #expect(caret(host) == [4, 1])
        host.press(.up)
        host.press(.up)
        #expect(host.textRows == ["three   ", "four    "])
        #expect(caret(host) == [4, 0])
        host.press(.pageUp)
        #expect(host.textRows == ["one two ", "three   "])
        host.press(.end, modifiers: .control)
        #expect(host.textRows == ["four    ", "five    "])
    }
}
