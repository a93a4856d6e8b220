/// Changing the text: inserting, deleting, and the filter pasted and typed
/// text goes through.
extension TextEditingState {
    /// Inserts `newText` at the cursor, replacing the selection if there is
    /// one; the cursor ends after the inserted text.
    ///
    /// The text is data, never control (see ``sanitized(_:multiline:)``):
    /// control characters are dropped; in a single-line field line breaks
    /// become spaces. With a ``maxLength``, only as many clusters as fit are
    /// inserted.
    ///
    /// - Returns: ``Outcome/edited``, or ``Outcome/unchanged`` when nothing
    ///   was left to insert.
    /// - Complexity: amortised O(m) at the end of the text for m inserted
    ///   bytes; O(n) elsewhere (the tail moves), and O(n) with a
    ///   ``maxLength``.
    @discardableResult
    public mutating func insert(_ newText: String, multiline: Bool) -> Outcome {
        insert(newText, multiline: multiline, as: .typing)
    }

    /// ``insert(_:multiline:)``, recorded for undo as `kind`.
    mutating func insert(_ newText: String, multiline: Bool, as kind: TextEditingHistory.Kind) -> Outcome {
        var insertion = Self.sanitized(newText, multiline: multiline)
        guard !insertion.isEmpty else { return .unchanged }
        let range = selection ?? cursor..<cursor
        if let maxLength {
            let kept = text.count - text[range].count
            let room = maxLength - kept
            guard room > 0 else { return .unchanged }
            if insertion.count > room { insertion = String(insertion.prefix(room)) }
        }
        replace(range, with: insertion, as: kind)
        return .edited
    }

    /// Pastes `pasted` (an ``InputEvent/paste(_:)``'s text) as data: the same
    /// as ``insert(_:multiline:)``, and one undo step of its own.
    @discardableResult
    public mutating func paste(_ pasted: String, multiline: Bool) -> Outcome {
        insert(pasted, multiline: multiline, as: .paste)
    }

