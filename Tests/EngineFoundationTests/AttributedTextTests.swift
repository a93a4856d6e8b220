import Engine
import EngineFoundation
import Foundation
import Testing

/// `Text(AttributedString)`: each run drawn in its attributes, the whole
/// wrapped and truncated as one text.
@MainActor
@Suite("Text from an AttributedString")
struct AttributedTextTests {
    func render(_ text: Text, columns: Int, rows: Int = 1) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows, capabilities: TerminalCapabilities(hyperlinks: true))
        host.render(text)
        return host
    }

    @Test("colours, intents and line styles are drawn run by run")
    func attributes() {
        var s = AttributedString("a")
        s.foregroundColor = .red
        var b = AttributedString("b")
        b.inlinePresentationIntent = .stronglyEmphasized
        var c = AttributedString("c")
        c.inlinePresentationIntent = [.emphasized, .strikethrough]
        var d = AttributedString("d")
        d.backgroundColor = .blue
        var e = AttributedString("e")
        e.underlineStyle = Text.LineStyle(pattern: .dot, color: .green)
        s += AttributedString(" ") + b + AttributedString(" ") + c + AttributedString(" ") + d + AttributedString(" ") + e
        let host = render(Text(s), columns: 9)
        #expect(host.textRows == ["a b c d e"])
        #expect(host.styleRows == ["a.b.c.d.e"])
        #expect(host.styleLegend == ["a fg=1", "b bold", "c italic strike", "d bg=4", "e underline underline=dotted ul=2"])
    }

    @Test("a link is one OSC 8 hyperlink, underlined in the tint, also when wrapped")
    func link() {
        var s = AttributedString("see ")
        var link = AttributedString("the long docs page")
        link.link = URL(string: "https://x.y/d")
        s += link + AttributedString(" now")
        let host = render(Text(s), columns: 12, rows: 3)
        #expect(host.textRows == ["see the long", "docs page   ", "now         "])
        #expect(host.styleRows == ["....aaaaaaaa", "aaaaaaaaa...", "............"])
        #expect(host.styleLegend.last == "a fg=6 underline link=1")
        let bytes = String(decoding: host.lastBytes, as: UTF8.self)
        #expect(bytes.contains("\u{1B}]8;id=1;https://x.y/d\u{1B}\\"))
        #expect(!bytes.contains("]8;id=2;"))
    }

    @Test("a plain string is a plain text; runs with the same attributes are one")
    func plain() {
        let host = render(Text(AttributedString("plain text")), columns: 10)
        #expect(host.textRows == ["plain text"])
        #expect(host.styleRows == [".........."])
        var s = AttributedString("ab")
        s.foregroundColor = .red
        var t = AttributedString("cd")
        t.foregroundColor = .red
        let joined = render(Text(s + t), columns: 4)
        #expect(joined.styleRows == ["aaaa"])
    }

    @Test("truncated as one text; control characters are drawn as pictures, never sent")
    func truncationAndHostileText() {
        var s = AttributedString("abc")
        s.foregroundColor = .red
        s += AttributedString("def\u{1B}[2Jghi")
        let host = render(Text(s).lineLimit(1), columns: 8)
        #expect(host.textRows[0].hasSuffix("…"))
        #expect(host.styleRows[0].hasPrefix("aaa"))
        #expect(!String(decoding: host.lastBytes, as: UTF8.self).contains("\u{1B}[2J"))
        #expect(host.textRows[0].contains("␛"))
    }

    @Test("code takes the theme's code colour; an explicit colour wins")
    func code() {
        var s = AttributedString("x")
        s.inlinePresentationIntent = .code
        var t = AttributedString("y")
        t.inlinePresentationIntent = .code
        t.foregroundColor = .magenta
        let host = render(Text(s + t), columns: 2)
        #expect(host.styleRows == ["ab"])
        #expect(host.styleLegend == ["a fg=3", "b fg=5"])
    }
}

@MainActor
@Suite("FormatStyle in Text")
struct FormatStyleTextTests {
    @Test("a value interpolated with a format is shown formatted, as it is, inside the literal's Markdown")
    func interpolatedFormat() {
        let t = Text("load **\(0.4567, format: .number.precision(.fractionLength(2)))** of \(12, format: .number)")
        #expect(t.content == "load 0.46 of 12")
        #expect(Text(1234.5, format: .number.precision(.fractionLength(1)).grouping(.never)).content == "1234.5")
        // The formatted value is never parsed as Markdown.
        struct Stars: FormatStyle {
            func format(_ value: Int) -> String { String(repeating: "*", count: value) }
        }
        #expect(Text("\(4, format: Stars())").content == "****")
    }
}
