import Foundation
import Testing
@testable import Engine

/// The fast paths of a frame where much text changed: the word-at-a-time
/// printable-ASCII test, the writer's run of printed cells read as 64-bit
/// words, and the sampling that skips scroll detection when no row can
/// have moved. Each must give exactly what the general path gives.
@MainActor
@Suite("Fast paths for screens of changed text", .serialized)
struct WriterFastPathTests {
    /// The plain definition the word-at-a-time test must agree with.
    static func printable(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E } }

    @Test("printable ASCII, eight bytes at a time, agrees with the byte-by-byte definition")
    func printableASCIIProperty() {
        // Bytes at and around each boundary, and any byte.
        let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x1B, 0x1F, 0x20, 0x21, 0x41, 0x7D, 0x7E, 0x7F, 0x80, 0xC3, 0xE2, 0xFE, 0xFF]
        var random = SplitMix64(seed: 42)
        for trial in 0..<20_000 {
            let n = Int(random.next() % 40)
            var bytes = (0..<n).map { _ in UInt8(0x20 + random.next() % 0x5F) }
            // Most trials plant one or two odd bytes anywhere, so every lane
            // of a word and the tail are each tested.
            if trial % 4 != 0 && n > 0 {
                for _ in 0..<(1 + Int(random.next() % 2)) {
                    let odd = random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : edges[Int(random.next() % UInt64(edges.count))]
                    bytes[Int(random.next() % UInt64(n))] = odd
                }
            }
            // From every start offset within a word: unaligned loads.
            for offset in 0..<Swift.min(n + 1, 8) {
                let slice = Array(bytes[offset...])
                let fast = slice.withUnsafeBufferPointer { $0.isPrintableASCII }
                #expect(fast == Self.printable(slice), "\(slice)")
                let scan = slice.withUnsafeBufferPointer { PrintableASCII.scan($0) }
                #expect(scan.ascii == slice.allSatisfy { $0 < 0x80 }, "\(slice)")
                if scan.ascii { #expect(scan.printable == Self.printable(slice), "\(slice)") }
                if fast != Self.printable(slice) || (scan.ascii && scan.printable != Self.printable(slice)) { return }
            }
        }
    }

    @Test("a Text's content scan: its width when one line of narrow scalars, and whether it may hold wide graphemes")
    func textScan() {
        for (text, width, wide) in [("hello", 5, false), ("", 0, false), ("tab\there", -1, false), ("del\u{7F}", -1, false),
                                    ("0123456789abcdefXYZ", 19, false), ("0123456789abcdef\u{1B}[31m", -1, false),
                                    ("0123456789abcdefé", 17, false), ("漢字", -1, true), ("line\nbreak", -1, false),
                                    ("sent 3 · 12 characters", 22, false), ("e\u{301}", -1, true), ("©", -1, true),
                                    ("╭─╮ ⣿ … “q”", 11, false), ("a\u{AD}b", -1, true), ("🙂", -1, true), ("é\tx", -1, true)] {
            let b = TextBehavior()
            b.content = text
            #expect(b.narrowLineWidth == width, "\(text.debugDescription)")
            #expect(b.mayHaveWideGraphemes == wide, "\(text.debugDescription)")
        }
    }

    @Test("a cell is its content in the low 32 bits and its style in the high: the writer reads cells as words")
    func cellLayout() {
        #expect(MemoryLayout<Cell>.size == 8 && MemoryLayout<Cell>.stride == 8)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.content) == 0)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.style) == 4)
        var cell = Cell(scalar: 0x41, width: 1, style: 0xABCD)
        let word = withUnsafeBytes(of: &cell) { $0.loadUnaligned(as: UInt64.self) }
        #expect(word == cell.bits)
    }

    /// A screen of random printable text, a new pen per row.
    static func fill(_ canvas: CellBuffer, seed: UInt64, styles: [StyleID]) {
        var random = SplitMix64(seed: seed)
        for y in 0..<canvas.rows {
            let line = String(decoding: (0..<canvas.columns).map { _ in UInt8(0x21 + random.next() % 0x5E) }, as: UTF8.self)
            canvas.write(line, x: 0, y: y, style: styles[Int(random.next() % UInt64(styles.count))])
        }
    }

    @Test("every row rewritten in place: no row is hashed whole")
    func churnSkipsScrollHashing() {
        _ = Self.churn()
    }

    @Test("pyte: every row rewritten in place, each frame as the emulator shows it", .needsEmulator(.pyte))
    func churnInEmulator() throws {
        let (chunks, expected) = Self.churn()
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try TerminalEmulator.expectFrames(chunks, show: expected, columns: 120, rows: 30, in: .pyte)
    }

    /// Six frames of changed text in every row: their bytes and screens,
    /// the writer's statistics checked on the way.
    static func churn() -> (chunks: [[UInt8]], expected: [TerminalEmulator.Screen]) {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 120, rows: 30, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas, capabilities: TerminalCapabilities(colors: .palette256, repeatCharacter: true))
        let pens = (0..<6).map { styles.id(for: Style(foreground: .palette(UInt8(16 + $0 * 30)))) }
        var chunks: [[UInt8]] = [], expected: [TerminalEmulator.Screen] = []
        for frame in 0..<6 {
            canvas.clear()
            Self.fill(canvas, seed: UInt64(frame), styles: pens)
            chunks.append(Array(encoder.encode(canvas)))
            expected.append(TerminalEmulator.expected(canvas, level: .palette256))
            if frame > 0 {
                #expect(encoder.statistics.rowsHashed == 0)
                #expect(encoder.statistics.rowsScrolled == 0)
            }
            #expect(encoder.screen.textRows == canvas.textRows)
        }
        return (chunks, expected)
    }

    @Test("a line's blank tail in a foreground colour is erased (EL), not printed")
    func colouredBlankTailIsErased() {
        _ = Self.colouredBlankTail()
    }

    @Test("a line's blank tail erased in a foreground colour looks the same in the emulators", .needsEmulator(.tmux, .pyte))
    func colouredBlankTailInEmulators() throws {
        let (chunks, expected) = Self.colouredBlankTail()
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try TerminalEmulator.expectFrames(chunks, show: expected, columns: 40, rows: 3, in: .pyte)
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        try TerminalEmulator.expectFrames(chunks, show: expected, columns: 40, rows: 3, in: .tmux)
    }

    /// Two frames of an editor's colour scheme, their bytes checked for EL.
    static func colouredBlankTail() -> (chunks: [[UInt8]], expected: [TerminalEmulator.Screen]) {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 40, rows: 3, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas, capabilities: TerminalCapabilities(colors: .truecolor))
        // An editor's colour scheme: every cell, blanks included, in its fg and bg.
        let normal = styles.id(for: Style(foreground: .rgb(188, 188, 188), background: .rgb(28, 28, 28)))
        let underlined = styles.id(for: Style(foreground: .rgb(200, 0, 0), background: .rgb(28, 28, 28),
                                              attributes: .underline))
        var chunks: [[UInt8]] = [], expected: [TerminalEmulator.Screen] = []
        for (frame, word) in ["int main(void)", "return 0;"].enumerated() {
            canvas.fill(canvas.bounds, with: Cell(scalar: 0x20, width: 1, style: normal))
            canvas.write(word, x: 0, y: 0, style: normal)
            // An underlined blank run shows its colour: never erased.
            canvas.fill(Rect(x: 30, y: 1, width: 10, height: 1), with: Cell(scalar: 0x20, width: 1, style: underlined))
            let out = encoder.encode(canvas)
            chunks.append(Array(out))
            expected.append(TerminalEmulator.expected(canvas, level: .truecolor))
            if frame == 1 {
                let text = escaped(out)
                #expect(text.contains("\\e[K"), "\(text)")
                #expect(!text.contains("      "), "blanks printed: \(text)")
            }
        }
        return (chunks, expected)
    }

    @Test("narrow screens skip the sampling: every row rewritten is hashed, as before")
    func narrowScreensHashWhole() {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: FrameWriter.minColumnsForSampling - 1, rows: 10, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        let pens = [styles.id(for: Style(foreground: .palette(33)))]
        Self.fill(canvas, seed: 1, styles: pens)
        encoder.encode(canvas)
        canvas.clear()
        Self.fill(canvas, seed: 2, styles: pens)
        encoder.encode(canvas)
        #expect(encoder.statistics.rowsHashed == 10)
        #expect(encoder.screen.textRows == canvas.textRows)
    }

    @Test("the row hash table: a hash found at one row, at several (-1), or at none; reset empties it and it grows")
    func rowHashTable() {
        var table = RowHashTable()
        var random = SplitMix64(seed: 9)
        for round in 0..<3 {
            // 5, 40 and 300 rows: the last two outgrow the table.
            let n = [5, 40, 300][round]
            table.reset(for: n)
            let hashes = (0..<n).map { _ in random.next() & ~1 }
            for (y, h) in hashes.enumerated() { table.insert(h, row: y) }
            table.insert(hashes[0], row: n)  // a second row with the first hash
            #expect(table.row(of: hashes[0]) == -1)
            for y in 1..<n { #expect(table.row(of: hashes[y]) == y) }
            // A hash never inserted (and its neighbour by the low bit is
            // the same key, by design).
            #expect(table.row(of: random.next()) == nil)
            #expect(table.row(of: hashes[1] | 1) == 1)
        }
        table.reset(for: 3)
        #expect(table.row(of: 12345) == nil)
    }

    @Test("rows that moved are still found: the page scrolls, and rows that only share a prefix do not fool it")
    func movedRowsStillScroll() {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 100, rows: 20, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        // Log lines with a long shared prefix (a timestamp), unique further on.
        func line(_ i: Int) -> String { "2026-11-24 06:48:12.000 INFO worker[\(i % 3)] request \(i * 7919) took \(i % 97) ms" }
        for y in 0..<20 { canvas.write(line(y), x: 0, y: y) }
        encoder.encode(canvas)
        canvas.clear()
        for y in 0..<20 { canvas.write(line(y + 3), x: 0, y: y) }
        encoder.encode(canvas)
        #expect(encoder.statistics.rowsHashed == 20)
        #expect(encoder.statistics.rowsScrolled == 17)
        #expect(encoder.screen.textRows == canvas.textRows)
    }
}

