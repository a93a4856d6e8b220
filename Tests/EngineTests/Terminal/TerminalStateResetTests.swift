import Foundation
import Testing
@testable import Engine

/// A forced full redraw (``FrameEncoder/invalidate()``) repaints correctly
/// whatever modes another program left the terminal in: stray SGR, a DEC
/// Special Graphics charset (G0, or G1 shifted in by SO), insert mode,
/// origin mode with a scroll region, a scroll region alone, autowrap off.
@Suite("Terminal state reset on a forced redraw", .serialized)
struct TerminalStateResetTests {
    struct Garbage: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: String
        var testDescription: String { name }
    }

    /// Each leaves the cursor somewhere odd too (CUP 5;3).
    static let garbage: [Garbage] = [
        Garbage(name: "stray SGR", bytes: "\u{1B}[5;3H\u{1B}[1;4;7;38;2;1;2;3;48;5;200m"),
        Garbage(name: "G0 = DEC Special Graphics", bytes: "\u{1B}[5;3H\u{1B}(0"),
        Garbage(name: "G1 = DEC Special Graphics, shifted out", bytes: "\u{1B}[5;3H\u{1B})0\u{0E}"),
        Garbage(name: "insert mode", bytes: "\u{1B}[5;3H\u{1B}[4h"),
        Garbage(name: "origin mode in a scroll region", bytes: "\u{1B}[3;6r\u{1B}[?6h\u{1B}[2;3H"),
        Garbage(name: "a scroll region", bytes: "\u{1B}[2;5r\u{1B}[5;3H"),
        Garbage(name: "autowrap off", bytes: "\u{1B}[?7l\u{1B}[5;3H"),
        Garbage(name: "all of them", bytes: "\u{1B}[3;6r\u{1B}[?6h\u{1B}[?7l\u{1B}[4h\u{1B}(0\u{1B})0\u{0E}"
            + "\u{1B}[41;1mGARBAGE lqkxj\u{1B}[2;3H"),
    ]

    /// A canvas that exercises what the modes break: letters DEC graphics
    /// remap (`lqkxjmn`), rows reaching the last column, a wide grapheme,
    /// styles, blank rows the writer moves over with LF.
    static func scene() -> (CellBuffer, FrameEncoder) {
        let canvas = CellBuffer(columns: 16, rows: 8)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        let red = canvas.styles.id(for: Style(foreground: .red, attributes: .bold))
        let blue = canvas.styles.id(for: Style(background: .blue))
        canvas.write("lqk xjm nqq", x: 0, y: 0)
        canvas.write("0123456789abcdef", x: 0, y: 1, style: red)
        canvas.write("漢字 end", x: 3, y: 3)
        canvas.write("row five", x: 8, y: 5, style: blue)
        canvas.write("last row reaches", x: 0, y: 7)
        return (canvas, encoder)
    }

    static func repaint(after garbage: Garbage, in backend: TerminalEmulator.Backend) throws
        -> (garbled: TerminalEmulator.Screen, repaired: TerminalEmulator.Screen, want: TerminalEmulator.Screen)
    {
        let (canvas, encoder) = scene()
        let first = Array(encoder.encode(canvas))
        encoder.invalidate()
        let repair = Array(encoder.encode(canvas))
        let screens = try TerminalEmulator(backend: backend).screens(
            columns: canvas.columns, rows: canvas.rows, chunks: [first, Array(garbage.bytes.utf8), repair])
        return (screens[1], screens[2], TerminalEmulator.expected(canvas, level: .truecolor))
    }

    @Test("pyte: the repaint after garbage shows exactly the canvas", .needsEmulator(.pyte), arguments: garbage)
    func pyteRepaint(_ garbage: Garbage) throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let run = try Self.repaint(after: garbage, in: .pyte)
        if let diff = TerminalEmulator.difference(run.repaired, run.want) { Issue.record("\(diff)") }
    }

    @Test("tmux: the repaint after garbage shows exactly the canvas", .needsEmulator(.tmux),
          arguments: [garbage[1], garbage[2], garbage[4], garbage[7]])
    func tmuxRepaint(_ garbage: Garbage) throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        let run = try Self.repaint(after: garbage, in: .tmux)
        if let diff = TerminalEmulator.difference(run.repaired, run.want) { Issue.record("\(diff)") }
    }

    @Test("the reset is sent once, on the forced redraw only: not on incremental frames, not on a resize")
    func resetOnlyOnForcedRedraw() {
        let reset = escaped(Array("\u{1B}(B\u{0F}\u{1B}[4l\u{1B}[20l\u{1B}[?6l\u{1B}[?7h\u{1B}[r".utf8))
        let f = WriterFixture(columns: 10, rows: 3)
        f.canvas.write("hi", x: 0, y: 0)
        #expect(!f.frame().contains(reset))
        f.canvas.write("yo", x: 0, y: 1)
        #expect(!f.frame().contains(reset))
        f.canvas.resize(columns: 12, rows: 3)
        f.canvas.write("hi", x: 0, y: 0)
        #expect(!f.frame().contains(reset), "a resize is ours: the modes are still known")
        f.encoder.invalidate()
        let redraw = f.frame()
        #expect(redraw.hasPrefix(reset + "\\e[0m\\e[H\\e[2J") || redraw.hasPrefix(reset + "\\e[m\\e[H\\e[2J"),
                "got \(redraw)")
        f.canvas.write("x", x: 5, y: 2)
        #expect(!f.frame().contains(reset))
    }
}
