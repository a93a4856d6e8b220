import Testing

@testable import Engine

/// The lines' texts of `text` laid out for `width`.
@MainActor
private func lines(
    _ text: String, _ width: Int?, lineLimit: Int? = nil, truncation: TruncationMode = .tail, wraps: Bool = true
) -> [String] {
    TextLayout(text, proposedWidth: width, lineLimit: lineLimit, truncation: truncation, wraps: wraps).lines.map(\.text)
}

/// One grapheme cluster as the cell pipeline sees it (controls as pictures).
private struct Piece: Equatable, CustomStringConvertible {
    var text: String
    var width: Int
    /// A space, or a tab (which the segmenter shows as its picture): blanks
    /// for line breaking.
    var isSpace: Bool { text == " " || text == "␉" }
    var description: String { text.debugDescription }
}

@MainActor
private func pieces(_ text: String) -> [Piece] {
    var out: [Piece] = []
    TextSegmenter.forEachCluster(in: text) { c in
        out.append(Piece(text: String(decoding: c.utf8, as: UTF8.self), width: c.width))
    }
    return out
}

/// `text` split at "\n", a "\r" before it belonging to the break.
@MainActor
private func hardLines(_ text: String) -> [String] {
    let split = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
    return split.indices.map { i in
        let line = split[i]
        // Only a CR before a LF is part of the break; a last line keeps its CR.
        let bytes = i < split.count - 1 && line.last == 0x0D ? line.dropLast() : line[...]
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A dotted buffer with `layout` drawn into it, as text rows.
@MainActor
private func drawn(
    _ layout: TextLayout, columns: Int, rows: Int, x: Int = 0, y: Int = 0, width: Int,
    alignment: TextAlignment = .leading, clip: Rect? = nil
) -> [String] {
    let buffer = CellBuffer(columns: columns, rows: rows)
    buffer.fill(buffer.bounds, with: Cell(scalar: 0x2E, width: 1, style: 0))
    layout.draw(into: buffer, x: x, y: y, width: width, style: 0, alignment: alignment, clip: clip ?? buffer.bounds)
    #expect(buffer.checkInvariants() == nil)
    return buffer.textRows
}

/// Random text from pieces that exercise words, spaces, breaks, wide and
/// composed characters and controls.
@MainActor
private func randomText(_ rng: inout SplitMix64, pieces: [String], count: ClosedRange<Int>) -> String {
    var text = ""
    for _ in 0..<Int.random(in: count, using: &rng) { text += pieces.randomElement(using: &rng)! }
    return text
}

private let wordPieces = [
    "a", "b", "c", "x", "yz", "word", "lengthy", "extraordinarily", " ", " ", " ", "  ", "   ", "\n", "\r\n", "\n\n",
    "漢", "字", "漢字テキスト", "e\u{301}", "👍🏽", "👨‍👩‍👧‍👦", "\u{1F1EF}\u{1F1F5}", "\t", "\r", "ß", "\u{200B}",
]

/// Checks what every wrapped layout must satisfy; `label` names the case.
@MainActor
private func checkWrapped(_ text: String, width: Int, _ layout: TextLayout, _ label: String) {
    let source = Comment(rawValue: label)
    // Widths: measured as drawn, never over the proposal, size from the lines.
    for line in layout.lines {
        #expect(line.width == GraphemeWidth.width(of: line.text), source)
        #expect(line.width <= width, source)
    }
    #expect(layout.size.width == layout.lines.map(\.width).max() ?? 0, source)
    #expect(layout.size.height == layout.lines.count, source)

    // Each "\n"-line is its lines in order, separated only by dropped spaces
    // (plus indentation dropped before the first, and spaces hanging after
    // the last); a wide character too wide for the line shows as "…".
    var next = 0
    for hard in hardLines(text) {
        let source2 = Comment(rawValue: "\(label), line \(hard.debugDescription)")
        let clusters = pieces(hard)
        var at = 0
        var isFirst = true
        repeat {
            guard next < layout.lines.count else {
                Issue.record("ran out of lines; \(source2)")
                return
            }
            // The line's source (its tabs are spaces in `text`); a "…" standing
            // in for a too-wide character has none.
            let laidOut = layout.lines[next]
            let line = laidOut.tail == nil
                ? pieces(String(decoding: Array(text.utf8)[laidOut.head], as: UTF8.self)) : pieces(laidOut.text)
            if !isFirst { #expect(line.first?.isSpace != true, "soft line starts with a space; \(source2)") }
            func matches(at start: Int) -> Int? {
                var i = start
                for p in line {
                    guard i < clusters.count else { return nil }
                    let c = clusters[i]
                    guard p == c || (p.text == "…" && c.width > width) else { return nil }
                    i += 1
                }
                return i
            }
            var skip = at
            if let end = matches(at: at) {
                at = end
            } else {
                while skip < clusters.count && clusters[skip].isSpace { skip += 1 }
                guard let end = matches(at: skip) else {
                    Issue.record("line \(layout.lines[next].text.debugDescription) is not the text at \(at); \(source2)")
                    return
                }
                at = end
            }
            let rest = clusters[at...]
            let more = rest.contains { !$0.isSpace }
            if more { #expect(line.last?.isSpace != true, "a soft-wrapped line ends in a space; \(source2)") }
            // (A line of blanks may be empty: a tab that does not fit hangs, as spaces past the edge do.)
            #expect(!line.isEmpty || hard.allSatisfy { $0 == " " || $0 == "\t" },
                    "an empty line that is not a blank line; \(source2)")
            next += 1
            isFirst = false
            if !more { break }
        } while true
    }
    #expect(next == layout.lines.count, "lines left over; \(source)")
}

@MainActor
@Suite("Text layout: measuring, wrapping, truncating and drawing text in cells")
struct TextLayoutTests {
    // MARK: Ideal size

    @Test("ideal size of one line is its width in cells × 1")
    func idealSingleLine() {
        #expect(TextLayout.idealSize(of: "hello") == .init(width: 5, height: 1))
        #expect(TextLayout.idealSize(of: "hello world  ") == .init(width: 13, height: 1))
        #expect(TextLayout("hello", proposedWidth: nil).lines == [.init(text: "hello", width: 5)])
    }

    @Test("the empty string is one empty line: 0 wide, 1 tall")
    func idealEmpty() {
        #expect(TextLayout.idealSize(of: "") == .init(width: 0, height: 1))
        #expect(TextLayout("", proposedWidth: nil).lines == [.init(text: "", width: 0)])
        #expect(TextLayout("", proposedWidth: 10).size == .init(width: 0, height: 1))
    }

    @Test("ideal size of several lines: the widest line × the line count, CR LF as one break")
    func idealMultiLine() {
        #expect(TextLayout.idealSize(of: "a\nbcd\nef") == .init(width: 3, height: 3))
        #expect(TextLayout.idealSize(of: "a\r\nbcd") == .init(width: 3, height: 2))
        #expect(lines("a\r\nbcd\n", nil) == ["a", "bcd", ""])
        #expect(lines("\n\n", nil) == ["", "", ""])
        // A lone CR is not a break: it draws as its picture.
        #expect(TextLayout.idealSize(of: "a\rb") == .init(width: 3, height: 1))
    }

    @Test("ideal size counts CJK as two cells each")
    func idealCJK() {
        #expect(TextLayout.idealSize(of: "漢字テキスト") == .init(width: 12, height: 1))
        #expect(TextLayout.idealSize(of: "日本\nab漢") == .init(width: 4, height: 2))
    }

    @Test("ideal size counts a letter with combining marks as one cell")
    func idealCombining() {
        #expect(TextLayout.idealSize(of: "e\u{301}te\u{301}") == .init(width: 3, height: 1))
        #expect(TextLayout.idealSize(of: "a\u{301}\u{323}") == .init(width: 1, height: 1))
    }

    @Test("ideal size counts an emoji cluster (ZWJ, skin tone, flag) as two cells")
    func idealEmoji() {
        #expect(TextLayout.idealSize(of: "👍🏽 ok") == .init(width: 5, height: 1))
        #expect(TextLayout.idealSize(of: "👨‍👩‍👧‍👦") == .init(width: 2, height: 1))
        #expect(TextLayout.idealSize(of: "\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}") == .init(width: 4, height: 1))
        #expect(TextLayout.idealSize(of: "\u{2764}\u{FE0F}") == .init(width: 2, height: 1))
    }

    @Test("control characters other than tabs measure one cell each, as the pictures they draw as")
    func idealControls() {
        #expect(TextLayout.idealSize(of: "a\u{7}b") == .init(width: 3, height: 1))
        #expect(TextLayout.idealSize(of: "\u{1B}[0m") == .init(width: 4, height: 1))
        let layout = TextLayout("a\u{7}b", proposedWidth: nil)
        #expect(layout.lines == [.init(text: "a\u{7}b", width: 3)])
        #expect(drawn(layout, columns: 4, rows: 1, width: 4) == ["a␇b."])
    }

    @Test("idealSize(of:) is the size of the unconstrained layout, and measuring twice agrees")
    func idealMatchesLayout() {
        var rng = SplitMix64(seed: 0x1DEA)
        for _ in 0..<300 {
            let text = randomText(&rng, pieces: wordPieces, count: 0...12)
            let ideal = TextLayout.idealSize(of: text)
            #expect(TextLayout(text, proposedWidth: nil).size == ideal, "\(text.debugDescription)")
            #expect(TextLayout.idealSize(of: text) == ideal)
            #expect(TextLayout(text, proposedWidth: 7) == TextLayout(text, proposedWidth: 7))
        }
    }

    // MARK: Wrapping

    static let paragraph = "The quick brown fox jumps over the lazy dog"

    @Test("a paragraph wraps at word boundaries")
    func wrapsAtWords() {
        #expect(lines(Self.paragraph, 20) == ["The quick brown fox", "jumps over the lazy", "dog"])
        #expect(lines(Self.paragraph, 10) == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(lines(Self.paragraph, 5) == ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"])
        let layout = TextLayout(Self.paragraph, proposedWidth: 10)
        #expect(layout.size == .init(width: 10, height: 5))
    }

    @Test("a word wider than the line breaks between clusters, after moving to its own line")
    func longWordsBreak() {
        #expect(lines(Self.paragraph, 4)
            == ["The", "quic", "k", "brow", "n", "fox", "jump", "s", "over", "the", "lazy", "dog"])
        #expect(lines("ab extraordinary", 6) == ["ab", "extrao", "rdinar", "y"])
        #expect(lines("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(lines("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 3) == ["👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦"])
    }

    @Test("the paragraph wraps within every width from 1 to 20")
    func paragraphAllWidths() {
        for width in 1...20 {
            let layout = TextLayout(Self.paragraph, proposedWidth: width)
            checkWrapped(Self.paragraph, width: width, layout, "width \(width)")
            // Greedy: the next line's first word would not have fit.
            for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
                let firstWord = next.text.split(separator: " ").first.map(String.init) ?? ""
                if firstWord.count <= width { #expect(line.width + 1 + GraphemeWidth.width(of: firstWord) > width) }
            }
        }
        #expect(lines(Self.paragraph, 43) == [Self.paragraph])
        #expect(lines(Self.paragraph, 42) == ["The quick brown fox jumps over the lazy", "dog"])
    }

    @Test("wide characters never straddle the edge: the line ends short instead")
    func wideNeverSplit() {
        #expect(lines("漢字漢字漢", 5) == ["漢字", "漢字", "漢"])
        #expect(lines("漢字漢字漢", 3) == ["漢", "字", "漢", "字", "漢"])
        #expect(lines("ab漢字", 3) == ["ab", "漢", "字"])
        #expect(TextLayout("漢字漢字漢", proposedWidth: 5).size == .init(width: 4, height: 3))
        #expect(lines("日本語 text", 7) == ["日本語", "text"])
    }

    @Test("spaces at a soft wrap are dropped on both sides; other spaces are kept while they fit")
    func spacesAtWraps() {
        #expect(lines("ab    cd", 4) == ["ab", "cd"])
        #expect(lines("ab cd   ", 5) == ["ab cd"])
        #expect(lines("ab cd   ", 6) == ["ab cd "])
        #expect(lines("  ab cd", 5) == ["  ab", "cd"])
        #expect(lines("   ", 2) == ["  "])
        // Indentation with no room for the first word goes.
        #expect(lines("     abc", 3) == ["abc"])
        // Spaces never wrap on their own: they hang past the edge.
        #expect(lines("abc    ", 3) == ["abc"])
    }

    @Test("explicit newlines always break, and blank lines stay")
    func hardBreaks() {
        #expect(lines("ab\n\ncd ef", 3) == ["ab", "", "cd", "ef"])
        #expect(lines("ab\r\ncd\n", 10) == ["ab", "cd", ""])
        #expect(TextLayout("a\n", proposedWidth: 5).size == .init(width: 1, height: 2))
    }

    @Test("proposing the ideal width (or more) gives the ideal layout")
    func idealWidthFits() {
        var rng = SplitMix64(seed: 0xF175)
        // Pure ASCII takes a shortcut in the ideal layout; mixed text does not.
        let asciiPieces = wordPieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for round in 0..<600 {
            let text = randomText(&rng, pieces: round.isMultiple(of: 2) ? wordPieces : asciiPieces, count: 0...12)
            let ideal = TextLayout(text, proposedWidth: nil)
            guard ideal.size.width > 0 else { continue }
            #expect(TextLayout(text, proposedWidth: ideal.size.width) == ideal, "\(text.debugDescription)")
            #expect(TextLayout(text, proposedWidth: ideal.size.width + 3) == ideal, "\(text.debugDescription)")
        }
    }

    @Test("random texts wrap within every width 1...20, keep their text in order, and split no cluster")
    func wrapProperties() {
        var rng = SplitMix64(seed: 0x7E47)
        for round in 0..<400 {
            let text = randomText(&rng, pieces: wordPieces, count: 0...16)
            for width in 1...20 {
                let layout = TextLayout(text, proposedWidth: width)
                checkWrapped(text, width: width, layout, "round \(round), width \(width), \(text.debugDescription)")
            }
        }
    }

    @Test("lone marks, joiners and controls keep measured width equal to drawn width")
    func awkwardClusters() {
        var rng = SplitMix64(seed: 0xA3C)
        let awkward = [
            "a", " ", "\u{301}", "\u{200D}", "\u{1F3FD}", "\u{FE0F}", "\u{1F1EF}", "\u{1B}", "\u{85}", "\t", "\n", "\r",
            "漢", "\u{600}", "\u{903}", "ab", "  ",
        ]
        for _ in 0..<400 {
            let text = randomText(&rng, pieces: awkward, count: 0...10)
            for width in 1...8 {
                for mode in [TruncationMode.head, .middle, .tail] {
                    for layout in [
                        TextLayout(text, proposedWidth: width, truncation: mode),
                        TextLayout(text, proposedWidth: width, truncation: mode, wraps: false),
                        TextLayout(text, proposedWidth: width, lineLimit: 1, truncation: mode),
                    ] {
                        for line in layout.lines {
                            #expect(line.width <= width, "\(text.debugDescription) \(width) \(mode)")
                            #expect(line.width == GraphemeWidth.width(of: line.text),
                                    "\(text.debugDescription) → \(line.text.debugDescription) \(width) \(mode)")
                        }
                    }
                }
            }
        }
    }

    // MARK: Truncation

    @Test("truncation of ASCII: head keeps the end, middle both ends, tail the start")
    func truncationASCII() {
        #expect(lines("abcdefghij", 7, truncation: .head, wraps: false) == ["…efghij"])
        #expect(lines("abcdefghij", 7, truncation: .middle, wraps: false) == ["abc…hij"])
        #expect(lines("abcdefghij", 7, truncation: .tail, wraps: false) == ["abcdef…"])
        #expect(lines("abcdefghij", 8, truncation: .middle, wraps: false) == ["abcd…hij"])
        // The examples in TruncationMode's documentation.
        #expect(lines("start of the end", 9, truncation: .head, wraps: false) == ["…the end"])
        #expect(lines("start of the end", 9, truncation: .middle, wraps: false) == ["star…end"])
        #expect(lines("start of the end", 9, truncation: .tail, wraps: false) == ["start of…"])
    }

    @Test("spaces next to the ellipsis are dropped")
    func truncationSpaces() {
        #expect(lines("hello world", 7, truncation: .tail, wraps: false) == ["hello…"])
        #expect(lines("hello world", 7, truncation: .head, wraps: false) == ["…world"])
        #expect(lines("ab    cd", 5, truncation: .middle, wraps: false) == ["ab…cd"])
    }

    @Test("truncation of CJK never keeps half a wide character")
    func truncationCJK() {
        let text = "漢字テキスト"
        #expect(TextLayout(text, proposedWidth: 7, truncation: .tail, wraps: false).lines
            == [.init(text: "漢字テ…", width: 7)])
        #expect(TextLayout(text, proposedWidth: 7, truncation: .head, wraps: false).lines
            == [.init(text: "…キスト", width: 7)])
        #expect(TextLayout(text, proposedWidth: 7, truncation: .middle, wraps: false).lines
            == [.init(text: "漢…スト", width: 7)])
        #expect(TextLayout(text, proposedWidth: 6, truncation: .tail, wraps: false).lines
            == [.init(text: "漢字…", width: 5)])
        #expect(TextLayout(text, proposedWidth: 6, truncation: .head, wraps: false).lines
            == [.init(text: "…スト", width: 5)])
        #expect(lines("ab漢cd", 4, truncation: .tail, wraps: false) == ["ab…"])
        #expect(lines("ab漢cd", 4, truncation: .head, wraps: false) == ["…cd"])
    }

    @Test("truncation keeps clusters whole: combining marks, emoji sequences, flags")
    func truncationClusters() {
        #expect(lines("e\u{301}e\u{301}e\u{301}e\u{301}", 3, wraps: false) == ["e\u{301}e\u{301}…"])
        #expect(lines("👨‍👩‍👧‍👦👍🏽ok", 4, wraps: false) == ["👨‍👩‍👧‍👦…"])
        #expect(lines("\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}", 3, truncation: .head, wraps: false)
            == ["…\u{1F1FA}\u{1F1F8}"])
    }

    @Test("the ellipsis never joins a cluster: a lone mark or skin tone after it is cut with the rest")
    func ellipsisStaysAlone() {
        // After a control, a skin tone or combining mark stands alone; glued
        // to "…" it would join it and draw narrower (or decorate it).
        let skinTone = TextLayout("ab\u{1B}\u{1F3FD}cd", proposedWidth: 5, truncation: .head, wraps: false)
        #expect(skinTone.lines == [.init(text: "…cd", width: 3)])
        #expect(lines("ab\u{7}\u{301}cd", 3, truncation: .head, wraps: false) == ["…cd"])
        #expect(lines("abcdefgh\u{7}\u{301}xy", 5, truncation: .middle, wraps: false) == ["ab…xy"])
        // Before the ellipsis, the mark stays with its control.
        #expect(lines("ab\u{7}\u{301}cdefg", 6, truncation: .middle, wraps: false) == ["ab\u{7}\u{301}…fg"])
        // (A tab is a blank: the mark after it stands alone, and goes with the blanks beside the ellipsis.)
        #expect(lines("ab\t\u{301}cdefg", 6, truncation: .middle, wraps: false) == ["ab…efg"])
    }

    @Test("without wrapping, each line is truncated on its own, and lines that fit are kept")
    func noWrapLines() {
        let layout = TextLayout("first line here\nsecond\n", proposedWidth: 8, wraps: false)
        #expect(layout.lines.map(\.text) == ["first l…", "second", ""])
        #expect(layout.size == .init(width: 8, height: 3))
        #expect(lines("abc", 3, wraps: false) == ["abc"])
        // Spaces hang: a line that fits but for trailing spaces is not truncated.
        #expect(lines("abc   ", 4, wraps: false) == ["abc "])
        #expect(lines(Self.paragraph, nil, wraps: false) == [Self.paragraph])
    }

    // MARK: Line limit

    @Test("lineLimit keeps the first lines and truncates the last with the rest of its text")
    func lineLimitTruncates() {
        #expect(lines(Self.paragraph, 10, lineLimit: 2) == ["The quick", "brown fox…"])
        #expect(lines(Self.paragraph, 10, lineLimit: 1) == ["The quick…"])
        #expect(lines(Self.paragraph, 10, lineLimit: 2, truncation: .head) == ["The quick", "…lazy dog"])
        #expect(lines(Self.paragraph, 10, lineLimit: 2, truncation: .middle) == ["The quick", "brown…dog"])
        let layout = TextLayout(Self.paragraph, proposedWidth: 10, lineLimit: 3)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox", "jumps ove…"])
        #expect(layout.size == .init(width: 10, height: 3))
    }

    @Test("lineLimit that cuts only later lines ends the last line in an ellipsis")
    func lineLimitCutsNewlines() {
        #expect(lines("one\ntwo\nthree", nil, lineLimit: 2) == ["one", "two…"])
        #expect(TextLayout("one\ntwo\nthree", proposedWidth: nil, lineLimit: 2).size == .init(width: 4, height: 2))
        #expect(lines("one\ntwo\nthree", 3, lineLimit: 2) == ["one", "tw…"])
        #expect(lines("one\ntwo  \nthree", 10, lineLimit: 2) == ["one", "two…"])
        #expect(lines("one\ntwo\nthree", 3, lineLimit: 2, wraps: false) == ["one", "tw…"])
        #expect(lines("one\n\nthree", 5, lineLimit: 2) == ["one", "…"])
    }

    @Test("a line limit that is not reached changes nothing; 0 keeps no lines")
    func lineLimitNotReached() {
        #expect(lines(Self.paragraph, 10, lineLimit: 5) == lines(Self.paragraph, 10))
        #expect(lines("ab cd", 2, lineLimit: 2) == ["ab", "cd"])
        #expect(TextLayout("abc", proposedWidth: 10, lineLimit: 0).size == .zero)
    }

    @Test("with a line limit, random texts keep the unlimited lines but the last, which stays within the width")
    func lineLimitProperties() {
        var rng = SplitMix64(seed: 0x11A1)
        for _ in 0..<300 {
            let text = randomText(&rng, pieces: wordPieces, count: 0...16)
            for width in [1, 2, 3, 5, 8, 13] {
                let full = TextLayout(text, proposedWidth: width).lines
                for limit in 1...4 {
                    let limited = TextLayout(text, proposedWidth: width, lineLimit: limit).lines
                    let label = Comment(rawValue: "\(text.debugDescription) width \(width) limit \(limit)")
                    if full.count <= limit {
                        #expect(limited == full, label)
                        continue
                    }
                    #expect(limited.count == limit, label)
                    #expect(Array(limited.dropLast()) == Array(full.prefix(limit - 1)), label)
                    #expect(limited.last!.text.hasSuffix("…"), label)
                    #expect(limited.last!.width <= width, label)
                }
            }
        }
    }

    // MARK: Proposals 0 and 1

    @Test("a proposal of 0 gives the least layout, one line \"…\", unless the text is 0 wide anyway")
    func proposalZero() {
        #expect(TextLayout("hello", proposedWidth: 0).lines.map(\.text) == ["…"])
        #expect(TextLayout("hello", proposedWidth: 0).size == .init(width: 1, height: 1))
        #expect(TextLayout("hello", proposedWidth: -3).size == .init(width: 1, height: 1))
        #expect(TextLayout("漢字\nb", proposedWidth: 0).lines.map(\.text) == ["…"])
        #expect(TextLayout("hello", proposedWidth: 0, lineLimit: 0).size == .zero)
        #expect(TextLayout("", proposedWidth: 0).size == .init(width: 0, height: 1))
        #expect(TextLayout("\n", proposedWidth: 0).size == .init(width: 0, height: 2))
    }

    @Test("a proposal of 1 puts one cell per line; a wide character shows as …")
    func proposalOne() {
        #expect(lines("ab cd", 1) == ["a", "b", "c", "d"])
        #expect(lines("漢a", 1) == ["…", "a"])
        #expect(lines("a 漢 b", 1) == ["a", "…", "b"])
        #expect(TextLayout("漢字", proposedWidth: 1).size == .init(width: 1, height: 2))
        #expect(lines("abc", 1, wraps: false) == ["…"])
        #expect(lines("abc", 1, lineLimit: 1) == ["…"])
        #expect(lines("a", 1, wraps: false) == ["a"])
    }

    // MARK: Drawing

    @Test("the examples in the documentation hold")
    func documentationExamples() {
        let layout = TextLayout("The quick brown fox", proposedWidth: 10)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox"])
        #expect(layout.size == TextLayout.Size(width: 9, height: 2))
        #expect(drawn(TextLayout("ab\ncdef", proposedWidth: nil), columns: 6, rows: 2, width: 6, alignment: .center)
            == ["..ab..", ".cdef."])
    }

    @Test("draw aligns each line leading, centred (odd column to the right) or trailing")
    func drawAlignments() {
        let layout = TextLayout("ab\ncdef\ng", proposedWidth: nil)
        #expect(drawn(layout, columns: 8, rows: 3, x: 1, width: 6, alignment: .leading)
            == [".ab.....", ".cdef...", ".g......"])
        #expect(drawn(layout, columns: 8, rows: 3, x: 1, width: 6, alignment: .center)
            == ["...ab...", "..cdef..", "...g...."])
        #expect(drawn(layout, columns: 8, rows: 3, x: 1, width: 6, alignment: .trailing)
            == [".....ab.", "...cdef.", "......g."])
    }

    @Test("draw clips to the clip rect; a wide character cut by it shows as a blank")
    func drawClips() {
        let layout = TextLayout("漢字ab\nxyz", proposedWidth: nil)
        let clip = Rect(x: 1, y: 0, width: 4, height: 1)
        #expect(drawn(layout, columns: 7, rows: 2, width: 6, clip: clip) == [". 字a..", "......."])
        // Lines above the buffer (a negative origin) and below the clip are skipped.
        #expect(drawn(layout, columns: 7, rows: 2, y: -1, width: 6) == ["xyz....", "......."])
        #expect(drawn(layout, columns: 7, rows: 2, y: 1, width: 6) == [".......", "漢字ab."])
    }

    @Test("draw writes cells in the given style, and shows controls as pictures")
    func drawStyle() {
        let buffer = CellBuffer(columns: 4, rows: 1)
        let bold = buffer.styles.id(for: Style(attributes: .bold))
        TextLayout("a\u{1B}b", proposedWidth: nil)
            .draw(into: buffer, x: 0, y: 0, width: 4, style: bold, alignment: .leading, clip: buffer.bounds)
        #expect(buffer.textRows == ["a␛b "])
        #expect((0..<3).allSatisfy { buffer[$0, 0].style == bold })
        #expect(buffer[3, 0].style == 0)
    }

    @Test("a wrapped layout drawn at its width shows every line whole")
    func drawWrapped() {
        let layout = TextLayout("日本語 text wraps", proposedWidth: 7)
        #expect(layout.lines.map(\.text) == ["日本語", "text", "wraps"])
        #expect(drawn(layout, columns: 7, rows: 3, width: 7, alignment: .trailing)
            == [".日本語", "...text", "..wraps"])
    }

    @Test("one line of printable ASCII that fits is itself (the fast path) for any width, limit and wrapping")
    func printableASCIIThatFits() {
        var rng = SplitMix64(seed: 0xA5C11)
        let alphabet = Array(" aZ09.,;~!-_ ") + (0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) }
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            let count = text.utf8.count
            let width: Int? = Bool.random(using: &rng) ? nil : count + Int.random(in: 0...5, using: &rng)
            let limit: Int? = Bool.random(using: &rng) ? nil : Int.random(in: 1...3, using: &rng)
            let layout = TextLayout(text, proposedWidth: width, lineLimit: limit, wraps: Bool.random(using: &rng))
            #expect(layout.lines == [TextLayout.Line(text: text, width: count)], "\(text.debugDescription) in \(String(describing: width))")
            #expect(layout.size == TextLayout.idealSize(of: text))
        }
        // Just past the fast path: one column short wraps or truncates.
        #expect(TextLayout("ab cd", proposedWidth: 4).lines.map(\.text) == ["ab", "cd"])
        #expect(TextLayout("abcde", proposedWidth: 4, wraps: false).lines.map(\.text) == ["abc…"])
        #expect(TextLayout("a\u{7}b", proposedWidth: 10).lines.map(\.text) == ["a\u{7}b"])
        #expect(TextLayout("a\tb", proposedWidth: 10).lines.map(\.text) == ["a       b"])
        #expect(TextLayout("", proposedWidth: 0).size == TextLayout.Size(width: 0, height: 1))
    }

    @Test("a text's size without a layout (printable ASCII that fits) is the size its layout has")
    func sizeWithoutLayout() {
        var rng = SplitMix64(seed: 0x512E)
        let alphabet: [Character] = ["a", "b", " ", "~", "\t", "\n", "\u{7F}", "é", "日", "-"]
        let graph = ViewGraph(canvas: CellBuffer(columns: 4, rows: 4))
        let node = graph.rootNode
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in
                alphabet[Int.random(in: 0..<(Bool.random(using: &rng) ? 4 : alphabet.count), using: &rng)]
            })
            let b = TextBehavior()
            b.content = text
            b.lineLimit = [nil, 0, 1, 2].randomElement(using: &rng)!
            b.wraps = Bool.random(using: &rng)
            let width: Int? = [nil, Int.max, -1, 0, 1, 3, 8, 20].randomElement(using: &rng)!
            let height: Int? = [nil, Int.max, 0, 1, 2].randomElement(using: &rng)!
            let proposal = ProposedSize(width: width, height: height)
            let measured = b.sizeThatFits(proposal, node: node, graph: graph)
            #expect(measured == b.layout(width: width, height: height).size, "\(text.debugDescription) \(proposal)")
        }
    }

    @Test("a Text of printable ASCII that fits paints without a layout exactly what its layout draws")
    func paintWithoutLayout() {
        var rng = SplitMix64(seed: 0x9A17)
        let graph = ViewGraph(canvas: CellBuffer(columns: 12, rows: 3))
        let node = graph.rootNode
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...8, using: &rng)).map { _ in "ab ~-x".randomElement(using: &rng)! })
            let b = TextBehavior()
            b.content = text
            b.lineLimit = [nil, 1, 2].randomElement(using: &rng)!
            b.alignment = [.leading, .center, .trailing].randomElement(using: &rng)!
            let frame = Rect(x: Int.random(in: -3...6, using: &rng), y: Int.random(in: -1...3, using: &rng),
                             width: Int.random(in: text.utf8.count...12, using: &rng), height: Int.random(in: 0...2, using: &rng))
            let clip = Rect(x: Int.random(in: -2...8, using: &rng), y: Int.random(in: -1...2, using: &rng),
                            width: Int.random(in: 0...12, using: &rng), height: Int.random(in: 0...3, using: &rng))
            node.frame = frame
            let painted = CellBuffer(columns: 12, rows: 3)
            b.paint(node, into: painted, clip: clip, inherited: .plain)
            let drawn = CellBuffer(columns: 12, rows: 3)
            b.layout(width: frame.width, height: frame.height)
                .draw(into: drawn, x: frame.x, y: frame.y, width: frame.width, style: 0, alignment: b.alignment, clip: clip)
            #expect(painted.textRows == drawn.textRows, "\(text.debugDescription) \(frame) \(clip) \(b.alignment)")
        }
    }

    // (Not with tabs: a tab's one byte may take up to 8 columns; ``TextBehavior`` shares no layout then.)
    @Test("a text of n UTF-8 bytes proposed n columns or more lays out as its ideal (Text shares that layout)")
    func proposalsAtLeastTheByteCountGiveTheIdealLayout() {
        let texts = ["", "value 12", "a b  c", "two\nlines", "trailing\n", "日本語 text", "e\u{301}x", "👩‍👩‍👧 family",
                     "\u{1B}control\u{7}", "  indented", "wide 漢字漢字漢字", "\r\n", "☺\u{FE0F} smile"]
        for text in texts {
            for limit in [nil, 1, 2] as [Int?] {
                for truncation in [TruncationMode.tail, .head, .middle] {
                    for wraps in [true, false] {
                        let ideal = TextLayout(text, proposedWidth: nil, lineLimit: limit, truncation: truncation, wraps: wraps)
                        for width in max(1, text.utf8.count)...(text.utf8.count + 3) {
                            let proposed = TextLayout(text, proposedWidth: width, lineLimit: limit, truncation: truncation,
                                                      wraps: wraps)
                            #expect(proposed == ideal && proposed.lines.map(\.head) == ideal.lines.map(\.head)
                                        && proposed.lines.map(\.tail) == ideal.lines.map(\.tail),
                                    "\(text.debugDescription) width \(width) limit \(String(describing: limit))")
                        }
                    }
                }
            }
        }
    }

    @Test("a limit that keeps every line changes nothing: the layout is the unlimited one, not cut (Text shares it)")
    func limitKeepingEveryLine() {
        var rng = SplitMix64(seed: 0x11A1)
        var uncut = 0
        for round in 0..<400 {
            let text = randomText(&rng, pieces: wordPieces, count: 0...14)
            for width in [1, 2, 3, 5, 8, 13, 40] as [Int?] + [nil] {
                for wraps in [true, false] {
                    let all = TextLayout(text, proposedWidth: width, wraps: wraps)
                    #expect(!all.isCut)
                    for limit in 0...(all.lines.count + 2) {
                        let limited = TextLayout(text, proposedWidth: width, lineLimit: limit, wraps: wraps)
                        let label = "round \(round) \(text.debugDescription) width \(String(describing: width)) limit \(limit)"
                        // Cut whenever the limit is short of the lines (the empty text's one line too);
                        // not cut, it is the unlimited layout (what lets a Text share it).
                        // (A last line truncated to "…" may count as cut where the unlimited
                        // layout shows the same "…" for a too-wide character.)
                        if limit < all.lines.count { #expect(limited.isCut, "\(label)") }
                        guard !limited.isCut else { continue }
                        #expect(limited == all && limited.lines.map(\.head) == all.lines.map(\.head)
                                    && limited.lines.map(\.tail) == all.lines.map(\.tail), "\(label)")
                        uncut += 1
                    }
                }
            }
        }
        // Almost every layout that keeps all its lines is not cut.
        #expect(uncut > 400 * 8 * 2 * 9 / 10)
        let text = TextBehavior()
        text.content = "one line"
        #expect(text.layout(width: 20, height: 60).size == Size(width: 8, height: 1))
        for height in [1, 2, 59, nil] as [Int?] { #expect(text.layout(width: 20, height: height).size == Size(width: 8, height: 1)) }
        #expect(text.layouts.count == 1)
        let two = TextBehavior()
        two.content = "two\nlines"
        #expect(two.layout(width: 20, height: 1).lines.map(\.text) == ["two…"])
        #expect(two.layout(width: 20, height: 2).lines.map(\.text) == ["two", "lines"])
        #expect(two.layout(width: 20, height: 1).lines.map(\.text) == ["two…"])
        #expect(two.layout(width: 20, height: 5).lines.map(\.text) == ["two", "lines"])
        #expect(two.layouts.count == 2)
    }

    @Test("a Text asked for several widths at least as wide as it lays itself out once")
    func textSharesItsIdealLayout() {
        let text = TextBehavior()
        text.content = "value 12"
        for width in [8, 9, 40, 200, Int.max] { #expect(text.layout(width: width, height: nil).size == Size(width: 8, height: 1)) }
        _ = text.layout(width: nil, height: nil)
        #expect(text.layouts.count == 1)
        #expect(text.layout(width: 5, height: nil).size == Size(width: 5, height: 2))
        #expect(text.layouts.count == 2)
    }
}
