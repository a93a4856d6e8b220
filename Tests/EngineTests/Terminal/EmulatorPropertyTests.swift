import Foundation
import Testing
@testable import Engine

/// The writer's bytes checked by real terminal emulators (pyte and tmux),
/// over seeded random frame sequences.
///
/// Properties: replay from blank reproduces every frame's text and style;
/// an incremental render equals a full repaint; an unchanged frame writes
/// nothing; a forced full redraw repairs whatever the terminal showed.
@Suite("Writer against real terminal emulators", .serialized)
struct EmulatorPropertyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var columns: Int
        var rows: Int
        var frames: Int
        var seed: UInt64
        var colors: ColorLevel
        var repeatCharacter: Bool
        var sync: Bool = false
        var testDescription: String { "\(columns)x\(rows) seed \(seed) \(colors) REP \(repeatCharacter)" }
    }

    static let cases: [Case] = [
        Case(columns: 1, rows: 1, frames: 12, seed: 1, colors: .truecolor, repeatCharacter: true),
        Case(columns: 2, rows: 1, frames: 12, seed: 2, colors: .truecolor, repeatCharacter: true),
        Case(columns: 80, rows: 24, frames: 16, seed: 3, colors: .truecolor, repeatCharacter: true),
        Case(columns: 80, rows: 24, frames: 16, seed: 4, colors: .palette256, repeatCharacter: false, sync: true),
        Case(columns: 80, rows: 24, frames: 16, seed: 5, colors: .ansi16, repeatCharacter: true),
        Case(columns: 200, rows: 60, frames: 8, seed: 6, colors: .truecolor, repeatCharacter: true),
        Case(columns: 13, rows: 7, frames: 30, seed: 7, colors: .truecolor, repeatCharacter: true),
    ]

    /// Runs a case: returns each frame's expected screen and the chunks of
    /// the incremental render.
    static func render(_ c: Case) -> (expected: [TerminalEmulator.Screen], chunks: [[UInt8]], fullRepaints: [[UInt8]]) {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: c.columns, rows: c.rows, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let caps = TerminalCapabilities(colors: c.colors, repeatCharacter: c.repeatCharacter, synchronizedOutput: c.sync)
        let encoder = FrameEncoder(for: canvas, capabilities: caps)
        var random = RandomFrames(seed: c.seed, table: styles)
        var expected: [TerminalEmulator.Screen] = []
        var chunks: [[UInt8]] = []
        var fullRepaints: [[UInt8]] = []
        for _ in 0..<c.frames {
            random.mutate(canvas)
            #expect(canvas.checkInvariants() == nil)
            // A full repaint of the same canvas, from blank, for comparison.
            let fresh = FrameEncoder(for: canvas, capabilities: caps)
            let full = CellBuffer(columns: c.columns, rows: c.rows, styles: styles, graphemes: graphemes)
            full.copyCells(from: canvas)
            full.damage.add(full.bounds)
            fullRepaints.append(Array(fresh.encode(full)))
            chunks.append(Array(encoder.encode(canvas)))
            expected.append(TerminalEmulator.expected(canvas, level: c.colors))
            #expect(encoder.encode(canvas).count == 0, "an unchanged frame wrote bytes")
            canvas.damage.add(canvas.bounds)
            #expect(encoder.encode(canvas).count == 0, "a damaged but unchanged frame wrote bytes")
            #expect(encoder.screen.textRows == canvas.textRows, "the writer's model drifted from the canvas")
        }
        return (expected, chunks, fullRepaints)
    }

    /// Whether `backend` is installed; when it is not, records that as a
    /// failure. (A test that needs an emulator carries
    /// ``Testing/Trait/needsEmulator(_:)``, which skips it instead when
    /// `TUI_ALLOW_MISSING_EMULATOR` is set.)
    static func requireEmulator(_ backend: TerminalEmulator.Backend) -> Bool {
        if let reason = TerminalEmulator.unavailable(backend) {
            Issue.record("\(reason); set TUI_ALLOW_MISSING_EMULATOR=1 to skip the tests that need it")
            return false
        }
        return true
    }

    /// Replays the case's frames from blank in `backend`; records the first
    /// frame whose screen differs from the canvas.
    static func checkReplay(_ c: Case, in backend: TerminalEmulator.Backend) throws {
        let run = render(c)
        try TerminalEmulator.expectFrames(run.chunks, show: run.expected, columns: c.columns, rows: c.rows, in: backend)
    }

    @Test("pyte: replay from blank reproduces every frame", .needsEmulator(.pyte), arguments: cases)
    func pyteReplay(_ c: Case) throws {
        guard Self.requireEmulator(.pyte) else { return }
        try Self.checkReplay(c, in: .pyte)
    }

    @Test("pyte: a full repaint from blank gives the same screen as the incremental render", .needsEmulator(.pyte), arguments: cases)
    func pyteFullRepaint(_ c: Case) throws {
        guard Self.requireEmulator(.pyte) else { return }
        let run = Self.render(c)
        // Each full repaint goes to its own blank terminal: check the last
        // few (a terminal per frame would be slow).
        for i in Swift.max(0, c.frames - 3)..<c.frames {
            let screens = try TerminalEmulator(backend: .pyte).screens(columns: c.columns, rows: c.rows,
                                                                       chunks: [run.fullRepaints[i]])
            if let diff = TerminalEmulator.difference(screens[0], run.expected[i]) {
                Issue.record("frame \(i + 1) full repaint: \(diff)")
            }
        }
    }

    @Test("tmux: replay from blank reproduces every frame", .needsEmulator(.tmux, .pyte), arguments: [cases[2], cases[4], cases[6]])
    func tmuxReplay(_ c: Case) throws {
        guard Self.requireEmulator(.tmux), Self.requireEmulator(.pyte) else { return }
        try Self.checkReplay(c, in: .tmux)
    }

    @Test("a forced full redraw repairs whatever the terminal showed", .needsEmulator(.pyte))
    func forcedRedrawRepairs() throws {
        guard Self.requireEmulator(.pyte) else { return }
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 40, rows: 10, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        var random = RandomFrames(seed: 99, table: styles)
        for _ in 0..<3 { random.mutate(canvas) }
        let first = Array(encoder.encode(canvas))
        // Something else scribbles on the terminal: text, colours, a cursor move.
        let garbage = Array("\u{1B}[5;3H\u{1B}[41;1mGARBAGE\u{1B}[2;30HXX\u{1B}[7mzz\r\n\n junk".utf8)
        encoder.invalidate()
        let repair = Array(encoder.encode(canvas))
        let screens = try TerminalEmulator(backend: .pyte).screens(columns: 40, rows: 10, chunks: [first, garbage, repair])
        #expect(TerminalEmulator.difference(screens[1], TerminalEmulator.expected(canvas, level: .truecolor)) != nil,
                "the garbage should have changed the screen")
        #expect(TerminalEmulator.difference(screens[2], TerminalEmulator.expected(canvas, level: .truecolor)) == nil)
    }
}
