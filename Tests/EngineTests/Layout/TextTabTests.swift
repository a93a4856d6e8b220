import Testing

@testable import Engine

/// `text` (one line, no "\n") drawn from `column` of its line: each tab as
/// the spaces to the next multiple of `size` columns, everything else
/// measured as the cell buffer draws it. Independent of the layout code.
@MainActor
private func expandTabs(_ text: Substring, from column: Int = 0, size: Int = 8) -> (text: String, column: Int) {
    var out = ""
    var column = column
    for (i, piece) in text.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
        if i > 0 {
            let spaces = size - column % size
            out += String(repeating: " ", count: spaces)
            column += spaces
        }
        out += piece
        column += GraphemeWidth.width(of: String(piece))
    }
    return (out, column)
}

@MainActor
private func lines(_ text: String, _ width: Int?, lineLimit: Int? = nil, truncation: TruncationMode = .tail,
                   wraps: Bool = true) -> [String] {
    TextLayout(text, proposedWidth: width, lineLimit: lineLimit, truncation: truncation, wraps: wraps).lines.map(\.text)
}

@MainActor
@Suite("Text expands tabs to tab stops: measuring, wrapping, truncating, aligning, drawing")
struct TextTabTests {
    @Test("a tab advances to the next multiple of 8 columns from the line's start, at least one column")
    func stops() {
        #expect(TextLayout("a\tb", proposedWidth: nil).lines == [.init(text: "a       b", width: 9)])
        #expect(TextLayout.idealSize(of: "a\tb") == .init(width: 9, height: 1))
        #expect(TextLayout.idealSize(of: "\tx") == .init(width: 9, height: 1))
        // A tab at a stop takes a whole interval; one just before it, a column.
        #expect(TextLayout.idealSize(of: "abcdefgh\tx") == .init(width: 17, height: 1))
        #expect(TextLayout.idealSize(of: "abcdefg\tx") == .init(width: 9, height: 1))
        // Wide characters count their two columns; every line has its own stops.
        #expect(lines("漢\tx\nabc\t\ty", nil) == ["漢      x", "abc             y"])
        #expect(TextLayout.idealSize(of: "漢\tx\nabc\t\ty") == .init(width: 17, height: 2))
    }

    @Test("tabs draw as spaces: no tab byte and no ␉ picture reaches the screen or the terminal")
    func drawnAsSpaces() {
        let host = render(Text("a\tb\u{1B}c"), columns: 11, rows: 1)
        #expect(host.textRows == ["a       b␛c"])
        #expect(!host.lastBytes.contains(0x09))
        #expect(host.lastBytes.filter { $0 == 0x1B }.count <= 1)  // at most our own cursor move
    }

    @Test("a text is as wide as its tabs make it: it wraps when they push it past the width")
    func measuredWithTabs() {
        // Three bytes, but nine columns: in five columns the tab hangs and "b" wraps.
        let host = render(Text("a\tb").frame(width: 5, alignment: .leading), columns: 5, rows: 2)
        #expect(host.textRows == ["a    ", "b    "])
        #expect(render(Text("a\tb"), columns: 9, rows: 1).textRows == ["a       b"])
    }

    @Test("after a soft wrap, stops are counted from the continuation line's start")
    func stopsAfterWrap() {
        // Unwrapped, the tab would start at column 11 and reach 16.
        #expect(lines("aaaaaaa bbb\tc", 10) == ["aaaaaaa", "bbb     c"])
    }

    @Test("a tab is a blank for breaking: a break may follow it, it is dropped at a soft wrap, it hangs at the edge")
    func breaking() {
        #expect(lines("abc\tdef\tghi", 12) == ["abc     def", "ghi"])
        #expect(lines("abcdefg\tx", 8) == ["abcdefg", "x"])
        #expect(TextLayout("abcdefg\tx", proposedWidth: 8).lines.map(\.width) == [7, 1])
        // Indentation is kept while the word after it fits, dropped when it does not.
        #expect(lines("\tx", 10) == ["        x"])
        #expect(lines("\tabcdef", 8) == ["abcdef"])
        // Tabs at the end of a line fit or hang, never wrap.
        #expect(lines("ab\t\t", 12) == ["ab      "])
    }

