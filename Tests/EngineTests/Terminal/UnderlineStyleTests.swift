import Testing
@testable import Engine

/// Underline styles and colours (SGR 4:n, 58/59) and overline (53/55):
/// the writer's bytes, the fallback for terminals that lack them, and the
/// SwiftUI-shaped API that sets them.
@Suite("Underline styles and overline")
struct UnderlineStyleTests {
    static let styled = TerminalCapabilities(styledUnderlines: true)

    @Test("styles: 4:n on, re-sent when the style changes, 24 off; a single underline stays plain 4")
    func underlineStyles() {
        let f = WriterFixture(columns: 20, rows: 1, capabilities: Self.styled)
        let curly = f.style(Style(attributes: .underline, underlineStyle: .curly))
        let double = f.style(Style(attributes: .underline, underlineStyle: .double))
        let single = f.style(Style(attributes: .underline))
        f.canvas.write("a", x: 0, y: 0, style: curly)
        f.canvas.write("b", x: 1, y: 0, style: double)
        f.canvas.write("c", x: 2, y: 0, style: single)
        f.canvas.write("d", x: 3, y: 0)
        #expect(f.frame() == "\\e[4:3ma\\e[4:2mb\\e[4mc\\e[md")
    }

    @Test("colours: 58:5:n and 58:2::r:g:b, 59 back to the text's colour")
    func underlineColors() {
        let f = WriterFixture(columns: 20, rows: 1, capabilities: Self.styled)
        let red = f.style(Style(attributes: .underline, underlineStyle: .curly, underlineColor: .rgb(255, 0, 0)))
        let palette = f.style(Style(attributes: .underline, underlineStyle: .curly, underlineColor: .palette(196)))
        let plainColor = f.style(Style(attributes: .underline, underlineStyle: .curly))
        f.canvas.write("a", x: 0, y: 0, style: red)
        f.canvas.write("b", x: 1, y: 0, style: palette)
        f.canvas.write("c", x: 2, y: 0, style: plainColor)
        f.canvas.write("d", x: 3, y: 0, style: red)
        // Last: from an underlined pen, only the colour is added (58 beats a reset).
        #expect(f.frame() == "\\e[4:3;58:2::255:0:0ma\\e[58:5:196mb\\e[59mc\\e[58:2::255:0:0md")
    }

    @Test("overline: 53 on, 55 off, alongside the one-digit codes")
    func overline() {
        let f = WriterFixture(columns: 20, rows: 1)
        let over = f.style(Style(attributes: .overline))
        let overBold = f.style(Style(attributes: [.overline, .bold]))
        f.canvas.write("a", x: 0, y: 0, style: over)
        f.canvas.write("b", x: 1, y: 0, style: overBold)
        f.canvas.write("c", x: 2, y: 0, style: f.style(Style(attributes: .bold)))
        f.canvas.write("d", x: 3, y: 0)
        #expect(f.frame() == "\\e[53ma\\e[1mb\\e[55mc\\e[md")
    }

    @Test("a terminal not known to have them gets a plain underline and no colour")
    func fallback() {
        let f = WriterFixture(columns: 20, rows: 1, capabilities: TerminalCapabilities(styledUnderlines: false))
        let curly = f.style(Style(attributes: .underline, underlineStyle: .curly, underlineColor: .red))
        let dotted = f.style(Style(attributes: .underline, underlineStyle: .dotted))
        f.canvas.write("a", x: 0, y: 0, style: curly)
        f.canvas.write("b", x: 1, y: 0, style: dotted)
        // Both draw a plain underline: one SGR 4 covers both cells.
        #expect(f.frame() == "\\e[4mab")
    }

    @Test("underline colours are down-sampled with the others")
    func downsampled() {
        let f = WriterFixture(columns: 20, rows: 1, capabilities: TerminalCapabilities(colors: .ansi16, styledUnderlines: true))
        f.canvas.write("a", x: 0, y: 0, style: f.style(Style(attributes: .underline, underlineColor: .rgb(250, 0, 0))))
        #expect(f.frame() == "\\e[4;58:5:9ma")
    }

