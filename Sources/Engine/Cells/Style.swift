/// Text attributes a terminal can draw (SGR 1, 2, 3, 4, 5, 7, 9, 53).
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
    /// A line above the text (SGR 53, off 55; ECMA-48's "overlined").
    /// Terminals that lack it ignore the code.
    public static let overline = TextAttributes(rawValue: 1 << 7)

    /// Every attribute, in SGR order, with its on code.
    static let all: [(TextAttributes, UInt8)] = [
        (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.blink, 5), (.reverse, 7), (.strikethrough, 9),
        (.overline, 53),
    ]

    /// Attributes that change how a blank cell looks (the others only affect glyphs).
    public static let visibleOnBlank: TextAttributes = [.underline, .reverse, .strikethrough, .overline]
}

/// How an underline is drawn: the sub-parameter of SGR `4:n` (kitty's and
/// VTE's extension, which most current terminals share).
///
/// Where the terminal is not known to draw styled underlines
/// (``TerminalCapabilities/styledUnderlines``), every style is written as a
/// plain underline (SGR 4).
public enum UnderlineStyle: UInt8, Hashable, Sendable, CaseIterable {
    /// One straight line (SGR 4, or 4:1).
    case single = 1
    /// Two lines (SGR 4:2).
    case double = 2
    /// A wavy line, as spell checkers draw (SGR 4:3).
    case curly = 3
    /// A dotted line (SGR 4:4).
    case dotted = 4
    /// A dashed line (SGR 4:5).
    case dashed = 5
}

/// Identifies a hyperlink target interned in a ``StyleTable``
/// (``StyleTable/linkID(for:)``); `0` is "no link".
public typealias LinkID = UInt32

/// How a cell is drawn: foreground, background, attributes, the
/// underline's style and colour, and the hyperlink the cell belongs to.
///
/// Styles are interned in a ``StyleTable``; cells hold a ``StyleID``, so
/// what a style carries costs the 8-byte cell nothing.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes
    /// The underline's colour (bits 32–63), the underline's style (29–31)
    /// and the link (0–28), in one word: a style is passed down the whole
    /// tree as it paints, and four scalars travel cheaper than six.
    private var decoration: UInt64

    /// The decoration of a style that sets none: a single underline style,
    /// default underline colour, no link.
    private static let plainDecoration = UInt64(UnderlineStyle.single.rawValue) << 29

    /// Link ids fit in 29 bits (``StyleTable/linkID(for:)`` hands out far fewer).
    static let linkMask: UInt64 = (1 << 29) - 1

    /// How the underline is drawn while ``attributes`` has `.underline`
    /// (otherwise it draws nothing).
    public var underlineStyle: UnderlineStyle {
        @inline(__always) get { UnderlineStyle(rawValue: UInt8(truncatingIfNeeded: decoration >> 29 & 7)) ?? .single }
        @inline(__always) set { decoration = decoration & ~(7 << 29) | UInt64(newValue.rawValue) << 29 }
    }

    /// The underline's colour (SGR 58; `.default`, SGR 59, follows the text).
    public var underlineColor: Color {
        @inline(__always) get { Color(bits: UInt32(truncatingIfNeeded: decoration >> 32)) }
        @inline(__always) set { decoration = decoration & 0xFFFF_FFFF | UInt64(newValue.bits) << 32 }
    }

    /// The hyperlink (OSC 8) the cell belongs to, interned in the style
    /// table (``StyleTable/linkID(for:)``); `0` for none.
    public var link: LinkID {
        @inline(__always) get { LinkID(truncatingIfNeeded: decoration & Style.linkMask) }
        @inline(__always) set { decoration = decoration & ~Style.linkMask | UInt64(newValue) & Style.linkMask }
    }

    @inline(__always)
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = [],
                underlineStyle: UnderlineStyle = .single, underlineColor: Color = .default, link: LinkID = 0) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        decoration = UInt64(underlineColor.bits) << 32 | UInt64(underlineStyle.rawValue) << 29
            | UInt64(link) & Style.linkMask
    }

    /// Two 64-bit words, as cheap to hash as the three fields a style had
    /// before it carried decorations (the style table hashes on every
    /// intern). Equal styles hash equal.
    @inline(__always)
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(foreground.bits) << 32 | UInt64(background.bits))
        // The attributes xored into the top byte (mostly a colour's kind, 0–3).
        hasher.combine(decoration ^ UInt64(attributes.rawValue) << 56)
    }

    /// Whether the style sets anything beyond colours and attributes drawn
    /// with one-digit codes: an underline style or colour, an overline, a
    /// link. The writer's common path tests this once.
    @inline(__always)
    var hasDecorations: Bool { decoration != Style.plainDecoration || attributes.contains(.overline) }

    /// The terminal's default rendition (SGR 0).
    public static let plain = Style()
}

/// A handle to an interned ``Style``; `0` is always ``Style/plain``.
public typealias StyleID = UInt32
