import Testing

@testable import Engine

/// The sixel strings in `bytes` (`\eP…\e\`), escaped.
func sixelStrings(_ bytes: [UInt8]) -> [String] {
    escaped(bytes).components(separatedBy: "\\eP").dropFirst().map { $0.components(separatedBy: "\\e\\")[0] }
}

@Suite("Sixel encoder")
struct SixelEncoderTests {
    static func encoded(_ image: PixelImage, registers: Int = 256) -> String {
        var out = ByteBuffer()
        SixelGraphics.encode(image, registers: registers, into: &out)
        return escaped(out.array)
    }

    /// 2 × 6: a red column, and a blue one whose lower half is transparent.
    /// One band; red (register 0, first seen) fills column 0 (`~`, all six
    /// bits), blue the top three bits of column 1 (`F`) after an empty
    /// column (`?`); trailing empty columns are left out.
    @Test func aTwoBySixImageExactly() {
        let image = testImage(2, 6) { x, y in
            x == 0 ? [255, 0, 0, 255] : y < 3 ? [0, 0, 255, 255] : [0, 0, 0, 0]
        }
        #expect(Self.encoded(image) == "\\eP0;1;0q\"1;1;2;6#0;2;100;0;0#1;2;0;0;100#0~$#1?F\\e\\")
    }

    /// Four or more equal sixels are `!n` and the sixel; three are written out.
    @Test func runsAreLengthEncoded() {
        let green = testImage(10, 6) { _, _ in [0, 255, 0, 255] }
        #expect(Self.encoded(green) == "\\eP0;1;0q\"1;1;10;6#0;2;0;100;0#0!10~\\e\\")
        let three = testImage(3, 6) { _, _ in [0, 255, 0, 255] }
        #expect(Self.encoded(three).hasSuffix("#0~~~\\e\\"))
        // A row of one bit: `@` (bit 0) repeated.
        let line = testImage(5, 1) { _, _ in [255, 255, 255, 255] }
        #expect(Self.encoded(line) == "\\eP0;1;0q\"1;1;5;1#0;2;100;100;100#0!5@\\e\\")
    }

    /// Transparent pixels draw nothing: no register, no sixel bit (with
    /// `P2 = 1` the cells under them stay as they were).
    @Test func transparentPixelsAreNotDrawn() {
        let clear = testImage(3, 6) { _, _ in [9, 9, 9, 0] }
        #expect(Self.encoded(clear) == "\\eP0;1;0q\"1;1;3;6\\e\\")
        // A hole in the middle: bit 2 missing from the one column.
        let holed = testImage(1, 6) { _, y in y == 2 ? [0, 0, 0, 0] : [255, 0, 0, 255] }
        #expect(Self.encoded(holed).hasSuffix("#0;2;100;0;0#0z\\e\\"))  // 0b111011 + 63
    }

    /// Twelve rows are two bands, `-` between them; each band lists only
    /// its own colours.
    @Test func bandsAreSeparated() {
        let image = testImage(1, 12) { _, y in y < 6 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        #expect(Self.encoded(image) == "\\eP0;1;0q\"1;1;1;12#0;2;100;0;0#1;2;0;0;100#0~-#1~\\e\\")
    }

    /// Channels become percent, rounded.
    @Test func registersArePercent() {
        #expect(SixelGraphics.percent(0) == 0)
        #expect(SixelGraphics.percent(255) == 100)
        #expect(SixelGraphics.percent(128) == 50)
        #expect(SixelGraphics.percent(1) == 0)
        #expect(SixelGraphics.percent(3) == 1)
    }
}

@Suite("Colour quantiser")
struct ColorQuantizerTests {
    /// A noisy gradient of many colours (seeded, so the test is the same each run).
    static func photo(_ width: Int, _ height: Int) -> PixelImage {
        var random = SplitMix64(seed: 7)
        return testImage(width, height) { x, y in
            let noise = Int(random.next() % 24)
            return [UInt8((x * 255 / width + noise) % 256), UInt8((y * 255 / height + noise) % 256),
                    UInt8((x + y) * 4 % 256), y == 0 && x < 4 ? 0 : 255]
        }
    }

