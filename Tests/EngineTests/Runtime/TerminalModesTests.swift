import Testing
@testable import Engine

/// Byte-exact goldens of what entering and leaving write, per option set:
/// modes are undone in reverse order of setting, and only those set.
@Suite("Terminal modes")
struct TerminalModesTests {
    func escaped(_ s: String) -> String { s.replacingOccurrences(of: "\u{1B}", with: "\\e") }

    @Test func defaultOptions() {
        let (enter, leave) = TerminalModes.sequences(for: TerminalOptions(), support: .init())
        #expect(escaped(enter) == "\\e[?1049h\\e[?25l\\e[?2004h")
        #expect(escaped(leave) == "\\e[0m\\e[?2004l\\e[?25h\\e[?1049l")
    }

    @Test func everythingOnWithASupportingTerminal() {
        var support = TerminalModes.Support()
        support.synchronizedOutput = true
        support.kittyKeyboard = true
        let options = TerminalOptions(mouse: .buttons, focusEvents: true)
        let (enter, leave) = TerminalModes.sequences(for: options, support: support)
        #expect(escaped(enter) == "\\e[?1049h\\e[?25l\\e[?2004h\\e[?1004h\\e[?1000h\\e[?1002h\\e[?1006h\\e[>1u")
        #expect(escaped(leave)
                == "\\e[?2026l\\e[0m\\e[<u\\e[?1006l\\e[?1003l\\e[?1002l\\e[?1000l\\e[?1004l\\e[?2004l\\e[?25h\\e[?1049l")
    }

    @Test func kittyFlagsOnlyWhenTheTerminalAnswered() {
        let options = TerminalOptions(enhancedKeyboard: true)
        let (enter, leave) = TerminalModes.sequences(for: options, support: .init())
        #expect(!enter.contains("\u{1B}[>1u") && !leave.contains("\u{1B}[<u"))
    }

    @Test func inlineAllMotionNoPaste() {
        let options = TerminalOptions(screen: .inline(), mouse: .allMotion, bracketedPaste: false)
        let (enter, leave) = TerminalModes.sequences(for: options, support: .init())
        #expect(escaped(enter) == "\\e[?25l\\e[?1000h\\e[?1003h\\e[?1006h")
        #expect(escaped(leave) == "\\e[0m\\e[?1006l\\e[?1003l\\e[?1002l\\e[?1000l\\e[?25h")
    }
}

@Suite("Inline region")
struct InlineRegionTests {
    @Test func growingPastTheBottomScrollsByTheDifference() {
        var region = InlineRegion(maxHeight: nil, cursorRow: 20, screenRows: 24)
        #expect(region.resize(to: 3) == 3)
        #expect(region.origin == 20 && region.pendingBytes.isEmpty)
        #expect(region.resize(to: 6) == 6)
        #expect(region.origin == 18)
        #expect(region.pendingBytes == Array("\u{1B}[24H\n\n".utf8))
    }

    @Test func heightIsCappedByTheScreenAndMaxHeight() {
        var region = InlineRegion(maxHeight: 5, cursorRow: 0, screenRows: 24)
        #expect(region.resize(to: 100) == 5)
        var small = InlineRegion(maxHeight: nil, cursorRow: 0, screenRows: 4)
        #expect(small.resize(to: 100) == 4)
        #expect(small.origin == 0)
    }

    @Test func printingMovesTheRegionBelowTheNewLines() {
        var region = InlineRegion(maxHeight: nil, cursorRow: 10, screenRows: 24)
        _ = region.resize(to: 2)
        let bytes = region.print("one\ntwo", columns: 80)
        #expect(bytes == Array("\u{1B}[11H\u{1B}[Jone\r\ntwo\r\n".utf8))
        #expect(region.origin == 12)
    }

    @Test func printedTextIsWrappedAndItsControlsAreShownNotSent() {
        let rows = InlineRegion.wrap("abcdef\u{1B}[2J\tx", columns: 4)
        let text = rows.map { String(decoding: $0, as: UTF8.self) }
        #expect(text == ["abcd", "ef␛[", "2J  ", "    ", "x"])
        #expect(!rows.joined().contains(0x1B))
    }

    @Test func leavingPutsTheCursorOnTheLineBelowTheLastFrame() {
        var region = InlineRegion(maxHeight: nil, cursorRow: 5, screenRows: 24)
        _ = region.resize(to: 3)
        #expect(region.leaveBytes() == Array("\u{1B}[8H\r\n".utf8))
    }
}
