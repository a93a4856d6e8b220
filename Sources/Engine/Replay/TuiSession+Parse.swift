/// Reads `tuisession` version 1 (docs/tuisession.md).
struct TuiSessionParser {
    var rows: TuiFramesParser
    var cellLimit = TuiSession.defaultCellLimit
    /// Style keys declared so far (a key may be declared again: from then
    /// on it stands for the new style).
    var styleKeys: [UInt32: StyleID] = [:]
    var lineNumber: Int {
        get { rows.lineNumber }
        set { rows.lineNumber = newValue }
    }

    init(path: String, styles: StyleTable, graphemes: GraphemeTable) {
        rows = TuiFramesParser(path: path, styles: styles, graphemes: graphemes)
    }

    func fail(_ reason: String, line: Int? = nil) -> TuiFramesError { rows.fail(reason, line: line) }

    mutating func parse(_ text: String) throws(TuiFramesError) -> TuiSession {
        var lines = LineCutter(text)
        func next() -> Substring? { lines.next() }
        var index: Int { lines.count }
        lineNumber = 1
        guard let header = next() else { throw fail("empty file; expected 'tuisession 1'") }
        guard header == "tuisession 1" else { throw fail("expected 'tuisession 1', found \(rows.quote(header))") }
        var session = TuiSession(path: rows.path, columns: 0, rows: 0, screen: .alternate,
                                 capabilities: .xterm, records: [])
        var sawSize = false
        // The screen being built: the last frame's cells, changed row by row.
        var screen: [Cell] = []
        var size = (columns: 0, rows: 0)
        var frame: (number: Int, time: UInt64, line: Int)?
        var lastRow = -1
        var cellsHeld = 0
        var lastTime: UInt64 = 0
        var lastFrameNumber = 0

        func finishFrame(_ parser: TuiSessionParser) throws(TuiFramesError) {
            guard let f = frame else { return }
            frame = nil
            let (held, overflow) = cellsHeld.addingReportingOverflow(screen.count)
            if overflow || held > parser.cellLimit {
                throw parser.fail("frame \(f.number) would make the session hold \(held) cells; the limit is "
                                  + "\(parser.cellLimit) (\(parser.cellLimit / (1 << 17)) MiB): record a shorter session",
                                  line: f.line)
            }
            cellsHeld = held
            session.records.append(TuiSession.Record(time: f.time, line: f.line,
                                                     event: .frame(number: f.number, columns: size.columns,
                                                                   rows: size.rows, cells: screen)))
        }

        while let raw = next() {
            lineNumber = index
            if raw.hasSuffix("\r") { throw fail("line ends with CR; tuisession uses LF line ends") }
            if raw.isEmpty || raw.hasPrefix("#") { continue }
            if raw.hasPrefix("style ") {
                try parseStyle(raw)
                continue
            }
            if let first = raw.utf8.first, first >= 0x30, first <= 0x39 {
                guard frame != nil else { throw fail("screen row outside a frame") }
                try parseRow(raw, size: size, screen: &screen, lastRow: &lastRow)
                continue
            }
            if !raw.hasPrefix("@") {
                guard session.records.isEmpty, frame == nil else { throw fail("unrecognised line \(rows.quote(raw))") }
                let words = raw.split(separator: " ")
                switch words.first {
                case "size":
                    guard !sawSize else { throw fail("'size' given twice") }
                    guard words.count == 3, let c = Int(words[1]), let r = Int(words[2]),
                          (1...TuiFrames.maxDimension).contains(c), (1...TuiFrames.maxDimension).contains(r)
                    else { throw fail("expected 'size COLS ROWS' with each in 1...\(TuiFrames.maxDimension)") }
                    session.columns = c
                    session.rows = r
                    sawSize = true
                case "screen":
                    if words.count == 2, words[1] == "alternate" {
                        session.screen = .alternate
                    } else if words.count == 2, words[1] == "inline" {
                        session.screen = .inline(maxHeight: nil)
                    } else if words.count == 3, words[1] == "inline", let h = Int(words[2]), h >= 1 {
                        session.screen = .inline(maxHeight: h)
                    } else {
                        throw fail("expected 'screen alternate', 'screen inline' or 'screen inline ROWS'")
                    }
                case "capabilities":
                    guard let caps = TerminalCapabilities(sessionWords: Array(words.dropFirst())) else {
                        throw fail("bad capabilities line \(rows.quote(raw))")
                    }
                    session.capabilities = caps
                default:
                    throw fail("unrecognised line \(rows.quote(raw))")
                }
                continue
            }
            guard sawSize else { throw fail("a record before the 'size COLS ROWS' line") }
            // @TIME KIND [ARGUMENTS]
            let space = raw.firstIndex(of: " ") ?? raw.endIndex
            guard let time = Self.parseTime(raw[raw.index(after: raw.startIndex)..<space]) else {
                throw fail("bad time \(rows.quote(raw[..<space])); expected '@MILLISECONDS.MICROSECONDS'")
            }
            guard time >= lastTime else { throw fail("time goes backwards (an earlier record was later)") }
            lastTime = time
            let rest = space < raw.endIndex ? raw[raw.index(after: space)...] : ""
            let kindEnd = rest.firstIndex(of: " ") ?? rest.endIndex
            let kind = rest[..<kindEnd]
            let argument = kindEnd < rest.endIndex ? rest[rest.index(after: kindEnd)...] : ""
            try finishFrame(self)
            lastRow = -1
            let line = lineNumber
            func record(_ event: TuiSession.Event) { session.records.append(.init(time: time, line: line, event: event)) }
            switch kind {
            case "in": record(.input(try unquote(argument)))
            case "out": record(.output(try unquote(argument)))
            case "print":
                let bytes = try unquote(argument)
                record(.print(String(decoding: bytes, as: UTF8.self)))
            case "cpr":
                guard argument == "on" || argument == "off" else { throw fail("expected 'cpr on' or 'cpr off'") }
                record(.expectsCursorReport(argument == "on"))
            case "flush" where argument.isEmpty: record(.flush)
            case "stall" where argument.isEmpty: record(.pasteStalled)
            case "clock":
                let p = argument.split(separator: " ").map { Int($0) }
                guard p.count <= 2, p.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                    throw fail("expected 'clock', 'clock FIRED' or 'clock FIRED PENDING'")
                }
                record(.clock(fired: p.first.flatMap { $0 } ?? 0, pending: p.count == 2 ? p[1] : nil))
            case "resize":
                let p = argument.split(separator: " ")
                guard p.count == 2, let c = Int(p[0]), let r = Int(p[1]),
                      (1...TuiFrames.maxDimension).contains(c), (1...TuiFrames.maxDimension).contains(r)
                else { throw fail("expected 'resize COLS ROWS' with each in 1...\(TuiFrames.maxDimension)") }
                record(.resize(columns: c, rows: r))
            case "end":
                guard let status = Int32(argument) else { throw fail("expected 'end STATUS'") }
                record(.end(status: status))
            case "frame":
                let p = argument.split(separator: " ")
                let dims = p.count == 2 ? p[1].split(separator: "x") : []
                guard p.count == 2, let n = Int(p[0]), n > lastFrameNumber, dims.count == 2,
                      let c = Int(dims[0]), let r = Int(dims[1]),
                      (1...TuiFrames.maxDimension).contains(c), (1...TuiFrames.maxDimension).contains(r)
                else {
                    throw fail("expected 'frame NUMBER COLSxROWS' (numbers increasing, sizes in 1...\(TuiFrames.maxDimension))")
                }
                lastFrameNumber = n
                if c != size.columns || r != size.rows {
                    size = (c, r)
                    screen = Array(repeating: .blank(), count: c * r)  // a new size starts blank
                }
                frame = (n, time, line)
            default:
                throw fail("unknown record \(rows.quote(kind))")
            }
        }
        lineNumber = index
        try finishFrame(self)
        guard sawSize else { throw fail("missing 'size COLS ROWS' line", line: 2) }
        return session
    }

    /// `MILLISECONDS[.FRACTION]` (up to six digits: nanoseconds) as nanoseconds.
    static func parseTime(_ s: Substring) -> UInt64? {
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let ms = UInt64(parts[0]), parts[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var ns = ms.multipliedReportingOverflow(by: 1_000_000)
        guard !ns.overflow else { return nil }
        if parts.count == 2 {
            let f = parts[1]
            guard (1...6).contains(f.count), f.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let v = UInt64(f) else {
                return nil
            }
            var scale: UInt64 = 1
            for _ in 0..<(6 - f.count) { scale *= 10 }
            ns = ns.partialValue.addingReportingOverflow(v * scale)
            guard !ns.overflow else { return nil }
        }
        return ns.partialValue
    }

    func unquote(_ s: Substring) throws(TuiFramesError) -> [UInt8] {
        switch SessionQuoting.unquote(s) {
        case .success(let bytes): return bytes
        case .failure(let error): throw fail(error.reason)
        }
    }

    /// `style KEY ATTR...`: KEY is one character (not a space or `.`).
    mutating func parseStyle(_ raw: Substring) throws(TuiFramesError) {
        let body = raw.dropFirst(6)
        guard let key = body.unicodeScalars.first, key != " ", key != ".",
              TextSegmenter.replacement(forControl: key.value) == nil
        else { throw fail("style key must be one character other than a space or '.'") }
        let rest = body.unicodeScalars.dropFirst()
        guard rest.isEmpty || rest.first == " " else { throw fail("style key must be one character") }
        styleKeys[key.value] = rows.styles.id(for: try rows.parseAttributes(Substring(rest).split(separator: " ")))
    }

    /// `Y|TEXT` replaces row Y; `Y:KEYS` (right after it) gives its styles.
    func parseRow(_ raw: Substring, size: (columns: Int, rows: Int), screen: inout [Cell],
                  lastRow: inout Int) throws(TuiFramesError) {
        guard let mark = raw.firstIndex(where: { $0 == "|" || $0 == ":" }), let y = Int(raw[..<mark]) else {
            throw fail("expected 'ROW|TEXT' or 'ROW:KEYS'")
        }
        guard y >= 0, y < size.rows else { throw fail("row \(y) outside the frame's \(size.rows) rows") }
        let content = raw[raw.index(after: mark)...]
        let base = y * size.columns
        if raw[mark] == "|" {
            var cells: [Cell] = []
            cells.reserveCapacity(size.columns)
            try rows.appendRow(content, columns: size.columns, into: &cells)
            screen.replaceSubrange(base..<base + size.columns, with: cells)
            lastRow = y
            return
        }
        guard lastRow == y else { throw fail("'\(y):' styles must directly follow row \(y)'s '\(y)|' line") }
        lastRow = -1
        var x = 0
        for scalar in content.unicodeScalars {
            guard x < size.columns else { throw fail("style row longer than \(size.columns) columns") }
            defer { x += 1 }
            if scalar == "." || scalar == " " { continue }
            guard let id = styleKeys[scalar.value] else {
                throw fail("undeclared style key \(rows.quote(String(scalar))) at column \(x + 1)")
            }
            let cell = screen[base + x]
            if cell.isContinuation { continue }
            screen[base + x].style = id
            if cell.width == 2 { screen[base + x + 1].style = id }
        }
    }
}

