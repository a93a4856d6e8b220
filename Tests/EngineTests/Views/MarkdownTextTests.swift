import Testing
@testable import Engine

/// Markdown in `Text` string literals (`LocalizedStringKey`), `Text(verbatim:)`
/// and strings that are not literals.
@MainActor
@Suite("Markdown in Text")
struct MarkdownTextTests {
    func render(_ text: Text, columns: Int = 20, rows: Int = 1, hyperlinks: Bool = true) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows, capabilities: TerminalCapabilities(hyperlinks: hyperlinks))
        host.render(text)
        return host
    }

    /// The pieces of a parsed text: each run's text and what it sets.
    func pieces(_ text: Text) -> [String] {
        var out: [String] = []
        var start = 0
        let bytes = Array(text.content.utf8)
        for run in text.runs ?? [Text.Run(end: bytes.count, style: text.style)] {
            let piece = String(decoding: bytes[start..<run.end], as: UTF8.self)
            var d = describe(run.style)
            if let link = run.link { d += " ->\(link)" }
            out.append(d.isEmpty ? piece : "\(piece)|\(d)")
            start = run.end
        }
        return out
    }

    func describe(_ style: Style) -> String {
        var parts: [String] = []
        switch style.foreground.role {
        case .accent?: parts.append("fg=accent")
        case .code?: parts.append("fg=code")
        case nil: if style.foreground != .default { parts.append("\(StyleDescription(Style(foreground: style.foreground)))") }
        default: parts.append("fg=role")
        }
        var attributes = style
        attributes.foreground = .default
        let rest = "\(StyleDescription(attributes))"
        if !rest.isEmpty { parts.append(rest) }
        return parts.joined(separator: " ")
    }

    @Test("a literal's emphasis, strong, code and strikethrough are drawn; the markup is not")
    func literal() {
        let host = render(Text("*a* **b** `c` ~~d~~"), columns: 7)
        #expect(host.textRows == ["a b c d"])
        #expect(host.styleRows == ["a.b.c.d"])
        #expect(host.styleLegend == ["a italic", "b bold", "c fg=3", "d strike"])
    }

    @Test("a String value and Text(verbatim:) are shown as written")
    func verbatim() {
        let s = "*a* `b`"
        #expect(Text(s).content == "*a* `b`")
        #expect(Text(s).runs == nil)
        #expect(Text(verbatim: "**x**").content == "**x**")
        #expect(Text(s[...]).content == "*a* `b`")
        #expect(Text("*a* `b`").content == "a b")
    }

    @Test("interpolated values are shown as written, inside the literal's emphasis")
    func interpolation() {
        let name = "*not em* [x](y)"
        let t = Text("**\(name)** n=\(3)")
        #expect(t.content == "*not em* [x](y) n=3")
        #expect(pieces(t) == ["*not em* [x](y)|bold", " n=3"])
        let plain = Text("count: \(42)")
        #expect(plain.content == "count: 42")
        #expect(plain.runs == nil)
    }

    @Test("integers of every width are written as their description; long keys spill past the inline buffer")
    func interpolatedIntegers() {
        let small: Int8 = -128, byte: UInt8 = 255, wide: UInt64 = .max, low: Int64 = .min
        #expect(Text("\(0) \(-1) \(Int.min) \(Int.max)").content == "0 -1 \(Int.min) \(Int.max)")
        #expect(Text("\(small)|\(byte)|\(wide)|\(low)").content == "-128|255|18446744073709551615|-9223372036854775808")
        let long = String(repeating: "é漢😀", count: 12)
        let t = Text("**head** \(long) and \(Int.min) then *\(7)* tail \(Text("x").bold()) end")
        #expect(t.content == "head \(long) and \(Int.min) then 7 tail x end")
        #expect(pieces(t).first == "head|bold")
        #expect(pieces(t).contains("7|italic"))
        #expect(pieces(t).contains("x|bold"))
    }

    @Test("a number with a printf specifier is formatted as printf does, inside the literal's Markdown")
    func specifiers() {
        #expect(Text("\(3.14159, specifier: "%.2f")").content == "3.14")
        #expect(Text("\(12.5, specifier: "%.1f%%") done").content == "12.5% done")
        #expect(Text("\(42, specifier: "%05d")").content == "00042")
        #expect(Text("\(255, specifier: "%x") \(255, specifier: "%#X") \(8, specifier: "%o")").content == "ff 0XFF 10")
        #expect(Text("\(-7, specifier: "%+d") \(7, specifier: "%-4d|")").content == "-7 7   |")
        #expect(Text("\(Int.min, specifier: "%ld")").content == "-9223372036854775808")
        #expect(Text("\(UInt64.max, specifier: "%llu")").content == "18446744073709551615")
        #expect(Text("\(Float(2.5), specifier: "%e")").content == "2.500000e+00")
        // An integer given a float conversion, and the other way round.
        #expect(Text("\(7, specifier: "%.1f")").content == "7.0")
        #expect(Text("\(7.9, specifier: "%d")").content == "7")
        #expect(Text("\(Double.nan, specifier: "%.1f")").content == "nan")
        #expect(Text("\(Double.infinity, specifier: "%d")").content == "inf")
        // Wider than the first buffer.
        #expect(Text("\(1, specifier: "%200d")").content == String(repeating: " ", count: 199) + "1")
        let t = Text("**\(3.5, specifier: "%.1f")** GB")
        #expect(t.content == "3.5 GB")
        #expect(pieces(t) == ["3.5|bold", " GB"])
    }

    @Test("a specifier that is not one number's format shows the value's description, and nothing it holds reaches the text as a format")
    func hostileSpecifiers() {
        for specifier in ["%s", "%n", "%@", "%c", "%p", "%d %d", "%*d", "%.*f", "abc", "", "%", "%1000d", "%.999f", "%q", "%lls", "\u{0}%d", "%d\u{0}"] {
            #expect(Text("\(42, specifier: specifier)").content == "42", "\(specifier)")
            #expect(Text("\(2.5, specifier: specifier)").content == "2.5", "\(specifier)")
        }
        #expect(FormatSpecifier("%%d") == nil)
        #expect(FormatSpecifier("x%%%ldy")?.cFormat == "x%%%lldy")
        #expect(FormatSpecifier("%hhu")?.cFormat == "%llu")
        #expect(FormatSpecifier("%Lf")?.cFormat == "%f")
    }

    @Test("a key built piece by piece holds the pieces' bytes, finds markup only in literals, and then marks exactly the interpolated pieces verbatim")
    func interpolationProperty() {
        var rng = SplitMix64(seed: 0x5eed_4b45)
        let literals = ["", "a", "row ", ": item ", " of ", "**", "_x_", "`c`", "é", "漢字 ", "😀", "[l](u)",
                        String(repeating: "-", count: 70)]
        let strings = ["", "*", "name", "ü", "<x>", String(repeating: "z", count: 65)]
        for _ in 0..<400 {
            var key = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: 0)
            var expected = ""
            var verbatim: [Range<Int>] = []
            var markup = false
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let start = expected.utf8.count
                let kind = Int.random(in: 0..<5, using: &rng)
                switch kind {
                case 0:
                    let piece = literals.randomElement(using: &rng)!
                    key.appendLiteral(piece)
                    expected += piece
                    if InlineMarkdown.mayHaveMarkup(piece) { markup = true }
                case 1:
                    let piece = strings.randomElement(using: &rng)!
                    key.appendInterpolation(piece)
                    expected += piece
                case 2:
                    let value = Int(bitPattern: UInt(rng.next() >> UInt64.random(in: 0...63, using: &rng)))
                    key.appendInterpolation(value)
                    expected += String(value)
                case 3:
                    let value = UInt64.max - UInt64.random(in: 0...3, using: &rng)
                    key.appendInterpolation(value)
                    expected += String(value)
                default:
                    let value = Character(strings.randomElement(using: &rng)!.first.map(String.init) ?? "q")
                    key.appendInterpolation(value)
                    expected.append(value)
                }
                let end = expected.utf8.count
                // A literal piece is Markdown; any other is shown as written.
                if end > start && kind != 0 { verbatim.append(start..<end) }
            }
            let made = LocalizedStringKey(stringInterpolation: key)
            #expect(made.text == expected)
            #expect((made.markup?.mayHaveMarkup ?? false) == markup)
            // A key with no markup is drawn as its text: it keeps nothing else.
            #expect((made.markup != nil) == markup)
            if markup {
                var ranges: [Range<Int>] = []
                made.markup?.verbatim.visit { ranges.append($0) }
                #expect(ranges == verbatim)
            }
        }
    }

    @Test("an interpolated Text keeps its styles over the literal's")
    func interpolatedText() {
        let t = Text("_a \(Text("b").foregroundColor(.red)) c_")
        #expect(pieces(t) == ["a |italic", "b|fg=1 italic", " c|italic"])
    }

    @Test("links: underlined in the tint, one OSC 8 hyperlink, also when wrapped")
    func links() {
        let host = render(Text("see [the long docs page](https://x.y/d) now"), columns: 12, rows: 3)
        #expect(host.textRows == ["see the long", "docs page   ", "now         "])
        #expect(host.styleRows == ["....aaaaaaaa", "aaaaaaaaa...", "............"])
        #expect(host.styleLegend.last == "a fg=6 underline link=1")
        let bytes = escaped(host.lastBytes)
        #expect(bytes.contains("\\e]8;id=1;https://x.y/d\\e\\"))
        // One link target: both rows carry the same id.
        #expect(!bytes.contains("]8;id=2;"))
    }

    @Test("autolinks and e-mail autolinks show their address")
    func autolinks() {
        #expect(pieces(Text("<https://a.b/c> <me@x.org>")) == [
            "https://a.b/c|fg=accent underline ->https://a.b/c", " ", "me@x.org|fg=accent underline ->mailto:me@x.org",
        ])
        #expect(Text("<not a link> a<b").content == "<not a link> a<b")
    }

    @Test("CommonMark's flanking rules: intraword _ is not emphasis, * is")
    func flanking() {
        #expect(Text("snake_case_name").content == "snake_case_name")
        #expect(Text("2 * 3 * 4").content == "2 * 3 * 4")
        #expect(pieces(Text("in*tra*word")) == ["in", "tra|italic", "word"])
        #expect(Text("_ not _").content == "_ not _")
        #expect(pieces(Text("***both***")) == ["both|bold italic"])
        #expect(pieces(Text("**a *b* c**")) == ["a |bold", "b|bold italic", " c|bold"])
        // The rule of three: `**` both opens and closes, and 1 + 2 is a multiple of 3.
        #expect(pieces(Text("*a**b*")) == ["a**b|italic"])
        #expect(Text("foo*bar**").content == "foo*bar**")
    }

    @Test("backslash escapes, code spans and unmatched markup")
    func escapes() {
        #expect(Text("\\*a\\* \\\\ \\q").content == "*a* \\ \\q")
        #expect(pieces(Text("`` a`b ``")) == ["a`b|fg=code"])
        #expect(Text("`*no em*`").content == "*no em*")
        #expect(Text("``unclosed `").content == "``unclosed `")
        #expect(Text("[a](b").content == "[a](b")
        #expect(Text("[a] (b)").content == "[a] (b)")
        #expect(Text("~~~a~~~").content == "~~~a~~~")
    }

    @Test("links do not nest; emphasis inside a link is kept")
    func linkNesting() {
        #expect(pieces(Text("[a [b](u) c](v)")) == ["[a ", "b|fg=accent underline ->u", " c](v)"])
        #expect(pieces(Text("[*a*](u \"title\")")) == ["a|fg=accent italic underline ->u"])
    }

    @Test("a Text has no link reference definitions: [label] and [text][label] are shown as written")
    func referencesInText() {
        #expect(pieces(Text("[docs] and [the docs][docs] and [docs][]")) == ["[docs] and [the docs][docs] and [docs][]"])
        // An inline link is still a link, and a definition is text.
        #expect(pieces(Text("[a](u) [a]")) == ["a|fg=accent underline ->u", " [a]"])
        #expect(Text("[a]: /url").content == "[a]: /url")
    }

    @Test("in a document, full, collapsed and shortcut references resolve as inline links do")
    func referencesInDocument() {
        var definitions = MarkdownLinkDefinitions()
        definitions.add(MarkdownLinkDefinition(key: "docs", destination: "https://d"))
        definitions.add(MarkdownLinkDefinition(key: "ss", destination: "https://ss"))
        func parsed(_ s: String) -> (pieces: [String], labels: [String]) {
            var labels: [String] = []
            let text = InlineMarkdown.text(s, definitions: definitions, labelsLookedUp: &labels)
            return (pieces(text), labels)
        }
        let link = "fg=accent underline ->https://d"
        #expect(parsed("[the *docs*][DOCS]").pieces == ["the |\(link)", "docs|fg=accent italic underline ->https://d"])
        #expect(parsed("[Docs][] and [ docs ]").pieces == ["Docs|\(link)", " and ", " docs |\(link)"])
        // Labels fold case the Unicode way: ẞ is ss.
        #expect(parsed("[ẞ]").pieces == ["ẞ|fg=accent underline ->https://ss"])
        // An inline link wins; an undefined full label is no link, and no
        // shortcut either; links do not nest.
        #expect(parsed("[docs](u)").pieces == ["docs|fg=accent underline ->u"])
        // The label is looked up twice: as the full label, then as `[nope]` alone.
        #expect(parsed("[docs][nope]") == (["[docs][nope]"], ["nope", "nope"]))
        #expect(parsed("[a [docs]][docs]").pieces == ["[a ", "docs|\(link)", "]", "docs|\(link)"])
        // What the text depends on: every label looked up, found or not.
        #expect(parsed("[x] [docs][] [y][Docs]").labels == ["x", "docs", "docs"])
    }

    @Test("concatenation keeps link runs")
    func concatenation() {
        let t = Text("[a](u)") + Text(" b").bold()
        #expect(pieces(t) == ["a|fg=accent underline ->u", " b|bold"])
    }

    @Test("the code colour follows the theme")
    func codeTheme() {
        let host = FramePipeline(columns: 4, rows: 1)
        host.render(Text("`x`").environment(\.theme, Theme(code: .green)))
        #expect(host.styleLegend == ["a fg=2"])
    }
}
