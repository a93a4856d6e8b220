import Testing
@testable import Engine

/// Byte-exact goldens that pin the writer's cost-model choices.
@Suite("Writer goldens")
struct WriterGoldenTests {
    @Test("one cell from blank: the cheapest move, then the character")
    func oneCell() {
        let f = WriterFixture(columns: 20, rows: 5)
        f.canvas.write("x", x: 4, y: 1)
        // HPA 5 + LF (5 bytes) beats CUP 2;5 (6 bytes).
        #expect(f.frame() == "\\e[5`\\nx")
        f.canvas.write("y", x: 14, y: 4)
        // From (5,1): CUP 5;15 (7 bytes) beats CUF 9 + CUD 3 (8 bytes).
        #expect(f.frame() == "\\e[5;15Hy")
    }

    @Test("an unchanged frame writes nothing: no move, no reset")
    func unchangedFrame() {
        let f = WriterFixture(columns: 20, rows: 5)
        f.canvas.write("hello", x: 0, y: 0, style: f.style(Style(foreground: .red)))
        #expect(!f.frame().isEmpty)
        #expect(f.frame() == "")
        // Rewriting the same content damages cells but changes nothing.
        f.canvas.write("hello", x: 0, y: 0, style: f.style(Style(foreground: .red)))
        #expect(f.frame() == "")
    }

    @Test("a long gap is moved over, not reprinted")
    func gapIsSkipped() {
        let f = WriterFixture(columns: 40, rows: 2)
        f.canvas.write("0123456789abcdef", x: 0, y: 0)
        f.frame()
        f.canvas.write("X", x: 0, y: 0)
        f.canvas.write("Y", x: 12, y: 0)
        // CR goes home (1 byte); after X, 11 unchanged cells lie between:
        // HPA 13 and CUF 11 both take 5 bytes, reprinting would take 11.
        #expect(f.frame() == "\\rX\\e[13`Y")
    }

    @Test("a one-cell gap is reprinted: 1 byte beats CUF's 3")
    func shortGapIsReprinted() {
        let f = WriterFixture(columns: 40, rows: 2)
        f.canvas.write("abc", x: 0, y: 0)
        f.frame()
        f.canvas.write("X", x: 0, y: 0)
        f.canvas.write("Z", x: 2, y: 0)
        #expect(f.frame() == "\\rXbZ")
    }

    @Test("a gap in another style is not reprinted")
    func gapInOtherStyleIsMovedOver() {
        let f = WriterFixture(columns: 40, rows: 2)
        let red = f.style(Style(foreground: .red))
        f.canvas.write("a", x: 0, y: 0)
        f.canvas.write("b", x: 1, y: 0, style: red)
        f.canvas.write("c", x: 2, y: 0)
        f.frame()
        f.canvas.write("X", x: 0, y: 0)
        f.canvas.write("Z", x: 2, y: 0)
        #expect(f.frame() == "\\rX\\e[CZ")
    }

    @Test("SGR: one sequence per change, delta or reset, whichever is shorter")
    func sgrDeltas() {
        let f = WriterFixture(columns: 40, rows: 2)
        let bold = f.style(Style(attributes: .bold))
        let boldUnderline = f.style(Style(attributes: [.bold, .underline]))
        let redOnBlue = f.style(Style(foreground: .red, background: .blue))
        let dim = f.style(Style(attributes: .dim))
        f.canvas.write("a", x: 0, y: 0, style: bold)
        f.canvas.write("b", x: 1, y: 0, style: boldUnderline)
        f.canvas.write("c", x: 2, y: 0, style: redOnBlue)
        f.canvas.write("d", x: 3, y: 0, style: dim)
        f.canvas.write("e", x: 4, y: 0)
        // bold→bold+underline: add 4. →red on blue: reset (0;31;44) is
        // shorter than 22;24;31;44. →dim: 0;2 beats 2;39;49. →plain: CSI m.
        #expect(f.frame() == "\\e[1ma\\e[4mb\\e[0;31;44mc\\e[0;2md\\e[me")
    }

    @Test("bold off keeps dim: 22 clears both, so dim is set again")
    func boldOffKeepsDim() {
        let f = WriterFixture(columns: 10, rows: 1)
        f.canvas.write("a", x: 0, y: 0, style: f.style(Style(foreground: .red, attributes: [.bold, .dim])))
        f.canvas.write("b", x: 1, y: 0, style: f.style(Style(foreground: .red, attributes: .dim)))
        // 22;2 (7 bytes) beats 0;2;31 (9 bytes).
        #expect(f.frame() == "\\e[1;2;31ma\\e[22;2mb")
    }

