import Foundation
import Testing
@testable import Engine

@Suite("tuisession format")
struct TuiSessionTests {
    func parse(_ text: String) throws(TuiFramesError) -> TuiSession {
        try TuiSession.parse(text, path: "t.tuisession", styles: StyleTable(), graphemes: GraphemeTable())
    }

    @Test("any bytes survive quoting, and the quoted text holds no control byte", arguments: 0..<40)
    func quotingRoundTrips(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        var bytes: [UInt8] = []
        for _ in 0..<Int(rng.next() % 200) {
            switch rng.next() % 6 {
            case 0: bytes.append(UInt8(truncatingIfNeeded: rng.next()))  // any byte, C0, C1 lead bytes, invalid UTF-8
            case 1: bytes += Array("\u{1B}[1;5R\\\"".utf8)
            case 2: bytes += Array("漢字😀\u{202E}\u{85}\u{2028}\u{E000}".utf8)
            case 3: bytes += [0xE2, 0x82]  // a truncated sequence
            default: bytes.append(UInt8(0x20 + rng.next() % 95))
            }
        }
        let quoted = SessionQuoting.quote(bytes)
        #expect(!quoted.utf8.contains { $0 < 0x20 || $0 == 0x7F })
        #expect(!quoted.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2028}" })
        #expect(try SessionQuoting.unquote(Substring(quoted)).get() == bytes)
    }

    @Test("quoting keeps printable text readable")
    func quotingIsReadable() {
        #expect(SessionQuoting.quote(Array("ab \u{1B}[A\r\n\t\\\"漢".utf8)) == #""ab \e[A\r\n\t\\\"漢""#)
        #expect(SessionQuoting.quote([0x00, 0x7F, 0xFF]) == #""\x00\x7F\xFF""#)
        #expect(SessionQuoting.quote(Array("\u{202E}".utf8)) == #""\u{202E}""#)
    }

    @Test("malformed quoted strings are refused with the reason")
    func badQuotes() {
        for (text, reason) in [("abc", "expected a quoted string"), (#""a\q""#, "unknown escape"),
                               (#""\x4""#, "two hex digits"), (#""\u{110000}""#, "Unicode scalar"),
                               ("\"a\u{1}\"", "raw control byte"), (#""a"b""#, "unescaped")] {
            guard case .failure(let error) = SessionQuoting.unquote(Substring(text)) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(error.reason.contains(reason), "\(text): \(error.reason)")
        }
    }

    @Test("what the writer writes, the parser reads back: changed rows only, styles, a new size")
    func writerRoundTrips() throws {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 12, rows: 3, styles: styles, graphemes: graphemes)
        let bold = styles.id(for: Style(foreground: .palette(2), attributes: .bold))
        var writer = SessionScreenWriter()
        var text = "tuisession 1\nsize 12 3\n"
        _ = canvas.write("Hello 漢字", x: 0, y: 0, style: bold)
        _ = canvas.write("status", x: 0, y: 2, style: 0)
        text += "@1.000 frame 1 12x3\n" + writer.lines(for: canvas)
        _ = canvas.write("ok", x: 7, y: 2, style: bold)
        let second = writer.lines(for: canvas)
        #expect(!second.contains("0|"), "row 0 did not change: \(second)")
        text += "@2.000 frame 2 12x3\n" + second
        canvas.resize(columns: 8, rows: 2)
        _ = canvas.write("small", x: 0, y: 1, style: 0)
        text += "@3.500 frame 3 8x2\n" + writer.lines(for: canvas) + "@4.000 end 0\n"

        let session = try TuiSession.parse(text, path: "t", styles: StyleTable(), graphemes: GraphemeTable())
        let frames = session.frames
        #expect(frames.map(\.number) == [1, 2, 3])
        let sessionStyles = StyleTable(), sessionGraphemes = GraphemeTable()
        let parsed = try TuiSession.parse(text, path: "t", styles: sessionStyles, graphemes: sessionGraphemes)
        func rows(_ i: Int) -> [String] {
            let f = parsed.frames[i]
            let c = CellBuffer(columns: f.columns, rows: f.rows, styles: sessionStyles, graphemes: sessionGraphemes)
            f.cells.withUnsafeBufferPointer { cells in
                for y in 0..<f.rows { c.copyRow(y, from: UnsafeBufferPointer(rebasing: cells[(y * f.columns)..<((y + 1) * f.columns)])) }
            }
            return c.textRows
        }
        #expect(rows(0) == ["Hello 漢字  ", "            ", "status      "])
        #expect(rows(1) == ["Hello 漢字  ", "            ", "status ok   "])
        #expect(rows(2) == ["Hello 漢", "small   "])  // a resize keeps what fits
        let cell = parsed.frames[1].cells[2 * 12 + 7]
        #expect(sessionStyles[cell.style] == Style(foreground: .palette(2), attributes: .bold))
        if case .end(let status)? = parsed.records.last?.event { #expect(status == 0) } else { Issue.record("no end") }
    }

    @Test("records parse with their times; a clock record keeps its counts")
    func records() throws {
        let session = try parse("""
            tuisession 1
            size 10 2
            screen inline 4
            capabilities colors=256 rep=1 sync=1 bce=1 scroll=0 ich=1 emoji=0 future=9
            @0.5 cpr on
            @0.500 in "\\e[?1;2c"
            @12.000001 clock 2 3
            @13 resize 20 5
            @14 flush
            @15 stall
            @16 print "done ✓"
            @17 end 130

            """)
        #expect(session.screen == .inline(maxHeight: 4))
        #expect(session.capabilities.colors == .palette256 && session.capabilities.synchronizedOutput)
        #expect(!session.capabilities.scrolling)
        #expect(session.records.map(\.time) == [500_000, 500_000, 12_000_001, 13_000_000, 14_000_000, 15_000_000,
                                                16_000_000, 17_000_000])
        guard case .clock(let fired, let pending) = session.records[2].event else { Issue.record("no clock"); return }
        #expect(fired == 2 && pending == 3)
        guard case .print(let line) = session.records[6].event else { Issue.record("no print"); return }
        #expect(line == "done ✓")
    }

    @Test("a malformed session is refused at its line, with the reason", arguments: [
        ("tuiframes 1\n", 1, "expected 'tuisession 1'"),
        ("tuisession 1\n@1 in \"a\"\n", 2, "before the 'size"),
        ("tuisession 1\nsize 0 5\n", 2, "1...1000"),
        ("tuisession 1\nsize 5 5\n@2 in \"a\"\n@1 in \"b\"\n", 4, "time goes backwards"),
        ("tuisession 1\nsize 5 5\n@x in \"a\"\n", 3, "bad time"),
        ("tuisession 1\nsize 5 5\n@1 teleport\n", 3, "unknown record"),
        ("tuisession 1\nsize 5 5\n@1 in \"\\q\"\n", 3, "unknown escape"),
        ("tuisession 1\nsize 5 5\n@1 frame 1 5x5\n7|hi\n", 4, "outside the frame's 5 rows"),
        ("tuisession 1\nsize 5 5\n@1 frame 1 5x5\n0|hi\n0:z\n", 5, "undeclared style key"),
        ("tuisession 1\nsize 5 5\n@1 frame 1 5x5\n0|toolong\n", 4, "wider than 5"),
        ("tuisession 1\nsize 5 5\n@1 frame 2 5x5\n@2 frame 1 5x5\n", 4, "numbers increasing"),
        ("tuisession 1\nsize 5 5\n0|hi\n", 3, "outside a frame"),
        ("tuisession 1\nsize 5 5\n@1 clock x\n", 3, "clock FIRED"),
        ("tuisession 1\nsize 5 5\nstyle a fg=999\n", 3, "bad colour"),
        ("tuisession 1\nsize 5 5\r\n", 2, "CR"),
    ])
    func malformed(text: String, line: Int, reason: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text.debugDescription)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
        }
    }

    @Test("frames past the cell limit are refused, not held")
    func cellLimit() {
        var text = "tuisession 1\nsize 100 100\n"
        for i in 1...5 { text += "@\(i) frame \(i) 100x100\n" }
        do {
            _ = try TuiSession.parse(text, path: "t", styles: StyleTable(), graphemes: GraphemeTable(), cellLimit: 30_000)
            Issue.record("accepted")
        } catch {
            #expect(error.reason.contains("limit is 30000"))
        }
    }
}

