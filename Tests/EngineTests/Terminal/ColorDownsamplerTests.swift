import Testing

@testable import Engine

@Suite("Colour down-sampling and capability detection")
struct ColorDownsamplerTests {
    /// Palette entry `i`'s RGB as an array, so `#expect` can compare it.
    private func rgb(_ i: UInt8) -> [Int] {
        let (r, g, b) = ColorDownsampler.rgb(ofPalette: i)
        return [r, g, b]
    }

    // MARK: The xterm palette

    @Test("rgb(ofPalette:) is xterm's default palette")
    func paletteRGB() {
        #expect(rgb(0) == [0, 0, 0])
        #expect(rgb(1) == [205, 0, 0])
        #expect(rgb(9) == [255, 0, 0])
        #expect(rgb(15) == [255, 255, 255])
        #expect(rgb(16) == [0, 0, 0])
        #expect(rgb(67) == [95, 135, 175])
        #expect(rgb(196) == [255, 0, 0])
        #expect(rgb(231) == [255, 255, 255])
        #expect(rgb(232) == [8, 8, 8])
        #expect(rgb(244) == [128, 128, 128])
        #expect(rgb(255) == [238, 238, 238])
    }

    // MARK: 256 colours

    @Test("every cube and grey entry's exact RGB maps back to that entry")
    func palette256RoundTrip() {
        for i in 16...255 {
            let (r, g, b) = ColorDownsampler.rgb(ofPalette: UInt8(i))
            #expect(ColorDownsampler.palette256(r, g, b) == UInt8(i), "entry \(i) = (\(r),\(g),\(b))")
        }
    }

    @Test("palette256 examples: cube, grey ramp, black and white")
    func palette256Examples() {
        #expect(ColorDownsampler.palette256(95, 135, 175) == 67)
        #expect(ColorDownsampler.palette256(8, 8, 8) == 232)
        #expect(ColorDownsampler.palette256(238, 238, 238) == 255)
        #expect(ColorDownsampler.palette256(128, 128, 128) == 244)
        // Black and white are cube corners; the ANSI 0 and 15 are never chosen
        // because terminal themes redefine them.
        #expect(ColorDownsampler.palette256(0, 0, 0) == 16)
        #expect(ColorDownsampler.palette256(255, 255, 255) == 231)
        #expect(ColorDownsampler.palette256(255, 0, 0) == 196)
        // Near values snap to the nearest level.
        #expect(ColorDownsampler.palette256(100, 130, 180) == 67)
        #expect(ColorDownsampler.palette256(250, 250, 250) == 231)
        #expect(ColorDownsampler.palette256(3, 3, 3) == 16)
        #expect(ColorDownsampler.palette256(5, 5, 5) == 232)
        #expect(ColorDownsampler.palette256(20, 19, 21) == 233)
    }

    /// Fails today: the grey candidate is picked by the plain average of
    /// r, g, b, but `distance` weighs g, b and r unequally, so for coloured
    /// inputs the chosen grey is not the nearest grey and a worse entry can
    /// win (e.g. (61,86,69) → 238, while 239 is nearer).
    @Test("palette256 is the nearest entry 16–255 by the downsampler's own distance")
    func palette256IsNearest() {
        let palette = (16...255).map { ColorDownsampler.rgb(ofPalette: UInt8($0)) }
        var rng = SplitMix64(seed: 256)
        var wrong: [String] = []
        for _ in 0..<2000 {
            let c = (Int.random(in: 0...255, using: &rng), Int.random(in: 0...255, using: &rng),
                     Int.random(in: 0...255, using: &rng))
            let chosen = ColorDownsampler.palette256(c.0, c.1, c.2)
            #expect(chosen >= 16)
            var best = Int.max
            for p in palette { best = Swift.min(best, ColorDownsampler.distance(c, p)) }
            if ColorDownsampler.distance(c, ColorDownsampler.rgb(ofPalette: chosen)) != best {
                wrong.append("(\(c.0),\(c.1),\(c.2)) → \(chosen)")
            }
        }
        #expect(wrong.count == 0, "\(wrong.count) of 2000 not nearest, e.g. \(wrong.prefix(5))")
    }

    // MARK: 16 colours

    @Test("ansi16 examples: pure red is bright red, xterm's red is red")
    func ansi16Examples() {
        #expect(ColorDownsampler.ansi16(255, 0, 0) == 9)
        #expect(ColorDownsampler.ansi16(205, 0, 0) == 1)
        #expect(ColorDownsampler.ansi16(0, 0, 0) == 0)
        #expect(ColorDownsampler.ansi16(255, 255, 255) == 15)
        #expect(ColorDownsampler.ansi16(128, 128, 128) == 8)
        #expect(ColorDownsampler.ansi16(230, 230, 230) == 7)
        #expect(ColorDownsampler.ansi16(0, 0, 255) == 4 || ColorDownsampler.ansi16(0, 0, 255) == 12)
        for i in 0..<16 {
            let (r, g, b) = ColorDownsampler.rgb(ofPalette: UInt8(i))
            #expect(ColorDownsampler.ansi16(r, g, b) == UInt8(i))
        }
    }

