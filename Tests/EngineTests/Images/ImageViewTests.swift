import Testing

@testable import Engine

/// A `width` × `height` image whose pixels `color(x, y)` gives (RGBA).
func testImage(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> PixelImage {
    var rgba: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width { rgba += color(x, y) }
    }
    return try! PixelImage(width: width, height: height, rgba: rgba)
}

/// The size of the smallest rectangle holding every cell that is not a blank space.
@MainActor
func paintedSize(_ host: FramePipeline) -> Size? {
    var box: Rect?
    for y in 0..<host.canvas.rows {
        for x in 0..<host.canvas.columns where !host.canvas[x, y].isSpace {
            let cell = Rect(x: x, y: y, width: 1, height: 1)
            box = box.map { $0.union(cell) } ?? cell
        }
    }
    return box.map { Size(width: $0.width, height: $0.height) }
}

@MainActor
@Suite("Image view")
struct ImageViewTests {
    static func halfBlocks(cellWidth: Int = 10, cellHeight: Int = 20) -> TerminalCapabilities {
        TerminalCapabilities(graphics: TerminalGraphics(method: .halfBlocks, cellPixelWidth: cellWidth,
                                                        cellPixelHeight: cellHeight))
    }

    /// Each cell is two pixels: `▀` top over bottom, `▄` where the top is
    /// transparent, `█` where both are one colour.
    @Test func halfBlocksShowTwoPixelsACell() {
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let white: [UInt8] = [255, 255, 255, 255], black: [UInt8] = [0, 0, 0, 255], clear: [UInt8] = [9, 9, 9, 0]
        let pixels = [[red, red], [green, blue], [clear, white], [black, white]]
        let image = testImage(2, 4) { x, y in pixels[y][x] }
        let host = FramePipeline(columns: 2, rows: 2, capabilities: Self.halfBlocks(cellWidth: 1, cellHeight: 2))
        host.render(Image(decorative: image))
        #expect(host.textRows == ["▀▀", "▄█"])
        func style(_ x: Int, _ y: Int) -> Style { host.canvas.styles[host.canvas[x, y].style] }
        #expect(style(0, 0).foreground == .rgb(255, 0, 0) && style(0, 0).background == .rgb(0, 255, 0))
        #expect(style(1, 0).foreground == .rgb(255, 0, 0) && style(1, 0).background == .rgb(0, 0, 255))
        #expect(style(0, 1).foreground == .rgb(0, 0, 0) && style(0, 1).background == .default)
        #expect(style(1, 1).foreground == .rgb(255, 255, 255))
        #expect(host.styleRows == ["ab", "cd"])
    }

    /// Its ideal size is its pixels over the cell's, rounded up; a
    /// non-resizable image keeps it whatever it is offered.
    @Test func naturalSizeIsPixelsOverTheCellsPixels() {
        let image = testImage(25, 45) { _, _ in [200, 100, 0, 255] }
        let host = FramePipeline(columns: 10, rows: 6, capabilities: Self.halfBlocks())
        host.render(Image(decorative: image).frame(width: 8, height: 5))
        #expect(paintedSize(host) == Size(width: 3, height: 3))
        host.setTerminalGraphics(TerminalGraphics(method: .halfBlocks, cellPixelWidth: 5, cellPixelHeight: 10))
        host.render(Image(decorative: image).frame(width: 8, height: 5))
        #expect(paintedSize(host) == Size(width: 5, height: 5))
    }

    @Test func resizableTakesTheSpaceOffered() {
        let image = testImage(4, 4) { _, _ in [0, 0, 255, 255] }
        let host = FramePipeline(columns: 10, rows: 6, capabilities: Self.halfBlocks())
        host.render(Image(decorative: image).resizable().frame(width: 6, height: 2))
        #expect(paintedSize(host) == Size(width: 6, height: 2))
    }

    /// A 2:1 image in 10 × 20 cells is 4 cells wide per row: fitted into
    /// 8 × 4 it is 8 × 2; into 20 × 2 it is 8 × 2.
    @Test func scaledToFitKeepsTheAspectRatio() {
        let image = testImage(40, 20) { _, _ in [0, 200, 0, 255] }
        let host = FramePipeline(columns: 20, rows: 6, capabilities: Self.halfBlocks())
        host.render(Image(decorative: image).resizable().scaledToFit().frame(width: 8, height: 4))
        #expect(paintedSize(host) == Size(width: 8, height: 2))
        host.render(Image(decorative: image).resizable().scaledToFit().frame(width: 20, height: 2))
        #expect(paintedSize(host) == Size(width: 8, height: 2))
        host.render(Image(decorative: image).resizable().aspectRatio(1, contentMode: .fit)
            .frame(width: 20, height: 2))
        #expect(paintedSize(host) == Size(width: 4, height: 2))
    }

    /// Shrunk, a fine checkerboard is averaged to grey, not aliased to one
    /// of its colours.
    @Test func downscalingAveragesNotAliases() {
        let board = testImage(8, 16) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let host = FramePipeline(columns: 2, rows: 2, capabilities: Self.halfBlocks())
        host.render(Image(decorative: board).resizable().frame(width: 2, height: 2))
        let style = host.canvas.styles[host.canvas[0, 0].style]
        #expect(host.textRows == ["██", "██"])
        #expect(style.foreground == .rgb(128, 128, 128))
    }

    /// In a scroll view the image's rows move and clip like text.
    @Test func halfBlocksScrollAndClip() {
        let image = testImage(1, 8) { _, y in [UInt8(y * 30), 0, 0, 255] }
        let host = FramePipeline(columns: 3, rows: 3, capabilities: Self.halfBlocks(cellWidth: 1, cellHeight: 2))
        func view(_ offset: Int) -> some View {
            ScrollView(offset: offset) {
                VStack(alignment: .leading, spacing: 0) {
                    Text("top")
                    Image(decorative: image)
                    Text("end")
                }
            }
            .scrollIndicators(.hidden)
        }
        host.render(view(0))
        #expect(host.textRows == ["top", "▀  ", "▀  "])
        host.render(view(3))
        #expect(host.textRows == ["▀  ", "▀  ", "end"])
        // Screen row 0 is the image's third row: pixels 4 and 5.
        #expect(host.canvas.styles[host.canvas[0, 0].style].foreground == .rgb(120, 0, 0))
    }
}
