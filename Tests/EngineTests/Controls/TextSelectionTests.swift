import Testing
@testable import Engine

/// Mouse text selection: a drag no view takes selects what views drew as
/// text, highlights it without evaluating a body, and copies it (OSC 52)
/// on release.
@MainActor
@Suite("Mouse text selection")
struct TextSelectionTests {
    /// Whether the cell at (`x`, `y`) is shown in reverse video on the terminal (the writer's model).
    func shownReversed(_ host: FramePipeline, _ x: Int, _ y: Int) -> Bool {
        host.encoder.screen.styles[host.encoder.screen[x, y].style].attributes.contains(.reverse)
    }

    /// `content` at the screen's top-left (a root view is centred otherwise).
    func topLeading<V: View>(_ content: V) -> some View {
        content.frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
    }

    /// The reversed cells of row `y` as `#`, others as `.`.
    func highlight(_ host: FramePipeline, row y: Int) -> String {
        String((0..<host.canvas.columns).map { shownReversed(host, $0, y) ? "#" : "." })
    }

    @Test("a drag over two rows of text copies them with a newline, highlighted, no body evaluated")
    func dragAcrossTwoRows() {
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(VStack(alignment: .leading) {
            Text("alpha beta")
            Text("gamma delta")
        })
        host.drag(from: (6, 0), to: (4, 1))
        #expect(host.selectedText == "beta\ngamma")
        #expect(escaped(host.controlOutput) == "\\e]52;c;YmV0YQpnYW1tYQ==\\e\\")
        #expect(highlight(host, row: 0) == "......####..")
        #expect(highlight(host, row: 1) == "#####.......")
        #expect(host.graph.statistics.bodyEvaluations == 0)
        // The canvas keeps what the views painted: the highlight is the encoder's only.
        #expect(!host.canvas.styles[host.canvas[6, 0].style].attributes.contains(.reverse))
    }

