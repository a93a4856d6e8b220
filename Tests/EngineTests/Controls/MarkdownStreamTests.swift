import Testing

@testable import Engine

/// Counts the lines a `SyntaxHighlighter` is asked for (written on the
/// main actor only, where views are evaluated).
private final class HighlightCount: @unchecked Sendable {
    var lines = 0
}

private struct CountingSyntaxHighlighter: SyntaxHighlighter {
    let count: HighlightCount
    func highlight(_ line: String, language: String) -> Text? {
        count.lines += 1
        return line.hasPrefix("let") ? Text(verbatim: line).bold() : nil
    }
}

/// A Markdown document read again after its text changed: only the part
/// after the last block boundary is parsed again, and what it makes is
/// what a parse of the whole text makes.
@MainActor
@Suite("Markdown streaming")
struct MarkdownStreamTests {
    /// Pieces of Markdown whose joins make every kind of block meet every
    /// other: lists that go on past blank lines, lazy lines, fences left
    /// open, setext underlines, tables, tabs, CRLF, and bits of a word.
    static let pieces = [
        "para text\n", "more *words* here\n", "\n", "\n\n", "- item\n", "- item\n  continued\n",
        "  indented under item\n", "1. first\n", "2) second\n", "* star\n", "> quote\n", ">\n", "lazy line\n",
        "```swift\n", "```\n", "~~~\n", "let x = 1\n", "    indented code\n", "\tcode tab\n", "# Heading\n",
        "Setext\n", "===\n", "---\n", "***\n", "| a | b |\n", "|---|:-:|\n", "| 1 | 2 |\n", "- [ ] task\n",
        "  - nested\n", "    - deeper\n", "word", " word", "-", "1", ".", " ", "`", "|", ">", "\r\n", "\n\ntext\n",
    ]

    /// Link reference definitions and the references that use them, to
    /// mix with ``pieces``: a definition may come after the paragraphs that
    /// use it, in a quote or a list item, take two lines or be written a
    /// few bytes at a time; labels match whatever their case.
    static let linkPieces = [
        "[docs]\n", "see [the docs][Docs] and [docs][]\n", "[docs]: /a\n", "[DOCS]: /b 'title'\n", "[x]: <y z>\n",
        "[x]\n", "[docs]:", " /c\n", "  \"two-line title\"\n", "[", "]", ": /d", "[x][docs]", "> [docs]: /q\n",
        "- [x]: /l\n", "![image][x]\n", "| [docs] | b |\n", "[Ref X]\n", "[ref  x]: /r\n", "[a] [b] [c]\n",
        "[A]: /1\n", "[b]: /2\n", "[c]: /3\n", "[a][c]\n",
    ]

    /// HTML blocks of every kind and entity references, to mix with
    /// ``pieces``: comments and `<pre>` blocks that run over blank lines
    /// (no boundary inside them), left open or closed later, tags that do
    /// and do not interrupt a paragraph, and openers written a few bytes
    /// at a time.
    static let htmlPieces = [
        "<!--\n", "-->\n", "<!-- c -->\n", "<!-- a\n\nb -->\n", "<div>\n", "</div>\n", "<pre>\n", "</pre>\n",
        "<?php\n", "?>\n", "<![CDATA[\n", "]]>\n", "<!DOCTYPE html>\n", "<span a=\"1\">\n", "<my-tag>\n", "<",
        "!--", "--", ">", "<div", "<b>x</b> &amp; &#42; &copy;\n", "&#x9b;", "&", "#", ";", "<style>\n", "</style>\n",
        "> <div>\n", "- <!--\n",
    ]

