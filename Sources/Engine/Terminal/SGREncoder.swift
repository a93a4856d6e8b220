/// Somewhere escape-sequence bytes go: the output buffer, or a counter that
/// prices a choice before it is made.
protocol ByteSink: ~Copyable {
    mutating func byte(_ b: UInt8)
    mutating func decimal(_ n: Int)
    mutating func string(_ s: StaticString)
}

/// Counts bytes instead of writing them.
struct ByteCounter: ByteSink {
    var count = 0
    @inline(__always) mutating func byte(_ b: UInt8) { count += 1 }
    @inline(__always) mutating func decimal(_ n: Int) { count += ByteBuffer.digits(n) }
    @inline(__always) mutating func string(_ s: StaticString) { count += s.utf8CodeUnitCount }
}


/// Select Graphic Rendition (ECMA-48 8.3.117): the shortest `CSI … m` that
/// takes the terminal's pen from one style to another.
///
/// Two candidates are priced: a reset (`0`) followed by every attribute and
/// colour of the target, and a delta of individual off codes (22 bold/dim,
/// 23 italic, 24 underline, 25 blink, 27 reverse, 29 strike, 55 overline,
/// 39/49/59 default colours) and on codes. The shorter wins; either way it
/// is one sequence.
///
/// Underline styles and the underline colour use the colon sub-parameters
/// of ITU T.416 as kitty, VTE and tmux read them: `4:n` (n = 2 double,
/// 3 curly, 4 dotted, 5 dashed; a single underline stays plain `4`),
/// `58:5:n` and `58:2::r:g:b`, with `59` for the default. A style's
/// ``Style/link`` is not SGR: the writer emits OSC 8 for it, and this
/// encoder ignores it.
enum SGREncoder {
    /// Whether `a` and `b` draw the same (colours, attributes, and the
    /// underline's style where there is an underline): the link aside.
    @inline(__always)
    static func rendersSame(_ a: Style, _ b: Style) -> Bool {
        a.foreground == b.foreground && a.background == b.background && a.attributes == b.attributes
            && a.underlineColor == b.underlineColor
            && (a.underlineStyle == b.underlineStyle || !a.attributes.contains(.underline))
    }

    /// Writes the transition from `pen` (nil: unknown) to `target` into `sink`.
    /// Writes nothing when they draw the same.
    @inline(__always)
    static func transition<S: ByteSink & ~Copyable>(from pen: Style?, to target: Style, into sink: inout S) {
        if let pen, rendersSame(pen, target) { return }
        guard let pen else {
            reset(to: target, into: &sink)
            return
        }
        if deltaLength(from: pen, to: target) <= resetLength(target) {
            delta(from: pen, to: target, into: &sink)
        } else {
            reset(to: target, into: &sink)
        }
    }

    /// The longest transition there is (75 bytes): reset, eight attributes
    /// with an underline style, three truecolor colours.
    static let maxLength = 80

    /// Writes the transition into `buffer` with one capacity check.
    @inline(__always)
    static func transition(from pen: Style?, to target: Style, into buffer: inout ByteBuffer) {
        if let pen, rendersSame(pen, target) { return }
        buffer.withReservedCapacity(maxLength) { (w: inout RawByteWriter) in
            transition(from: pen, to: target, into: &w)
        }
    }

    /// Byte length of the transition.
    @inline(__always)
    static func cost(from pen: Style?, to target: Style) -> Int {
        if let pen {
            if rendersSame(pen, target) { return 0 }
            return Swift.min(deltaLength(from: pen, to: target), resetLength(target))
        }
        return resetLength(target)
    }

    /// Digits of a colour's parameters (`31`, `38;5;n`, `48;2;r;g;b`…).
    @inline(__always)
    static func colorLength(_ c: Color, background: Bool) -> Int {
        switch c.kind {
        case .default: return 2
        case .palette(let i) where i < 8: return 2
        case .palette(let i) where i < 16: return background ? 3 : 2
        case .palette(let i): return 5 + ByteBuffer.digits(Int(i))
        case let .rgb(r, g, b):
            return 7 + ByteBuffer.digits(Int(r)) + ByteBuffer.digits(Int(g)) + ByteBuffer.digits(Int(b))
        }
    }

    /// Digits of an underline colour's parameters (`59`, `58:5:n`, `58:2::r:g:b`).
    @inline(__always)
    static func underlineColorLength(_ c: Color) -> Int {
        switch c.kind {
        case .default: return 2
        case .palette(let i): return 5 + ByteBuffer.digits(Int(i))
        case let .rgb(r, g, b):
            return 8 + ByteBuffer.digits(Int(r)) + ByteBuffer.digits(Int(g)) + ByteBuffer.digits(Int(b))
        }
    }

