/// How a terminal shows pixels, and how many pixels its cells are: what an
/// ``Image`` needs to know to size and draw itself.
///
/// The one place the cell's pixel size lives: ``TerminalCapabilities/graphics``
/// holds it, a ``FramePipeline`` hands it to views as
/// ``EnvironmentValues/terminalGraphics``, and a runtime that learns the
/// real size (a terminal reporting its pixel size) sets it with
/// ``FramePipeline/setTerminalGraphics(_:)``.
public struct TerminalGraphics: Hashable, Sendable {
    /// The ways an image can reach the screen.
    public enum Method: Hashable, Sendable {
        /// Every terminal: each cell shows two pixels, one above the other,
        /// as `▀` in the top pixel's colour over the bottom one's. Ordinary
        /// cells, so damage, clipping and scrolling are the cells'.
        case halfBlocks
        /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole):
        /// the image is sent once and placed over blank cells.
        case kitty
        /// Sixel (xterm `-ti vt340`, foot, mlterm, WezTerm, contour): the
        /// image's pixels, in at most ``TerminalGraphics/colorRegisters``
        /// colours, drawn over blank cells and drawn again whenever those
        /// cells were written over. Chosen only when the terminal says it
        /// has sixel (DA1 attribute 4) and how many pixels its cells are.
        case sixel
    }

    /// How images are drawn.
    public var method: Method
    /// A cell's width in pixels (at least 1).
    public var cellPixelWidth: Int
    /// A cell's height in pixels (at least 1).
    public var cellPixelHeight: Int
    /// How many colours a sixel image may use (the terminal's colour
    /// registers, as XTSMGRAPHICS reports them; 1 to 256).
    public var colorRegisters: Int
    /// Inside tmux: the image strings (kitty's commands, sixel's) go to the
    /// outer terminal wrapped in tmux's passthrough escape
    /// (``TmuxPassthrough``). Set where the outer terminal answered a
    /// query sent through passthrough, which shows the pane allows it.
    public var tmuxPassthrough: Bool

    /// The cell size used until a terminal reports its own: 10 × 20 pixels,
    /// a common monospace cell at 2:1.
    public static let defaultCellPixelSize = (width: 10, height: 20)

    /// The colour registers assumed for sixel until the terminal reports
    /// its own: 256, what xterm configured for colour, foot (more), mlterm
    /// and WezTerm have.
    public static let defaultColorRegisters = 256

    /// Graphics drawn with `method` in cells of the given pixel size; sixel
    /// images in at most `colorRegisters` colours (clamped to 1...256);
    /// with `tmuxPassthrough`, wrapped for tmux.
    public init(method: Method = .halfBlocks, cellPixelWidth: Int = defaultCellPixelSize.width,
                cellPixelHeight: Int = defaultCellPixelSize.height, colorRegisters: Int = defaultColorRegisters,
                tmuxPassthrough: Bool = false) {
        self.method = method
        self.tmuxPassthrough = tmuxPassthrough
        self.cellPixelWidth = Swift.max(1, cellPixelWidth)
        self.cellPixelHeight = Swift.max(1, cellPixelHeight)
        self.colorRegisters = Swift.min(Swift.max(1, colorRegisters), 256)
    }

    /// Half blocks in 10 × 20 pixel cells.
    public static let halfBlocks = TerminalGraphics()

    /// The method the environment names a terminal for: kitty graphics for
    /// `TERM=xterm-kitty` or `xterm-ghostty`, `TERM_PROGRAM` WezTerm or
    /// ghostty, outside tmux (which does not pass the protocol on);
    /// half blocks otherwise.
    public static func detect(environment: [String: String]) -> TerminalGraphics {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        let inTmux = term.hasPrefix("tmux") || term.hasPrefix("screen") || environment["TMUX"] != nil
        let kitty = term == "xterm-kitty" || term == "xterm-ghostty" || program == "WezTerm" || program == "ghostty"
        return TerminalGraphics(method: kitty && !inTmux ? .kitty : .halfBlocks)
    }
}
