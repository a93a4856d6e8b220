/// The RGB of each of a terminal's 256 palette entries, as far as the
/// engine knows them: xterm's default palette (``xterm``) until the
/// terminal reports its own (OSC 4 replies), and the entries it reported
/// after that.
///
/// Colour down-sampling (``ColorDownsampler``) maps a truecolor RGB to the
/// nearest entry of this palette, so where a theme remaps the 16 ANSI
/// colours (a light theme whose "white" is dark grey, a theme that swaps
/// red and blue), an RGB colour becomes the entry that really looks like
/// it in that terminal.
///
/// ```swift
/// var palette = TerminalPalette.xterm
/// palette.set(1, red: 0, green: 0, blue: 238)   // the theme's "red" is blue
/// ColorDownsampler.ansi16(0, 0, 230, in: palette)  // 1
/// ```
public struct TerminalPalette: Hashable, Sendable {
    /// Entry `i` packed as `0xRRGGBB`.
    private var entries: [UInt32]
    /// Whether any entry differs from xterm's: down-sampling then takes its
    /// arithmetic fast path for the cube and grey ramp.
    public private(set) var isXterm: Bool

    /// xterm's default palette: the 16 ANSI colours as xterm draws them,
    /// the 6×6×6 cube and the 24 greys.
    public static let xterm = TerminalPalette()

    private init() {
        entries = (0..<256).map { i in
            let (r, g, b) = ColorDownsampler.xtermRGB(ofPalette: UInt8(i))
            return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
        isXterm = true
    }

    /// The RGB of entry `index`.
    public func rgb(_ index: UInt8) -> (Int, Int, Int) {
        let v = entries[Int(index)]
        return (Int(v >> 16), Int(v >> 8 & 0xFF), Int(v & 0xFF))
    }

    /// Sets entry `index` to the colour the terminal reported for it.
    public mutating func set(_ index: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        entries[Int(index)] = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        isXterm = entries == TerminalPalette.xterm.entries
    }
}
