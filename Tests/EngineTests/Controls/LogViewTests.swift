import Testing
@testable import Engine

@MainActor
@Suite("Log view")
struct LogViewTests {
    func store(_ lines: Range<Int>, limit: Int = 1000) -> LogStore {
        let log = LogStore(lineLimit: limit)
        for i in lines { log.append("line \(i)") }
        return log
    }

    func trimmed(_ host: FramePipeline) -> [String] {
        host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("SGR colours and attributes become styled runs")
    func ansiColours() {
        let log = LogStore()
        log.append("\u{1B}[31mred\u{1B}[0m plain \u{1B}[1;44mbold\u{1B}[22m blue\u{1B}[m \u{1B}[38;5;200mx\u{1B}[38;2;1;2;3my")
        let host = FramePipeline(columns: 24, rows: 1)
        host.render(LogView(log))
        #expect(trimmed(host) == ["red plain bold blue xy"])
        #expect(host.styleRows == ["aaa.......bbbbccccc.de.."])
        #expect(host.styleLegend == ["a fg=1", "b bg=4 bold", "c bg=4", "d fg=200", "e fg=#010203"])
    }

    @Test("hostile bytes: every control and escape other than SGR is dropped, never passed through")
    func hostileInput() {
        let hostile = [
            "a\u{1B}[2Jb\u{1B}[Hc\u{1B}[?1049hd\u{1B}[5;5Hd",  // erase, home, alternate screen, cursor motion
            "\u{1B}]52;c;aGk=\u{07}e\u{1B}]8;;http://x\u{1B}\\f\u{1B}]0;title",  // OSC 52 copy, a link, a title
            "\u{1B}Pq#0;2;0;0;0\u{1B}\\g\u{1B}c\u{1B}7\u{1B}(0h",  // DCS (sixel), reset, save cursor, line drawing
            "i\u{9B}2Jj\u{9D}0;t\u{9C}k\u{0}\u{7}\u{8}\u{7F}\rl\u{1B}",  // C1 CSI and OSC, NUL, BEL, BS, DEL, CR, a lone ESC
            "\u{1B}[999999999999999999999;38;5;9999mm\u{1B}[38;2mn\u{1B}[" + String(repeating: "1;", count: 500) + "mo",
        ]
        let log = LogStore()
        for line in hostile { log.append(line) }
        for i in 0..<log.count {
            let text = log[i]
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text)")
        }
        #expect(log[0] == "abcdd")
        #expect(log[1] == "ef")
        #expect(log[2] == "gh")
        #expect(log[3] == "ijkl")
        #expect(log[4] == "mno")
        let host = FramePipeline(columns: 20, rows: 6)
        host.render(LogView(log))
        #expect(trimmed(host).prefix(5) == ["abcdd", "ef", "gh", "ijkl", "mno"])
        // Only the engine's own sequences reach the terminal: no OSC, no erase, no mode change.
        let bytes = String(decoding: host.lastBytes, as: UTF8.self)
        for forbidden in ["\u{1B}]", "\u{1B}[?1049", "\u{1B}P", "\u{1B}c", "\u{7}", "\u{9B}"] {
            #expect(!bytes.contains(forbidden), "\(forbidden.unicodeScalars.map { $0.value })")
        }
    }

