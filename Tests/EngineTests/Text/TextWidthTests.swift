import CUnistring
import Testing

@testable import Engine

/// Pins the widths the engine gets from the libunistring it links (1.0,
/// Unicode 14 on this machine) through ``GraphemeWidth``'s cluster rule.
///
/// These are pins, not wishes: when a libunistring upgrade changes a width,
/// the failing line shows which cluster moved, and whoever upgrades decides
/// whether the new value is right for terminals before re-pinning it.
@Suite("Text width: pins of the linked libunistring")
struct TextWidthTests {
    /// One cluster, its width and whether terminals disagree on it.
    struct Pin: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var width: Int
        var isUncertain: Bool

        init(_ name: String, _ text: String, width: Int, uncertain: Bool) {
            self.name = name
            self.text = text
            self.width = width
            self.isUncertain = uncertain
        }

        var testDescription: String { name }
    }

    static let clusters: [Pin] = [
        Pin("ASCII letter", "a", width: 1, uncertain: false),
        Pin("ASCII space", " ", width: 1, uncertain: false),
        Pin("ASCII tilde", "~", width: 1, uncertain: false),
        Pin("CJK 漢", "漢", width: 2, uncertain: false),
        Pin("CJK 字", "字", width: 2, uncertain: false),
        Pin("CJK extension B 𠀋", "\u{2000B}", width: 2, uncertain: false),
        Pin("fullwidth Ａ", "\u{FF21}", width: 2, uncertain: false),
        Pin("halfwidth katakana ｱ", "\u{FF71}", width: 1, uncertain: false),
        Pin("precomposed Hangul 한", "\u{D55C}", width: 2, uncertain: false),
        Pin("Hangul jamo L V T (한)", "\u{1112}\u{1161}\u{11AB}", width: 2, uncertain: false),
        Pin("Hangul jamo L V (가)", "\u{1100}\u{1161}", width: 2, uncertain: false),
        Pin("Hangul syllable + trailing jamo", "\u{AC00}\u{11A8}", width: 2, uncertain: false),
        Pin("e + combining acute", "e\u{301}", width: 1, uncertain: false),
        Pin("a + two combining marks", "a\u{301}\u{323}", width: 1, uncertain: false),
        Pin("lone combining acute", "\u{301}", width: 0, uncertain: false),
        Pin("zero width space", "\u{200B}", width: 0, uncertain: false),
        Pin("lone ZWJ", "\u{200D}", width: 0, uncertain: false),
        Pin("no-break space", "\u{A0}", width: 1, uncertain: false),
        Pin("grinning face (emoji presentation)", "\u{1F600}", width: 2, uncertain: true),
        Pin("ZWJ family", "👨‍👩‍👧‍👦", width: 2, uncertain: true),
        Pin("thumbs up + skin tone", "👍🏽", width: 2, uncertain: true),
        Pin("heart + VS16", "\u{2764}\u{FE0F}", width: 2, uncertain: true),
        Pin("bare heavy black heart", "\u{2764}", width: 1, uncertain: false),
        Pin("watch + VS15 (text presentation)", "\u{231A}\u{FE0E}", width: 2, uncertain: true),
        Pin("keycap 1", "1\u{FE0F}\u{20E3}", width: 2, uncertain: true),
        Pin("flag 🇯🇵", "\u{1F1EF}\u{1F1F5}", width: 2, uncertain: true),
        Pin("lone regional indicator", "\u{1F1EF}", width: 1, uncertain: true),
        Pin("rainbow flag (VS16 + ZWJ)", "🏳️‍🌈", width: 2, uncertain: true),
        Pin("heart on fire (VS16 + ZWJ)", "\u{2764}\u{FE0F}\u{200D}\u{1F525}", width: 2, uncertain: true),
    ]

    @Test("measure gives the pinned width and uncertainty", arguments: clusters)
    func measurePin(_ pin: Pin) {
        let m = GraphemeWidth.measure(Substring(pin.text))
        #expect(m == GraphemeWidth.Measure(width: pin.width, isUncertain: pin.isUncertain))
        // The scalar-sequence entry point is the same rule.
        #expect(GraphemeWidth.measure(scalars: pin.text.unicodeScalars.map(\.value)) == m)
    }

    @Test("width(of:) of one cluster is its measured width", arguments: clusters)
    func widthOfOneCluster(_ pin: Pin) {
        #expect(GraphemeWidth.width(of: pin.text) == pin.width)
    }

    @Test("width(of:) sums clusters, with controls drawn one column wide")
    func widthOfText() {
        #expect(GraphemeWidth.width(of: "") == 0)
        #expect(GraphemeWidth.width(of: "hello") == 5)
        #expect(GraphemeWidth.width(of: "漢字") == 4)
        #expect(GraphemeWidth.width(of: "he\u{301}llo") == 5)
        #expect(GraphemeWidth.width(of: "👨‍👩‍👧‍👦👍🏽") == 4)
        #expect(GraphemeWidth.width(of: "\u{2764}\u{FE0F}\u{2764}") == 3)
        // A flag, then a regional indicator left over.
        #expect(GraphemeWidth.width(of: "\u{1F1EF}\u{1F1F5}\u{1F1FA}") == 3)
        #expect(GraphemeWidth.width(of: "a\u{200B}b") == 2)
        #expect(GraphemeWidth.width(of: "\u{301}abc") == 3)
        // ESC [ 2 J: the ESC is shown as one picture.
        #expect(GraphemeWidth.width(of: "\u{1B}[2J") == 4)
        #expect(GraphemeWidth.width(of: "\r\n") == 2)
        #expect(GraphemeWidth.width(of: "\u{0}\u{7F}\u{85}\u{9B}") == 4)
    }

    @Test("scalarWidth: printable ASCII 1, controls 0, wide 2")
    func scalarWidths() {
        for v in UInt32(0x20)..<0x7F { #expect(GraphemeWidth.scalarWidth(v) == 1, "U+\(String(v, radix: 16))") }
        for v in UInt32(0)..<0x20 { #expect(GraphemeWidth.scalarWidth(v) == 0, "U+\(String(v, radix: 16))") }
        #expect(GraphemeWidth.scalarWidth(0x7F) == 0)
        #expect(GraphemeWidth.scalarWidth(0x85) == 0)
        #expect(GraphemeWidth.scalarWidth(0x9B) == 0)
        #expect(GraphemeWidth.scalarWidth(0xE9) == 1)
        #expect(GraphemeWidth.scalarWidth(0x301) == 0)
        #expect(GraphemeWidth.scalarWidth(0x200B) == 0)
        #expect(GraphemeWidth.scalarWidth(0x6F22) == 2)
        #expect(GraphemeWidth.scalarWidth(0x1F600) == 2)
        #expect(GraphemeWidth.scalarWidth(0x2764) == 1)
        #expect(GraphemeWidth.scalarWidth(0x1F3FD) == 2)
        #expect(GraphemeWidth.scalarWidth(0x1F1EF) == 1)
        // Never more than 2, never negative, over the whole code space.
        var v: UInt32 = 0
        while v <= 0x10FFFF {
            let w = GraphemeWidth.scalarWidth(v)
            #expect((0...2).contains(w), "U+\(String(v, radix: 16))")
            v += v < 0x30000 ? 1 : 0x101
        }
    }

    @Test("isUncertainWide: settled East Asian blocks are certain, emoji are not")
    func uncertainWide() {
        for v: UInt32 in [0x1100, 0x3000, 0x4E00, 0x6F22, 0xAC00, 0xD55C, 0xF900, 0xFE30, 0xFF21, 0xFFE0, 0x2000B] {
            #expect(!GraphemeWidth.isUncertainWide(v), "U+\(String(v, radix: 16))")
        }
        for v: UInt32 in [0x231A, 0x1F600, 0x1F44D, 0x1F525, 0x1F3FD] {
            #expect(GraphemeWidth.isUncertainWide(v), "U+\(String(v, radix: 16))")
        }
    }

    /// A cluster whose first scalar draws nothing — a Prepend such as
    /// ARABIC NUMBER SIGN (U+0600) or KAITHI NUMBER SIGN (U+110BD) — once
    /// measured 0 and lost its visible character. Measuring still gives the
    /// character's width; the segmenter then shows the prepended
    /// concatenation mark as U+FFFD, a cell of its own, because terminals
    /// draw the mark alone (pyte and tmux: one column) and the row would
    /// shift (``GraphemeWidth/isUndrawable(_:)``).
    @Test("a Prepend scalar does not make the character after it vanish, and takes a cell of its own")
    func prependKeepsItsBase() {
        #expect(segment("\u{600}1") == [SegmentedCluster("\u{FFFD}", 1), SegmentedCluster("1", 1)])
        #expect(GraphemeWidth.measure(Substring("\u{110BD}\u{11083}")).width == 1)
        #expect(GraphemeWidth.width(of: "\u{600}123") == 4)
    }

    /// Fails today: a skin-tone modifier adds nothing to its base, so an
    /// emoji modifier sequence whose base is text-default and narrow in
    /// East Asian Width (☝ U+261D, ✌ U+270C, ✍ U+270D, ⛹ U+26F9) measures 1.
    /// UTS #51 draws a modifier sequence as one emoji, two columns; summing
    /// terminals draw 3. No terminal draws 1.
    @Test("a skin-tone modifier sequence is wide even when its base is narrow")
    func skinToneOnNarrowBase() {
        for base: UInt32 in [0x261D, 0x270C, 0x270D, 0x26F9] {
            let m = GraphemeWidth.measure(scalars: [base, 0x1F3FD])
            #expect(m == GraphemeWidth.Measure(width: 2, isUncertain: true), "U+\(String(base, radix: 16))")
        }
    }

    /// Fails today: a lone wide emoji is uncertain, but the final check only
    /// looks at one-scalar clusters, so the same emoji with a combining mark
    /// (or any non-joining extender) is reported certain and the writer does
    /// not re-anchor after it.
    @Test("a wide emoji stays uncertain when a combining mark follows it")
    func emojiWithCombiningMarkIsUncertain() {
        #expect(GraphemeWidth.measure(Substring("\u{1F600}")).isUncertain)
        #expect(GraphemeWidth.measure(Substring("\u{1F600}\u{301}")) == GraphemeWidth.Measure(width: 2, isUncertain: true))
        // CJK with a combining mark stays certain.
        #expect(GraphemeWidth.measure(Substring("\u{6F22}\u{301}")) == GraphemeWidth.Measure(width: 2, isUncertain: false))
    }

    /// The raw libunistring calls the engine builds on. These say why the
    /// engine does not use `u8_width` or `u8_grapheme_next` directly; if one
    /// of them changes, the reasons in GraphemeWidth/TextSegmenter may too.
    @Test("raw libunistring: uc_width per scalar, u8_width sums code points")
    func rawLibunistringWidths() {
        #expect(uc_width(0x41, "UTF-8") == 1)
        #expect(uc_width(0x6F22, "UTF-8") == 2)
        #expect(uc_width(0x301, "UTF-8") == 0)
        #expect(uc_width(0x200B, "UTF-8") == 0)
        #expect(uc_width(0x2764, "UTF-8") == 1)
        #expect(uc_width(0xFE0F, "UTF-8") == 0)
        #expect(uc_width(0x1F600, "UTF-8") == 2)
        #expect(uc_width(0x1F1EF, "UTF-8") == 1)
        // Four wide emoji and three zero-width joiners: 8 columns for a glyph drawn in 2.
        #expect(rawU8Width("👨‍👩‍👧‍👦") == 8)
        #expect(rawU8Width("\u{2764}\u{FE0F}") == 1)
        #expect(rawU8Width("\u{1F1EF}\u{1F1F5}") == 2)
    }

    @Test("raw libunistring: u8_grapheme_breaks keeps ZWJ sequences and flags whole")
    func rawGraphemeBreaks() {
        #expect(rawBreakOffsets("👨‍👩‍👧‍👦") == [0])
        #expect(rawBreakOffsets("\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}") == [0, 8])
        #expect(rawBreakOffsets("e\u{301}x") == [0, 3])
        #expect(rawBreakOffsets("\r\n") == [0])
        #expect(rawBreakOffsets("\u{1112}\u{1161}\u{11AB}\u{1100}") == [0, 9])
    }

    /// `u8_width` over a whole string.
    private func rawU8Width(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { Int(u8_width($0.baseAddress!, $0.count, "UTF-8")) }
    }

    /// Byte offsets where `u8_grapheme_breaks` starts a cluster.
    private func rawBreakOffsets(_ s: String) -> [Int] {
        var s = s
        return s.withUTF8 { bytes in
            var breaks = [CChar](repeating: 0, count: bytes.count)
            u8_grapheme_breaks(bytes.baseAddress!, bytes.count, &breaks)
            return breaks.indices.filter { $0 == 0 || breaks[$0] != 0 }
        }
    }
}
