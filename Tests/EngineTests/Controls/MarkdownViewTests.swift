import Testing
@testable import Engine

/// The `Markdown` view: blocks parsed, drawn, wrapped, scrolled, and laid
/// out only where shown.
@MainActor
@Suite("Markdown view")
struct MarkdownViewTests {
    func host(_ source: String, columns: Int = 24, rows: Int = 8) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows, clock: .manual())
        host.render(Markdown(source))
        return host
    }

    func trimmed(_ rows: [String]) -> [String] {
        rows.map { row in
            var r = Substring(row)
            while r.last == " " { r = r.dropLast() }
            return String(r)
        }
    }

    @Test("blocks: headings, paragraphs with soft and hard breaks, a rule")
    func blocks() {
        let h = host("# Title\n\nsoft\nbreak and hard  \nbreak\n\n---\nSetext\n======", columns: 20)
        #expect(trimmed(h.textRows) == ["Title", "", "soft break and hard", "break", "", "────────────────────", "",
                                        "Setext"])
        #expect(h.styleRows[0].hasPrefix("aaaaa."))
        #expect(h.styleLegend[0] == "a fg=6 bold underline")
    }

    @Test("lists: bullets, numbers, tasks, nesting, wrapped items hang under their text")
    func lists() {
        let h = host("- one\n- two is long\n  - inner\n\n3. x\n4. [x] done\n- [ ] todo", columns: 12)
        #expect(trimmed(h.textRows) == ["• one", "• two is", "  long", "  ◦ inner", "", "3. x", "4. [x] done", ""])
    }

    @Test("block quotes draw a bar on every row, wrapped ones too")
    func quotes() {
        let h = host("> quoted text\n> that wraps\n\n> > inner", columns: 10)
        #expect(trimmed(h.textRows) == ["│ quoted", "│ text", "│ that", "│ wraps", "", "│ │ inner", "", ""])
        #expect(h.styleRows[0].hasPrefix("aa"))
    }

    @Test("code blocks keep their lines, unwrapped, and the info string picks the highlighter")
    func code() {
        let h = host("```swift\nlet x = 1 // one\n```\n\n    indented\n    code", columns: 30)
        #expect(trimmed(h.textRows) == ["  let x = 1 // one", "", "  indented", "  code", "", "", "", ""])
        // `let` a keyword, `1` a number, the comment secondary, the rest code-coloured.
        // The prefix is secondary, as a quote bar would be.
        #expect(h.styleRows[0].hasPrefix("aabbbcccccdcaaaaaa"))
        #expect(h.styleLegend == ["a fg=8", "b fg=6 bold", "c fg=3", "d fg=5"])
    }

    @Test("a user's highlighter is used; returning nil leaves the code colour")
    func customHighlighter() {
        struct Shout: SyntaxHighlighter {
            func highlight(_ line: String, language: String) -> Text? {
                language == "x" ? Text(verbatim: line).bold() : nil
            }
        }
        let h = FramePipeline(columns: 10, rows: 4)
        h.render(Markdown("```x\nab\n```\n```y\ncd\n```", highlighter: Shout()))
        #expect(trimmed(h.textRows) == ["  ab", "", "  cd", ""])
        #expect(h.styleLegend == ["a fg=8", "b bold", "c fg=3"])
    }

    @Test("tables: columns as wide as their widest cell, aligned by the delimiter row")
    func tables() {
        let h = host("| a | long head | n |\n|---|:---:|--:|\n| x | y | 10 |\n| **b** | | 2 |", columns: 30)
        #expect(trimmed(h.textRows) == ["a │ long head │  n", "──┼───────────┼───", "x │     y     │ 10",
                                        "b │           │  2", "", "", "", ""])
    }

    @Test("links in a document are OSC 8 links, wrapped as one")
    func links() {
        let h = FramePipeline(columns: 10, rows: 3, capabilities: TerminalCapabilities(hyperlinks: true))
        h.render(Markdown("see [the docs page](https://x.y)"))
        #expect(trimmed(h.textRows) == ["see the", "docs page", ""])
        #expect(h.styleLegend == ["a fg=6 underline link=1"])
        #expect(escaped(h.lastBytes).contains("\\e]8;id=1;https://x.y\\e\\"))
    }

    @Test("reference links resolve through definitions anywhere in the document; the definitions are not shown")
    func referenceLinks() {
        let h = FramePipeline(columns: 24, rows: 5, capabilities: TerminalCapabilities(hyperlinks: true))
        h.render(Markdown("""
            Read [the guide][Guide], [api][]
            or [faq].

            > [faq]: https://f.example

            [guide]: https://g.example "The guide"
            [API]:
              <https://a.example>
            [faq]: https://ignored.example
            """))
        #expect(trimmed(h.textRows) == ["Read the guide, api or", "faq.", "", "│", ""])
        #expect(h.styleRows[0] == ".....aaaaaaaaa..bbb.....")
        #expect(h.styleLegend == ["a fg=6 underline link=1", "b fg=6 underline link=2", "c fg=6 underline link=3",
                                  "d fg=8"])
        let bytes = escaped(h.lastBytes)
        #expect(bytes.contains("\\e]8;id=1;https://g.example\\e\\"))
        #expect(bytes.contains("\\e]8;id=2;https://a.example\\e\\"))
        // The first definition of a label wins: the quote's, before the later one.
        #expect(bytes.contains("\\e]8;id=3;https://f.example\\e\\"))
        #expect(!bytes.contains("ignored"))
    }

    @Test("scrolling by rows with keys and the wheel; End shows the last page full")
    func scrolling() {
        let doc = (1...30).map { "line \($0)" }.joined(separator: "\n\n")
        let h = host(doc, columns: 12, rows: 4)
        #expect(trimmed(h.textRows) == ["line 1", "", "line 2", ""])
        h.press(.tab)
        h.press(.down)
        #expect(trimmed(h.textRows) == ["", "line 2", "", "line 3"])
        h.press(.pageDown)
        #expect(trimmed(h.textRows) == ["line 3", "", "line 4", ""])
        h.press(.end)
        #expect(trimmed(h.textRows) == ["", "line 29", "", "line 30"])
        h.press(.home)
        #expect(trimmed(h.textRows).first == "line 1")
        h.scroll(column: 1, row: 1, lines: 1)
        #expect(trimmed(h.textRows) == ["", "line 3", "", "line 4"])
    }

    @Test("lines still shown keep their nodes while scrolling; a changed text shows its own lines in the same places")
    func scrolledThenChanged() {
        let doc = (1...30).map { "line \($0)" }.joined(separator: "\n\n")
        let h = host(doc, columns: 12, rows: 4)
        h.press(.tab)
        h.press(.down)
        let viewport = { h.graph.allNodes().first { $0.behavior is MarkdownViewportBehavior }! }
        let before = viewport().children.map(ObjectIdentifier.init)
        h.press(.down)
        #expect(trimmed(h.textRows) == ["line 2", "", "line 3", ""])
        // Three of the four lines shown were shown before, and kept their nodes.
        #expect(Set(viewport().children.map(ObjectIdentifier.init)).intersection(before).count >= 3)
        // The same number of lines, other words: every line shown is made again.
        h.render(Markdown((1...30).map { "word \($0)" }.joined(separator: "\n\n")))
        #expect(trimmed(h.textRows) == ["word 2", "", "word 3", ""])
        h.press(.down)
        #expect(trimmed(h.textRows) == ["", "word 3", "", "word 4"])
    }

    @Test("a wrapped paragraph scrolls a row at a time")
    func scrollWithinParagraph() {
        let h = host("aa bb cc dd ee\n\nz", columns: 5, rows: 2)
        #expect(trimmed(h.textRows) == ["aa bb", "cc dd"])
        h.press(.tab)
        h.press(.down)
        #expect(trimmed(h.textRows) == ["cc dd", "ee"])
        h.press(.down)
        #expect(trimmed(h.textRows) == ["ee", ""])
        h.press(.up)
        #expect(trimmed(h.textRows) == ["cc dd", "ee"])
    }

    @Test("CRLF line ends are line ends (a \\r\\n pair is one Character, split as bytes)")
    func crlf() {
        let h = host("# Title\r\n\r\nSome text\r\n- item\r\n", columns: 20, rows: 5)
        #expect(trimmed(h.textRows) == ["Title", "", "Some text", "", "• item"])
    }

    @Test("a 10,000-line document lays out only the lines on screen, scrolled anywhere")
    func lazy() {
        var doc = ""
        for i in 0..<2500 { doc += "## Section \(i)\n\nSome *text* for section \(i).\n\n" }
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines >= 10_000)
        let h = FramePipeline(columns: 40, rows: 10)
        h.render(Markdown(doc))
        let cursor = h.graph.allNodes().compactMap { ($0.behavior as? MarkdownViewportBehavior)?.cursor }.first
        #expect(cursor?.document.lines.count == 9999)
        #expect(cursor.map { $0.linesLaidOut <= 11 } == true)
        h.press(.tab)
        h.press(.end)
        #expect(trimmed(h.textRows).last == "Some text for section 2499.")
        #expect(cursor.map { $0.linesLaidOut <= 21 } == true)
        #expect(cursor.map { $0.heights.count <= 40 } == true)
    }
}
