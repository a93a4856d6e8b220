/// Somewhere escape-sequence bytes go: the output buffer, or a counter that
/// prices a choice before it is made.
protocol ByteSink {
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

/// Writes into a ``ByteBuffer``.
struct BufferSink: ByteSink {
    let buffer: ByteBuffer
    @inline(__always) mutating func byte(_ b: UInt8) { buffer.append(b) }
    @inline(__always) mutating func decimal(_ n: Int) { buffer.appendDecimal(n) }
    @inline(__always) mutating func string(_ s: StaticString) { buffer.append(s) }
}

/// Select Graphic Rendition (ECMA-48 8.3.117): the shortest `CSI … m` that
/// takes the terminal's pen from one style to another.
///
/// Two candidates are priced: a reset (`0`) followed by every attribute and
/// colour of the target, and a delta of individual off codes (22 bold/dim,
/// 23 italic, 24 underline, 25 blink, 27 reverse, 29 strike, 39/49 default
/// colours) and on codes. The shorter wins; either way it is one sequence.
enum SGREncoder {
    /// Writes the transition from `pen` (nil: unknown) to `target` into `sink`.
    /// Writes nothing when they are equal.
    @inline(__always)
    static func transition<S: ByteSink>(from pen: Style?, to target: Style, into sink: inout S) {
        if let pen, pen == target { return }
        guard let pen else {
            reset(to: target, into: &sink)
            return
        }
        var resetCost = ByteCounter()
        reset(to: target, into: &resetCost)
        var deltaCost = ByteCounter()
        delta(from: pen, to: target, into: &deltaCost)
        if deltaCost.count <= resetCost.count {
            delta(from: pen, to: target, into: &sink)
        } else {
            reset(to: target, into: &sink)
        }
    }

    /// Byte length of the transition.
    @inline(__always)
    static func cost(from pen: Style?, to target: Style) -> Int {
        var c = ByteCounter()
        transition(from: pen, to: target, into: &c)
        return c.count
    }

    /// Writes `ESC[` `params` `m` where `params` is built by `body`, which calls
    /// the given closure once per parameter group.
    @inline(__always)
    private static func reset<S: ByteSink>(to target: Style, into sink: inout S) {
        sink.string("\u{1B}[")
        if target == .plain {
            sink.byte(0x6D)  // CSI m: all attributes off, default colours
            return
        }
        sink.byte(0x30)  // 0: reset, then set
        for (attribute, code) in TextAttributes.all where target.attributes.contains(attribute) {
            sink.byte(0x3B)
            sink.decimal(Int(code))
        }
        if target.foreground != .default { sink.byte(0x3B); color(target.foreground, background: false, into: &sink) }
        if target.background != .default { sink.byte(0x3B); color(target.background, background: true, into: &sink) }
        sink.byte(0x6D)
    }

    @inline(__always)
    private static func delta<S: ByteSink>(from pen: Style, to target: Style, into sink: inout S) {
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
        for (attribute, off) in [(TextAttributes.italic, 23), (.underline, 24), (.blink, 25), (.reverse, 27),
                                 (.strikethrough, 29)]
        where current.contains(attribute) && !wanted.contains(attribute) {
            separator(&sink); sink.decimal(off)
            current.remove(attribute)
        }
        for (attribute, code) in TextAttributes.all where wanted.contains(attribute) && !current.contains(attribute) {
            separator(&sink); sink.decimal(Int(code))
        }
        if pen.foreground != target.foreground {
            separator(&sink); color(target.foreground, background: false, into: &sink)
        }
        if pen.background != target.background {
            separator(&sink); color(target.background, background: true, into: &sink)
        }
        sink.byte(0x6D)
    }

    /// One colour's parameters: 30–37/90–97 (40–47/100–107) for the 16 ANSI
    /// colours, `38;5;n` / `48;5;n` for the palette, `38;2;r;g;b` / `48;2;r;g;b`
    /// for truecolor, 39/49 for the default.
    @inline(__always)
    private static func color<S: ByteSink>(_ c: Color, background: Bool, into sink: inout S) {
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
