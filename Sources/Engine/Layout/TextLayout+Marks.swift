extension TextLayout {
    /// Marks the cells the lines cover, as ``draw(into:x:y:width:style:alignment:clip:)``
    /// places them, as text in `buffer` (clipped to `clip`), and marks how a
    /// line that a soft wrap continues joins the next: directly (a word
    /// broken at the edge) or with a space (the spaces a wrap drops). A line
    /// that a "\n" ends, or that was truncated, ends hard.
    ///
    /// `source` is the text that was laid out: the lines' `head` ranges are
    /// offsets into it.
    ///
    /// - Complexity: O(visible lines + the bytes between them).
    func markText(in buffer: CellBuffer, source: String, x: Int, y: Int, width: Int, alignment: TextAlignment,
                  clip: Rect)
    {
        let area = clip.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        let first = Swift.max(0, area.y - y)
        let last = Swift.min(lines.count, area.maxY - y)
        guard first < last else { return }
        let utf8 = source.utf8
        for index in first..<last {
            let line = lines[index]
            let start = x + alignment.offset(ofLine: line.width, in: width)
            let end = start + line.width
            buffer.markText(y: y + index, from: Swift.max(start, area.x), to: Swift.min(end, area.maxX))
            guard index + 1 < lines.count, line.tail == nil, line.width > 0, end - 1 >= area.x, end - 1 < area.maxX
            else { continue }
            let gapStart = line.head.upperBound, gapEnd = lines[index + 1].head.lowerBound
            guard gapStart <= gapEnd, gapEnd <= utf8.count else { continue }
            // Between the two lines the source holds nothing (a word broken),
            // spaces (a soft wrap), or a line break (a hard end).
            var spaced = false
            var i = utf8.index(utf8.startIndex, offsetBy: gapStart)
            let stop = utf8.index(utf8.startIndex, offsetBy: gapEnd)
            var hard = false
            while i < stop {
                let byte = utf8[i]
                if byte == 0x0A || byte == 0x0D {
                    hard = true
                    break
                }
                spaced = true
                i = utf8.index(after: i)
            }
            if hard { continue }
            buffer.addMark(spaced ? .joinsNextRowWithSpace : .joinsNextRow, x: end - 1, y: y + index)
        }
    }
}
