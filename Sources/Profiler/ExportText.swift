/// Escaping and number formatting shared by the exporters, without
/// Foundation: exact decimal output from integer nanoseconds, so no value is
/// ever rounded through a `Double`.
enum ExportText {
    /// Appends `text` as a JSON string literal, quotes included (RFC 8259 §7).
    static func appendJSONString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u00"
                out += hexDigit(scalar.value >> 4)
                out += hexDigit(scalar.value & 0xF)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    private static func hexDigit(_ value: UInt32) -> String {
        String(UnicodeScalar(UInt8(value < 10 ? 48 + value : 87 + value)))
    }

    /// Appends `text` escaped for XML character data or an attribute value.
    /// Characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) become
    /// U+FFFD, so any span name yields a well-formed document.
    static func appendXMLEscaped(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// `value / 10^fractionDigits` written exactly: `decimal(12_345, 3)` is
    /// `"12.345"`, `decimal(7, 3)` is `"0.007"`.
    static func decimal(_ value: UInt64, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return String(value) }
        var scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let fraction = String(value % scale)
        return String(value / scale) + "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }

    /// A duration for people: `850 ns`, `12.35 µs`, `3.20 ms`, `1.250 s`.
    static func duration(_ nanoseconds: UInt64) -> String {
        switch nanoseconds {
        case ..<1_000: return "\(nanoseconds) ns"
        case ..<1_000_000: return decimal(rounded(nanoseconds, to: 10), fractionDigits: 2) + " µs"
        case ..<1_000_000_000: return decimal(rounded(nanoseconds, to: 10_000), fractionDigits: 2) + " ms"
        default: return decimal(rounded(nanoseconds, to: 1_000_000), fractionDigits: 3) + " s"
        }
    }

    /// `part` as a percentage of `total` with two decimals: `"12.34%"`.
    static func percent(_ part: UInt64, of total: UInt64) -> String {
        guard total > 0 else { return "0.00%" }
        let (high, low) = Swift.min(part, total).multipliedFullWidth(by: 10_000)
        let (quotient, remainder) = total.dividingFullWidth((high, low))
        let roundedUp = remainder >= total - remainder ? quotient + 1 : quotient
        return decimal(roundedUp, fractionDigits: 2) + "%"
    }

    /// `value / unit`, rounded half up.
    static func rounded(_ value: UInt64, to unit: UInt64) -> UInt64 {
        value / unit + (value % unit >= unit - unit / 2 ? 1 : 0)
    }

    /// A frame name safe for folded stacks: no `;` (the frame separator,
    /// becomes `:`), no whitespace or control characters (become `_`), so
    /// that the last space on a line always separates the count.
    static func foldedFrame(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == ";" {
                out += ":"
            } else if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
                out += "_"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out.isEmpty ? "_" : out
    }
}
