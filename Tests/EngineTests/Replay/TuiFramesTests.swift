import Foundation
import Testing
@testable import Engine

@Suite("tuiframes parser")
struct TuiFramesTests {
    static let example = """
        tuiframes 1
        size 20 3
        style a fg=196 bold
        style b bg=#202040
        frame first
        |Hello, world
        :aaaaa
        |
        |status: ok
        :bbbbbbbbbb
        frame second
        |Hello, world!
        :aaaaa
        |
        |status: 漢字 ok
        :bbbbbbbbbbbbbb

        """

    func parse(_ text: String) throws(TuiFramesError) -> (TuiFrames, StyleTable, GraphemeTable) {
        let styles = StyleTable(), graphemes = GraphemeTable()
        return (try TuiFrames.parse(text, path: "t.tuiframes", styles: styles, graphemes: graphemes), styles, graphemes)
    }

    @Test("the format's own example parses into two frames with their styles")
    func example() throws {
        let (file, styles, graphemes) = try parse(Self.example)
        #expect(file.columns == 20 && file.rows == 3 && file.frames.count == 2)
        #expect(file.frames.map(\.label) == ["first", "second"])
        let canvas = CellBuffer(columns: 20, rows: 3, styles: styles, graphemes: graphemes)
        file.draw(frame: 1, into: canvas)
        #expect(canvas.textRows == ["Hello, world!       ", String(repeating: " ", count: 20), "status: 漢字 ok     "])
        #expect(styles[canvas[0, 0].style] == Style(foreground: .palette(196), attributes: .bold))
        #expect(canvas[5, 0].style == 0)
        #expect(styles[canvas[8, 2].style] == Style(background: .rgb(0x20, 0x20, 0x40)))
        // the wide grapheme's second column carries its style too
        #expect(canvas[9, 2].isContinuation && canvas[9, 2].style == canvas[8, 2].style)
        #expect(canvas.checkInvariants() == nil)
    }

    @Test("drawing a frame damages only the cells that changed")
    func drawDamagesChanges() throws {
        let (file, styles, graphemes) = try parse(Self.example)
        let canvas = CellBuffer(columns: 20, rows: 3, styles: styles, graphemes: graphemes)
        file.draw(frame: 0, into: canvas)
        canvas.damage.removeAll()
        file.draw(frame: 1, into: canvas)
        #expect(canvas.damage.rects.contains(Rect(x: 12, y: 0, width: 1, height: 1)))
        #expect(canvas.damage.bounds.y == 0 && canvas.damage.bounds.maxY == 3)
        canvas.damage.removeAll()
        file.draw(frame: 1, into: canvas)
        #expect(canvas.damage.isEmpty)
    }

    @Test("comments anywhere; '.' and space are the default style; short rows pad")
    func commentsAndDefaults() throws {
        let (file, _, _) = try parse("tuiframes 1\n# a comment\nsize 4 2\nstyle x underline\n# another\nframe\n|ab\n:x. x\n|\n")
        #expect(file.frames[0].cells[0].style != 0)
        #expect(file.frames[0].cells[1].style == 0 && file.frames[0].cells[2].style == 0)
        #expect(file.frames[0].cells[3].style != 0)  // a blank can be styled
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var reason: String
        var testDescription: String { reason }
    }

