/// The editing model behind `TextField`, `SecureField` and `TextEditor`: a
/// text, an insertion point and an optional selection, changed by key
/// presses and pastes. A plain value: no views, no I/O.
///
/// A view keeps one of these per field, feeds it ``handle(_:multiline:wrapWidth:)``
/// and ``paste(_:multiline:)``, and draws what
/// ``visibleLine(width:scrollOffset:secure:)`` (one line) or
/// ``visibleLines(width:height:scroll:wrapping:)`` (an editor) returns.
///
/// ```swift
/// var field = TextEditingState(text: "hello")
/// _ = field.handle(KeyPress(.character("!")), multiline: false)   // .edited
/// _ = field.handle(KeyPress(.left, modifiers: .option), multiline: false)   // .moved
/// var offset = 0
/// let line = field.visibleLine(width: 10, scrollOffset: &offset)
/// ```
///
/// ## Clusters and widths
///
/// The unit of editing is the grapheme cluster as Swift's `Character` sees
/// it (CJK, emoji ZWJ sequences, flags, a base with its combining marks,
/// a Hangul jamo syllable each count as one). Widths on screen come from the
/// engine's one rule, ``TextSegmenter`` / ``GraphemeWidth``: a cluster's
/// width is the sum of the widths of the libunistring clusters inside it,
/// which is what ``CellBuffer`` draws for the same text.
///
/// ## Invariants
///
/// - ``cursor`` and ``selectionAnchor`` are always cluster boundaries of
///   ``text``: an element of `text.indices` or `text.endIndex`, never inside
///   a cluster. An edit that merges clusters (typing U+0301 after "e",
///   deleting what separated two regional indicators) moves the insertion
///   point to the end (insertion) or the start (deletion) of the merged
///   cluster.
/// - Insertions never add control characters (C0, DEL, C1); in a
///   multi-line editor the one exception is the line break `"\n"`.
/// - With a ``maxLength``, insertions never grow ``text`` beyond it
///   (counted in `Character`s).
///
/// Checked by `checkInvariants()` in debug builds after every command.
///
/// ## Undo
///
/// Every edit is recorded in ``history`` (see ``TextEditingHistory`` for
/// how edits are grouped into steps); ``undo()`` and ``redo()`` (Ctrl-_ and
/// Alt-E, see ``TextEditingCommand``) walk it. Equality compares what a
/// field shows and how its keys move — the text, the cursor, the selection,
/// the length limit, the goal column — not the history.
///
/// ## Cost
///
/// Typing at the end of the text appends to the `String` in place
/// (amortised O(1) while the state's storage is uniquely referenced) and
/// checks one cluster boundary; with a ``maxLength`` set it also counts the
/// text's clusters (O(n)). Moving by cluster or word is O(distance);
/// Home/End in a multi-line editor scan the line's bytes.
public struct TextEditingState: Equatable, Sendable {
    /// What a key press or paste did, so the view knows whether to redraw,
    /// write back its binding, submit, or let the event bubble.
    public enum Outcome: Hashable, Sendable {
        /// The text changed (the cursor may have moved too).
        case edited
        /// Only the cursor or the selection moved.
        case moved
        /// Enter in a single-line field: the view runs its submit action.
        case submit
        /// An editing key that had nothing to do (Backspace at the start,
        /// Left at the start, a character beyond ``maxLength``): consumed,
        /// nothing to redraw.
        case unchanged
        /// Not an editing key (Tab, Esc, F-keys, Ctrl-C, …): pass it on.
        case ignored
    }

    /// The text being edited.
    public internal(set) var text: String

    /// The insertion point: a cluster boundary of ``text``.
    public internal(set) var cursor: String.Index

    /// The other end of the selection, when one is being made (Shift with a
    /// motion); the selection is the text between it and ``cursor``.
    public internal(set) var selectionAnchor: String.Index?

    /// The most clusters insertions may grow the text to; `nil` for no
    /// limit. Setting it does not truncate the current text.
    public var maxLength: Int?

    /// The column Up and Down aim for, kept across consecutive Up/Down
    /// presses so a short line in between does not lose it.
    var goalColumn: Int?

    /// The edits that ``undo()`` and ``redo()`` can take back and re-apply.
    /// Starts empty, and empties when ``setText(_:)`` replaces the text.
    public internal(set) var history = TextEditingHistory()

