/// A parsed `tuiframes` v1 file: a sequence of whole screens with styles
/// (see shared/formats/tuiframes.md).
///
/// Frames are resolved at parse time into rows of ``Cell`` against the
/// caller's style and grapheme tables, so replaying them costs no parsing.
public struct TuiFrames {
    /// Where the file came from (for messages).
    public var path: String
    public var columns: Int
    public var rows: Int
    /// Frames in order; each holds `columns × rows` cells, row-major.
    public var frames: [Frame]

    /// One screen.
    public struct Frame {
        public var label: String
        /// First line of the frame in the file (1-based).
        public var line: Int
        public var cells: [Cell]
    }

    /// Largest accepted size, per the format.
    public static let maxDimension = 1000

    /// The most cells (frames × columns × rows) a parsed file may hold by
    /// default: 2^24 cells, 128 MiB. Every frame is a whole screen, so a
    /// small file can declare a huge one (a 600 KB file of 1000×1000 frames
    /// of empty rows is 300 million cells, 2.4 GB); the biggest bundled
    /// fixture holds 1.2 million.
    public static let defaultCellLimit = 1 << 24

    /// Parses `text`. Throws ``TuiFramesError`` with the 1-based line and
    /// the reason at the first problem, including the frame that would take
    /// the cells held past `cellLimit`.
    public static func parse(_ text: String, path: String, styles: StyleTable, graphemes: GraphemeTable,
                             cellLimit: Int = defaultCellLimit) throws(TuiFramesError) -> TuiFrames {
        var parser = TuiFramesParser(path: path, styles: styles, graphemes: graphemes)
        parser.cellLimit = cellLimit
        return try parser.parse(text)
    }

    /// Draws frame `index` into `canvas` (which must have the file's size),
    /// writing only cells that differ so the canvas's damage is what changed.
    public func draw(frame index: Int, into canvas: CellBuffer) {
        precondition(canvas.columns == columns && canvas.rows == rows)
        frames[index].cells.withUnsafeBufferPointer { cells in
            for y in 0..<rows {
                canvas.copyRow(y, from: UnsafeBufferPointer(rebasing: cells[(y * columns)..<((y + 1) * columns)]))
            }
        }
    }
}

/// A malformed tuiframes file: where, and why.
public struct TuiFramesError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    /// The reason quotes input with its controls already made visible
    /// (``VisibleEscaping``); the message goes to a terminal, and the file
    /// may hold escape sequences.
    public var reason: String
    /// `path:line: reason`, with any control in the path made visible too.
    public var description: String { "\(VisibleEscaping.visible(path)):\(line): \(reason)" }
}

extension CellBuffer {
    /// Replaces row `y` with `cells` (a whole, invariant-respecting row),
    /// recording damage only for the span that changed.
    public func copyRow(_ y: Int, from cells: UnsafeBufferPointer<Cell>) {
        precondition(cells.count == columns && y >= 0 && y < rows)
        let row = mutableRow(y)
        var first = -1, last = -1
        for x in 0..<columns where row[x] != cells[x] {
            if first < 0 { first = x }
            last = x
            row[x] = cells[x]
        }
        if first >= 0 { damage.add(Rect(x: first, y: y, width: last - first + 1, height: 1)) }
    }
}

/// A text's lines, cut one at a time at the LF byte (not at Character
/// "\n": a CR LF pair is one Character in Swift and would hide a CR a
/// format forbids), and not into an array first: a file of line feeds
/// would make an array of millions of substrings.
struct LineCutter {
    private let utf8: String.UTF8View
    private var position: String.UTF8View.Index
    /// Lines handed out so far (the last one's 1-based number).
    private(set) var count = 0

    init(_ text: String) {
        utf8 = text.utf8
        position = utf8.startIndex
    }

    mutating func next() -> Substring? {
        guard position < utf8.endIndex else { return nil }
        let end = utf8[position...].firstIndex(of: 0x0A) ?? utf8.endIndex
        defer {
            position = end < utf8.endIndex ? utf8.index(after: end) : end
            count += 1
        }
        return Substring(utf8[position..<end])
    }
}

struct TuiFramesParser {
    let path: String
    let styles: StyleTable
    let graphemes: GraphemeTable
    var lineNumber = 0
    var styleKeys: [UInt8: StyleID] = [:]
    var cellLimit = TuiFrames.defaultCellLimit

    init(path: String, styles: StyleTable, graphemes: GraphemeTable) {
        self.path = path
        self.styles = styles
        self.graphemes = graphemes
    }

    func fail(_ reason: String, line: Int? = nil) -> TuiFramesError {
        TuiFramesError(path: path, line: line ?? lineNumber, reason: reason)
    }

    /// Input quoted in a message: at most 40 characters, controls made
    /// visible (a line may hold an escape sequence meant for the terminal).
    func quote<S: StringProtocol>(_ text: S) -> String {
        "'" + VisibleEscaping.visible(text.prefix(40)) + (text.count > 40 ? "…" : "") + "'"
    }

