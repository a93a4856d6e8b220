/// How many colours a terminal can show.
public enum ColorLevel: Int, Comparable, Sendable, CaseIterable {
    /// No colour at all (`NO_COLOR`, `TERM=dumb`): attributes only.
    case none = 0
    /// The 16 ANSI colours (SGR 30–37, 90–97).
    case ansi16 = 1
    /// The xterm 256-colour palette (SGR 38;5;n).
    case palette256 = 2
    /// 24-bit colour (SGR 38;2;r;g;b).
    case truecolor = 3

    public static func < (a: ColorLevel, b: ColorLevel) -> Bool { a.rawValue < b.rawValue }
}

/// What the writer may assume about the terminal it writes to.
///
/// Output processing is assumed off (raw mode: `OPOST` clear), so LF moves
/// the cursor down without returning it; the host puts the tty in raw mode.
public struct TerminalCapabilities: Equatable, Sendable {
    /// Colours are down-sampled to this level.
    public var colors: ColorLevel
    /// REP (`CSI n b`, repeat the preceding graphic character) is understood.
    public var repeatCharacter: Bool
    /// Wrap every non-empty frame in synchronized output (DECSET 2026).
    public var synchronizedOutput: Bool
    /// Erase (EL, ECH) fills with the current background colour ("bce").
    /// When false, the writer erases only while the background is default.
    public var backgroundColorErase: Bool
    /// Scrolling regions and SU/SD/IL/DL may be used to move rows.
    public var scrolling: Bool
    /// DCH/ICH (delete and insert characters) may be used to move the rest
    /// of a row sideways. Every ECMA-48 terminal (VT102 on) has them.
    public var insertDeleteCharacter: Bool
    /// The terminal draws single emoji code points (😀, 🚀, and those of
    /// Unicode 14 such as 🫠) two columns wide, as the engine measures them.
    /// Otherwise — the default, since terminals with pre-Unicode-9 tables
    /// draw them one column wide — the writer re-anchors the cursor with an
    /// absolute move after each one it prints. ``TerminalHost`` finds this
    /// out at start on the alternate screen by printing two and asking
    /// where the cursor went. Emoji sequences (VS16, ZWJ, skin tones,
    /// flags) stay disputed either way.
    public var settledEmojiWidths: Bool
    /// Underline styles and colours (SGR `4:n`, `58`/`59`) are understood.
    /// Otherwise every underline is written as a plain one (SGR 4) and its
    /// colour is dropped: a terminal that does not read the colon
    /// sub-parameters may take `4:3` for underline and italic.
    public var styledUnderlines: Bool
    /// OSC 8 hyperlinks are understood. Otherwise links are not written at
    /// all (their text still is): some terminals print an OSC they do not
    /// know.
    public var hyperlinks: Bool
    /// How images are drawn (half blocks, or the kitty graphics protocol)
    /// and the cell's size in pixels, which sizes them.
    public var graphics: TerminalGraphics
    /// kitty's text sizing protocol (OSC 66) is understood: the writer
    /// prints each disputed cluster (emoji sequences, VS16, flags, skin
    /// tones) as `ESC ] 66 ; w=N ; cluster ESC \`, where N is the width the
    /// layout gave it, so the terminal draws it in exactly those cells and
    /// the cursor need not be re-anchored after it. ``TerminalHost`` turns
    /// it on where its start-up probe sees the protocol move the cursor
    /// (kitty 0.40 and later); off by default, since a terminal that does
    /// not know OSC 66 drops the cluster with it.
    public var textSizing: Bool
    /// The terminal's palette: colours are down-sampled to its nearest
    /// entries. xterm's until the terminal reports its own (OSC 4), which
    /// ``TerminalHost`` asks for at start on a terminal without truecolor.
    public var palette: TerminalPalette = .xterm

    public init(colors: ColorLevel = .truecolor, repeatCharacter: Bool = false,
                synchronizedOutput: Bool = false, backgroundColorErase: Bool = true, scrolling: Bool = true,
                insertDeleteCharacter: Bool = true, settledEmojiWidths: Bool = false,
                styledUnderlines: Bool = false, hyperlinks: Bool = false, graphics: TerminalGraphics = .halfBlocks,
                textSizing: Bool = false) {
        self.graphics = graphics
        self.textSizing = textSizing
        self.colors = colors
        self.repeatCharacter = repeatCharacter
        self.synchronizedOutput = synchronizedOutput
        self.backgroundColorErase = backgroundColorErase
        self.scrolling = scrolling
        self.insertDeleteCharacter = insertDeleteCharacter
        self.settledEmojiWidths = settledEmojiWidths
        self.styledUnderlines = styledUnderlines
        self.hyperlinks = hyperlinks
    }

