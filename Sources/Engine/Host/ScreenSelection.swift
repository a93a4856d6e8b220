/// Mouse text selection over the screen, while the app captures the mouse.
///
/// A left-button drag that starts where no view takes the drag selects the
/// text between the cell it started on (the anchor) and the pointer (the
/// head), in reading order. Only cells views drew as text count (see
/// ``TextMark``), and only where ``View/textSelection(_:)`` allows it.
/// The selection is screen cells: content that scrolls under it moves out
/// of it, except under the drag itself: a wheel turned while the button is
/// down scrolls the scroll view under the pointer and the selection's start
/// moves with its text, so the selection grows (``contentMoved(by:in:canvas:selectable:)``). Its highlight is an overlay put on the canvas for the encoder
/// and taken off right after, so no view is evaluated or painted for it.
struct ScreenSelection {
    /// A cell, ordered as text is read: by row, then column.
    struct Point: Equatable, Comparable {
        var x: Int
        var y: Int
        static func < (a: Point, b: Point) -> Bool { a.y < b.y || (a.y == b.y && a.x < b.x) }
    }

    /// Where the left button went down, while it may still become a
    /// selection (a drag to another cell) or stay a click.
    var pressedAt: Point?
    /// Where the selection started and where the pointer is; nil when there is none.
    private(set) var anchor: Point?
    private(set) var head: Point?
    /// The button is still down over a selection being made.
    private(set) var isDragging = false
    /// Selected text the wheel scrolled out of a scroll view during the
    /// drag, above the anchor's row (`before`) or below it (`after`): it is
    /// no longer on the screen, so it is kept as text.
    private(set) var carriedBefore = ""
    private(set) var carriedAfter = ""

    /// The styles the highlight replaced, row by row, while it is on the canvas.
    private var saved: [StyleID] = []
    private var overlaid: [(y: Int, range: Range<Int>)] = []
    /// The cells the last frame showed highlighted: damaged before the
    /// next frame is encoded, so that they are written again if the
    /// selection left them (whatever cleared the canvas's damage since).
    private var shown: [(y: Int, range: Range<Int>)] = []

    /// Whether the next frame needs the overlay: a selection, or the
    /// cells of one just gone.
    var needsOverlay: Bool { anchor != nil || !shown.isEmpty }

    /// Whether a selection is shown.
    var isActive: Bool { anchor != nil }

    /// The selected cells in reading order, both ends included.
    var bounds: (start: Point, end: Point)? {
        guard let anchor, let head else { return nil }
        return anchor < head ? (anchor, head) : (head, anchor)
    }

    mutating func begin(at anchor: Point, to head: Point) {
        self.anchor = anchor
        self.head = head
        isDragging = true
        pressedAt = nil
    }

    mutating func extend(to head: Point) { self.head = head }

    mutating func finish() { isDragging = false }

    mutating func clear() {
        anchor = nil
        head = nil
        isDragging = false
        pressedAt = nil
        carriedBefore = ""
        carriedAfter = ""
    }

    /// Whether a wheel that moves a scroll view's content by `moved` rows
    /// (positive: up) may go on during the drag: not once text has been
    /// carried off the other edge (the rows coming back would be selected
    /// twice).
    func allowsScroll(by moved: Int) -> Bool {
        moved > 0 ? carriedAfter.isEmpty : carriedBefore.isEmpty
    }

    /// The content of the scroll view in `frame` moved up by `moved` rows
    /// (down when negative) under a drag: the anchor moves with its text,
    /// so the selection grows from the pointer's end. Where the anchor's
    /// text leaves the viewport, the selected text of the rows leaving is
    /// carried (read from `canvas` before it is painted again) and the
    /// anchor stays at the viewport's edge. An anchor outside the scroll
    /// view stays where it is.
    mutating func contentMoved(by moved: Int, in frame: Rect, canvas: CellBuffer, selectable map: SelectabilityMap) {
        guard isDragging, moved != 0, let anchor, head != nil, anchor.x >= frame.x, anchor.x < frame.maxX,
              anchor.y >= frame.y, anchor.y < frame.maxY else { return }
        let y = anchor.y - moved
        if y < frame.y {
            // Rows frame.y ..< frame.y + moved leave at the top.
            var leaving = ScreenSelection()
            leaving.anchor = anchor
            leaving.head = Point(x: canvas.columns - 1, y: frame.y + moved - 1)
            carriedBefore = Self.joined(carriedBefore, leaving.text(in: canvas, selectable: map))
            self.anchor = Point(x: frame.x, y: frame.y)
        } else if y >= frame.maxY {
            // Rows frame.maxY + moved ..< frame.maxY leave at the bottom.
            var leaving = ScreenSelection()
            leaving.anchor = Point(x: 0, y: frame.maxY + moved)
            leaving.head = anchor
            carriedAfter = Self.joined(leaving.text(in: canvas, selectable: map), carriedAfter)
            self.anchor = Point(x: frame.maxX - 1, y: frame.maxY - 1)
        } else {
            self.anchor = Point(x: anchor.x, y: y)
        }
    }