    @Test("colours: 16, 256 and truecolor parameters")
    func colourParameters() {
        let f = WriterFixture(columns: 10, rows: 1)
        f.canvas.write("a", x: 0, y: 0, style: f.style(Style(foreground: .brightRed)))
        f.canvas.write("b", x: 1, y: 0, style: f.style(Style(foreground: .palette(208))))
        f.canvas.write("c", x: 2, y: 0, style: f.style(Style(foreground: .rgb(1, 2, 3), background: .brightBlue)))
        #expect(f.frame() == "\\e[91ma\\e[38;5;208mb\\e[38;2;1;2;3;104mc")
    }

    @Test("truecolor is down-sampled to 256 and 16; NO_COLOR keeps attributes only")
    func downSampling() {
        let truecolor = Style(foreground: .rgb(255, 0, 0), attributes: .bold)
        for (level, expected) in [(ColorLevel.palette256, "\\e[1;38;5;196mx"), (.ansi16, "\\e[1;91mx"), (.none, "\\e[1mx")] {
            let f = WriterFixture(columns: 4, rows: 1, capabilities: TerminalCapabilities(colors: level))
            f.canvas.write("x", x: 0, y: 0, style: f.style(truecolor))
            #expect(f.frame() == expected, "level \(level)")
        }
    }

    @Test("EL clears the rest of a line")
    func eraseToEndOfLine() {
        let f = WriterFixture(columns: 30, rows: 2)
        f.canvas.write("some text that will go away", x: 0, y: 1)
        f.frame()
        f.canvas.fill(Rect(x: 4, y: 1, width: 26, height: 1), with: .blank())
        // Column 4 already shows a space: the erase starts at column 5.
        #expect(f.frame() == "\\e[6`\\e[K")
    }

    @Test("EL in a background colour sets the background first (bce)")
    func eraseWithBackground() {
        let f = WriterFixture(columns: 30, rows: 2)
        f.canvas.fill(Rect(x: 0, y: 0, width: 30, height: 1), with: .blank(f.style(Style(background: .blue))))
        #expect(f.frame() == "\\e[44m\\e[K")
    }

    @Test("ECH for a blank run inside a line, then a forward move")
    func eraseCharacters() {
        let f = WriterFixture(columns: 40, rows: 1)
        f.canvas.write(String(repeating: "x", count: 40), x: 0, y: 0)
        f.frame()
        f.canvas.fill(Rect(x: 5, y: 0, width: 20, height: 1), with: .blank())
        #expect(f.frame() == "\\e[6`\\e[20X")
    }

    @Test("blanks with underline cannot be erased: they are printed")
    func underlinedBlanksArePrinted() {
        let f = WriterFixture(columns: 10, rows: 1, capabilities: TerminalCapabilities(repeatCharacter: true))
        f.canvas.fill(Rect(x: 0, y: 0, width: 10, height: 1), with: .blank(f.style(Style(attributes: .underline))))
        #expect(f.frame() == "\\e[4m \\e[9b")
    }

    @Test("REP only when on, and only when shorter")
    func repeatCharacter() {
        let on = WriterFixture(columns: 20, rows: 1, capabilities: TerminalCapabilities(repeatCharacter: true))
        on.canvas.write(String(repeating: "=", count: 20), x: 0, y: 0)
        #expect(on.frame() == "=\\e[19b")
        let short = WriterFixture(columns: 20, rows: 1, capabilities: TerminalCapabilities(repeatCharacter: true))
        short.canvas.write("====", x: 0, y: 0)
        #expect(short.frame() == "====")
        let off = WriterFixture(columns: 20, rows: 1, capabilities: TerminalCapabilities(repeatCharacter: false))
        off.canvas.write(String(repeating: "=", count: 20), x: 0, y: 0)
        #expect(off.frame() == String(repeating: "=", count: 20))
    }

    @Test("after the last column the next row is reached absolutely, never by a relative move")
    func pendingWrap() {
        let f = WriterFixture(columns: 5, rows: 3)
        f.canvas.write("abcde", x: 0, y: 0)
        f.canvas.write("f", x: 0, y: 1)
        // CR LF: CR leaves the pending-wrap state, LF keeps the column.
        #expect(f.frame() == "abcde\\r\\nf")
        f.canvas.write("xy", x: 3, y: 1)
        f.canvas.write("z", x: 4, y: 2)
        // The two blanks before xy are reprinted (2 bytes); after y the cursor
        // waits at the last column, so HPA (absolute) precedes the LF.
        #expect(f.frame() == "  xy\\e[5`\\nz")
    }

    @Test("a wide grapheme takes two columns; the cursor follows it")
    func wideGrapheme() {
        let f = WriterFixture(columns: 10, rows: 1)
        f.canvas.write("漢字ok", x: 0, y: 0)
        #expect(f.frame() == "漢字ok")
        #expect(f.encoder.screen.text(row: 0) == "漢字ok    ")
    }

    @Test("after a grapheme terminals disagree on, the column is re-anchored absolutely (HPA): the row is certain")
    func uncertainGraphemeReanchors() {
        let f = WriterFixture(columns: 10, rows: 2)
        f.canvas.write("❤️x", x: 0, y: 1)
        #expect(f.frame() == "\\n❤️\\e[3`x")
    }