// MARK: Writing screens

/// Writes a session's frames: each one as the rows that changed since the
/// last (all non-blank rows after a change of size), with `style` lines
/// for styles not seen before. Rows are compared as their text and keys,
/// not as cells: the style and grapheme tables may be compacted between
/// frames, renumbering both.
public struct SessionScreenWriter {
    private var previous: [(text: String, keys: String)] = []
    private var size = (columns: 0, rows: 0)
    private var keys: [Style: Character] = [:]
    private var keyOrder: [Character] = []
    private var keyOwners: [Character: Style] = [:]
    private var nextKey = 0
    private var links: StyleTable?

    public init() {}

    /// The lines after a `frame` record for `canvas`, each ending in `\n`.
    public mutating func lines(for canvas: CellBuffer) -> String {
        links = canvas.styles
        var out = ""
        let resized = canvas.columns != size.columns || canvas.rows != size.rows
        if resized {
            size = (canvas.columns, canvas.rows)
            previous = Array(repeating: ("", ""), count: canvas.rows)
        }
        for y in 0..<canvas.rows {
            var text = ""
            var rowKeys = ""
            for x in 0..<canvas.columns {
                let cell = canvas[x, y]
                if cell.isContinuation {
                    rowKeys.append(".")
                    continue
                }
                text += canvas.text(x: x, y: y)
                let style = canvas.styles[cell.style]
                if style == .plain {
                    rowKeys.append(".")
                } else {
                    rowKeys.append(key(for: style, declaring: &out))
                }
            }
            while text.last == " " { text.removeLast() }
            while rowKeys.last == "." { rowKeys.removeLast() }
            guard text != previous[y].text || rowKeys != previous[y].keys else { continue }
            previous[y] = (text, rowKeys)
            out += "\(y)|\(text)\n"
            if !rowKeys.isEmpty { out += "\(y):\(rowKeys)\n" }
        }
        return out
    }

