/// Text attributes a terminal can draw (SGR 1, 2, 3, 4, 5, 7, 9).
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inline(__always) public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let blink = TextAttributes(rawValue: 1 << 4)
    public static let reverse = TextAttributes(rawValue: 1 << 5)
    public static let strikethrough = TextAttributes(rawValue: 1 << 6)

    /// Every attribute, in SGR order, with its on code.
    static let all: [(TextAttributes, UInt8)] = [
        (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.blink, 5), (.reverse, 7), (.strikethrough, 9),
    ]

    /// Attributes that change how a blank cell looks (the others only affect glyphs).
    public static let visibleOnBlank: TextAttributes = [.underline, .reverse, .strikethrough]
}

/// How a cell is drawn: foreground, background and attributes.
///
/// Styles are interned in a ``StyleTable``; cells hold a ``StyleID``.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    @inline(__always)
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default rendition (SGR 0).
    public static let plain = Style()
}

/// A handle to an interned ``Style``; `0` is always ``Style/plain``.
public typealias StyleID = UInt32