    /// Two pieces of selected text as lines, an empty one left out.
    private static func joined(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : b.isEmpty ? a : a + "\n" + b
    }

    /// The selected text with what the wheel carried off the screen.
    func fullText(in canvas: CellBuffer, selectable map: SelectabilityMap) -> String {
        Self.joined(Self.joined(carriedBefore, text(in: canvas, selectable: map)), carriedAfter)
    }

    /// Each row of the selection with the columns it covers on `canvas`
    /// (widened over wide graphemes).
    private func rows(in canvas: CellBuffer) -> [(y: Int, range: Range<Int>)] {
        guard let (start, end) = bounds, canvas.columns > 0 else { return [] }
        var result: [(y: Int, range: Range<Int>)] = []
        for y in Swift.max(start.y, 0)...Swift.min(end.y, canvas.rows - 1) where start.y <= end.y {
            let from = y == start.y ? start.x : 0
            let to = y == end.y ? end.x + 1 : canvas.columns
            result.append((y, canvas.wholeGraphemes(y: y, from: from, to: to)))
        }
        return result
    }

    /// Puts the highlight on `canvas`: each selectable text cell of the
    /// selection in reverse video (its own style with reverse toggled).
    mutating func applyHighlight(to canvas: CellBuffer, selectable map: SelectabilityMap) {
        for (y, range) in shown where !range.isEmpty {
            canvas.damage.add(Rect(x: range.lowerBound, y: y, width: range.count, height: 1))
        }
        shown.removeAll(keepingCapacity: true)
        guard isActive, overlaid.isEmpty else { return }
        let styles = canvas.styles
        var reversed: [StyleID: StyleID] = [:]
        /// The style with reverse video toggled, interned once per style.
        func highlight(_ id: StyleID) -> StyleID {
            if let r = reversed[id] { return r }
            var style = styles[id]
            if style.attributes.contains(.reverse) {
                style.attributes.remove(.reverse)
            } else {
                style.attributes.insert(.reverse)
            }
            let r = styles.transientID(for: style)
            reversed[id] = r
            return r
        }
        for (y, range) in rows(in: canvas) where !range.isEmpty {
            canvas.overlayText(y: y, range: range, saving: &saved, selectable: { map.allows(x: $0, y: y) },
                               highlight: highlight)
            overlaid.append((y, range))
        }
    }

    /// Takes the highlight off `canvas` again, right after the frame was
    /// encoded: the canvas is what the views painted before the next paint.
    mutating func removeHighlight(from canvas: CellBuffer) {
        guard !overlaid.isEmpty else { return }
        var offset = 0
        for (y, range) in overlaid {
            canvas.restoreStyles(y: y, range: range, from: saved[offset..<(offset + range.count)])
            offset += range.count
        }
        swap(&shown, &overlaid)
        overlaid.removeAll(keepingCapacity: true)
        saved.removeAll(keepingCapacity: true)
    }

    /// Forgets what was shown (the screen is drawn again whole: a resize).
    mutating func forgetShown() { shown.removeAll() }

    /// The selected text: the graphemes of the selectable text cells in
    /// reading order. Cells that are no text are skipped (a gap between two
    /// pieces of text on a row reads as one space), and so is a row of
    /// them that is not blank (a border, a divider); a row ends in "\n"
    /// unless its text goes on on the next row by a soft wrap (then nothing,
    /// or the space the wrap dropped); spaces at a line's end, and empty
    /// lines at the start and the end, are trimmed.
    func text(in canvas: CellBuffer, selectable map: SelectabilityMap) -> String {
        var lines: [String] = []
        var line = ""
        var started = false
        var joinNext: TextMark? = nil
        for (y, range) in rows(in: canvas) {
            var piece = ""
            var sawText = false, gap = false, decorated = false
            var lastMark = TextMark()
            for x in range {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                let mark = canvas.textMark(x: x, y: y)
                guard mark.contains(.text), map.allows(x: x, y: y) else {
                    if !cell.isSpace { decorated = true }
                    gap = sawText
                    continue
                }
                if gap { piece += " " }
                gap = false
                sawText = true
                piece += canvas.text(x: x, y: y)
                lastMark = mark
            }
            // A row of decorations only (a border, a divider) is no line;
            // an empty row is an empty line.
            if !sawText && decorated { continue }
            if started {
                if let join = joinNext {
                    // The previous row's text goes on here.
                    if join.contains(.joinsNextRowWithSpace) { line += " " }
                } else {
                    lines.append(line)
                    line = ""
                }
            }
            started = true
            line += piece
            // The row's last text is a line a soft wrap continues.
            joinNext = sawText && !lastMark.isDisjoint(with: [.joinsNextRow, .joinsNextRowWithSpace]) ? lastMark : nil
        }
        lines.append(line)
        var trimmed = lines.map { l -> String in
            var s = Substring(l)
            while s.last == " " { s = s.dropLast() }
            return String(s)
        }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        return trimmed.joined(separator: "\n")
    }
}
