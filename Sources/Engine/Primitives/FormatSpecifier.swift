/// A printf-style format for one number, as SwiftUI's
/// `Text("\(value, specifier: "%.1f")")` takes it: text, `%%`, and exactly
/// one conversion of a number — flags (`-+ #0`), a width and a precision
/// (at most ``limit`` each; no `*`), any length modifier, and `d i u o x X`
/// or `f F e E g G a A`.
///
/// Anything else (two conversions or none, `%s`, `%@`, `%n`, `%c`, a `*`
/// width, an unknown conversion, a NUL) is no specifier: the value is shown as its
/// description instead, so a format read from a file can neither print
/// what it should not nor lose the value.
struct FormatSpecifier: Equatable {
    /// The largest width or precision taken (a larger one is no specifier).
    static let limit = 256

    enum Kind: Equatable {
        case signed, unsigned, floating
    }

    /// What comes before the conversion (with `%%` as written, for printf).
    var prefix: String
    /// The conversion's flags, width and precision (`%` and length modifier left out).
    var options: String
    var conversion: Character
    /// What comes after the conversion (with `%%` as written).
    var suffix: String

    var kind: Kind {
        switch conversion {
        case "d", "i": .signed
        case "u", "o", "x", "X": .unsigned
        default: .floating
        }
    }

    /// The format for `vsnprintf`: the conversion with the length modifier
    /// of the argument it is given (`ll` for integers, none for a `double`).
    var cFormat: String { prefix + "%" + options + (kind == .floating ? "" : "ll") + String(conversion) + suffix }

    init?(_ specifier: String) {
        // A NUL would end the C string early: the value would be lost.
        guard !specifier.utf8.contains(0) else { return nil }
        let chars = Array(specifier)
        var i = 0
        var prefix = "", suffix = ""
        var found: (options: String, conversion: Character)?
        while i < chars.count {
            let c = chars[i]
            guard c == "%" else {
                if found == nil { prefix.append(c) } else { suffix.append(c) }
                i += 1
                continue
            }
            if i + 1 < chars.count, chars[i + 1] == "%" {
                if found == nil { prefix += "%%" } else { suffix += "%%" }
                i += 2
                continue
            }
            // A conversion: only one.
            guard found == nil else { return nil }
            i += 1
            var options = ""
            while i < chars.count, "-+ #0".contains(chars[i]) {
                options.append(chars[i])
                i += 1
            }
            guard let width = FormatSpecifier.number(chars, &i) else { return nil }
            options += width
            if i < chars.count, chars[i] == "." {
                i += 1
                guard let precision = FormatSpecifier.number(chars, &i) else { return nil }
                options += "." + (precision.isEmpty ? "0" : precision)
            }
            // Any length modifier: the argument's own is used.
            while i < chars.count, "hlLqjzt".contains(chars[i]) { i += 1 }
            guard i < chars.count, "diuoxXfFeEgGaA".contains(chars[i]) else { return nil }
            found = (options, chars[i])
            i += 1
        }
        guard let found else { return nil }
        self.prefix = prefix
        self.options = found.options
        conversion = found.conversion
        self.suffix = suffix
    }

    /// The digits at `i` (none is ""), or nil when they are over ``limit``
    /// or a `*` stands there.
    private static func number(_ chars: [Character], _ i: inout Int) -> String? {
        if i < chars.count, chars[i] == "*" { return nil }
        var digits = ""
        while i < chars.count, chars[i].isASCII, chars[i].isNumber {
            digits.append(chars[i])
            guard digits.count <= 3, (Int(digits) ?? 0) <= limit else { return nil }
            i += 1
        }
        return digits
    }

    /// `value` formatted, or nil when it cannot be (a non-finite value for
    /// an integer conversion, or one out of its range).
    func format<T: BinaryInteger>(_ value: T) -> String? {
        switch kind {
        case .signed:
            guard let v = Int64(exactly: value) else { return nil }
            return Platform.format(cFormat, v)
        case .unsigned:
            if let v = UInt64(exactly: value) { return Platform.format(cFormat, v) }
            // A negative value in hex or octal: its two's complement, as printf shows it.
            guard let v = Int64(exactly: value) else { return nil }
            return Platform.format(cFormat, UInt64(bitPattern: v))
        case .floating:
            return Platform.format(cFormat, Double(value))
        }
    }

    /// `value` formatted, or nil when it cannot be (a non-finite value or
    /// one out of range for an integer conversion).
    func format<T: BinaryFloatingPoint>(_ value: T) -> String? {
        switch kind {
        case .floating:
            return Platform.format(cFormat, Double(value))
        case .signed:
            guard let v = Int64(exactly: value.rounded(.towardZero)) else { return nil }
            return Platform.format(cFormat, v)
        case .unsigned:
            guard let v = UInt64(exactly: value.rounded(.towardZero)) else { return nil }
            return Platform.format(cFormat, v)
        }
    }
}