    @Test(arguments: [1, 2, 16, 64, 256])
    func neverMoreColoursThanRegisters(_ limit: Int) {
        let image = Self.photo(48, 40)
        let indexed = IndexedImage(image, colors: limit)
        #expect(indexed.palette.count <= limit)
        #expect(indexed.palette.count >= 1)
        #expect(Set(indexed.palette).count == indexed.palette.count || limit < 4)
        for (i, index) in indexed.indices.enumerated() {
            let opaque = image.rgba[i * 4 + 3] >= 128
            if opaque { #expect(Int(index) < indexed.palette.count) } else { #expect(index == IndexedImage.transparent) }
        }
    }

    /// At most as many distinct colours as registers: each kept exactly, no dithering.
    @Test func exactColoursAreKept() {
        let colors: [[UInt8]] = [[1, 2, 3], [250, 10, 10], [10, 250, 10], [10, 10, 250], [128, 128, 128]]
        let image = testImage(10, 7) { x, y in colors[(x * 3 + y) % 5] + [255] }
        let indexed = IndexedImage(image, colors: 5)
        #expect(Set(indexed.palette.map { [$0.red, $0.green, $0.blue] }) == Set(colors))
        for i in 0..<(10 * 7) {
            let c = indexed.palette[Int(indexed.indices[i])]
            #expect([c.red, c.green, c.blue] == Array(image.rgba[(i * 4)..<(i * 4 + 3)]))
        }
    }

    /// Median cut puts its colours where the pixels are: two clusters of
    /// noisy colours and two registers give one colour near each cluster.
    @Test func medianCutFindsClusters() {
        var random = SplitMix64(seed: 3)
        let image = testImage(20, 20) { x, _ in
            let n = UInt8(random.next() % 16)
            return x < 10 ? [200 + n, 20 + n, 20, 255] : [20, 40 + n, 200 + n, 255]
        }
        let palette = IndexedImage(image, colors: 2).palette.sorted { $0.red > $1.red }
        #expect(palette.count == 2)
        #expect(abs(Int(palette[0].red) - 207) <= 8 && abs(Int(palette[0].blue) - 20) <= 8)
        #expect(abs(Int(palette[1].blue) - 207) <= 8 && abs(Int(palette[1].red) - 20) <= 8)
    }

    /// Error diffusion keeps the average: a flat grey between two palette
    /// colours comes out as a mix whose mean is the grey.
    @Test func ditheringKeepsTheMeanColour() {
        // Black and white, and 200 pixels of mid grey: three colours into two registers.
        let image = testImage(20, 12) { x, y in
            y == 0 ? (x < 10 ? [0, 0, 0, 255] : [255, 255, 255, 255]) : [128, 128, 128, 255]
        }
        let indexed = IndexedImage(image, colors: 2)
        #expect(indexed.palette.count == 2)
        var sum = 0
        for i in 20..<240 { sum += Int(indexed.palette[Int(indexed.indices[i])].red) }
        let mean = sum / 220
        #expect(abs(mean - 128) <= 16, "mean \(mean)")
    }
}

/// What a sixel terminal shows, cell by cell: which cells carry pixels,
/// after feeding it the writer's bytes. Writing or erasing a cell wipes
/// its pixels (xterm, foot); a sixel string paints the cells it covers
/// from the cursor. Knows the sequences the writer sends.
struct SixelScreenModel {
    let columns: Int, rows: Int, cellWidth: Int, cellHeight: Int
    var pixels: [[Bool]]
    var x = 0, y = 0
    /// A sixel string reached the screen's last row, or past its edge.
    var overflowed = false
    var sixelsDrawn = 0

    init(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
        (self.columns, self.rows, self.cellWidth, self.cellHeight) = (columns, rows, cellWidth, cellHeight)
        pixels = Array(repeating: Array(repeating: false, count: columns), count: rows)
    }

