/// A recorded terminal session: what an app read (input bytes, the
/// terminal's replies), what happened to it (resizes, its clock's moves,
/// held input flushed), and what it showed (each frame's screen and bytes),
/// in order, with times. `TUI_RECORD=path` on any app writes one; the test
/// kit replays it against the app's views, frame by frame; `tuibench
/// replay` measures the writer on its screens. The file format,
/// `tuisession` version 1, is described in `docs/tuisession.md`.
///
/// Frames are resolved at parse time into whole screens of ``Cell``s
/// against the caller's style and grapheme tables (a file stores only the
/// rows that changed), so a replay compares cells as integers.
public struct TuiSession {
    /// Where the file came from (for messages).
    public var path: String
    /// The terminal's size when the app started.
    public var columns: Int
    public var rows: Int
    /// The screen the app used.
    public var screen: Screen
    /// What the writer was told about the terminal.
    public var capabilities: TerminalCapabilities
    /// What happened, in order.
    public var records: [Record]

    /// The screen an app uses (as `TerminalOptions.Screen` says).
    public enum Screen: Equatable, Sendable {
        /// The alternate screen, full size.
        case alternate
        /// A region below the prompt of at most `maxHeight` rows (nil: the
        /// screen's height), as tall as its content.
        case inline(maxHeight: Int?)
    }

    /// One thing that happened, at a time since the session started.
    public struct Record {
        /// Time since the app started, in nanoseconds (the file keeps microseconds).
        public var time: UInt64
        /// The record's first line in the file (1-based).
        public var line: Int
        public var event: Event
    }

    /// What a record says happened.
    public enum Event {
        /// Bytes the app read from the terminal: keys, pastes, mouse
        /// reports and the terminal's replies, as they came.
        case input([UInt8])
        /// From here on, the input decoder takes `CSI row ; column R` as a
        /// cursor position report (true) or as a key (false).
        case expectsCursorReport(Bool)
        /// Input held for the rest of a sequence (a lone `Esc`) waited long
        /// enough and was delivered as it stood.
        case flush
        /// A paste whose end marker had not come stalled: what came so far
        /// was delivered, and the paste goes on.
        case pasteStalled
        /// The terminal was resized.
        case resize(columns: Int, rows: Int)
        /// The app's clock moved to the record's time: `fired` timers and
        /// sleeps fell due and ran, and once the work they woke had run,
        /// `pending` waited (nil in a file that does not say).
        case clock(fired: Int, pending: Int?)
        /// A frame was drawn. `cells` is the whole screen after it,
        /// `columns × rows`, row-major.
        case frame(number: Int, columns: Int, rows: Int, cells: [Cell])
        /// The bytes written to the terminal for the frame before.
        case output([UInt8])
        /// A line the app printed (`terminal.print`).
        case print(String)
        /// The app ended with this status.
        case end(status: Int32)
    }

    /// The frames, in order, with their record indices.
    public var frames: [(record: Int, number: Int, columns: Int, rows: Int, cells: [Cell])] {
        records.enumerated().compactMap { i, r in
            if case .frame(let n, let c, let rw, let cells) = r.event { return (i, n, c, rw, cells) }
            return nil
        }
    }

    /// How many times, at a `clock` record, the main queue's work is let
    /// run (each time, everything queued so far): by the recording host
    /// after each wake-up and by a replay, the same number.
    public static let settleRounds = 64

    /// The most cells (summed over whole frames) a parsed file may hold by
    /// default: as for ``TuiFrames/defaultCellLimit``. A file stores changed
    /// rows only, so a small file can stand for many whole screens.
    public static let defaultCellLimit = 1 << 24

    /// Parses `text`. Throws ``TuiFramesError`` (the path, the 1-based line
    /// and the reason) at the first problem.
    public static func parse(_ text: String, path: String, styles: StyleTable, graphemes: GraphemeTable,
                             cellLimit: Int = defaultCellLimit) throws(TuiFramesError) -> TuiSession {
        var parser = TuiSessionParser(path: path, styles: styles, graphemes: graphemes)
        parser.cellLimit = cellLimit
        return try parser.parse(text)
    }

    /// The frames as a ``TuiFrames`` (every frame at the session's first
    /// size: a frame at another size ends the sequence), for measuring the
    /// writer on a real app's screens.
    public func screens() -> TuiFrames {
        var out: [TuiFrames.Frame] = []
        for f in frames {
            guard f.columns == frames.first?.columns, f.rows == frames.first?.rows else { break }
            let line = records[f.record].line
            out.append(TuiFrames.Frame(label: "frame \(f.number)", line: line, cells: f.cells))
        }
        return TuiFrames(path: path, columns: frames.first?.columns ?? columns, rows: frames.first?.rows ?? rows,
                         frames: out)
    }
}

// MARK: Quoting bytes

