/// Where UTF-8 goes wrong, for messages that say where (Unicode 15, §3.9,
/// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
public enum UTF8Validation {
    /// The length of the well-formed sequence starting at `index`, or `nil`
    /// when the byte there does not start one.
    public static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let b0 = bytes[index]
        if b0 < 0x80 { return 1 }
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + k < bytes.count && range.contains(bytes[index + k])
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }

    /// ``sequenceLength(in:at:)`` for an array.
    public static func sequenceLength(in bytes: [UInt8], at index: Int) -> Int? {
        bytes.withUnsafeBufferPointer { sequenceLength(in: $0, at: index) }
    }

    /// The first ill-formed byte of `bytes` as a 1-based line and column
    /// (bytes from the line start), or `nil` when all of it is well-formed UTF-8.
    public static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, line: Int, column: Int)? {
        var i = 0, line = 1, lineStart = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A { line += 1; lineStart = i + 1 }
                i += 1
                continue
            }
            guard let length = sequenceLength(in: bytes, at: i) else {
                return (i, line, i - lineStart + 1)
            }
            i += length
        }
        return nil
    }
}
