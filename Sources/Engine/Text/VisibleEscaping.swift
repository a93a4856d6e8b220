/// Text quoted from input into a message for a person (an error on stderr,
/// a warning): every control is shown as visible characters, so bytes from
/// a file or a view never act on the terminal that prints the message.
///
/// ESC is `\e`, TAB, LF and CR are `\t`, `\n`, `\r`, the backslash is `\\`,
/// other C0 controls are caret notation (`^@` … `^_`), DEL is `^?`, C1
/// controls (U+0080–U+009F, which some terminals take as 8-bit CSI, OSC …)
/// are `\x80` … `\x9f`. Bidirectional overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069), which reorder what is shown after them,
/// and the line and paragraph separators are `\u{…}`. Invalid UTF-8 has
/// already become U+FFFD when the text was decoded; lone bytes given as
/// ``visible(utf8:)`` are `\xNN`.
public enum VisibleEscaping {
    /// `text` with every control made visible.
    public static func visible<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// A multi-line message with every control but the line feed made
    /// visible (and the backslash left alone: nothing here is quoted input
    /// a reader must tell apart from an escape).
    public static func visibleKeepingLines<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\\" { out.unicodeScalars.append(scalar) } else { append(scalar, to: &out) }
        }
        return out
    }

    /// `bytes`, decoded as UTF-8, with controls made visible and each byte
    /// that is not part of valid UTF-8 shown as `\xNN`.
    public static func visible(utf8 bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var out = ""
        var i = 0
        while i < bytes.count {
            if let length = UTF8Validation.sequenceLength(in: bytes, at: i) {
                let scalar = String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first!
                append(scalar, to: &out)
                i += length
            } else {
                out += "\\x" + hex(UInt32(bytes[i]))
                i += 1
            }
        }
        return out
    }

    /// True when `text` would be shown unchanged.
    public static func isVisible<S: StringProtocol>(_ text: S) -> Bool {
        text.unicodeScalars.allSatisfy { escape($0) == nil }
    }

    static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
    }

    static func escape(_ scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        switch v {
        case 0x1B: return "\\e"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x5C: return "\\\\"
        case 0x00..<0x20: return "^" + String(Unicode.Scalar(UInt8(v + 0x40)))
        case 0x7F: return "^?"
        case 0x80..<0xA0: return "\\x" + hex(v)
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return "\\u{" + hex(v) + "}"
        default: return nil
        }
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}