    /// `style` as a terminal with these capabilities is sent it: colours
    /// down-sampled, an underline's style and colour dropped where styled
    /// underlines are not known (and its style, which draws nothing,
    /// normalized where there is no underline), the link dropped where
    /// hyperlinks are not known.
    public func drawable(_ style: Style) -> Style {
        var s = ColorDownsampler.downsample(style, to: colors, palette: palette)
        if !styledUnderlines {
            s.underlineStyle = .single
            s.underlineColor = .default
        } else if !s.attributes.contains(.underline) {
            s.underlineStyle = .single
        }
        if !hyperlinks { s.link = 0 }
        return s
    }

    /// An xterm-compatible terminal with truecolor; REP off (not every
    /// xterm-alike implements it).
    public static let xterm = TerminalCapabilities()

    /// Decides capabilities from the environment the way common tools do:
    /// `NO_COLOR` (any non-empty value) turns colour off; `COLORTERM` of
    /// `truecolor`/`24bit` gives truecolor; a `TERM` ending in `-256color`
    /// gives 256; `TERM=dumb` gives none; anything else 16. REP is assumed
    /// where `TERM` names xterm, tmux, screen's 256-colour variants, foot,
    /// kitty, alacritty or wezterm. Styled underlines and hyperlinks are
    /// assumed only where the terminal names itself as one that has them
    /// (``knowsStyledUnderlines(environment:)``, ``knowsHyperlinks(environment:)``);
    /// images use the kitty graphics protocol where
    /// ``TerminalGraphics/detect(environment:)`` finds it, half blocks otherwise.
    public static func detect(environment: [String: String]) -> TerminalCapabilities {
        let term = environment["TERM"] ?? ""
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        var level: ColorLevel
        if term == "dumb" {
            level = .none
        } else if colorterm == "truecolor" || colorterm == "24bit" || term.hasSuffix("-direct") {
            level = .truecolor
        } else if term.contains("256color") {
            level = .palette256
        } else {
            level = .ansi16
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { level = .none }
        let repTerms = ["xterm", "tmux", "foot", "kitty", "alacritty", "wezterm", "screen-256color"]
        let rep = repTerms.contains { term.hasPrefix($0) }
        return TerminalCapabilities(colors: level, repeatCharacter: rep, backgroundColorErase: term != "dumb",
                                    styledUnderlines: knowsStyledUnderlines(environment: environment),
                                    hyperlinks: knowsHyperlinks(environment: environment),
                                    graphics: .detect(environment: environment))
    }

    /// Terminals known to draw underline styles and colours: kitty, WezTerm,
    /// foot, Ghostty, iTerm2, VTE 0.52+ (GNOME Terminal and others,
    /// `VTE_VERSION` ≥ 5200), Konsole 22.08+, and tmux (3.0+; it passes them
    /// on where the outer terminal has them).
    public static func knowsStyledUnderlines(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return false }
        if ["xterm-kitty", "xterm-ghostty", "foot", "wezterm"].contains(where: { term.hasPrefix($0) }) { return true }
        if term.hasPrefix("tmux") || environment["TMUX"] != nil { return true }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["WezTerm", "ghostty", "iTerm.app"].contains(program) { return true }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5200 { return true }
        if let konsole = environment["KONSOLE_VERSION"].flatMap({ Int($0) }), konsole >= 220800 { return true }
        return false
    }

    /// Terminals known to understand OSC 8 hyperlinks: kitty, WezTerm, foot,
    /// Ghostty, iTerm2, VS Code, Windows Terminal (`WT_SESSION`), VTE 0.50+
    /// (`VTE_VERSION` ≥ 5000), Konsole, and tmux (3.3+ keeps them for the
    /// outer terminal).
    public static func knowsHyperlinks(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return false }
        if ["xterm-kitty", "xterm-ghostty", "foot", "wezterm"].contains(where: { term.hasPrefix($0) }) { return true }
        if term.hasPrefix("tmux") || environment["TMUX"] != nil { return true }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["WezTerm", "ghostty", "iTerm.app", "vscode"].contains(program) { return true }
        if environment["WT_SESSION"] != nil || environment["KONSOLE_VERSION"] != nil { return true }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        return false
    }
}
