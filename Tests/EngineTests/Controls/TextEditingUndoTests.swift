import Testing

@testable import Engine

/// Ctrl-_ (undo) and Alt-E (redo), as a legacy terminal reports them.
private let undoKey = key(.character("_"), .control)
private let redoKey = key(.character("e"), .option)

/// The state after `presses`, from `picture`.
private func state(_ picture: String, _ presses: [KeyPress], multiline: Bool = false) -> TextEditingState {
    var state = TextEditingState(picture: picture)
    for press in presses { _ = state.handle(press, multiline: multiline) }
    return state
}

@Suite("Undo and redo in text fields and editors: keys, grouping, exact restoring")
struct TextEditingUndoTests {
    @Test("typing is undone a word at a time, and redone the same way")
    func typingByWord() {
        var s = state("|", keys(typing: "hello world"))
        #expect(s.picture == "hello world|")
        #expect(s.handle(undoKey, multiline: false) == .edited)
        #expect(s.picture == "hello |")
        #expect(s.handle(undoKey, multiline: false) == .edited)
        #expect(s.picture == "|")
        #expect(s.handle(undoKey, multiline: false) == .unchanged)
        #expect(s.handle(redoKey, multiline: false) == .edited)
        #expect(s.picture == "hello |")
        #expect(s.handle(redoKey, multiline: false) == .edited)
        #expect(s.picture == "hello world|")
        #expect(s.handle(redoKey, multiline: false) == .unchanged)
    }

    @Test("a cursor move ends the step: typing after it is a step of its own")
    func moveEndsGroup() {
        var s = state("|", keys(typing: "ab") + [key(.left)] + keys(typing: "c"))
        #expect(s.picture == "ac|b")
        _ = s.handle(undoKey, multiline: false)
        // The cursor goes back to where it was before the undone step.
        #expect(s.picture == "a|b")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "|")
    }

    @Test("a run of Backspace is one step; so is a run of Delete; undo puts the cursor back")
    func deletionRuns() {
        var s = state("hello wor|ld", [key(.backspace), key(.backspace), key(.backspace), key(.backspace)])
        #expect(s.picture == "hello|ld")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "hello wor|ld")
        s = state("he|llo world", [key(.delete), key(.delete), key(.delete)])
        #expect(s.picture == "he| world")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "he|llo world")
    }

    @Test("a paste, Ctrl-W, Ctrl-U and Ctrl-K are a step each")
    func oneStepEach() {
        var s = TextEditingState(picture: "x|")
        _ = s.paste("one two three", multiline: false)
        _ = s.handle(key(.character("w"), .control), multiline: false)
        _ = s.handle(key(.character("w"), .control), multiline: false)
        #expect(s.picture == "xone |")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "xone two |")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "xone two three|")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "x|")
        s = state("ab|cd", [key(.character("k"), .control), key(.character("u"), .control)])
        #expect(s.picture == "|")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "ab|")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.picture == "ab|cd")
    }

    @Test("undo restores a replaced selection and selects it again")
    func selection() {
        var s = state("ab|cd", [key(.right, .shift), key(.right, .shift)] + keys(typing: "XY"))
        #expect(s.picture == "abXY|")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.text == "abcd")
        #expect(s.selection.map { String(s.text[$0]) } == "cd")
    }

    @Test("a new edit after an undo forgets what could have been redone")
    func editClearsRedo() {
        var s = state("|", keys(typing: "one two"))
        _ = s.handle(undoKey, multiline: false)
        _ = s.handle(.init(.character("x")), multiline: false)
        #expect(s.picture == "one x|")
        #expect(s.handle(redoKey, multiline: false) == .unchanged)
        #expect(s.picture == "one x|")
    }

    @Test("an edit that merged clusters is undone to the exact bytes (e + U+0301 → é → e)")
    func mergedClusters() {
        var s = state("e|", [.init(.left), .init(.right)] + [.init(.character("\u{301}"))])
        #expect(s.text == "e\u{301}")
        _ = s.handle(undoKey, multiline: false)
        #expect(s.text.unicodeScalars.map(\.value) == [0x65])
        #expect(s.picture == "e|")
    }

    @Test("the keys terminal users expect: Ctrl-_ / Ctrl-/ / Alt-U undo, Alt-E / Ctrl-Alt-_ redo, from the bytes terminals send")
    func keysFromBytes() {
        // Legacy: Ctrl-_ and Ctrl-/ send 0x1F; Alt-U is ESC u; Alt-E ESC e; Ctrl-Alt-_ ESC 0x1F.
        // Kitty keyboard protocol: Ctrl-/ is CSI 47;5u, Ctrl-_ (Ctrl-Shift-minus) CSI 45;6u.
        let undos = ["\u{1F}", "\u{1B}u", "\u{1B}[47;5u", "\u{1B}[45;6u"]
        let redos = ["\u{1B}e", "\u{1B}\u{1F}", "\u{1B}[47;6u"]
        for undo in undos {
            for redo in redos {
                var decoder = InputDecoder()
                var events = decoder.decode(Array(undo.utf8)) + decoder.flush()
                var redoDecoder = InputDecoder()
                events += redoDecoder.decode(Array(redo.utf8)) + redoDecoder.flush()
                var s = state("|", keys(typing: "ab"))
                var outcomes: [TextEditingState.Outcome] = []
                for case .key(let press) in events { outcomes.append(s.handle(press, multiline: true)) }
                #expect(outcomes == [.edited, .edited], "\(undo.debugDescription) then \(redo.debugDescription): \(events)")
                #expect(s.picture == "ab|")
            }
        }
        // Ctrl-Z is left to the app (suspend), Ctrl-Y to yank.
        var typed = state("|", keys(typing: "ab"))
        #expect(typed.handle(key(.character("z"), .control), multiline: false) == .ignored)
        #expect(typed.handle(key(.character("y"), .control), multiline: false) == .ignored)
    }

    @Test("setText from outside empties the history")
    func setTextClears() {
        var s = state("|", keys(typing: "ab"))
        s.setText("new")
        #expect(s.handle(undoKey, multiline: false) == .unchanged)
        #expect(s.text == "new")
    }
}

@MainActor
@Suite("Undo in the TextField and TextEditor views")
struct TextFieldUndoViewTests {
    final class Box: @unchecked Sendable { var text = "" }

    struct Form: View {
        let box: Box
        var multiline: Bool
        @State var text = ""
        @FocusState var focused: Bool
        var body: some View {
            VStack {
                if multiline {
                    TextEditor(text: $text).frame(width: 12, height: 2).focused($focused)
                } else {
                    TextField("name", text: $text).focused($focused)
                }
            }
            .onAppear { focused = true }
            .onChange(of: text) { _, new in box.text = new }
        }
    }

    @Test("Ctrl-_ undoes and Alt-E redoes in a field and an editor; the binding follows", arguments: [false, true])
    func views(multiline: Bool) {
        let box = Box()
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(Form(box: box, multiline: multiline))
        host.type("one two")
        _ = host.paste(" three")
        #expect(box.text == "one two three")
        host.press(.character("_"), modifiers: .control)
        #expect(box.text == "one two")
        #expect(host.textRows[0].hasPrefix("one two "))
        host.press(.character("_"), modifiers: .control)
        #expect(box.text == "one ")
        host.press(.character("e"), modifiers: .option)
        #expect(box.text == "one two")
        host.press(.character("e"), modifiers: .option)
        #expect(box.text == "one two three")
    }
}
