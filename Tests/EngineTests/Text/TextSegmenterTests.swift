import CUnistring
import Testing

@testable import Engine

/// One cluster as the segmenter hands it out, kept past the callback.
struct SegmentedCluster: Equatable, CustomStringConvertible {
    var text: String
    var width: Int
    var isUncertain: Bool
    /// `TextCluster.scalar`: set exactly when the cluster is one scalar.
    var scalar: UInt32?

    init(_ text: String, _ width: Int, uncertain: Bool = false) {
        self.text = text
        self.width = width
        self.isUncertain = uncertain
        let scalars = text.unicodeScalars
        scalar = scalars.count == 1 ? scalars.first!.value : nil
    }

    init(_ cluster: TextCluster) {
        text = String(decoding: cluster.utf8, as: UTF8.self)
        width = cluster.width
        isUncertain = cluster.isUncertain
        scalar = cluster.scalar
    }

    var description: String {
        let escaped = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "U+\(String($0.value, radix: 16))" }
        return "\(escaped.joined(separator: " ")):\(width)\(isUncertain ? "?" : "")"
    }
}

/// The clusters of `text`, in order.
func segment(_ text: String) -> [SegmentedCluster] {
    var out: [SegmentedCluster] = []
    TextSegmenter.forEachCluster(in: text) { out.append(SegmentedCluster($0)) }
    return out
}

@Suite("Text segmenter: clusters, widths and control pictures")
struct TextSegmenterTests {
    typealias C = SegmentedCluster

    @Test("ASCII splits into one cluster per byte")
    func ascii() {
        #expect(segment("abc") == [C("a", 1), C("b", 1), C("c", 1)])
        #expect(segment("") == [])
    }

    @Test("CJK: one cluster per ideograph, two columns, certain")
    func cjk() {
        #expect(segment("漢字") == [C("漢", 2), C("字", 2)])
        #expect(segment("a漢b") == [C("a", 1), C("漢", 2), C("b", 1)])
    }

    @Test("a combining mark joins its base; alone at the start it is a zero-width cluster")
    func combiningMarks() {
        #expect(segment("e\u{301}x") == [C("e\u{301}", 1), C("x", 1)])
        #expect(segment("\u{301}ab") == [C("\u{301}", 0), C("a", 1), C("b", 1)])
        #expect(segment("a\u{301}\u{323}") == [C("a\u{301}\u{323}", 1)])
    }

