extension TextLayout {
    /// Draws the lines into `buffer`, the first at row `y`, each aligned
    /// within the `width` columns that start at `x`, clipped to `clip`.
    ///
    /// Only the lines' own cells are written: the rest of the frame keeps
    /// what it had (a background is another view's job). A line wider than
    /// `width` overhangs on the side its alignment dictates, subject to the
    /// clip. Wide characters cut by the clip show as blanks, as
    /// ``CellBuffer/write(_:x:y:style:clip:)`` draws them.
    ///
    /// ```swift
    /// TextLayout("ab\ncdef", proposedWidth: nil)
    ///     .draw(into: buffer, x: 0, y: 0, width: 6, style: 0, alignment: .center, clip: buffer.bounds)
    /// // rows: "  ab  ", " cdef "
    /// ```
    ///
    /// - Complexity: O(visible lines × their length); rows outside the clip
    ///   are skipped without segmenting.
    public func draw(
        into buffer: CellBuffer, x: Int, y: Int, width: Int, style: StyleID, alignment: TextAlignment, clip: Rect
    ) {
        let area = clip.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        let first = Swift.max(0, area.y - y)
        let last = Swift.min(lines.count, area.maxY - y)
        guard first < last else { return }
        for index in first..<last {
            let line = lines[index]
            let offset: Int
            switch alignment {
            case .leading: offset = 0
            // Floor division: the odd column goes to the right.
            case .center: offset = (width - line.width) >> 1
            case .trailing: offset = width - line.width
            }
            buffer.write(line.text, x: x + offset, y: y + index, style: style, clip: area)
        }
    }
}