    @Test("a click clears the selection, and the terminal's cells lose the highlight")
    func clickClears() {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("alpha beta")))
        host.drag(from: (0, 0), to: (4, 0))
        #expect(highlight(host, row: 0) == "#####.......")
        host.click(column: 8, row: 0)
        #expect(host.selectedText == nil)
        #expect(highlight(host, row: 0) == "............")
    }

    @Test("Esc clears the selection and goes no further")
    func escapeClears() {
        var escapes = 0
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("alpha beta").onKeyPress(.escape) { escapes += 1; return .handled }))
        host.drag(from: (0, 0), to: (4, 0))
        #expect(host.press(.escape))
        #expect(host.selectedText == nil)
        #expect(escapes == 0)
        #expect(highlight(host, row: 0) == "............")
        host.press(.escape)
        #expect(escapes == 1)
    }

    @Test("a click, or a press and release in one cell, selects nothing and copies nothing")
    func clickIsAClick() {
        var taps = 0
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("alpha beta").onTapGesture { taps += 1 }))
        host.click(column: 2, row: 0)
        host.drag(from: (3, 0), to: (3, 0))
        #expect(taps == 2)
        #expect(host.selectedText == nil)
        #expect(host.controlOutput.isEmpty)
    }

    @Test("a soft wrap joins the lines with the space it dropped; a broken word joins with nothing")
    func softWrap() {
        let host = FramePipeline(columns: 12, rows: 5)
        host.render(topLeading(VStack(alignment: .leading, spacing: 0) {
            Text("the quick brown fox").frame(width: 10, alignment: .leading)
            Text("abcdefghij").frame(width: 4, alignment: .leading)
        }))
        #expect(host.textRows[0].hasPrefix("the quick"))
        #expect(host.textRows[1].hasPrefix("brown fox"))
        host.drag(from: (0, 0), to: (8, 1))
        #expect(host.selectedText == "the quick brown fox")
        #expect(escaped(host.controlOutput) == "\\e]52;c;dGhlIHF1aWNrIGJyb3duIGZveA==\\e\\")
        host.drag(from: (0, 2), to: (1, 4))
        #expect(host.selectedText == "abcdefghij")
    }

    @Test("a hard line end gives a newline, trailing blanks are trimmed, an empty line is kept")
    func hardLineEnd() {
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(Text("ab  \ncd\n\nef").frame(width: 12, alignment: .leading))
        host.drag(from: (0, 0), to: (1, 3))
        // What is shown is copied: the "…" of a text cut to three rows too.
        #expect(host.selectedText == "ab\ncd\n…")
        let tall = FramePipeline(columns: 12, rows: 4)
        tall.render(Text("ab  \ncd\n\nef").frame(width: 12, alignment: .leading))
        tall.drag(from: (0, 0), to: (1, 3))
        #expect(tall.selectedText == "ab\ncd\n\nef")
    }

    @Test("wide graphemes and combined clusters are selected whole")
    func wideGraphemes() {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("世界 e\u{301}x")))
        // From the second half of 世 to the first half of 界.
        host.drag(from: (1, 0), to: (2, 0))
        #expect(host.selectedText == "世界")
        #expect(escaped(host.controlOutput) == "\\e]52;c;5LiW55WM\\e\\")
        #expect(highlight(host, row: 0) == "####........")
        #expect(host.encoder.screen.checkInvariants() == nil)
        host.drag(from: (5, 0), to: (6, 0))
        #expect(host.selectedText == "e\u{301}x")
    }

    @Test("a border between two texts is no line; a blank row between them is an empty line")
    func borderRowBetweenTexts() {
        let host = FramePipeline(columns: 8, rows: 6)
        host.render(topLeading(VStack(alignment: .leading, spacing: 0) {
            Text("one")
            Text("two").border()
            Text("")
            Text("six")
        }))
        host.drag(from: (0, 0), to: (2, 5))
        #expect(host.selectedText == "one\ntwo\n\nsix")
    }

    @Test("borders are not text: a drag across a bordered box copies only the text inside")
    func bordersSkipped() {
        let host = FramePipeline(columns: 5, rows: 4)
        host.render(VStack(spacing: 0) {
            Text("abc")
            Text("def")
        }.border())
        #expect(host.textRows == ["┌───┐", "│abc│", "│def│", "└───┘"])
        host.drag(from: (0, 0), to: (4, 3))
        #expect(host.selectedText == "abc\ndef")
        #expect(highlight(host, row: 0) == ".....")
        #expect(highlight(host, row: 1) == ".###.")
        #expect(highlight(host, row: 3) == ".....")
    }

    @Test("dividers and padding are not text, a divider's row is no line; text side by side on a row is one line")
    func dividerAndPadding() {
        let host = FramePipeline(columns: 9, rows: 3)
        host.render(topLeading(VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) { Text("ab"); Text("cd") }.padding(.leading, 2)
            Divider()
            Text("ef")
        }))
        host.drag(from: (0, 0), to: (8, 2))
        #expect(host.selectedText == "ab cd\nef")
    }

    @Test(".textSelection(.disabled) keeps its text out; an inner .enabled brings it back")
    func selectability() {
        let host = FramePipeline(columns: 6, rows: 3)
        host.render(topLeading(VStack(alignment: .leading, spacing: 0) {
            Text("one")
            Text("two").textSelection(.disabled)
            VStack(spacing: 0) { Text("six").textSelection(.enabled) }.textSelection(.disabled)
        }))
        host.drag(from: (0, 0), to: (5, 2))
        // A row of text that may not be selected is skipped as a border's is.
        #expect(host.selectedText == "one\nsix")
        #expect(highlight(host, row: 1) == "......")
        #expect(highlight(host, row: 2) == "###...")
    }

    @Test("a shifted drag is left to the terminal")
    func shiftDrag() {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("alpha beta")))
        host.drag(from: (0, 0), to: (4, 0), modifiers: .shift)
        #expect(host.selectedText == nil)
        #expect(host.controlOutput.isEmpty)
    }

    @Test("a drag a view handles is the view's")
    func viewTakesTheDrag() {
        var drags = 0
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("alpha beta").onMouse { event in
            guard event.kind == .drag else { return .ignored }
            drags += 1
            return .handled
        }))
        host.drag(from: (0, 0), to: (4, 0))
        #expect(drags == 4)
        #expect(host.selectedText == nil)
    }

    @Test("a secure field's text is not selectable; a text field's is")
    func textFields() {
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(VStack(spacing: 0) {
            TextField("name", text: .constant("visible"))
            SecureField("pin", text: .constant("1234"))
        })
        host.drag(from: (0, 0), to: (9, 1))
        #expect(host.selectedText == "visible")
    }

    @Test("the selection stays on the screen cells when the content under it changes")
    func staysOnScreenCells() {
        struct Counter: View {
            @State var n = 0
            var body: some View {
                Text("n=\(n)").onKeyPress("+") { n += 10; return .handled }
            }
        }
        let host = FramePipeline(columns: 8, rows: 1)
        host.render(topLeading(Counter()))
        host.drag(from: (0, 0), to: (2, 0))
        #expect(host.selectedText == "n=0")
        host.press("+")
        #expect(host.selectedText == "n=1")
        #expect(highlight(host, row: 0) == "###.....")
    }

    @Test("an unchanged selection writes no bytes in later frames")
    func steadySelectionWritesNothing() {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(topLeading(Text("alpha beta")))
        host.drag(from: (0, 0), to: (4, 0))
        host.graph.requestFrame()
        #expect(host.update() == 0)
    }
}

/// The selection's remaining pieces: the wheel during a drag, the copy key.
@MainActor
@Suite("Mouse text selection: wheel and copy key")
struct TextSelectionWheelAndKeyTests {
    func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> ViewEvent {
        .mouse(MouseEvent(kind: kind, button: kind == .scrollDown || kind == .scrollUp ? .none : .left,
                          column: x, row: y))
    }

