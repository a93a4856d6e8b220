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

    /// Measures `source[start..<end]`, a line from its first column,
    /// against the width, stopping at the first non-blank cluster that does
    /// not fit.
    func fit(_ start: Int, _ end: Int) -> Fit {
        let width = self.width
        // (Not `source`: the closure would carry all of it, for every cluster.)
        let tabSize = source.tabSize
        var fit = Fit(end: start, width: 0, overflows: false, hasText: false)
        var cursor = 0
        source.forEachCluster(from: start, to: end) { c in
            guard c.isBlank || c.width <= width - cursor else {
                fit.overflows = true
                return false
            }
            cursor += c.width >= 0 ? c.width : tabSize - cursor % tabSize
            if cursor <= width {
                fit.end = c.end
                fit.width = cursor
            }
            if !c.isBlank { fit.hasText = true }
            return true
        }
        return fit
    }

    /// Where the first non-blank cluster of `source[start..<end]` starts
    /// (`end` when there is none).
    func firstNonSpace(_ start: Int, _ end: Int) -> Int {
        var first = end
        source.forEachCluster(from: start, to: end) { c in
            if c.isBlank { return true }
            first = c.start
            return false
        }
        return first
    }

    /// Appends the last line of a "\n"-line or of the line limit: the rest
    /// of the "\n"-line, `source[start..<end]`, as is when it fits; truncated
    /// per the mode when it does not; ending in "…" when it fits but lines
    /// after it were cut (`cutAfter`). As in wrapping, indentation that
    /// leaves no room for the first word is dropped. Returns whether the
    /// line was truncated.
    @discardableResult
    mutating func appendLastLine(_ start: Int, _ end: Int, cutAfter: Bool) -> Bool {
        var start = start
        var fit = self.fit(start, end)
        if fit.overflows && !fit.hasText {
            start = firstNonSpace(start, end)
            fit = self.fit(start, end)
        }
        if !fit.overflows {
            if cutAfter {
                appendTruncated(start, end, .tail)
                return true
            }
            emit(start, fit.end, width: fit.width)
            return false
        }
        appendTruncated(start, end, truncation)
        return true
    }

    /// Appends `source[start..<end]` cut to the width with "…" per `mode`.
    /// Blanks next to the ellipsis are dropped; the cut never splits a
    /// cluster, and never lets a cluster join the ellipsis (a Prepend before
    /// it, or a lone combining mark after it, would draw differently). Tabs
    /// keep the line's stops on both sides of the ellipsis.
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
            if headOpen && !c.isBlank && c.width > headLimit - cursor { headOpen = false }
            cursor += source.advance(c, at: cursor)
            guard !c.isBlank else { return true }
            textEnd = c.end
            textWidth = cursor
            if headOpen && source.ellipsisMayFollow(clusterEndingAt: c.end) {
                headEnd = c.end
                headWidth = cursor
            }
            return headOpen || mode != .tail
        }
        if mode == .tail {
            appendLine(head: start..<headEnd, tail: end..<end, width: headWidth + 1)
            return
        }

        // The tail: the longest suffix of the text after the head that fits
        // in what the head left, starting on text.
        var tailStart = textEnd
        var tailWidth = 0
        if source.containsTab(headEnd, textEnd) {
            (tailStart, tailWidth) = tailWithTabs(headEnd, textEnd, from: headWidth + 1)
        } else {
            // No tab after the head: every cluster there is as wide wherever
            // it is drawn, so one walk finds the suffix.
            let tailLimit = available - headWidth
            var remaining = textWidth - headWidth
            source.forEachCluster(from: headEnd, to: textEnd) { c in
                if !c.isBlank && remaining <= tailLimit && source.mayFollowEllipsis(clusterStartingAt: c.start) {
                    tailStart = c.start
                    tailWidth = remaining
                    return false
                }
                remaining -= c.width
                return true
            }
        }
        appendLine(head: start..<headEnd, tail: tailStart..<textEnd, width: headWidth + 1 + tailWidth)
    }

    /// Appends a truncated line: `head`, "…", `tail`.
    private mutating func appendLine(head: Range<Int>, tail: Range<Int>, width: Int) {
        if source.containsTab(head.lowerBound, head.upperBound) || source.containsTab(tail.lowerBound, tail.upperBound) {
            lines.append(TextLayout.Line(text: source.expandedString(head: head, tail: tail), width: width,
                                         head: head, tail: tail, tabSize: source.tabSize))
            return
        }
        lines.append(TextLayout.Line(text: source.string(head: head, ellipsisThen: tail), width: width,
                                     head: head, tail: tail))
    }

    /// The longest suffix of `source[start..<end]` that starts on text (a
    /// cluster that may follow the ellipsis) and, drawn from column
    /// `origin` with its tabs on the line's stops, ends within the width:
    /// where it starts and the columns it takes (`end`, 0 when none fits).
    ///
    /// Moving the start right never moves the end right (each cluster,
    /// tabs included, ends no further right when it starts further left),
    /// so a binary search over the candidate starts finds it.
    ///
    /// - Complexity: O(n log n) in the clusters of the range.
    private func tailWithTabs(_ start: Int, _ end: Int, from origin: Int) -> (start: Int, width: Int) {
        let source = self.source
        var candidates: [Int] = []
        source.forEachCluster(from: start, to: end) { c in
            if !c.isBlank && source.mayFollowEllipsis(clusterStartingAt: c.start) { candidates.append(c.start) }
            return true
        }
        func endColumn(from s: Int) -> Int {
            var column = origin
            source.forEachCluster(from: s, to: end) { c in
                column += source.advance(c, at: column)
                return true
            }
            return column
        }
        var low = 0, high = candidates.count
        var found: (start: Int, width: Int) = (end, 0)
        while low < high {
            let mid = (low + high) / 2
            let column = endColumn(from: candidates[mid])
            if column <= width {
                found = (candidates[mid], column - origin)
                high = mid
            } else {
                low = mid + 1
            }
        }
        return found
    }
}
