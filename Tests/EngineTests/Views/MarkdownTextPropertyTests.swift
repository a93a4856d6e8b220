import Testing
@testable import Engine

/// Properties of the inline Markdown parser over random input: it never
/// crashes, drops only markup, keeps interpolations whole, and nothing it
/// produces reaches the terminal as a control byte.
@MainActor
@Suite("Markdown in Text: properties")
struct MarkdownTextPropertyTests {
    static let markup: [String] = ["*", "**", "_", "__", "~", "~~", "`", "``", "[", "]", "(", ")", "<", ">", "\\", "!", ":", "@"]
    static let words: [String] = ["a", "bc", "Z9", " ", "  ", "\n", "\t", "é", "中", "👍🏽", "e\u{301}", "\u{1B}", "\u{07}",
                                  "\u{9B}", "\u{7F}", "\u{1B}[31m", "http", "x.y", "\"", "'"]

    func random(_ rng: inout SplitMix64, pieces: Int, alphabet: [String]) -> String {
        var s = ""
        for _ in 0..<Int.random(in: 0...pieces, using: &rng) { s += alphabet.randomElement(using: &rng)! }
        return s
    }

    /// Whether `small`'s scalars appear in `large` in order.
    func isSubsequence(_ small: String, of large: String) -> Bool {
        var it = large.unicodeScalars.makeIterator()
        outer: for s in small.unicodeScalars {
            while let l = it.next() { if l == s { continue outer } }
            return false
        }
        return true
    }

