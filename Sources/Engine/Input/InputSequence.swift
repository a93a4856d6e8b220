/// The bytes terminals send as input, each named with where it is specified.
///
/// ECMA-48 (5th edition) defines the framing; xterm's "Control Sequences"
/// (ctlseqs) defines the keys, mouse, focus and paste; the kitty keyboard
/// protocol (kitty `docs/keyboard-protocol.rst`) defines `CSI … u` keys.
/// ``InputDecoder`` reads these and ``KeyPress/terminalBytes(keyboard:)``
/// writes them.
enum InputSequence {
    // MARK: C0 controls (ECMA-48 5.2, 8.3)

    /// NUL: Ctrl-Space (and Ctrl-@, Ctrl-2) on every terminal.
    static let nul: UInt8 = 0x00
    /// BEL (ECMA-48 8.3.3): xterm's alternative terminator of OSC strings.
    static let bell: UInt8 = 0x07
    /// BS (8.3.5): Ctrl-H; Ctrl-Backspace on kitty, Windows Terminal and others.
    static let backspaceControl: UInt8 = 0x08
    /// HT: the Tab key (and Ctrl-I).
    static let tab: UInt8 = 0x09
    /// LF: Ctrl-J in raw mode (the Enter key sends CR).
    static let lineFeed: UInt8 = 0x0A
    /// CR: the Enter key (and Ctrl-M).
    static let carriageReturn: UInt8 = 0x0D
    /// CAN (8.3.6): cancels a control string in progress.
    static let cancel: UInt8 = 0x18
    /// SUB: cancels a control string in progress, like CAN.
    static let substitute: UInt8 = 0x1A
    /// ESC: the Escape key alone; the first byte of every escape sequence;
    /// before a key, Alt (xterm's `metaSendsEscape`).
    static let escape: UInt8 = 0x1B
    /// DEL: the Backspace key (xterm's and kitty's default `kbs`).
    static let delete: UInt8 = 0x7F

    // MARK: Second bytes after ESC (ECMA-48 5.3, the 7-bit forms of C1)

    /// CSI, control sequence introducer (8.3.16): ESC `[`.
    static let csi: UInt8 = 0x5B
    /// SS3, single shift three: ESC `O`. xterm sends cursor keys in
    /// application mode (DECCKM) and F1–F4 with it.
    static let ss3: UInt8 = 0x4F
    /// OSC, operating system command: ESC `]` (colour and clipboard replies).
    static let osc: UInt8 = 0x5D
    /// DCS, device control string (8.3.27): ESC `P` (XTGETTCAP, DECRQSS replies).
    static let dcs: UInt8 = 0x50
    /// SOS, start of string: ESC `X`.
    static let sos: UInt8 = 0x58
    /// PM, privacy message: ESC `^`.
    static let pm: UInt8 = 0x5E
    /// APC, application program command (8.3.2): ESC `_` (kitty graphics replies).
    static let apc: UInt8 = 0x5F
    /// The second byte of ST, string terminator: ESC `\`.
    static let stringTerminator: UInt8 = 0x5C

    // MARK: Control sequence final bytes and markers