    // MARK: downsample(_:to:)

    @Test("palette entries 0–15 are unchanged at ansi16; higher entries map to their nearest ANSI colour")
    func paletteAtAnsi16() {
        for i in 0..<16 {
            #expect(ColorDownsampler.downsample(.palette(UInt8(i)), to: .ansi16) == .palette(UInt8(i)))
        }
        #expect(ColorDownsampler.downsample(.palette(196), to: .ansi16) == .palette(9))
        #expect(ColorDownsampler.downsample(.palette(231), to: .ansi16) == .palette(15))
        #expect(ColorDownsampler.downsample(.palette(16), to: .ansi16) == .palette(0))
        for i in 16...255 {
            guard case .palette(let p) = ColorDownsampler.downsample(.palette(UInt8(i)), to: .ansi16).kind else {
                Issue.record("entry \(i) did not map to a palette entry")
                continue
            }
            #expect(p < 16)
        }
    }

    @Test("each level keeps what it can show and maps the rest down")
    func levels() {
        let rgb = Color.rgb(95, 135, 175)
        #expect(ColorDownsampler.downsample(rgb, to: .truecolor) == rgb)
        #expect(ColorDownsampler.downsample(rgb, to: .palette256) == .palette(67))
        #expect(ColorDownsampler.downsample(.rgb(255, 0, 0), to: .ansi16) == .palette(9))
        #expect(ColorDownsampler.downsample(.palette(200), to: .truecolor) == .palette(200))
        #expect(ColorDownsampler.downsample(.palette(200), to: .palette256) == .palette(200))
        for level in ColorLevel.allCases {
            #expect(ColorDownsampler.downsample(.default, to: level) == .default)
        }
    }

    @Test("level none maps every colour to the default")
    func levelNone() {
        for c in [Color.default, .red, .brightWhite, .palette(100), .palette(255), .rgb(0, 0, 0), .rgb(1, 2, 3)] {
            #expect(ColorDownsampler.downsample(c, to: .none) == .default, "\(c)")
        }
        let style = Style(foreground: .rgb(1, 2, 3), background: .palette(5), attributes: [.bold, .underline])
        #expect(ColorDownsampler.downsample(style, to: .none) == Style(attributes: [.bold, .underline]))
    }

