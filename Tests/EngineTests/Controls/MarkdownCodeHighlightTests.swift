import Testing

@testable import Engine

/// The lines a highlighter was asked for (written on the main actor only,
/// where views are evaluated).
private final class LineLog: @unchecked Sendable {
    var lines: [String] = []
}

/// Colours `let` bold and whatever follows an open `/*` (to its `*/`)
/// dim, carrying the open comment to the next line; logs each line asked.
private struct LoggingHighlighter: LineHighlighter {
    let log: LineLog
    var initialState: Bool { false }

    static func == (a: LoggingHighlighter, b: LoggingHighlighter) -> Bool { a.log === b.log }

    func highlight(_ line: Substring, state: inout Bool) -> [HighlightRun] {
        log.lines.append(String(line))
        let bytes = Array(line.utf8)
        var runs: [HighlightRun] = []
        var i = 0
        while i < bytes.count {
            if state {
                let start = i
                while i < bytes.count && !(bytes[i] == 0x2A && i + 1 < bytes.count && bytes[i + 1] == 0x2F) { i += 1 }
                if i < bytes.count {
                    i += 2
                    state = false
                }
                runs.append(HighlightRun(start..<i, Style(foreground: .red)))
            } else if bytes[i...].starts(with: Array("/*".utf8)) {
                state = true
            } else if bytes[i...].starts(with: Array("let".utf8)) {
                runs.append(HighlightRun(i..<(i + 3), Style(attributes: .bold)))
                i += 3
            } else {
                i += 1
            }
        }
        return runs
    }
}

@MainActor
@Suite("Markdown code blocks with a line highlighter")
struct MarkdownCodeHighlightTests {
    @Test("a streamed answer highlights each code line once, and again only when it changes")
    func streamed() {
        let log = LineLog()
        let host = FramePipeline(columns: 30, rows: 12, clock: .manual())
        func show(_ source: String) {
            host.render(
                Markdown(source).markdownCodeHighlighter(LoggingHighlighter(log: log), language: "swift"))
        }
        let answer = "Try this:\n\n```swift\nlet a = 1\nlet b = 2\n/* note\nstill */ let c\n```\n\nDone, let us see."
        // Streamed a few bytes a frame, as an LLM's answer arrives.
        var source = ""
        var calls: [Int] = []
        var index = answer.startIndex
        while index < answer.endIndex {
            let next = answer.index(index, offsetBy: 3, limitedBy: answer.endIndex) ?? answer.endIndex
            source += answer[index..<next]
            index = next
            let before = log.lines.count
            show(source)
            calls.append(log.lines.count - before)
        }
        // Each frame asked for at most the lines its bytes touched: the
        // line they were appended to, and a line they began.
        #expect(calls.allSatisfy { $0 <= 2 }, "\(calls)")
        // Over the whole stream: far fewer than highlighting the block on every frame.
        let frames = calls.count
        #expect(log.lines.count < 2 * frames && log.lines.count >= 4, "\(log.lines.count) lines in \(frames) frames")
        // Once the block is closed, text after it highlights nothing.
        let closed = log.lines.count
        show(source + " More words.")
        #expect(log.lines.count == closed)
        // The screen: `let` bold, the comment red across its two lines.
        let fresh = FramePipeline(columns: 30, rows: 12, clock: .manual())
        fresh.render(Markdown(source).markdownCodeHighlighter(LoggingHighlighter(log: LineLog()), language: "swift"))
        #expect(host.textRows.prefix(7) == fresh.textRows.prefix(7))
        #expect(host.textRows[2].hasPrefix("  let a = 1"))
        #expect(host.textRows[5].hasPrefix("  still */ let c"))
        let legend = fresh.styleLegend.joined(separator: "\n")
        let bold = fresh.styleRows[2][fresh.styleRows[2].index(fresh.styleRows[2].startIndex, offsetBy: 2)]
        #expect(legend.contains("\(bold) ") && fresh.styleLegend.contains { $0.hasPrefix("\(bold) ") && $0.contains("bold") })
        let red = fresh.styleRows[5][fresh.styleRows[5].index(fresh.styleRows[5].startIndex, offsetBy: 2)]
        #expect(fresh.styleLegend.contains { $0.hasPrefix("\(red) ") && $0.contains("fg=1") })
        // The comment's state carried: "still */" is red, the `let` after it bold.
        #expect(fresh.styleRows[5].dropFirst(2).prefix(8).allSatisfy { $0 == red })
        #expect(fresh.styleRows[5].dropFirst(11).prefix(3).allSatisfy { $0 == bold })
        #expect(host.styleRows == fresh.styleRows)
    }

    @Test("a block in another language goes to the view's SyntaxHighlighter; removing the line highlighter does too")
    func otherLanguages() {
        let log = LineLog()
        let host = FramePipeline(columns: 30, rows: 6, clock: .manual())
        let source = "```json\n{\"a\": true}\n```\n\n```swift\nlet x\n```"
        host.render(Markdown(source).markdownCodeHighlighter(LoggingHighlighter(log: log), language: "swift"))
        #expect(log.lines == ["let x"])
        let plain = FramePipeline(columns: 30, rows: 6, clock: .manual())
        plain.render(Markdown(source))
        // The JSON block as the keyword highlighter colours it, either way.
        #expect(host.styleRows[0] == plain.styleRows[0])
        #expect(host.textRows == plain.textRows)
        host.render(Markdown(source).markdownCodeHighlighter(nil, language: "swift"))
        #expect(host.styleRows == plain.styleRows)
        #expect(log.lines == ["let x"])
    }

    @Test("runs ending inside a character, past the line or out of order draw without trapping")
    func oddRuns() {
        let text = MarkdownDocument.codeText("é😀x", runs: [HighlightRun(1..<3, Style(attributes: .bold))])
        #expect(text.content == "é😀x")
        let host = FramePipeline(columns: 10, rows: 1)
        host.render(text)
        #expect(host.textRows[0].contains("é😀x"))
    }
}
