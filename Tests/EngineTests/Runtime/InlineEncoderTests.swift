import Testing
@testable import Engine

/// The writer in inline mode: nothing it emits may touch the rows above
/// the region (no clear screen, no home, no scroll, no absolute move above
/// the origin), and the cursor rests where it is asked to.
@Suite("Inline encoder")
struct InlineEncoderTests {
    /// Absolute rows (1-based) that CUP and VPA in `bytes` move to, and
    /// whether anything clears or scrolls the whole screen.
    func absoluteRows(_ bytes: [UInt8]) -> (rows: [Int], forbidden: [String]) {
        let s = String(decoding: bytes, as: UTF8.self)
        var rows: [Int] = []
        var forbidden: [String] = []
        let scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" else { i += 1; continue }
            var j = i + 2
            var params = ""
            while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { params.unicodeScalars.append(scalars[j]); j += 1 }
            guard j < scalars.count else { break }
            let final = scalars[j]
            let first = Int(params.split(separator: ";").first ?? "") ?? 1
            switch final {
            case "H": rows.append(params.isEmpty ? 1 : first)
            case "d": rows.append(first)
            // DECSTBM with no parameters (a forced redraw resets a scroll
            // region someone else left) scrolls and erases nothing; it homes
            // the cursor, and the redraw's next move is an absolute one into
            // the region (fullRedrawErasesFromTheOriginDownOnly).
            case "r" where params.isEmpty: break
            case "J" where params == "2", "S", "T", "r", "L", "M": forbidden.append("\(params)\(final)")
            default: break
            }
            i = j + 1
        }
        return (rows, forbidden)
    }

    @Test(arguments: [0, 7, 19])
    func framesStayInsideTheRegion(origin: Int) {
        var seed: UInt64 = 0x1234_5678 &+ UInt64(origin)
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        let canvas = CellBuffer(columns: 30, rows: 5)
        let encoder = FrameEncoder(for: canvas)
        encoder.inlineOrigin = origin
        encoder.restingCursor = (0, 0)
        encoder.invalidate()
        for frame in 0..<60 {
            if frame % 20 == 0 { encoder.invalidate() }
            for _ in 0..<next(12) {
                let text = String(repeating: ["a", "é", "字", " ", "x"][next(5)], count: 1 + next(8))
                canvas.write(text, x: next(30), y: next(5))
            }
            let bytes = Array(encoder.encode(canvas))
            let (rows, forbidden) = absoluteRows(bytes)
            #expect(forbidden.isEmpty, "frame \(frame) scrolls or clears the screen: \(forbidden)")
            #expect(rows.allSatisfy { $0 > origin && $0 <= origin + 5 }, "frame \(frame) moves outside: \(rows)")
        }
    }

    @Test func fullRedrawErasesFromTheOriginDownOnly() {
        let canvas = CellBuffer(columns: 10, rows: 2)
        let encoder = FrameEncoder(for: canvas)
        encoder.inlineOrigin = 4
        encoder.invalidate()
        canvas.write("hi", x: 0, y: 0)
        let s = String(decoding: Array(encoder.encode(canvas)), as: UTF8.self)
        // The modes reset (no cell moves), the pen, then CUP to the region and ED 0.
        #expect(s.hasPrefix("\u{1B}(B\u{0F}\u{1B}[4l\u{1B}[20l\u{1B}[?6l\u{1B}[?7h\u{1B}[r\u{1B}[m\u{1B}[5H\u{1B}[J"))
        #expect(!s.contains("\u{1B}[2J"))
    }

    @Test func theCursorRestsWhereAskedAndMovingItAloneWritesOnlyTheMove() {
        let canvas = CellBuffer(columns: 10, rows: 2)
        let encoder = FrameEncoder(for: canvas)
        encoder.inlineOrigin = 3
        encoder.restingCursor = (0, 0)
        canvas.write("abc", x: 0, y: 1)
        let s = String(decoding: Array(encoder.encode(canvas)), as: UTF8.self)
        // Back to the region's top-left, the cheapest way: CR and reverse index from row 1.
        #expect(s == "\nabc\r\u{1B}M")
        encoder.restingCursor = (2, 1)
        let move = String(decoding: Array(encoder.encode(canvas)), as: UTF8.self)
        #expect(!move.isEmpty && !move.contains("abc"))
        #expect(encoder.encode(canvas).count == 0)
    }
}
