extension Text {
    /// How a line under text is drawn: a pattern and a colour, as SwiftUI's
    /// `Text.LineStyle`.
    public struct LineStyle: Hashable, Sendable {
        /// The line's pattern.
        public var pattern: Pattern
        /// The line's colour; `nil` draws it in the text's colour.
        public var color: Color?

        /// A line style of `pattern` in `color` (`nil`: the text's colour).
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()

        /// The pattern of a line, as SwiftUI's `Text.LineStyle.Pattern`,
        /// drawn with a terminal's underline styles (SGR `4:n`):
        ///
        /// | pattern | drawn as |
        /// |---|---|
        /// | `.solid` | single (`4`) |
        /// | `.dot` | dotted (`4:4`) |
        /// | `.dash`, `.dashDot`, `.dashDotDot` | dashed (`4:5`): terminals have no dash-dot line |
        /// | `.double` (terminal only) | double (`4:2`) |
        /// | `.curly` (terminal only) | curly (`4:3`) |
        ///
        /// A terminal not known to draw underline styles
        /// (``TerminalCapabilities/styledUnderlines``) draws every pattern
        /// as a single line.
        public struct Pattern: Hashable, Sendable {
            /// The terminal underline style the pattern is drawn with.
            public let underlineStyle: UnderlineStyle

            init(_ underlineStyle: UnderlineStyle) { self.underlineStyle = underlineStyle }

            /// A solid line.
            public static let solid = Pattern(.single)
            /// A dotted line.
            public static let dot = Pattern(.dotted)
            /// A dashed line.
            public static let dash = Pattern(.dashed)
            /// Dashes and dots: drawn dashed, the nearest a terminal offers.
            public static let dashDot = Pattern(.dashed)
            /// Dashes and pairs of dots: drawn dashed, the nearest a terminal offers.
            public static let dashDotDot = Pattern(.dashed)
        }
    }
}

extension Text.LineStyle.Pattern {
    /// Two lines (SGR `4:2`). Not in SwiftUI, whose text has no double
    /// underline; terminals (kitty, VTE, WezTerm, foot, tmux) offer one.
    public static let double = Text.LineStyle.Pattern(.double)
    /// A wavy line (SGR `4:3`), as spell checkers mark a word. Not in
    /// SwiftUI; terminals offer it, and it is the usual mark of an error.
    public static let curly = Text.LineStyle.Pattern(.curly)
}