    @Test("an underline style without an underline draws nothing and writes nothing")
    func styleWithoutUnderline() {
        let f = WriterFixture(columns: 20, rows: 1, capabilities: Self.styled)
        f.canvas.write("a", x: 0, y: 0, style: f.style(Style(underlineStyle: .curly)))
        f.canvas.write("b", x: 1, y: 0)
        #expect(f.frame() == "ab")
    }

    @Test("a style's packed decorations: each set alone leaves the others, and equal styles hash equal")
    func packedDecorations() {
        var s = Style(foreground: .red, attributes: .underline, underlineStyle: .dashed, underlineColor: .rgb(1, 2, 3),
                      link: 77)
        s.underlineStyle = .curly
        #expect(s.underlineColor == .rgb(1, 2, 3) && s.link == 77 && s.underlineStyle == .curly)
        s.underlineColor = .palette(200)
        #expect(s.underlineStyle == .curly && s.link == 77 && s.underlineColor == .palette(200))
        s.link = (1 << 29) - 1
        #expect(s.underlineStyle == .curly && s.underlineColor == .palette(200) && s.link == (1 << 29) - 1)
        s.link = 0
        s.underlineStyle = .single
        s.underlineColor = .default
        #expect(!s.hasDecorations)
        #expect(s == Style(foreground: .red, attributes: .underline))
        #expect(s.hashValue == Style(foreground: .red, attributes: .underline).hashValue)
        #expect(Style(link: 1) != Style(link: 2))
    }

    /// Applies the SGR parameters the encoder writes (the subset it uses) to a model pen.
    static func apply(_ sgr: String, to pen: inout Style) {
        var params = sgr.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        if params == [""] { params = ["0"] }
        var i = 0
        func color(_ p: [String], at i: inout Int) -> Color {
            // 38;5;n / 38;2;r;g;b (semicolons) or 58:5:n / 58:2::r:g:b (one colon-joined parameter)
            let parts = p[i].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if parts.count > 1 {
                if parts[1] == "5" { return .palette(UInt8(parts[2])!) }
                return .rgb(UInt8(parts[3])!, UInt8(parts[4])!, UInt8(parts[5])!)
            }
            if p[i + 1] == "5" { i += 2; return .palette(UInt8(p[i])!) }
            i += 4
            return .rgb(UInt8(p[i - 2])!, UInt8(p[i - 1])!, UInt8(p[i])!)
        }
        while i < params.count {
            let p = params[i]
            let head = Int(p.split(separator: ":").first.map(String.init) ?? p)!
            switch head {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4:
                pen.attributes.insert(.underline)
                let sub = p.split(separator: ":").dropFirst().first.flatMap { UInt8(String($0)) } ?? 1
                pen.underlineStyle = UnderlineStyle(rawValue: sub)!
            case 5: pen.attributes.insert(.blink)
            case 7: pen.attributes.insert(.reverse)
            case 9: pen.attributes.insert(.strikethrough)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 25: pen.attributes.remove(.blink)
            case 27: pen.attributes.remove(.reverse)
            case 29: pen.attributes.remove(.strikethrough)
            case 53: pen.attributes.insert(.overline)
            case 55: pen.attributes.remove(.overline)
            case 30...37: pen.foreground = .palette(UInt8(head - 30))
            case 90...97: pen.foreground = .palette(UInt8(head - 90 + 8))
            case 40...47: pen.background = .palette(UInt8(head - 40))
            case 100...107: pen.background = .palette(UInt8(head - 100 + 8))
            case 39: pen.foreground = .default
            case 49: pen.background = .default
            case 59: pen.underlineColor = .default
            case 38: pen.foreground = color(params, at: &i)
            case 48: pen.background = color(params, at: &i)
            case 58: pen.underlineColor = color(params, at: &i)
            default: Issue.record("unexpected SGR parameter \(p) in \(sgr)")
            }
            i += 1
        }
    }