    static let bad: [Bad] = [
        Bad(text: "", line: 1, reason: "empty file"),
        Bad(text: "tuiframes 2\n", line: 1, reason: "expected 'tuiframes 1'"),
        Bad(text: "tuiframes 1\r\nsize 2 2\n", line: 1, reason: "line ends with CR"),
        Bad(text: "tuiframes 1\nsize 0 3\n", line: 2, reason: "size 0x3 out of range"),
        Bad(text: "tuiframes 1\nsize 1001 3\n", line: 2, reason: "out of range"),
        Bad(text: "tuiframes 1\nsize 4\n", line: 2, reason: "expected 'size COLS ROWS'"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|abcde\n", line: 4, reason: "row wider than 4 columns"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|abc漢\n", line: 4, reason: "wide grapheme straddles the last column"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|a\u{1B}b\n", line: 4, reason: "control character U+001B"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|a\u{85}b\n", line: 4, reason: "control character U+0085"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|ab\n:aa\n", line: 5, reason: "undeclared style key 'a'"),
        Bad(text: "tuiframes 1\nsize 4 1\nstyle a bold\nframe\n|ab\n:aaaaa\n", line: 6, reason: "style row longer"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n:aa\n", line: 4, reason: "must directly follow a '|' row"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|a\nstyle a bold\n", line: 5, reason: "'style' after the first frame"),
        Bad(text: "tuiframes 1\nsize 4 2\nframe\n|a\nframe\n|b\n|c\n", line: 3, reason: "has 1 rows; the size says 2"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|a\n|b\n", line: 5, reason: "more than 1 rows"),
        Bad(text: "tuiframes 1\nsize 4 1\n", line: 2, reason: "no frames"),
        Bad(text: "tuiframes 1\nsize 4 1\nstyle a bold\nstyle a dim\n", line: 4, reason: "declared twice"),
        Bad(text: "tuiframes 1\nsize 4 1\nstyle ab bold\n", line: 3, reason: "one character of [A-Za-z0-9]"),
        Bad(text: "tuiframes 1\nsize 4 1\nstyle a fg=256\n", line: 3, reason: "bad colour '256'"),
        Bad(text: "tuiframes 1\nsize 4 1\nstyle a bg=#12345\n", line: 3, reason: "bad colour '#12345'"),
        Bad(text: "tuiframes 1\nsize 4 1\nstyle a sparkle\n", line: 3, reason: "unknown style attribute 'sparkle'"),
        Bad(text: "tuiframes 1\nsize 4 1\n|a\n", line: 3, reason: "row before the first 'frame' line"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|a\nhello\n", line: 5, reason: "unrecognised line 'hello'"),
        Bad(text: "tuiframes 1\nsize 4 1\nframe\n|e\u{301}\u{200B}\n", line: 4, reason: "zero-width grapheme at column 2"),
    ]

    @Test("a malformed file is reported with its line and reason", arguments: bad)
    func malformed(_ bad: Bad) {
        do {
            _ = try parse(bad.text)
            Issue.record("parsed without error")
        } catch {
            #expect(error.line == bad.line, "\(error)")
            #expect(error.reason.contains(bad.reason), "\(error)")
            #expect(error.description.hasPrefix("t.tuiframes:\(bad.line): "))
        }
    }

    @Test("every bundled fixture parses")
    func fixturesParse() throws {
        // Tests/EngineTests/Replay/TuiFramesTests.swift → the package's Fixtures/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        var count = 0
        for folder in ["recordings", "synthetic"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".tuiframes") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                let (file, _, _) = try parse(text)
                #expect(file.frames.count > 1, "\(name)")
                count += 1
            }
        }
        #expect(count >= 10)
    }
}

@Suite("tuiframes messages quote input harmlessly")
struct TuiFramesMessageTests {
    @Test("a malformed line holding OSC 52 is quoted with its controls visible", arguments: [
        "tuiframes 1\nsize 4 1\nframe\n|a\n\u{1B}]52;c;SGVsbG8=\u{07}\n",
        "tuiframes 1\u{1B}[2J\n",
        "tuiframes 1\nsize 4 1\nstyle a fg=\u{9B}31m\n",
        "tuiframes 1\nsize 4 2\nframe \u{1B}]0;title\u{07}\n|a\n",
    ])
    func controlsInMessages(_ text: String) {
        do {
            _ = try TuiFrames.parse(text, path: "x\u{1B}[31m.tuiframes", styles: StyleTable(), graphemes: GraphemeTable())
            Issue.record("parsed without error")
        } catch {
            let message = error.description
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(message)")
            #expect(message.hasPrefix("x\\e[31m.tuiframes:"), "\(message)")
            #expect(message.contains("\\e") || message.contains("\\x9b"), "\(message)")
        }
    }
}

@Suite("tuiframes memory bounds")
struct TuiFramesLimitTests {
    /// The audit's reproducer: about 600 KB declaring 1000×1000 frames of
    /// empty rows, 300 frames: 300 million cells (2.4 GB) before the limit.
    static func hugeFrames(_ count: Int) -> String {
        let frame = "frame\n" + String(repeating: "|\n", count: 1000)
        return "tuiframes 1\nsize 1000 1000\n" + String(repeating: frame, count: count)
    }

    @Test("a small file declaring many whole 1000x1000 screens stops at the cell limit with file:line")
    func amplificationIsRefused() {
        let text = Self.hugeFrames(300)
        #expect(text.utf8.count < 610_000)
        do {
            _ = try TuiFrames.parse(text, path: "big.tuiframes", styles: StyleTable(), graphemes: GraphemeTable())
            Issue.record("parsed without error")
        } catch {
            // Frame 17 is the first past 2^24 cells; its 'frame' line is 3 + 16 × 1001.
            #expect(error.line == 3 + 16 * 1001, "\(error)")
            #expect(error.reason.contains("the limit is 16777216 cells"), "\(error)")
            #expect(error.description.hasPrefix("big.tuiframes:16019: frame 17 would make the frames hold 17000000 cells"))
        }
    }

    @Test("the limit counts frames × columns × rows and can be set")
    func limitIsAParameter() throws {
        let text = "tuiframes 1\nsize 2 1\nframe\n|a\nframe\n|b\nframe\n|c\n"
        let styles = StyleTable(), graphemes = GraphemeTable()
        #expect(try TuiFrames.parse(text, path: "t", styles: styles, graphemes: graphemes, cellLimit: 6).frames.count == 3)
        #expect(throws: TuiFramesError.self) {
            try TuiFrames.parse(text, path: "t", styles: styles, graphemes: graphemes, cellLimit: 5)
        }
    }

    @Test("lines are cut as before: a trailing line feed ends the last line, an empty line is a line")
    func lineCutting() throws {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let a = try TuiFrames.parse("tuiframes 1\nsize 2 2\nframe\n|a\n|\n", path: "t", styles: styles, graphemes: graphemes)
        let b = try TuiFrames.parse("tuiframes 1\nsize 2 2\nframe\n|a\n|", path: "t", styles: styles, graphemes: graphemes)
        #expect(a.frames[0].cells == b.frames[0].cells)
        do {
            _ = try TuiFrames.parse("tuiframes 1\nsize 2 1\nframe\n|a\n\n", path: "t", styles: styles, graphemes: graphemes)
            Issue.record("an empty line parsed")
        } catch {
            #expect(error.line == 5)
        }
    }
}
