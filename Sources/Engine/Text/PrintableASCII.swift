extension UnsafeBufferPointer<UInt8> {
    /// Every byte is printable ASCII (U+0020…U+007E): one column each, no
    /// controls, no line breaks, nothing to segment or measure. What the
    /// text fast paths (layout, cell writing) test first.
    ///
    /// Eight bytes at a time (`PrintableASCII.nonPrintableBytes`): about
    /// one instruction per byte instead of four.
    @inline(__always)
    var isPrintableASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i &+ 8 <= count {
            if PrintableASCII.nonPrintableBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) != 0 { return false }
            i &+= 8
        }
        while i < count {
            if base[i] &- 0x20 > 0x7E - 0x20 { return false }
            i &+= 1
        }
        return true
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether some byte equals `byte` (an ASCII byte, below 0x80): eight
    /// bytes at a time.
    @inline(__always)
    func containsByte(_ byte: UInt8) -> Bool {
        guard let base = baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let pattern = PrintableASCII.ones &* UInt64(byte)
        var i = 0
        while i &+ 8 <= count {
            if PrintableASCII.zeroBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern) != 0 {
                return true
            }
            i &+= 8
        }
        while i < count {
            if base[i] == byte { return true }
            i &+= 1
        }
        return false
    }
}

/// Word-at-a-time tests over UTF-8 bytes.
enum PrintableASCII {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `w` that is not printable ASCII
    /// (below 0x20, or above 0x7E) may be set, and is set for at least one
    /// such byte when there is any: zero exactly when all eight are
    /// printable. (Borrows and carries cross into higher bytes only from a
    /// byte that already failed.)
    @inline(__always)
    static func nonPrintableBytes(_ w: UInt64) -> UInt64 {
        let below = (w &- ones &* 0x20) & ~w
        let above = (w &+ ones &* 0x01) | w
        return (below | above) & highs
    }

    /// The high bit set for at least one byte of `w` that is zero, and zero
    /// when no byte is (the classic `(w - 1s) & ~w & 0x80s`: a borrow only
    /// crosses out of a byte that is already zero).
    @inline(__always)
    static func zeroBytes(_ w: UInt64) -> UInt64 {
        (w &- ones) & ~w & highs
    }

    /// One pass: whether every byte is printable ASCII, and whether any is
    /// not ASCII at all (stops at the first such byte).
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (printable: Bool, ascii: Bool) {
        guard let base = bytes.baseAddress else { return (true, true) }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var printable = true
        var i = 0
        while i &+ 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if w & highs != 0 { return (false, false) }
            if printable && nonPrintableBytes(w) != 0 { printable = false }
            i &+= 8
        }
        while i < n {
            let b = base[i]
            if b >= 0x80 { return (false, false) }
            if b < 0x20 || b == 0x7F { printable = false }
            i &+= 1
        }
        return (printable, true)
    }
}