    static func randomStyle(_ rng: inout some RandomNumberGenerator) -> Style {
        let colors: [Color] = [.default, .red, .brightCyan, .palette(200), .rgb(1, 22, 255)]
        return Style(foreground: colors.randomElement(using: &rng)!, background: colors.randomElement(using: &rng)!,
                     attributes: TextAttributes(rawValue: UInt8.random(in: 0...255, using: &rng)),
                     underlineStyle: UnderlineStyle.allCases.randomElement(using: &rng)!,
                     underlineColor: colors.randomElement(using: &rng)!)
    }

    @Test("every transition between random decorated styles lands on the target, in as many bytes as priced")
    func transitionsReachTheTarget() {
        var rng = SplitMix64(seed: 25)
        for _ in 0..<3000 {
            let from = Self.randomStyle(&rng), to = Self.randomStyle(&rng)
            var buffer = ByteBuffer()
            SGREncoder.transition(from: from, to: to, into: &buffer)
            let bytes = Array(buffer.bytes)
            #expect(bytes.count == SGREncoder.cost(from: from, to: to))
            #expect(bytes.count <= SGREncoder.maxLength)
            var pen = from
            let text = String(decoding: bytes, as: UTF8.self)
            if !text.isEmpty {
                #expect(text.hasPrefix("\u{1B}[") && text.hasSuffix("m"))
                Self.apply(String(text.dropFirst(2).dropLast()), to: &pen)
            }
            if !SGREncoder.rendersSame(pen, to) {
                Issue.record("\(from) → \(to): \(escaped(bytes)) left \(pen)")
                return
            }
        }
    }
}

/// The writer's underline styles, colours and overline read back from real
/// emulators: tmux keeps each (its `capture-pane -e` writes them out
/// again); pyte, which draws any underline style as an underline, shows the
/// same text and underlines.
@Suite("Underline styles in emulators", .serialized)
struct UnderlineEmulatorTests {
    static func row(overline: Bool = true) -> (WriterFixture, [UInt8]) {
        let f = WriterFixture(columns: 30, rows: 2, capabilities: TerminalCapabilities(styledUnderlines: true))
        f.canvas.write("curly", x: 0, y: 0, style: f.style(Style(attributes: .underline, underlineStyle: .curly,
                                                                 underlineColor: .rgb(255, 0, 0))))
        f.canvas.write("double", x: 6, y: 0, style: f.style(Style(attributes: .underline, underlineStyle: .double)))
        f.canvas.write("over", x: 13, y: 0, style: f.style(Style(attributes: overline ? .overline : .italic)))
        f.canvas.write("end", x: 18, y: 0)
        return (f, Array(f.encoder.encode(f.canvas)))
    }

    @Test("tmux keeps the underline style, its colour and the overline", .needsEmulator(.tmux))
    func tmux() throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        let (_, bytes) = Self.row()
        let session = try TmuxSession(columns: 30, rows: 2, bytes: bytes)
        let screen = try session.capture(waitingFor: "end")
        let line = escaped(String(screen.split(separator: "\n").first ?? "").utf8)
        // tmux 3.3a writes each back in its own order: the style sub-parameter,
        // the colour with semicolons, overline (bit 53) as `5:3`.
        #expect(line.contains("\\e[4:3m\\e[58;2;255;0;0mcurly"), "\(line)")
        #expect(line.contains("\\e[4:2m"), "\(line)")
        #expect(line.contains("double"), "\(line)")
        #expect(line.contains("\\e[5:3mover") || line.contains("\\e[53mover"), "\(line)")
    }

    /// (No overline here: tmux 3.3a's capture writes it back as `5:3`, which
    /// emulate.py reads as blink.)
    @Test("pyte and tmux show the text and the underlines", .needsEmulator(.pyte, .tmux))
    func screens() throws {
        let (f, bytes) = Self.row(overline: false)
        let expected = TerminalEmulator.expected(f.canvas, level: .truecolor)
        for backend in [TerminalEmulator.Backend.pyte, .tmux] {
            guard EmulatorPropertyTests.requireEmulator(backend) else { continue }
            try TerminalEmulator.expectFrames([bytes], show: [expected], columns: 30, rows: 2, in: backend)
        }
    }
}