    mutating func parse(_ text: String) throws(TuiFramesError) -> TuiFrames {
        var lines = LineCutter(text)
        func next() -> Substring? { lines.next() }
        var index: Int { lines.count }
        // Header
        lineNumber = 1
        guard let header = next() else { throw fail("empty file; expected 'tuiframes 1'") }
        if header.hasSuffix("\r") { throw fail("line ends with CR; tuiframes uses LF line ends") }
        guard header == "tuiframes 1" else { throw fail("expected 'tuiframes 1', found \(quote(header))") }
        var columns = 0, rows = 0
        var currentCells: [Cell] = []
        var currentRows = 0
        var currentLabel = ""
        var currentLine = 0
        var lastWasRow = false
        var frames: [TuiFrames.Frame] = []
        var sawSize = false

        func finishFrame(_ parser: TuiFramesParser) throws(TuiFramesError) {
            guard currentLine > 0 else { return }
            if currentRows != rows {
                throw parser.fail("frame \(parser.quote(currentLabel)) has \(currentRows) rows; the size says \(rows)", line: currentLine)
            }
            frames.append(TuiFrames.Frame(label: currentLabel, line: currentLine, cells: currentCells))
        }

        while let raw = next() {
            lineNumber = index
            if raw.hasSuffix("\r") { throw fail("line ends with CR; tuiframes uses LF line ends") }
            if raw.hasPrefix("#") { continue }
            if !sawSize {
                let parts = raw.split(separator: " ")
                guard parts.count == 3, parts[0] == "size", let c = Int(parts[1]), let r = Int(parts[2]) else {
                    throw fail("expected 'size COLS ROWS'")
                }
                guard (1...TuiFrames.maxDimension).contains(c), (1...TuiFrames.maxDimension).contains(r) else {
                    throw fail("size \(c)x\(r) out of range 1...\(TuiFrames.maxDimension)")
                }
                columns = c; rows = r; sawSize = true
                continue
            }
            if raw.hasPrefix("|") {
                guard currentLine > 0 else { throw fail("row before the first 'frame' line") }
                guard currentRows < rows else { throw fail("frame \(quote(currentLabel)) has more than \(rows) rows") }
                try appendRow(raw.dropFirst(), columns: columns, into: &currentCells)
                currentRows += 1
                lastWasRow = true
                continue
            }
            if raw.hasPrefix(":") {
                guard lastWasRow else { throw fail("style row ':' must directly follow a '|' row") }
                try applyKeys(raw.dropFirst(), columns: columns, row: currentRows - 1, cells: &currentCells)
                lastWasRow = false
                continue
            }
            lastWasRow = false
            if raw == "frame" || raw.hasPrefix("frame ") {
                try finishFrame(self)
                // Checked before the frame's cells are made: what the file
                // makes the tool hold stays under the limit.
                let (held, overflow) = (frames.count + 1).multipliedReportingOverflow(by: columns * rows)
                if overflow || held > cellLimit {
                    throw fail("frame \(frames.count + 1) would make the frames hold \(held) cells "
                               + "(frames × \(columns) × \(rows)); the limit is \(cellLimit) cells "
                               + "(\(cellLimit / (1 << 17)) MiB): split the recording or make its size smaller")
                }
                currentLabel = raw == "frame" ? "" : String(raw.dropFirst(6))
                currentLine = lineNumber
                currentRows = 0
                currentCells = []
                currentCells.reserveCapacity(columns * rows)
                continue
            }
            if raw.hasPrefix("style ") || raw == "style" {
                guard currentLine == 0 else { throw fail("'style' after the first frame") }
                try parseStyle(raw)
                continue
            }
            if raw.hasPrefix("size ") { throw fail("'size' given twice") }
            throw fail("unrecognised line \(quote(raw))")
        }
        guard sawSize else { throw fail("missing 'size COLS ROWS' line", line: 2) }
        lineNumber = index
        try finishFrame(self)
        guard !frames.isEmpty else { throw fail("no frames", line: index) }
        return TuiFrames(path: path, columns: columns, rows: rows, frames: frames)
    }

    mutating func parseStyle(_ raw: Substring) throws(TuiFramesError) {
        let parts = raw.split(separator: " ")
        guard parts.count >= 2, parts[1].utf8.count == 1, let key = parts[1].utf8.first,
              (key >= 0x30 && key <= 0x39) || (key >= 0x41 && key <= 0x5A) || (key >= 0x61 && key <= 0x7A)
        else { throw fail("style key must be one character of [A-Za-z0-9]") }
        guard styleKeys[key] == nil else { throw fail("style key \(quote(parts[1])) declared twice") }
        styleKeys[key] = styles.id(for: try parseAttributes(parts.dropFirst(2)))
    }