    mutating func wipe(_ row: Int, _ from: Int, _ to: Int) {
        let lo = max(0, from), hi = min(columns, to)
        guard row >= 0 && row < rows && lo < hi else { return }
        for c in lo..<hi { pixels[row][c] = false }
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        func number(_ s: String, _ k: Int, _ d: Int) -> Int {
            let parts = s.split(separator: ";", omittingEmptySubsequences: false)
            return k < parts.count ? Int(parts[k]) ?? d : d
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B && i + 1 < bytes.count && bytes[i + 1] == 0x5B {
                var j = i + 2
                while j < bytes.count && !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                let n = number(params, 0, 1)
                switch bytes[j] {
                case 0x48: (y, x) = (number(params, 0, 1) - 1, number(params, 1, 1) - 1)  // CUP
                case 0x43: x += n  // CUF
                case 0x44: x -= n  // CUB
                case 0x41: y -= n  // CUU
                case 0x42: y += n  // CUD
                case 0x47: x = n - 1  // CHA
                case 0x64: y = n - 1  // VPA
                case 0x4B: wipe(y, x, columns)  // EL
                case 0x58: wipe(y, x, x + n)  // ECH
                case 0x4A:  // ED
                    for r in 0..<rows { wipe(r, 0, columns) }
                case 0x62:  // REP
                    wipe(y, x, x + n)
                    x += n
                default: break  // SGR, modes
                }
                i = j + 1
            } else if b == 0x1B && i + 1 < bytes.count && bytes[i + 1] == 0x50 {
                var j = i + 2
                while j + 1 < bytes.count && !(bytes[j] == 0x1B && bytes[j + 1] == 0x5C) { j += 1 }
                let body = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                let raster = body.components(separatedBy: "\"")[1].prefix { $0 != "#" }
                let w = number(String(raster), 2, 0), h = number(String(raster), 3, 0)
                let cellColumns = (w + cellWidth - 1) / cellWidth, cellRows = (h + cellHeight - 1) / cellHeight
                if y + cellRows > rows - 1 || x + cellColumns > columns { overflowed = true }
                for r in y..<min(rows, y + cellRows) {
                    for c in x..<min(columns, x + cellColumns) { pixels[r][c] = true }
                }
                sixelsDrawn += 1
                i = j + 2
            } else if b == 0x1B {
                i += 2
            } else if b == 0x0D {
                x = 0
                i += 1
            } else if b == 0x0A {
                y += 1
                i += 1
            } else if b == 0x08 {
                x -= 1
                i += 1
            } else if b < 0x20 {
                i += 1
            } else {
                // A printed character (the tests print narrow ones): wipes its cell.
                wipe(y, x, x + 1)
                x += 1
                i += 1
                while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
        }
    }
}

@MainActor
@Suite("Sixel frames")
struct SixelFrameTests {
    /// Sixel in 2 × 6 pixel cells (a cell row is one band).
    static let sixel = TerminalCapabilities(
        graphics: TerminalGraphics(method: .sixel, cellPixelWidth: 2, cellPixelHeight: 6, colorRegisters: 16))
    static let image = testImage(8, 12) { x, y in [UInt8(x * 30), UInt8(y * 20), 90, 255] }

    /// Every cell with pixels is one an image marks, and every cell an
    /// image marks (above the last row) has pixels.
    static func expectNoStalePixels(_ model: SixelScreenModel, _ host: FramePipeline,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        var marked = Array(repeating: Array(repeating: false, count: model.columns), count: model.rows)
        for placement in host.graphics.placements.values {
            let area = placement.frame.intersection(host.canvas.bounds)
            guard !area.isEmpty else { continue }
            for y in area.y..<min(area.maxY, model.rows - 1) {
                for x in area.x..<area.maxX where host.canvas[x, y] == .blank(placement.marker) { marked[y][x] = true }
            }
        }
        #expect(model.pixels == marked, sourceLocation: sourceLocation)
        #expect(!model.overflowed, sourceLocation: sourceLocation)
    }

