import Testing

@testable import Engine

/// One row: bytes (escaped as in `bytes(_:)`), the events they decode to
/// after a flush, and what the row shows.
struct DecoderRow: Sendable, CustomTestStringConvertible {
    let input: String
    let events: [InputEvent]
    let note: String
    var expectingCursorReport = false

    var testDescription: String { "\(input)  \(note)" }
}

private func row(_ input: String, _ events: [InputEvent], _ note: String, cpr: Bool = false) -> DecoderRow {
    DecoderRow(input: input, events: events, note: note, expectingCursorReport: cpr)
}

private func row(_ input: String, _ event: InputEvent, _ note: String, cpr: Bool = false) -> DecoderRow {
    DecoderRow(input: input, events: [event], note: note, expectingCursorReport: cpr)
}

/// C0 controls and the ESC prefix (xterm's legacy encoding, kitty's
/// "Legacy key event encoding" tables).
private let legacyRows: [DecoderRow] = [
    row("a", char("a"), "text"),
    row("A", char("A"), "Shift is in the character"),
    row(" ", char(" "), "space"),
    row(#"\r"#, key(.enter), "CR is Enter"),
    row(#"\t"#, key(.tab), "HT is Tab"),
    row(#"\x7f"#, key(.backspace), "DEL is Backspace"),
    row(#"\b"#, char("h", .control), "BS is Ctrl-H (crossterm, Bubble Tea)"),
    row(#"\n"#, char("j", .control), "LF is Ctrl-J in raw mode"),
    row(#"\x00"#, char(" ", .control), "NUL is Ctrl-Space"),
    row(#"\x01"#, char("a", .control), "Ctrl-A"),
    row(#"\x03"#, char("c", .control), "Ctrl-C"),
    row(#"\x1a"#, char("z", .control), "Ctrl-Z"),
    row(#"\x1c"#, char("\\", .control), "Ctrl-\\"),
    row(#"\x1d"#, char("]", .control), "Ctrl-]"),
    row(#"\x1e"#, char("^", .control), "Ctrl-^"),
    row(#"\x1f"#, char("_", .control), "Ctrl-_"),
    row(#"\e"#, key(.escape), "ESC alone, resolved by the flush"),
    row(#"\e\e"#, key(.escape, .option), "ESC ESC is Alt-Escape"),
    row(#"\e\e\e"#, [key(.escape, .option), key(.escape)], "three ESCs"),
    row(#"\ea"#, char("a", .option), "Alt-a"),
    row(#"\eA"#, char("A", .option), "Alt-Shift-a"),
    row(#"\e\x01"#, char("a", [.option, .control]), "Alt-Ctrl-a"),
    row(#"\e\b"#, char("h", [.option, .control]), "Alt-Ctrl-H"),
    row(#"\e\r"#, key(.enter, .option), "Alt-Enter"),
    row(#"\e\t"#, key(.tab, .option), "Alt-Tab"),
    row(#"\e\x7f"#, key(.backspace, .option), "Alt-Backspace"),
    row(#"\e\x00"#, char(" ", [.option, .control]), "Alt-Ctrl-Space"),
    row(#"\e "#, char(" ", .option), "Alt-Space"),
    row(#"\eé"#, char("é", .option), "Alt with a non-ASCII character"),
    row(#"\e["#, char("[", .option), "a bare CSI introducer at the flush is Alt-["),
    row(#"\eO"#, char("O", .option), "a bare SS3 introducer is Alt-O"),
    row(#"\e]"#, char("]", .option), "a bare OSC introducer is Alt-]"),
    row(#"\eP"#, char("P", .option), "a bare DCS introducer is Alt-P"),
    row(#"\e\ea"#, [key(.escape, .option), char("a")], "ESC ESC then text: Alt-Escape, then the text"),
]

/// xterm "PC-Style Function Keys", "VT220-Style Function Keys", rxvt and
/// the Linux console.
private let functionKeyRows: [DecoderRow] = [
    row(#"\e[A"#, key(.up), "CSI A"),
    row(#"\e[B"#, key(.down), "CSI B"),
    row(#"\e[C"#, key(.right), "CSI C"),
    row(#"\e[D"#, key(.left), "CSI D"),
    row(#"\e[H"#, key(.home), "CSI H"),
    row(#"\e[F"#, key(.end), "CSI F"),
    row(#"\e[1;2A"#, key(.up, .shift), "xterm modifier 2 Shift"),
    row(#"\e[1;3B"#, key(.down, .option), "3 Alt"),
    row(#"\e[1;5C"#, key(.right, .control), "5 Control"),
    row(#"\e[1;8D"#, key(.left, [.shift, .option, .control]), "8 Shift-Alt-Control"),
    row(#"\e[1;9H"#, key(.home, .command), "9 Meta/Super"),
    row(#"\e[1;6F"#, key(.end, [.control, .shift]), "6 Control-Shift"),
    row(#"\e\e[A"#, key(.up, .option), "rxvt Alt-Up: ESC before the sequence"),
    row(#"\eOA"#, key(.up), "SS3 A: application cursor keys"),
    row(#"\eOD"#, key(.left), "SS3 D"),
    row(#"\eOH"#, key(.home), "SS3 H"),
    row(#"\eOF"#, key(.end), "SS3 F"),
    row(#"\eOP"#, key(.function(1)), "SS3 P is F1"),
    row(#"\eOQ"#, key(.function(2)), "F2"),
    row(#"\eOR"#, key(.function(3)), "F3"),
    row(#"\eOS"#, key(.function(4)), "F4"),
    row(#"\eO5A"#, key(.up, .control), "old xterm: modifier inside SS3"),
    row(#"\eOa"#, key(.up, .control), "rxvt Ctrl-Up"),
    row(#"\eOp"#, char("0"), "application keypad 0"),
    row(#"\eOy"#, char("9"), "keypad 9"),
    row(#"\eOj"#, char("*"), "keypad *"),
    row(#"\eOk"#, char("+"), "keypad +"),
    row(#"\eOn"#, char("."), "keypad ."),
    row(#"\eOo"#, char("/"), "keypad /"),
    row(#"\eOM"#, key(.enter), "keypad Enter"),
    row(#"\eOX"#, char("="), "keypad ="),
    row(#"\eOI"#, key(.tab), "keypad Tab"),
    row(#"\eO "#, char(" "), "keypad space"),
    row(#"\eOE"#, [], "keypad Begin has no Key: dropped"),
    row(#"\e[E"#, [], "CSI E (Begin): dropped"),
    row(#"\e[1;5P"#, key(.function(1), .control), "Ctrl-F1"),
    row(#"\e[1;2Q"#, key(.function(2), .shift), "Shift-F2"),
    row(#"\e[1;2R"#, key(.function(3), .shift), "Shift-F3 while no cursor report is awaited"),
    row(#"\e[1;2R"#, .reply(.cursorPosition(row: 1, column: 2)), "the same bytes while one is", cpr: true),
    row(#"\e[1;5S"#, key(.function(4), .control), "Ctrl-F4"),
    row(#"\e[2~"#, key(.insert), "Insert"),
    row(#"\e[3~"#, key(.delete), "Delete"),
    row(#"\e[5~"#, key(.pageUp), "PageUp"),
    row(#"\e[6~"#, key(.pageDown), "PageDown"),
    row(#"\e[1~"#, key(.home), "Home (linux, rxvt)"),
    row(#"\e[4~"#, key(.end), "End (linux, rxvt)"),
    row(#"\e[7~"#, key(.home), "Home (rxvt)"),
    row(#"\e[8~"#, key(.end), "End (rxvt)"),
    row(#"\e[11~"#, key(.function(1)), "F1 (rxvt, old xterm)"),
    row(#"\e[14~"#, key(.function(4)), "F4 (rxvt)"),
    row(#"\e[15~"#, key(.function(5)), "F5"),
    row(#"\e[17~"#, key(.function(6)), "F6"),
    row(#"\e[21~"#, key(.function(10)), "F10"),
    row(#"\e[23~"#, key(.function(11)), "F11"),
    row(#"\e[24~"#, key(.function(12)), "F12"),
    row(#"\e[25~"#, key(.function(13)), "F13 (VT220)"),
    row(#"\e[29~"#, key(.function(16)), "F16"),
    row(#"\e[34~"#, key(.function(20)), "F20"),
    row(#"\e[3;5~"#, key(.delete, .control), "Ctrl-Delete"),
    row(#"\e[15;2~"#, key(.function(5), .shift), "Shift-F5"),
    row(#"\e[[A"#, key(.function(1)), "Linux console F1"),
    row(#"\e[[E"#, key(.function(5)), "Linux console F5"),
    row(#"\e[Z"#, key(.tab, .shift), "CBT: Shift-Tab"),
    row(#"\e[1;5Z"#, key(.tab, [.shift, .control]), "Ctrl-Shift-Tab"),
    row(#"\e\e[Z"#, key(.tab, [.shift, .option]), "Alt-Shift-Tab"),
    row(#"\e[a"#, key(.up, .shift), "rxvt Shift-Up"),
    row(#"\e[d"#, key(.left, .shift), "rxvt Shift-Left"),
    row(#"\e[2$"#, key(.insert, .shift), "rxvt Shift-Insert"),
    row(#"\e[3^"#, key(.delete, .control), "rxvt Ctrl-Delete"),
    row(#"\e[5@"#, key(.pageUp, [.control, .shift]), "rxvt Ctrl-Shift-PageUp"),
]

/// xterm modifyOtherKeys and the kitty keyboard protocol.
private let kittyRows: [DecoderRow] = [
    row(#"\e[27;5;9~"#, key(.tab, .control), "modifyOtherKeys Ctrl-Tab"),
    row(#"\e[27;2;13~"#, key(.enter, .shift), "modifyOtherKeys Shift-Enter"),
    row(#"\e[27;5;105~"#, char("i", .control), "modifyOtherKeys Ctrl-I, not Tab"),
    row(#"\e[27;6;65~"#, char("a", [.control, .shift]), "modifyOtherKeys Ctrl-Shift-A: lowercase with Control"),
    row(#"\e[27;4;65~"#, char("A", .option), "modifyOtherKeys Alt-Shift-A: Shift folded into the letter"),
    row(#"\e[97u"#, char("a"), "kitty: a (report all keys)"),
    row(#"\e[97;5u"#, char("a", .control), "Ctrl-a"),
    row(#"\e[97;2u"#, char("A"), "Shift-a is A"),
    row(#"\e[97:65;2u"#, char("A"), "with the shifted key"),
    row(#"\e[97;6u"#, char("a", [.control, .shift]), "Ctrl-Shift-a"),
    row(#"\e[97;4u"#, char("A", .option), "Alt-Shift-a, as legacy ESC A"),
    row(#"\e[97;3;229u"#, char("a", .option), "Option-a with text: the key, not the text"),
    row(#"\e[97;1:2u"#, char("a", [], .repeat), "repeat"),
    row(#"\e[97;1:3u"#, char("a", [], .up), "release"),
    row(#"\e[97;5:3u"#, char("a", .control, .up), "Ctrl-a release"),
    row(#"\e[97;9u"#, char("a", .command), "Super-a"),
    row(#"\e[97;17u"#, char("a", .hyper), "Hyper-a"),
    row(#"\e[97;33u"#, char("a", .meta), "Meta-a"),
    row(#"\e[97;65u"#, char("A", .capsLock), "Caps Lock makes A"),
    row(#"\e[97;66u"#, char("a", .capsLock), "Shift with Caps Lock makes a"),
    row(#"\e[97;129u"#, char("a", .numLock), "Num Lock"),
    row(#"\e[49;2u"#, char("1", .shift), "Shift-1 without the shifted key"),
    row(#"\e[49:33;2u"#, char("!"), "Shift-1 with the shifted key is !"),
    row(#"\e[49;2;33u"#, char("!"), "Shift-1 with text is !"),
    row(#"\e[32;5u"#, char(" ", .control), "Ctrl-Space"),
    row(#"\e[0;;128077u"#, char("👍"), "code 0: text without a key"),
    row(#"\e[0;1;128077:127997u"#, char("👍🏽"), "text of several code points, one cluster"),
    row(#"\e[13u"#, key(.enter), "Enter"),
    row(#"\e[13;2u"#, key(.enter, .shift), "Shift-Enter"),
    row(#"\e[9;5u"#, key(.tab, .control), "Ctrl-Tab"),
    row(#"\e[9;2u"#, key(.tab, .shift), "Shift-Tab"),
    row(#"\e[127;5u"#, key(.backspace, .control), "Ctrl-Backspace"),
    row(#"\e[27u"#, key(.escape), "Escape, disambiguated"),
    row(#"\e[27;3u"#, key(.escape, .option), "Alt-Escape"),
    row(#"\e[57364u"#, key(.function(1)), "kitty's own F1 number"),
    row(#"\e[57376u"#, key(.function(13)), "F13"),
    row(#"\e[57398;5u"#, key(.function(35), .control), "Ctrl-F35"),
    row(#"\e[13~"#, key(.function(3)), "kitty's F3"),
    row(#"\e[13;5:3~"#, key(.function(3), .control, .up), "Ctrl-F3 release"),
    row(#"\e[57399u"#, char("0"), "KP_0"),
    row(#"\e[57408u"#, char("9"), "KP_9"),
    row(#"\e[57413;5u"#, char("+", .control), "Ctrl-KP_ADD"),
    row(#"\e[57414u"#, key(.enter), "KP_ENTER"),
    row(#"\e[57417u"#, key(.left), "KP_LEFT"),
    row(#"\e[57426u"#, key(.delete), "KP_DELETE"),
    row(#"\e[57427~"#, [], "KP_BEGIN has no Key"),
    row(#"\e[57358u"#, [], "CAPS_LOCK key: dropped"),
    row(#"\e[57441;2u"#, [], "LEFT_SHIFT alone: dropped"),
    row(#"\e[57428u"#, [], "MEDIA_PLAY: dropped"),
    row(#"\e[57352u"#, key(.up), "kitty's own Up number"),
    row(#"\e[1;1:3A"#, key(.up, [], .up), "Up released"),
    row(#"\e[1;5:2C"#, key(.right, .control, .repeat), "Ctrl-Right repeated"),
    row(#"\e[3;1:3~"#, key(.delete, [], .up), "Delete released"),
    row(#"\e[2;1:1~"#, key(.insert), "event 1 is a press"),
    row(#"\e[P"#, key(.function(1)), "CSI P: F1 with every key reported"),
    row(#"\e[97;1:4u"#, [], "event type 4 does not exist: dropped"),
    row(#"\e[1u"#, [], "code 1 is not a key"),
    row(#"\e[55296u"#, [], "a surrogate is not a key"),
]

/// Mouse, focus, paste, replies and control strings.
private let otherRows: [DecoderRow] = [
    row(#"\e[<0;1;1M"#, mouse(.press, .left, 0, 0), "SGR press, 1-based to 0-based"),
    row(#"\e[<0;10;5m"#, mouse(.release, .left, 9, 4), "release"),
    row(#"\e[<1;3;4M"#, mouse(.press, .middle, 2, 3), "middle"),
    row(#"\e[<2;3;4M"#, mouse(.press, .right, 2, 3), "right"),
    row(#"\e[<32;3;4M"#, mouse(.drag, .left, 2, 3), "drag with left"),
    row(#"\e[<34;3;4M"#, mouse(.drag, .right, 2, 3), "drag with right"),
    row(#"\e[<35;3;4M"#, mouse(.move, .none, 2, 3), "motion with no button"),
    row(#"\e[<3;3;4m"#, mouse(.release, .none, 2, 3), "release of no known button"),
    row(#"\e[<64;5;6M"#, mouse(.scrollUp, .none, 4, 5), "wheel up"),
    row(#"\e[<65;5;6M"#, mouse(.scrollDown, .none, 4, 5), "wheel down"),
    row(#"\e[<66;5;6M"#, mouse(.scrollLeft, .none, 4, 5), "wheel left"),
    row(#"\e[<67;5;6M"#, mouse(.scrollRight, .none, 4, 5), "wheel right"),
    row(#"\e[<64;5;6m"#, [], "a wheel release does not exist"),
    row(#"\e[<4;1;1M"#, mouse(.press, .left, 0, 0, .shift), "Shift-click"),
    row(#"\e[<8;1;1M"#, mouse(.press, .left, 0, 0, .option), "Meta-click as Option"),
    row(#"\e[<16;1;1M"#, mouse(.press, .left, 0, 0, .control), "Ctrl-click"),
    row(#"\e[<92;1;1M"#, mouse(.scrollUp, .none, 0, 0, [.shift, .option, .control]), "wheel with all three"),
    row(#"\e[<128;1;1M"#, mouse(.press, .other(8), 0, 0), "button 8 (back)"),
    row(#"\e[<131;1;1m"#, mouse(.release, .other(11), 0, 0), "button 11 released"),
    row(#"\e[<160;2;2M"#, mouse(.drag, .other(8), 1, 1), "drag with button 8"),
    row(#"\e[<0;0;1M"#, [], "column 0 is not 1-based"),
    row(#"\e[<192;1;1M"#, [], "no such button"),
    row(#"\e[M !!"#, [], "X10 mouse: dropped with its three bytes"),
    row(#"\e[M !!x"#, char("x"), "… and what follows is input"),
    row(#"\e[32;1;1M"#, [], "urxvt mouse: dropped"),
    row(#"\e[I"#, .focus(true), "focus in"),
    row(#"\e[O"#, .focus(false), "focus out"),
    row(#"\e[200~hello\e[201~"#, .paste("hello"), "bracketed paste"),
    row(#"\e[200~\e[201~"#, .paste(""), "empty paste"),
    row(#"\e[200~a\r\nb\rc\nd\e[201~"#, .paste("a\nb\nc\nd"), "CR LF and CR become LF"),
    row(#"\e[200~tab\there\x01\x7f\b\e[201~"#, .paste("tab\there"), "HT kept, other controls removed"),
    row(#"\e[200~\e[31mred\e[0m\e[201~"#, .paste("red"), "escape sequences inside removed whole"),
    row(#"\e[200~\e[A\r\e[201~"#, .paste("\n"), "keys inside are data"),
    row(#"\e[200~\eOA\e[201~"#, .paste("OA"), "a lone ESC is removed, the text after it kept"),
    row(#"\e[200~\xff\xc3\e[201~"#, .paste("\u{FFFD}\u{FFFD}"), "invalid UTF-8 repaired"),
    row(#"\e[200~\xc2\x85x\e[201~"#, .paste("x"), "C1 controls removed"),
    row(#"\e[200~\e[201;2~x\e[201~"#, .paste("x"), "only the exact end marker ends it"),
    row(#"\e[200~unfinished"#, .paste("unfinished"), "no end marker: the flush delivers it"),
    row(#"\e\e[200~x\e[201~"#, [key(.escape), .paste("x")], "ESC before a paste is Escape"),
    row(#"\e[?62;22c"#, .reply(.primaryDeviceAttributes([62, 22])), "DA1"),
    row(#"\e[?1;2c"#, .reply(.primaryDeviceAttributes([1, 2])), "DA1 of a VT100"),
    row(#"\e[>1;10;0c"#, [], "DA2 is not decoded"),
    row(#"\e[?2026;2$y"#, .reply(.modeReport(mode: 2026, value: 2, isPrivate: true)), "DECRPM"),
    row(#"\e[4;1$y"#, .reply(.modeReport(mode: 4, value: 1, isPrivate: false)), "DECRPM, ANSI mode"),
    row(#"\e[12;40R"#, .reply(.cursorPosition(row: 12, column: 40)), "CPR (not row 1: never F3)"),
    row(#"\e[1;1R"#, .reply(.cursorPosition(row: 1, column: 1)), "CPR at the origin, awaited", cpr: true),
    row(#"\e[?12;40;1R"#, .reply(.cursorPosition(row: 12, column: 40)), "DECXCPR"),
    row(#"\e[?1u"#, .reply(.keyboardFlags(1)), "kitty flags"),
    row(#"\e[?u"#, .reply(.keyboardFlags(0)), "kitty flags, none"),
    row(#"\e]11;rgb:0000/0000/0000\e\\"#, .reply(.color(code: 11, red: 0, green: 0, blue: 0)), "OSC 11 with ST"),
    row(#"\e]10;rgb:ffff/8080/0a0a\x07"#, .reply(.color(code: 10, red: 65535, green: 0x8080, blue: 0x0A0A)),
        "OSC 10 with BEL"),
    row(#"\e]11;rgb:f/8/0\e\\"#, .reply(.color(code: 11, red: 65535, green: 34952, blue: 0)), "one digit a channel"),
    row(#"\e]11;rgb:ff/80/00\e\\"#, .reply(.color(code: 11, red: 65535, green: 32896, blue: 0)), "two digits"),
    row(#"\e]11;rgb:fff/800/000\e\\"#, .reply(.color(code: 11, red: 65535, green: 32776, blue: 0)), "three digits"),
    row(#"\e]11;rgb:FFFF/FfFf/0000\e\\"#, .reply(.color(code: 11, red: 65535, green: 65535, blue: 0)), "upper case hex"),
    row(#"\e]11;rgb:fffff/0/0\e\\"#, [], "five digits: dropped"),
    row(#"\e]11;rgb:ff/ff\e\\"#, [], "two channels: dropped"),
    row(#"\e]11;rgb:ff/ff/ff/ff\e\\"#, [], "four channels: dropped"),
    row(#"\e]11;rgb:gg/00/00\e\\"#, [], "not hex: dropped"),
    row(#"\e]11;rgb://\e\\"#, [], "empty channels: dropped"),
    row(#"\e]11;#ffffff\e\\"#, [], "another colour syntax: dropped"),
    row(#"\e]11;?\e\\"#, [], "a query echoed back: dropped"),
    row(#"\e]4;1;rgb:cdcd/0000/0000\e\\"#, .reply(.paletteColor(index: 1, red: 0xCDCD, green: 0, blue: 0)),
        "OSC 4, a palette colour with ST"),
    row(#"\e]4;255;rgb:ee/ee/ee\x07"#, .reply(.paletteColor(index: 255, red: 0xEEEE, green: 0xEEEE, blue: 0xEEEE)),
        "OSC 4, the last index, with BEL"),
    row(#"\e]4;0;rgb:0/0/0\e\\"#, .reply(.paletteColor(index: 0, red: 0, green: 0, blue: 0)), "OSC 4, index 0"),
    row(#"\e]4;256;rgb:0/0/0\e\\"#, [], "OSC 4, an index past 255: dropped"),
    row(#"\e]4;1000;rgb:0/0/0\e\\"#, [], "OSC 4, a four-digit index: dropped"),
    row(#"\e]4;-1;rgb:0/0/0\e\\"#, [], "OSC 4, a negative index: dropped"),
    row(#"\e]4;;rgb:0/0/0\e\\"#, [], "OSC 4 without an index: dropped"),
    row(#"\e]4;1;?\e\\"#, [], "OSC 4 query echoed back: dropped"),
    row(#"\e]4;1;rgb:0/0/0;2;rgb:1/1/1\e\\"#, [], "OSC 4 with two pairs: dropped"),
    row(#"\e]4;1;rgb:0/0\e\\"#, [], "OSC 4 with two channels: dropped"),
    row(#"\e]4;1;rgbi:0/0/0\e\\"#, [], "OSC 4 in another colour syntax: dropped"),
    row(#"\e]4;1\e\\"#, [], "OSC 4 without a colour: dropped"),
    row(#"\e]4;1;rgb:0/0/0\x18x"#, char("x"), "CAN cancels a palette reply"),
    row(#"\e]52;c;aMOpbGxvLCDkuJbnlYw=\e\\"#, .reply(.clipboard("héllo, 世界")), "OSC 52 clipboard with ST"),
    row(#"\e]52;c;aGk=\x07"#, .reply(.clipboard("hi")), "OSC 52 clipboard with BEL"),
    row(#"\e]52;c;aGk\x07"#, .reply(.clipboard("hi")), "OSC 52 without padding"),
    row(#"\e]52;;\e\\"#, .reply(.clipboard("")), "OSC 52, an empty clipboard"),
    row(#"\e]52;c;?\e\\"#, [], "OSC 52 query echoed back: dropped"),
    row(#"\e]52;c;a*Gk=\e\\"#, [], "OSC 52, not base64: dropped"),
    row(#"\e]52;c;aGk=aGk=\e\\"#, [], "OSC 52, digits after padding: dropped"),
    row(#"\e]52;c;/w==\e\\"#, [], "OSC 52, not UTF-8: dropped"),
    row(#"\e]52;C;aGk=\e\\"#, [], "OSC 52, a selection that is no letter or digit in lower case: dropped"),
    row(#"\e]52;c\e\\"#, [], "OSC 52 without data: dropped"),
    row(#"\e]52;c;aGk=\x18x"#, char("x"), "CAN cancels a clipboard reply"),
    row(#"\e]12;rgb:0/0/0\e\\"#, [], "OSC 12 (cursor colour) is not read"),
    row(#"\e]11;rgb:0/0/0;x\e\\"#, [], "a trailing field: dropped"),
    row(#"\e]011;rgb:0/0/0\e\\"#, .reply(.color(code: 11, red: 0, green: 0, blue: 0)), "a leading zero"),
    row(#"\eP11;rgb:0/0/0\e\\"#, [], "a DCS is not an OSC"),
    row(#"\e]11;rgb:0/0/0\x18x"#, char("x"), "CAN cancels a colour reply"),
    row(#"\e]11;rgb:0/0\e[A"#, key(.up), "an ESC that is not ST ends a colour reply unread"),
    row(#"\e[?997;1n"#, .reply(.colorScheme(isDark: true)), "mode 2031: dark"),
    row(#"\e[?997;2n"#, .reply(.colorScheme(isDark: false)), "mode 2031: light"),
    row(#"\e[?997;3n"#, [], "mode 2031: an unknown scheme is dropped"),
    row(#"\e[?997n"#, [], "mode 2031 without a scheme"),
    row(#"\e[?996;1n"#, [], "another DSR reply"),
    row(#"\e[48;24;80;384;640t"#, .reply(.windowSize(rows: 24, columns: 80, pixelHeight: 384, pixelWidth: 640)),
        "in-band resize (mode 2048)"),
    row(#"\e[48;24;80;;t"#, .reply(.windowSize(rows: 24, columns: 80, pixelHeight: 0, pixelWidth: 0)),
        "in-band resize, pixels unknown"),
    row(#"\e[48;0;80;0;0t"#, [], "in-band resize to no rows: dropped"),
    row(#"\e[48;24;80t"#, [], "in-band resize, short: dropped"),
    row(#"\e[8;24;80t"#, [], "another window report"),
    row(#"\e]0;title\x07"#, [], "OSC with BEL"),
    row(#"\eP1$r0m\e\\"#, [], "DCS"),
    row(#"\e_Gi=1;OK\e\\"#, .reply(.kittyGraphics(id: 1, message: "OK")), "APC (kitty graphics reply)"),
    row(#"\e_Xother\e\\"#, [], "another APC"),
    row(#"\e[6;20;10t"#, .reply(.cellPixelSize(width: 10, height: 20)), "cell size in pixels (CSI 16 t)"),
    row(#"\e[?1;0;256S"#, .reply(.graphicsAttribute(item: 1, status: 0, values: [256])), "XTSMGRAPHICS"),
    row(#"\eXsos\e\\"#, [], "SOS"),
    row(#"\e^pm\e\\"#, [], "PM"),
    row(#"\e]52;c;\x18x"#, char("x"), "CAN cancels a string"),
    row(#"\e[0n"#, [], "an unknown CSI is dropped whole"),
    row(#"\e[?1;2$p"#, [], "a request, not a reply"),
    row(#"\e[1;5\e[A"#, key(.up), "an ESC inside a sequence starts a new one"),
    row(#"\e[12\x01"#, char("a", .control), "a control inside a sequence is a key"),
    row(#"\e[12é"#, char("é"), "so is text"),
    row(#"\e[1<A"#, [], "a private marker after a parameter: dropped"),
    row(#"\e[1 2A"#, [], "a parameter after an intermediate: dropped"),
    row(#"\e]title\e[B"#, key(.down), "an ESC that is not ST ends the string"),
]

/// UTF-8 text and grapheme clusters.
private let textRows: [DecoderRow] = [
    row("héllo", [char("h"), char("é"), char("l"), char("l"), char("o")], "one event per cluster"),
    row("👍🏽", char("👍🏽"), "emoji with a skin tone: one cluster"),
    row("👨‍👩‍👧", char("👨‍👩‍👧"), "ZWJ sequence: one cluster"),
    row("🇺🇸🇫🇷", [char("🇺🇸"), char("🇫🇷")], "two flags"),
    row("e\u{301}", char("e\u{301}"), "combining mark"),
    row("中文", [char("中"), char("文")], "CJK"),
    row(#"\xff"#, [], "invalid byte dropped"),
    row(#"a\xc3(b"#, [char("a"), char("("), char("b")], "a broken scalar is dropped, not the byte after it"),
    row(#"\xc2\x85"#, [], "NEL (C1) is not text"),
    row(#"\xc2\xa0"#, char("\u{A0}"), "NBSP is"),
    row(#"\xed\xa0\x80"#, [], "surrogates are not UTF-8"),
    row(#"\xc0\xaf"#, [], "overlong form"),
    row(#"\xf4\x90\x80\x80"#, [], "past U+10FFFF"),
    row(#"\xe2\x82"#, [], "truncated at the flush: dropped"),
    row(#"a\e"#, [char("a"), key(.escape)], "text then Escape"),
]

@Suite("InputDecoder: sequences from xterm ctlseqs and the kitty keyboard protocol")
struct InputDecoderTableTests {
    @Test("C0 controls and the ESC prefix", arguments: legacyRows)
    func legacy(_ row: DecoderRow) { check(row) }

    @Test("function keys: xterm, VT220, rxvt, Linux console", arguments: functionKeyRows)
    func functionKeys(_ row: DecoderRow) { check(row) }

    @Test("modifyOtherKeys and kitty CSI u", arguments: kittyRows)
    func kitty(_ row: DecoderRow) { check(row) }

    @Test("mouse, focus, paste, replies, strings, broken sequences", arguments: otherRows)
    func other(_ row: DecoderRow) { check(row) }

    @Test("text and grapheme clusters", arguments: textRows)
    func text(_ row: DecoderRow) { check(row) }

    private func check(_ row: DecoderRow) {
        let input = bytes(row.input)
        let (events, decoder) = decodeAll(input, expectingCursorReport: row.expectingCursorReport)
        #expect(events == row.events)
        #expect(decoder.bytesConsumed == input.count)
        #expect(!decoder.hasPendingInput)
        // A row that makes no event dropped all its bytes, and a row of one
        // well-formed sequence dropped none.
        if row.events.isEmpty { #expect(decoder.bytesDropped == input.count) }
    }

    @Test("the table holds dozens of rows")
    func size() {
        #expect(legacyRows.count + functionKeyRows.count + kittyRows.count + otherRows.count + textRows.count >= 200)
    }

    @Test("a complete sequence drops nothing")
    func wellFormedDropsNothing() {
        for input in [#"\e[1;5A"#, #"\e[97:65;2u"#, #"\e[<35;3;4M"#, #"\e[200~a\x01b\e[201~"#, #"\eOP"#, "héllo"] {
            let (_, decoder) = decodeAll(bytes(input))
            #expect(decoder.bytesDropped == 0, "\(input)")
        }
    }

    @Test("bytes dropped are counted precisely")
    func dropCounts() {
        // 3 invalid bytes; the broken scalar \xc3 (1 byte); an unknown CSI of 4 bytes.
        let (events, decoder) = decodeAll(bytes(#"\xff\xfe\xfda\xc3b\e[0n"#))
        #expect(events == [char("a"), char("b")])
        #expect(decoder.bytesDropped == 3 + 1 + 4)
    }
}
