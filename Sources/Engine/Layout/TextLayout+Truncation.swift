extension TextLayout.LineBreaker {
    /// How much of `source[start..<end]` fits in the width.
    struct Fit {
        /// After the last cluster that fits, and the width up to there;
        /// spaces past the edge hang and are not counted.
        var end: Int
        var width: Int
        /// Some non-space cluster does not fit.
        var overflows: Bool
        /// A non-space cluster fits.
        var hasText: Bool
    }

    /// Measures `source[start..<end]` against the width, stopping at the
    /// first non-space cluster that does not fit.
    func fit(_ start: Int, _ end: Int) -> Fit {
        let width = self.width
        var fit = Fit(end: start, width: 0, overflows: false, hasText: false)
        var cursor = 0
        source.forEachCluster(from: start, to: end) { c in
            guard c.isSpace || c.width <= width - cursor else {
                fit.overflows = true
                return false
            }
            cursor += c.width
            if cursor <= width {
                fit.end = c.end
                fit.width = cursor
            }
            if !c.isSpace { fit.hasText = true }
            return true
        }
        return fit
    }

    /// Where the first non-space cluster of `source[start..<end]` starts
    /// (`end` when there is none).
    func firstNonSpace(_ start: Int, _ end: Int) -> Int {
        var first = end
        source.forEachCluster(from: start, to: end) { c in
            if c.isSpace { return true }
            first = c.start
            return false
        }
        return first
    }

    /// Appends the last line of a "\n"-line or of the line limit: the rest
    /// of the "\n"-line, `source[start..<end]`, as is when it fits; truncated
    /// per the mode when it does not; ending in "…" when it fits but lines
    /// after it were cut (`cutAfter`). As in wrapping, indentation that
    /// leaves no room for the first word is dropped.
    mutating func appendLastLine(_ start: Int, _ end: Int, cutAfter: Bool) {
        var start = start
        var fit = self.fit(start, end)
        if fit.overflows && !fit.hasText {
            start = firstNonSpace(start, end)
            fit = self.fit(start, end)
        }
        if !fit.overflows {
            if cutAfter {
                appendTruncated(start, end, .tail)
            } else {
                emit(start, fit.end, width: fit.width)
            }
            return
        }
        appendTruncated(start, end, truncation)
    }

    /// Appends `source[start..<end]` cut to the width with "…" per `mode`.
    /// Spaces next to the ellipsis are dropped; the cut never splits a
    /// cluster, and never lets a cluster join the ellipsis (a Prepend before
    /// it, or a lone combining mark after it, would draw differently).
    mutating func appendTruncated(_ start: Int, _ end: Int, _ mode: TruncationMode) {
        // Columns left beside the one-column ellipsis.
        let available = width == Int.max ? Int.max : width - 1
        let headLimit: Int
        switch mode {
        case .head: headLimit = 0
        case .middle: headLimit = available == Int.max ? available : (available + 1) / 2
        case .tail: headLimit = available
        }

        // The head: clusters that fit in `headLimit`, ending on text. One
        // walk also finds where the text (without trailing spaces) ends.
        var headEnd = start, headWidth = 0
        var textEnd = start, textWidth = 0
        var cursor = 0
        var headOpen = headLimit > 0 || mode != .head
        source.forEachCluster(from: start, to: end) { c in
            if headOpen && !c.isSpace && c.width > headLimit - cursor { headOpen = false }
            cursor += c.width
            guard !c.isSpace else { return true }
            textEnd = c.end
            textWidth = cursor
            if headOpen && source.ellipsisMayFollow(clusterEndingAt: c.end) {
                headEnd = c.end
                headWidth = cursor
            }
            return headOpen || mode != .tail
        }
        if mode == .tail {
            lines.append(TextLayout.Line(text: source.string(head: start..<headEnd, ellipsisThen: end..<end),
                                         width: headWidth + 1, head: start..<headEnd, tail: end..<end))
            return
        }

        // The tail: the shortest suffix of the text after the head that fits
        // in what the head left, starting on text.
        let tailLimit = available - headWidth
        var remaining = textWidth - headWidth
        var tailStart = textEnd
        var tailWidth = 0
        source.forEachCluster(from: headEnd, to: textEnd) { c in
            if !c.isSpace && remaining <= tailLimit && source.mayFollowEllipsis(clusterStartingAt: c.start) {
                tailStart = c.start
                tailWidth = remaining
                return false
            }
            remaining -= c.width
            return true
        }
        lines.append(TextLayout.Line(text: source.string(head: start..<headEnd, ellipsisThen: tailStart..<textEnd),
                                     width: headWidth + 1 + tailWidth, head: start..<headEnd, tail: tailStart..<textEnd))
    }
}