    @Test func anImageIsDrawnOnceOverBlankCells() {
        let host = FramePipeline(columns: 6, rows: 5, capabilities: Self.sixel)
        var model = SixelScreenModel(columns: 6, rows: 5, cellWidth: 2, cellHeight: 6)
        func view(_ text: String) -> some View {
            VStack(alignment: .leading, spacing: 0) { Text(text); Image(decorative: Self.image) }
        }
        host.render(view("hi"))
        model.feed(host.lastBytes)
        // 8 × 12 pixels in 2 × 6 cells: 4 × 2 cells under the text (centred: column 1, row 1).
        #expect(host.textRows == ["      ", " hi   ", "      ", "      ", "      "])
        let strings = sixelStrings(host.lastBytes)
        #expect(strings.count == 1)
        #expect(strings.first?.hasPrefix("0;1;0q\"1;1;8;12#") == true)
        #expect(escaped(host.lastBytes).contains("\\e[3;2H\\eP0;1;0q"))
        Self.expectNoStalePixels(model, host)
        // Unchanged: the next frame writes nothing at all.
        host.render(view("hi"))
        #expect(host.lastBytes.isEmpty)
        // Text changing elsewhere writes the text and no image.
        host.render(view("ho"))
        #expect(!host.lastBytes.isEmpty)
        #expect(sixelStrings(host.lastBytes).isEmpty)
        model.feed(host.lastBytes)
        Self.expectNoStalePixels(model, host)
    }

    /// The image moves: the cells it left are written (wiping its pixels),
    /// and it is drawn at its new place over cells written blank first.
    @Test func aMovedImageLeavesNoStalePixels() {
        let host = FramePipeline(columns: 8, rows: 5, capabilities: Self.sixel)
        var model = SixelScreenModel(columns: 8, rows: 5, cellWidth: 2, cellHeight: 6)
        func view(_ left: Int, _ top: Int) -> some View {
            VStack(alignment: .leading, spacing: 0) {
                Image(decorative: Self.image).padding(.leading, left).padding(.top, top)
                Spacer()
            }.frame(maxWidth: .infinity, alignment: .leading)
        }
        for (left, top) in [(0, 0), (2, 0), (3, 1), (0, 2), (1, 0)] {
            host.render(view(left, top))
            model.feed(host.lastBytes)
            #expect(sixelStrings(host.lastBytes).count == 1, "at \(left), \(top)")
            Self.expectNoStalePixels(model, host)
        }
        // Gone: its cells are written, no image drawn.
        host.render(VStack { Text("x") })
        model.feed(host.lastBytes)
        #expect(sixelStrings(host.lastBytes).isEmpty)
        Self.expectNoStalePixels(model, host)
        #expect(model.pixels.allSatisfy { !$0.contains(true) })
    }

    /// Partly scrolled out of a scroll view: only the visible rows are
    /// encoded (the crop's height), drawn from the first visible cell.
    @Test func aClippedImageIsCroppedToItsVisibleCells() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: Self.sixel)
        var model = SixelScreenModel(columns: 6, rows: 4, cellWidth: 2, cellHeight: 6)
        func view(_ offset: Int) -> some View {
            ScrollView(offset: offset) {
                VStack(alignment: .leading, spacing: 0) {
                    Text("top")
                    Image(decorative: testImage(8, 18) { x, y in [UInt8(x * 30), UInt8(y * 10), 90, 255] })
                    Text("a")
                    Text("b")
                    Text("c")
                }
            }
        }
        host.render(view(0))
        model.feed(host.lastBytes)
        // Rows 1–2 of the screen (row 3 is the last: never drawn): 2 of the image's 3 cell rows.
        #expect(sixelStrings(host.lastBytes).map { $0.prefix(18) } == ["0;1;0q\"1;1;8;12#0;"])
        Self.expectNoStalePixels(model, host)
        host.render(view(2))
        model.feed(host.lastBytes)
        // The image's last two cell rows at screen rows 0–1: its bottom 12 pixel rows.
        #expect(sixelStrings(host.lastBytes).map { $0.prefix(18) } == ["0;1;0q\"1;1;8;12#0;"])
        #expect(escaped(host.lastBytes).contains("\\e[1;1H\\eP"))
        Self.expectNoStalePixels(model, host)
        host.render(view(3))
        model.feed(host.lastBytes)
        // Its last cell row at screen row 0: the bottom 6 pixel rows.
        #expect(sixelStrings(host.lastBytes).map { $0.prefix(17) } == ["0;1;0q\"1;1;8;6#0;"])
        Self.expectNoStalePixels(model, host)
        host.render(view(4))
        model.feed(host.lastBytes)
        #expect(sixelStrings(host.lastBytes).isEmpty)
        Self.expectNoStalePixels(model, host)
    }

