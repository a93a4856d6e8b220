/// Maps colours down to what a terminal can show (truecolor → 256 → 16 → none).
///
/// With xterm's palette (``TerminalPalette/xterm``), the 256-colour mapping
/// picks the nearer of the closest 6×6×6 cube entry and the closest grey
/// ramp entry, and 16-colour mapping the nearest of xterm's default 16, by
/// squared distance in RGB weighted for perceived brightness. With a
/// palette the terminal reported (OSC 4), the nearest of its entries by
/// the same distance: of all 256 for the 256-colour mapping, of 0–15 for
/// 16 colours.
///
/// The writer down-samples each interned style once and keeps the result
/// per style id, so the search never runs per cell.
public enum ColorDownsampler {
    /// xterm's default RGB for palette entries 0–15.
    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The RGB of palette entry `i` in xterm's default palette.
    public static func rgb(ofPalette i: UInt8) -> (Int, Int, Int) { xtermRGB(ofPalette: i) }

    static func xtermRGB(ofPalette i: UInt8) -> (Int, Int, Int) {
        let i = Int(i)
        if i < 16 { return ansiRGB[i] }
        if i < 232 {
            let c = i - 16
            return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
        }
        let g = 8 + (i - 232) * 10
        return (g, g, g)
    }

    @inline(__always)
    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    static func nearestCubeIndex(_ v: Int) -> Int {
        v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40
    }

    /// The nearest palette entry (16–255) to an RGB value.
    public static func palette256(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let ci = (nearestCubeIndex(r), nearestCubeIndex(g), nearestCubeIndex(b))
        let cube = (cubeLevels[ci.0], cubeLevels[ci.1], cubeLevels[ci.2])
        let cubeIndex = 16 + 36 * ci.0 + 6 * ci.1 + ci.2
        // The grey nearest by `distance` is the weighted mean m = (2r + 4g + 3b) / 9;
        // the ramp is 8, 18, …, 238, so the index is round((m − 8) / 10), clamped.
        let greyIndex = Swift.min(23, Swift.max(0, (2 * r + 4 * g + 3 * b - 27) / 90))
        let grey = 8 + greyIndex * 10
        let target = (r, g, b)
        return distance(target, (grey, grey, grey)) < distance(target, cube)
            ? UInt8(232 + greyIndex) : UInt8(cubeIndex)
    }

    /// The nearest of the 16 ANSI colours to an RGB value.
    public static func ansi16(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for (i, c) in ansiRGB.enumerated() {
            let d = distance((r, g, b), c)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return UInt8(best)
    }

    /// The nearest entry of `palette` to an RGB value, for a 256-colour
    /// terminal: ``palette256(_:_:_:)`` for xterm's palette (16–255), else
    /// the nearest of all 256 entries (the first of equals).
    public static func palette256(_ r: Int, _ g: Int, _ b: Int, in palette: TerminalPalette) -> UInt8 {
        if palette.isXterm { return palette256(r, g, b) }
        return nearest((r, g, b), in: palette, below: 256)
    }

    /// The nearest of the 16 ANSI colours of `palette` to an RGB value.
    public static func ansi16(_ r: Int, _ g: Int, _ b: Int, in palette: TerminalPalette) -> UInt8 {
        if palette.isXterm { return ansi16(r, g, b) }
        return nearest((r, g, b), in: palette, below: 16)
    }

    private static func nearest(_ target: (Int, Int, Int), in palette: TerminalPalette, below limit: Int) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for i in 0..<limit {
            let d = distance(target, palette.rgb(UInt8(i)))
            if d < bestDistance { best = i; bestDistance = d }
        }
        return UInt8(best)
    }

    /// `color` as a terminal of `level` can show it.
    public static func downsample(_ color: Color, to level: ColorLevel) -> Color {
        downsample(color, to: level, palette: .xterm)
    }

    /// `color` as a terminal of `level` whose palette is `palette` can show it.
    public static func downsample(_ color: Color, to level: ColorLevel, palette: TerminalPalette) -> Color {
        switch (color.kind, level) {
        case (.default, _): return color
        case (_, .none): return .default
        case (.rgb, .truecolor), (.palette, .truecolor), (.palette, .palette256): return color
        case let (.rgb(r, g, b), .palette256): return .palette(palette256(Int(r), Int(g), Int(b), in: palette))
        case let (.rgb(r, g, b), .ansi16): return .palette(ansi16(Int(r), Int(g), Int(b), in: palette))
        case let (.palette(i), .ansi16):
            if i < 16 { return color }
            let (r, g, b) = palette.rgb(i)
            return .palette(ansi16(r, g, b, in: palette))
        }
    }

    /// `style` with its colours (foreground, background, underline) down-sampled.
    public static func downsample(_ style: Style, to level: ColorLevel) -> Style {
        downsample(style, to: level, palette: .xterm)
    }

    /// `style` with its colours down-sampled for a terminal of `level`
    /// whose palette is `palette`.
    public static func downsample(_ style: Style, to level: ColorLevel, palette: TerminalPalette) -> Style {
        if level == .truecolor { return style }
        var s = style
        s.foreground = downsample(style.foreground, to: level, palette: palette)
        s.background = downsample(style.background, to: level, palette: palette)
        s.underlineColor = downsample(style.underlineColor, to: level, palette: palette)
        return s
    }
}
