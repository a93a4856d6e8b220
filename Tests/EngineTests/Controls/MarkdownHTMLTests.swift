import Testing

@testable import Engine

/// HTML blocks, raw HTML and entity references in a `Markdown` document:
/// recognised (CommonMark §4.6, §6.6, §2.5) so nothing in them is read as
/// Markdown, shown as written in the secondary colour (a terminal renders
/// no HTML), comments hidden, references decoded where the spec decodes
/// them and drawn safely whatever they decode to.
@MainActor
@Suite("Markdown HTML and entities")
struct MarkdownHTMLTests {
    /// The Markdown view's test host (``MarkdownViewTests``), 30 columns wide by default.
    func host(_ source: String, columns: Int = 30, rows: Int = 8) -> FramePipeline {
        MarkdownViewTests().host(source, columns: columns, rows: rows)
    }

    func trimmed(_ rows: [String]) -> [String] { MarkdownViewTests().trimmed(rows) }

    @Test("an HTML block is shown as written in the secondary colour; its lines are not Markdown")
    func htmlBlockShown() {
        let h = host("<div class=\"x\">\n*not em*\n</div>\n\nafter *em*")
        #expect(trimmed(h.textRows) == ["<div class=\"x\">", "*not em*", "</div>", "", "after em", "", "", ""])
        #expect(h.styleRows[0].hasPrefix("aaaaaaaaaaaaaaa."))
        #expect(h.styleRows[1].hasPrefix("aaaaaaaa."))
        #expect(h.styleLegend[0] == "a fg=8")
        // The paragraph after it is Markdown again: `em` italic.
        #expect(h.styleRows[4].hasPrefix("......bb"))
        #expect(h.styleLegend[1] == "b italic")
    }

    @Test("comments are hidden, a block of them and inline ones; other inline HTML is shown, muted")
    func commentsHidden() {
        let h = host("a <!-- hidden --> b <span>*c*</span>\n\n<!-- a comment\n\nover blank lines -->\n\nend")
        #expect(trimmed(h.textRows) == ["a  b <span>c</span>", "", "end", "", "", "", "", ""])
        // `<span>` and `</span>` muted, `c` (emphasis between them) italic.
        #expect(h.styleRows[0].hasPrefix(".....aaaaaabaaaaaaa"))
        #expect(h.styleLegend == ["a fg=8", "b italic"])
    }

    @Test("each of the seven kinds of HTML block, where it ends, and which interrupt a paragraph")
    func blockKinds() {
        let parse = MarkdownBlockParser.parse
        #expect(parse("<pre>\n*a*\n\nb\n</pre>\nc") == [.html(["<pre>", "*a*", "", "b", "</pre>"]), .paragraph("c")])
        #expect(parse("<!-- a\n\nb -->\ny") == [.paragraph("y")])  // comments only: no block
        #expect(parse("<!-- a\n\nb -->x\ny") == [.html(["<!-- a", "", "b -->x"]), .paragraph("y")])
        #expect(parse("<!-- a -->x\ny") == [.html(["<!-- a -->x"]), .paragraph("y")])
        #expect(parse("<?php\n\necho 1;\n?>\nz") == [.html(["<?php", "", "echo 1;", "?>"]), .paragraph("z")])
        #expect(parse("<!DOCTYPE html>\nz") == [.html(["<!DOCTYPE html>"]), .paragraph("z")])
        #expect(parse("<![CDATA[\n\nx\n]]>\nz") == [.html(["<![CDATA[", "", "x", "]]>"]), .paragraph("z")])
        #expect(parse("<DIV>\n*x*\n\nz") == [.html(["<DIV>", "*x*"]), .paragraph("z")])
        #expect(parse("<my-tag a='1'>\n*x*\n\nz") == [.html(["<my-tag a='1'>", "*x*"]), .paragraph("z")])
        // Kinds 1–6 interrupt a paragraph, 7 (any lone tag) does not.
        #expect(parse("p\n<div>\nx") == [.paragraph("p"), .html(["<div>", "x"])])
        #expect(parse("p\n<!-- c -->\n") == [.paragraph("p")])
        #expect(parse("p\n<span>\nx") == [.paragraph("p\n<span>\nx")])
        // Four spaces make indented code; an unclosed block runs to the end.
        #expect(parse("    <div>") == [.code(info: "", lines: ["<div>"])])
        #expect(parse("<style>\na\n\nb\n") == [.html(["<style>", "a", "", "b"])])
    }