    func lettersAndDigits(_ s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    @Test("any input: no crash, the text is the input less markup, runs cover it in order")
    func neverLoses() {
        var rng = SplitMix64(seed: 24)
        for _ in 0..<3000 {
            let input = random(&rng, pieces: 24, alphabet: Self.markup + Self.words)
            let text = Text(LocalizedStringKey(input))
            #expect(isSubsequence(text.content, of: input), "\(input.debugDescription) → \(text.content.debugDescription)")
            if let runs = text.runs {
                var last = 0
                for run in runs {
                    #expect(run.end > last)
                    last = run.end
                    let utf8 = text.content.utf8
                    let index = utf8.index(utf8.startIndex, offsetBy: run.end)
                    #expect(index.samePosition(in: text.content.unicodeScalars) != nil)
                }
                #expect(last == text.content.utf8.count)
            }
        }
    }

    @Test("without links, every letter and digit of the input is shown")
    func keepsLetters() {
        var rng = SplitMix64(seed: 25)
        let markup = Self.markup.filter { $0 != "(" && $0 != ":" && $0 != "@" }
        for _ in 0..<3000 {
            let input = random(&rng, pieces: 24, alphabet: markup + Self.words)
            let text = Text(LocalizedStringKey(input))
            #expect(lettersAndDigits(text.content) == lettersAndDigits(input), "\(input.debugDescription)")
        }
    }

    @Test("an interpolated value is shown whole and never parsed")
    func interpolationVerbatim() {
        var rng = SplitMix64(seed: 26)
        for _ in 0..<2000 {
            let value = random(&rng, pieces: 10, alphabet: Self.markup + Self.words)
            #expect(Text("\(value)").content == value)
            let t = Text("_\(value)_")
            let trimmed = value.unicodeScalars.first.map { !$0.properties.isWhitespace } == true
                && value.unicodeScalars.last.map { !$0.properties.isWhitespace } == true
            if trimmed {
                #expect(t.content == value, "\(value.debugDescription)")
                #expect(t.runs?.allSatisfy { $0.style.attributes.contains(.italic) } == true)
            }
        }
    }

    @Test("the markup pre-check agrees with a scan of every byte, at every length and offset")
    func markupPrecheck() {
        var rng = SplitMix64(seed: 27)
        let significant: Set<UInt8> = [0x5C, 0x60, 0x2A, 0x5F, 0x7E, 0x5B, 0x3C]
        let others = ["]", "^", "+", "{", "|", ";", "=", "}", ">", "\u{FF}", "ÿ", "\u{7E}\u{301}"]
        for _ in 0..<5000 {
            let input = random(&rng, pieces: 30, alphabet: Self.words + others + (Bool.random(using: &rng) ? Self.markup : []))
            let expected = input.utf8.contains(where: significant.contains)
            #expect(InlineMarkdown.mayHaveMarkup(input) == expected, "\(input.debugDescription)")
            // The same text at each offset of a longer one.
            let padded = String(repeating: "a", count: Int.random(in: 0..<9, using: &rng)) + input
            #expect(InlineMarkdown.mayHaveMarkup(padded) == expected, "\(padded.debugDescription)")
        }
    }

    @Test("a key built from interpolations is its pieces parsed, the values verbatim and the texts whole")
    func interpolationPieces() {
        var rng = SplitMix64(seed: 28)
        for _ in 0..<2000 {
            var interpolation = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: 0)
            var bytes: [UInt8] = []
            var verbatim: [Bool] = []
            var atoms: [Text] = []
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0, 1:
                    let piece = random(&rng, pieces: 6, alphabet: Self.markup + Self.words)
                    interpolation.appendLiteral(piece)
                    bytes += piece.utf8
                    verbatim += repeatElement(false, count: piece.utf8.count)
                case 2:
                    let value = random(&rng, pieces: 4, alphabet: Self.markup + Self.words)
                    interpolation.appendInterpolation(value)
                    bytes += value.utf8
                    verbatim += repeatElement(true, count: value.utf8.count)
                default:
                    let text = Text(verbatim: "t\(atoms.count)").bold()
                    interpolation.appendInterpolation(text)
                    bytes.append(InlineMarkdown.atomByte)
                    verbatim.append(true)
                    atoms.append(text)
                }
            }
            let key = LocalizedStringKey(stringInterpolation: interpolation)
            let expected = InlineMarkdown.text(bytes: bytes, verbatim: verbatim, atoms: atoms)
            let text = Text(key)
            #expect(text.content == expected.content, "\(bytes)")
            #expect(text.runs ?? [] == expected.runs ?? [], "\(bytes)")
        }
    }

    @Test("numbers and other values interpolate as their descriptions")
    func interpolatedValues() {
        let count = 42
        let ratio = 0.5
        let flag = true
        #expect(Text("n \(count) r \(ratio) f \(flag) **b**").content == "n 42 r 0.5 f true b")
        #expect(Text("\(count + 1)").content == "43")
        #expect(Text("\(count)*").content == "42*")
        #expect(Text("*\(count)*").runs?.allSatisfy { $0.style.attributes.contains(.italic) } == true)
    }

    /// The bytes with every escape sequence taken out: CSI (`ESC [ … final`),
    /// OSC and other strings (`ESC ] … ST or BEL`), and two-byte escapes.
    func outsideEscapes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else {
                out.append(bytes[i])
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case 0x5B:
                i += 2
                while i < bytes.count, !(0x40...0x7E).contains(bytes[i]) { i += 1 }
                i += 1
            case 0x5D, 0x50, 0x5F:
                i += 2
                while i < bytes.count, bytes[i] != 0x07, !(bytes[i] == 0x1B && i + 1 < bytes.count && bytes[i + 1] == 0x5C) { i += 1 }
                i += bytes.count > i && bytes[i] == 0x07 ? 1 : 2
            default:
                i += 2
            }
        }
        return out
    }

    @Test("rendered: no control byte reaches the terminal outside the writer's own sequences")
    func noControlBytes() {
        var rng = SplitMix64(seed: 27)
        let links = ["[a\u{1B}b](http://x\u{1B}]0;t\u{07})", "<http://\u{9B}x>", "[l](u\u{0}v)"]
        for _ in 0..<300 {
            let input = random(&rng, pieces: 30, alphabet: Self.markup + Self.words + links)
            let host = FramePipeline(columns: 16, rows: 4, capabilities: TerminalCapabilities(hyperlinks: true))
            host.render(Text(LocalizedStringKey(input)))
            let plain = outsideEscapes(host.lastBytes)
            // The writer's own cursor moves: BS, LF, CR.
            let controls = plain.filter { $0 < 0x20 && $0 != 0x08 && $0 != 0x0D && $0 != 0x0A || $0 == 0x7F }
            #expect(controls.isEmpty, "\(input.debugDescription): \(escaped(host.lastBytes))")
            // No C1 control (U+0080–U+009F, UTF-8 C2 80–C2 9F) either.
            let c1 = zip(plain, plain.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
            #expect(!c1, "\(input.debugDescription)")
        }
    }
}