    /// Text drawn over part of the image wipes only those cells; when it
    /// goes the image is drawn again, with the covered cells' pixels
    /// transparent while something is over them.
    @Test func coveredCellsAreRepaintedWhenUncovered() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: Self.sixel)
        var model = SixelScreenModel(columns: 6, rows: 4, cellWidth: 2, cellHeight: 6)
        func view(_ sheet: Bool) -> some View {
            ZStack(alignment: .topLeading) {
                Image(decorative: Self.image)
                if sheet { Text("ab").padding(.leading, 1) }
            }
        }
        host.render(view(false))
        model.feed(host.lastBytes)
        Self.expectNoStalePixels(model, host)
        host.render(view(true))
        model.feed(host.lastBytes)
        // Covering needs no image: the text's writes wipe the pixels under it.
        #expect(sixelStrings(host.lastBytes).isEmpty)
        Self.expectNoStalePixels(model, host)
        host.render(view(false))
        model.feed(host.lastBytes)
        #expect(sixelStrings(host.lastBytes).count == 1)
        Self.expectNoStalePixels(model, host)
    }

    /// Rows that move while an image is on the screen are written in
    /// place, never scrolled (the pixels would not move with them
    /// everywhere): a log scrolling past an image leaves its pixels whole.
    @Test func rowsAreNotScrolledUnderAnImage() {
        let host = FramePipeline(columns: 8, rows: 7, capabilities: Self.sixel)
        var model = SixelScreenModel(columns: 8, rows: 7, cellWidth: 2, cellHeight: 6)
        func view(_ first: Int) -> some View {
            VStack(alignment: .leading, spacing: 0) {
                Image(decorative: Self.image)
                ForEach(first..<(first + 4), id: \.self) { Text("line \($0)") }
            }.frame(maxWidth: .infinity, alignment: .leading)
        }
        for first in 0..<5 {
            host.render(view(first))
            model.feed(host.lastBytes)
            let text = escaped(host.lastBytes)
            #expect(!text.contains("\\e[S") && !text.contains("\\e[T") && !text.contains("r\\e"), "\(text)")
            Self.expectNoStalePixels(model, host)
        }
        host.encoder.capabilities.graphics.method = .kitty
        host.render(view(9))
        let keepsCellsInPlace = host.encoder.writer.keepsCellsInPlace
        #expect(!keepsCellsInPlace)
    }

    /// An image in the screen's last row is not drawn there: a terminal
    /// would move the cursor below it and scroll.
    @Test func theLastRowIsNeverDrawn() {
        let host = FramePipeline(columns: 4, rows: 2, capabilities: Self.sixel)
        var model = SixelScreenModel(columns: 4, rows: 2, cellWidth: 2, cellHeight: 6)
        host.render(Image(decorative: Self.image))
        model.feed(host.lastBytes)
        #expect(sixelStrings(host.lastBytes).map { $0.prefix(17) } == ["0;1;0q\"1;1;8;6#0;"])
        Self.expectNoStalePixels(model, host)
    }

    /// The encoded bytes are kept: a forced redraw sends the same image
    /// again without encoding it anew, and a new register count encodes anew.
    @Test func aFullRedrawDrawsAgain() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: Self.sixel)
        host.render(Image(decorative: Self.image))
        let first = sixelStrings(host.lastBytes)
        host.encoder.invalidate()
        host.render(Image(decorative: Self.image))
        #expect(sixelStrings(host.lastBytes) == first)
        #expect(first.count == 1)
    }

    /// A switch of method (the terminal answered a query) redraws the
    /// screen and the image the new way.
    @Test func switchingFromHalfBlocksToSixel() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: TerminalCapabilities(
            graphics: TerminalGraphics(method: .halfBlocks, cellPixelWidth: 2, cellPixelHeight: 6)))
        host.render(Image(decorative: Self.image))
        #expect(host.textRows.joined().contains("▀"))
        host.setTerminalGraphics(Self.sixel.graphics)
        host.render(Image(decorative: Self.image))
        #expect(!host.textRows.joined().contains("▀"))
        #expect(sixelStrings(host.lastBytes).count == 1)
        #expect(escaped(host.lastBytes).contains("\\e[2J"))
    }

    /// With synchronized output, the sixel string goes inside the frame's
    /// block, after the cells it covers: BSU, cells, sixel, ESU, so the
    /// terminal never shows the blanked cells without their pixels. An
    /// image redrawn alone (its cells unchanged) gets a block of its own.
    @Test func sixelIsInsideTheSynchronizedBlock() throws {
        var caps = Self.sixel
        caps.synchronizedOutput = true
        let host = FramePipeline(columns: 6, rows: 5, capabilities: caps)
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        let text = escaped(host.lastBytes)
        #expect(text.hasPrefix("\\e[?2026h"))
        #expect(text.hasSuffix("\\e[?2026l"))
        let begin = try #require(text.range(of: "\\e[?2026h"))
        let cells = try #require(text.range(of: "hi"))
        let sixel = try #require(text.range(of: "\\eP0;1;0q"))
        let end = try #require(text.range(of: "\\e[?2026l"))
        #expect(begin.upperBound <= cells.lowerBound && cells.upperBound <= sixel.lowerBound)
        #expect(sixel.upperBound <= end.lowerBound)
        #expect(text.components(separatedBy: "\\e[?2026").count == 3)  // one block: one h, one l
        // Unchanged: nothing at all, not an empty block.
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        #expect(host.lastBytes.isEmpty)
        // A forced redraw: one block holding the clear, the cells and the image.
        host.encoder.invalidate()
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        let again = escaped(host.lastBytes)
        #expect(again.hasPrefix("\\e[?2026h") && again.hasSuffix("\\e[?2026l"))
        #expect(again.components(separatedBy: "\\e[?2026").count == 3)
        #expect(sixelStrings(host.lastBytes).count == 1)
    }

    /// Inside tmux with passthrough: the sixel string is wrapped in
    /// `ESC P tmux ; … ESC \` with its ESCs doubled; the cursor move
    /// before it is not (tmux reads it and moves the outer cursor).
    @Test func sixelThroughTmuxPassthrough() throws {
        var caps = Self.sixel
        caps.graphics.tmuxPassthrough = true
        caps.synchronizedOutput = true
        let host = FramePipeline(columns: 6, rows: 5, capabilities: caps)
        host.render(Image(decorative: Self.image))
        let text = escaped(host.lastBytes)
        #expect(text.contains("H\\ePtmux;\\e\\eP0;1;0q\"1;1;8;12#"))
        #expect(text.hasSuffix("\\e\\e\\\\e\\\\e[?2026l"))
        // Unwrapped, the same string as without tmux.
        var plainCaps = Self.sixel
        plainCaps.synchronizedOutput = true
        let plain = FramePipeline(columns: 6, rows: 5, capabilities: plainCaps)
        plain.render(Image(decorative: Self.image))
        let unwrapped = text.replacingOccurrences(of: "\\ePtmux;", with: "")
            .replacingOccurrences(of: "\\e\\e", with: "\\e").replacingOccurrences(of: "\\e\\\\e\\", with: "\\e\\")
        #expect(unwrapped == escaped(plain.lastBytes))
    }
}
