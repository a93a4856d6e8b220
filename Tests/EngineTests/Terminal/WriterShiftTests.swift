import Foundation
import Testing
@testable import Engine

/// Rows whose content moves sideways (text typed or deleted mid-line): the
/// writer may move them with DCH/ICH; real emulators must then show exactly
/// the frames, and the bytes must be fewer than without those sequences.
@Suite("Writer: rows shifted sideways (DCH/ICH) against real terminal emulators", .serialized)
struct WriterShiftTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var columns: Int
        var rows: Int
        var frames: Int
        var seed: UInt64
        var testDescription: String { "\(columns)x\(rows) seed \(seed)" }
    }

    static let cases = [
        Case(columns: 80, rows: 24, frames: 30, seed: 11),
        Case(columns: 40, rows: 10, frames: 40, seed: 12),
        Case(columns: 120, rows: 8, frames: 30, seed: 13),
    ]

    struct Run {
        var expected: [TerminalEmulator.Screen] = []
        var chunks: [[UInt8]] = []
        var bytes: Int { chunks.reduce(0) { $0 + $1.count } }
    }

    /// Each row is a list of styled pieces (ASCII, CJK, marks, box drawing);
    /// each frame inserts or deletes pieces near the start of a few rows, so
    /// the rest of those rows moves sideways by the pieces' width.
    static func render(_ c: Case, shifting: Bool) -> Run {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: c.columns, rows: c.rows, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let caps = TerminalCapabilities(colors: .truecolor, repeatCharacter: true, insertDeleteCharacter: shifting)
        let encoder = FrameEncoder(for: canvas, capabilities: caps)
        var random = RandomFrames(seed: c.seed, table: styles)
        func piece() -> (String, StyleID) {
            (RandomFrames.pieces[random.int(0..<RandomFrames.pieces.count)], random.int(0..<3) == 0 ? random.style() : 0)
        }
        var lines: [[(String, StyleID)]] = (0..<c.rows).map { _ in (0..<(c.columns / 3)).map { _ in piece() } }
        var run = Run()
        for frame in 0..<c.frames {
            if frame > 0 {
                for _ in 0..<random.int(1..<4) {
                    let y = random.int(0..<c.rows)
                    let at = random.int(0..<Swift.min(4, lines[y].count))
                    if random.int(0..<2) == 0 || lines[y].count < 4 {
                        lines[y].insert(piece(), at: at)
                    } else {
                        lines[y].remove(at: at)
                    }
                }
            }
            canvas.clear()
            for (y, line) in lines.enumerated() {
                var x = 0
                for (text, style) in line where x < c.columns {
                    x = canvas.write(text, x: x, y: y, style: style)
                }
            }
            run.chunks.append(Array(encoder.encode(canvas)))
            run.expected.append(TerminalEmulator.expected(canvas, level: .truecolor))
            #expect(encoder.encode(canvas).count == 0, "an unchanged frame wrote bytes")
            #expect(encoder.screen.textRows == canvas.textRows, "the writer's model drifted from the canvas")
        }
        return run
    }

    static func check(_ c: Case, in backend: TerminalEmulator.Backend) throws {
        let run = render(c, shifting: true)
        try TerminalEmulator.expectFrames(run.chunks, show: run.expected, columns: c.columns, rows: c.rows, in: backend)
    }

    @Test("pyte: replay from blank reproduces every frame", .needsEmulator(.pyte), arguments: cases)
    func pyteReplay(_ c: Case) throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try Self.check(c, in: .pyte)
    }

    @Test("tmux: replay from blank reproduces every frame", .needsEmulator(.tmux, .pyte), arguments: [cases[0], cases[1]])
    func tmuxReplay(_ c: Case) throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux), EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try Self.check(c, in: .tmux)
    }

    @Test("DCH and ICH are used, and the frames take fewer bytes than without them", arguments: cases)
    func fewerBytes(_ c: Case) {
        let with = Self.render(c, shifting: true), without = Self.render(c, shifting: false)
        let text = escaped(with.chunks.joined())
        #expect(text.contains(#/\\e\[\d*P/#), "no DCH")
        #expect(text.contains(#/\\e\[\d*@/#), "no ICH")
        #expect(with.bytes < without.bytes)
    }

    @Test("a shift is one DCH or ICH and the cells that came in")
    func typedCharacterIsInserted() {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 40, rows: 2, styles: styles, graphemes: graphemes)
        let encoder = FrameEncoder(for: canvas)
        canvas.write("let width = columns - margin * 2", x: 0, y: 0)
        encoder.encode(canvas)
        canvas.clear()
        canvas.write("let widths = columns - margin * 2", x: 0, y: 0)
        #expect(escaped(encoder.encode(canvas)).hasSuffix(#"\e[@s"#))
        canvas.clear()
        canvas.write("let w = columns - margin * 2", x: 0, y: 0)
        #expect(escaped(encoder.encode(canvas)).contains(#"\e[5P"#))
    }
}
