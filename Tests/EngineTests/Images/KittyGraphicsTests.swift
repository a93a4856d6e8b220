import Testing

@testable import Engine

/// The kitty graphics commands in `bytes` (`\e_G…\e\`), without their payloads.
func kittyCommands(_ bytes: [UInt8]) -> [String] {
    escaped(bytes).components(separatedBy: "\\e_G").dropFirst().map {
        let command = $0.components(separatedBy: "\\e\\")[0]
        return command.components(separatedBy: ";")[0]
    }
}

@Suite("Kitty graphics bytes")
struct KittyGraphicsBytesTests {
    @Test func base64MatchesRFC4648() {
        #expect(Base64.encode(Array("Man".utf8)) == Array("TWFu".utf8))
        #expect(Base64.encode(Array("Ma".utf8)) == Array("TWE=".utf8))
        #expect(Base64.encode(Array("M".utf8)) == Array("TQ==".utf8))
        #expect(Base64.encode([]) == [])
        #expect(Base64.encode([0xFB, 0xFF]) == Array("+/8=".utf8))
    }

    /// 3,200 bytes of RGBA are 4,268 of base64: a first chunk of 4,096 with
    /// the keys and `m=1`, then the rest with `m=0`.
    @Test func transmissionIsChunked() throws {
        let image = try PixelImage(width: 40, height: 20, rgba: [UInt8](repeating: 7, count: 3200))
        var out = ByteBuffer()
        KittyGraphics.transmit(image, id: 42, into: &out)
        let text = escaped(out.array)
        let chunks = text.components(separatedBy: "\\e_G").dropFirst().map { $0.components(separatedBy: "\\e\\")[0] }
        #expect(chunks.count == 2)
        #expect(chunks[0].hasPrefix("a=t,f=32,s=40,v=20,i=42,q=2,m=1;"))
        #expect(chunks[0].split(separator: ";")[1].count == 4096)
        #expect(chunks[1].hasPrefix("m=0;"))
        #expect(chunks[1].split(separator: ";")[1].count == 4268 - 4096)
    }

    @Test func placementAndDeletionCommands() {
        var out = ByteBuffer()
        KittyGraphics.place(id: 5, placement: 2, source: Rect(x: 0, y: 4, width: 8, height: 12), columns: 4,
                            rows: 3, into: &out)
        KittyGraphics.deletePlacement(id: 5, placement: 2, into: &out)
        KittyGraphics.deleteImage(id: 5, into: &out)
        #expect(escaped(out.array) == "\\e_Ga=p,i=5,p=2,x=0,y=4,w=8,h=12,c=4,r=3,C=1,q=2\\e\\"
            + "\\e_Ga=d,d=i,i=5,p=2,q=2\\e\\" + "\\e_Ga=d,d=I,i=5,q=2\\e\\")
    }
}

@MainActor
@Suite("Kitty graphics frames")
struct KittyGraphicsFrameTests {
    /// Kitty graphics in 2 × 4 pixel cells.
    static let kitty = TerminalCapabilities(
        graphics: TerminalGraphics(method: .kitty, cellPixelWidth: 2, cellPixelHeight: 4))
    static let image = testImage(8, 16) { x, y in [UInt8(x * 30), UInt8(y * 15), 90, 255] }

    /// With synchronized output, the kitty commands go inside the frame's
    /// block after the cells: BSU, cells, image, ESU; a placement that
    /// moves while no cell changes gets a block of its own.
    @Test func kittyCommandsAreInsideTheSynchronizedBlock() throws {
        var caps = Self.kitty
        caps.synchronizedOutput = true
        let host = FramePipeline(columns: 6, rows: 5, capabilities: caps)
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        let text = escaped(host.lastBytes)
        #expect(text.hasPrefix("\\e[?2026h") && text.hasSuffix("\\e[?2026l"))
        let cells = try #require(text.range(of: "hi"))
        let image = try #require(text.range(of: "\\e_Ga=t"))
        let end = try #require(text.range(of: "\\e[?2026l"))
        #expect(cells.upperBound <= image.lowerBound && image.upperBound <= end.lowerBound)
        #expect(text.components(separatedBy: "\\e[?2026").count == 3)
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        #expect(host.lastBytes.isEmpty)
    }

    /// Inside tmux with passthrough each kitty command is wrapped on its
    /// own (`ESC P tmux ; ESC ESC _ G … ESC ESC \ ESC \`); cursor moves are not.
    @Test func kittyCommandsThroughTmuxPassthrough() {
        var caps = Self.kitty
        caps.graphics.tmuxPassthrough = true
        let host = FramePipeline(columns: 6, rows: 5, capabilities: caps)
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        let text = escaped(host.lastBytes)
        #expect(text.components(separatedBy: "\\ePtmux;\\e\\e_G").count == 3)  // transmit, place
        #expect(text.contains("\\e[2;2H\\ePtmux;\\e\\e_Ga=p"))
        #expect(!text.contains("H\\e_G"))  // no command left unwrapped
    }