    /// The key for `style`, declared (into `out`) the first time; when every
    /// key is taken, the oldest is declared again for the new style (the
    /// rows already written keep what it meant when they were read).
    private mutating func key(for style: Style, declaring out: inout String) -> Character {
        if let k = keys[style] { return k }
        let k: Character
        if nextKey < SessionScreenWriter.keyAlphabet.count {
            k = SessionScreenWriter.keyAlphabet[nextKey]
            keyOrder.append(k)
        } else {
            k = keyOrder[nextKey % keyOrder.count]
            if let old = keyOwners[k] { keys[old] = nil }
            // Rows written with the old meaning must be written again when they change.
            for y in previous.indices where previous[y].keys.contains(k) { previous[y] = ("\u{0}", "") }
        }
        nextKey += 1
        keys[style] = k
        keyOwners[k] = style
        let words = StyleDescription(style, links: links).description
        out += "style \(k)\(words.isEmpty ? "" : " ")\(words)\n"
        return k
    }

    /// Keys: letters and digits, then Latin letters past ASCII (one column
    /// each), so that a key row lines up under its text in an editor.
    static let keyAlphabet: [Character] = {
        var keys = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for v in UInt32(0x100)...0x24F {
            if let s = Unicode.Scalar(v), s.properties.isAlphabetic { keys.append(Character(s)) }
        }
        return keys
    }()
}
