/// Which way to draw images, from the terminal's answers to start-up's
/// queries: the environment's guess (``TerminalGraphics/detect(environment:)``)
/// until the answers say better. Nothing waits for them.
///
/// Asked before the DA1 that ends start-up's queries (``queries``):
///
/// - the kitty graphics protocol, with a query command for a 1×1 image
///   (`a=q`), which a terminal that has the protocol answers
///   `ESC _ G i=31 ; OK ESC \`;
/// - XTSMGRAPHICS `CSI ? 1 ; 1 ; 0 S`, the number of sixel colour registers
///   (`CSI ? 1 ; 0 ; 256 S`);
/// - `CSI 16 t`, a cell's size in pixels (`CSI 6 ; height ; width t`), and
///   `CSI 14 t`, the text area's (`CSI 4 ; height ; width t`), for
///   terminals that answer only that. xterm answers neither unless its
///   window operations are allowed, but fills in the tty's window size in
///   pixels (TIOCGWINSZ's `ws_xpixel`, `ws_ypixel`), which the host reads
///   first, as a text area.
///
/// DA1's answer lists the terminal's features; attribute 4 is sixel. When
/// it arrives every answer asked before it is in (terminals answer in
/// order), and the method is decided: kitty graphics if the query was
/// answered `OK`, else sixel if DA1 has 4 and a cell's pixel size is
/// known (sixel pixels are not scaled: without the size an image would
/// spill over its cells), else the environment's guess stays. A cell size
/// reported later (mode 2048) can still turn sixel on.
///
/// Inside tmux (`TMUX` set, `TERM` screen… or tmux…) the queries go to
/// the outer terminal through tmux's passthrough (``TmuxPassthrough``),
/// without DA1 (tmux answers a DA1 itself, so it fences nothing there):
/// tmux hands the outer terminal's answers to the pane only where the pane
/// has `allow-passthrough on`, so any answer shows images can pass too.
/// Each answer decides as it comes (nothing waits, and there is no fence):
/// a kitty `OK` gives kitty graphics; an XTSMGRAPHICS answer with status 0
/// (sixel's colour registers: only terminals with sixel answer it) gives
/// sixel once a cell's pixel size is known (tmux 3.3 and later pass the
/// outer window's pixels on to the pane's tty). Either way the image
/// strings are then wrapped for tmux (``TerminalGraphics/tmuxPassthrough``).
/// Where passthrough is off nothing answers and half blocks stay.
struct GraphicsDetection {
    /// The kitty query's image id.
    static let queryImageID = 31
    /// The kitty graphics query: an APC string.
    static let kittyQuery = "\u{1B}_Gi=\(queryImageID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// The queries, sent before DA1. `kitty`: with the kitty query, which
    /// a terminal that does not parse APC strings (the Linux console, pyte)
    /// prints as text; the runtime sends it only on the alternate screen,
    /// whose first frame clears it, and never to the Linux console.
    static func queries(kitty: Bool) -> String {
        (kitty ? kittyQuery : "") + "\u{1B}[?1;1;0S" + "\u{1B}[16t" + "\u{1B}[14t"
    }

    /// The queries inside tmux: the same, through passthrough.
    static func tmuxQueries(kitty: Bool) -> String { TmuxPassthrough.wrap(queries(kitty: kitty)) }

    /// The graphics in use.
    private(set) var graphics: TerminalGraphics
    /// The environment's guess.
    let guess: TerminalGraphics
    /// Inside tmux: the queries go through passthrough, answers decide as they come.
    let inTmux: Bool
    /// Not the Linux console (`TERM=linux`), which prints APC strings.
    let understandsAPC: Bool
    /// The kitty query was answered `OK`.
    private(set) var kitty = false
    /// DA1 listed attribute 4.
    private(set) var sixel = false
    /// Start-up's DA1 arrived.
    private(set) var fenced = false
    /// A cell's pixel size was reported.
    private(set) var cellSizeKnown = false

    /// Detection starting from `guess`, for a session in `environment`.
    init(guess: TerminalGraphics, environment: [String: String]) {
        self.guess = guess
        graphics = guess
        let term = environment["TERM"] ?? ""
        inTmux = environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
        understandsAPC = term != "linux"
    }

    /// The queries to send before start-up's DA1: wrapped for tmux inside it.
    func queries(kitty: Bool) -> String {
        inTmux ? Self.tmuxQueries(kitty: kitty) : Self.queries(kitty: kitty)
    }

    /// Takes in an answer; returns the graphics to use when they changed.
    /// `columns` × `rows`: the screen, to turn the text area's pixels into a cell's.
    mutating func note(_ reply: TerminalReply, columns: Int, rows: Int) -> TerminalGraphics? {
        let before = graphics
        switch reply {
        case .kittyGraphics(let id, let message):
            if id == Self.queryImageID && message == "OK" && (!fenced || inTmux) { kitty = true }
        case .primaryDeviceAttributes(let attributes):
            guard !fenced, !inTmux else { return nil }
            fenced = true
            // The first value is the terminal class (62, 63, 64 …), the rest its features.
            sixel = attributes.dropFirst().contains(4)
        case .graphicsAttribute(let item, let status, let values):
            guard item == 1, status == 0, let registers = values.first, registers > 0 else { return nil }
            graphics.colorRegisters = Swift.min(registers, 256)
            // Only a terminal with sixel has its colour registers; inside
            // tmux the answer came through passthrough (tmux never answers it).
            if inTmux { sixel = true }
        case .cellPixelSize(let width, let height):
            setCellSize(width: width, height: height)
        case .textAreaPixelSize(let width, let height):
            // Only when no cell size came (`CSI 16 t` is asked first, and answered first).
            guard !cellSizeKnown, columns > 0, rows > 0 else { return nil }
            setCellSize(width: width / columns, height: height / rows)
        case .windowSize(let rows, let columns, let pixelHeight, let pixelWidth):
            guard pixelWidth > 0, pixelHeight > 0 else { return nil }
            setCellSize(width: pixelWidth / columns, height: pixelHeight / rows)
        default:
            return nil
        }
        if fenced || inTmux { graphics.method = kitty ? .kitty : sixel && cellSizeKnown ? .sixel : guess.method }
        if inTmux { graphics.tmuxPassthrough = graphics.method != .halfBlocks }
        return graphics == before ? nil : graphics
    }

    private mutating func setCellSize(width: Int, height: Int) {
        // Sizes no font has are not believed (a hostile or broken answer).
        guard (1...1000).contains(width), (1...1000).contains(height) else { return }
        cellSizeKnown = true
        graphics.cellPixelWidth = width
        graphics.cellPixelHeight = height
    }
}