    @Test("HTML blocks in quotes and list items; no lazy line continues one")
    func inContainers() {
        let parse = MarkdownBlockParser.parse
        #expect(parse("> <div>\n> x\nlazy") == [.quote([.html(["<div>", "x"])]), .paragraph("lazy")])
        #expect(parse("- <pre>\n\n  a\n  </pre>\n- b")
            == [.list(ordered: false, start: 0, tight: true,
                      items: [MarkdownListItem(blocks: [.html(["<pre>", "", "a", "</pre>"])]),
                              MarkdownListItem(blocks: [.paragraph("b")])])])
        // A comment between two lists ends the first (CommonMark example 308).
        let (blocks, _) = MarkdownBlockParser.parseDocument("- a\n\n<!-- -->\n\n- b\n")
        #expect(blocks.count == 2)
        // A fence opened inside an HTML block is its text, not a fence.
        #expect(parse("<div>\n```\n\nx") == [.html(["<div>", "```"]), .paragraph("x")])
    }

    @Test("entities are decoded in text, destinations and info strings, not in code or autolinks")
    func entities() {
        var labels: [String] = []
        let definitions = MarkdownLinkDefinitions([MarkdownLinkDefinition(key: "d", destination: "/x")])
        func shown(_ s: String) -> Text { InlineMarkdown.text(s, definitions: definitions, labelsLookedUp: &labels) }
        #expect(shown("&copy; &#35; &#X22; &amp;lt; &ngE; &#0; &#1114112; &#99999999; &bogus; &copy &#x;").content
            == "© # \" &lt; \u{2267}\u{338} \u{FFFD} \u{FFFD} &#99999999; &bogus; &copy &#x;")
        // A decoded character is text, never markup.
        #expect(shown("&#42;a&#42; &#91;d&#93;").content == "*a* [d]")
        // A line ending is whitespace, as HTML shows it: a space.
        #expect(shown("a&#10;b&NewLine;c&#13;d").content == "a b c d")
        #expect(shown("`&amp;` <http://e.com/&amp;>").content == "&amp; http://e.com/&amp;")
        #expect(shown("[a](/f&ouml;&#x3F;) [b](<&amp;>)").resolvedRuns.map(\.link) == ["/fö?", nil, "&"])
        #expect(MarkdownBlockParser.parse("``` f&ouml;&ouml; x\ncode\n```") == [.code(info: "föö x", lines: ["code"])])
        #expect(MarkdownBlockParser.parse("    &amp;") == [.code(info: "", lines: ["&amp;"])])
        let (_, parsed) = MarkdownBlockParser.parseDocument("[r]: /a&amp;b\n")
        #expect(parsed["r"] == "/a&b")
    }

    @Test("every name of the HTML5 table is found by the binary search, and names around them are not")
    func entityTable() {
        var found = 0
        for line in "\(HTMLEntities.table)".split(separator: "\n") {
            let parts = line.split(separator: " ")
            let name = Array(parts[0].utf8)
            var expected = ""
            for hex in parts[1].split(separator: ",") { expected.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!) }
            #expect(HTMLEntities.lookUp(name[...]) == Array(expected.utf8), "\(parts[0])")
            // The name and `ZZ` (no name has it) sorts between two lines: not found.
            #expect(HTMLEntities.lookUp((name + [0x5A, 0x5A])[...]) == nil, "\(parts[0])")
            found += 1
        }
        #expect(found == 2_125)
        for missing in ["", "A", "AEli", "zzzz", "copyX", "0", "amp;"] { #expect(HTMLEntities.lookUp(Array(missing.utf8)[...]) == nil) }
    }

    @Test("a reference to a control character is drawn as a picture, never sent to the terminal")
    func controlEntities() {
        let h = host("&#27;[31m red &#x9b;2J &#7; &#x85;")
        #expect(trimmed(h.textRows)[0] == "␛[31m red \u{FFFD}2J ␇ \u{FFFD}")
        // No ESC followed by `[31m`, no C1 CSI, no BEL in what was written.
        let bytes = h.lastBytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}[31m red"))
        #expect(!bytes.contains(0x07))
        #expect(!text.unicodeScalars.contains { $0.value >= 0x80 && $0.value <= 0x9F })
    }

    @Test("raw HTML takes precedence as the spec says: over emphasis, and over links it starts before")
    func precedence() {
        var labels: [String] = []
        let definitions = MarkdownLinkDefinitions([MarkdownLinkDefinition(key: "ref", destination: "/uri")])
        func text(_ s: String) -> Text { InlineMarkdown.text(s, definitions: definitions, labelsLookedUp: &labels) }
        #expect(text("*<a href=\"*\">").content == "*<a href=\"*\">")
        let tag = text("[foo <bar attr=\"][ref]\">")
        #expect(tag.content == "[foo <bar attr=\"][ref]\">")
        #expect(tag.resolvedRuns.allSatisfy { $0.link == nil })
        // A code span started first wins; a tag over a line ending is one tag.
        #expect(text("`<a href=\"`\">`").content == "<a href=\"\">`")
        #expect(text("<a\nhref=\"x\"> *b*").content == "<a href=\"x\"> b")
        // Not a tag: text.
        #expect(text("<33> <a h*#ref=\"hi\"> a < b").content == "<33> <a h*#ref=\"hi\"> a < b")
    }

    @Test("Text's Markdown is unchanged: entities and tags are shown as written")
    func textUnchanged() {
        #expect(InlineMarkdown.text("&amp; &#42; <b>x</b> <!-- c -->").content == "&amp; &#42; <b>x</b> <!-- c -->")
        #expect(InlineMarkdown.text("*<a href=\"*\">").content == "<a href=\"\">")
    }

    @Test("pathological HTML is read in linear time: 50,000 unclosed openers parse once each")
    func pathological() {
        let n = 50_000
        var labels: [String] = []
        let definitions = MarkdownLinkDefinitions()
        for opener in ["<a x=\"", "<a x='", "<!--", "<?", "<![CDATA[", "<!A", "<a ", "</a", "&#", "&amp", "<a x=\"\" "] {
            let source = String(repeating: opener, count: n)
            // One paragraph, parsed inline: quadratic would be 2.5 billion steps.
            let text = InlineMarkdown.text(source, definitions: definitions, labelsLookedUp: &labels)
            #expect(text.content.utf8.count == source.utf8.count, "\(opener)")
        }
        // 50,000 lines of an unclosed comment are one block; of `<div`, one block too.
        #expect(MarkdownBlockParser.parse(String(repeating: "<!--\n", count: n)).count == 1)
        #expect(MarkdownBlockParser.parse(String(repeating: "<div x=\"\n", count: n)).count == 1)
    }
}
