/// Where an inline app draws: a region of the screen starting at the row
/// the cursor was on, as tall as the content, growing (by scrolling the
/// screen up, as printing would) when the content grows.
///
/// The cursor rests at the region's top-left between frames, so after a
/// resize (when the terminal may have reflowed the screen) a cursor
/// position report says where the region now starts.
struct InlineRegion {
    /// The most rows the region may take (`nil`: the screen's height).
    var maxHeight: Int?
    /// Screen row of the region's first row (0-based).
    var origin: Int
    /// Rows the region has now.
    var height = 0
    var screenRows: Int
    /// A resize or resume asked where the cursor is; frames wait for the answer.
    var awaitingCursorReport = false
    /// Bytes to write before the next frame (scrolling to make room).
    var pendingBytes: [UInt8] = []

    init(maxHeight: Int?, cursorRow: Int?, screenRows: Int) {
        self.maxHeight = maxHeight
        self.screenRows = max(1, screenRows)
        // Without a report, assume the bottom row: the region then starts
        // where printing would continue, and nothing above is touched.
        origin = min(max(0, cursorRow ?? self.screenRows - 1), self.screenRows - 1)
    }

    /// The tallest the region may be on this screen.
    var heightLimit: Int { max(1, min(maxHeight ?? screenRows, screenRows)) }

    /// Makes the region `newHeight` rows (clamped): scrolls the screen up
    /// when it would run past the bottom. Returns the clamped height.
    mutating func resize(to newHeight: Int) -> Int {
        let h = min(max(1, newHeight), heightLimit)
        if origin + h > screenRows {
            let scroll = origin + h - screenRows
            pendingBytes += InlineRegion.cursorTo(row: screenRows - 1)
            pendingBytes += [UInt8](repeating: 0x0A, count: scroll)  // LF at the bottom scrolls
            origin -= scroll
        }
        height = h
        return h
    }

    /// The bytes that print `text` above the region, as ordinary output
    /// (the region is erased first; the next frame repaints it below the
    /// new lines). Lines are wrapped at `columns`, controls made visible.
    mutating func print(_ text: String, columns: Int) -> [UInt8] {
        var out = InlineRegion.cursorTo(row: origin)
        out += Array("\u{1B}[J".utf8)  // ED 0: the region, not what is above it
        var row = origin
        for line in InlineRegion.wrap(text, columns: columns) {
            out += line
            out += [0x0D, 0x0A]
            row = min(row + 1, screenRows - 1)
        }
        origin = row
        height = 0
        return out
    }

    /// The bytes that leave the last frame on screen with the cursor on the line below it.
    func leaveBytes() -> [UInt8] {
        InlineRegion.cursorTo(row: origin + max(height, 1) - 1) + [0x0D, 0x0A]
    }

    /// The screen changed size: its rows, and the region must be found again.
    mutating func screenResized(rows: Int) {
        screenRows = max(1, rows)
        awaitingCursorReport = true
    }

    /// After a resume the shell has printed below: start again where the cursor is.
    mutating func restart() {
        height = 0
        awaitingCursorReport = true
    }

    /// The terminal said where the cursor is; it rests at row `restingRow`
    /// of the region (0, or a focused text field's row).
    mutating func cursorReported(row: Int, restingRow: Int = 0) {
        guard awaitingCursorReport else { return }
        awaitingCursorReport = false
        origin = min(max(0, row - restingRow), screenRows - 1)
    }

    /// The terminal did not say where the cursor is: the region stays where
    /// it was, kept on the (maybe smaller) screen.
    mutating func cursorReportMissing() {
        guard awaitingCursorReport else { return }
        awaitingCursorReport = false
        origin = max(0, min(origin, screenRows - max(height, 1)))
    }

    /// CUP to column 1 of screen row `row` (0-based).
    static func cursorTo(row: Int) -> [UInt8] { Array("\u{1B}[\(row + 1)H".utf8) }

    /// `text` as rows of at most `columns` cells, control characters shown
    /// as pictures (as `Text` shows them), tabs expanded to 8-column stops.
    static func wrap(_ text: String, columns: Int) -> [[UInt8]] {
        let columns = max(1, columns)
        var rows: [[UInt8]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var row: [UInt8] = []
            var width = 0
            var expanded = ""
            for c in line where c != "\r" {
                if c == "\t" {
                    let n = 8 - (expanded.count % 8)
                    expanded += String(repeating: " ", count: n)
                } else {
                    expanded.append(c)
                }
            }
            TextSegmenter.forEachCluster(in: expanded) { cluster in
                let w = max(cluster.width, 0)
                if width + w > columns {
                    rows.append(row)
                    row = []
                    width = 0
                }
                row += cluster.utf8
                width += w
            }
            rows.append(row)
        }
        if text.hasSuffix("\n") { rows.removeLast() }
        return rows
    }
}
