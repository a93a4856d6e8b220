import Synchronization
import Testing

@testable import Engine

/// A highlighter that counts the lines it is asked for: Swift's colours.
final class HighlightCounter: Sendable {
    let lines = Atomic<Int>(0)
    var count: Int { lines.load(ordering: .relaxed) }
}

struct CountingHighlighter: LineHighlighter {
    let counter: HighlightCounter
    var initialState: SwiftHighlighter.State { .code }

    func highlight(_ line: Substring, state: inout SwiftHighlighter.State) -> [HighlightRun] {
        counter.lines.add(1, ordering: .relaxed)
        return SwiftHighlighter().highlight(line, state: &state)
    }

    static func == (a: Self, b: Self) -> Bool { a.counter === b.counter }
}

@MainActor
@Suite("TextEditor highlighting: styled rows, per-line caching, block state, hostile text")
struct TextEditorHighlightTests {
    final class Box: @unchecked Sendable { var text = "" }

    struct Source<H: LineHighlighter>: View {
        let initial: String
        let highlighter: H
        var wraps = false
        var width = 24
        var height = 4
        @State var text: String?
        @FocusState var focused: Bool
        var body: some View {
            let binding = Binding<String>(get: { text ?? initial }, set: { text = $0 })
            TextEditor(text: binding)
                .frame(width: width, height: height)
                .focused($focused)
                .lineWrappingDisabled(!wraps)
                .textEditorHighlighter(highlighter)
                .onAppear { focused = true }
        }
    }

    /// The style letters of row `y` of `host` from `x`, `count` cells.
    func styles(_ host: FramePipeline, row y: Int, from x: Int = 0, count: Int) -> String {
        String(Array(host.styleRows[y])[x..<(x + count)])
    }

    /// The legend entry of the style letter at (`x`, `y`).
    func legend(_ host: FramePipeline, x: Int, y: Int) -> String {
        let letter = Array(host.styleRows[y])[x]
        return host.styleLegend.first { $0.first == letter } ?? "plain"
    }