/// The reversible quoting of bytes in a session file: printable text stays
/// as it is; ESC, CR, LF, TAB, `\` and `"` are `\e`, `\r`, `\n`, `\t`,
/// `\\`, `\"`; other controls and bytes that are not valid UTF-8 are
/// `\xNN`; characters that are valid but invisible or reordering (C1,
/// format characters such as bidirectional overrides, separators,
/// private use, unassigned) are `\u{X}`. A session file is safe to `cat`.
public enum SessionQuoting {
    /// `bytes` as a quoted string, quotes included.
    public static func quote(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var out = "\""
        out.reserveCapacity(bytes.count + 2)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                switch b {
                case 0x1B: out += "\\e"
                case 0x0D: out += "\\r"
                case 0x0A: out += "\\n"
                case 0x09: out += "\\t"
                case 0x5C: out += "\\\\"
                case 0x22: out += "\\\""
                case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
                default: out += hexByte(b)
                }
                i += 1
                continue
            }
            if let (scalar, length) = decodeScalar(bytes, at: i) {
                if isSafe(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
                i += length
            } else {
                out += hexByte(b)
                i += 1
            }
        }
        out += "\""
        return out
    }

    /// The bytes `quoted` stands for; nil (with the reason) when it is not a
    /// well-formed quoted string.
    public static func unquote(_ quoted: Substring) -> Result<[UInt8], QuotingError> {
        let s = Array(quoted.utf8)
        guard s.count >= 2, s.first == 0x22, s.last == 0x22 else {
            return .failure(QuotingError(reason: "expected a quoted string (\"…\")"))
        }
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 1
        let end = s.count - 1
        while i < end {
            let b = s[i]
            if b == 0x22 { return .failure(QuotingError(reason: "unescaped '\"' inside the string")) }
            if b < 0x20 || b == 0x7F { return .failure(QuotingError(reason: "raw control byte \(hexByte(b)) inside the string")) }
            guard b == 0x5C else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < end else { return .failure(QuotingError(reason: "'\\' at the end of the string")) }
            let e = s[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "e"): out.append(0x1B)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case 0x5C: out.append(0x5C)
            case 0x22: out.append(0x22)
            case UInt8(ascii: "x"):
                guard i + 2 <= end, let v = UInt8(String(decoding: s[i..<i + 2], as: UTF8.self), radix: 16) else {
                    return .failure(QuotingError(reason: "'\\x' needs two hex digits"))
                }
                out.append(v)
                i += 2
            case UInt8(ascii: "u"):
                guard i < end, s[i] == UInt8(ascii: "{"), let close = s[i..<end].firstIndex(of: UInt8(ascii: "}")),
                      close - i - 1 >= 1, close - i - 1 <= 6,
                      let v = UInt32(String(decoding: s[(i + 1)..<close], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v)
                else { return .failure(QuotingError(reason: "'\\u' needs {1 to 6 hex digits} of a Unicode scalar")) }
                out += Array(String(Character(scalar)).utf8)
                i = close + 1
            default:
                return .failure(QuotingError(reason: "unknown escape '\\\(Unicode.Scalar(e).escaped(asASCII: true))'"))
            }
        }
        return .success(out)
    }

    /// A malformed quoted string.
    public struct QuotingError: Error, Equatable {
        public var reason: String
    }

    static func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// Whether `scalar` shows as itself (not C1, a format character, a
    /// separator, private use or unassigned).
    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: false
        default: true
        }
    }

    /// The UTF-8 scalar at `i` (shortest form, no surrogates), or nil.
    static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[i]
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

// MARK: Capabilities in words

extension TerminalCapabilities {
    /// The capabilities as the words of a session's `capabilities` line.
    var sessionWords: String {
        let level = ["none", "16", "256", "truecolor"][colors.rawValue]
        func flag(_ b: Bool) -> String { b ? "1" : "0" }
        return "colors=\(level) rep=\(flag(repeatCharacter)) sync=\(flag(synchronizedOutput))"
            + " bce=\(flag(backgroundColorErase)) scroll=\(flag(scrolling)) ich=\(flag(insertDeleteCharacter))"
            + " emoji=\(flag(settledEmojiWidths))"
    }

    /// Reads the words of a `capabilities` line (unknown words are kept
    /// out: a newer writer's flags do not stop an older reader).
    init?(sessionWords words: [Substring]) {
        self.init()
        for word in words {
            let pair = word.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            let v = pair[1]
            switch pair[0] {
            case "colors":
                guard let i = ["none", "16", "256", "truecolor"].firstIndex(of: String(v)) else { return nil }
                colors = ColorLevel(rawValue: i)!
            case "rep": repeatCharacter = v == "1"
            case "sync": synchronizedOutput = v == "1"
            case "bce": backgroundColorErase = v == "1"
            case "scroll": scrolling = v == "1"
            case "ich": insertDeleteCharacter = v == "1"
            case "emoji": settledEmojiWidths = v == "1"
            default: continue
            }
        }
    }
}
