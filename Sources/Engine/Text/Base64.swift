/// Base64 (RFC 4648 §4, the standard alphabet with `=` padding), as the
/// kitty graphics protocol's payloads and OSC 52's clipboard are.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64, padded.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)]]
            out += rest == 2 ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return out
    }

    /// The value of a base64 digit, nil for any other byte.
    @inline(__always)
    private static func digit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x41...0x5A: return UInt32(byte - 0x41)
        case 0x61...0x7A: return UInt32(byte - 0x61 + 26)
        case 0x30...0x39: return UInt32(byte - 0x30 + 52)
        case 0x2B: return 62
        case 0x2F: return 63
        default: return nil
        }
    }

    /// The bytes `text` encodes; nil unless it is whole base64: digits of
    /// the standard alphabet in groups of four, the last padded with `=`
    /// (or left unpadded, as some terminals send it), nothing else.
    ///
    /// - Complexity: O(n), one allocation.
    static func decode<C: Collection<UInt8>>(_ text: C) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3 + 2)
        var group: UInt32 = 0, count = 0, padding = 0
        for byte in text {
            if byte == 0x3D {
                padding += 1
                guard padding <= 2 else { return nil }
                continue
            }
            // A digit after padding: not base64.
            guard padding == 0, let value = digit(byte) else { return nil }
            group = group << 6 | value
            count += 1
            if count == 4 {
                out.append(UInt8(group >> 16 & 0xFF))
                out.append(UInt8(group >> 8 & 0xFF))
                out.append(UInt8(group & 0xFF))
                group = 0
                count = 0
            }
        }
        // 1 digit left cannot hold a byte; padding must complete the group.
        switch count {
        case 0: return padding == 0 ? out : nil
        case 2:
            guard padding == 0 || padding == 2 else { return nil }
            out.append(UInt8(group >> 4 & 0xFF))
        case 3:
            guard padding == 0 || padding == 1 else { return nil }
            out.append(UInt8(group >> 10 & 0xFF))
            out.append(UInt8(group >> 2 & 0xFF))
        default: return nil
        }
        return out
    }
}