    static func document(_ rng: inout SplitMix64, pieces count: Int, from pieces: [String] = pieces) -> String {
        var s = ""
        for _ in 0..<count { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return s
    }

    /// `document`'s lines and code blocks match a fresh parse of its text.
    func expectMatchesFresh(_ document: MarkdownDocument, _ source: String, _ lineHighlighted: Set<String>,
                            highlighter: (any SyntaxHighlighter)? = KeywordHighlighter(),
                            sourceLocation: SourceLocation = #_sourceLocation)
    {
        let fresh = MarkdownDocument(source, highlighter: highlighter, lineHighlighted: lineHighlighted)
        #expect(document.lines == fresh.lines, "\(source.debugDescription)", sourceLocation: sourceLocation)
        #expect(document.codeBlocks == fresh.codeBlocks, "\(source.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test("text streamed a few bytes at a time: every step is what a whole parse makes", arguments: 0..<6)
    func streamedMatchesWholeParse(seed: UInt64) {
        var rng = SplitMix64(seed: 100 + seed)
        let lineHighlighted: Set<String> = seed % 2 == 0 ? [] : ["swift"]
        // Updates that kept a part of the document: the case under test.
        let (kept, _) = streamAndCompare(documents: 12, pieces: MarkdownStreamTests.pieces, rng: &rng,
                                         lineHighlighted: lineHighlighted)
        #expect(kept > 100)
    }

    /// Streams `documents` random documents made of `pieces` a few bytes at
    /// a time, checking after each step that the document updated in place
    /// has the lines of a whole parse. Returns the updates that kept a part
    /// of the document, and those that made kept blocks again.
    func streamAndCompare(documents: Int, pieces: [String], rng: inout SplitMix64,
                          lineHighlighted: Set<String>) -> (kept: Int, remade: Int) {
        var kept = 0, remade = 0
        for _ in 0..<documents {
            let text = Array(MarkdownStreamTests.document(&rng, pieces: 40, from: pieces).unicodeScalars)
            var document = MarkdownDocument("", highlighter: KeywordHighlighter(), lineHighlighted: lineHighlighted)
            var end = 0
            while end < text.count {
                end = Swift.min(text.count, end + 1 + Int(rng.next() % 6))
                var source = ""
                source.unicodeScalars.append(contentsOf: text[..<end])
                if let change = document.update(source), change.firstLine > 0 { kept += 1 }
                if document.blocksRemade > 0 { remade += 1 }
                expectMatchesFresh(document, source, lineHighlighted)
            }
        }
        return (kept, remade)
    }

    @Test("with link reference definitions and references, every step of a stream is what a whole parse makes",
          arguments: 0..<6)
    func streamedLinksMatchWholeParse(seed: UInt64) {
        var rng = SplitMix64(seed: 300 + seed)
        let lineHighlighted: Set<String> = seed % 2 == 0 ? [] : ["swift"]
        let links = MarkdownStreamTests.linkPieces
        let pieces = MarkdownStreamTests.pieces + links + links + links
        // Updates that kept a part of the document, and those that made
        // kept blocks again because the text after it resolved their
        // references otherwise: the rule under test.
        let (kept, remade) = streamAndCompare(documents: 16, pieces: pieces, rng: &rng, lineHighlighted: lineHighlighted)
        #expect(kept > 100)
        #expect(remade >= 3)
    }

    @Test("with HTML blocks and entities, every step of a stream is what a whole parse makes", arguments: 0..<6)
    func streamedHTMLMatchesWholeParse(seed: UInt64) {
        var rng = SplitMix64(seed: 500 + seed)
        let html = MarkdownStreamTests.htmlPieces
        let pieces = MarkdownStreamTests.pieces + html + html
        let (kept, _) = streamAndCompare(documents: 12, pieces: pieces, rng: &rng, lineHighlighted: [])
        #expect(kept > 100)
    }

    @Test("with HTML blocks and entities, an edit anywhere gives a whole parse's lines", arguments: 0..<4)
    func editedHTMLMatchesWholeParse(seed: UInt64) {
        var rng = SplitMix64(seed: 600 + seed)
        let pieces = MarkdownStreamTests.pieces + MarkdownStreamTests.htmlPieces + MarkdownStreamTests.htmlPieces
        editAndCompare(MarkdownStreamTests.document(&rng, pieces: 60, from: pieces), pieces: pieces, rng: &rng)
    }

    @Test("a comment streamed over blank lines keeps the document from being cut inside it")
    func openComment() {
        // Unclosed, it is an HTML block to the end, shown as written.
        var document = MarkdownDocument("intro\n\n<!-- note\n\nhidden *text*\n\nmore\n")
        #expect(document.lines.map(\.text.content) == ["intro", "", "<!-- note", "", "hidden *text*", "", "more"])
        _ = document.update("intro\n\n<!-- note\n\nhidden *text*\n\nmore\n-->\n\nshown\n")
        #expect(document.lines.map(\.text.content) == ["intro", "", "shown"])
        #expect(document.lines == MarkdownDocument("intro\n\n<!-- note\n\nhidden *text*\n\nmore\n-->\n\nshown\n").lines)
    }

    @Test("with link reference definitions, an edit anywhere gives a whole parse's lines", arguments: 0..<4)
    func editedLinksMatchWholeParse(seed: UInt64) {
        var rng = SplitMix64(seed: 400 + seed)
        let pieces = MarkdownStreamTests.pieces + MarkdownStreamTests.linkPieces + MarkdownStreamTests.linkPieces
        let source = MarkdownStreamTests.document(&rng, pieces: 60, from: pieces)
        editAndCompare(source, pieces: pieces, rng: &rng)
    }

    /// Edits `source` 80 times at random places (a few scalars removed, or
    /// one of `pieces` inserted), checking after each that the document
    /// updated in place has the lines of a whole parse.
    func editAndCompare(_ source: String, pieces: [String], rng: inout SplitMix64) {
        var source = source
        var document = MarkdownDocument(source, highlighter: KeywordHighlighter())
        for _ in 0..<80 {
            var scalars = Array(source.unicodeScalars)
            let at = Int(rng.next() % UInt64(scalars.count + 1))
            if rng.next() % 3 == 0, at < scalars.count {
                scalars.removeSubrange(at..<Swift.min(scalars.count, at + 1 + Int(rng.next() % 8)))
            } else {
                scalars.insert(contentsOf: pieces[Int(rng.next() % UInt64(pieces.count))].unicodeScalars, at: at)
            }
            source = ""
            source.unicodeScalars.append(contentsOf: scalars)
            _ = document.update(source)
            expectMatchesFresh(document, source, [])
        }
    }

    @Test("a definition streamed at the end of a long document remakes the kept paragraph that uses it, and no other")
    func definitionAfterItsReference() {
        var source = "See [the docs].\n\n"
        for i in 0..<2500 { source += "## Section \(i)\n\nSome *text* for section \(i).\n\n" }
        var document = MarkdownDocument(source)
        #expect(document.lines[0].text.content == "See [the docs].")
        var stream = ""
        for piece in ["[The", "  Docs]:", " https://e", "xample.com/docs", "\n\nEnd."] {
            stream += piece
            let change = document.update(source + stream)
            expectMatchesFresh(document, source + stream, [])
            #expect(document.linesParsed <= 6)
            // The definition, complete from the third piece on, changes the
            // first line (twice: its destination grows); the last piece
            // changes nothing kept.
            let remakes = stream.contains("https://e") && !stream.hasSuffix("End.")
            #expect(document.blocksRemade == (remakes ? 1 : 0), "\(stream.debugDescription)")
            #expect(change?.remade == (remakes ? [0..<1] : []), "\(stream.debugDescription)")
            #expect(change.map { $0.firstLine > 9_000 } == true, "\(stream.debugDescription)")
        }
        #expect(document.lines[0].text.content == "See the docs.")
        #expect(document.lines[0].text.runs?.contains { $0.link == "https://example.com/docs" } == true)
        // A boundary after the definition keeps it; then text after it
        // cannot change the first line, and is not checked against it.
        for more in ["\n\nMore", " text.", "\n\n[the docs]: /other\n"] {
            stream += more
            _ = document.update(source + stream)
            #expect(document.blocksRemade == 0)
            expectMatchesFresh(document, source + stream, [])
        }
        #expect(document.lines[0].text.runs?.contains { $0.link == "https://example.com/docs" } == true)
    }

    @Test("an edit anywhere (not only at the end) still gives a whole parse's lines", arguments: 0..<4)
    func editsMatchWholeParse(seed: UInt64) {
        var rng = SplitMix64(seed: 200 + seed)
        let source = MarkdownStreamTests.document(&rng, pieces: 60)
        editAndCompare(source, pieces: MarkdownStreamTests.pieces, rng: &rng)
    }

    @Test("words appended to a 10,000-line document parse its last block, not the document")
    func appendParsesTheTail() {
        var source = ""
        for i in 0..<2500 { source += "## Section \(i)\n\nSome *text* for section \(i).\n\n" }
        var document = MarkdownDocument(source, highlighter: KeywordHighlighter())
        #expect(document.linesParsed >= 10_000)
        source += "The answer"
        for word in ["is", "streamed", "word", "by", "word.\n\n-", "a", "list\n-", "item\n\nAfter", "it."] {
            source += " " + word
            let change = document.update(source)
            #expect(change != nil)
            #expect(document.linesParsed <= 8)
            #expect(change.map { $0.firstLine >= 9_990 } == true)
        }
        expectMatchesFresh(document, source, [])
        // The same text again changes nothing.
        #expect(document.update(source) == nil)
        // An edit near the top parses the whole document again.
        source.replaceSubrange(source.index(source.startIndex, offsetBy: 3)..<source.index(source.startIndex, offsetBy: 10), with: "Part")
        let change = document.update(source)
        #expect(change?.firstLine == 0)
        #expect(document.linesParsed >= 10_000)
        expectMatchesFresh(document, source, [])
    }

    @Test("the line after the kept boundary turned into a list item joins the list before it")
    func boundaryLineEdited() {
        var document = MarkdownDocument("1. a\n\ntext\nmore")
        #expect(document.lines.count == 3)
        // "text" began a block after the list, and the document was kept up
        // to it; as "2. text" it is the list's second item.
        let change = document.update("1. a\n\n2. text\nmore")
        #expect(change?.firstLine == 0)
        expectMatchesFresh(document, "1. a\n\n2. text\nmore", [], highlighter: nil)
        #expect(document.lines.map(\.prefix) == ["1. ", "", "2. "])
    }

    @Test("a code fence left open keeps the document from being cut inside it")
    func openFence() {
        var document = MarkdownDocument("", highlighter: KeywordHighlighter())
        var source = "Intro\n\n```\ncode\n\nNot a paragraph\n\nstill code\n"
        _ = document.update(source)
        expectMatchesFresh(document, source, [])
        source += "```\n\nAfter\n\nEnd"
        _ = document.update(source)
        expectMatchesFresh(document, source, [])
        #expect(document.lines.last?.text.content == "End")
    }

    @Test("a streamed view shows what a view of the whole text shows, rows and styles")
    func streamedScreen() {
        let answer = """
            # Answer

            Here is **the plan**, in steps:

            1. read the file
            2. parse it

            > a quote that
            continues lazily

            ```swift
            let x = 1
            ```

            | a | b |
            |---|---|
            | 1 | 2 |

            Done.
            """
        let chars = Array(answer)
        let streamed = FramePipeline(columns: 30, rows: 30, clock: .manual())
        var end = 0
        while end < chars.count {
            end = Swift.min(chars.count, end + 7)
            let source = String(chars[..<end])
            streamed.render(Markdown(source))
            let fresh = FramePipeline(columns: 30, rows: 30, clock: .manual())
            fresh.render(Markdown(source))
            #expect(streamed.textRows == fresh.textRows, "\(source.debugDescription)")
            #expect(streamed.styleRows == fresh.styleRows, "\(source.debugDescription)")
        }
    }

    @Test("a streamed README whose definitions come last shows, each frame, what a view of the whole text shows")
    func streamedReferencesScreen() {
        let readme = """
            Read [the manual][manual-label] first.

            More text here.

            Then [faq-entries] and [manual-label][].

            [manual-label]: https://example.com/manual
            [FAQ-entries]: https://example.com/faq

            End.
            """
        let chars = Array(readme)
        let store = MarkdownStore()
        let viaStore = FramePipeline(columns: 14, rows: 16, capabilities: TerminalCapabilities(hyperlinks: true))
        viaStore.render(Markdown(store))
        let viaString = FramePipeline(columns: 14, rows: 16, capabilities: TerminalCapabilities(hyperlinks: true))
        var end = 0
        var remadeFrames = 0
        while end < chars.count {
            let next = Swift.min(chars.count, end + 3)
            store.append(String(chars[end..<next]))
            end = next
            let source = String(chars[..<end])
            viaStore.renderIfNeeded()
            viaString.render(Markdown(source))
            let fresh = FramePipeline(columns: 14, rows: 16, capabilities: TerminalCapabilities(hyperlinks: true))
            fresh.render(Markdown(source))
            for streamed in [viaStore, viaString] {
                #expect(streamed.textRows == fresh.textRows, "\(source.debugDescription)")
                #expect(streamed.styleRows == fresh.styleRows, "\(source.debugDescription)")
            }
            let cursor = viaString.graph.allNodes().compactMap { ($0.behavior as? MarkdownViewportBehavior)?.cursor }.first
            if cursor.map({ $0.document.blocksRemade > 0 }) == true { remadeFrames += 1 }
        }
        // The definitions changed kept lines while they were written.
        #expect(remadeFrames > 0)
        #expect(viaStore.textRows.prefix(2).map { $0.trimmingSuffixSpaces } == ["Read the", "manual first."])
    }

    @Test("a view showing its end follows appended text; scrolled up, it stays")
    func followsTheEnd() {
        let h = FramePipeline(columns: 20, rows: 4, clock: .manual())
        var source = "First"
        h.render(Markdown(source))
        for i in 1...6 {
            source += "\n\nline \(i)"
            h.render(Markdown(source))
        }
        #expect(h.textRows.map { $0.trimmingSuffixSpaces } == ["", "line 5", "", "line 6"])
        h.press(.tab)
        h.press(.up)
        h.press(.up)
        let scrolled = h.textRows
        source += "\n\nline 7"
        h.render(Markdown(source))
        #expect(h.textRows == scrolled)
        // Back at the end, it follows again.
        h.press(.end)
        source += "\n\nline 8"
        h.render(Markdown(source))
        #expect(h.textRows.last?.trimmingSuffixSpaces == "line 8")
        // A new document that is not the old one with text added is shown
        // from where the view is, not followed.
        h.press(.home)
        h.render(Markdown("Other\n\n" + source))
        #expect(h.textRows.first?.trimmingSuffixSpaces == "Other")
    }

    @Test("a word appended to a followed document rebuilds no line and re-evaluates only the last")
    func appendRebuildsNothing() {
        var source = ""
        for i in 0..<100 { source += "## Section \(i)\n\nSome *text* for section \(i), long enough to wrap.\n\n- a\n- b\n\n" }
        source += "Answer:"
        let h = FramePipeline(columns: 60, rows: 20, clock: .manual())
        h.render(Markdown(source))
        h.press(.tab)
        h.press(.end)
        for word in ["one", "two", "three", "four", "five"] {
            source += " " + word
            h.render(Markdown(source))
            let stats = h.graph.statistics
            #expect(stats.nodesCreated == 0)
            #expect(stats.bodyEvaluations <= 8)
            #expect(h.textRows.last?.trimmingSuffixSpaces.hasSuffix(word) == true)
        }
    }

    @Test("a MarkdownStore streamed into shows what a view of the same String shows")
    func storeMatchesString() {
        let answer = "# Answer\n\nHere is **the plan**:\n\n1. read\n2. parse\n\n```swift\nlet x = 1\n```\n\nDone."
        let chars = Array(answer)
        let store = MarkdownStore("Intro\n\n")
        let streamed = FramePipeline(columns: 30, rows: 20, clock: .manual())
        streamed.render(Markdown(store))
        var end = 0
        while end < chars.count {
            let next = Swift.min(chars.count, end + 5)
            store.append(String(chars[end..<next]))
            end = next
            streamed.renderIfNeeded()
            let fresh = FramePipeline(columns: 30, rows: 20, clock: .manual())
            fresh.render(Markdown("Intro\n\n" + String(chars[..<end])))
            #expect(streamed.textRows == fresh.textRows)
            #expect(streamed.styleRows == fresh.styleRows)
        }
        // Setting the text replaces the document.
        store.text = "Other"
        streamed.renderIfNeeded()
        #expect(streamed.textRows[0].trimmingSuffixSpaces == "Other")
        #expect(streamed.textRows[1].trimmingSuffixSpaces == "")
    }

    @Test("a store's appends parse the last block and leave its text unshared (grown in place)")
    func storeAppendsInPlace() {
        var source = ""
        for i in 0..<2500 { source += "## Section \(i)\n\nSome *text* for section \(i).\n\n" }
        let store = MarkdownStore(source)
        let h = FramePipeline(columns: 40, rows: 10, clock: .manual())
        h.render(Markdown(store))
        let cursor = h.graph.allNodes().compactMap { ($0.behavior as? MarkdownViewportBehavior)?.cursor }.first
        #expect(cursor.map { $0.document.linesParsed >= 10_000 } == true)
        var moves = 0
        var address = store.storage.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
        for k in 0..<40 {
            store.append(k % 10 == 9 ? "\n\n" : k % 10 == 0 ? "Word" : " word")
            h.renderIfNeeded()
            #expect(cursor.map { $0.document.linesParsed <= 6 } == true)
            let now = store.storage.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
            if now != address { moves += 1 }
            address = now
        }
        // A copy per append would move the text 40 times; growth in place
        // moves it only when its capacity is used up.
        #expect(moves <= 2)
        // The view was not at the end, so it stayed at the top.
        #expect(h.textRows[0].hasPrefix("Section 0"))
        h.press(.tab)
        h.press(.end)
        #expect(h.textRows.contains { $0.hasPrefix("Word word") })
    }

    @Test("the SyntaxHighlighter colours the code lines shown, not the document's")
    func highlightsWhatIsShown() {
        let count = HighlightCount()
        var source = "```swift\n"
        for i in 0..<1000 { source += "let v\(i) = \(i)\n" }
        source += "```\n"
        let h = FramePipeline(columns: 30, rows: 8, clock: .manual())
        h.render(Markdown(source, highlighter: CountingSyntaxHighlighter(count: count)))
        #expect(count.lines > 0)
        #expect(count.lines <= 9)
        #expect(h.styleLegend.contains { $0.contains("bold") })
        let shown = count.lines
        h.press(.tab)
        h.press(.pageDown)
        #expect(count.lines > shown)
        #expect(count.lines <= 2 * 9)
        // Lines coloured once are not asked for again when scrolled back.
        let before = count.lines
        h.press(.home)
        #expect(count.lines == before)
        #expect(h.textRows[0].hasPrefix("  let v0 = 0"))
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