    @Test("truncation at the tail keeps the head's tabs on their stops")
    func truncateTail() {
        #expect(lines("a\tbcdefghij", 10, wraps: false) == ["a       b…"])
        #expect(lines("a\tbcdefghij", 10, lineLimit: 1) == ["a       b…"])
    }

    @Test("after the ellipsis, tabs are measured where they are drawn, on the line's stops")
    func truncateHeadAndMiddle() {
        // "klmnop" fills columns 1–6 after the "…", the tab reaches 8, "z" is column 8.
        #expect(lines("abcdefghijklmnop\tz", 10, truncation: .head, wraps: false) == ["…klmnop z"])
        // The head keeps "ab" (the tab after it is dropped beside the ellipsis);
        // the tail "ijkl" starts at column 3, its tab reaches 8.
        #expect(lines("ab\tcdefghijkl\tmn", 12, truncation: .middle, wraps: false) == ["ab…ijkl mn"])
    }

    @Test("alignment places lines by their expanded width; stops stay relative to each line's start")
    func alignment() {
        let centred = render(Text("a\tb\nccc").multilineTextAlignment(.center), columns: 9, rows: 2)
        #expect(centred.textRows == ["a       b", "   ccc   "])
        let trailing = render(Text("ccc\na\tb").multilineTextAlignment(.trailing).frame(width: 11, alignment: .trailing),
                              columns: 11, rows: 2)
        #expect(trailing.textRows == ["        ccc", "  a       b"])
    }

    @Test("in a concatenation, a tab's spaces take the style of the piece it is in")
    func styledRuns() {
        let host = render(Text("a\t").backgroundColor(.blue) + Text("b\tc").bold(), columns: 17, rows: 1)
        #expect(host.textRows == ["a       b       c"])
        let canvas = host.canvas
        for x in 0..<8 { #expect(canvas.styles[canvas[x, 0].style].background == .blue, "column \(x)") }
        for x in 8..<17 {
            #expect(canvas.styles[canvas[x, 0].style].attributes.contains(.bold), "column \(x)")
            #expect(canvas.styles[canvas[x, 0].style].background != .blue, "column \(x)")
        }
    }

    @Test("random texts with tabs: every line is its source pieces with tabs expanded, within the width")
    func randomLines() {
        let pieces = ["a", "bc", "word", " ", "  ", "\t", "\t\t", "\n", "漢", "字テ", "e\u{301}", "👍🏽", "\u{1B}"]
        var rng = SplitMix64(seed: 0x7AB5)
        for round in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &rng) { text += pieces.randomElement(using: &rng)! }
            let utf8 = Array(text.utf8)
            func slice(_ range: Range<Int>) -> Substring { Substring(String(decoding: utf8[range], as: UTF8.self)) }
            for width in 1...20 {
                for (mode, limit, wraps) in [(TruncationMode.tail, nil, true), (.tail, 1, true), (.head, nil, false),
                                             (.middle, nil, false), (.tail, nil, false)] as [(TruncationMode, Int?, Bool)] {
                    let layout = TextLayout(text, proposedWidth: width, lineLimit: limit, truncation: mode, wraps: wraps)
                    let context = "round \(round) width \(width) \(mode) \(limit as Any) \(wraps): \(text.debugDescription)"
                    for line in layout.lines {
                        #expect(!line.text.contains("\t"), "\(context)")
                        #expect(line.width <= width, "\(context)")
                        #expect(line.width == GraphemeWidth.width(of: line.text), "\(context)")
                        // "…" standing in for a wide character in a 1-column line has no source.
                        guard !(line.head.isEmpty && line.tail?.isEmpty == true) else { continue }
                        var expected = expandTabs(slice(line.head))
                        if let tail = line.tail {
                            let after = expandTabs(slice(tail), from: expected.column + 1)
                            expected.text += "…" + after.text
                        }
                        #expect(line.text == expected.text, "\(context): \(line.text.debugDescription)")
                    }
                }
            }
        }
    }
}
