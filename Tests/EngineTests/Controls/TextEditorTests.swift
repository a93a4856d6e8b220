import Testing

@testable import Engine

@Suite("Multi-line editing: line breaks, Up/Down at the visual column, line-wise keys")
struct TextEditorTests {
    @Test("Enter inserts a line break")
    func enterInsertsNewline() {
        var state = TextEditingState(picture: "ab|cd")
        #expect(state.handle(key(.enter), multiline: true) == .edited)
        #expect(state.picture == "ab\n|cd")
    }

    @Test("Up and Down keep the visual column, in cells, across wide clusters and short lines")
    func verticalMotion() {
        var state = TextEditingState(picture: "abc|def\n漢字\n\nabcdef")
        _ = state.handle(key(.down), multiline: true)
        // Column 3 falls inside 字 (columns 2–3): the cursor stops before it.
        #expect(state.picture == "abcdef\n漢|字\n\nabcdef")
        _ = state.handle(key(.down), multiline: true)
        #expect(state.picture == "abcdef\n漢字\n|\nabcdef")
        _ = state.handle(key(.down), multiline: true)
        #expect(state.picture == "abcdef\n漢字\n\nabc|def")
        _ = state.handle(key(.up), multiline: true)
        _ = state.handle(key(.up), multiline: true)
        #expect(state.picture == "abcdef\n漢|字\n\nabcdef")
        // Any other motion forgets the goal column.
        _ = state.handle(key(.right), multiline: true)
        _ = state.handle(key(.up), multiline: true)
        #expect(state.picture == "abcd|ef\n漢字\n\nabcdef")
    }

    @Test("Up on the first line goes to the start, Down on the last to the end")
    func verticalEnds() {
        #expect(afterKeys([key(.up)], into: "ab|c\nd", multiline: true) == "|abc\nd")
        #expect(afterKeys([key(.down)], into: "abc\n|d漢", multiline: true) == "abc\nd漢|")
        var state = TextEditingState(picture: "|abc")
        #expect(state.handle(key(.up), multiline: true) == .unchanged)
    }

    @Test("Home/End and Ctrl-A/Ctrl-E work on the line; Ctrl-Home/Ctrl-End on the text")
    func lineEnds() {
        #expect(afterKeys([key(.home)], into: "ab\ncd|ef\ngh", multiline: true) == "ab\n|cdef\ngh")
        #expect(afterKeys([key(.character("e"), .control)], into: "ab\ncd|ef\ngh", multiline: true) == "ab\ncdef|\ngh")
        #expect(afterKeys([key(.home, .control)], into: "ab\ncd|ef\ngh", multiline: true) == "|ab\ncdef\ngh")
        #expect(afterKeys([key(.end, .control)], into: "ab\ncd|ef\ngh", multiline: true) == "ab\ncdef\ngh|")
    }

    @Test("Ctrl-K at the end of a line joins it with the next; Ctrl-U at the start joins it with the previous")
    func lineKills() {
        let ctrlK = key(.character("k"), .control)
        let ctrlU = key(.character("u"), .control)
        #expect(afterKeys([ctrlK], into: "ab|cd\nef", multiline: true) == "ab|\nef")
        #expect(afterKeys([ctrlK, ctrlK], into: "ab|cd\nef", multiline: true) == "ab|ef")
        #expect(afterKeys([ctrlU], into: "ab\ncd|ef", multiline: true) == "ab\n|ef")
        #expect(afterKeys([ctrlU, ctrlU], into: "ab\ncd|ef", multiline: true) == "ab|ef")
    }

    @Test("CR LF in a given text is one line break, a single cluster")
    func crlf() {
        var state = TextEditingState(picture: "ab\r\ncd|")
        _ = state.handle(key(.up), multiline: true)
        #expect(state.picture == "ab|\r\ncd")
        _ = state.handle(key(.right), multiline: true)
        #expect(state.picture == "ab\r\n|cd")
        _ = state.handle(key(.backspace), multiline: true)
        #expect(state.picture == "ab|cd")
    }
}