    /// A state holding `text` with the cursor at its end and no selection.
    ///
    /// The text is kept as given, control characters included (they are
    /// drawn as control pictures, one cell each); only insertions filter.
    public init(text: String = "", maxLength: Int? = nil) {
        self.text = text
        self.cursor = text.endIndex
        self.selectionAnchor = nil
        self.maxLength = maxLength
        self.goalColumn = nil
    }

    /// Whether `a` and `b` show the same and move the same: text, cursor,
    /// selection, length limit and goal column (not the undo history).
    public static func == (a: TextEditingState, b: TextEditingState) -> Bool {
        a.cursor == b.cursor && a.selectionAnchor == b.selectionAnchor && a.goalColumn == b.goalColumn
            && a.maxLength == b.maxLength && a.text == b.text
    }

    /// This state without its undo history: what a view needs to draw it,
    /// cheap to copy and compare, and never sharing the history's storage
    /// with the state that keeps editing (which would copy it on the next
    /// edit).
    var withoutHistory: TextEditingState {
        TextEditingState(text: text, cursor: cursor, selectionAnchor: selectionAnchor, maxLength: maxLength,
                         goalColumn: goalColumn)
    }

    /// A state with these fields and no history.
    private init(text: String, cursor: String.Index, selectionAnchor: String.Index?, maxLength: Int?,
                 goalColumn: Int?) {
        self.text = text
        self.cursor = cursor
        self.selectionAnchor = selectionAnchor
        self.maxLength = maxLength
        self.goalColumn = goalColumn
    }

    /// The selected text's range, or `nil` when nothing (or nothing
    /// non-empty) is selected.
    public var selection: Range<String.Index>? {
        guard let anchor = selectionAnchor, anchor != cursor else { return nil }
        return anchor < cursor ? anchor..<cursor : cursor..<anchor
    }

    /// The cursor as a UTF-8 offset into ``text``.
    public var cursorOffset: Int { text.utf8.distance(from: text.startIndex, to: cursor) }

    /// Replaces the whole text (the bound value changed from outside), with
    /// the cursor at its end and no selection. Does nothing when `newText`
    /// equals the current text, so a view may call it on every update.
    public mutating func setText(_ newText: String) {
        guard newText != text else { return }
        self = TextEditingState(text: newText, maxLength: maxLength)
    }

    /// Moves the cursor to `index` (rounded down to a cluster boundary,
    /// clamped to the text), clearing the selection unless `selecting`.
    public mutating func moveCursor(to index: String.Index, selecting: Bool = false) {
        history.endGroup()
        let target = roundedDown(index)
        if selecting {
            if selectionAnchor == nil { selectionAnchor = cursor }
        } else {
            selectionAnchor = nil
        }
        cursor = target
        goalColumn = nil
    }
}

// MARK: - Index arithmetic shared by the concerns

extension TextEditingState {
    /// The index `offset` UTF-8 bytes into the text (clamped). O(1) for
    /// native strings; the result is not necessarily a cluster boundary.
    @inline(__always)
    func index(utf8Offset offset: Int) -> String.Index {
        let clamped = min(max(offset, 0), text.utf8.count)
        return text.utf8.index(text.startIndex, offsetBy: clamped)
    }

    /// `i` if it is a cluster boundary, else the start of the cluster it
    /// falls inside. Indices past the end give `endIndex`.
    func roundedDown(_ i: String.Index) -> String.Index {
        if i >= text.endIndex { return text.endIndex }
        if i <= text.startIndex { return text.startIndex }
        if let same = i.samePosition(in: text) { return same }
        // `index(after:)` rounds a mid-cluster index down first (SE-0180
        // semantics, Swift 5.7+), so this is the containing cluster's start.
        return text.index(before: text.index(after: i))
    }

    /// `i` if it is a cluster boundary, else the end of the cluster it
    /// falls inside.
    func roundedUp(_ i: String.Index) -> String.Index {
        let down = roundedDown(i)
        return down == i || down == text.endIndex ? down : text.index(after: down)
    }

    /// Whether `c` ends a line in a multi-line editor.
    @inline(__always)
    static func isLineBreak(_ c: Character) -> Bool { c == "\n" || c == "\r\n" }

    /// Checks the type's invariants (debug builds only).
    func checkInvariants() {
        #if DEBUG
        precondition(cursor >= text.startIndex && cursor <= text.endIndex, "cursor out of the text")
        precondition(cursor == text.endIndex || cursor.samePosition(in: text) != nil,
                     "cursor inside a grapheme cluster")
        if let anchor = selectionAnchor {
            precondition(anchor == text.endIndex || anchor.samePosition(in: text) != nil,
                         "selection anchor inside a grapheme cluster")
        }
        #endif
    }
}
