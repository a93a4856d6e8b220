import CUnistring

/// The one rule that decides how many terminal columns a grapheme cluster takes.
///
/// Every part of the engine that needs a width — writing text into a
/// ``CellBuffer``, laying out a `Text`, parsing a tuiframes file — asks this
/// type, so a cluster is never measured two ways.
///
/// The rule, applied to the scalars of one extended grapheme cluster:
/// - the base scalar's width from libunistring's `uc_width` (East Asian Width,
///   with emoji presentation characters already wide), clamped to 0...2;
/// - a regional-indicator pair (a flag) is 2;
/// - a cluster whose base has the Emoji property followed by VS16 (U+FE0F,
///   emoji presentation) is 2;
/// - a cluster that joins emoji with ZWJ (U+200D) is 2;
/// - combining marks, ZWJ continuations, skin-tone modifiers and variation
///   selectors after the base add nothing.
///
/// A disputed cluster (``Measure/isUncertain``) of a class the terminal was
/// measured to draw one or two columns wide (``measuredWidths``, a
/// ``DisputedClass``) takes the measured width instead, and is no longer
/// disputed. Nothing else consults that table.
///
/// `u8_width` is not used: it sums code points (a ZWJ family comes out as 6,
/// ❤️ as 1) and stops at NUL.
public enum GraphemeWidth {
    /// How a cluster is drawn: its width, and whether terminals are known to
    /// disagree about that width.
    public struct Measure: Equatable, Sendable {
        /// Columns the cluster occupies: 0, 1 or 2.
        public var width: Int
        /// True for clusters whose width terminals disagree on (ZWJ
        /// sequences, VS16, flags, skin tones). The writer re-anchors the
        /// cursor after printing one.
        public var isUncertain: Bool
    }

    static let zeroWidthJoiner: UInt32 = 0x200D
    static let variationSelector16: UInt32 = 0xFE0F
    static let variationSelector15: UInt32 = 0xFE0E
    static let combiningEnclosingKeycap: UInt32 = 0x20E3

    @inline(__always)
    public static func isRegionalIndicator(_ v: UInt32) -> Bool { v >= 0x1F1E6 && v <= 0x1F1FF }

    @inline(__always)
    static func isSkinToneModifier(_ v: UInt32) -> Bool { v >= 0x1F3FB && v <= 0x1F3FF }

    /// The most UTF-8 bytes one cluster keeps: what tmux stores in a cell
    /// (`UTF8_SIZE`, 21); xterm keeps fewer combining characters still, in
    /// the same one or two columns. ``TextSegmenter`` cuts longer clusters
    /// (a base with thousands of marks or joiners) to this.
    public static let maxClusterBytes = 21

    /// Scalars terminals do not draw as one cell of any agreed width, which
    /// the engine therefore never writes (``TextSegmenter`` shows U+FFFD):
    /// - U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (zero width
    ///   and joined to the cell before in xterm and pyte, dropped by tmux);
    /// - noncharacters, U+FDD0–U+FDEF and U+xFFFE/U+xFFFF in every plane
    ///   (one column in pyte, none in tmux);
    /// - prepended concatenation marks, U+0600–U+0605, U+06DD, U+070F,
    ///   U+0890–U+0891, U+08E2, U+110BD, U+110CD: a grapheme cluster joins
    ///   them to the next character, terminals draw them as a cell of their
    ///   own, so the rest of the row shifts.
    @inline(__always)
    public static func isUndrawable(_ v: UInt32) -> Bool {
        switch v {
        case 0x2028, 0x2029, 0xFDD0...0xFDEF: return true
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return true
        default: return v & 0xFFFE == 0xFFFE && v <= 0x10FFFF
        }
    }

    /// The widest a terminal may draw a cluster: every scalar at its own
    /// width, joining nothing (emoji modifiers and regional indicators at
    /// 2), as pyte and tmux 3.3a draw skin-tone sequences and pyte flags and
    /// ZWJ sequences. The writer uses it for disputed clusters: never where
    /// that rendering would wrap, and the cells it could cover are rewritten.
    public static func widestRendering<S: Sequence>(scalars: S) -> Int where S.Element == UInt32 {
        var total = 0
        for v in scalars {
            total += isRegionalIndicator(v) || isSkinToneModifier(v) ? 2 : scalarWidth(v)
        }
        return total
    }

