/// The escape sequences that set and reset the terminal's modes, and the
/// queries the session asks at start, each named with its source
/// (xterm's ctlseqs; the kitty keyboard protocol).
enum TerminalModes {
    /// DECSET 1049: save the cursor, switch to the alternate screen, clear it.
    static let enterAlternateScreen = "\u{1B}[?1049h"
    /// DECRST 1049: back to the normal screen, cursor restored.
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// DECTCEM reset / set: hide / show the cursor.
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    /// DECSET / DECRST 2004: bracketed paste.
    static let enableBracketedPaste = "\u{1B}[?2004h"
    static let disableBracketedPaste = "\u{1B}[?2004l"
    /// DECSET / DECRST 1004: focus in/out reports.
    static let enableFocusEvents = "\u{1B}[?1004h"
    static let disableFocusEvents = "\u{1B}[?1004l"
    /// Mouse: 1000 presses and releases, 1002 drags, 1003 all motion, 1006 SGR coordinates.
    static let enableMouseButtons = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    static let enableMouseAllMotion = "\u{1B}[?1000h\u{1B}[?1003h\u{1B}[?1006h"
    static let disableMouse = "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
    /// Kitty keyboard protocol: push flags 1 (disambiguate escape codes) / pop.
    static let pushKittyKeyboard = "\u{1B}[>1u"
    static let popKittyKeyboard = "\u{1B}[<u"
    /// SGR 0: default rendition.
    static let resetRendition = "\u{1B}[0m"
    /// DECRST 2026: end a synchronized update (in case one was cut short).
    static let endSynchronizedUpdate = "\u{1B}[?2026l"

    /// DECRQM 2026: is synchronized output supported?
    static let querySynchronizedOutput = "\u{1B}[?2026$p"
    /// Kitty keyboard protocol: the current flags (answered only by terminals that support it).
    static let queryKittyKeyboard = "\u{1B}[?u"
    /// DSR 6: report the cursor position (CPR).
    static let queryCursorPosition = "\u{1B}[6n"
    /// DA1: every VT100-compatible terminal answers, after everything asked before it.
    static let queryPrimaryAttributes = "\u{1B}[c"
    /// OSC 10 / OSC 11 with `?`: the default foreground / background colour
    /// (xterm; answered `OSC 1x ; rgb:R/G/B` with the same terminator, ST here).
    static let queryForegroundColor = "\u{1B}]10;?\u{1B}\\"
    static let queryBackgroundColor = "\u{1B}]11;?\u{1B}\\"
    /// DECRQM 2031: does the terminal report colour scheme changes (contour's mode)?
    static let queryColorSchemeReports = "\u{1B}[?2031$p"
    /// DSR 996: the colour scheme now (`CSI ? 997 ; 1|2 n`).
    static let queryColorScheme = "\u{1B}[?996n"
    /// DECSET / DECRST 2031: report colour scheme changes unasked.
    static let enableColorSchemeReports = "\u{1B}[?2031h"
    static let disableColorSchemeReports = "\u{1B}[?2031l"
    /// DECRQM 2048: in-band resize reports?
    static let queryInBandResize = "\u{1B}[?2048$p"
    /// DECSET / DECRST 2048: report every resize as `CSI 48 ; rows ; columns ; height ; width t`.
    static let enableInBandResize = "\u{1B}[?2048h"
    static let disableInBandResize = "\u{1B}[?2048l"
    /// DECRQM 2027: grapheme clustering (the terminal measures clusters whole)?
    static let queryGraphemeClustering = "\u{1B}[?2027$p"
    /// DECSET / DECRST 2027: grapheme clustering on / off.
    static let enableGraphemeClustering = "\u{1B}[?2027h"
    static let disableGraphemeClustering = "\u{1B}[?2027l"

    /// Whether a DECRPM value says a mode can be set or reset (1 set, 2 reset).
    static func settable(_ value: Int) -> Bool { value == 1 || value == 2 }

    /// What the terminal has said so far (the alternate screen's answers
    /// arrive after the first frame).
    struct Support {
        var synchronizedOutput = false
        var kittyKeyboard = false
        /// Mode 2031 can be set: theme changes are reported.
        var colorSchemeReports = false
        /// Mode 2048 can be set: resizes are reported in-band, with pixels.
        var inBandResize = false
        /// Mode 2027 can be set: the terminal measures grapheme clusters whole.
        var graphemeClustering = false
        /// The cursor's row (0-based) when the session started, if reported.
        var cursorRow: Int?
        /// DA1 arrived: the terminal answered everything it will answer.
        var answered = false
    }

    /// The bytes that set the modes `options` asks for (and `support`
    /// allows), and the bytes that undo exactly those, in reverse order.
    static func sequences(for options: TerminalOptions, support: Support) -> (enter: String, leave: String) {
        var enter: [String] = []
        var leave: [String] = []
        func set(_ on: String, _ off: String) {
            enter.append(on)
            leave.insert(off, at: 0)
        }
        if options.screen == .alternate { set(enterAlternateScreen, leaveAlternateScreen) }
        set(hideCursor, showCursor)
        if options.bracketedPaste { set(enableBracketedPaste, disableBracketedPaste) }
        if options.focusEvents { set(enableFocusEvents, disableFocusEvents) }
        switch options.mouse {
        case .off: break
        case .buttons: set(enableMouseButtons, disableMouse)
        case .allMotion: set(enableMouseAllMotion, disableMouse)
        }
        for mode in supportedModes(for: options, support: support) { set(mode.on, mode.off) }
        // Whatever a frame cut short left behind: the pen (and a synchronized update).
        var undo = resetRendition
        if support.synchronizedOutput { undo = endSynchronizedUpdate + undo }
        return (enter.joined(), undo + leave.joined())
    }

    /// The modes set only where the terminal said it has them, in the
    /// order they are set: what an answer that comes after the first frame
    /// turns on (``TerminalHost``'s `applySupport`).
    static func supportedModes(for options: TerminalOptions, support: Support) -> [(on: String, off: String)] {
        var modes: [(on: String, off: String)] = []
        if options.enhancedKeyboard && support.kittyKeyboard { modes.append((pushKittyKeyboard, popKittyKeyboard)) }
        if support.colorSchemeReports { modes.append((enableColorSchemeReports, disableColorSchemeReports)) }
        if support.inBandResize { modes.append((enableInBandResize, disableInBandResize)) }
        if support.graphemeClustering { modes.append((enableGraphemeClustering, disableGraphemeClustering)) }
        return modes
    }
}
