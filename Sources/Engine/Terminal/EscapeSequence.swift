/// The escape sequences the writer emits, each named with its standard.
///
/// Parameterised sequences are assembled by the writer (CSI, decimal
/// parameters, final byte); the constants here are the fixed ones and the
/// final bytes.
enum EscapeSequence {
    /// Control Sequence Introducer, ECMA-48 5.4: ESC [.
    static let csi: StaticString = "\u{1B}["
    /// CR, carriage return (ECMA-48 8.3.15): column 0.
    static let carriageReturn: UInt8 = 0x0D
    /// LF, line feed (ECMA-48 8.3.74): down one row; with output processing off, the column stays.
    static let lineFeed: UInt8 = 0x0A
    /// BS, backspace (ECMA-48 8.3.5): left one column.
    static let backspace: UInt8 = 0x08
    /// RI, reverse index (ECMA-48 8.3.104): up one row (scrolls only at the top margin).
    static let reverseIndex: StaticString = "\u{1B}M"
    /// CUP with no parameters, ECMA-48 8.3.21: home.
    static let cursorHome: StaticString = "\u{1B}[H"
    /// ED 2, ECMA-48 8.3.39: erase the whole display (fills with the current background).
    static let eraseDisplay: StaticString = "\u{1B}[2J"
    /// ED 0, ECMA-48 8.3.39: erase from the cursor to the end of the display.
    static let eraseBelow: StaticString = "\u{1B}[J"
    /// EL 0, ECMA-48 8.3.41: erase from the cursor to the end of the line.
    static let eraseLine: StaticString = "\u{1B}[K"
    /// DECSTBM with no parameters: scrolling region back to the whole screen (homes the cursor).
    static let resetScrollRegion: StaticString = "\u{1B}[r"
    /// What a forced full redraw sends before it clears, to undo modes
    /// another program may have left set that the writer relies on being
    /// off (or on). In order:
    /// - SCS `ESC ( B`: designate US ASCII as G0 (ECMA-35; DEC STD 070), so a
    ///   DEC Special Graphics G0 (`ESC ( 0`) no longer turns `q` into `─`;
    /// - SI (LS0, ECMA-48 8.3.119 SHIFT-IN): invoke G0 into GL, undoing an
    ///   SO that selected a graphics G1;
    /// - RM 4 (IRM off, ECMA-48 7.2.10): replace mode, so printing overwrites;
    /// - RM 20 (LNM off): LF moves down only, as the cursor model assumes;
    /// - DECRST 6 (DECOM off): CUP and VPA count from the screen's top, not
    ///   a scroll region's;
    /// - DECSET 7 (DECAWM on): the pending-wrap model after the last column;
    /// - DECSTBM with no parameters: the scroll region is the whole screen
    ///   (after DECOM is off, so this homes the cursor to the screen's top).
    /// The pen is reset separately (SGR 0) by the writer.
    static let resetTerminalModes: StaticString = "\u{1B}(B\u{0F}\u{1B}[4l\u{1B}[20l\u{1B}[?6l\u{1B}[?7h\u{1B}[r"
    /// DECSET 2026: begin synchronized update (the terminal holds drawing until the end).
    static let beginSynchronizedUpdate: StaticString = "\u{1B}[?2026h"
    /// DECRST 2026: end synchronized update.
    static let endSynchronizedUpdate: StaticString = "\u{1B}[?2026l"
    /// OSC 8 (hyperlinks, as iTerm2 and VTE specified them): `OSC 8 ;`, then
    /// the parameters, `;`, the URI and ST. Empty parameters and URI end the link.
    static let hyperlinkStart: StaticString = "\u{1B}]8;"
    /// OSC 8's `id` parameter: cells with the same id and URI are one link.
    static let hyperlinkID: StaticString = "id="
    /// ST, string terminator (ECMA-48 8.3.143) in its 7-bit form, ESC \\.
    static let stringTerminator: StaticString = "\u{1B}\\"

    // Final bytes of parameterised CSI sequences.
    /// CUP, cursor position (ECMA-48 8.3.21): `CSI row ; col H`.
    static let cup: UInt8 = 0x48
    /// CUU, cursor up (8.3.22).
    static let cuu: UInt8 = 0x41
    /// CUD, cursor down (8.3.19).
    static let cud: UInt8 = 0x42
    /// CUF, cursor forward (8.3.20).
    static let cuf: UInt8 = 0x43
    /// CUB, cursor backward (8.3.18).
    static let cub: UInt8 = 0x44
    /// HPA, character position absolute (8.3.57): `CSI col \``.
    static let hpa: UInt8 = 0x60
    /// VPA, line position absolute (8.3.158): `CSI row d`.
    static let vpa: UInt8 = 0x64
    /// ECH, erase character (8.3.38): `CSI n X`, cursor does not move.
    static let ech: UInt8 = 0x58
    /// DCH, delete character (8.3.26): `CSI n P`; the rest of the line moves
    /// left, blanks in the current background come in at the right margin.
    static let dch: UInt8 = 0x50
    /// ICH, insert character (8.3.64): `CSI n @`; the rest of the line moves
    /// right (cells pushed past the margin are lost), blanks at the cursor.
    static let ich: UInt8 = 0x40
    /// REP, repeat the preceding graphic character (8.3.103): `CSI n b`.
    static let rep: UInt8 = 0x62
    /// SU, scroll up (8.3.147): `CSI n S`, within the scrolling region.
    static let su: UInt8 = 0x53
    /// SD, scroll down (8.3.113): `CSI n T`.
    static let sd: UInt8 = 0x54
    /// IL, insert line (8.3.67): `CSI n L`.
    static let il: UInt8 = 0x4C
    /// DL, delete line (8.3.32): `CSI n M`.
    static let dl: UInt8 = 0x4D
    /// DECSTBM, set top and bottom margins (DEC private, xterm): `CSI top ; bottom r`; homes the cursor.
    static let decstbm: UInt8 = 0x72

    /// Byte length of `CSI n F` where a parameter of 1 is omitted (as the
    /// cursor-movement sequences allow).
    @inline(__always)
    static func lengthOmittingOne(_ n: Int) -> Int { n == 1 ? 3 : 3 + ByteBuffer.digits(n) }
}