    /// Bytes the decorations add to the on codes of `attributes`: ":n" after
    /// a styled underline's `4`, one more digit for overline's `53`.
    @inline(__always)
    static func decorationLength(_ attributes: TextAttributes, _ t: Style) -> Int {
        var n = 0
        if attributes.contains(.underline) && t.underlineStyle != .single { n += 2 }
        if attributes.contains(.overline) { n += 1 }
        return n
    }

    @inline(__always)
    static func resetLength(_ t: Style) -> Int {
        if rendersSame(t, .plain) { return 3 }
        var n = 4 + 2 * t.attributes.rawValue.nonzeroBitCount  // ESC [ 0 … m, ";k" per attribute
        if t.foreground != .default { n += 1 + colorLength(t.foreground, background: false) }
        if t.background != .default { n += 1 + colorLength(t.background, background: true) }
        if t.hasDecorations {
            n += decorationLength(t.attributes, t)
            if t.underlineColor != .default { n += 1 + underlineColorLength(t.underlineColor) }
        }
        return n
    }

    /// The attributes already on that must be set again: an underline
    /// whose style changes is re-sent as `4:n`.
    @inline(__always)
    static func restyled(_ pen: Style, _ target: Style, _ current: TextAttributes) -> TextAttributes {
        current.contains(.underline) && target.attributes.contains(.underline)
            && pen.underlineStyle != target.underlineStyle ? .underline : []
    }

    @inline(__always)
    static func deltaLength(from pen: Style, to target: Style) -> Int {
        var params = 0, count = 0
        var current = pen.attributes
        let wanted = target.attributes
        let boldDim: TextAttributes = [.bold, .dim]
        if !current.intersection(boldDim).isSubset(of: wanted) {
            params += 2; count += 1
            current.subtract(boldDim)
        }
        let removed = current.subtracting(wanted)
        params += 2 * removed.rawValue.nonzeroBitCount; count += removed.rawValue.nonzeroBitCount
        current.subtract(removed)
        if pen.hasDecorations || target.hasDecorations { current.subtract(restyled(pen, target, current)) }
        let addedSet = wanted.subtracting(current)
        let added = addedSet.rawValue.nonzeroBitCount
        params += added; count += added
        if pen.foreground != target.foreground { params += colorLength(target.foreground, background: false); count += 1 }
        if pen.background != target.background { params += colorLength(target.background, background: true); count += 1 }
        if pen.hasDecorations || target.hasDecorations {
            params += decorationLength(addedSet, target)
            if pen.underlineColor != target.underlineColor {
                params += underlineColorLength(target.underlineColor); count += 1
            }
        }
        return 3 + params + Swift.max(count - 1, 0)
    }

    /// Writes `ESC[` `params` `m` where `params` is built by `body`, which calls
    /// the given closure once per parameter group.
    @inline(__always)
    private static func reset<S: ByteSink & ~Copyable>(to target: Style, into sink: inout S) {
        sink.string("\u{1B}[")
        if rendersSame(target, .plain) {
            sink.byte(0x6D)  // CSI m: all attributes off, default colours
            return
        }
        sink.byte(0x30)  // 0: reset, then set
        var first = false
        attributeCodes(target.attributes, of: target, separator: &first, into: &sink)
        if target.foreground != .default { sink.byte(0x3B); color(target.foreground, background: false, into: &sink) }
        if target.background != .default { sink.byte(0x3B); color(target.background, background: true, into: &sink) }
        if target.underlineColor != .default { sink.byte(0x3B); underlineColor(target.underlineColor, into: &sink) }
        sink.byte(0x6D)
    }

