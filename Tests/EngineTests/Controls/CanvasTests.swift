import Testing
@testable import Engine

/// A canvas with one dot, drawn where its parent says.
private struct MovingDot: View {
    var x: Int
    var y: Int
    var resolution = CanvasResolution.braille
    var body: some View {
        Canvas(resolution: resolution) { context, _ in context.point(x: x, y: y, with: .green) }
    }
}

@MainActor
@Suite("Canvas")
struct CanvasTests {
    private func render<V: View>(_ view: V, columns: Int, rows: Int) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        return host
    }

    @Test("a braille diagonal in a 4×2 canvas: two dots a cell, in Unicode's dot order")
    func brailleDiagonal() {
        let host = render(
            Canvas { context, size in
                #expect(size == Size(width: 8, height: 8))
                context.line(from: (0, 0), to: (7, 7))
            }, columns: 4, rows: 2)
        // Cell (0,0) holds dots (0,0) and (1,1): dots 1 and 5 → U+2811.
        // Cell (1,0) holds (2,2) and (3,3): dots 3 and 8 → U+2884.
        #expect(host.textRows == ["⠑⢄  ", "  ⠑⢄"])
    }

    @Test("a line drawn backwards sets the same dots as forwards")
    func lineIsSymmetric() {
        let forwards = render(Canvas { c, _ in c.line(from: (1, 2), to: (13, 6)) }, columns: 8, rows: 2)
        let backwards = render(Canvas { c, _ in c.line(from: (13, 6), to: (1, 2)) }, columns: 8, rows: 2)
        #expect(forwards.textRows == backwards.textRows)
        #expect(forwards.textRows != ["        ", "        "])
    }

    @Test("half blocks: each half keeps its own colour, the upper as foreground")
    func halfBlockFill() {
        let host = render(
            Canvas(resolution: .halfBlock) { context, size in
                #expect(size == Size(width: 3, height: 4))
                context.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: .red)
                context.fill(Rect(x: 0, y: 1, width: 3, height: 2), with: .blue)
                context.point(x: 0, y: 3, with: .blue)
            }, columns: 3, rows: 2)
        #expect(host.textRows == ["▀▀▀", "█▀▀"])
        #expect(host.styleRows == ["aaa", "bbb"])
        #expect(host.styleLegend == ["a fg=1 bg=4", "b fg=4"])
    }

    @Test("a lone lower half is ▄; whole cells are █")
    func lowerHalfAndCells() {
        let halves = render(Canvas(resolution: .halfBlock) { c, _ in c.point(x: 1, y: 1) }, columns: 2, rows: 1)
        #expect(halves.textRows == [" ▄"])
        let cells = render(
            Canvas(resolution: .cell) { c, size in
                #expect(size == Size(width: 3, height: 2))
                c.stroke(Rect(x: 0, y: 0, width: 3, height: 2))
            }, columns: 3, rows: 2)
        #expect(cells.textRows == ["███", "███"])
    }

    @Test("a cell shows in the colour of its last dot; .foregroundStyle colours default dots")
    func lastColourWins() {
        let host = render(
            Canvas { c, _ in
                c.point(x: 0, y: 0, with: .red)
                c.point(x: 1, y: 0, with: .blue)
                c.point(x: 2, y: 0)
            }
            .foregroundStyle(.yellow), columns: 2, rows: 1)
        #expect(host.textRows == ["⠉⠁"])
        #expect(host.styleRows == ["ab"])
        #expect(host.styleLegend == ["a fg=4", "b fg=3"])
    }

    @Test("rectangles: the outline's dots, and a fill's")
    func rectangles() {
        let host = render(
            Canvas { c, _ in
                c.stroke(Rect(x: 0, y: 0, width: 4, height: 4))
                c.fill(Rect(x: 4, y: 0, width: 2, height: 4))
            }, columns: 3, rows: 1)
        // Outline: cell 0 holds x = 0 whole (dots 1, 2, 3, 7) and x = 1 at
        // its top and bottom (dots 4, 8): U+28CF. Cell 1 holds x = 2 at top
        // and bottom (dots 1, 7) and x = 3 whole (4, 5, 6, 8): U+28F9. Cell 2 is full.
        #expect(host.textRows == ["⣏⣹⣿"])
    }

    @Test("a circle is symmetric and stays inside its bounding box")
    func circle() {
        var dots: [(Int, Int)] = []
        let host = render(
            Canvas { c, size in
                c.stroke(circleAt: 8, 8, radius: 6)
                for y in 0..<size.height { for x in 0..<size.width where c.isSet(x: x, y: y) { dots.append((x, y)) } }
            }, columns: 9, rows: 5)
        #expect(!dots.isEmpty)
        for (x, y) in dots {
            #expect(abs(x - 8) <= 6 && abs(y - 8) <= 6)
            #expect(dots.contains { $0 == (16 - x, y) } && dots.contains { $0 == (x, 16 - y) })
        }
        #expect(dots.contains { $0 == (14, 8) } && dots.contains { $0 == (8, 2) })
        #expect(host.textRows.joined().contains { $0 != " " })
    }

    @Test("text at cell positions is drawn over the dots, sanitised")
    func text() {
        let host = render(
            Canvas { c, _ in
                c.fill(Rect(x: 0, y: 0, width: 12, height: 4))
                c.draw("a\u{1B}[2J", column: 1, row: 0, with: .red)
                c.draw("far", column: 5, row: 0)
                c.draw("below", column: 0, row: 3)
            }, columns: 6, rows: 1)
        #expect(host.textRows[0].hasPrefix("⣿a"))
        #expect(host.textRows[0].hasSuffix("f"))
        #expect(!host.textRows[0].unicodeScalars.contains("\u{1B}"))
        #expect(host.textRows[0].count == 6)
        #expect(!host.lastBytes.contains(0x07))
        #expect(host.styleRows[0].prefix(2) == ".a")
    }

    @Test("dots, lines and shapes beyond the grid are clipped; absurd coordinates draw nothing or their visible part")
    func clipping() {
        let host = render(
            Canvas { c, _ in
                c.point(x: -1, y: 0)
                c.point(x: 4, y: 0)
                c.point(x: .max, y: .min)
                c.line(from: (-100, 1), to: (100, 1))
                c.line(from: (.min, .min), to: (.max, .max))
                c.fill(Rect(x: .min / 2, y: 3, width: .max, height: 1))
                c.stroke(circleAt: .max, .max, radius: .max)
                c.stroke(circleAt: 0, 0, radius: 1 << 20)
            }, columns: 2, rows: 1)
        // Row 1 of both cells set by the line; row 3 by the fill.
        #expect(host.textRows[0].unicodeScalars.allSatisfy { $0.value >= 0x2800 && $0.value <= 0x28FF })
        let masks = host.textRows[0].unicodeScalars.map { $0.value - 0x2800 }
        #expect(masks.allSatisfy { $0 & (0x02 | 0x10 | 0x40 | 0x80) == 0x02 | 0x10 | 0x40 | 0x80 })
    }

    @Test("a canvas takes the space offered: none for its ideal size, and a huge frame is capped")
    func sizes() {
        // (The root is centred; the odd column is left of it.)
        let ideal = render(HStack(spacing: 0) { Text("a"); Canvas { c, _ in c.point(x: 0, y: 0) }.fixedSize() }, columns: 4, rows: 1)
        #expect(ideal.textRows == [" a  "])
        let zero = render(Canvas { c, size in
            #expect(size == .zero)
            c.point(x: 0, y: 0)
        }.frame(width: 0, height: 0), columns: 3, rows: 1)
        #expect(zero.textRows == ["   "])
        // A frame of 5,000 cells square on a 4 × 2 screen is laid out as
        // the screen's size; a context is never more than 1,024 cells square.
        var seen = Size.zero
        let huge = render(Canvas { c, size in
            seen = size
            c.fill(Rect(x: 0, y: 0, width: size.width, height: size.height))
        }.frame(width: 5000, height: 5000), columns: 4, rows: 2)
        #expect(seen == Size(width: 8, height: 8))
        #expect(huge.textRows == ["⣿⣿⣿⣿", "⣿⣿⣿⣿"])
        let capped = GraphicsContext(resolution: .halfBlock, cells: Size(width: 5000, height: 3), theme: .standard)
        #expect(capped.size == Size(width: 1024, height: 6))
    }

    @Test("property: any set of dots drawn into a braille canvas reads back exactly, cell by cell")
    func dotsReadBack() {
        // Unicode's Braille dot numbers by (column, row) in a cell: dot n is bit n - 1.
        let dotNumber = [[1, 2, 3, 7], [4, 5, 6, 8]]
        var rng = SplitMix64(seed: 24)
        for _ in 0..<60 {
            let columns = Int.random(in: 1...9, using: &rng), rows = Int.random(in: 1...5, using: &rng)
            var dots: [(Int, Int)] = []
            for _ in 0..<Int.random(in: 0...(columns * rows * 4), using: &rng) {
                dots.append((Int.random(in: 0..<(2 * columns), using: &rng), Int.random(in: 0..<(4 * rows), using: &rng)))
            }
            let host = render(Canvas { c, _ in for (x, y) in dots { c.point(x: x, y: y) } }, columns: columns, rows: rows)
            var expected = Array(repeating: Array(repeating: 0, count: columns), count: rows)
            for (x, y) in dots { expected[y / 4][x / 2] |= 1 << (dotNumber[x % 2][y % 4] - 1) }
            let rowsRead = expected.map { row in
                String(row.map { $0 == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32($0))!) })
            }
            #expect(host.textRows == rowsRead, "\(columns)x\(rows) \(dots)")
        }
    }

    @Test("a moving point repaints only what changed, and every frame equals a fresh render")
    func movingPoint() {
        let host = FramePipeline(columns: 20, rows: 6)
        host.render(VStack(spacing: 0) { Text("title"); MovingDot(x: 0, y: 0) })
        var rng = SplitMix64(seed: 7)
        for frame in 0..<40 {
            let x = Int.random(in: 0..<40, using: &rng), y = Int.random(in: 0..<20, using: &rng)
            let view = VStack(spacing: 0) { Text("title"); MovingDot(x: x, y: y, resolution: frame % 13 == 12 ? .halfBlock : .braille) }
            host.render(view)
            let fresh = FramePipeline(columns: 20, rows: 6)
            fresh.render(view)
            #expect(host.textRows == fresh.textRows, "frame \(frame)")
            #expect(host.styleRows == fresh.styleRows, "frame \(frame)")
            #expect(host.encoder.screen.textRows == host.canvas.textRows)
            // Two cells changed at most: the old dot's and the new one's.
            #expect(host.lastBytes.count < 48, "frame \(frame): \(host.lastBytes.count) bytes")
        }
    }

    @Test("a drawing is compared with the last: only the spans of rows that changed are repainted")
    func changedSpans() {
        let b = CanvasBehavior()
        func spans(_ draw: @escaping (inout GraphicsContext) -> Void) -> [[Int]] {
            b.renderer = { context, _ in draw(&context) }
            b.draw(cells: Size(width: 10, height: 3))
            var found: [[Int]] = []
            b.forEachChangedRow { found.append([$0, $1, $2]) }
            return found
        }
        _ = spans { $0.point(x: 3, y: 5) }
        #expect(spans { $0.point(x: 3, y: 5) } == [])
        #expect(spans { $0.point(x: 11, y: 1); $0.point(x: 19, y: 1) } == [[0, 5, 10], [1, 1, 2]])
        #expect(spans { $0.point(x: 11, y: 1, with: .red); $0.point(x: 19, y: 1) } == [[0, 5, 6]])
        #expect(spans { $0.point(x: 11, y: 1, with: .red); $0.point(x: 19, y: 1); $0.draw("t", column: 0, row: 2) }
            == [[2, 0, 10]])
    }

    @Test("pyte: the bytes of a canvas whose dots move, in both resolutions, reproduce every screen",
          .needsEmulator(.pyte))
    func bytesReproduceScreens() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let host = FramePipeline(columns: 12, rows: 4, capabilities: .xterm)
        var chunks: [[UInt8]] = []
        var wants: [TerminalEmulator.Screen] = []
        var texts: Set<[String]> = []
        for frame in 0..<30 {
            host.render(
                Canvas(resolution: frame < 15 ? .braille : .halfBlock) { c, size in
                    c.line(from: (0, frame % size.height), to: (size.width - 1, (frame * 3) % size.height),
                           with: frame % 2 == 0 ? .red : .blue)
                    c.point(x: frame % size.width, y: 1, with: .green)
                    c.draw("f\(frame)", column: 0, row: 3)
                })
            chunks.append(host.lastBytes)
            wants.append(TerminalEmulator.expected(host.canvas, level: host.encoder.capabilities.colors))
            texts.insert(host.canvas.textRows)
        }
        let screens = try TerminalEmulator(backend: .pyte).screens(columns: 12, rows: 4, chunks: chunks)
        #expect(screens.count == wants.count)
        for (frame, (got, want)) in zip(screens, wants).enumerated() {
            if let diff = TerminalEmulator.difference(got, want) { Issue.record("frame \(frame): \(diff)") }
        }
        #expect(texts.count > 20)
    }

    @Test("an unchanged drawing writes nothing")
    func unchangedWritesNothing() {
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(MovingDot(x: 3, y: 3))
        host.render(MovingDot(x: 3, y: 3))
        #expect(host.lastBytes.isEmpty)
    }
}
