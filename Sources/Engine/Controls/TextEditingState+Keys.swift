/// Key presses and commands: the entry points a view calls.
extension TextEditingState {
    /// Applies the key `press` (see ``TextEditingCommand`` for the table).
    ///
    /// - Parameters:
    ///   - press: The key, with its modifiers.
    ///   - multiline: The field is a multi-line editor: Enter inserts a
    ///     line break, Up/Down move between lines, Home/End and
    ///     Ctrl-U/Ctrl-K work on the current line. Otherwise Enter is
    ///     ``Outcome/submit`` and Up/Down are ignored.
    ///   - wrapWidth: In a multi-line editor whose lines soft-wrap, the
    ///     width they wrap at: Up/Down, Home/End move by the rows on screen
    ///     (``visibleLines(width:height:scroll:wrapping:)``). `nil`: each line is
    ///     one row.
    /// - Returns: what happened; ``Outcome/ignored`` for keys that are not
    ///   editing keys, which the view should let bubble.
    public mutating func handle(_ press: KeyPress, multiline: Bool, wrapWidth: Int? = nil) -> Outcome {
        guard let command = TextEditingCommand(press, multiline: multiline) else { return .ignored }
        return perform(command, multiline: multiline, wrapWidth: wrapWidth)
    }

    /// Carries out `command` (`wrapWidth` as in ``handle(_:multiline:wrapWidth:)``).
    @discardableResult
    public mutating func perform(_ command: TextEditingCommand, multiline: Bool, wrapWidth: Int? = nil) -> Outcome {
        let outcome: Outcome
        switch command {
        case .insert(let newText):
            outcome = insert(newText, multiline: multiline)
        case .insertNewline:
            outcome = insert("\n", multiline: true)
        case .submit:
            outcome = .submit
        case .deleteBackward:
            outcome = deleteBackward()
        case .deleteForward:
            outcome = deleteForward()
        case .deleteWordBackward:
            outcome = deleteWordBackward()
        case .deleteWordForward:
            outcome = deleteWordForward()
        case .deleteToLineStart:
            outcome = deleteToLineStart(multiline: multiline)
        case .deleteToLineEnd:
            outcome = deleteToLineEnd(multiline: multiline)
        case .move(let motion, let selecting):
            outcome = move(motion, selecting: selecting, multiline: multiline, wrapWidth: wrapWidth)
        case .undo:
            outcome = undo()
        case .redo:
            outcome = redo()
        }
        checkInvariants()
        return outcome
    }
}