    @Test("ZWJ family, skin tone and VS16 heart are single, wide, uncertain clusters")
    func emojiSequences() {
        #expect(segment("👨‍👩‍👧!") == [C("👨‍👩‍👧", 2, uncertain: true), C("!", 1)])
        // Over GraphemeWidth.maxClusterBytes (25 bytes): cut at the last
        // joiner that fits, so whole emoji are kept.
        #expect(segment("👨‍👩‍👧‍👦!") == [C("👨‍👩‍👧", 2, uncertain: true), C("!", 1)])
        #expect(segment("👍🏽👍") == [C("👍🏽", 2, uncertain: true), C("👍", 2, uncertain: true)])
        #expect(segment("\u{2764}\u{FE0F}\u{2764}") == [
            C("\u{2764}\u{FE0F}", 2, uncertain: true), C("\u{2764}", 1),
        ])
        #expect(segment("\u{1F600}") == [C("\u{1F600}", 2, uncertain: true)])
    }

    @Test("regional indicators pair into flags; an odd one out is narrow and uncertain")
    func flags() {
        #expect(segment("\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}") == [
            C("\u{1F1EF}\u{1F1F5}", 2, uncertain: true), C("\u{1F1FA}\u{1F1F8}", 2, uncertain: true),
        ])
        #expect(segment("\u{1F1EF}\u{1F1F5}\u{1F1FA}") == [
            C("\u{1F1EF}\u{1F1F5}", 2, uncertain: true), C("\u{1F1FA}", 1, uncertain: true),
        ])
        #expect(segment("\u{1F1EF}x") == [C("\u{1F1EF}", 1, uncertain: true), C("x", 1)])
    }

    @Test("zero width space is its own zero-width cluster")
    func zeroWidthSpace() {
        #expect(segment("a\u{200B}b") == [C("a", 1), C("\u{200B}", 0), C("b", 1)])
    }

    @Test("Hangul jamo sequences form one wide syllable each")
    func hangulJamo() {
        #expect(segment("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1161}") == [
            C("\u{1112}\u{1161}\u{11AB}", 2), C("\u{1100}\u{1161}", 2),
        ])
        #expect(segment("\u{AC00}\u{11A8}한") == [C("\u{AC00}\u{11A8}", 2), C("한", 2)])
    }

    @Test("C0 controls and DEL become Control Pictures, C1 controls U+FFFD, each one column")
    func controlPictures() {
        #expect(segment("\u{1B}") == [C("\u{241B}", 1)])
        #expect(segment("\u{0}") == [C("\u{2400}", 1)])
        #expect(segment("\t") == [C("\u{2409}", 1)])
        #expect(segment("\u{7}") == [C("\u{2407}", 1)])
        #expect(segment("\u{7F}") == [C("\u{2421}", 1)])
        #expect(segment("\u{85}") == [C("\u{FFFD}", 1)])
        #expect(segment("\u{9B}") == [C("\u{FFFD}", 1)])
        // The same in non-ASCII text, which takes the libunistring path.
        #expect(segment("é\u{1B}[") == [C("é", 1), C("\u{241B}", 1), C("[", 1)])
        #expect(segment("漢\u{7F}\u{85}") == [C("漢", 2), C("\u{2421}", 1), C("\u{FFFD}", 1)])
    }

    @Test("CR LF, one cluster to Unicode, comes out as two pictures")
    func crlf() {
        #expect(segment("\r\n") == [C("\u{240D}", 1), C("\u{240A}", 1)])
        #expect(segment("é\r\nx") == [C("é", 1), C("\u{240D}", 1), C("\u{240A}", 1), C("x", 1)])
    }

    @Test("a control never joins a following combining mark")
    func controlThenCombiningMark() {
        #expect(segment("\u{1B}\u{301}") == [C("\u{241B}", 1), C("\u{301}", 0)])
    }

    @Test("replacement(forControl:) covers exactly C0, DEL and C1")
    func replacementTable() {
        for v in UInt32(0)..<0x20 { #expect(TextSegmenter.replacement(forControl: v) == 0x2400 + v) }
        #expect(TextSegmenter.replacement(forControl: 0x7F) == 0x2421)
        for v in UInt32(0x80)..<0xA0 { #expect(TextSegmenter.replacement(forControl: v) == 0xFFFD) }
        for v: UInt32 in [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x200B, 0x2400, 0xFFFD, 0x1F600] {
            #expect(TextSegmenter.replacement(forControl: v) == nil)
        }
    }

    @Test("the UTF-8 entry point segments like the String one")
    func utf8EntryPoint() {
        for text in ["abc", "漢字", "e\u{301}👨‍👩‍👧‍👦\u{1F1EF}\u{1F1F5}\u{1B}[0m", "\r\n\u{85}x"] {
            var viaBytes: [SegmentedCluster] = []
            var copy = text
            copy.withUTF8 { bytes in
                TextSegmenter.forEachCluster(inUTF8: bytes) { viaBytes.append(SegmentedCluster($0)) }
            }
            #expect(viaBytes == segment(text), "\(text.debugDescription)")
        }
    }

    @Test("clusters concatenate back to the text with controls replaced, and widths add up")
    func concatenationProperty() {
        var rng = SplitMix64(seed: 0x5E6)
        let pieces = [
            "a", "Z", " ", "~", "漢", "字", "e\u{301}", "\u{301}", "\u{200B}", "👨‍👩‍👧‍👦", "👍🏽", "\u{2764}\u{FE0F}",
            "\u{2764}", "\u{1F1EF}", "\u{1F1F5}", "\u{1B}", "\u{7F}", "\u{85}", "\r", "\n", "\t", "\u{1112}",
            "\u{1161}", "\u{11AB}", "\u{FE0F}", "\u{200D}", "\u{1F3FD}",
        ]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) { text += pieces.randomElement(using: &rng)! }
            let clusters = segment(text)
            let sanitised = String(String.UnicodeScalarView(text.unicodeScalars.map { s in
                TextSegmenter.replacement(forControl: s.value).flatMap(Unicode.Scalar.init) ?? s
            }))
            // Joiners may be dropped and long clusters cut (the policy); without them the text comes back.
            if !text.unicodeScalars.contains("\u{200D}") {
                #expect(clusters.map(\.text).joined() == sanitised, "\(text.debugDescription)")
            }
            #expect(clusters.map(\.width).reduce(0, +) == GraphemeWidth.width(of: text))
            for c in clusters {
                #expect((0...2).contains(c.width))
                #expect(c.scalar == (c.text.unicodeScalars.count == 1 ? c.text.unicodeScalars.first!.value : nil))
                #expect(!c.text.unicodeScalars.contains { TextSegmenter.replacement(forControl: $0.value) != nil })
                #expect(c.text.utf8.count <= GraphemeWidth.maxClusterBytes)
                // A joiner is kept only before a character that takes a column.
                let scalars = Array(c.text.unicodeScalars)
                for (i, s) in scalars.enumerated() where s == "\u{200D}" && c.width > 0 {
                    #expect(i + 1 < scalars.count && GraphemeWidth.scalarWidth(scalars[i + 1].value) > 0, "\(c)")
                }
            }
            var consumed = 0
            TextSegmenter.forEachCluster(in: text) { consumed += $0.sourceByteCount }
            #expect(consumed == text.utf8.count, "\(text.debugDescription)")
        }
    }

    @Test("segmenting only the spans around non-ASCII bytes gives the clusters of the whole text")
    func spansSegmentLikeTheWholeText() {
        var rng = SplitMix64(seed: 0x5E7)
        // ASCII beside what joins it: marks, a prepended mark (U+0600 joins
        // the next character, ASCII too), joiners, flags, Hangul, CR LF.
        let pieces = [
            "a", "b", " ", "·", "→", "漢", "\u{301}", "\u{300}", "\u{200D}", "\u{FE0F}", "\u{1F468}", "\u{2764}",
            "\u{1F1EF}", "\u{1F1F5}", "\u{1112}", "\u{1161}", "\u{11AB}", "\r", "\n", "\u{0600}", "\u{0915}",
            "\u{094D}", "\u{0937}", "\u{1F3FD}", "\t", "\u{85}", "\u{2028}", "#", "1", "\u{20E3}",
        ]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &rng) { text += pieces.randomElement(using: &rng)! }
            // The whole text's cluster boundaries, from libunistring over all of it.
            var bytes = Array(text.utf8)
            var breaks = [CChar](repeating: 0, count: bytes.count)
            u8_grapheme_breaks(&bytes, bytes.count, &breaks)
            // Where the segmenter's clusters start in the text.
            var starts: [Int] = []
            var offset = 0
            TextSegmenter.forEachCluster(in: text) { cluster in
                starts.append(offset)
                offset += cluster.sourceByteCount
            }
            #expect(offset == bytes.count)
            // Each boundary of the text is a boundary of the segmenter's; a
            // cluster is cut further only where it holds a control or an
            // undrawable scalar (the policy's own cells).
            var bounds = [0] + (1..<Swift.max(bytes.count, 1)).filter { breaks[$0] != 0 }
            if bytes.isEmpty { bounds = [] } else { bounds.append(bytes.count) }
            for (cluster, clusterEnd) in zip(bounds, bounds.dropFirst()) {
                let inside = starts.filter { $0 >= cluster && $0 < clusterEnd }
                let scalars = String(decoding: bytes[cluster..<clusterEnd], as: UTF8.self).unicodeScalars
                let repaired = scalars.contains {
                    TextSegmenter.replacement(forControl: $0.value) != nil || GraphemeWidth.isUndrawable($0.value)
                }
                #expect(inside.first == cluster, "\(text.debugDescription): no cluster starts at \(cluster)")
                if !repaired {
                    #expect(inside == [cluster], "\(text.debugDescription): [\(cluster), \(clusterEnd)) cut at \(inside)")
                }
            }
        }
    }

    @Test("encodeUTF8 matches Swift's encoding at every length boundary")
    func encodeUTF8() {
        for v: UInt32 in [0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0x241B, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF] {
            var out = [UInt8](repeating: 0, count: 4)
            let n = out.withUnsafeMutableBufferPointer { TextSegmenter.encodeUTF8(v, into: $0.baseAddress!) }
            #expect(Array(out[..<n]) == Array(String(Unicode.Scalar(v)!).utf8), "U+\(String(v, radix: 16))")
        }
    }
}