    /// The width of one scalar on its own, from libunistring; 0...2.
    ///
    /// Printable ASCII never calls into C. Controls report 0 here; text
    /// sanitising replaces them before they reach a cell.
    @inline(__always)
    public static func scalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || value == 0x7F { return 0 }
        let w = uc_width(ucs4_t(value), "UTF-8")
        return w < 0 ? 0 : Int(min(w, 2))
    }

    /// Whether a single wide scalar is one terminals may draw narrow: wide
    /// characters outside the long-settled East Asian blocks (Hangul Jamo,
    /// CJK radicals through Yi, Hangul syllables, compatibility ideographs,
    /// vertical and fullwidth forms, the supplementary ideographic planes) —
    /// mostly emoji, whose widths changed across Unicode versions.
    @inline(__always)
    public static func isUncertainWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return false
        default:
            return true
        }
    }

    /// Whether the widest rendering of a cluster of `width` columns puts a
    /// glyph across the cell's right edge: a narrow base with a skin tone
    /// (☝🏻: the hand in one column, the tone in the next two) is 2
    /// columns to us, 1 + 2 to pyte and tmux 3.3a, so whatever is written
    /// in the third column cuts the tone's glyph in half (tmux then holds
    /// half a wide character). Such a cluster is drawn as U+FFFD and a
    /// blank instead. A rendering no wider than `width` never splits.
    public static func widestRenderingSplitsCell<S: Sequence>(scalars: S, width: Int) -> Bool
        where S.Element == UInt32
    {
        var edge = 0
        var aligned = false
        for v in scalars {
            edge += isRegionalIndicator(v) || isSkinToneModifier(v) ? 2 : scalarWidth(v)
            if edge == width { aligned = true }
        }
        return edge > width && !aligned
    }

    /// The widest a terminal may draw a one-scalar cell of `width`: a lone
    /// regional indicator is one column to libunistring and tmux, two to pyte.
    @inline(__always)
    public static func widestRendering(scalar v: UInt32, width: Int) -> Int {
        isRegionalIndicator(v) ? 2 : width
    }

    /// Measures a cluster given as its scalar values in order.
    public static func measure<S: Sequence>(scalars: S) -> Measure where S.Element == UInt32 {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return Measure(width: 0, isUncertain: false) }
        var width = scalarWidth(base)
        // A lone regional indicator, or a wide scalar outside the settled
        // East Asian blocks (emoji), whatever marks follow it.
        var uncertain = isRegionalIndicator(base) || (width == 2 && isUncertainWide(base))
        let baseWidth = width
        var previousWasRegional = isRegionalIndicator(base)
        var sawJoiner = false
        // What made the cluster disputed (its ``DisputedClass``), bit by
        // bit: VS16, a flag, a skin tone, a keycap.
        var marks: UInt8 = 0
        while let v = iterator.next() {
            if v == combiningEnclosingKeycap { marks |= 8 }
            if v == variationSelector16 {
                // Emoji presentation widens only a base that can be an emoji
                // (❤ U+2764, a keycap digit); after "a" it selects nothing.
                if uc_is_property_emoji(ucs4_t(base)) {
                    width = 2
                    marks |= 1
                }
                uncertain = true
            } else if v == zeroWidthJoiner {
                sawJoiner = true
                uncertain = true
            } else if isRegionalIndicator(v) && previousWasRegional {
                width = 2
                uncertain = true
                marks |= 2
            } else if isSkinToneModifier(v) {
                // An emoji modifier sequence draws as one emoji, even on a
                // text-default base such as ☝ (U+261D).
                width = 2
                uncertain = true
                marks |= 4
            } else if sawJoiner && scalarWidth(v) == 2 {
                // An emoji joined to the base: the sequence draws as one wide glyph.
                width = 2
            } else if v == variationSelector15 {
                uncertain = true
            } else if width == 0 {
                // The base draws nothing (a Prepend such as U+0600): the first
                // spacing scalar after it is what shows.
                width = scalarWidth(v)
            }
            previousWasRegional = isRegionalIndicator(v)
        }
        guard uncertain else { return Measure(width: width, isUncertain: false) }
        // Disputed: the terminal's measured width for the class, if it was
        // measured at a width a cell can take, settles it.
        let kind: DisputedClass?
        if sawJoiner {
            kind = width == 2 ? .zeroWidthJoinerSequence : nil
        } else if marks & 2 != 0 {
            kind = .flag
        } else if marks & 4 != 0 {
            kind = .skinTone
        } else if marks & 8 != 0 && marks & 1 != 0 {
            kind = .keycap
        } else if baseWidth == 2 && isUncertainWide(base) {
            kind = .emojiPresentation
        } else if marks & 1 != 0 {
            kind = .emojiVariation
        } else {
            kind = nil
        }
        if let kind, let columns = measuredOverride(kind) { return Measure(width: columns, isUncertain: false) }
        return Measure(width: width, isUncertain: true)
    }

    /// The class of disputed width a cluster belongs to, nil for one whose
    /// width terminals agree on (or one of no class: a lone regional
    /// indicator, a VS15 sequence).
    public static func disputedClass<S: Sequence>(of scalars: S) -> DisputedClass? where S.Element == UInt32 {
        let all = Array(scalars)
        guard let base = all.first else { return nil }
        if all.count == 1 {
            return scalarWidth(base) == 2 && isUncertainWide(base) ? .emojiPresentation : nil
        }
        let table = MeasuredWidths()
        return $scopedWidths.withValue(table) {
            // Measured with nothing settled: disputed or not by the engine's rule.
            guard measure(scalars: all).isUncertain else { return nil }
            for kind in DisputedClass.allCases where kind != .eastAsianAmbiguous {
                var probe = MeasuredWidths()
                probe[kind] = 1
                let settled = $scopedWidths.withValue(probe) { measure(scalars: all) }
                if !settled.isUncertain { return kind }
            }
            return nil
        }
    }

    /// Measures a cluster given as a `String` (or anything with Unicode scalars).
    public static func measure(_ cluster: Substring) -> Measure {
        measure(scalars: cluster.unicodeScalars.lazy.map { $0.value })
    }

    /// The total width of `text`, cluster by cluster, after sanitising
    /// control characters the way ``CellBuffer`` draws them.
    public static func width(of text: String) -> Int {
        var total = 0
        TextSegmenter.forEachCluster(in: text) { cluster in total += cluster.width }
        return total
    }
}
