import Testing

@testable import Engine

@Suite("Text editing: inserting, deleting and moving on international text")
struct TextEditingStateTests {
    let backspace = key(.backspace)
    let delete = key(.delete)
    let left = key(.left)
    let right = key(.right)

    @Test("typing inserts at the cursor, at the end and in the middle")
    func typing() {
        #expect(afterKeys(keys(typing: "abc"), into: "|") == "abc|")
        #expect(afterKeys(keys(typing: "x"), into: "ab|cd") == "abx|cd")
        #expect(afterKeys(keys(typing: "x"), into: "漢字|かな") == "漢字x|かな")
        #expect(afterKeys(keys(typing: "👩‍👩‍👧‍👦"), into: "a|b") == "a👩‍👩‍👧‍👦|b")
    }

    @Test("Backspace and Delete remove one whole cluster", arguments: [
        ("漢字|かな", "漢|かな", "漢字|な"),
        ("a👩‍👩‍👧‍👦|b", "a|b", "a👩‍👩‍👧‍👦|"),
        ("🇯🇵|🇫🇷", "|🇫🇷", "🇯🇵|"),
        ("e\u{301}|Z̤͔ͧ̑", "|Z̤͔ͧ̑", "e\u{301}|"),
        ("\u{1100}\u{1161}\u{11A8}|\u{1100}\u{1161}", "|\u{1100}\u{1161}", "\u{1100}\u{1161}\u{11A8}|"),
        ("❤️|👍🏽", "|👍🏽", "❤️|"),
    ])
    func deleteOneCluster(picture: String, afterBackspace: String, afterDelete: String) {
        #expect(afterKeys([backspace], into: picture) == afterBackspace)
        #expect(afterKeys([delete], into: picture) == afterDelete)
    }

    @Test("Left and Right step over whole clusters", arguments: [
        "漢字かな", "👩‍👩‍👧‍👦👩‍👩‍👧‍👦", "🇯🇵🇫🇷", "e\u{301}Z̤͔ͧ̑", "\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", "a\u{200D}b",
    ])
    func stepsOverClusters(text: String) {
        var state = TextEditingState(text: text)
        var positions: [String.Index] = [state.cursor]
        while state.handle(left, multiline: false) == .moved { positions.append(state.cursor) }
        #expect(positions == [text.endIndex] + text.indices.reversed())
        #expect(state.handle(left, multiline: false) == .unchanged)
        var forward = 0
        while state.handle(right, multiline: false) == .moved { forward += 1 }
        #expect(forward == text.count)
        #expect(state.cursor == text.endIndex)
    }

    @Test("an insertion that joins the cluster before it leaves the cursor after the joined cluster")
    func insertionMerges() {
        // A combining mark typed after "e" makes "é": one cluster.
        var state = TextEditingState(picture: "e|x")
        #expect(state.insert("\u{301}", multiline: false) == .edited)
        #expect(state.picture == "e\u{301}|x")
        // "e" typed before a lone combining mark joins it: the cursor goes after "é", not inside it.
        state = TextEditingState(picture: "|\u{301}")
        state.insert("e", multiline: false)
        #expect(state.text == "e\u{301}")
        #expect(state.cursor == state.text.endIndex)
        #expect(state.isOnBoundaries)
        // A ZWJ typed between two emoji joins them into one sequence.
        state = TextEditingState(picture: "👩|👧x")
        state.insert("\u{200D}", multiline: false)
        #expect(state.picture == "👩\u{200D}👧|x")
        // A regional indicator typed after a lone one makes a flag.
        state = TextEditingState(picture: "🇯|")
        state.insert("🇵", multiline: false)
        #expect(state.picture == "🇯🇵|")
        #expect(state.text.count == 1)
    }

    @Test("a deletion that joins two clusters leaves the cursor at the start of the joined cluster")
    func deletionMerges() {
        var state = TextEditingState(picture: "🇯|x🇵")
        #expect(state.handle(delete, multiline: false) == .edited)
        #expect(state.text == "🇯🇵")
        #expect(state.picture == "|🇯🇵")
        #expect(state.isOnBoundaries)
        state = TextEditingState(picture: "👩\u{200D}x|👧")
        state.deleteBackward()
        #expect(state.picture == "|👩\u{200D}👧")
        #expect(state.isOnBoundaries)
    }

    @Test("Backspace right after typing a cluster that stands alone restores the text")
    func backspaceUndoesInsert() {
        for cluster in ["a", "漢", "👩‍👩‍👧‍👦", "🇯🇵", "e\u{301}", "Z̤͔ͧ̑", "\u{1100}\u{1161}\u{11A8}", "❤️"] {
            var state = TextEditingState(picture: "x|y")
            state.insert(cluster, multiline: false)
            state.deleteBackward()
            #expect(state.picture == "x|y", "\(cluster)")
        }
    }