@Suite("Text segmenter: graphemes terminals do not draw as one cell")
struct UndrawableSegmentationTests {
    typealias C = SegmentedCluster
    static func scalar(_ v: UInt32) -> String { String(Character(Unicode.Scalar(v)!)) }

    @Test("line and paragraph separators, noncharacters and prepended marks show as U+FFFD cells of their own")
    func undrawableScalars() {
        #expect(segment("a\u{2028}b") == [C("a", 1), C("\u{FFFD}", 1), C("b", 1)])
        #expect(segment("a\u{2029}") == [C("a", 1), C("\u{FFFD}", 1)])
        for v: UInt32 in [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF] {
            #expect(segment("a" + Self.scalar(v)) == [C("a", 1), C("\u{FFFD}", 1)], "U+\(String(v, radix: 16))")
        }
        for v: UInt32 in [0x600, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD] {
            #expect(segment(Self.scalar(v) + "1x") == [C("\u{FFFD}", 1), C("1", 1), C("x", 1)], "U+\(String(v, radix: 16))")
        }
        // Marks after the base the prepended mark was joined to stay with that base.
        #expect(segment("\u{600}e\u{301}") == [C("\u{FFFD}", 1), C("e\u{301}", 1)])
        #expect(GraphemeWidth.isUndrawable(0xFFFD) == false && GraphemeWidth.isUndrawable(0x41) == false)
    }