    @Test("downsampling a style maps both colours and keeps the attributes")
    func styleDownsample() {
        let style = Style(foreground: .rgb(255, 0, 0), background: .rgb(95, 135, 175), attributes: .italic)
        #expect(ColorDownsampler.downsample(style, to: .truecolor) == style)
        #expect(ColorDownsampler.downsample(style, to: .palette256)
            == Style(foreground: .palette(196), background: .palette(67), attributes: .italic))
        #expect(ColorDownsampler.downsample(style, to: .ansi16)
            == Style(foreground: .palette(9), background: ColorDownsampler.downsample(.rgb(95, 135, 175), to: .ansi16),
                     attributes: .italic))
    }

    // MARK: Capability detection

    @Test("NO_COLOR (non-empty) turns colour off, whatever else is set")
    func noColor() {
        let caps = TerminalCapabilities.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor",
                                                             "TERM": "xterm-256color"])
        #expect(caps.colors == .none)
        #expect(caps.repeatCharacter)
        // An empty NO_COLOR is ignored (no-color.org).
        #expect(TerminalCapabilities.detect(environment: ["NO_COLOR": "", "TERM": "xterm-256color"]).colors == .palette256)
    }

    @Test("COLORTERM=truecolor or 24bit gives truecolor")
    func colorterm() {
        #expect(TerminalCapabilities.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]).colors == .truecolor)
        #expect(TerminalCapabilities.detect(environment: ["COLORTERM": "24bit", "TERM": "xterm-256color"]).colors == .truecolor)
        #expect(TerminalCapabilities.detect(environment: ["COLORTERM": "TrueColor"]).colors == .truecolor)
        #expect(TerminalCapabilities.detect(environment: ["TERM": "xterm-direct"]).colors == .truecolor)
        #expect(TerminalCapabilities.detect(environment: ["COLORTERM": "yes", "TERM": "xterm"]).colors == .ansi16)
    }

    @Test("TERM=xterm-256color gives 256 colours and REP")
    func xterm256() {
        let caps = TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"])
        #expect(caps == TerminalCapabilities(colors: .palette256, repeatCharacter: true))
    }

    @Test("TERM=dumb gives no colour and no background-colour erase, even with COLORTERM")
    func dumb() {
        let caps = TerminalCapabilities.detect(environment: ["TERM": "dumb"])
        #expect(caps.colors == .none && !caps.backgroundColorErase && !caps.repeatCharacter)
        #expect(TerminalCapabilities.detect(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]).colors == .none)
    }

    @Test("TERM=screen gives 16 colours and no REP; screen-256color gives 256 and REP")
    func screen() {
        let screen = TerminalCapabilities.detect(environment: ["TERM": "screen"])
        #expect(screen.colors == .ansi16 && !screen.repeatCharacter && screen.backgroundColorErase)
        let screen256 = TerminalCapabilities.detect(environment: ["TERM": "screen-256color"])
        #expect(screen256.colors == .palette256 && screen256.repeatCharacter)
        let tmux = TerminalCapabilities.detect(environment: ["TERM": "tmux-256color"])
        #expect(tmux.colors == .palette256 && tmux.repeatCharacter)
    }

    @Test("an empty environment gives 16 colours, nothing optional")
    func emptyEnvironment() {
        let caps = TerminalCapabilities.detect(environment: [:])
        #expect(caps == TerminalCapabilities(colors: .ansi16, repeatCharacter: false))
    }

    // MARK: A reported palette

    /// xterm's palette with entries 1 (red) and 4 (blue) swapped, as a theme might.
    static var swapped: TerminalPalette {
        var p = TerminalPalette.xterm
        p.set(1, red: 0, green: 0, blue: 238)
        p.set(4, red: 205, green: 0, blue: 0)
        return p
    }

    @Test("a reported palette with swapped entries changes the chosen index")
    func reportedPaletteChangesTheIndex() {
        #expect(ColorDownsampler.ansi16(200, 10, 10, in: .xterm) == 1)
        #expect(ColorDownsampler.ansi16(200, 10, 10, in: Self.swapped) == 4)
        #expect(ColorDownsampler.ansi16(10, 10, 230, in: Self.swapped) == 1)
        // 256 colours: xterm's palette keeps to the cube (160 is 215,0,0);
        // a reported palette is searched whole, and its entry 4 is exact.
        #expect(ColorDownsampler.palette256(205, 0, 0, in: .xterm) == 160)
        #expect(ColorDownsampler.palette256(205, 0, 0, in: Self.swapped) == 4)
        // A 256-colour entry shown in 16 colours goes through the reported RGB too.
        #expect(ColorDownsampler.downsample(.palette(160), to: .ansi16, palette: Self.swapped) == .palette(4))
        #expect(ColorDownsampler.downsample(.palette(160), to: .ansi16) == .palette(1))
    }

    @Test("setting an entry back to xterm's makes the palette xterm's again")
    func paletteEquality() {
        var p = Self.swapped
        #expect(!p.isXterm && p != .xterm)
        p.set(1, red: 205, green: 0, blue: 0)
        p.set(4, red: 0, green: 0, blue: 238)
        #expect(p.isXterm && p == .xterm)
        #expect(p.rgb(4) == (0, 0, 238))
    }
}

/// A palette reported while the app runs: only the cells whose colours
/// now map to other entries are written again.
@MainActor
@Suite("Down-sampling to the reported palette")
struct ReportedPaletteFrameTests {
    @Test("a reported palette rewrites the red cells as the entry that is red, and nothing else")
    func reportRewritesChangedCells() {
        let host = FramePipeline(columns: 8, rows: 2, capabilities: TerminalCapabilities(colors: .ansi16))
        func view() -> some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("alarm").foregroundColor(.rgb(205, 0, 0))
                Text("plain")
            }.frame(maxWidth: .infinity, alignment: .leading)
        }
        host.render(view())
        #expect(escaped(host.lastBytes).contains("\\e[31malarm"))
        // The theme's entry 1 is blue and entry 4 red.
        #expect(host.notePalette([
            PaletteColor(index: 1, red: 0, green: 0, blue: 0xEEEE),
            PaletteColor(index: 4, red: 0xCDCD, green: 0, blue: 0),
        ]))
        host.render(view())
        let bytes = escaped(host.lastBytes)
        #expect(bytes.contains("34malarm") && !bytes.contains("31m"))
        #expect(!bytes.contains("plain"))
        #expect(host.textRows == ["alarm   ", "plain   "])
        // The same report again changes nothing: nothing is written.
        #expect(!host.notePalette([PaletteColor(index: 4, red: 0xCDCD, green: 0, blue: 0)]))
        host.render(view())
        #expect(host.lastBytes.isEmpty)
    }

    @Test("with truecolor the reported palette changes no byte")
    func truecolorIgnoresThePalette() {
        let host = FramePipeline(columns: 8, rows: 1, capabilities: TerminalCapabilities(colors: .truecolor))
        host.render(Text("alarm").foregroundColor(.rgb(205, 0, 0)))
        host.notePalette([PaletteColor(index: 4, red: 0xCDCD, green: 0, blue: 0)])
        host.render(Text("alarm").foregroundColor(.rgb(205, 0, 0)))
        #expect(host.lastBytes.isEmpty)
    }
}