    @Test("pasted text is data: controls dropped, line breaks become spaces in a field")
    func pasteSingleLine() {
        var state = TextEditingState()
        #expect(state.paste("a\tb\r\nc\rd\ne\u{1B}[31mf\u{7}\u{85}g\u{7F}", multiline: false) == .edited)
        #expect(state.text == "a b c d e[31mfg")
        #expect(state.text.unicodeScalars.allSatisfy { TextSegmenter.replacement(forControl: $0.value) == nil })
        #expect(state.paste("\u{1B}\u{0}\u{9B}", multiline: false) == .unchanged)
    }

    @Test("pasted text in an editor keeps its line breaks as LF")
    func pasteMultiline() {
        var state = TextEditingState()
        state.paste("a\r\nb\rc\nd\u{1B}", multiline: true)
        #expect(state.text == "a\nb\nc\nd")
        #expect(state.cursor == state.text.endIndex)
    }

    @Test("a typed control character is not an editing key")
    func typedControl() {
        var state = TextEditingState(picture: "ab|")
        #expect(state.handle(key(.character("\u{1B}")), multiline: false) == .ignored)
        #expect(state.handle(key(.character("\u{85}")), multiline: false) == .ignored)
        #expect(state.picture == "ab|")
    }

    @Test("a maximum length, in clusters, caps typing and pasting")
    func maxLength() {
        var state = TextEditingState(text: "漢字", maxLength: 4)
        #expect(state.insert("👩‍👩‍👧‍👦", multiline: false) == .edited)
        #expect(state.insert("🇯🇵🇫🇷", multiline: false) == .edited)
        #expect(state.text == "漢字👩‍👩‍👧‍👦🇯🇵")
        #expect(state.insert("x", multiline: false) == .unchanged)
        #expect(state.handle(key(.character("x")), multiline: false) == .unchanged)
        // Replacing a selection makes room.
        _ = state.handle(key(.left, .shift), multiline: false)
        _ = state.handle(key(.left, .shift), multiline: false)
        #expect(state.insert("abc", multiline: false) == .edited)
        #expect(state.text == "漢字ab")
    }

    @Test("word deletion: Ctrl-W, Alt-Backspace and Ctrl-Backspace back, Alt-D forward")
    func wordDeletion() {
        let ctrlW = key(.character("w"), .control)
        #expect(afterKeys([ctrlW], into: "hello wörld 漢字|") == "hello wörld |")
        #expect(afterKeys([ctrlW, ctrlW], into: "hello wörld 漢字|") == "hello |")
        #expect(afterKeys([key(.backspace, .option)], into: "foo, 👍 bar|") == "foo, 👍 |")
        #expect(afterKeys([key(.backspace, .control)], into: "a e\u{301}e\u{301}|") == "a |")
        #expect(afterKeys([key(.character("d"), .option)], into: "|  héllo world") == "| world")
        #expect(afterKeys([key(.delete, .control)], into: "x|🇯🇵 ab cd") == "x| cd")
        #expect(afterKeys([ctrlW], into: "|abc") == "|abc")
    }

    @Test("Ctrl-U and Ctrl-K delete to the start and the end")
    func lineDeletion() {
        #expect(afterKeys([key(.character("u"), .control)], into: "漢字|かな") == "|かな")
        #expect(afterKeys([key(.character("k"), .control)], into: "漢字|かな") == "漢字|")
        var state = TextEditingState(picture: "|abc")
        #expect(state.handle(key(.character("u"), .control), multiline: false) == .unchanged)
    }

    @Test("word motion: Alt/Ctrl+arrows and Alt-B/Alt-F stop at runs of letters and digits")
    func wordMotion() {
        let altB = key(.character("b"), .option)
        let altF = key(.character("f"), .option)
        #expect(afterKeys([altB], into: "foo, 👍 bar|") == "foo, 👍 |bar")
        #expect(afterKeys([altB, altB], into: "foo, 👍 bar|") == "|foo, 👍 bar")
        #expect(afterKeys([altF], into: "|foo, 👍 bar") == "foo|, 👍 bar")
        #expect(afterKeys([altF, altF], into: "|foo, 👍 bar") == "foo, 👍 bar|")
        #expect(afterKeys([key(.left, .control)], into: "漢字 かな42|") == "漢字 |かな42")
        #expect(afterKeys([key(.right, .option)], into: "|e\u{301}te\u{301}-x") == "e\u{301}te\u{301}|-x")
        #expect(afterKeys([key(.left, .option)], into: "Z̤͔ͧ̑Z̤͔ͧ̑ |") == "|Z̤͔ͧ̑Z̤͔ͧ̑ ")
    }

