/// Undo and redo: walking the ``TextEditingState/history``.
extension TextEditingState {
    /// Takes back the newest step of ``history``: the text is exactly what
    /// it was before the step, and the cursor and selection are back where
    /// they were (Ctrl-_, Ctrl-/ or Alt-U; see ``TextEditingCommand``).
    ///
    /// - Returns: ``Outcome/edited``, or ``Outcome/unchanged`` when there is
    ///   nothing to undo.
    /// - Complexity: O(n) in the text's length.
    @discardableResult
    public mutating func undo() -> Outcome {
        guard let step = history.popUndo() else {
            history.endGroup()
            return .unchanged
        }
        history.pushRedo(apply(step))
        return .edited
    }

    /// Re-applies the step the last ``undo()`` took back, the cursor where
    /// the edit left it (Alt-E, Ctrl-Alt-_; see ``TextEditingCommand``).
    ///
    /// - Returns: ``Outcome/edited``, or ``Outcome/unchanged`` when there is
    ///   nothing to redo (nothing was undone, or an edit came after).
    /// - Complexity: O(n) in the text's length.
    @discardableResult
    public mutating func redo() -> Outcome {
        guard let step = history.popRedo() else {
            history.endGroup()
            return .unchanged
        }
        history.pushUndo(apply(step))
        return .edited
    }

    /// Puts `step.removed` back in place of the `step.insertedCount` bytes
    /// at `step.offset`, and the cursor and selection where they were before
    /// it; returns the step that takes this back.
    private mutating func apply(_ step: TextEditingHistory.Step) -> TextEditingHistory.Step {
        let lower = index(utf8Offset: step.offset)
        let upper = index(utf8Offset: step.offset + step.insertedCount)
        // Scalars, not characters: the offsets are scalar boundaries but not
        // always cluster boundaries (an edit may have merged clusters), and
        // the bytes must come back exactly.
        let current = String(text.unicodeScalars[lower..<upper])
        text.unicodeScalars.replaceSubrange(lower..<upper, with: step.removed.unicodeScalars)
        cursor = roundedDown(index(utf8Offset: step.before.cursor))
        selectionAnchor = step.before.anchor.map { roundedDown(index(utf8Offset: $0)) }
        if selectionAnchor == cursor { selectionAnchor = nil }
        goalColumn = nil
        return TextEditingHistory.Step(offset: step.offset, removed: current, insertedCount: step.removed.utf8.count,
                                       before: step.after, after: step.before)
    }
}