    @inline(__always)
    private static func delta<S: ByteSink & ~Copyable>(from pen: Style, to target: Style, into sink: inout S) {
        sink.string("\u{1B}[")
        var first = true
        @inline(__always) func separator(_ sink: inout S) {
            if first { first = false } else { sink.byte(0x3B) }
        }
        var current = pen.attributes
        let wanted = target.attributes
        let boldDim: TextAttributes = [.bold, .dim]
        if !current.intersection(boldDim).isSubset(of: wanted) {
            // 22 turns off both bold and dim; whichever the target keeps is set again below.
            separator(&sink); sink.decimal(22)
            current.subtract(boldDim)
        }
        let removed = current.subtracting(wanted)
        if !removed.isEmpty {
            if removed.contains(.italic) { separator(&sink); sink.decimal(23) }
            if removed.contains(.underline) { separator(&sink); sink.decimal(24) }
            if removed.contains(.blink) { separator(&sink); sink.decimal(25) }
            if removed.contains(.reverse) { separator(&sink); sink.decimal(27) }
            if removed.contains(.strikethrough) { separator(&sink); sink.decimal(29) }
            if removed.contains(.overline) { separator(&sink); sink.decimal(55) }
            current.subtract(removed)
        }
        if pen.hasDecorations || target.hasDecorations { current.subtract(restyled(pen, target, current)) }
        attributeCodes(wanted.subtracting(current), of: target, separator: &first, into: &sink)
        if pen.foreground != target.foreground {
            separator(&sink); color(target.foreground, background: false, into: &sink)
        }
        if pen.background != target.background {
            separator(&sink); color(target.background, background: true, into: &sink)
        }
        if pen.underlineColor != target.underlineColor {
            separator(&sink); underlineColor(target.underlineColor, into: &sink)
        }
        sink.byte(0x6D)
    }

    /// The on codes of `attributes` in SGR order, each preceded by `;` unless
    /// first; an underline in `style`'s underline style (`4:n`).
    @inline(__always)
    private static func attributeCodes<S: ByteSink & ~Copyable>(_ attributes: TextAttributes, of style: Style,
                                                                separator first: inout Bool, into sink: inout S) {
        guard !attributes.isEmpty else { return }
        var bits = attributes.rawValue
        // Bit i of TextAttributes is SGR code onCode(bit: i).
        while bits != 0 {
            let i = bits.trailingZeroBitCount
            bits &= bits - 1
            if first { first = false } else { sink.byte(0x3B) }
            if i == 7 {
                sink.decimal(53)  // overline
                continue
            }
            sink.byte(onCode(bit: i))
            if i == 3 && style.underlineStyle != .single {
                sink.byte(0x3A); sink.byte(0x30 + style.underlineStyle.rawValue)  // 4:n
            }
        }
    }

    /// SGR on code (as an ASCII digit) per TextAttributes bit: bold 1, dim 2,
    /// italic 3, underline 4, blink 5, reverse 7, strike 9 (overline's 53
    /// has two digits and is written apart).
    @inline(__always)
    private static func onCode(bit: Int) -> UInt8 {
        switch bit {
        case 0...4: return UInt8(0x31 + bit)  // 1 bold, 2 dim, 3 italic, 4 underline, 5 blink
        case 5: return 0x37  // 7 reverse
        default: return 0x39  // 9 strike
        }
    }

    /// An underline colour's parameters: `58:5:n` for a palette entry,
    /// `58:2::r:g:b` for truecolor (T.416's form, its colour-space id left
    /// empty), `59` for the default (the text's colour).
    @inline(__always)
    private static func underlineColor<S: ByteSink & ~Copyable>(_ c: Color, into sink: inout S) {
        switch c.kind {
        case .default:
            sink.decimal(59)
        case .palette(let i):
            sink.string("58:5:"); sink.decimal(Int(i))
        case let .rgb(r, g, b):
            sink.string("58:2::"); sink.decimal(Int(r))
            sink.byte(0x3A); sink.decimal(Int(g)); sink.byte(0x3A); sink.decimal(Int(b))
        }
    }

    /// One colour's parameters: 30–37/90–97 (40–47/100–107) for the 16 ANSI
    /// colours, `38;5;n` / `48;5;n` for the palette, `38;2;r;g;b` / `48;2;r;g;b`
    /// for truecolor, 39/49 for the default.
    @inline(__always)
    private static func color<S: ByteSink & ~Copyable>(_ c: Color, background: Bool, into sink: inout S) {
        let offset = background ? 10 : 0
        switch c.kind {
        case .default:
            sink.decimal(39 + offset)
        case .palette(let i) where i < 8:
            sink.decimal(30 + offset + Int(i))
        case .palette(let i) where i < 16:
            sink.decimal(90 + offset + Int(i) - 8)
        case .palette(let i):
            sink.decimal(38 + offset); sink.string(";5;"); sink.decimal(Int(i))
        case let .rgb(r, g, b):
            sink.decimal(38 + offset); sink.string(";2;"); sink.decimal(Int(r))
            sink.byte(0x3B); sink.decimal(Int(g)); sink.byte(0x3B); sink.decimal(Int(b))
        }
    }
}
