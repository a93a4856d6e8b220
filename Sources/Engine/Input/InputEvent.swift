/// One thing that arrived from the terminal: a key, pasted text, the mouse,
/// focus, or a reply to a query the session made.
///
/// ``InputDecoder`` turns the bytes a terminal sends into these; the
/// terminal session routes ``reply(_:)`` to itself and everything else to
/// the app. Resizes do not come through the input stream (they are a
/// signal) and are delivered separately.
public enum InputEvent: Hashable, Sendable {
    /// A key press (or repeat or release, where the terminal reports them).
    /// Typed text arrives as one key event per grapheme cluster, with
    /// ``Key/character(_:)``.
    case key(KeyPress)
    /// Text pasted while bracketed paste was on: data, never keys.
    ///
    /// Line breaks are `\n` (CR LF and CR become LF), tabs are kept, other
    /// controls and escape sequences are removed, invalid UTF-8 is U+FFFD.
    /// A paste longer than ``InputDecoder/pasteChunkLength`` bytes arrives
    /// as several consecutive `.paste` events.
    case paste(String)
    /// A mouse button, motion or wheel event (SGR mouse reporting).
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// A terminal's answer to a query (never delivered to the app).
    case reply(TerminalReply)
}

/// A key, without modifiers.
///
/// Printable keys are ``character(_:)`` with the character they produce
/// (a grapheme cluster: `"a"`, `"A"`, `"é"`, `"👍🏽"`, `" "`). With Control,
/// letters are reported lowercase: Ctrl-C is `.character("c")` with
/// ``EventModifiers/control``. Shift-Tab ("back tab") is ``tab`` with
/// ``EventModifiers/shift``.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter
    case tab
    case backspace
    case escape
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case insert
    /// Delete forward (the key labelled Delete or Del).
    case delete
    /// F1 … F35.
    case function(Int)
}

/// Modifier keys held with a key or a mouse event.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = EventModifiers(rawValue: 1 << 0)
    /// Alt (Option). Legacy terminals send it as an ESC prefix.
    public static let option = EventModifiers(rawValue: 1 << 1)
    public static let control = EventModifiers(rawValue: 1 << 2)
    /// Super (Command, the Windows key), where the terminal reports it
    /// (kitty keyboard protocol).
    public static let command = EventModifiers(rawValue: 1 << 3)
    public static let hyper = EventModifiers(rawValue: 1 << 4)
    public static let meta = EventModifiers(rawValue: 1 << 5)
    public static let capsLock = EventModifiers(rawValue: 1 << 6)
    public static let numLock = EventModifiers(rawValue: 1 << 7)

    /// Another name for ``option``.
    public static let alt = option
}

/// A key event: the key, its modifiers and its phase.
public struct KeyPress: Hashable, Sendable {
    /// Whether the key went down, repeats or went up. Legacy terminals
    /// report only ``down``; the kitty keyboard protocol can report all.
    public enum Phase: Hashable, Sendable {
        case down
        case `repeat`
        case up
    }

    public var key: Key
    public var modifiers: EventModifiers
    public var phase: Phase

    public init(_ key: Key, modifiers: EventModifiers = [], phase: Phase = .down) {
        self.key = key
        self.modifiers = modifiers
        self.phase = phase
    }

    /// The characters the key types: the character of a ``Key/character(_:)``
    /// key pressed without Control, Option or Command; otherwise empty.
    public var characters: String {
        guard case .character(let c) = key, modifiers.isDisjoint(with: [.control, .option, .command]) else { return "" }
        return String(c)
    }
}

