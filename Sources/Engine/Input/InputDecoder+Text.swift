// Typed text: UTF-8 validation and grapheme clusters.

extension InputDecoder {
    /// Reads one byte of text (printable ASCII, or a byte of UTF-8).
    ///
    /// Validation follows the Unicode Standard's table 3-7 (well-formed
    /// UTF-8): no overlong forms, no surrogates, nothing past U+10FFFF.
    /// A byte that cannot start a scalar is dropped alone; a scalar broken
    /// off early has its bytes so far dropped and the breaking byte is read
    /// again. Returns `false` when the byte must be read again.
    mutating func textByte(_ byte: UInt8) -> Bool {
        if utf8Needed > 0 {
            guard byte >= utf8Lower && byte <= utf8Upper else {
                dropPartialScalar()
                return false
            }
            text.append(byte)
            utf8Needed -= 1
            utf8Lower = 0x80
            utf8Upper = 0xBF
            if utf8Needed > 0 {
                utf8Partial += 1
                return true
            }
            // U+0080–U+009F (C2 80 … C2 9F) are C1 controls: never text.
            if utf8Partial == 1 && text[text.count - 2] == 0xC2 && byte < 0xA0 {
                text.removeLast(2)
                bytesDropped += 2
            }
            utf8Partial = 0
            return true
        }
        if byte < 0x80 {
            text.append(byte)
        } else if startScalar(byte) {
            text.append(byte)
            utf8Partial = 1
        } else {
            bytesDropped += 1
        }
        return true
    }

    /// Sets up the continuation-byte bounds when `byte` can start a UTF-8
    /// scalar of two or more bytes; `false` when it cannot.
    @inline(__always)
    mutating func startScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2...0xDF: utf8Needed = 1
        case 0xE0: utf8Needed = 2; utf8Lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: utf8Needed = 2
        case 0xED: utf8Needed = 2; utf8Upper = 0x9F  // no surrogates
        case 0xF0: utf8Needed = 3; utf8Lower = 0x90
        case 0xF1...0xF3: utf8Needed = 3
        case 0xF4: utf8Needed = 3; utf8Upper = 0x8F  // nothing past U+10FFFF
        default: return false
        }
        return true
    }

    @inline(__always)
    mutating func resetUTF8() {
        utf8Needed = 0
        utf8Partial = 0
        utf8Lower = 0x80
        utf8Upper = 0xBF
    }

    /// Drops the first bytes of an incomplete scalar at the end of `text`.
    mutating func dropPartialScalar() {
        guard utf8Partial > 0 else { return }
        text.removeLast(utf8Partial)
        bytesDropped += utf8Partial
        resetUTF8()
    }

    /// Delivers the complete clusters in `text`, one key event each.
    ///
    /// With `holdingTail` (the end of a chunk), a last cluster that must be
    /// continued — ending in ZWJ, or a lone regional indicator — stays held
    /// with any incomplete scalar after it. Without it (a control or ESC
    /// follows, or a flush), every complete cluster goes; the caller has
    /// dealt with any incomplete scalar.
    mutating func deliverText(holdingTail: Bool, into events: inout [InputEvent]) {
        let complete = text.count - utf8Partial
        guard complete > 0 else { return }
        var delivered = complete
        var isASCII = true
        for i in 0..<complete where text[i] >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            for i in 0..<complete {
                events.append(.key(KeyPress(.character(Character(Unicode.Scalar(text[i]))))))
            }
        } else {
            let string = String(decoding: text[0..<complete], as: UTF8.self)
            var clusters = Substring(string)
            if holdingTail, let last = string.last, Self.mustContinue(last) {
                let length = String(last).utf8.count
                if length <= Self.maximumHeldClusterLength {
                    clusters = string.dropLast()
                    delivered -= length
                }
            }
            for c in clusters {
                events.append(.key(KeyPress(.character(c))))
            }
        }
        if delivered == text.count {
            // Keep a small buffer; give back what a huge chunk of text grew.
            text.removeAll(keepingCapacity: text.capacity <= 1 << 12)
        } else {
            text.removeFirst(delivered)
        }
    }

    /// A cluster that more scalars would extend: it ends in ZERO WIDTH
    /// JOINER (an emoji ZWJ sequence in progress) or is one regional
    /// indicator (half a flag). Combining marks after a complete cluster
    /// are not waited for: the terminal sends a typed cluster in one write.
    static func mustContinue(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        guard let last = scalars.last else { return false }
        if last.value == 0x200D { return true }
        return scalars.count == 1 && (0x1F1E6...0x1F1FF).contains(last.value)
    }
}