    @Test("a joiner that joins nothing visible is dropped; absurd clusters are cut")
    func joinersAndAbsurdClusters() {
        #expect(segment("a\u{200D}b") == [C("a", 1), C("b", 1)])
        #expect(segment("a" + String(repeating: "\u{200D}", count: 1000) + "b") == [C("a", 1), C("b", 1)])
        let marks = segment("e" + String(repeating: "\u{301}", count: 5000) + "x")
        #expect(marks == [C("e" + String(repeating: "\u{301}", count: 10), 1), C("x", 1)])
        let mods = segment("\u{1F44D}" + String(repeating: "\u{1F3FD}", count: 3000))
        #expect(mods.count == 1 && mods[0].text.utf8.count <= GraphemeWidth.maxClusterBytes && mods[0].width == 2)
        var consumed = 0
        TextSegmenter.forEachCluster(in: "a" + String(repeating: "\u{200D}", count: 1000) + "b") { consumed += $0.sourceByteCount }
        #expect(consumed == 1 + 3000 + 1)
    }

    @Test("a disputed grapheme is never drawn where its widest rendering would wrap")
    func disputedGraphemesStayOffTheEdge() {
        let b = CellBuffer(columns: 6, rows: 1)
        b.write("ab\u{261D}\u{1F3FB}", x: 2, y: 0)  // ☝🏻: 2 columns to us, 3 to pyte and tmux; ends at the edge
        #expect(b.textRows == ["  ab\u{FFFD} "])
        #expect(b.checkInvariants() == nil)
        b.write("\u{1F1EF}", x: 5, y: 0)  // a lone regional indicator: 2 columns to pyte
        #expect(b.text(x: 5, y: 0) == "\u{FFFD}")
        b.write("\u{1F44D}\u{1F3FD}x", x: 0, y: 0)  // away from the edge it stays
        #expect(b.text(x: 0, y: 0) == "\u{1F44D}\u{1F3FD}")
    }

    @Test("a disputed grapheme whose widest rendering would be cut by the next cell is U+FFFD and a blank")
    func splitRenderingsAreReplaced() {
        // ☝🏻: 2 columns to us; the hand, then the tone over columns 2 and 3, to pyte and tmux.
        #expect(GraphemeWidth.widestRenderingSplitsCell(scalars: [0x261D, 0x1F3FB], width: 2))
        #expect(!GraphemeWidth.widestRenderingSplitsCell(scalars: [0x1F44D, 0x1F3FD], width: 2))
        #expect(!GraphemeWidth.widestRenderingSplitsCell(scalars: [0x2764, 0xFE0F], width: 2))
        #expect(!GraphemeWidth.widestRenderingSplitsCell(scalars: [0x1F1EF, 0x1F1F5], width: 2))
        let b = CellBuffer(columns: 10, rows: 1)
        b.write("a\u{261D}\u{1F3FB}b", x: 0, y: 0)
        #expect(b.textRows == ["a\u{FFFD} b      "])
        var thumbs = "\u{261D}\u{1F3FB}"
        let i = thumbs.withUTF8 { b.graphemes.intern($0, isUncertain: true) }
        b.put(Cell(cluster: i, width: 2, style: 0), x: 5, y: 0)
        #expect(b.text(x: 5, y: 0) == "\u{FFFD}" && b.text(x: 6, y: 0) == " ")
        #expect(b.checkInvariants() == nil)
    }

    /// Found by the emulator fuzz: a ☝🏻 cut by the right edge became a
    /// blank, then the substitution rule padded it with a second blank —
    /// written past the row, into column 0 of the next row, with no damage.
    @Test("a disputed grapheme cut by an edge is one blank, never a padded substitute")
    func cutDisputedGraphemeStaysInItsRow() {
        let b = CellBuffer(columns: 2, rows: 2)
        b.write("ab", x: 0, y: 1)
        b.damage.removeAll()
        b.write("x\u{261D}\u{1F3FB}", x: 0, y: 0)
        #expect(b.textRows == ["x ", "ab"])
        #expect(b.damage.bounds.maxY == 1)
    }
}
