/// Cell widths of the text, from the engine's one rule.
extension TextEditingState {
    /// The cells the text between two cluster boundaries takes, measured by
    /// ``TextSegmenter`` the way ``CellBuffer`` draws it (control characters
    /// as one-cell pictures).
    ///
    /// A single printable ASCII byte is 1 without calling the segmenter.
    ///
    /// - Complexity: O(bytes in the range); no allocation for native strings.
    func cellWidth(from start: String.Index, to end: String.Index) -> Int {
        let bytes = text.utf8[start..<end]
        if bytes.count == 1, let byte = bytes.first, byte >= 0x20 && byte < 0x7F { return 1 }
        var width = 0
        let measured: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            TextSegmenter.forEachCluster(inUTF8: buffer) { width += $0.width }
        }
        if measured == nil {
            TextSegmenter.forEachCluster(in: String(text[start..<end])) { width += $0.width }
        }
        return width
    }

    /// The cells the cursor needs to be drawn on: the cluster under it
    /// (at least one cell, a wide one two), or one cell at the end of the
    /// text or of a line; never more than `limit`.
    func cursorCellWidth(secure: Bool, lineBreaks: Bool, limit: Int) -> Int {
        guard cursor < text.endIndex else { return min(1, limit) }
        if secure { return min(1, limit) }
        if lineBreaks && Self.isLineBreak(text[cursor]) { return min(1, limit) }
        let w = cellWidth(from: cursor, to: text.index(after: cursor))
        return min(max(w, 1), limit)
    }
}
