import Testing

@testable import Engine

/// Which graphics method the answers to start-up's queries choose.
@Suite("Graphics detection")
struct GraphicsDetectionTests {
    static let xterm = ["TERM": "xterm-256color"]

    /// Feeds `replies` in order; the graphics in use after each.
    static func run(_ replies: [TerminalReply], environment: [String: String] = xterm,
                    guess: TerminalGraphics = .halfBlocks) -> [TerminalGraphics] {
        var detection = GraphicsDetection(guess: guess, environment: environment)
        return replies.map { reply in
            _ = detection.note(reply, columns: 80, rows: 24)
            return detection.graphics
        }
    }

    /// xterm -ti vt340: registers, the cell size, then DA1 with 4. Only
    /// DA1 switches the method (the answers before it are then all in).
    @Test func sixelByDA1WithACellSize() {
        let states = Self.run([
            .graphicsAttribute(item: 1, status: 0, values: [256]), .cellPixelSize(width: 6, height: 13),
            .textAreaPixelSize(width: 480, height: 312), .primaryDeviceAttributes([63, 1, 2, 4, 6, 9, 15, 22]),
        ])
        #expect(states.map(\.method) == [.halfBlocks, .halfBlocks, .halfBlocks, .sixel])
        #expect(states[3] == TerminalGraphics(method: .sixel, cellPixelWidth: 6, cellPixelHeight: 13,
                                              colorRegisters: 256))
    }

    /// The kitty query answered OK wins over sixel.
    @Test func kittyByQuery() {
        let states = Self.run([
            .kittyGraphics(id: 31, message: "OK"), .cellPixelSize(width: 9, height: 18),
            .primaryDeviceAttributes([62, 4, 22]),
        ])
        #expect(states.last?.method == .kitty)
        #expect(states.last?.cellPixelWidth == 9)
    }

    /// No cell size: sixel would spill over its cells, so not yet; a size
    /// reported later (mode 2048) turns it on. The text area's size
    /// divided by the screen's cells counts too.
    @Test func sixelWaitsForACellSize() {
        #expect(Self.run([.primaryDeviceAttributes([62, 4]),
                          .windowSize(rows: 24, columns: 80, pixelHeight: 480, pixelWidth: 800)]).map(\.method)
            == [.halfBlocks, .sixel])
        let byArea = Self.run([.textAreaPixelSize(width: 800, height: 480), .primaryDeviceAttributes([62, 4])])
        #expect(byArea.last == TerminalGraphics(method: .sixel, cellPixelWidth: 10, cellPixelHeight: 20))
    }

    /// What does not say "graphics": the guess stays.
    @Test(arguments: [
        [TerminalReply.primaryDeviceAttributes([62, 22])],  // no 4
        [.primaryDeviceAttributes([4])],  // 4 as the class, not a feature
        [.kittyGraphics(id: 31, message: "ENOTSUPPORTED:no"), .primaryDeviceAttributes([62])],
        [.kittyGraphics(id: 5, message: "OK"), .primaryDeviceAttributes([62])],  // another id
        [.primaryDeviceAttributes([62]), .kittyGraphics(id: 31, message: "OK")],  // after the fence
    ])
    func nothingDetected(_ replies: [TerminalReply]) {
        let states = Self.run(replies + [.cellPixelSize(width: 8, height: 16)])
        #expect(states.allSatisfy { $0.method == .halfBlocks })
    }

    /// The environment's kitty guess stays when the terminal says nothing more.
    @Test func theGuessStays() {
        let kitty = TerminalGraphics(method: .kitty)
        #expect(Self.run([.primaryDeviceAttributes([62])], guess: kitty).last?.method == .kitty)
    }

    static let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]

    /// Inside tmux the queries go through passthrough, every ESC doubled,
    /// and without DA1 (tmux answers that itself).
    @Test func tmuxQueriesArePassthroughWrapped() {
        let detection = GraphicsDetection(guess: .halfBlocks, environment: Self.tmux)
        #expect(detection.queries(kitty: true).replacingOccurrences(of: "\u{1B}", with: "\\e")
            == "\\ePtmux;\\e\\e_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\\e\\e\\\\e\\e[?1;1;0S\\e\\e[16t\\e\\e[14t\\e\\")
        #expect(GraphicsDetection(guess: .halfBlocks, environment: Self.xterm).queries(kitty: false)
            == GraphicsDetection.queries(kitty: false))
    }

    /// Inside tmux with passthrough off nothing but tmux's own DA1 comes:
    /// half blocks stay, nothing is wrapped; a cell size still counts.
    @Test func tmuxWithoutPassthroughKeepsHalfBlocks() {
        let states = Self.run([.primaryDeviceAttributes([1, 2]), .cellPixelSize(width: 7, height: 14)],
                              environment: Self.tmux)
        #expect(states.last == TerminalGraphics(method: .halfBlocks, cellPixelWidth: 7, cellPixelHeight: 14))
        // tmux's DA1 listing 4 is tmux's, not the outer terminal's: no sixel from it.
        #expect(Self.run([.primaryDeviceAttributes([62, 4]), .cellPixelSize(width: 7, height: 14)],
                         environment: Self.tmux).last?.method == .halfBlocks)
    }

    /// Inside tmux, the outer terminal's answer through passthrough decides
    /// as it comes, before or after tmux's DA1: XTSMGRAPHICS with a cell
    /// size gives sixel, kitty's OK gives kitty; both wrapped for tmux.
    @Test func tmuxPassthroughAnswersTurnImagesOn() {
        let sixel = Self.run([
            .primaryDeviceAttributes([1, 2]), .graphicsAttribute(item: 1, status: 0, values: [1024]),
            .cellPixelSize(width: 6, height: 13),
        ], environment: Self.tmux)
        #expect(sixel.map(\.method) == [.halfBlocks, .halfBlocks, .sixel])
        #expect(sixel.last == TerminalGraphics(method: .sixel, cellPixelWidth: 6, cellPixelHeight: 13,
                                               colorRegisters: 256, tmuxPassthrough: true))
        let kitty = Self.run([.primaryDeviceAttributes([1, 2]), .kittyGraphics(id: 31, message: "OK")],
                             environment: Self.tmux)
        #expect(kitty.last?.method == .kitty)
        #expect(kitty.last?.tmuxPassthrough == true)
        // Outside tmux nothing is ever wrapped.
        #expect(Self.run([.kittyGraphics(id: 31, message: "OK"), .primaryDeviceAttributes([62])])
            .last?.tmuxPassthrough == false)
    }

    /// Register counts are clamped to 256; failures and absurd sizes are ignored.
    @Test func hostileValuesAreBounded() {
        let states = Self.run([
            .graphicsAttribute(item: 1, status: 0, values: [1_000_000]), .graphicsAttribute(item: 1, status: 3, values: [2]),
            .cellPixelSize(width: 100_000, height: 20), .textAreaPixelSize(width: 5, height: 5),
            .primaryDeviceAttributes([62, 4]),
        ])
        #expect(states.last?.colorRegisters == 256)
        // 5 × 5 pixels over 80 × 24 cells is a cell of no pixels: not believed.
        #expect(states.last?.method == .halfBlocks)
    }

    /// The queries: kitty's (a 1×1 image, `a=q`), XTSMGRAPHICS, CSI 16 t and
    /// 14 t; kitty's left out where an APC string would print.
    @Test func queryBytes() {
        #expect(GraphicsDetection.queries(kitty: true).replacingOccurrences(of: "\u{1B}", with: "\\e")
            == "\\e_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\\e\\\\e[?1;1;0S\\e[16t\\e[14t")
        #expect(GraphicsDetection.queries(kitty: false).replacingOccurrences(of: "\u{1B}", with: "\\e")
            == "\\e[?1;1;0S\\e[16t\\e[14t")
        #expect(!GraphicsDetection(guess: .halfBlocks, environment: ["TERM": "linux"]).understandsAPC)
        #expect(GraphicsDetection(guess: .halfBlocks, environment: Self.xterm).understandsAPC)
    }
}