    /// Cursor keys, xterm "PC-Style Function Keys": CSI/SS3 `A` up,
    /// `B` down, `C` right, `D` left, `H` home, `F` end; kitty sends
    /// `CSI 1 ; mods[:event] A` and so on.
    static let cursorUp: UInt8 = 0x41
    static let cursorDown: UInt8 = 0x42
    static let cursorRight: UInt8 = 0x43
    static let cursorLeft: UInt8 = 0x44
    static let cursorHome: UInt8 = 0x48
    static let cursorEnd: UInt8 = 0x46
    /// Keypad 5 without NumLock ("Begin"): CSI/SS3 `E`.
    static let keypadBegin: UInt8 = 0x45
    /// F1–F4: SS3 `P` `Q` `R` `S`, or `CSI 1 ; mods P` with modifiers.
    static let f1: UInt8 = 0x50
    /// CBT, cursor backward tabulation (ECMA-48 8.3.7): `CSI Z`, which
    /// xterm sends for Shift-Tab.
    static let backTab: UInt8 = 0x5A
    /// The final byte of VT220-style keys: `CSI number [; mods] ~`
    /// (Insert 2, Delete 3, PageUp 5, PageDown 6, F5 15 …), of
    /// modifyOtherKeys (`CSI 27 ; mods ; code ~`) and of the paste markers.
    static let tilde: UInt8 = 0x7E
    /// The final byte of kitty keyboard protocol keys (`CSI code … u`) and
    /// of its flags reply (`CSI ? flags u`).
    static let kittyKey: UInt8 = 0x75
    /// CPR, cursor position report (ECMA-48 8.3.14): `CSI row ; column R`
    /// (`CSI ? row ; column R` for DECXCPR).
    static let cursorPositionReport: UInt8 = 0x52
    /// DA, device attributes (8.3.24): the primary reply is `CSI ? … c`.
    static let deviceAttributes: UInt8 = 0x63
    /// DECRPM, report mode: `CSI ? mode ; value $ y` (DEC private) or
    /// `CSI mode ; value $ y` (ANSI). `$` is its intermediate byte.
    static let modeReport: UInt8 = 0x79
    static let dollar: UInt8 = 0x24
    /// Focus reporting (xterm mode 1004): `CSI I` gained, `CSI O` lost.
    static let focusIn: UInt8 = 0x49
    static let focusOut: UInt8 = 0x4F
    /// SGR mouse (xterm mode 1006): `CSI < button ; x ; y M` press or
    /// motion, `… m` release. `<` is its private marker. Without the
    /// marker, `CSI M` is followed by the three raw bytes of X10 mouse.
    static let mouseMarker: UInt8 = 0x3C
    static let mousePress: UInt8 = 0x4D
    static let mouseRelease: UInt8 = 0x6D
    /// The private marker of DEC replies: `?`.
    static let privateMarker: UInt8 = 0x3F
    /// DSR reply final `n`: `CSI ? 997 ; scheme n` (colour scheme, mode 2031).
    static let deviceStatusReport: UInt8 = 0x6E
    static let colorSchemeReport = 997
    /// Window report final `t`: `CSI 48 ; rows ; columns ; height ; width t` (in-band resize, mode 2048).
    static let windowReport: UInt8 = 0x74
    static let inBandResize = 48
    /// `CSI 4 ; height ; width t`: the text area in pixels (the answer to `CSI 14 t`).
    static let textAreaPixelsReport = 4
    /// `CSI 6 ; height ; width t`: a cell in pixels (the answer to `CSI 16 t`).
    static let cellPixelsReport = 6
    /// XTSMGRAPHICS, `CSI ? item ; status ; values S`.
    static let graphicsAttributes: UInt8 = 0x53
    /// The first byte of a kitty graphics APC string.
    static let kittyGraphics: UInt8 = 0x47
    /// Bracketed paste (xterm mode 2004): `CSI 200 ~` … `CSI 201 ~`.
    static let pasteStart = 200
    static let pasteEnd = 201
    /// xterm modifyOtherKeys: `CSI 27 ; mods ; code ~`.
    static let modifyOtherKeys = 27
    /// Linux console F1–F5: `CSI [ A` … `CSI [ E` (`[` as a final byte).
    static let linuxFunctionKey: UInt8 = 0x5B
    /// rxvt: `CSI a`…`d` Shift-arrows, `SS3 a`…`d` Ctrl-arrows, and the
    /// final bytes that replace `~` for modified keys: `$` Shift, `^`
    /// Control, `@` Control-Shift.
    static let rxvtControl: UInt8 = 0x5E
    static let rxvtControlShift: UInt8 = 0x40
}