    func lines() -> some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<10, id: \.self) { i in Text("line \(i)") }
            }.frame(maxWidth: .max, alignment: .leading)
        }
    }

    @Test("the wheel during a drag scrolls the content and the selection grows with it; the text that left is kept")
    func wheelDuringDragExtends() {
        let host = FramePipeline(columns: 12, rows: 4)
        host.render(lines())
        #expect(host.textRows.map { String($0.prefix(6)) } == ["line 0", "line 1", "line 2", "line 3"])
        host.send(mouse(.press, 0, 0))
        host.send(mouse(.drag, 1, 0))
        host.send(mouse(.drag, 3, 2))
        #expect(host.selectedText == "line 0\nline 1\nline")
        // Three rows a notch: the content moves up, the anchor's text with it.
        #expect(host.send(mouse(.scrollDown, 3, 2)))
        #expect(host.textRows.map { String($0.prefix(6)) } == ["line 3", "line 4", "line 5", "line 6"])
        #expect(host.selectedText == "line 0\nline 1\nline 2\nline 3\nline 4\nline")
        // Back up: refused once text has left (it would be selected twice).
        host.send(mouse(.scrollUp, 3, 2))
        #expect(host.textRows.first?.hasPrefix("line 3") == true)
        host.send(mouse(.release, 3, 2))
        #expect(escaped(host.controlOutput)
            == "\\e]52;c;\(base64("line 0\nline 1\nline 2\nline 3\nline 4\nline"))\\e\\")
        // Without a drag the wheel scrolls as ever and selects nothing.
        host.click(column: 0, row: 3)
        host.scroll(column: 2, row: 1, lines: -1)
        #expect(host.textRows.first?.hasPrefix("line 0") == true)
        #expect(host.selectedText == nil)
    }

    @Test("the wheel up during an upward drag carries the rows that leave at the bottom")
    func wheelUpDuringUpwardDrag() {
        let host = FramePipeline(columns: 12, rows: 4)
        host.render(lines())
        host.scroll(column: 2, row: 1, lines: 2)  // line 6 at the top
        #expect(host.textRows.first?.hasPrefix("line 6") == true)
        host.send(mouse(.press, 5, 3))  // the end of "line 9"
        host.send(mouse(.drag, 0, 1))
        #expect(host.selectedText == "line 7\nline 8\nline 9")
        host.send(mouse(.scrollUp, 0, 1))
        #expect(host.textRows.first?.hasPrefix("line 3") == true)
        #expect(host.selectedText == "line 4\nline 5\nline 6\nline 7\nline 8\nline 9")
    }

    @Test("Ctrl-Shift-C, as the kitty keyboard protocol reports it, copies the selection again; a configured key too")
    func copyKey() throws {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(Text("alpha beta").frame(maxWidth: .max, alignment: .leading))
        host.drag(from: (6, 0), to: (9, 0))
        let copied = "\\e]52;c;\(base64("beta"))\\e\\"
        #expect(escaped(host.controlOutput) == copied)
        // `CSI 99 ; 6 u`: c with Ctrl and Shift (1 + 1 + 4).
        var decoder = InputDecoder()
        let events = decoder.decode(Array("\u{1B}[99;6u".utf8))
        guard case .key(let press) = try #require(events.first) else { Issue.record("not a key"); return }
        #expect(press == KeyPress(.character("c"), modifiers: [.control, .shift]))
        #expect(host.send(.key(press)))
        #expect(escaped(host.controlOutput) == copied + copied)
        // Plain Ctrl-C is not the copy key.
        #expect(!host.send(.key(KeyPress(.character("c"), modifiers: .control))))
        // Another key, configured; none at all.
        host.selectionCopyKey = KeyPress(.character("y"))
        #expect(!host.send(.key(press)))
        #expect(host.send(.key(KeyPress(.character("y")))))
        #expect(escaped(host.controlOutput) == copied + copied + copied)
        host.selectionCopyKey = nil
        #expect(!host.send(.key(KeyPress(.character("y")))))
        // No selection: the key goes to the views.
        host.selectionCopyKey = KeyPress(.character("y"))
        host.click(column: 0, row: 0)
        #expect(!host.send(.key(KeyPress(.character("y")))))
        #expect(escaped(host.controlOutput) == copied + copied + copied)
    }

    func base64(_ s: String) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let b = Array(s.utf8)
        var out = ""
        var i = 0
        while i < b.count {
            let n = (Int(b[i]) << 16) | (i + 1 < b.count ? Int(b[i + 1]) << 8 : 0) | (i + 2 < b.count ? Int(b[i + 2]) : 0)
            out.append(table[n >> 18 & 63])
            out.append(table[n >> 12 & 63])
            out.append(i + 1 < b.count ? table[n >> 6 & 63] : "=")
            out.append(i + 2 < b.count ? table[n & 63] : "=")
            i += 3
        }
        return out
    }
}