    @Test("Home/End and Ctrl-A/Ctrl-E go to the ends of a field; Ctrl-B/Ctrl-F step")
    func homeEnd() {
        #expect(afterKeys([key(.home)], into: "漢字|かな") == "|漢字かな")
        #expect(afterKeys([key(.end)], into: "漢字|かな") == "漢字かな|")
        #expect(afterKeys([key(.character("a"), .control)], into: "ab|c") == "|abc")
        #expect(afterKeys([key(.character("e"), .control)], into: "ab|c") == "abc|")
        #expect(afterKeys([key(.character("b"), .control)], into: "🇯🇵🇫🇷|") == "🇯🇵|🇫🇷")
        #expect(afterKeys([key(.character("f"), .control)], into: "|🇯🇵🇫🇷") == "🇯🇵|🇫🇷")
    }

    @Test("Shift with a motion selects; typing replaces the selection, Backspace deletes it")
    func selection() {
        var state = TextEditingState(picture: "ab漢字|")
        #expect(state.handle(key(.left, .shift), multiline: false) == .moved)
        #expect(state.handle(key(.left, .shift), multiline: false) == .moved)
        #expect(state.selection.map { String(state.text[$0]) } == "漢字")
        #expect(state.handle(key(.character("X")), multiline: false) == .edited)
        #expect(state.picture == "abX|")
        #expect(state.selection == nil)

        state = TextEditingState(picture: "abc|def")
        _ = state.handle(key(.home, .shift), multiline: false)
        #expect(state.handle(backspace, multiline: false) == .edited)
        #expect(state.picture == "|def")

        // Left without Shift collapses a selection to its start, Right to its end.
        state = TextEditingState(picture: "abc|def")
        _ = state.handle(key(.right, .shift), multiline: false)
        _ = state.handle(key(.right, .shift), multiline: false)
        #expect(state.handle(left, multiline: false) == .moved)
        #expect(state.picture == "abc|def")
        _ = state.handle(key(.end, .shift), multiline: false)
        _ = state.handle(right, multiline: false)
        #expect(state.picture == "abcdef|")
        #expect(state.selection == nil)
    }

    @Test("outcomes: nothing to do is .unchanged, Enter in a field is .submit")
    func outcomes() {
        var state = TextEditingState()
        #expect(state.handle(backspace, multiline: false) == .unchanged)
        #expect(state.handle(delete, multiline: false) == .unchanged)
        #expect(state.handle(left, multiline: false) == .unchanged)
        #expect(state.handle(key(.enter), multiline: false) == .submit)
        #expect(state.handle(key(.character("a")), multiline: false) == .edited)
        #expect(state.handle(left, multiline: false) == .moved)
        #expect(state.handle(key(.left, .shift), multiline: false) == .unchanged)
        #expect(state.selection == nil)
    }

    @Test("setText replaces the text from outside and puts the cursor at the end")
    func setText() {
        var state = TextEditingState(picture: "ab|c")
        state.setText("ab|c".replacingOccurrences(of: "|", with: ""))
        #expect(state.picture == "ab|c")
        state.setText("漢字")
        #expect(state.picture == "漢字|")
    }

    @Test("10,000 clusters: typed one by one, edited and moved through")
    func longText() {
        let pool = ["a", "漢", "👩‍👩‍👧‍👦", "🇯🇵", "e\u{301}", " ", "\u{1100}\u{1161}\u{11A8}", "❤️", "7"]
        var state = TextEditingState()
        var offset = 0
        for n in 0..<10_000 {
            state.insert(pool[n % pool.count], multiline: false)
            let line = state.visibleLine(width: 40, scrollOffset: &offset)
            #expect(line.cursorColumn < 40 && line.cells <= 40)
        }
        #expect(state.text.count == 10_000)
        #expect(state.cursor == state.text.endIndex)
        #expect(state.handle(key(.home), multiline: false) == .moved)
        #expect(state.cursor == state.text.startIndex)
        let line = state.visibleLine(width: 40, scrollOffset: &offset)
        #expect(offset == 0 && line.cursorColumn == 0)
        _ = state.handle(key(.end), multiline: false)
        _ = state.handle(key(.character("w"), .control), multiline: false)
        #expect(state.text.count < 10_000)
        #expect(state.isOnBoundaries)
        for _ in 0..<100 { _ = state.handle(backspace, multiline: false) }
        #expect(state.isOnBoundaries)
    }
}
