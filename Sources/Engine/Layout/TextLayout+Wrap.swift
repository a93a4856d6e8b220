extension TextLayout {
    /// Greedy line breaking over one pass of clusters, without storing them.
    ///
    /// Per "\n"-line, the current line is described by offsets into the
    /// source: where it starts, where its text (last non-blank cluster) ends,
    /// how far its blanks still fit, and the last break opportunity (after
    /// a run of blanks — spaces and tabs — that follows text). A cluster that
    /// overflows breaks the line at that opportunity, or — inside one long
    /// word — just before itself. Only blanks have widths that depend on
    /// their column (tabs), and the clusters carried to a new line at a soft
    /// wrap are never blank, so their widths carry over unchanged.
    ///
    /// Invariant: every emitted line is at most `width` wide, except that
    /// `width` is `Int.max` for the ideal layout.
    struct LineBreaker {
        let source: Source
        /// The text `source` reads, reused as a line when a line is all of it.
        let text: String
        /// Columns per line: ≥ 1 (`Int.max` for the ideal layout).
        let width: Int
        /// Lines to keep: ≥ 1 (`Int.max` for no limit).
        let lineLimit: Int
        let truncation: TruncationMode
        var lines: [Line] = []
        /// The line limit left text out (or truncated a line the width
        /// alone would have wrapped): the layout differs from the unlimited one.
        var cut = false

        init(source: Source, text: String, width: Int, lineLimit: Int, truncation: TruncationMode) {
            precondition(width >= 1 && lineLimit >= 1)
            self.source = source
            self.text = text
            self.width = width
            self.lineLimit = lineLimit
            self.truncation = truncation
        }

        /// Whether the next line is the last one the limit keeps.
        @inline(__always)
        var atLastLine: Bool { lines.count == lineLimit - 1 }

        @inline(__always)
        mutating func emit(_ start: Int, _ end: Int, width: Int) {
            if source.containsTab(start, end) {
                lines.append(Line(text: source.expandedString(head: start..<end, tail: nil), width: width,
                                  head: start..<end, tail: nil, tabSize: source.tabSize))
                return
            }
            lines.append(Line(text: source.string(start, end, whole: text), width: width, head: start..<end, tail: nil))
        }

        /// One line per "\n"-line, truncated when it does not fit.
        mutating func truncateAll() {
            source.forEachHardLine { start, end, isLast in
                if atLastLine {
                    appendLastLine(start, end, cutAfter: !isLast)
                    cut = !isLast
                    return false
                }
                appendLastLine(start, end, cutAfter: false)
                return true
            }
        }

        /// Wraps every "\n"-line.
        mutating func wrapAll() {
            if width < Int.max {
                // Room for lines about 80% full, so the array is allocated
                // once for most paragraphs (every line holds at least a byte).
                let n = source.bytes.count
                lines.reserveCapacity(Swift.min(lineLimit, (n + n / 4) / width + 1))
            }
            source.forEachHardLine { start, end, isLast in
                if atLastLine {
                    if appendLastLine(start, end, cutAfter: !isLast) { cut = true }
                    return false
                }
                return wrap(start, end, isLast: isLast)
            }
        }

        /// Wraps `source[start..<end]` (one "\n"-line) into lines; returns
        /// false when the line limit was reached.
        mutating func wrap(_ start: Int, _ end: Int, isLast: Bool) -> Bool {
            let width = self.width
            if width == Int.max && source.isASCII && !source.containsTab(start, end) {
                // Ideal ASCII: the whole line fits, a column per byte.
                emit(start, end, width: end - start)
                return true
            }
            var lineStart = start
            // The line began at a soft wrap (or after a "…" stand-in), so
            // spaces at its start are dropped and an empty rest is no line.
            var isSoft = false
            // Width of everything from lineStart, hanging spaces included.
            var cursor = 0
            var hasText = false
            // After the last non-space cluster.
            var textEnd = start, textWidth = 0
            // After the last cluster (space or not) that fits.
            var fitEnd = start, fitWidth = 0
            // The previous clusters were spaces after text.
            var inSpaces = false
            // The last break opportunity: the line would end at
            // `breakLineEnd` (`breakLineWidth` wide), the next start at
            // `breakNext`.
            var hasBreak = false
            var breakLineEnd = 0, breakLineWidth = 0, breakNext = 0
            // Width of the clusters from `breakNext` up to the cursor.
            var widthAfterBreak = 0
            // Where the last line the limit keeps starts, once reached.
            var lastLineStart = -1

            source.forEachCluster(from: start, to: end) { c in
                if c.isBlank {
                    if !hasText && isSoft {
                        lineStart = c.end
                        textEnd = c.end
                        fitEnd = c.end
                        return true
                    }
                    inSpaces = hasText
                    // Tabs measure from `lineStart`: `cursor` is the column
                    // on the current line.
                    cursor += source.advance(c, at: cursor)
                    if cursor <= width { fitEnd = c.end; fitWidth = cursor }
                    return true
                }
                if inSpaces {
                    hasBreak = true
                    breakLineEnd = textEnd
                    breakLineWidth = textWidth
                    breakNext = c.start
                    widthAfterBreak = 0
                    inSpaces = false
                }
                while true {
                    if c.width <= width - cursor {
                        cursor += c.width
                        hasText = true
                        textEnd = c.end
                        textWidth = cursor
                        fitEnd = c.end
                        fitWidth = cursor
                        widthAfterBreak += c.width
                        return true
                    }
                    if hasBreak {
                        // Soft wrap at the last opportunity; the spaces there go.
                        emit(lineStart, breakLineEnd, width: breakLineWidth)
                        lineStart = breakNext
                        cursor = widthAfterBreak
                        hasText = breakNext < c.start
                        hasBreak = false
                    } else if hasText {
                        // One word wider than the line: break it before `c`.
                        emit(lineStart, textEnd, width: textWidth)
                        lineStart = c.start
                        cursor = 0
                        hasText = false
                    } else if c.width > width {
                        // A wide character in a one-column line can never
                        // show; "…" stands in for it.
                        lines.append(Line(text: "…", width: 1, head: c.start..<c.start, tail: c.end..<c.end))
                        lineStart = c.end
                        cursor = 0
                    } else {
                        // Only indentation before `c`, and no room for it:
                        // drop the indentation.
                        lineStart = c.start
                        cursor = 0
                        textEnd = c.start
                        textWidth = 0
                        fitEnd = c.start
                        fitWidth = 0
                        continue
                    }
                    isSoft = true
                    // The new line holds the word's clusters before `c`
                    // (after a soft wrap), or nothing.
                    textEnd = Swift.max(lineStart, c.start)
                    textWidth = cursor
                    fitEnd = textEnd
                    fitWidth = cursor
                    if atLastLine {
                        lastLineStart = lineStart
                        return false
                    }
                    if lineStart == c.end { return true }  // "…" took `c`.
                }
            }
            if lastLineStart >= 0 {
                // The rest after a soft wrap drops its leading spaces; when
                // nothing is left, this "\n"-line is done and the next one
                // gets the last line.
                let rest = firstNonSpace(lastLineStart, end)
                if rest == end { return true }
                if appendLastLine(rest, end, cutAfter: !isLast) { cut = true }
                return false
            }
            if hasText || !isSoft { emit(lineStart, fitEnd, width: fitWidth) }
            return true
        }
    }
}