    /// A style from its words (`fg=196 bold`).
    func parseAttributes(_ words: some Sequence<Substring>) throws(TuiFramesError) -> Style {
        var style = Style()
        for attr in words {
            switch attr {
            case "bold": style.attributes.insert(.bold)
            case "dim": style.attributes.insert(.dim)
            case "italic": style.attributes.insert(.italic)
            case "underline": style.attributes.insert(.underline)
            case "blink": style.attributes.insert(.blink)
            case "reverse": style.attributes.insert(.reverse)
            case "strike": style.attributes.insert(.strikethrough)
            case "overline": style.attributes.insert(.overline)
            default:
                if attr.hasPrefix("underline=") {
                    let name = attr.dropFirst(10)
                    guard let u = UnderlineStyle.allCases.first(where: { "\($0)" == name }) else {
                        throw fail("unknown underline style \(quote(name))")
                    }
                    style.underlineStyle = u
                } else if attr.hasPrefix("ul=") {
                    style.underlineColor = try parseColor(attr.dropFirst(3))
                } else if attr.hasPrefix("fg=") || attr.hasPrefix("bg=") {
                    let color = try parseColor(attr.dropFirst(3))
                    if attr.hasPrefix("fg=") { style.foreground = color } else { style.background = color }
                } else {
                    throw fail("unknown style attribute \(quote(attr))")
                }
            }
        }
        return style
    }

    func parseColor(_ s: Substring) throws(TuiFramesError) -> Color {
        if s.hasPrefix("#") {
            let hex = s.dropFirst()
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else { throw fail("bad colour \(quote(s)); expected #rrggbb") }
            return .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
        guard let n = Int(s), (0...255).contains(n) else { throw fail("bad colour \(quote(s)); expected 0-255 or #rrggbb") }
        return .palette(UInt8(n))
    }

    func appendRow(_ text: Substring, columns: Int, into cells: inout [Cell]) throws(TuiFramesError) {
        for scalar in text.unicodeScalars where TextSegmenter.replacement(forControl: scalar.value) != nil {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            throw fail("control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) in row")
        }
        var x = 0
        var problem: String?
        let graphemes = self.graphemes
        let start = cells.count
        TextSegmenter.forEachCluster(in: String(text)) { cluster in
            guard problem == nil else { return }
            if cluster.width == 0 { problem = "zero-width grapheme at column \(x + 1)"; return }
            if x + cluster.width > columns {
                problem = cluster.width == 2 && x + 1 == columns
                    ? "wide grapheme straddles the last column" : "row wider than \(columns) columns"
                return
            }
            if let scalar = cluster.scalar {
                cells.append(Cell(scalar: scalar, width: cluster.width, style: 0))
            } else {
                guard let i = graphemes.internIfRoom(cluster.utf8, isUncertain: cluster.isUncertain) else {
                    problem = "too many distinct graphemes: the grapheme table holds \(graphemes.byteCount) bytes"
                    return
                }
                cells.append(Cell(cluster: i, width: cluster.width, style: 0))
            }
            if cluster.width == 2 { cells.append(.continuation(0)) }
            x += cluster.width
        }
        if let problem { throw fail(problem) }
        while cells.count - start < columns { cells.append(.blank()) }
    }

    func applyKeys(_ keys: Substring, columns: Int, row: Int, cells: inout [Cell]) throws(TuiFramesError) {
        let base = row * columns
        var x = 0
        for scalar in keys.unicodeScalars {
            guard x < columns else { throw fail("style row longer than \(columns) columns") }
            defer { x += 1 }
            let v = scalar.value
            if v == 0x2E || v == 0x20 { continue }
            guard v < 0x80, let id = styleKeys[UInt8(v)] else {
                throw fail("undeclared style key \(quote(String(scalar))) at column \(x + 1)")
            }
            let cell = cells[base + x]
            if cell.isContinuation { continue }  // a wide grapheme takes its first column's style
            cells[base + x].style = id
            if cell.width == 2 { cells[base + x + 1].style = id }
        }
    }
}

/// A style in the words of the tuiframes format (`fg=196 bold`), with the
/// words for what the format's first version did not have: `underline=`
/// and a pattern, `ul=` and a colour, `overline`, and `link=` with the
/// target (from `links`, the table the style's link is interned in) or,
/// without the table, its number.
struct StyleDescription: CustomStringConvertible {
    var style: Style
    var links: StyleTable?
    init(_ style: Style, links: StyleTable? = nil) {
        self.style = style
        self.links = links
    }
    var description: String {
        var parts: [String] = []
        func color(_ c: Color, _ name: String) {
            switch c.kind {
            case .default: break
            case .palette(let i): parts.append("\(name)=\(i)")
            case .rgb: parts.append("\(name)=\(c.description)")
            }
        }
        color(style.foreground, "fg")
        color(style.background, "bg")
        let names: [(TextAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
                                                 (.underline, "underline"), (.blink, "blink"), (.reverse, "reverse"),
                                                 (.strikethrough, "strike")]
        for (a, n) in names where style.attributes.contains(a) { parts.append(n) }
        if style.attributes.contains(.underline) && style.underlineStyle != .single {
            parts.append("underline=\(style.underlineStyle)")
        }
        color(style.underlineColor, "ul")
        if style.attributes.contains(.overline) { parts.append("overline") }
        if style.link != 0 { parts.append("link=\(links.map { $0.linkURI(style.link) } ?? String(style.link))") }
        return parts.joined(separator: " ")
    }
}
