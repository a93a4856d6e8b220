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

    /// The steps, shared between copies until one changes them.
    final class Storage: @unchecked Sendable {
        /// Steps to undo, the newest last.
        var undoSteps: [Step] = []
        /// Steps to redo (the inverses of undone steps), the next last.
        var redoSteps: [Step] = []
        /// The kind of the newest undo step while edits may still join it;
        /// `nil` once something ended it.
        var openKind: Kind?
        /// Whether the text the open typing step ends with is a word character.
        var typedWordLast = false

        init() {}

        init(copying other: Storage) {
            undoSteps = other.undoSteps
            redoSteps = other.redoSteps
            openKind = other.openKind
            typedWordLast = other.typedWordLast
        }
    }

    /// `nil` until the first edit.
    private var storage: Storage?

    /// An empty history.
    public init() {}

    /// Whether there is a step to undo.
    public var canUndo: Bool { storage.map { !$0.undoSteps.isEmpty } ?? false }
    /// Whether there is an undone step to redo.
    public var canRedo: Bool { storage.map { !$0.redoSteps.isEmpty } ?? false }

    /// The storage, this history's own (copied first when shared).
    private mutating func unique() -> Storage {
        // No reference may be taken before the check: it would count.
        if storage == nil {
            storage = Storage()
        } else if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage!)
        }
        return storage!
    }

    /// Ends the step being grouped: the next edit starts a new one.
    @inline(__always)
    mutating func endGroup() {
        guard storage?.openKind != nil else { return }
        unique().openKind = nil
    }

    /// Takes the newest undo step off, ending any grouping.
    mutating func popUndo() -> Step? {
        guard storage?.undoSteps.isEmpty == false else { return nil }
        let s = unique()
        s.openKind = nil
        return s.undoSteps.popLast()
    }

    /// Takes the next redo step off, ending any grouping.
    mutating func popRedo() -> Step? {
        guard storage?.redoSteps.isEmpty == false else { return nil }
        let s = unique()
        s.openKind = nil
        return s.redoSteps.popLast()
    }

    /// Keeps `step` to undo (the inverse of a redone step), without
    /// forgetting the redo steps after it.
    mutating func pushUndo(_ step: Step) { unique().undoSteps.append(step) }

    /// Keeps `step` to redo (the inverse of an undone step).
    mutating func pushRedo(_ step: Step) { unique().redoSteps.append(step) }

    /// Records that `removed` at `offset` became `inserted`, the cursor
    /// moving from `before` to `after`.
    mutating func record(_ kind: Kind, offset: Int, removed: String, inserted: String,
                         before: (cursor: Int, anchor: Int?), after: Int) {
        let s = unique()
        let insertedCount = inserted.utf8.count
        if let open = s.openKind, open == kind, let last = s.undoSteps.indices.last {
            // Joined in place: the step's strings are not copied.
            switch kind {
            case .typing where removed.isEmpty && offset == s.undoSteps[last].offset + s.undoSteps[last].insertedCount:
                let (startsWord, endsWord) = Self.wordEnds(inserted)
                if !startsWord || s.typedWordLast {
                    s.undoSteps[last].insertedCount += insertedCount
                    s.undoSteps[last].after = (after, nil)
                    s.typedWordLast = endsWord
                    return
                }
            case .deleteBackward where insertedCount == 0 && s.undoSteps[last].insertedCount == 0
                && offset + removed.utf8.count == s.undoSteps[last].offset:
                s.undoSteps[last].removed = removed + s.undoSteps[last].removed
                s.undoSteps[last].offset = offset
                s.undoSteps[last].after = (after, nil)
                return
            case .deleteForward where insertedCount == 0 && s.undoSteps[last].insertedCount == 0
                && offset == s.undoSteps[last].offset:
                s.undoSteps[last].removed += removed
                s.undoSteps[last].after = (after, nil)
                return
            default:
                break
            }
        }
        s.undoSteps.append(Step(offset: offset, removed: removed, insertedCount: insertedCount, before: before,
                                after: (after, nil)))
        if s.undoSteps.count > Self.limit { s.undoSteps.removeFirst(s.undoSteps.count - Self.limit) }
        if !s.redoSteps.isEmpty { s.redoSteps.removeAll() }
        switch kind {
        case .typing, .deleteBackward, .deleteForward: s.openKind = kind
        case .paste, .other: s.openKind = nil
        }
        if kind == .typing { s.typedWordLast = Self.wordEnds(inserted).last }
    }

    /// Whether `text` starts, and whether it ends, with a letter or digit
    /// (the word characters of word motion); ASCII without Unicode property
    /// look-ups.
    static func wordEnds(_ text: String) -> (first: Bool, last: Bool) {
        let utf8 = text.utf8
        guard let first = utf8.first else { return (false, false) }
        if utf8.count == 1 {
            let isWord = isASCIIWordByte(first)
            return (isWord, isWord)
        }
        let starts = first < 0x80 ? isASCIIWordByte(first) : text.first.map(TextEditingState.isWordCharacter) ?? false
        let lastByte = utf8[utf8.index(before: utf8.endIndex)]
        let ends = lastByte < 0x80 ? isASCIIWordByte(lastByte) : text.last.map(TextEditingState.isWordCharacter) ?? false
        return (starts, ends)
    }

    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
