/// The kitty keyboard protocol's progressive enhancements (kitty
/// `docs/keyboard-protocol.rst`, "Progressive enhancement"): what an app
/// asks for with `CSI = flags u` or `CSI > flags u`, and what the terminal
/// reports with `CSI ? flags u`.
public struct KittyKeyboardFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0b1: Escape, and keys with Alt or Control, as `CSI … u` instead of
    /// ambiguous legacy bytes; keypad keys as their own codes.
    public static let disambiguateEscapeCodes = KittyKeyboardFlags(rawValue: 1)
    /// 0b10: repeat and release events (`:2`, `:3` after the modifiers).
    public static let reportEventTypes = KittyKeyboardFlags(rawValue: 2)
    /// 0b100: the shifted key as an alternate (`CSI 97:65 ; 2 u`).
    public static let reportAlternateKeys = KittyKeyboardFlags(rawValue: 4)
    /// 0b1000: every key as an escape code, text keys, Enter, Tab and
    /// Backspace included.
    public static let reportAllKeysAsEscapeCodes = KittyKeyboardFlags(rawValue: 8)
    /// 0b10000: the text a key types, as code points in a third field.
    public static let reportAssociatedText = KittyKeyboardFlags(rawValue: 16)

    /// All five enhancements.
    public static let all: KittyKeyboardFlags = [
        .disambiguateEscapeCodes, .reportEventTypes, .reportAlternateKeys,
        .reportAllKeysAsEscapeCodes, .reportAssociatedText,
    ]
}
