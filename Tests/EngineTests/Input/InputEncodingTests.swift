import Testing

@testable import Engine

/// What `terminalBytes` writes, escaped; `nil` as "nil".
private func sent(_ event: InputEvent, _ encoding: KeyboardEncoding = .legacy) -> String {
    event.terminalBytes(keyboard: encoding).map { escaped($0) } ?? "nil"
}

@Suite("InputEncoding: the bytes a terminal sends for an event")
struct InputEncodingTests {
    @Test("legacy (xterm) keys")
    func legacy() {
        #expect(sent(char("a")) == "a")
        #expect(sent(char("A")) == "A")
        #expect(sent(char("👍🏽")) == "👍🏽")
        #expect(sent(char("c", .control)) == #"\x03"#)
        #expect(sent(char("h", .control)) == #"\b"#)
        #expect(sent(char(" ", .control)) == #"\x00"#)
        #expect(sent(char("\\", .control)) == #"\x1c"#)
        #expect(sent(char("a", .option)) == #"\ea"#)
        #expect(sent(char("a", [.option, .control])) == #"\e\x01"#)
        #expect(sent(key(.enter)) == #"\r"#)
        #expect(sent(key(.enter, .option)) == #"\e\r"#)
        #expect(sent(key(.backspace)) == #"\x7f"#)
        #expect(sent(key(.tab, .shift)) == #"\e[Z"#)
        #expect(sent(key(.escape)) == #"\e"#)
        #expect(sent(key(.escape, .option)) == #"\e\e"#)
        #expect(sent(key(.up)) == #"\e[A"#)
        #expect(sent(key(.up, .control)) == #"\e[1;5A"#)
        #expect(sent(key(.home, [.shift, .option])) == #"\e[1;4H"#)
        #expect(sent(key(.delete)) == #"\e[3~"#)
        #expect(sent(key(.pageDown, .control)) == #"\e[6;5~"#)
        #expect(sent(key(.function(1))) == #"\eOP"#)
        #expect(sent(key(.function(3), .shift)) == #"\e[1;2R"#)
        #expect(sent(key(.function(5))) == #"\e[15~"#)
        #expect(sent(key(.function(12), .control)) == #"\e[24;5~"#)
        #expect(sent(key(.function(20))) == #"\e[34~"#)
    }

    @Test("legacy has no bytes for these")
    func legacyCannot() {
        #expect(sent(key(.enter, .shift)) == "nil")
        #expect(sent(char("a", [.control, .shift])) == "nil")
        #expect(sent(char("a", .shift)) == "nil", "the decoder reports Shift-a as A")
        #expect(sent(char("A", .control)) == "nil", "the decoder reports Ctrl letters lowercase")
        #expect(sent(char("i", .control)) == "nil", "that is Tab")
        #expect(sent(char("m", .control)) == "nil", "that is Enter")
        #expect(sent(key(.backspace, .control)) == "nil", "BS reads as Ctrl-H")
        #expect(sent(char("[", .option)) == "nil", "ESC [ starts a sequence")
        #expect(sent(char("a", .command)) == "nil")
        #expect(sent(key(.function(21))) == "nil")
        #expect(sent(key(.up, [], .up)) == "nil", "no releases in legacy")
        #expect(sent(char("\u{1}")) == "nil", "a control is not a character")
    }

    @Test("kitty keyboard protocol")
    func kitty() {
        let disambiguate = KeyboardEncoding.kitty(.disambiguateEscapeCodes)
        let all = KeyboardEncoding.kitty(.all)
        #expect(sent(char("a"), disambiguate) == "a")
        #expect(sent(char("c", .control), disambiguate) == #"\e[99;5u"#)
        #expect(sent(char("A", .option), disambiguate) == #"\e[97;4u"#)
        #expect(sent(key(.escape), disambiguate) == #"\e[27u"#)
        #expect(sent(key(.enter), disambiguate) == #"\r"#)
        #expect(sent(key(.enter, .shift), disambiguate) == #"\e[13;2u"#)
        #expect(sent(key(.function(1)), disambiguate) == #"\eOP"#)
        #expect(sent(key(.function(3), .control), disambiguate) == #"\e[13;5~"#)
        #expect(sent(key(.function(13)), disambiguate) == #"\e[57376u"#)
        #expect(sent(char("a"), all) == #"\e[97;1;97u"#)
        #expect(sent(char("A"), all) == #"\e[97:65;2;65u"#)
        #expect(sent(char("a", .control, .up), all) == #"\e[97;5:3u"#)
        #expect(sent(key(.up, [], .repeat), all) == #"\e[1;1:2A"#)
        #expect(sent(key(.enter), all) == #"\e[13u"#)
        #expect(sent(char("👍🏽"), all) == #"\e[0;1;128077:127997u"#)
        #expect(sent(char("a", .control), .kitty([])) == #"\x01"#, "legacy bytes where legacy has them")
        #expect(sent(char("a", [.control, .shift]), .kitty([])) == #"\e[97;6u"#, "CSI u where it has none")
        #expect(sent(char("a", [], .up), disambiguate) == "nil", "no release without reportEventTypes")
    }

    @Test("mouse, focus, paste, replies")
    func otherEvents() {
        #expect(sent(mouse(.press, .left, 0, 0)) == #"\e[<0;1;1M"#)
        #expect(sent(mouse(.release, .right, 9, 4, .control)) == #"\e[<18;10;5m"#)
        #expect(sent(mouse(.move, .none, 2, 3)) == #"\e[<35;3;4M"#)
        #expect(sent(mouse(.scrollDown, .none, 2, 3, .shift)) == #"\e[<69;3;4M"#)
        #expect(sent(mouse(.drag, .other(9), 0, 0)) == #"\e[<161;1;1M"#)
        #expect(sent(mouse(.press, .none, 0, 0)) == "nil")
        #expect(sent(mouse(.press, .left, -1, 0)) == "nil")
        #expect(sent(.focus(true)) == #"\e[I"#)
        #expect(sent(.paste("a\nb")) == #"\e[200~a\nb\e[201~"#)
        #expect(sent(.paste("\u{1B}[201~")) == "nil")
        #expect(sent(.reply(.primaryDeviceAttributes([62, 22]))) == #"\e[?62;22c"#)
        #expect(sent(.reply(.modeReport(mode: 2026, value: 2, isPrivate: true))) == #"\e[?2026;2$y"#)
        #expect(sent(.reply(.cursorPosition(row: 3, column: 7))) == #"\e[3;7R"#)
        #expect(sent(.reply(.keyboardFlags(15))) == #"\e[?15u"#)
        #expect(sent(.reply(.color(code: 11, red: 0xFFFF, green: 0x0A0B, blue: 0))) == #"\e]11;rgb:ffff/0a0b/0000\e\"#)
        #expect(sent(.reply(.colorScheme(isDark: false))) == #"\e[?997;2n"#)
        #expect(sent(.reply(.windowSize(rows: 24, columns: 80, pixelHeight: 480, pixelWidth: 720)))
                == #"\e[48;24;80;480;720t"#)
    }
}