    @Test func anImageIsSentOncePlacedOverBlankCells() {
        let host = FramePipeline(columns: 6, rows: 5, capabilities: Self.kitty)
        let id = KittyGraphics.imageID(Self.image)
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        // 8 × 16 pixels in 2 × 4 cells: 4 × 4 cells, under the text (the
        // stack is centred: column 1).
        #expect(host.textRows == [" hi   ", "      ", "      ", "      ", "      "])
        #expect(kittyCommands(host.lastBytes) == [
            "a=t,f=32,s=8,v=16,i=\(id),q=2,m=0", "a=p,i=\(id),p=1,x=0,y=0,w=8,h=16,c=4,r=4,C=1,q=2",
        ])
        #expect(escaped(host.lastBytes).contains("\\e[2;2H\\e_Ga=p"))
        // An unchanged image is never sent again: the next frame writes nothing.
        host.render(VStack(alignment: .leading, spacing: 0) { Text("hi"); Image(decorative: Self.image) })
        #expect(host.lastBytes.isEmpty)
        // Text changing elsewhere writes the text, no image command.
        host.render(VStack(alignment: .leading, spacing: 0) { Text("ho"); Image(decorative: Self.image) })
        #expect(!host.lastBytes.isEmpty)
        #expect(kittyCommands(host.lastBytes).isEmpty)
    }

    /// Scrolled in a scroll view, the placement moves and shows only the
    /// rows still visible (the source rectangle), without sending the image again.
    @Test func scrolledImagesAreClippedBySourceRectangle() {
        let host = FramePipeline(columns: 6, rows: 3, capabilities: Self.kitty)
        let id = KittyGraphics.imageID(Self.image)
        func view(_ offset: Int) -> some View {
            ScrollView(offset: offset) {
                VStack(alignment: .leading, spacing: 0) {
                    Text("top")
                    Image(decorative: Self.image)
                    Text("end")
                    Text("a")
                    Text("b")
                    Text("c")
                }
            }
        }
        host.render(view(0))
        #expect(kittyCommands(host.lastBytes) == [
            "a=t,f=32,s=8,v=16,i=\(id),q=2,m=0", "a=p,i=\(id),p=1,x=0,y=0,w=8,h=8,c=4,r=2,C=1,q=2",
        ])
        host.render(view(2))
        // Image rows 1–3 of 4 visible at screen rows 0–2: pixels 4..<16.
        #expect(kittyCommands(host.lastBytes) == ["a=p,i=\(id),p=1,x=0,y=4,w=8,h=12,c=4,r=3,C=1,q=2"])
        #expect(escaped(host.lastBytes).contains("\\e[1;1H\\e_Ga=p"))
        host.render(view(6))
        #expect(kittyCommands(host.lastBytes) == ["a=d,d=i,i=\(id),p=1,q=2"])
    }

    /// Covered in its middle by another view, the placement is deleted
    /// (kitty cannot show a rectangle with a hole: its blank cells show);
    /// uncovered, it is placed again without sending the pixels.
    @Test func coveredImagesAreHiddenAndComeBack() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: Self.kitty)
        let id = KittyGraphics.imageID(Self.image)
        func view(_ sheet: Bool) -> some View {
            ZStack {
                Image(decorative: Self.image)
                if sheet { Text("ab") }
            }
        }
        host.render(view(false))
        #expect(kittyCommands(host.lastBytes).count == 2)
        host.render(view(true))
        #expect(host.textRows.contains { $0.contains("ab") })
        #expect(kittyCommands(host.lastBytes) == ["a=d,d=i,i=\(id),p=1,q=2"])
        host.render(view(false))
        #expect(kittyCommands(host.lastBytes) == ["a=p,i=\(id),p=1,x=0,y=0,w=8,h=16,c=4,r=4,C=1,q=2"])
    }

    /// An image that leaves the tree is deleted, and its pixels freed.
    @Test func removedImagesAreDeletedAndFreed() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: Self.kitty)
        let id = KittyGraphics.imageID(Self.image)
        func view(_ shown: Bool) -> some View {
            VStack(spacing: 0) {
                if shown { Image(decorative: Self.image) }
                Text("x")
            }
        }
        host.render(view(true))
        host.render(view(false))
        #expect(kittyCommands(host.lastBytes) == ["a=d,d=i,i=\(id),p=1,q=2", "a=d,d=I,i=\(id),q=2"])
        #expect(host.graphics.placements.isEmpty)
    }

    /// A forced full redraw clears the screen, which takes kitty's
    /// placements (and maybe images) with it: both are sent again.
    @Test func aFullRedrawSendsTheImageAgain() {
        let host = FramePipeline(columns: 6, rows: 4, capabilities: Self.kitty)
        host.render(Image(decorative: Self.image))
        host.encoder.invalidate()
        host.render(Image(decorative: Self.image))
        #expect(kittyCommands(host.lastBytes).map { String($0.prefix(4)) } == ["a=t,", "a=p,"])
    }
}