/// The model's row hashes kept from one frame to the next: a screen that
/// scrolls every frame hashes the model once, and the kept hashes never
/// change what is written.
@MainActor
@Suite("Model row hashes kept across frames", .serialized)
struct WriterKeptHashTests {
    static func line(_ i: Int) -> String { "2026-11-28 10:\(i % 60):00 INFO job[\(i % 7)] step \(i * 7919) done in \(i % 97) ms" }

    @Test("a log that scrolls a line a frame hashes the model's rows only on its first scroll")
    func scrollingLogHashesModelOnce() {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 130, rows: 30, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        var hashed: [Int] = [], scrolled: [Int] = []
        for frame in 0..<6 {
            canvas.clear()
            for y in 0..<30 { canvas.write(Self.line(frame + y), x: 0, y: y) }
            encoder.encode(canvas)
            #expect(encoder.screen.textRows == canvas.textRows)
            hashed.append(encoder.statistics.modelRowsHashed)
            scrolled.append(encoder.statistics.rowsScrolled)
        }
        // Frame 0 draws on a blank screen (nothing to scroll); frame 1
        // hashes every model row; later frames keep the hashes of frame 1's
        // canvas rows, which the terminal now shows.
        #expect(hashed == [0, 30, 0, 0, 0, 0])
        #expect(scrolled == [0, 29, 29, 29, 29, 29])
        // Cells forgotten (something else drew there): every kept hash goes.
        encoder.forget(Rect(x: 0, y: 5, width: 10, height: 2), in: canvas)
        canvas.clear()
        for y in 0..<30 { canvas.write(Self.line(6 + y), x: 0, y: y) }
        encoder.encode(canvas)
        #expect(encoder.statistics.modelRowsHashed == 30)
        #expect(encoder.screen.textRows == canvas.textRows)
    }

