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
            let offset = alignment.offset(ofLine: line.width, in: width)
            buffer.write(line.text, x: x + offset, y: y + index, style: style, clip: area)
        }
    }
}

extension TextLayout {
    /// A style from a UTF-8 offset of the source up to `end` (exclusive),
    /// from where the previous run ended.
    struct StyledRun: Equatable {
        var end: Int
        var style: StyleID
    }

    /// Draws the lines as ``draw(into:x:y:width:style:alignment:clip:)``
    /// does, each piece of `source` in the style of the run it falls in
    /// (`runs` ascending by `end`, the last ending at or after the source's
    /// end). An ellipsis takes the style of the text before it.
    func draw(
        into buffer: CellBuffer, source: String, runs: [StyledRun], x: Int, y: Int, width: Int,
        alignment: TextAlignment, clip: Rect
    ) {
        guard let lastStyle = runs.last?.style else { return }
        let area = clip.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        let first = Swift.max(0, area.y - y)
        let last = Swift.min(lines.count, area.maxY - y)
        guard first < last else { return }
        let utf8 = source.utf8
        /// The first run ending after `offset` (binary search: a text of
        /// thousands of pieces draws in O(pieces × log pieces)).
        func runIndex(at offset: Int) -> Int {
            var low = 0, high = runs.count
            while low < high {
                let mid = (low + high) / 2
                if runs[mid].end <= offset { low = mid + 1 } else { high = mid }
            }
            return low
        }
        func style(at offset: Int) -> StyleID {
            let i = runIndex(at: offset)
            return i < runs.count ? runs[i].style : lastStyle
        }
        for index in first..<last {
            let line = lines[index]
            var column = x + alignment.offset(ofLine: line.width, in: width)
            let row = y + index
            let lineStart = column
            /// Writes `source[start..<end]`; with `line.tabSize`, each tab
            /// as the spaces to the next stop from the line's start, in the
            /// piece's style, as the layout measured it.
            func write(_ start: Int, _ end: Int, style: StyleID) {
                var from = utf8.index(utf8.startIndex, offsetBy: start)
                let to = utf8.index(from, offsetBy: end - start)
                if line.tabSize > 0 {
                    var i = from
                    while i < to {
                        if utf8[i] == 0x09 {
                            if from < i {
                                column = buffer.write(String(decoding: utf8[from..<i], as: UTF8.self), x: column, y: row,
                                                      style: style, clip: area)
                            }
                            let spaces = line.tabSize - (column - lineStart) % line.tabSize
                            column = buffer.write(String(repeating: " ", count: spaces), x: column, y: row, style: style,
                                                  clip: area)
                            from = utf8.index(after: i)
                        }
                        i = utf8.index(after: i)
                    }
                    guard from < to else { return }
                }
                column = buffer.write(String(decoding: utf8[from..<to], as: UTF8.self), x: column, y: row, style: style,
                                      clip: area)
            }
            func drawPieces(_ range: Range<Int>) {
                var start = range.lowerBound
                var i = runIndex(at: start)
                while start < range.upperBound {
                    var end = range.upperBound
                    var runStyle = lastStyle
                    // Runs are ascending: the next piece's run is at or after this one.
                    while i < runs.count && runs[i].end <= start { i += 1 }
                    if i < runs.count {
                        end = Swift.min(end, runs[i].end)
                        runStyle = runs[i].style
                    }
                    write(start, end, style: runStyle)
                    start = end
                }
            }
            drawPieces(line.head)
            if let tail = line.tail {
                let before = line.head.isEmpty ? tail.lowerBound : line.head.upperBound - 1
                column = buffer.write("…", x: column, y: row, style: style(at: before), clip: area)
                drawPieces(tail)
            }
        }
    }
}