    @Test("plain lines are kept as written; one control, C1 or escape scalar anywhere takes the parsing path")
    func plainFastPath() {
        var random = SplitMix64(seed: 24)
        let plain: [Unicode.Scalar] = ["a", "Z", " ", "~", "é", "\u{A0}", "\u{A1}", "世", "😀", "\u{7E}", "\u{C2}", "\u{FF}"]
        let odd: [Unicode.Scalar] = ["\u{0}", "\u{9}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}"]
        for trial in 0..<2_000 {
            var scalars = (0..<Int(random.next() % 30)).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
            let line = String(String.UnicodeScalarView(scalars))
            let parsed = ANSILine(parsing: line[...])
            #expect(parsed.text == line && parsed.runs == nil, "\(line.unicodeScalars.map(\.value))")
            #expect(ANSILine.isPlain(line[...]))
            // The same line with one scalar the parser drops or reads.
            let k = scalars.isEmpty ? 0 : Int(random.next() % UInt64(scalars.count + 1))
            scalars.insert(odd[trial % odd.count], at: k)
            let hostile = String(String.UnicodeScalarView(scalars))
            #expect(!ANSILine.isPlain(hostile[...]), "\(hostile.unicodeScalars.map(\.value))")
            let text = ANSILine(parsing: hostile[...]).text
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("a tab becomes spaces to the next multiple of eight; a line with newlines is several lines")
    func tabsAndNewlines() {
        let log = LogStore()
        log.append("ab\tc\nsecond\r\nthird")
        #expect(log.count == 3)
        #expect(log[0] == "ab      c")
        #expect(log[1] == "second")
        #expect(log[2] == "third")
    }

    @Test("the line limit drops the oldest lines and keeps memory flat")
    func lineLimit() {
        let log = LogStore(lineLimit: 100)
        for i in 0..<1000 { log.append("line \(i)") }
        #expect(log.count == 100)
        #expect(log[0] == "line 900")
        #expect(log[99] == "line 999")
        #expect(log.firstSequence == 900)
        let capacity = log.storageCapacity
        for i in 0..<100_000 { log.append("line \(i)") }
        #expect(log.storageCapacity == capacity)
        #expect(log[99] == "line 99999")
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(LogView(log))
        #expect(trimmed(host) == ["line 99997", "line 99998", "line 99999"])
    }

    @Test("follows the tail; scrolled away it stays put; End and scrolling back to the end follow again")
    func following() {
        let log = store(0..<10)
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(LogView(log))
        #expect(trimmed(host) == ["line 6", "line 7", "line 8", "line 9"])
        log.append("line 10")
        host.renderIfNeeded()
        #expect(trimmed(host) == ["line 7", "line 8", "line 9", "line 10"])
        host.press(.tab)
        host.press(.up)
        #expect(trimmed(host) == ["line 6", "line 7", "line 8", "line 9"])
        log.append("line 11")
        host.renderIfNeeded()
        #expect(trimmed(host) == ["line 6", "line 7", "line 8", "line 9"])
        host.press(.down)
        host.press(.down)  // the last page: following again
        log.append("line 12")
        host.renderIfNeeded()
        #expect(trimmed(host) == ["line 9", "line 10", "line 11", "line 12"])
        host.press(.home)
        #expect(trimmed(host) == ["line 0", "line 1", "line 2", "line 3"])
        host.scroll(column: 1, row: 1, lines: 1)
        #expect(trimmed(host) == ["line 3", "line 4", "line 5", "line 6"])
        host.press(.end)
        #expect(trimmed(host) == ["line 9", "line 10", "line 11", "line 12"])
    }

    @Test("fewer lines than rows start at the top")
    func shortLog() {
        let log = store(0..<2)
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(LogView(log))
        #expect(trimmed(host) == ["line 0", "line 1", "", ""])
    }

    @Test("an appended line while following is sent as a scroll, not a repaint")
    func appendScrolls() {
        let log = LogStore()
        for i in 0..<30 { log.append("a fairly long log line number \(i) with some text") }
        let host = FramePipeline(columns: 60, rows: 20)
        host.render(LogView(log))
        log.append("the newest line")
        host.renderIfNeeded()
        let bytes = String(decoding: host.lastBytes, as: UTF8.self)
        // A scroll (SU, a region with SU, or DL) and the one new line: far less than 20 rows.
        #expect(bytes.contains("\u{1B}[S") || bytes.contains("\u{1B}[M") || bytes.contains("r\u{1B}["), "\(bytes)")
        #expect(host.lastBytes.count < 80, "\(host.lastBytes.count) bytes")
        #expect(trimmed(host).last == "the newest line")
    }

    @Test("unwrapped lines scroll sideways with Left/Right; wrapped lines take several rows")
    func wrapAndSideways() {
        let log = LogStore()
        log.append("0123456789abcdefghij")
        log.append("short")
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(LogView(log))
        #expect(trimmed(host) == ["01234567", "short", "", ""])
        host.press(.tab)
        host.press(.right)
        #expect(trimmed(host) == ["456789ab", "t", "", ""])
        host.press(.right)
        host.press(.left)
        #expect(trimmed(host) == ["456789ab", "t", "", ""])
        host.press(.left)
        host.press(.left)
        #expect(trimmed(host)[0] == "01234567")
        let wrapped = FramePipeline(columns: 8, rows: 4)
        wrapped.render(LogView(log, wrapsLines: true))
        #expect(trimmed(wrapped) == ["01234567", "89abcdef", "ghij", "short"])
        log.append("x")
        wrapped.renderIfNeeded()
        // Following: the long line is cut at the top.
        #expect(trimmed(wrapped) == ["89abcdef", "ghij", "short", "x"])
    }

    @Test("search highlights matches in either case of ASCII; n and N scroll between matching lines")
    func search() {
        let log = store(0..<20)
        log.append("an ERROR here")
        for i in 21..<40 { log.append("line \(i)") }
        let host = FramePipeline(columns: 14, rows: 3)
        host.render(LogView(log, searchText: "line 1"))
        #expect(trimmed(host) == ["line 37", "line 38", "line 39"])
        host.press(.tab)
        host.press("N")
        #expect(trimmed(host) == ["line 19", "an ERROR here", "line 21"])
        #expect(host.styleRows[0] == "aaaaaa........")
        #expect(host.styleLegend == ["a fg=0 bg=3"])
        host.press("N")
        #expect(trimmed(host)[0] == "line 18")
        host.press("n")
        host.press("n")  // no match after line 19: stays
        #expect(trimmed(host)[0] == "line 19")
        host.render(LogView(log, searchText: "error"))
        host.press(.home)
        host.press("n")
        #expect(trimmed(host)[0] == "an ERROR here")
        #expect(host.styleRows[0] == "...aaaaa......")
    }

    @Test("a log of 10⁵ lines builds the rows shown, and an append evaluates a handful of views")
    func lazy() {
        let log = store(0..<100_000, limit: 100_000)
        let host = FramePipeline(columns: 20, rows: 10)
        host.render(LogView(log))
        #expect(host.graph.liveNodes < 30)
        for i in 0..<20 {
            log.append("new \(i)")
            host.renderIfNeeded()
            #expect(host.graph.statistics.bodyEvaluations < 10)
            #expect(host.graph.statistics.nodesCreated <= 1)
        }
        #expect(host.graph.liveNodes < 30)
        #expect(trimmed(host).last == "new 19")
    }

    @Test("a line shown keeps its node while lines are appended; another store, an emptied one, a new search or wrapping draws the lines again")
    func linesKeptOnlyWhileDrawnTheSame() {
        let log = store(0..<10)
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(LogView(log))
        let viewport = { host.graph.allNodes().first { $0.behavior is LogViewportBehavior }! }
        let before = viewport().children.map(ObjectIdentifier.init)
        log.append("line 10")
        host.renderIfNeeded()
        #expect(trimmed(host) == ["line 8", "line 9", "line 10"])
        // The lines still shown kept their nodes; one was made.
        #expect(Array(viewport().children.map(ObjectIdentifier.init).prefix(2)) == Array(before.suffix(2)))
        #expect(host.graph.statistics.nodesCreated == 1)

        // Another store with the same sequence numbers: its own lines.
        let other = LogStore()
        for i in 0..<11 { other.append("other \(i)") }
        host.render(LogView(other))
        #expect(trimmed(host) == ["other 8", "other 9", "other 10"])

        // Emptied and filled again: numbers are not given twice, so no old line shows.
        other.removeAll()
        #expect(other.count == 0)
        for i in 0..<11 { other.append("again \(i)") }
        host.renderIfNeeded()
        #expect(trimmed(host) == ["again 8", "again 9", "again 10"])

        // A search highlights the lines already shown; wrapping wraps them.
        host.render(LogView(other, searchText: "1"))
        #expect(host.styleRows[2] == "......a.....")
        host.render(LogView(other, wrapsLines: true))
        #expect(host.styleRows[2] == "............")
        other.append("a line wider than twelve")
        host.renderIfNeeded()
        #expect(trimmed(host) == ["again 10", "a line wider", "than twelve"])
    }

    @Test("lines end at LF or CRLF, never at a lone CR; text around them is kept whole")
    func lineEnds() {
        let log = LogStore()
        log.append("é\r\nà\rb\n\n👍🏽 end\r\n")
        #expect(log.count == 5)
        #expect(log[0] == "é")
        #expect(log[1] == "àb")  // the lone CR is a control: dropped
        #expect(log[2] == "")
        #expect(log[3] == "👍🏽 end")
        #expect(log[4] == "")
    }
}
