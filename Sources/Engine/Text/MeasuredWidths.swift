import Synchronization

extension GraphemeWidth {
    /// The kinds of grapheme clusters terminals draw at different widths.
    /// Each is measured in the terminal with one representative cluster
    /// (``representative``), and the width it reports stands for the class
    /// (``MeasuredWidths``).
    public enum DisputedClass: Int, CaseIterable, Sendable {
        /// Emoji that are emoji by default: 😀 (Unicode 6) and 🫠 (Unicode 14),
        /// measured together, since terminals with older tables draw only the
        /// newer one narrow.
        case emojiPresentation = 0
        /// A character that is text by default made an emoji by VS16: ❤️
        /// (U+2764 U+FE0F).
        case emojiVariation = 1
        /// A keycap: 1️⃣ (U+0031 U+FE0F U+20E3).
        case keycap = 2
        /// A flag, a pair of regional indicators: 🇯🇵.
        case flag = 3
        /// An emoji with a skin-tone modifier: 👍🏽.
        case skinTone = 4
        /// Emoji joined with ZWJ (U+200D): 👩‍💻.
        case zeroWidthJoinerSequence = 5
        /// East Asian Ambiguous width (○ U+25CB): one column, two in terminals
        /// set up for CJK text. Measured and reported, never applied: box
        /// drawing, arrows and most punctuation are ambiguous too, so a
        /// terminal drawing them wide breaks every border the engine draws.
        case eastAsianAmbiguous = 6

        /// The text the terminal is asked to draw for this class.
        public var representative: String {
            switch self {
            case .emojiPresentation: "\u{1F600}\u{1FAE0}"
            case .emojiVariation: "\u{2764}\u{FE0F}"
            case .keycap: "1\u{FE0F}\u{20E3}"
            case .flag: "\u{1F1EF}\u{1F1F5}"
            case .skinTone: "\u{1F44D}\u{1F3FD}"
            case .zeroWidthJoinerSequence: "\u{1F469}\u{200D}\u{1F4BB}"
            case .eastAsianAmbiguous: "\u{25CB}"
            }
        }

        /// How many clusters ``representative`` holds (the emoji pair is two):
        /// the measured columns are divided by this.
        public var representativeCount: Int { self == .emojiPresentation ? 2 : 1 }

        /// The class's name in ``MeasuredWidths``' cache files.
        var key: String {
            switch self {
            case .emojiPresentation: "emoji-presentation"
            case .emojiVariation: "emoji-variation"
            case .keycap: "keycap"
            case .flag: "flag"
            case .skinTone: "skin-tone"
            case .zeroWidthJoinerSequence: "zwj-sequence"
            case .eastAsianAmbiguous: "east-asian-ambiguous"
            }
        }
    }

    /// The terminal's measured widths (set by ``TerminalHost`` from its
    /// start-up probe or its cache), process-wide: one terminal per process.
    private static let terminalWidthBits = Atomic<UInt32>(0)

    /// A table for the current task only (``withMeasuredWidths(_:_:)``),
    /// which outranks the process's.
    @TaskLocal static var scopedWidths: MeasuredWidths?

    /// The widths in force: the current task's (``withMeasuredWidths(_:_:)``)
    /// if it set one, else what the running terminal was measured to draw
    /// (empty before it answers, and without a terminal). Consulted only for
    /// clusters whose width is disputed, never for ASCII.
    public static var measuredWidths: MeasuredWidths {
        scopedWidths ?? MeasuredWidths(bits: terminalWidthBits.load(ordering: .relaxed))
    }

    /// Sets the running terminal's widths (the host does, from its probe).
    /// Text measured before keeps its old widths until laid out again.
    static func setTerminalWidths(_ widths: MeasuredWidths) {
        terminalWidthBits.store(widths.bits, ordering: .relaxed)
    }

    /// Runs `body` with `widths` as the measured widths of the current task
    /// (and the tasks it starts): what tests and tools use to measure text as
    /// a given terminal draws it, without touching the process's table.
    public static func withMeasuredWidths<R>(_ widths: MeasuredWidths, _ body: () throws -> R) rethrows -> R {
        try $scopedWidths.withValue(widths, operation: body)
    }

    /// The width the measured table gives an uncertain cluster of `kind`
    /// (nil: the engine's rule stands, and the cluster stays uncertain).
    /// Only 1 and 2 can be taken: a cell is at most two columns, and a
    /// terminal that draws a class wider (a ZWJ sequence as one glyph per
    /// emoji) is handled by the writer's re-anchoring instead.
    @inline(never)
    static func measuredOverride(_ kind: DisputedClass) -> Int? {
        guard kind != .eastAsianAmbiguous, let columns = measuredWidths[kind], columns == 1 || columns == 2 else {
            return nil
        }
        return columns
    }
}

/// How wide a terminal draws each ``GraphemeWidth/DisputedClass``, as it
/// answered when asked (``TerminalHost`` measures it at start and caches it
/// per terminal on disk; see <doc:TerminalProtocols>).
///
/// A class measured at 1 or 2 columns takes that width in the engine's
/// layout, and its clusters are no longer disputed: the writer prints them
/// without re-anchoring the cursor. A class not measured, or measured wider
/// than a cell can be (a ZWJ sequence drawn as one glyph per emoji), keeps
/// the engine's rule (``GraphemeWidth``) and stays disputed.
public struct MeasuredWidths: Hashable, Sendable, CustomStringConvertible {
    /// Three bits a class, in ``GraphemeWidth/DisputedClass/rawValue`` order:
    /// 0 not measured, else the columns (1…7).
    var bits: UInt32

    init(bits: UInt32) { self.bits = bits }

    /// A table with nothing measured.
    public init() { bits = 0 }

    /// The columns the terminal draws a cluster of `kind` in, 1…7; nil
    /// where not measured. Setting a value outside 1…7 (or nil) clears it.
    public subscript(_ kind: GraphemeWidth.DisputedClass) -> Int? {
        get {
            let v = Int(bits >> (3 * UInt32(kind.rawValue)) & 7)
            return v == 0 ? nil : v
        }
        set {
            let shift = 3 * UInt32(kind.rawValue)
            bits &= ~(7 << shift)
            if let v = newValue, (1...7).contains(v) { bits |= UInt32(v) << shift }
        }
    }

    /// Nothing measured.
    public var isEmpty: Bool { bits == 0 }

    public var description: String {
        let parts = GraphemeWidth.DisputedClass.allCases.compactMap { kind in self[kind].map { "\(kind.key)=\($0)" } }
        return "MeasuredWidths(\(parts.joined(separator: ", ")))"
    }
}