@MainActor
@Suite("session replay")
struct SessionReplayTests {
    struct Counter: View {
        @State private var count = 0
        @Environment(\.clock) private var clock
        @State private var ticks = 0
        var body: some View {
            Text("n=\(count) t=\(ticks)")
                .onKeyPress("+") { count += 1; return .handled }
                .task { while (try? await clock.sleep(for: .milliseconds(100))) != nil { ticks += 1 } }
        }
    }

    static let session = """
        tuisession 1
        size 12 1
        @0.000 frame 1 12x1
        0|  n=0 t=0
        @0.000 clock 0 1
        @5.000 in "+"
        @6.000 frame 2 12x1
        0|  n=1 t=0
        @100.000 clock 1 1
        @101.000 frame 3 12x1
        0|  n=1 t=1
        @250.000 clock 1 1
        @250.500 in "++"
        @251.000 frame 4 12x1
        0|  n=3 t=2
        @300.000 end 0

        """

    @Test("a session written by hand replays: keys, the clock's wake-ups, frames")
    func replays() async throws {
        let replay = try SessionReplay(text: Self.session, path: "hand.tuisession")
        let outcome = await replay.run(Counter())
        #expect(outcome.mismatch == nil, "\(outcome.mismatch.map { "\($0)" } ?? "")")
        #expect(outcome.framesMatched == 4)
    }

    @Test("a frame that differs is reported with its number, its line and both screens")
    func mismatch() async throws {
        let changed = Self.session.replacingOccurrences(of: "0|  n=1 t=1", with: "0|  n=1 t=9")
        let replay = try SessionReplay(text: changed, path: "hand.tuisession")
        let outcome = await replay.run(Counter())
        let mismatch = try #require(outcome.mismatch)
        #expect(mismatch.frame == 3 && outcome.framesMatched == 2)
        #expect(mismatch.line == 10)
        #expect(mismatch.description.contains(">  1|  n=1 t=9   |  n=1 t=1   |"))
    }

    @Test("a clock that wakes a different number of timers than recorded is reported there")
    func clockMismatch() async throws {
        let changed = Self.session.replacingOccurrences(of: "@100.000 clock 1 1", with: "@100.000 clock 2 1")
        let replay = try SessionReplay(text: changed, path: "hand.tuisession")
        let outcome = await replay.run(Counter())
        let mismatch = try #require(outcome.mismatch)
        #expect(mismatch.frame == nil && mismatch.line == 9)
        #expect(mismatch.reason.contains("woke 1 timers and sleeps") && mismatch.reason.contains("the session woke 2"))
    }
}
