import Testing

@testable import Engine

@MainActor
@Suite("Narrow scalars: a line of them is as simple as printable ASCII")
struct NarrowScalarsTests {
    /// Every narrow scalar, in order.
    static let all: [UInt32] = (0...0x10FFFF).filter { NarrowScalars.contains(UInt32($0)) }.map { UInt32($0) }

    @Test("every narrow scalar is one cell wide and, beside any other, a cluster of its own that no terminal disputes")
    func eachIsOneNarrowCluster() {
        #expect(Self.all.count > 1000)
        for v in Self.all {
            #expect(Unicode.Scalar(v) != nil, "U+\(String(v, radix: 16))")
            #expect(GraphemeWidth.scalarWidth(v) == 1, "U+\(String(v, radix: 16))")
        }
        // Each next to each of a sample of others (and itself): the segmenter
        // breaks between them, every cluster one column and certain.
        var random = SplitMix64(seed: 7)
        for v in Self.all {
            let others = (0..<6).map { _ in Self.all.randomElement(using: &random)! } + [v]
            for w in others {
                let text = String(String.UnicodeScalarView([Unicode.Scalar(v)!, Unicode.Scalar(w)!]))
                var clusters: [SegmentedCluster] = []
                TextSegmenter.forEachCluster(in: text) { clusters.append(SegmentedCluster($0)) }
                #expect(clusters.count == 2 && clusters.allSatisfy { $0.width == 1 && !$0.isUncertain },
                        "U+\(String(v, radix: 16)) U+\(String(w, radix: 16)): \(clusters)")
                #expect(GraphemeWidth.width(of: text) == 2)
            }
        }
    }

    @Test("a line's narrow width is its scalar count, and nil once any scalar is not narrow")
    func widthOfLines() {
        func width(_ s: String) -> Int? {
            var s = s
            return s.withUTF8 { NarrowScalars.width(of: $0) }
        }
        #expect(width("") == 0)
        #expect(width("sent 3 · 12 characters · Enter sends") == 36)
        #expect(width("├──┤ ⣿⣀ — “quoted” … ½ ü Ω ж") == 28)
        for bad in ["e\u{301}", "a\u{200D}b", "tab\t", "new\nline", "漢", "🙂", "©", "↔", "\u{FE0F}", "\u{7F}", "\u{85}"] {
            #expect(width("ok " + bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test("a Text of narrow scalars measures and paints as the general layout does, at every width")
    func textFastPathMatchesLayout() {
        var random = SplitMix64(seed: 42)
        let pool = Self.all.filter { $0 != 0x20 } + [0x20, 0x20, 0x20]
        for _ in 0..<60 {
            let length = Int.random(in: 0..<24, using: &random)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in Unicode.Scalar(pool.randomElement(using: &random)!)! }))
            for columns in [1, 3, 12, 23, 24, 40] {
                let host = FramePipeline(columns: columns, rows: 3)
                host.render(Text(text).lineLimit(1))
                // The general path: the same text laid out by TextLayout and drawn by it.
                let layout = TextLayout(text, proposedWidth: columns, lineLimit: 1)
                let expected = CellBuffer(columns: columns, rows: 3)
                layout.draw(into: expected, x: 0, y: 1, width: layout.size.width, style: 0, alignment: .leading,
                            clip: expected.bounds)
                // The root centres what is narrower than the screen: compare the shown cells.
                #expect(host.textRows[1].trimmed == expected.textRows[1].trimmed,
                        "\(text.debugDescription) at \(columns): \(host.textRows) vs \(expected.textRows)")
            }
        }
    }
}

extension String {
    fileprivate var trimmed: Substring {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        while s.first == " " { s = s.dropFirst() }
        return s
    }
}
