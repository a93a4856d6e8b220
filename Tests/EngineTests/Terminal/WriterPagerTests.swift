import Foundation
import Testing
@testable import Engine

/// A pager's frames — lines scrolled by a few rows under a status line, a
/// search highlight that moves with them, whole pages turned — against the
/// writer's scroll regions, checked by real emulators.
@Suite("Writer: a pager (scroll regions) against real terminal emulators", .serialized)
struct WriterPagerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var columns: Int
        var rows: Int
        var frames: Int
        var seed: UInt64
        var settledEmoji: Bool
        var testDescription: String { "\(columns)x\(rows) seed \(seed) emoji \(settledEmoji ? "settled" : "cautious")" }
    }

    static let cases = [
        Case(columns: 80, rows: 24, frames: 40, seed: 21, settledEmoji: false),
        Case(columns: 80, rows: 24, frames: 40, seed: 22, settledEmoji: true),
        Case(columns: 33, rows: 9, frames: 60, seed: 23, settledEmoji: true),
    ]

    /// Words of every width, single emoji code points among them (emoji
    /// sequences, whose widths the emulators themselves disagree on, are
    /// covered by the writer's disputed-grapheme tests).
    static let words = ["the", "License", "漢字", "🚀", "😀", "copy", "work", "e\u{301}", "한국어", "—", "modify",
                        "🫠", "of", "a", "terms", "ｱｲｳ", "⭐", "x"]

    struct Run {
        var expected: [TerminalEmulator.Screen] = []
        var chunks: [[UInt8]] = []
        var rowsScrolled = 0
        var bytes: Int { chunks.reduce(0) { $0 + $1.count } }
    }

    /// A document of random lines; each frame scrolls 1–5 lines either way,
    /// jumps a page, or moves the highlighted word; "License" is drawn
    /// reversed (a search match) and the last row is a status line.
    static func render(_ c: Case) -> Run {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: c.columns, rows: c.rows, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let caps = TerminalCapabilities(colors: .palette256, repeatCharacter: true, settledEmojiWidths: c.settledEmoji)
        let encoder = FrameEncoder(for: canvas, capabilities: caps)
        var rng = SplitMix64(seed: c.seed)
        func int(_ r: Range<Int>) -> Int { r.lowerBound + Int(rng.next() % UInt64(r.count)) }
        let document: [[String]] = (0..<400).map { _ in
            int(0..<6) == 0 ? [] : (0..<int(1..<14)).map { _ in words[int(0..<words.count)] }
        }
        let highlight = styles.id(for: Style(attributes: .reverse))
        let status = styles.id(for: Style(foreground: .palette(16), background: .palette(220)))
        var top = 0, marked = "License"
        var run = Run()
        for frame in 0..<c.frames {
            if frame > 0 {
                switch int(0..<6) {
                case 0: top += c.rows - 1
                case 1: top -= c.rows - 1
                case 2: marked = words[int(0..<words.count)]
                default: top += int(0..<2) == 0 ? int(1..<6) : -int(1..<6)
                }
                top = Swift.max(0, Swift.min(document.count - c.rows, top))
            }
            canvas.clear()
            for y in 0..<(c.rows - 1) {
                var x = int(0..<3) == 0 ? 4 : 0
                for word in document[top + y] where x < c.columns {
                    x = canvas.write(word, x: x, y: y, style: word == marked ? highlight : 0)
                    if x < c.columns { x = canvas.write(" ", x: x, y: y) }
                }
            }
            canvas.write("doc.txt line \(top + 1)/\(document.count)", x: 0, y: c.rows - 1, style: status)
            run.chunks.append(Array(encoder.encode(canvas)))
            run.rowsScrolled += encoder.statistics.rowsScrolled
            run.expected.append(TerminalEmulator.expected(canvas, level: .palette256))
            #expect(encoder.encode(canvas).count == 0, "an unchanged frame wrote bytes")
            #expect(encoder.screen.textRows == canvas.textRows, "the writer's model drifted from the canvas")
        }
        return run
    }

    @Test("pyte: replay from blank reproduces every frame", .needsEmulator(.pyte), arguments: cases)
    func pyteReplay(_ c: Case) throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let run = Self.render(c)
        #expect(run.rowsScrolled > 0)
        try TerminalEmulator.expectFrames(run.chunks, show: run.expected, columns: c.columns, rows: c.rows, in: .pyte)
    }

    @Test("tmux: replay from blank reproduces every frame", .needsEmulator(.tmux, .pyte), arguments: cases)
    func tmuxReplay(_ c: Case) throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux), EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let run = Self.render(c)
        try TerminalEmulator.expectFrames(run.chunks, show: run.expected, columns: c.columns, rows: c.rows, in: .tmux)
    }

    @Test("settled emoji widths take fewer bytes: no re-anchoring after single emoji")
    func settledEmojiIsCheaper() {
        let cautious = Self.render(Self.cases[0]), settled = Self.render(Case(columns: 80, rows: 24, frames: 40, seed: 21, settledEmoji: true))
        #expect(settled.bytes < cautious.bytes)
    }

    @Test("moved rows that changed a little stay in one scroll region")
    func highlightDoesNotSplitTheScroll() {
        let f = WriterFixture(columns: 30, rows: 10)
        let reverse = f.style(Style(attributes: .reverse))
        let lines = ["alpha beta gamma delta", "epsilon zeta eta", "theta iota kappa lambda", "mu nu xi omicron pi",
                     "rho sigma tau upsilon", "phi chi psi omega", "one two three four five", "six seven eight nine",
                     "ten eleven twelve", "red orange yellow green", "blue indigo violet", "black white grey"]
        for y in 0..<9 { f.canvas.write(lines[y], x: 0, y: y) }
        f.canvas.write(":", x: 0, y: 9)
        f.frame()
        f.canvas.clear()
        // Scrolled by two; the moved line 5 now has its first word highlighted.
        for y in 0..<9 { f.canvas.write(lines[y + 2], x: 0, y: y) }
        f.canvas.write("rho", x: 0, y: 3, style: reverse)
        f.canvas.write(":", x: 0, y: 9)
        let out = f.frame()
        // One scroll (of the whole screen, or of a region over the text
        // rows), not two around the changed row.
        #expect(out.matches(of: #/\\e\[\d*S/#).count == 1, "got \(out)")
        #expect(out.hasPrefix("\\e[2S") || out.hasPrefix("\\e[1;9r\\e[2S\\e[r"), "got \(out)")
        #expect(f.encoder.statistics.rowsScrolled >= 7)
        #expect(f.encoder.screen.textRows == f.canvas.textRows)
    }

    @Test("the region reaches the last text row when the row scrolled into it is drawn cheaper than the one it vacates")
    func regionTakesTheLastRowThatPays() {
        let f = WriterFixture(columns: 40, rows: 10)
        let lines = ["alpha beta gamma delta epsilon", "zeta eta theta iota kappa", "lambda mu nu xi omicron",
                     "pi rho sigma tau upsilon", "phi chi psi omega", "one two three four five six",
                     "seven eight nine ten eleven", "twelve thirteen fourteen", "shared long prefix of a line: AAAA"]
        for (y, line) in lines.enumerated() { f.canvas.write(line, x: 0, y: y) }
        f.canvas.write("doc.txt lines 1-9 of 600, 1 percent", x: 0, y: 9)
        f.frame()
        f.canvas.clear()
        // Up by one; the new last text row shares most of the row it replaces.
        for y in 0..<8 { f.canvas.write(lines[y + 1], x: 0, y: y) }
        f.canvas.write("shared long prefix of a line: BBBB", x: 0, y: 8)
        f.canvas.write("doc.txt lines 2-10 of 600, 1 percent", x: 0, y: 9)
        let out = f.frame()
        // Scrolling rows 1-9 moves the old last row up whole and leaves row 9
        // to be corrected from blank; stopping at row 8 would redraw row 8.
        #expect(out.hasPrefix("\\e[1;9r\\e[S\\e[r"), "got \(out)")
        #expect(f.encoder.screen.textRows == f.canvas.textRows)
    }
}
