/// A terminal colour: the terminal's default, one of the 256 palette entries
/// (0–15 are the 16 ANSI colours), or a 24-bit RGB value.
///
/// Stored packed in 32 bits so a ``Style`` stays small and hashes fast.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Bits 24...31: kind (0 default, 1 palette, 2 rgb, 3 a role such as
    /// `.secondary`, which the views resolve through their theme before
    /// painting: the cells never see one, and ``kind`` reads it as the
    /// default); bits 0...23: payload.
    public let bits: UInt32

    @inline(__always) init(bits: UInt32) { self.bits = bits }

    /// The terminal's default colour (SGR 39 / 49).
    public static let `default` = Color(bits: 0)

    /// Palette entry `index` (0–7 normal ANSI, 8–15 bright, 16–255 the xterm cube and greys).
    @inline(__always)
    public static func palette(_ index: UInt8) -> Color { Color(bits: 1 << 24 | UInt32(index)) }

    /// A truecolor value.
    @inline(__always)
    public static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Color {
        Color(bits: 2 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
    }

    /// ANSI colour names, as palette entries 0–15.
    public static let black = palette(0), red = palette(1), green = palette(2), yellow = palette(3)
    public static let blue = palette(4), magenta = palette(5), cyan = palette(6), white = palette(7)
    public static let brightBlack = palette(8), brightRed = palette(9), brightGreen = palette(10)
    public static let brightYellow = palette(11), brightBlue = palette(12), brightMagenta = palette(13)
    public static let brightCyan = palette(14), brightWhite = palette(15)

    /// What kind of colour this is, with its payload.
    public enum Kind: Equatable, Sendable {
        case `default`
        case palette(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    /// The colour, unpacked.
    @inline(__always)
    public var kind: Kind {
        switch bits >> 24 {
        case 1: return .palette(UInt8(truncatingIfNeeded: bits))
        case 2: return .rgb(UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8),
                            UInt8(truncatingIfNeeded: bits))
        default: return .default
        }
    }

    public var description: String {
        switch kind {
        case .default: return "default"
        case .palette(let i): return "p:\(i)"
        case .rgb(let r, let g, let b):
            let hex = (Int(r) << 16 | Int(g) << 8 | Int(b))
            let s = String(hex, radix: 16)
            return "#" + String(repeating: "0", count: 6 - s.count) + s
        }
    }
}