    /// Random frames: scrolls up and down by a few rows with new lines,
    /// edits in place, cells forgotten, styles, wide glyphs. `frames`
    /// applies each to the canvas and encodes.
    static func randomFrames(seed: UInt64, encode: (CellBuffer, FrameEncoder) -> Void) -> [[UInt8]] {
        let styles = StyleTable(), graphemes = GraphemeTable()
        let canvas = CellBuffer(columns: 124, rows: 24, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        let pens = [StyleID(0), styles.id(for: Style(foreground: .palette(2))), styles.id(for: Style(attributes: .bold))]
        var random = SplitMix64(seed: seed)
        var first = 0
        var edits: [Int: String] = [:]
        var out: [[UInt8]] = []
        for _ in 0..<60 {
            switch random.next() % 6 {
            case 0, 1: first += 1 + Int(random.next() % 3)
            case 2: first = Swift.max(0, first - 1 - Int(random.next() % 3))
            case 3: edits[Int(random.next() % 24)] = "edited 世界 \(random.next() % 1000)"
            case 4: encoder.forget(Rect(x: Int(random.next() % 100), y: Int(random.next() % 24), width: 20, height: 3), in: canvas)
            default: break
            }
            canvas.clear()
            for y in 0..<24 {
                canvas.write(WriterKeptHashTests.line(first + y), x: 0, y: y, style: pens[(first + y) % pens.count])
                if let e = edits[y] { canvas.write(e, x: 60, y: y) }
            }
            encode(canvas, encoder)
            #expect(encoder.screen.textRows == canvas.textRows)
            out.append(Array(encoder.lastOutput))
        }
        return out
    }

    @Test("kept hashes write exactly the bytes of hashing every row every frame", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func keptHashesChangeNoByte(seed: UInt64) {
        let kept = Self.randomFrames(seed: seed) { canvas, encoder in encoder.encode(canvas) }
        let fresh = Self.randomFrames(seed: seed) { canvas, encoder in
            encoder.writer.forgetModelRowHashes()
            encoder.encode(canvas)
        }
        #expect(kept.count == fresh.count)
        for (i, (a, b)) in zip(kept, fresh).enumerated() where a != b {
            Issue.record("frame \(i): kept \(escaped(a)) fresh \(escaped(b))")
            return
        }
    }
}

@Suite("The writer's cell counts")
struct WriterCellCountTests {
    @Test("cells differing between two rows are counted exactly, at every length and alignment")
    func cellsDifferingMatchesACount() {
        var rng = SplitMix64(seed: 0xD1FF)
        let pool = [Cell.blank(), Cell(scalar: 0x41, width: 1, style: 0), Cell(scalar: 0x41, width: 1, style: 2),
                    Cell(scalar: 0x6F22, width: 2, style: 0), Cell(scalar: 0x42, width: 1, style: 0)]
        for _ in 0..<600 {
            let count = Int.random(in: 0...70, using: &rng)
            let offset = Int.random(in: 0...3, using: &rng)
            let a = (0..<(count + offset)).map { _ in pool.randomElement(using: &rng)! }
            var b = a
            for i in b.indices where Int.random(in: 0..<3, using: &rng) == 0 { b[i] = pool.randomElement(using: &rng)! }
            let expected = (offset..<(offset + count)).filter { a[$0] != b[$0] }.count
            let counted = a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    FrameWriter.cellsDiffering(pa.baseAddress! + offset, pb.baseAddress! + offset, count: count)
                }
            }
            #expect(counted == expected, "\(count) cells from \(offset)")
        }
    }
}
