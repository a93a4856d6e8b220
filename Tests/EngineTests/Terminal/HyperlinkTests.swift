import Testing
@testable import Engine

/// OSC 8 hyperlinks: the writer enters a link where a linked run starts and
/// leaves it where the run ends, with the link's id so a cut link stays one
/// link; URIs are percent-encoded so nothing in them reaches the terminal
/// as a control; terminals not known to have links get none.
@Suite("Hyperlinks (OSC 8)")
struct HyperlinkTests {
    static let links = TerminalCapabilities(hyperlinks: true)

    @Test("a linked run is entered with its id and URI and left where it ends")
    func linkedRun() {
        let f = WriterFixture(columns: 20, rows: 1, capabilities: Self.links)
        let link = f.canvas.styles.linkID(for: "https://example.com/a")
        f.canvas.write("see ", x: 0, y: 0)
        f.canvas.write("docs", x: 4, y: 0, style: f.style(Style(attributes: .underline, link: link)))
        f.canvas.write(" now", x: 8, y: 0)
        // The blank after the link is blank already: the cursor moves over it
        // (CUF) with the link still open, and leaves the link before "now".
        #expect(f.frame() == "see \\e]8;id=1;https://example.com/a\\e\\\\e[4mdocs\\e[C\\e]8;;\\e\\\\e[mnow")
    }

    @Test("a link cut by a row end and other cells is entered again with the same id")
    func wrappedLinkKeepsItsID() {
        let f = WriterFixture(columns: 6, rows: 2, capabilities: Self.links)
        let style = f.style(Style(link: f.canvas.styles.linkID(for: "https://x.y/")))
        f.canvas.write("ab", x: 0, y: 0)
        f.canvas.write("long", x: 2, y: 0, style: style)
        f.canvas.write("-", x: 0, y: 1)
        f.canvas.write("link", x: 1, y: 1, style: style)
        let bytes = f.frame()
        // Moving to the next row prints nothing, so the link is left only
        // before "-", and entered again, with the same id, for "link".
        #expect(bytes == "ab\\e]8;id=1;https://x.y/\\e\\long\\r\\n\\e]8;;\\e\\-\\e]8;id=1;https://x.y/\\e\\link\\e]8;;\\e\\")
    }

    @Test("every frame leaves its link open at its end; the next enters it again")
    func closedAtFrameEnd() {
        let f = WriterFixture(columns: 10, rows: 1, capabilities: Self.links)
        let style = f.style(Style(link: f.canvas.styles.linkID(for: "u:1")))
        f.canvas.write("abc", x: 0, y: 0, style: style)
        #expect(f.frame() == "\\e]8;id=1;u:1\\e\\abc\\e]8;;\\e\\")
        f.canvas.write("X", x: 2, y: 0, style: style)
        #expect(f.frame() == "\\b\\e]8;id=1;u:1\\e\\X\\e]8;;\\e\\")
        #expect(f.frame() == "")
    }

    @Test("a blank in a link is printed, not erased (erased cells belong to no link)")
    func blanksAreNotErased() {
        let f = WriterFixture(columns: 30, rows: 1, capabilities: Self.links)
        let style = f.style(Style(link: f.canvas.styles.linkID(for: "u:2")))
        f.canvas.write(String(repeating: " ", count: 20), x: 0, y: 0, style: style)
        f.canvas.write("x", x: 25, y: 0)
        let bytes = f.frame()
        #expect(bytes == "\\e]8;id=1;u:2\\e\\" + String(repeating: " ", count: 20) + "\\e[5C\\e]8;;\\e\\x")
    }

    @Test("where links are not known, none is written; the text is")
    func stripped() {
        let f = WriterFixture(columns: 10, rows: 1, capabilities: TerminalCapabilities(hyperlinks: false))
        let style = f.style(Style(attributes: .underline, link: f.canvas.styles.linkID(for: "https://x/")))
        f.canvas.write("ab", x: 0, y: 0, style: style)
        #expect(f.frame() == "\\e[4mab")
    }

    @Test("URIs are percent-encoded outside printable ASCII: no control, C1 or space reaches the terminal")
    func sanitized() {
        let table = StyleTable()
        let hostile = "https://x/\u{1B}]2;pwn\u{07}\u{1B}\\ é\u{85}\u{9B}\u{7F}"
        let id = table.linkID(for: hostile)
        #expect(table.linkURI(id) == "https://x/%1B]2;pwn%07%1B\\%20%C3%A9%C2%85%C2%9B%7F")
        #expect(table.linkURI(id).utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
        #expect(table.linkID(for: hostile) == id)
        #expect(table.linkID(for: "https://y/") == id + 1)
        #expect(table.linkID(for: "") == 0)
        #expect(table.linkID(for: "https://x/" + String(repeating: "a", count: StyleTable.maximumLinkLength)) == 0)
    }

    @Test("pyte and tmux show the text of a frame with links as without", .needsEmulator(.pyte, .tmux))
    func emulators() throws {
        let f = WriterFixture(columns: 8, rows: 2, capabilities: Self.links)
        let style = f.style(Style(foreground: .blue, link: f.canvas.styles.linkID(for: "https://x.y/;a=b")))
        f.canvas.write("go ", x: 0, y: 0)
        f.canvas.write("there", x: 3, y: 0, style: style)
        f.canvas.write("now", x: 0, y: 1, style: style)
        f.canvas.write("!", x: 3, y: 1)
        let bytes = Array(f.encoder.encode(f.canvas))
        #expect(escaped(bytes).contains("\\e]8;id=1;https://x.y/;a=b\\e\\"))
        let expected = TerminalEmulator.expected(f.canvas, level: .truecolor)
        for backend in [TerminalEmulator.Backend.pyte, .tmux] {
            guard EmulatorPropertyTests.requireEmulator(backend) else { continue }
            try TerminalEmulator.expectFrames([bytes], show: [expected], columns: 8, rows: 2, in: backend)
        }
    }
}
