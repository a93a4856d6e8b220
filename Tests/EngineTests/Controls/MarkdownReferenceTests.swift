import Testing

@testable import Engine

/// Link reference definitions and reference links in a ``Markdown``
/// document, past what the spec's examples pin: the label's length limit,
/// definitions in containers and before a setext underline, and random
/// documents (no crash, no control byte reaches the terminal).
@MainActor
@Suite("Markdown reference links")
struct MarkdownReferenceTests {
    /// The blocks of `source` as the spec test prints them, with the text
    /// each shows (references resolved).
    func tree(_ source: String) -> String {
        let (blocks, definitions) = MarkdownBlockParser.parseDocument(source)
        return MarkdownSpecTests.tree(blocks, definitions)
    }

    /// The destination `[label]` resolves to in `source` (with `[label]`
    /// appended as its last paragraph), or nil.
    func destination(of label: String, in source: String) -> String? {
        let (blocks, definitions) = MarkdownBlockParser.parseDocument(source + "\n\n[" + label + "]")
        guard case .paragraph(let text)? = blocks.last else { return nil }
        var labels: [String] = []
        let shown = InlineMarkdown.text(text, definitions: definitions, labelsLookedUp: &labels)
        return shown.runs?.compactMap(\.link).first
    }

    @Test("a label has at most 999 characters, a backslash escape counting two")
    func labelLength() {
        let long = String(repeating: "a", count: 999)
        #expect(destination(of: long, in: "[\(long)]: /u") == "/u")
        #expect(destination(of: long + "a", in: "[\(long)a]: /u") == nil)
        #expect(tree("[\(long)a]: /u") == "para(\"[\(long)a]: /u\")")
        let escaped = String(repeating: "a", count: 997) + "\\]"
        #expect(destination(of: escaped, in: "[\(escaped)]: /e") == "/e")
        #expect(destination(of: "a" + escaped, in: "[a\(escaped)]: /e") == nil)
        // Multi-byte characters count once.
        let wide = String(repeating: "é", count: 999)
        #expect(destination(of: wide, in: "[\(wide)]: /w") == "/w")
    }

    @Test("labels match after case folding and whitespace collapsing; the first definition wins")
    func matching() {
        #expect(destination(of: "Foo  \t Bar", in: "[foo bar]: /1\n[FOO BAR]: /2") == "/1")
        #expect(destination(of: "SS", in: "[ẞ]: /sharp") == "/sharp")
        #expect(destination(of: "ΑΓΩ", in: "[αγω]: /greek") == "/greek")
        // Escapes are not undone for matching: `foo\!` is not `foo!`.
        #expect(destination(of: "foo!", in: "[foo\\!]: /bang") == nil)
    }

    @Test("definitions in a list item or a quote, before or after their use, are the document's")
    func containers() {
        #expect(tree("[a] and [b]\n\n- item\n\n  [a]: /a\n\n> [b]: /b\n> quoted") ==
            "para(\"a and b\"),list(bullet,loose)[item[para(\"item\")]],quote[para(\"quoted\")]")
        #expect(destination(of: "a", in: "- [a]: /in-item") == "/in-item")
    }

    @Test("definitions only, then an underline: `===` is text, `---` a rule; after text, a heading")
    func setext() {
        #expect(tree("[a]: /u\n===\n[a]") == "para(\"=== a\")")
        #expect(tree("[a]: /u\n---\n[a]") == "rule,para(\"a\")")
        #expect(tree("[a]: /u\n[b]: /v\nText [a]\n---") == "heading(2,\"Text a\")")
        // A definition cannot interrupt a paragraph, nor follow its text.
        #expect(tree("Text\n[a]: /u\n\n[a]") == "para(\"Text [a]: /u\"),para(\"[a]\")")
    }

    @Test("a title over several lines, and one left open: the definition without it")
    func titles() {
        #expect(tree("[a]: /u 'one\ntwo'\nrest\n\n[a]") == "para(\"rest\"),para(\"a\")")
        #expect(tree("[a]: /u\n'open\nrest\n\n[a]") == "para(\"'open rest\"),para(\"a\")")
        #expect(tree("[a]: /u 'open\nrest\n\n[a]") == "para(\"[a]: /u 'open rest\"),para(\"[a]\")")
    }

    @Test("a document's definitions leave Text alone: the same literal is a link only in the document")
    func textUnchanged() {
        let document = FramePipeline(columns: 10, rows: 1, capabilities: TerminalCapabilities(hyperlinks: true))
        document.render(Markdown("[docs]\n\n[docs]: /d"))
        #expect(document.textRows == ["docs      "])
        #expect(document.styleLegend == ["a fg=6 underline link=1"])
        let text = FramePipeline(columns: 10, rows: 1, capabilities: TerminalCapabilities(hyperlinks: true))
        text.render(Text("[docs]"))
        #expect(text.textRows[0].contains("[docs]"))
        #expect(text.styleLegend.isEmpty)
    }

    static let pieces = [
        "[", "]", "[a]", "[A]: /u\n", "[b]: <x\u{1B}]0;t\u{07}y>\n", "[c]: /c\u{7F} 'ti\u{1B}tle'\n", "![a][b]", "[t][c]",
        "[]", ":", " ", "\n", "\n\n", "\\", "(", ")", "'", "\"", "<", ">", "> ", "- ", "word", "\u{1B}[31m", "\u{9B}",
        "`", "*", "===\n", "---\n", "    ",
    ]

    @Test("random documents with definitions: no crash, and no control byte reaches the terminal")
    func randomDocuments() {
        var rng = SplitMix64(seed: 31)
        let properties = MarkdownTextPropertyTests()
        for _ in 0..<300 {
            var source = ""
            for _ in 0..<Int(rng.next() % 40) { source += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
            let host = FramePipeline(columns: 16, rows: 6, capabilities: TerminalCapabilities(hyperlinks: true))
            host.render(Markdown(source))
            let plain = properties.outsideEscapes(host.lastBytes)
            let controls = plain.filter { $0 < 0x20 && $0 != 0x08 && $0 != 0x0D && $0 != 0x0A || $0 == 0x7F }
            #expect(controls.isEmpty, "\(source.debugDescription): \(escaped(host.lastBytes))")
            let c1 = zip(plain, plain.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
            #expect(!c1, "\(source.debugDescription)")
        }
    }

    @Test("a title left open to the end of a 20,000-line paragraph: no definition, one paragraph")
    func longOpenTitle() {
        var source = "[a]: /u \"open\n"
        for _ in 0..<20_000 { source += "[b]: /v x\n" }
        let (blocks, definitions) = MarkdownBlockParser.parseDocument(source)
        #expect(blocks.count == 1)
        #expect(definitions.isEmpty)
    }
}
