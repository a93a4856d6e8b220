import Testing
@testable import Engine

/// `Text.underline(_:pattern:color:)`, `View.underline(_:pattern:color:)`
/// and `overline(_:)`: what the cells carry.
@MainActor
@Suite("Underline and overline views")
struct UnderlineViewTests {
    func legend<V: View>(_ view: V, columns: Int = 12) -> (rows: [String], legend: [String]) {
        let host = FramePipeline(columns: columns, rows: 1)
        host.render(view)
        return (host.styleRows, host.styleLegend)
    }

    @Test("Text: pattern and colour reach the cells; a solid one is a plain underline")
    func textPatterns() {
        let r = legend(HStack(spacing: 0) {
            Text("a").underline()
            Text("b").underline(pattern: .curly, color: .red)
            Text("c").underline(pattern: .dot)
            Text("d").underline(pattern: .dashDot)
            Text("e").underline(false, pattern: .double)
            Text("f").overline()
        })
        #expect(r.rows == ["...abcd.e..."])
        #expect(r.legend == ["a underline", "b underline underline=curly ul=1", "c underline underline=dotted",
                             "d underline underline=dashed", "e overline"])
    }

    @Test("the modifier passes pattern and colour to the text inside; an inner underline keeps its own")
    func modifier() {
        let r = legend(HStack(spacing: 0) {
            Text("a")
            Text("b").underline(pattern: .double)
        }
        .underline(pattern: .curly, color: .blue)
        .overline())
        #expect(r.rows == [".....ab....."])
        #expect(r.legend == ["a underline underline=curly ul=4 overline",
                             "b underline underline=double ul=4 overline"])
    }

    @Test("patterns map to terminal underline styles as documented")
    func patternMapping() {
        let map: [(Text.LineStyle.Pattern, UnderlineStyle)] = [
            (.solid, .single), (.dot, .dotted), (.dash, .dashed), (.dashDot, .dashed), (.dashDotDot, .dashed),
            (.double, .double), (.curly, .curly),
        ]
        for (pattern, style) in map { #expect(pattern.underlineStyle == style) }
        #expect(Text.LineStyle.single == Text.LineStyle(pattern: .solid, color: nil))
    }

    @Test("a role colour for the underline is resolved through the theme")
    func roleColor() {
        let r = legend(Text("x").underline(color: .accentColor).tint(.green))
        #expect(r.legend == ["a underline ul=2"])
    }

    @Test("strikethrough: SGR 9 whatever the pattern and colour asked; off when inactive")
    func strikethrough() {
        let r = legend(HStack(spacing: 0) {
            Text("a").strikethrough()
            Text("b").strikethrough(pattern: .dash, color: .red)
            Text("c").strikethrough(false, color: .red)
            Text("d").strikethrough(false).strikethrough(pattern: .dot, color: .blue)
        })
        #expect(r.rows == ["....aa.a...."])
        #expect(r.legend == ["a strike"])
        let modifier = legend(HStack { Text("a") }.strikethrough(pattern: .dot, color: .blue), columns: 1)
        #expect(modifier.legend == ["a strike"])
        #expect(legend(HStack { Text("a") }.strikethrough(false, color: .blue), columns: 1).legend.isEmpty)
        let host = FramePipeline(columns: 1, rows: 1)
        host.render(Text("x").strikethrough(color: .red))
        #expect(escaped(host.lastBytes).contains("\\e[9m"))
    }
}