/// A mouse event, in 0-based cell coordinates of the terminal.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press
        case release
        /// Motion with a button held.
        case drag
        /// Motion with no button held (only when all-motion tracking is on).
        case move
        case scrollUp
        case scrollDown
        case scrollLeft
        case scrollRight
    }

    public enum Button: Hashable, Sendable {
        case none
        case left
        case middle
        case right
        /// Buttons 8–11 (back, forward, …): their X button number, 8…11
        /// (SGR button codes 128…131).
        case other(Int)
    }

    public var kind: Kind
    public var button: Button
    /// 0-based column.
    public var column: Int
    /// 0-based row.
    public var row: Int
    /// Shift, Option (Meta) and Control, as the terminal reports them.
    public var modifiers: EventModifiers

    public init(kind: Kind, button: Button, column: Int, row: Int, modifiers: EventModifiers = []) {
        self.kind = kind
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

/// A terminal's answer to a query; the session uses them, the app never sees them.
public enum TerminalReply: Hashable, Sendable {
    /// DA1, primary device attributes (`CSI ? 62 ; 22 c`): the parameters.
    /// Sent last after other queries, it tells that the terminal has
    /// answered everything it is going to answer.
    case primaryDeviceAttributes([Int])
    /// DECRPM, a report of a (DEC private when `isPrivate`) mode:
    /// `CSI ? mode ; value $ y`. Value 0 not recognised, 1 set, 2 reset,
    /// 3 permanently set, 4 permanently reset.
    case modeReport(mode: Int, value: Int, isPrivate: Bool)
    /// CPR, cursor position report (`CSI row ; column R`), 1-based as sent.
    case cursorPosition(row: Int, column: Int)
    /// The kitty keyboard protocol's current flags (`CSI ? flags u`).
    case keyboardFlags(Int)
    /// A colour the terminal reported (`OSC code ; rgb:R/G/B` ended by BEL
    /// or ST): code 10 the default foreground, 11 the default background.
    /// Each channel is scaled to 16 bits from the 1–4 hex digits sent
    /// (`f` and `ffff` are both 65535).
    case color(code: Int, red: UInt16, green: UInt16, blue: UInt16)
    /// A colour of the terminal's palette (`OSC 4 ; index ; rgb:R/G/B`
    /// ended by BEL or ST), the answer to `OSC 4 ; index ; ?`: `index`
    /// 0…255 (0–15 the ANSI colours), each channel scaled to 16 bits as in
    /// ``color(code:red:green:blue:)``.
    case paletteColor(index: Int, red: UInt16, green: UInt16, blue: UInt16)
    /// The terminal's colour scheme (contour's mode 2031,
    /// `CSI ? 997 ; 1 n` dark, `CSI ? 997 ; 2 n` light): the answer to
    /// `CSI ? 996 n`, and sent unasked on a theme change while the mode is set.
    case colorScheme(isDark: Bool)
    /// In-band resize (mode 2048, `CSI 48 ; rows ; columns ; height ;
    /// width t`): the window in cells, and in pixels (0 where unknown).
    case windowSize(rows: Int, columns: Int, pixelHeight: Int, pixelWidth: Int)
    /// The clipboard's text (`OSC 52 ; c ; base64` ended by BEL or ST), the
    /// answer to `OSC 52 ; c ; ?`; at most
    /// ``InputDecoder/maximumClipboardReplyLength`` bytes of reply are read.
    case clipboard(String)
    /// The kitty graphics protocol's answer to a command (`ESC _ G
    /// i=<id> ; <message> ESC \`): the image id it was about, and `OK`
    /// or an error such as `ENOENT:…` (printable ASCII; a reply longer
    /// than 64 bytes is dropped).
    case kittyGraphics(id: Int, message: String)
    /// XTSMGRAPHICS's answer (`CSI ? item ; status ; values S`): item 1
    /// the sixel colour registers, 2 the sixel geometry, 3 ReGIS; status 0
    /// success, 1 an unknown item, 2 an unknown action, 3 failure.
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// The size of a cell in pixels, the answer to `CSI 16 t`
    /// (`CSI 6 ; height ; width t`).
    case cellPixelSize(width: Int, height: Int)
    /// The size of the text area in pixels, the answer to `CSI 14 t`
    /// (`CSI 4 ; height ; width t`).
    case textAreaPixelSize(width: Int, height: Int)
}
