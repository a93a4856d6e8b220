/// One line of program output with its ANSI colours parsed into styled
/// runs: the printable text, and the style of each stretch of it.
///
/// SGR sequences (`ESC [ … m`, ECMA-48 § 8.3.117: bold, dim, italic,
/// underline, blink, reverse, strikethrough, overline, the 16 colours,
/// 256-colour and RGB colours, and their resets) become styles. Everything
/// else that is not printable is dropped: other CSI sequences (cursor
/// motion, erase, modes), OSC, DCS, SOS, PM and APC strings up to their
/// terminator, two-byte escapes, C1 controls (U+0080…U+009F, CSI and OSC
/// among them, read as their ESC forms), C0 controls and DEL. A tab becomes
/// spaces to the next multiple of eight characters. So a line never
/// carries a byte to the terminal that could move its cursor or change its
/// modes.
struct ANSILine: Equatable {
    /// The printable text.
    var text: String
    /// Each stretch's style up to its end (a UTF-8 offset of `text`), or
    /// nil when the whole line is plain.
    var runs: [Text.Run]?

    /// Most SGR parameters read from one sequence; the rest are ignored.
    static let maxParameters = 32

    init(parsing source: Substring) {
        // Most lines are plain printable text: no escape, control or C1
        // scalar to read, so the text is the source.
        if ANSILine.isPlain(source) {
            text = String(source)
            runs = nil
            return
        }
        // The text is gathered as UTF-8 and made a string once.
        var text: [UInt8] = []
        text.reserveCapacity(source.utf8.count)
        var runs: [Text.Run] = []
        var style = Style.plain
        var runStyle = Style.plain
        var length = 0
        var characters = 0
        var scalars = source.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?

        func next() -> Unicode.Scalar? {
            if let p = pending {
                pending = nil
                return p
            }
            return scalars.next()
        }

        /// Reads a control sequence after its introducer; applies it when
        /// it is an SGR. A scalar that cannot be part of one ends it (and
        /// is read again as text).
        func controlSequence() {
            var parameters: [Int] = []
            var current = 0
            var hasCurrent = false
            var valid = true
            while let s = next() {
                switch s.value {
                case 0x30...0x39:
                    current = Swift.min(current &* 10 &+ Int(s.value - 0x30), 1 << 20)
                    hasCurrent = true
                case 0x3A, 0x3B:  // ':' and ';' separate parameters
                    if parameters.count < ANSILine.maxParameters { parameters.append(hasCurrent ? current : 0) }
                    current = 0
                    hasCurrent = false
                case 0x3C...0x3F, 0x20...0x2F:  // private markers and intermediates: not an SGR we read
                    valid = false
                case 0x40...0x7E:
                    if s.value == 0x6D, valid {  // 'm'
                        if parameters.count < ANSILine.maxParameters { parameters.append(hasCurrent ? current : 0) }
                        ANSILine.apply(parameters, to: &style)
                    }
                    return
                default:
                    pending = s
                    return
                }
            }
        }

        /// Skips a command string (OSC, DCS, …) up to BEL or ST.
        func commandString() {
            while let s = next() {
                switch s.value {
                case 0x07, 0x9C: return
                case 0x1B:
                    if let t = next(), t != "\\" { pending = t }
                    return
                default: continue
                }
            }
        }

        while let s = next() {
            switch s.value {
            case 0x1B:
                guard let t = next() else { break }
                switch t {
                case "[": controlSequence()
                case "]", "P", "X", "^", "_": commandString()
                default:
                    // A two-byte escape (with any intermediates before its final byte).
                    var u: Unicode.Scalar? = t
                    while let c = u, (0x20...0x2F).contains(c.value) { u = next() }
                    if let c = u, !(0x30...0x7E).contains(c.value) { pending = c }
                }
            case 0x9B:
                controlSequence()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                commandString()
            case 0x09:
                let spaces = 8 - characters % 8
                if style != runStyle, length > 0 { runs.append(Text.Run(end: length, style: runStyle)) }
                runStyle = style
                text.append(contentsOf: repeatElement(0x20, count: spaces))
                length += spaces
                characters += spaces
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                if style != runStyle {
                    if length > 0 { runs.append(Text.Run(end: length, style: runStyle)) }
                    runStyle = style
                }
                if s.value < 0x80 {
                    text.append(UInt8(truncatingIfNeeded: s.value))
                } else {
                    UTF8.encode(s) { text.append($0) }
                }
                length += UTF8.width(s)
                characters += 1
            }
        }
        self.text = String(decoding: text, as: UTF8.self)
        if runs.isEmpty && runStyle == .plain {
            self.runs = nil
        } else {
            runs.append(Text.Run(end: length, style: runStyle))
            self.runs = runs
        }
    }

    /// Whether `source` holds no C0 control, DEL or C1 control (U+0080…
    /// U+009F, UTF-8 `C2 80`…`C2 9F`): nothing the parser would drop,
    /// expand or read as a sequence. One pass over its UTF-8.
    static func isPlain(_ source: Substring) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            var afterC2 = false
            for b in bytes {
                if b < 0x20 || b == 0x7F || (afterC2 && b < 0xA0) { return false }
                afterC2 = b == 0xC2
            }
            return true
        }
    }

    /// Applies SGR `parameters` (ECMA-48 § 8.3.117, with the 256-colour and
    /// RGB forms of ITU T.416) to `style`.
    static func apply(_ parameters: [Int], to style: inout Style) {
        var i = 0
        func colour(at k: inout Int) -> Color? {
            guard k + 1 < parameters.count else { return nil }
            switch parameters[k + 1] {
            case 5 where k + 2 < parameters.count:
                defer { k += 2 }
                return .palette(UInt8(clamping: parameters[k + 2]))
            case 2 where k + 4 < parameters.count:
                defer { k += 4 }
                return .rgb(UInt8(clamping: parameters[k + 2]), UInt8(clamping: parameters[k + 3]),
                            UInt8(clamping: parameters[k + 4]))
            default:
                k = parameters.count
                return nil
            }
        }
        while i < parameters.count {
            let p = parameters[i]
            switch p {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4, 21: style.attributes.insert(.underline)
            case 5, 6: style.attributes.insert(.blink)
            case 7: style.attributes.insert(.reverse)
            case 9: style.attributes.insert(.strikethrough)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 25: style.attributes.remove(.blink)
            case 27: style.attributes.remove(.reverse)
            case 29: style.attributes.remove(.strikethrough)
            case 30...37: style.foreground = .palette(UInt8(p - 30))
            case 38: if let c = colour(at: &i) { style.foreground = c }
            case 39: style.foreground = .default
            case 40...47: style.background = .palette(UInt8(p - 40))
            case 48: if let c = colour(at: &i) { style.background = c }
            case 49: style.background = .default
            case 53: style.attributes.insert(.overline)
            case 55: style.attributes.remove(.overline)
            case 90...97: style.foreground = .palette(UInt8(p - 90 + 8))
            case 100...107: style.background = .palette(UInt8(p - 100 + 8))
            default: break
            }
            i += 1
        }
    }
}
