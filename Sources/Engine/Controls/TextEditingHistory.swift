/// The undo and redo steps of a ``TextEditingState``: what each edit
/// replaced, grouped the way an editor's user thinks of edits.
///
/// - Typing is grouped by word: a run of typed text is one step until a
///   word character is typed after a character that is not one, so typing
///   "hello world" is two steps, "hello " and "world". Enter in an editor
///   is typed text too.
/// - A run of Backspace presses is one step, and so is a run of Delete
///   presses; typing over a selection starts a step that the typing after
///   it joins.
/// - A paste, a word deletion (Ctrl-W, Alt-D) and a line kill (Ctrl-U,
///   Ctrl-K) are a step each.
/// - Anything that moves the cursor without editing ends the step being
///   grouped, as do undo and redo: the next edit starts a new one.
/// - Undo restores the text exactly and puts back the cursor and selection
///   from before the step; redo re-applies the step and puts the cursor
///   where the edit left it. A new edit after an undo forgets the steps
///   that could have been redone.
/// - At most ``limit`` steps are kept; the oldest go first.
///
/// Steps are replacements at UTF-8 offsets, applied to the text's scalars,
/// so an edit that merged clusters (a combining mark typed after "e") is
/// undone to the very bytes there were before. Only what an edit removed is
/// stored; what it inserted is read back from the text when it is undone.
///
/// - Complexity: recording typing that continues a step is O(1); undo and
///   redo are O(n) in the text's length (the replacement moves the tail).
public struct TextEditingHistory: Sendable {
    /// The most steps kept for undo.
    public static let limit = 100

    /// One replacement: `removed` was at `offset` and is now
    /// `insertedCount` bytes of other text.
    struct Step: Sendable {
        var offset: Int
        var removed: String
        var insertedCount: Int
        /// The cursor and selection anchor (UTF-8 offsets) to restore when
        /// the step is undone, and after it is (re)done.
        var before: (cursor: Int, anchor: Int?)
        var after: (cursor: Int, anchor: Int?)
    }

    /// What kind of edit made a step: it says which edits may join it.
    enum Kind: Sendable {
        /// Typed text (and Enter in an editor).
        case typing
        case paste
        case deleteBackward
        case deleteForward
        /// Word deletions, line kills, deleting a selection.
        case other
    }

    /// Steps to undo, the newest last.
    var undoSteps: [Step] = []
    /// Steps to redo (the inverses of undone steps), the next last.
    var redoSteps: [Step] = []
    /// The kind of the newest undo step while edits may still join it;
    /// `nil` once something ended it.
    var openKind: Kind?
    /// Whether the text the open typing step ends with is a word character.
    var typedWordLast = false

    /// An empty history.
    public init() {}

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is an undone step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Ends the step being grouped: the next edit starts a new one.
    @inline(__always)
    mutating func endGroup() { openKind = nil }

    /// Records that `removed` at `offset` became `inserted` (`insertedCount`
    /// bytes), the cursor moving from `before` to `after`.
    mutating func record(_ kind: Kind, offset: Int, removed: String, inserted: String,
                         before: (cursor: Int, anchor: Int?), after: Int) {
        let insertedCount = inserted.utf8.count
        if let open = openKind, open == kind, var last = undoSteps.last {
            switch kind {
            case .typing where removed.isEmpty && offset == last.offset + last.insertedCount:
                let startsWord = Self.startsWithWordCharacter(inserted)
                if !startsWord || typedWordLast {
                    last.insertedCount += insertedCount
                    last.after = (after, nil)
                    typedWordLast = Self.endsWithWordCharacter(inserted)
                    undoSteps[undoSteps.count - 1] = last
                    return
                }
            case .deleteBackward where insertedCount == 0 && last.insertedCount == 0
                && offset + removed.utf8.count == last.offset:
                last.removed = removed + last.removed
                last.offset = offset
                last.after = (after, nil)
                undoSteps[undoSteps.count - 1] = last
                return
            case .deleteForward where insertedCount == 0 && last.insertedCount == 0 && offset == last.offset:
                last.removed += removed
                last.after = (after, nil)
                undoSteps[undoSteps.count - 1] = last
                return
            default:
                break
            }
        }
        undoSteps.append(Step(offset: offset, removed: removed, insertedCount: insertedCount, before: before,
                              after: (after, nil)))
        if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
        redoSteps.removeAll()
        switch kind {
        case .typing, .deleteBackward, .deleteForward: openKind = kind
        case .paste, .other: openKind = nil
        }
        if kind == .typing { typedWordLast = Self.endsWithWordCharacter(inserted) }
    }

    /// Whether `text` starts with a letter or digit (the word characters
    /// of word motion); ASCII without Unicode property look-ups.
    static func startsWithWordCharacter(_ text: String) -> Bool {
        guard let byte = text.utf8.first else { return false }
        if byte < 0x80 { return isASCIIWordByte(byte) }
        return text.first.map(TextEditingState.isWordCharacter) ?? false
    }

    /// Whether `text` ends with a letter or digit.
    static func endsWithWordCharacter(_ text: String) -> Bool {
        guard let byte = text.utf8.last else { return false }
        if byte < 0x80 { return isASCIIWordByte(byte) }
        return text.last.map(TextEditingState.isWordCharacter) ?? false
    }

    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
