import Testing

@testable import Engine

@Suite("Text field display: horizontal scrolling in cells, wide clusters, secure text")
struct TextEditingLayoutTests {
    /// The line a `width`-cell field shows for `picture`, from scroll offset 0.
    func shown(_ picture: String, width: Int, secure: Bool = false) -> (String, Int) {
        var offset = 0
        let line = TextEditingState(picture: picture).visibleLine(width: width, scrollOffset: &offset, secure: secure)
        return (line.text, line.cursorColumn)
    }

    @Test("a short text shows whole; the cursor column counts cells")
    func fits() {
        #expect(shown("hello|", width: 10) == ("hello", 5))
        #expect(shown("漢字|かな", width: 10) == ("漢字かな", 4))
        #expect(shown("a👩‍👩‍👧‍👦|🇯🇵", width: 10) == ("a👩‍👩‍👧‍👦🇯🇵", 3))
        #expect(shown("e\u{301}Z̤͔ͧ̑|", width: 10) == ("e\u{301}Z̤͔ͧ̑", 2))
        #expect(shown("❤️|", width: 10) == ("❤️", 2))
        #expect(shown("\u{1100}\u{1161}\u{11A8}|", width: 10) == ("\u{1100}\u{1161}\u{11A8}", 2))
    }

    @Test("the cursor at the end takes a cell: a full field shows width - 1 cells of text")
    func endCursorCell() {
        #expect(shown("abcdef|", width: 4) == ("def", 3))
        #expect(shown("abc|", width: 4) == ("abc", 3))
        #expect(shown("abcd|", width: 4) == ("bcd", 3))
        // Whole wide clusters only: な fits in the 3 cells, かな would not.
        #expect(shown("漢字かな|", width: 4) == ("な", 2))
        #expect(shown("漢字かな|", width: 5) == ("かな", 4))
    }

    @Test("a wide cluster cut by the right edge shows as a space")
    func wideAtRightEdge() {
        #expect(shown("|a漢字", width: 3) == ("a漢", 0))
        #expect(shown("|a漢字", width: 2) == ("a ", 0))
        #expect(shown("|👩‍👩‍👧‍👦👩‍👩‍👧‍👦", width: 3) == ("👩‍👩‍👧‍👦 ", 0))
        // A field one cell wide with the cursor on a wide cluster: one blank cell.
        #expect(shown("|漢", width: 1) == (" ", 0))
    }

    @Test("the scroll position moves only when the cursor would leave the field")
    func keepsOffset() {
        var state = TextEditingState(picture: "0123456789|")
        var offset = 0
        var line = state.visibleLine(width: 5, scrollOffset: &offset)
        #expect((line.text, line.cursorColumn, offset) == ("6789", 4, 6))
        // Moving left inside the field keeps the offset.
        for expected in [3, 2, 1, 0] {
            _ = state.handle(key(.left), multiline: false)
            line = state.visibleLine(width: 5, scrollOffset: &offset)
            #expect((line.cursorColumn, offset) == (expected, 6))
        }
        // One more and the field follows the cursor to the left edge.
        _ = state.handle(key(.left), multiline: false)
        line = state.visibleLine(width: 5, scrollOffset: &offset)
        #expect((line.text, line.cursorColumn, offset) == ("56789", 0, 5))
        // Right inside the field keeps it too, until the cursor needs the last cell.
        for _ in 0..<4 { _ = state.handle(key(.right), multiline: false) }
        line = state.visibleLine(width: 5, scrollOffset: &offset)
        #expect((line.cursorColumn, offset) == (4, 5))
        _ = state.handle(key(.right), multiline: false)
        line = state.visibleLine(width: 5, scrollOffset: &offset)
        #expect((line.text, line.cursorColumn, offset) == ("6789", 4, 6))
    }

    @Test("deleting at the end of a scrolled field scrolls back so the text fills it")
    func fillsAfterDeletion() {
        var state = TextEditingState(picture: "漢字0123456789|")
        var offset = 0
        var line = state.visibleLine(width: 5, scrollOffset: &offset)
        #expect(line.text == "6789")
        for expected in ["5678", "4567", "3456", "2345", "1234", "0123", "012", "字01", "字0", "漢字", "漢"] {
            _ = state.handle(key(.backspace), multiline: false)
            line = state.visibleLine(width: 5, scrollOffset: &offset)
            #expect((line.text, line.cursorColumn) == (expected, line.cells))
        }
        #expect(offset == 0)
    }