    /// What ``insert(_:multiline:)`` inserts for `text`.
    ///
    /// - CR LF, CR and LF are one line break each: `"\n"` when `multiline`,
    ///   a space otherwise (so pasted lines stay apart as words).
    /// - A tab becomes one space (a tab has no width of its own in a cell
    ///   grid).
    /// - Every other control character (C0, DEL, C1) is dropped.
    ///
    /// Everything else is kept, format characters such as ZWJ included (an
    /// emoji sequence needs them).
    ///
    /// - Complexity: O(n); text with no byte below 0x20, no DEL and no
    ///   C1 lead byte is returned as is.
    public static func sanitized(_ text: String, multiline: Bool) -> String {
        var clean = true
        // 0xC2 leads U+0080…U+00BF, which holds the C1 controls: a cheap,
        // conservative test that keeps the typed-character path free of work.
        for byte in text.utf8 where byte < 0x20 || byte == 0x7F || byte == 0xC2 {
            clean = false
            break
        }
        if clean { return text }
        let lineBreak: Unicode.Scalar = multiline ? "\n" : " "
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            let wasAfterCR = afterCR
            afterCR = false
            switch scalar.value {
            case 0x0D:
                out.append(lineBreak)
                afterCR = true
            case 0x0A:
                if !wasAfterCR { out.append(lineBreak) }
            case 0x09:
                out.append(" ")
            case let value where TextSegmenter.replacement(forControl: value) != nil:
                continue
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Deletes the cluster before the cursor (Backspace), or the selection.
    @discardableResult
    public mutating func deleteBackward() -> Outcome {
        deleteSelectionOr(.deleteBackward) { state in
            state.cursor > state.text.startIndex ? state.text.index(before: state.cursor)..<state.cursor : nil
        }
    }

    /// Deletes the cluster after the cursor (Delete), or the selection.
    @discardableResult
    public mutating func deleteForward() -> Outcome {
        deleteSelectionOr(.deleteForward) { state in
            state.cursor < state.text.endIndex ? state.cursor..<state.text.index(after: state.cursor) : nil
        }
    }

    /// Deletes from the start of the word before the cursor to the cursor
    /// (Ctrl-W, Alt-Backspace), or the selection.
    @discardableResult
    public mutating func deleteWordBackward() -> Outcome {
        deleteSelectionOr(.other) { state in state.wordStart(before: state.cursor)..<state.cursor }
    }

    /// Deletes from the cursor to the end of the next word (Alt-D), or the
    /// selection.
    @discardableResult
    public mutating func deleteWordForward() -> Outcome {
        deleteSelectionOr(.other) { state in state.cursor..<state.wordEnd(after: state.cursor) }
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U), or the
    /// selection. In a multi-line editor, at the start of a line it deletes
    /// the line break before it (joining the lines).
    @discardableResult
    public mutating func deleteToLineStart(multiline: Bool) -> Outcome {
        deleteSelectionOr(.other) { state in
            guard multiline else { return state.text.startIndex..<state.cursor }
            let start = state.lineStart(of: state.cursor)
            if start == state.cursor && start > state.text.startIndex {
                return state.text.index(before: start)..<start
            }
            return start..<state.cursor
        }
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K), or the
    /// selection. In a multi-line editor, at the end of a line it deletes
    /// the line break (joining the lines), as Emacs does.
    @discardableResult
    public mutating func deleteToLineEnd(multiline: Bool) -> Outcome {
        deleteSelectionOr(.other) { state in
            guard multiline else { return state.cursor..<state.text.endIndex }
            let end = state.lineEnd(of: state.cursor)
            if end == state.cursor && end < state.text.endIndex {
                return end..<state.text.index(after: end)
            }
            return state.cursor..<end
        }
    }

    /// Deletes the selection if there is one (one undo step of its own),
    /// else the range `target` computes (nil or empty: nothing to delete),
    /// recorded as `kind`.
    private mutating func deleteSelectionOr(_ kind: TextEditingHistory.Kind,
                                            _ target: (Self) -> Range<String.Index>?) -> Outcome {
        let selected = selection
        let range = selected ?? target(self)
        guard let range, !range.isEmpty else {
            selectionAnchor = nil
            goalColumn = nil
            return .unchanged
        }
        replace(range, with: "", as: selected == nil ? kind : .other)
        return .edited
    }

    /// Replaces `range` (cluster boundaries) with `replacement`, already
    /// sanitised, and records it for undo as `kind`; the cursor goes after
    /// the replacement, rounded up to a boundary when the edit merged
    /// clusters (deleting: rounded down). Clears the selection and the goal
    /// column.
    mutating func replace(_ range: Range<String.Index>, with replacement: String, as kind: TextEditingHistory.Kind) {
        let utf8 = text.utf8
        let lower = utf8.distance(from: text.startIndex, to: range.lowerBound)
        let before = (cursor: utf8.distance(from: text.startIndex, to: cursor),
                      anchor: selectionAnchor.map { utf8.distance(from: text.startIndex, to: $0) })
        // Copied out before the text changes (a slice would share, and so
        // copy, the text's storage).
        let removed = range.isEmpty ? "" : String(text[range])
        if range.isEmpty && range.lowerBound == text.endIndex {
            // Typing at the end: append in place, no index arithmetic on the tail.
            text.append(contentsOf: replacement)
        } else {
            text.replaceSubrange(range, with: replacement)
        }
        let after = index(utf8Offset: lower + replacement.utf8.count)
        cursor = replacement.isEmpty ? roundedDown(after) : roundedUp(after)
        selectionAnchor = nil
        goalColumn = nil
        history.record(kind, offset: lower, removed: removed, inserted: replacement, before: before,
                       after: text.utf8.distance(from: text.startIndex, to: cursor))
    }
}
