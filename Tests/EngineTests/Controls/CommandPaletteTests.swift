import Testing
@testable import Engine

private struct Editor: View {
    @State private var log: [String] = []
    @State private var showExtra = true
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("log=\(log.joined(separator: ","))")
            Button("Edit") {}
                .paletteCommand("Save file", shortcut: "s", modifiers: .control) { log.append("save") }
                .paletteCommand("Open recent") { log.append("open") }
            if showExtra {
                Text("extra").paletteCommand("Toggle word wrap") {
                    log.append("wrap")
                    showExtra = false
                }
            }
        }
        .commandPalette()
    }
}

@MainActor
@Suite("Command palette")
struct CommandPaletteTests {
    func start() -> FramePipeline {
        let host = FramePipeline(columns: 60, rows: 16)
        host.render(Editor())
        host.renderIfNeeded()
        return host
    }

    func log(_ host: FramePipeline) -> String {
        host.textRows.first { $0.contains("log=") }.map { $0.trimmed() } ?? ""
    }

    /// The palette's rows between its borders, trimmed.
    func palette(_ host: FramePipeline) -> [String] {
        host.textRows.filter { $0.contains("│") }.map { row in
            let inner = row.split(separator: "│", omittingEmptySubsequences: false)
            return inner.count >= 3 ? String(inner[1]).trimmed() : ""
        }.filter { !$0.isEmpty }
    }

    @Test func ctrlPListsTheCommandsOfTheTreeAndEnterRunsTheSelectedOne() {
        let host = start()
        host.press("p", modifiers: .control)
        let rows = palette(host)
        #expect(rows.first?.hasPrefix(">") == true, "\(rows)")
        // In the order they are written (chained modifiers first to last, then the tree).
        #expect(Array(rows.dropFirst(2)) == [
            "▸ Save file                       ctrl+s",
            "Open recent",
            "Toggle word wrap",
        ])
        host.press(.down)
        host.press(.enter)  // Open recent
        #expect(log(host) == "log=open")
        #expect(palette(host).isEmpty)
    }

    @Test func typingFiltersByFuzzyMatchAndHighlightsTheMatchedCharacters() throws {
        let host = start()
        host.press("p", modifiers: .control)
        host.type("wr")
        let rows = palette(host)
        #expect(rows.filter { $0.hasPrefix("▸") || $0.hasPrefix("Save") || $0.hasPrefix("Open") }
                == ["▸ Toggle word wrap"], "\(rows)")
        // "wr" matches the start of "wrap" (a word start, then a consecutive
        // character), not the w of "word" and the r after it.
        let y = try #require(host.textRows.firstIndex { $0.contains("▸ Toggle") })
        let text = Array(host.textRows[y])
        let start = try #require(text.firstIndex(of: "T"))
        let styles = Array(host.styleRows[y])
        let legend = host.styleLegend
        func style(_ offset: Int) -> String {
            let letter = styles[start + offset]
            return legend.first { $0.hasPrefix("\(letter) ") } ?? "\(letter)"
        }
        #expect(style(12).contains("bold"), "\(legend)")  // w of wrap
        #expect(style(13).contains("bold"), "\(legend)")  // r of wrap
        #expect(!style(7).contains("bold"), "\(legend)")  // w of word
        host.press(.enter)
        #expect(log(host).hasPrefix("log=wrap"))
        // The command's view left the tree: the palette no longer lists it.
        host.press("p", modifiers: .control)
        #expect(!palette(host).contains("Toggle word wrap"))
        host.type("zz")
        #expect(palette(host).contains("No matching commands"))
    }

    @Test func escClosesWithoutRunningAndAShortcutStillRuns() {
        let host = start()
        host.press("p", modifiers: .control)
        #expect(!palette(host).isEmpty)
        host.press(.escape)
        #expect(palette(host).isEmpty)
        #expect(log(host) == "log=")
        host.press("s", modifiers: .control)  // the command's shortcut
        #expect(log(host).hasPrefix("log=save"))
    }
}

@Suite("Fuzzy match")
struct FuzzyMatchTests {
    @Test func subsequencesMatchCaseAside() {
        #expect(FuzzyMatch.match("sf", in: "Save File") == .init(score: 18, positions: [0, 5]))
        #expect(FuzzyMatch.match("fs", in: "Save File") == nil)
        #expect(FuzzyMatch.match("", in: "x")?.score == 0)
    }

    @Test func consecutiveAndWordStartMatchesRankHigher() {
        // f at a word start (9), i right after it (1 + 5).
        #expect(FuzzyMatch.match("fi", in: "Save File") == .init(score: 15, positions: [5, 6]))
        // A capital after a lower-case letter starts a word.
        #expect(FuzzyMatch.match("of", in: "openFile")?.positions == [0, 4])
        let ranked = FuzzyMatch.rank("sf", ["sift", "Show files", "Save File"]).map(\.index)
        #expect(ranked == [2, 1, 0])  // equal scores: the shorter title first
    }
}

extension String {
    fileprivate func trimmed() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