    @Test("Swift source is drawn in styled runs: keywords, numbers, strings, comments, attributes")
    func styledRows() {
        let host = FramePipeline(columns: 24, rows: 4)
        let source = "@MainActor\nlet n = 0x1F // hex\nvar s = \"a\\\"b\"\n/* c */ return"
        host.render(Source(initial: source, highlighter: SwiftHighlighter()))
        #expect(host.textRows == ["@MainActor              ", "let n = 0x1F // hex     ",
                                  "var s = \"a\\\"b\"          ", "/* c */ return          "])
        // The caret is at the end of the last line, away from row 0.
        #expect(legend(host, x: 0, y: 0).contains("fg=3"))  // yellow attribute
        #expect(Set(styles(host, row: 0, count: 10)).count == 1)
        #expect(legend(host, x: 0, y: 1).contains("bold"))  // let
        #expect(legend(host, x: 8, y: 1).contains("fg=5"))  // 0x1F magenta
        #expect(Set(styles(host, row: 1, from: 8, count: 4)).count == 1)
        #expect(legend(host, x: 4, y: 1) == "plain" || !legend(host, x: 4, y: 1).contains("fg="))  // n
        #expect(legend(host, x: 13, y: 1) == legend(host, x: 18, y: 1))  // the comment, one style
        #expect(legend(host, x: 13, y: 1) != legend(host, x: 8, y: 1))
        // The string with its escaped quote is one green run.
        #expect(legend(host, x: 8, y: 2).contains("fg=2"))
        #expect(Set(styles(host, row: 2, from: 8, count: 6)).count == 1)
        #expect(legend(host, x: 0, y: 3) == legend(host, x: 13, y: 1))  // the block comment
        #expect(legend(host, x: 8, y: 3).contains("bold"))  // return
    }

    @Test("the caret and the selection are drawn over the colours")
    func caretAndSelection() {
        let host = FramePipeline(columns: 24, rows: 4)
        host.render(Source(initial: "let x", highlighter: SwiftHighlighter()))
        host.press(.home)
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [0, 0])
        #expect(legend(host, x: 0, y: 0).contains("bold") && legend(host, x: 0, y: 0).contains("reverse"))
        #expect(!legend(host, x: 1, y: 0).contains("reverse"))
        host.press(.right, modifiers: .shift)
        host.press(.right, modifiers: .shift)
        // "le" selected (reversed, still bold); the caret on "t" reversed too.
        #expect(legend(host, x: 0, y: 0).contains("reverse") && legend(host, x: 1, y: 0).contains("reverse"))
        #expect(legend(host, x: 1, y: 0).contains("bold"))
        #expect(!legend(host, x: 4, y: 0).contains("reverse"))
    }

    @Test("one keystroke in a 10,000-line buffer highlights one line; moving and scrolling highlight none")
    func oneLinePerKeystroke() {
        let counter = HighlightCounter()
        var lines: [String] = []
        for i in 0..<10_000 { lines.append("let value\(i) = \(i) // line \(i)") }
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(Source(initial: lines.joined(separator: "\n"), highlighter: CountingHighlighter(counter: counter),
                           width: 40, height: 6))
        // The cursor starts at the text's end: the states of every line
        // above it were needed once.
        #expect(host.textRows[5].hasPrefix("let value9999 = 9999"))
        #expect(counter.count == 10_000)
        host.press(.home, modifiers: .control)
        #expect(host.textRows[0].hasPrefix("let value0 = 0"))
        #expect(counter.count == 10_000)
        host.type("x")
        #expect(host.textRows[0].hasPrefix("xlet value0"))
        #expect(counter.count == 10_001)
        host.press(.down)
        host.type("yz")
        #expect(counter.count == 10_003)
        host.press(.down)
        host.press(.right)
        #expect(counter.count == 10_003)
        // Back at the end: the states below the edits came out the same, so
        // the walk down highlights nothing again.
        host.press(.end, modifiers: .control)
        #expect(host.textRows[5].hasPrefix("let value9999"))
        #expect(counter.count == 10_003)
        host.type("!")
        #expect(counter.count == 10_004)
    }

    @Test("opening a block comment re-colours the lines below to its end, and only those")
    func blockCommentState() {
        var cache = LineHighlightCache(SwiftHighlighter())
        let text = (0..<10).map { "let a\($0) = \($0)" }.joined(separator: "\n")
        cache.update(text)
        for line in 0..<10 { _ = cache.runs(ofLine: line) }
        #expect(cache.highlightCount == 10)
        // Open a comment on line 2 and close it on line 5: lines 2–5 change
        // colour; line 6 starts in code again, as before, and is kept.
        var lines = text.split(separator: "\n").map(String.init)
        lines[2] = "/* " + lines[2]
        lines[5] += " */"
        cache.update(lines.joined(separator: "\n"))
        let commented = cache.runs(ofLine: 4)
        #expect(commented == [HighlightRun(0..<10, SwiftHighlighter().commentStyle)])
        _ = cache.runs(ofLine: 9)
        // Lines 2 and 5 changed; 3 and 4 started in a new state; 6 onwards kept.
        #expect(cache.highlightCount == 14)
        #expect(cache.runs(ofLine: 6).first?.style == SwiftHighlighter().keywordStyle)
        // Nested: "/* /* */" leaves one level open down to the next "*/".
        cache = LineHighlightCache(SwiftHighlighter())
        cache.update("/* /* */\nlet x\n*/ let y")
        #expect(cache.runs(ofLine: 1) == [HighlightRun(0..<5, SwiftHighlighter().commentStyle)])
        #expect(cache.runs(ofLine: 2) == [HighlightRun(0..<2, SwiftHighlighter().commentStyle),
                                          HighlightRun(3..<6, SwiftHighlighter().keywordStyle)])
        // Deleting a line break merges two lines; the lines after shift and are kept.
        cache = LineHighlightCache(SwiftHighlighter())
        cache.update("let a\nlet b\nlet c\nlet d")
        for line in 0..<4 { _ = cache.runs(ofLine: line) }
        cache.update("let alet b\nlet c\nlet d")
        #expect(cache.lineText(0) == "let alet b" && cache.lineText(2) == "let d")
        _ = cache.runs(ofLine: 2)
        #expect(cache.highlightCount == 5)
    }

    @Test("the editor re-colours what a typed /* opens, on screen")
    func typedBlockComment() {
        let host = FramePipeline(columns: 24, rows: 4)
        host.render(Source(initial: "let a\nlet b\nlet c\nlet d", highlighter: SwiftHighlighter()))
        host.press(.home, modifiers: .control)
        #expect(legend(host, x: 0, y: 2).contains("bold"))
        host.type("/*")
        #expect(host.textRows[0].hasPrefix("/*let a"))
        for row in 1..<4 { #expect(!legend(host, x: 0, y: row).contains("bold"), "row \(row)") }
        #expect(legend(host, x: 0, y: 3) == legend(host, x: 3, y: 0))
        host.press(.backspace)
        #expect(legend(host, x: 0, y: 3).contains("bold"))
    }

    @Test("Swift's literals: multi-line and raw strings, numbers, attributes, directives")
    func swiftLexer() {
        let h = SwiftHighlighter()
        var state = h.initialState
        #expect(h.highlight("let s = \"\"\"", state: &state) == [HighlightRun(0..<3, h.keywordStyle),
                                                                  HighlightRun(8..<11, h.stringStyle)])
        #expect(state == .multilineString(hashes: 0))
        #expect(h.highlight("  let // not code", state: &state) == [HighlightRun(0..<17, h.stringStyle)])
        #expect(h.highlight("  \"\"\" + 1.5e-3", state: &state) == [HighlightRun(0..<5, h.stringStyle),
                                                                    HighlightRun(8..<14, h.numberStyle)])
        #expect(state == .code)
        state = .code
        // A raw string ends only at "#; a lone quote inside does not end it.
        #expect(h.highlight("#\"a\"b\"# @State #if", state: &state) == [HighlightRun(0..<7, h.stringStyle),
                                                                        HighlightRun(8..<14, h.attributeStyle),
                                                                        HighlightRun(15..<18, h.keywordStyle)])
        #expect(h.highlight("0b1010 0o17 1_000 x2 0x1p+3", state: &state).map(\.range) == [0..<6, 7..<11, 12..<17,
                                                                                        21..<27])
        // An unterminated single-line string ends with its line.
        #expect(h.highlight("\"open", state: &state) == [HighlightRun(0..<5, h.stringStyle)])
        #expect(state == .code)
    }

    @Test("hostile text and runs: control bytes are drawn as pictures, bad runs are cut, nothing traps")
    func hostile() {
        struct Wild: LineHighlighter {
            var initialState: Int { 0 }
            func highlight(_ line: Substring, state: inout Int) -> [HighlightRun] {
                state &+= 1
                return [HighlightRun(-5..<3, Style(foreground: .red)), HighlightRun(2..<1_000, Style(foreground: .blue)),
                        HighlightRun(1..<2, Style(attributes: .bold)), HighlightRun(Int.max - 1..<Int.max, .plain)]
            }
        }
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(Source(initial: "a\u{1B}[31mb\u{7}c\td\n\u{9B}2J", highlighter: Wild(), width: 12, height: 3))
        host.press(.home, modifiers: .control)
        let screen = host.textRows.joined()
        #expect(!screen.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
        #expect(host.textRows[0].hasPrefix("a␛[31mb"))
        // Run 0 over bytes 0–2, run 2 (bold) over byte 1 on top, run 1 from byte 2.
        #expect(legend(host, x: 1, y: 0).contains("bold"))
        #expect(legend(host, x: 2, y: 0).contains("fg=4"))
        #expect(legend(host, x: 0, y: 0).contains("fg=1"))
        let flat = LineHighlightCache<Wild>.flattened(
            [HighlightRun(-5..<3, Style(foreground: .red)), HighlightRun(1..<2, Style(attributes: .bold))], length: 4)
        #expect(flat == [HighlightRun(0..<1, Style(foreground: .red)), HighlightRun(1..<2, Style(attributes: .bold)),
                         HighlightRun(2..<3, Style(foreground: .red))])
    }
}
