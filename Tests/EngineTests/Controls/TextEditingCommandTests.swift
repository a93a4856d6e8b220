import Testing

@testable import Engine

@Suite("Text editing key table: what each key asks for, and what bubbles")
struct TextEditingCommandTests {
    typealias C = TextEditingCommand

    static let bindings: [(KeyPress, C)] = [
        (key(.character("a")), .insert("a")),
        (key(.character("A"), .shift), .insert("A")),
        (key(.character("漢")), .insert("漢")),
        (key(.character("👩‍👩‍👧‍👦")), .insert("👩‍👩‍👧‍👦")),
        (key(.character(" ")), .insert(" ")),
        (key(.character("a"), .capsLock), .insert("a")),
        (key(.backspace), .deleteBackward),
        (key(.character("h"), .control), .deleteBackward),
        (key(.delete), .deleteForward),
        (key(.character("d"), .control), .deleteForward),
        (key(.character("w"), .control), .deleteWordBackward),
        (key(.backspace, .option), .deleteWordBackward),
        (key(.backspace, .control), .deleteWordBackward),
        (key(.character("d"), .option), .deleteWordForward),
        (key(.delete, .control), .deleteWordForward),
        (key(.character("u"), .control), .deleteToLineStart),
        (key(.character("k"), .control), .deleteToLineEnd),
        (key(.left), .move(.left, selecting: false)),
        (key(.right), .move(.right, selecting: false)),
        (key(.character("b"), .control), .move(.left, selecting: false)),
        (key(.character("f"), .control), .move(.right, selecting: false)),
        (key(.left, .option), .move(.wordLeft, selecting: false)),
        (key(.left, .control), .move(.wordLeft, selecting: false)),
        (key(.character("b"), .option), .move(.wordLeft, selecting: false)),
        (key(.right, .option), .move(.wordRight, selecting: false)),
        (key(.right, .control), .move(.wordRight, selecting: false)),
        (key(.character("f"), .option), .move(.wordRight, selecting: false)),
        (key(.home), .move(.lineStart, selecting: false)),
        (key(.character("a"), .control), .move(.lineStart, selecting: false)),
        (key(.end), .move(.lineEnd, selecting: false)),
        (key(.character("e"), .control), .move(.lineEnd, selecting: false)),
        (key(.home, .control), .move(.textStart, selecting: false)),
        (key(.end, .control), .move(.textEnd, selecting: false)),
        (key(.left, .shift), .move(.left, selecting: true)),
        (key(.right, [.shift, .option]), .move(.wordRight, selecting: true)),
        (key(.end, .shift), .move(.lineEnd, selecting: true)),
        (key(.enter), .submit),
        (key(.enter, .shift), .submit),
    ]

    @Test("single-line bindings", arguments: bindings)
    func singleLine(press: KeyPress, command: C) {
        #expect(C(press, multiline: false) == command)
    }

    @Test("a key repeat edits like a press")
    func repeats() {
        #expect(C(KeyPress(.backspace, phase: .repeat), multiline: false) == .deleteBackward)
    }

    @Test("multi-line: Enter inserts a line break, Up/Down move between lines")
    func multiline() {
        #expect(C(key(.enter), multiline: true) == .insertNewline)
        #expect(C(key(.up), multiline: true) == .move(.up, selecting: false))
        #expect(C(key(.down, .shift), multiline: true) == .move(.down, selecting: true))
    }

    static let ignored: [KeyPress] = [
        key(.tab), key(.tab, .shift), key(.escape), key(.function(1)), key(.function(12), .shift),
        key(.insert), key(.pageUp), key(.pageDown), key(.up), key(.down),
        key(.character("c"), .control), key(.character("z"), .control), key(.character("l"), .control),
        key(.character(" "), .control), key(.character("1"), .option), key(.character("x"), .option),
        key(.character("a"), .command), key(.character("a"), .hyper), key(.character("a"), .meta),
        key(.character("x"), [.control, .option]), key(.enter, .control), key(.enter, .option),
        key(.up, .control), key(.home, .option),
        KeyPress(.character("a"), phase: .up), KeyPress(.backspace, phase: .up),
        key(.character("\u{1B}")), key(.character("\u{7F}")), key(.character("\r\n")),
    ]

    @Test("keys that are not editing keys are ignored and change nothing", arguments: ignored)
    func ignoredKeys(press: KeyPress) {
        var state = TextEditingState(picture: "ab|c")
        let before = state
        #expect(state.handle(press, multiline: false) == .ignored)
        #expect(state == before)
    }

    @Test("Up and Down are ignored in a single-line field but not in an editor")
    func arrowsBubbleInAField() {
        var state = TextEditingState(picture: "a\nb|")
        #expect(state.handle(key(.up), multiline: false) == .ignored)
        #expect(state.handle(key(.up), multiline: true) == .moved)
    }
}