    @Test("scrolling over wide clusters keeps them whole at the left edge")
    func scrollWide() {
        var state = TextEditingState(picture: "漢字かなカナ|")
        var offset = 0
        var line = state.visibleLine(width: 6, scrollOffset: &offset)
        #expect((line.text, line.cursorColumn) == ("カナ", 4))
        _ = state.handle(key(.home), multiline: false)
        line = state.visibleLine(width: 6, scrollOffset: &offset)
        #expect((line.text, line.cursorColumn, offset) == ("漢字か", 0, 0))
    }

    @Test("an offset the text no longer has is rounded down to a boundary, and clamped")
    func staleOffset() {
        var state = TextEditingState(text: "👩‍👩‍👧‍👦abc")
        var offset = 5  // inside the family's bytes
        var line = state.visibleLine(width: 10, scrollOffset: &offset)
        #expect((line.text, offset) == ("👩‍👩‍👧‍👦abc", 0))
        state.setText("ab")
        offset = 999
        line = state.visibleLine(width: 10, scrollOffset: &offset)
        #expect((line.text, line.cursorColumn, offset) == ("ab", 2, 0))
    }

    @Test("secure text shows one bullet per cluster, one cell each")
    func secure() {
        #expect(shown("pä👩‍👩‍👧‍👦🇯🇵e\u{301}漢|", width: 10, secure: true) == ("••••••", 6))
        #expect(shown("pä👩‍👩‍👧‍👦🇯🇵e\u{301}漢|", width: 4, secure: true) == ("•••", 3))
        #expect(shown("|漢字", width: 1, secure: true) == ("•", 0))
    }

    @Test("selected clusters are reported as columns")
    func selectedColumns() {
        var state = TextEditingState(picture: "a漢字b|")
        _ = state.handle(key(.left, .shift), multiline: false)
        _ = state.handle(key(.left, .shift), multiline: false)
        var offset = 0
        #expect(state.visibleLine(width: 10, scrollOffset: &offset).selectedColumns == 3..<6)
    }

    @Test("a zero-width field shows nothing")
    func zeroWidth() {
        #expect(shown("abc|", width: 0) == ("", 0))
    }

    // MARK: Editor

    @Test("an editor's rows: vertical scroll follows the cursor row, lines are not wrapped")
    func editorRows() {
        var state = TextEditingState(picture: "one\ntwo\nthree\nfour|\nfive")
        var scroll = TextEditingState.EditorScroll()
        var view = state.visibleLines(width: 10, height: 2, scroll: &scroll)
        #expect(view.lines == ["three", "four"])
        #expect((view.cursorRow, view.cursorColumn, scroll.topLine) == (1, 4, 2))
        _ = state.handle(key(.up), multiline: true)
        view = state.visibleLines(width: 10, height: 2, scroll: &scroll)
        #expect((view.lines, view.cursorRow, scroll.topLine) == (["three", "four"], 0, 2))
        _ = state.handle(key(.up), multiline: true)
        view = state.visibleLines(width: 10, height: 2, scroll: &scroll)
        #expect((view.lines, view.cursorRow, scroll.topLine) == (["two", "three"], 0, 1))
        _ = state.handle(key(.end, .control), multiline: true)
        view = state.visibleLines(width: 10, height: 3, scroll: &scroll)
        #expect((view.lines, view.cursorRow, view.cursorColumn) == (["three", "four", "five"], 2, 4))
    }

    @Test("an editor scrolls horizontally in cells; wide clusters cut by the left edge are spaces")
    func editorColumns() {
        let state = TextEditingState(picture: "a漢字かなbc|\nxyz漢字かな漢")
        var scroll = TextEditingState.EditorScroll()
        let view = state.visibleLines(width: 6, height: 2, scroll: &scroll)
        // The cursor at column 11 needs cells up to 12: the view starts at
        // column 6, inside か on the first row and 字 on the second; the last
        // 漢 (columns 11–12) is cut by the right edge.
        #expect(scroll.leftColumn == 6)
        #expect(view.lines == [" なbc", " かな "])
        #expect((view.cursorRow, view.cursorColumn) == (0, 5))
    }
}
