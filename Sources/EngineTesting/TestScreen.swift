import Engine

/// What an app shows at one moment: the text of every cell and its style,
/// copied from the frame pipeline's canvas (later frames do not change it).
///
/// ```swift
/// let screen = app.screen
/// screen.contains("Count: 1")        // true
/// screen.position(of: "Count")       // (column: 0, row: 0)
/// screen.style(column: 0, row: 0).attributes.contains(.bold)
/// ```
public struct TestScreen: Equatable, Sendable, CustomStringConvertible {
    /// Width and height in cells.
    public let columns: Int
    public let rows: Int
    /// Each cell's grapheme: `" "` for a blank, `""` for the second column
    /// of a wide character.
    public let cells: [[String]]
    /// Each cell's style.
    public let styles: [[Style]]
    /// The rows as text, each grapheme once (`FramePipeline.textRows`).
    public let textRows: [String]
    /// The styles, one character per column: `.` for the default style,
    /// then `a`, `b`, … in order of first appearance (`FramePipeline.styleRows`).
    public let styleRows: [String]
    /// What each letter of ``styleRows`` stands for: `a bold fg=1`.
    public let styleLegend: [String]

    /// Copies the pipeline's current screen.
    @MainActor
    public init(_ pipeline: FramePipeline) {
        let canvas = pipeline.canvas
        columns = canvas.columns
        rows = canvas.rows
        cells = (0..<canvas.rows).map { y in (0..<canvas.columns).map { x in canvas.text(x: x, y: y) } }
        styles = (0..<canvas.rows).map { y in (0..<canvas.columns).map { x in canvas.styles[canvas[x, y].style] } }
        textRows = pipeline.textRows
        styleRows = pipeline.styleRows
        styleLegend = pipeline.styleLegend
    }

    /// A screen from its parts (a stored snapshot's, for instance).
    public init(columns: Int, rows: Int, textRows: [String], styleRows: [String], styleLegend: [String]) {
        self.columns = columns
        self.rows = rows
        self.textRows = textRows
        self.styleRows = styleRows
        self.styleLegend = styleLegend
        cells = textRows.map { row in row.map(String.init) }
        styles = []
    }

    /// Whether any row contains `text` (text does not match across rows).
    public func contains(_ text: String) -> Bool { position(of: text) != nil }

    /// The first cell (top to bottom, left to right) where `text` starts,
    /// in cell coordinates (a wide character before it counts two
    /// columns), or nil.
    public func position(of text: String) -> (column: Int, row: Int)? {
        guard !text.isEmpty else { return nil }
        for (y, row) in textRows.enumerated() where row.contains(text) {
            // The column: walk the cells, matching graphemes.
            let target = Array(text)
            let rowCells = y < cells.count ? cells[y] : []
            for x in rowCells.indices where !rowCells[x].isEmpty {
                var i = 0, cx = x
                while i < target.count && cx < rowCells.count {
                    if rowCells[cx].isEmpty { cx += 1; continue }
                    guard Character(rowCells[cx]) == target[i] else { break }
                    i += 1
                    cx += 1
                }
                if i == target.count { return (x, y) }
            }
        }
        return nil
    }

    /// Every row that contains `text`, top to bottom.
    public func rows(containing text: String) -> [Int] {
        textRows.indices.filter { textRows[$0].contains(text) }
    }

    /// The text of cell (`column`, `row`): its grapheme, `""` for the
    /// second column of a wide character.
    public func text(column: Int, row: Int) -> String { cells[row][column] }

    /// The style of cell (`column`, `row`); `Style.plain` for a screen
    /// read from a snapshot file (which keeps style letters, not styles).
    public func style(column: Int, row: Int) -> Style {
        row < styles.count ? styles[row][column] : .plain
    }

    /// The style of the first cell of `text` (see ``position(of:)``), or nil.
    public func style(of text: String) -> Style? {
        position(of: text).map { style(column: $0.column, row: $0.row) }
    }

    /// The screen framed, one row a line, then its style rows and legend:
    /// what a failure prints.
    public var description: String {
        var lines = ["\(columns)x\(rows) screen:"]
        lines += textRows.map { "|" + $0 + "|" }
        lines.append("styles:")
        lines += styleRows.map { "|" + $0 + "|" }
        lines += styleLegend.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    public static func == (a: TestScreen, b: TestScreen) -> Bool {
        a.columns == b.columns && a.rows == b.rows && a.textRows == b.textRows && a.styleRows == b.styleRows
            && a.styleLegend == b.styleLegend
    }
}
