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
    /// CUP home.
    static let cursorHome = "\u{1B}[H"
    /// SGR 8: concealed text (drawn as blanks; the cursor still moves).
    static let conceal = "\u{1B}[8m"
    /// Printed from column 1 to see how wide the terminal draws emoji: 😀
    /// (U+1F600, wide since Unicode 9) and 🫠 (U+1FAE0, Unicode 14).
    static let emojiWidthProbe = "\u{1F600}\u{1FAE0}"
    /// Where the cursor ends (1-based) when both are two columns wide.
    static let emojiWidthProbeColumn = 5
    /// DA1: every VT100-compatible terminal answers, after everything asked before it.
    static let queryPrimaryAttributes = "\u{1B}[c"

    /// What the terminal has said so far (the alternate screen's answers
    /// arrive after the first frame).
    struct Support {
        var synchronizedOutput = false
        var kittyKeyboard = false
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
        if options.enhancedKeyboard && support.kittyKeyboard { set(pushKittyKeyboard, popKittyKeyboard) }
        // Whatever a frame cut short left behind: the pen (and a synchronized update).
        var undo = resetRendition
        if support.synchronizedOutput { undo = endSynchronizedUpdate + undo }
        return (enter.joined(), undo + leave.joined())
    }
}