    @Test("after a grapheme terminals disagree on that could reach the last column, the cursor is re-anchored with CUP")
    func uncertainGraphemeNearTheEdgeReanchorsWithCUP() {
        // ❤️ is six UTF-8 bytes: a terminal could draw it up to six columns
        // wide, past the last column, and wrap.
        let f = WriterFixture(columns: 10, rows: 2)
        f.canvas.write("abcdef❤️x", x: 0, y: 1)
        #expect(f.frame() == "\\nabcdef❤️\\e[2;9Hx")
    }

    @Test("overwriting half of a wide grapheme repairs the other half")
    func wideRepair() {
        let f = WriterFixture(columns: 6, rows: 1)
        f.canvas.write("漢字", x: 0, y: 0)
        f.frame()
        f.canvas.write("a", x: 1, y: 0)  // right half of 漢: the left half becomes a blank
        #expect(f.canvas.text(row: 0) == " a字  ")
        #expect(f.frame() == "\\r a")
        #expect(f.encoder.screen.text(row: 0) == " a字  ")
    }

    @Test("text from the app never reaches the terminal as control")
    func hostileText() {
        let f = WriterFixture(columns: 40, rows: 1)
        f.canvas.write("\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m", x: 0, y: 0)
        let bytes = f.encoder.encode(f.canvas)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07))
        // No C1 control either (U+009B is CSI to some terminals); 0x9B may
        // appear only as a UTF-8 continuation byte.
        let scalars = String(decoding: Array(bytes), as: UTF8.self).unicodeScalars
        #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(f.canvas.text(row: 0).hasPrefix("␛[2J␛]0;pwned␇\u{FFFD}31m"))
    }

    @Test("synchronized output wraps a non-empty frame and nothing else")
    func synchronizedOutput() {
        let f = WriterFixture(columns: 10, rows: 1, capabilities: TerminalCapabilities(synchronizedOutput: true))
        f.canvas.write("a", x: 0, y: 0)
        #expect(f.frame() == "\\e[?2026ha\\e[?2026l")
        #expect(f.frame() == "")
        f.canvas.write("a", x: 0, y: 0)  // damage, no change
        #expect(f.frame() == "")
    }

    @Test("a forced full redraw clears and repaints everything")
    func forcedRedraw() {
        let f = WriterFixture(columns: 10, rows: 2)
        f.canvas.write("hi", x: 0, y: 1)
        f.frame()
        f.encoder.invalidate()
        // First the modes another program may have left (charset, IRM, LNM,
        // DECOM, DECAWM, DECSTBM) and the pen, then clear and repaint.
        #expect(f.frame() == "\\e(B\\x0f\\e[4l\\e[20l\\e[?6l\\e[?7h\\e[r\\e[m\\e[H\\e[2J\\nhi")
    }

    @Test("rows that moved up are scrolled, not rewritten")
    func scrollUp() {
        let f = WriterFixture(columns: 20, rows: 6)
        let lines = ["alpha beta gamma", "delta epsilon", "zeta eta theta", "iota kappa", "lambda mu nu xi",
                     "omicron pi rho", "sigma tau"]
        for y in 0..<6 { f.canvas.write(lines[y], x: 0, y: y) }
        f.frame()
        f.canvas.clear()
        for y in 0..<6 { f.canvas.write(lines[y + 1], x: 0, y: y) }
        let out = f.frame()
        // SU 1 (the cursor stays on the last row), CR, the new line.
        #expect(out == "\\e[S\\rsigma tau")
        #expect(f.encoder.statistics.rowsScrolled == 5)
    }

    @Test("a scroll inside a region leaves the rows around it alone")
    func scrollRegion() {
        let f = WriterFixture(columns: 20, rows: 8)
        let words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel"]
        f.canvas.write("title", x: 0, y: 0)
        for y in 1..<7 { f.canvas.write("\(words[y]) is fruit \(y)", x: 0, y: y) }
        f.canvas.write("status", x: 0, y: 7)
        f.frame()
        f.canvas.fill(Rect(x: 0, y: 1, width: 20, height: 6), with: .blank())
        for y in 1..<7 { f.canvas.write("\(words[y + 1]) is fruit \(y + 1)", x: 0, y: y) }
        let out = f.frame()
        #expect(out.contains("\\e[2;7r\\e[S\\e[r") || out.contains("\\e[M"), "got \(out)")
        #expect(f.encoder.screen.textRows == f.canvas.textRows)
    }

    @Test("a zero-size terminal writes nothing and does not crash")
    func zeroSize() {
        let f = WriterFixture(columns: 0, rows: 0)
        f.canvas.write("x", x: 0, y: 0)
        #expect(f.frame() == "")
        f.canvas.resize(columns: 3, rows: 1)
        f.canvas.write("abc", x: 0, y: 0)
        #expect(f.frame() == "\\e[H\\e[2Jabc")
    }
}
