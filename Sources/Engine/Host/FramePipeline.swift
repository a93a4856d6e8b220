import Profiler

/// The frame pipeline: a view graph, the canvas it paints into and the
/// encoder that turns the canvas's damage into terminal bytes.
///
/// Each ``render(_:keepBytes:)`` reconciles, lays out and paints the root
/// view into the canvas and encodes the frame with the real writer. A
/// running app's ``TerminalHost`` owns one and writes its bytes to the
/// terminal; tests and benchmarks drive one directly (with a manual clock
/// and the event methods), and read the screen or the bytes a terminal
/// would receive.
///
/// ```swift
/// let host = FramePipeline(columns: 20, rows: 3)
/// host.render(Text("Hello").border())
/// host.textRows   // ["       ┌─────┐      ", "       │Hello│      ", …]
/// ```
@MainActor
public final class FramePipeline {
    public let canvas: CellBuffer
    public let encoder: FrameEncoder
    public let graph: ViewGraph
    /// The images placed with a graphics protocol, which the encoder draws
    /// after the cells (see ``GraphicsLayer``).
    public let graphics = GraphicsLayer()
    /// The toasts views post through `\.showToast`.
    let toasts: ToastCenter
    /// The bytes of the last frame.
    public internal(set) var lastBytes: [UInt8] = []
    /// Byte count of the last frame (without copying them).
    public internal(set) var lastByteCount = 0

    /// Called after every frame the pipeline encodes (``render(_:keepBytes:)``,
    /// ``update(keepBytes:)``, and the event methods' frames) with the bytes
    /// the terminal receives — also frames of no bytes, and also when
    /// `keepBytes` is false. The buffer is valid only during the call.
    ///
    /// A test kit uses it to keep everything an app wrote, to replay it
    /// through a terminal emulator:
    ///
    /// ```swift
    /// var written: [UInt8] = []
    /// pipeline.onFrame = { written += $0 }
    /// ```
    public var onFrame: (@MainActor (UnsafeBufferPointer<UInt8>) -> Void)?

    /// The profiler recording this host's frames, if any.
    public var profiler: Profiler? {
        didSet {
            graph.profiler = profiler
            encoder.profiler = profiler
        }
    }

    /// The status a view asked to quit with (`terminal.quit(_:)`), if it did.
    public internal(set) var quitStatus: Int32?
    /// Text views printed with `terminal.print(_:)`, in order.
    public internal(set) var printedLines: [String] = []
    /// What views sent the terminal apart from frames (OSC 52 copies,
    /// OSC 9;4 progress), in order, as a running terminal would get it.
    public internal(set) var controlOutput: [UInt8] = []
    /// How many times a view asked to suspend.
    public internal(set) var suspendRequests = 0

    /// Mouse text selection (``ScreenSelection``): its highlight is put on
    /// the canvas for each frame's encoding and taken off after it.
    var selection = ScreenSelection()
    /// The key that copies the mouse selection (OSC 52) while one is shown,
    /// besides the copy on release; `nil` for none. Ctrl-Shift-C by
    /// default (``defaultSelectionCopyKey``): terminals send it as Ctrl-C
    /// unless the kitty keyboard protocol is on, where it is its own key.
    /// The terminal runtime sets it from its options.
    public var selectionCopyKey: KeyPress? = FramePipeline.defaultSelectionCopyKey

    /// Ctrl-Shift-C: copies the mouse selection unless configured otherwise.
    public nonisolated static let defaultSelectionCopyKey = KeyPress(.character("c"), modifiers: [.control, .shift])
    /// Where the selection's copy and clipboard reads go: the terminal host
    /// running this pipeline, or (when nil) the pipeline itself, which
    /// records them.
    weak var actionTarget: (any TerminalActionTarget)?
    /// Clipboard reads waiting for an answer (``answerClipboardRead(_:)``).
    var clipboardReads: [@MainActor (String?) -> Void] = []
    /// ``TerminalActions/queryPalette(_:)`` calls waiting for ``answerPaletteQuery(_:)``.
    var paletteQueries: [@MainActor ([PaletteColor]) -> Void] = []

    /// Where the terminal's cursor rests between frames when no text field
    /// has focus (a focused field's insertion point wins): nil leaves it
    /// where the last write put it; inline regions rest it at (0, 0).
    public var restingCursor: (x: Int, y: Int)?

    /// Where the profile goes when the host is released (from `TUI_PROFILE`).
    public var profileOutputPath: String?

    /// When the environment variable `TUI_PROFILE` names a file, the host
    /// profiles every frame and writes the profile there when it is released
    /// — a flamegraph for `.svg`, Chrome trace for `.trace.json`, speedscope
    /// for other `.json`, folded stacks otherwise — with no other code change.
    ///
    /// Timers, ``TimelineView``s and `.task` sleeps follow `clock`: give a
    /// ``RuntimeClock/manual()`` clock to drive them from a test.
    public init(columns: Int, rows: Int, capabilities: TerminalCapabilities = .xterm, clock: RuntimeClock = .system) {
        canvas = CellBuffer(columns: columns, rows: rows)
        canvas.damage.removeAll()
        encoder = FrameEncoder(for: canvas, capabilities: capabilities)
        graph = ViewGraph(canvas: canvas)
        toasts = ToastCenter(graph: graph)
        if clock !== RuntimeClock.system { graph.clock = clock }
        graph.setRootEnvironment(\.screenSize, Size(width: columns, height: rows))
        graph.setRootEnvironment(\.terminal, TerminalActions(self))
        graph.setRootEnvironment(\.showToast, ShowToastAction(toasts))
        encoder.graphics = graphics
        graph.setRootEnvironment(\.graphicsLayer, graphics)
        graph.setRootEnvironment(\.terminalGraphics, capabilities.graphics)
        graph.clearFrameRequest()
        if let path = Platform.environmentVariable("TUI_PROFILE"), !path.isEmpty {
            profileOutputPath = path
            profiler = Profiler()
            graph.profiler = profiler
            encoder.profiler = profiler
        }
    }

    isolated deinit {
        guard let profileOutputPath else { return }
        do {
            try writeProfile(to: profileOutputPath)
        } catch {
            // Nothing can be thrown from deinit: say so rather than lose the profile silently.
            let message = "TUI_PROFILE: could not write \(profileOutputPath): \(error)\n"
            Platform.writeStandardError(message)
        }
    }

    /// Writes what the profiler recorded, in the format the file name asks for.
    public func writeProfile(to path: String) throws {
        guard let profiler else { return }
        let profile = profiler.snapshot()
        if path.hasSuffix(".svg") {
            try FlameGraphSVG(title: "frames").write(profile, toFile: path)
        } else if path.hasSuffix(".trace.json") {
            try ChromeTrace().write(profile, toFile: path)
        } else if path.hasSuffix(".json") {
            try SpeedscopeJSON(name: "frames").write(profile, toFile: path)
        } else {
            try FoldedStacks().write(profile, toFile: path)
        }
    }

    /// Renders one frame of `root` and encodes it; keeps a copy of the bytes
    /// when `keepBytes` is true.
    @discardableResult
    public func render<Root: View>(_ root: Root, keepBytes: Bool = true) -> Int {
        let profiler = activeProfiler(self.profiler)
        profiler?.beginFrame()
        defer { profiler?.endFrame() }
        graph.render(root)
        encoder.restingCursor = graph.caret ?? restingCursor
        let bytes = encodeCanvas()
        lastByteCount = bytes.count
        if keepBytes { lastBytes = Array(bytes) }
        onFrame?(bytes)
        compactTablesIfNeeded()
        return lastByteCount
    }

    /// Between frames, when dead entries dominate: frees styles no cell and
    /// no view references (ids stay stable, so nothing is rewritten), and
    /// rebuilds the grapheme arena from the clusters the canvas and the
    /// writer's model still show (their cells are remapped together, so the
    /// next diff sees no change). Both are amortised O(1) per interned entry.
    public func compactTablesIfNeeded() {
        let styles = canvas.styles
        if styles.needsCompaction {
            styles.compact(keeping: [canvas, encoder.screen]) { mark in graph.forEachCachedStyleID(mark) }
        }
        let graphemes = canvas.graphemes
        if graphemes.needsCompaction { graphemes.compact(keeping: [canvas, encoder.screen]) }
    }

    /// Changes how images are drawn, or the cell's pixel size (a terminal
    /// that reported it): the encoder's capabilities and the views'
    /// ``EnvironmentValues/terminalGraphics`` together, so images size and
    /// draw themselves again on the next frame. A new method (the terminal
    /// answered a graphics query) also redraws the whole screen: what the
    /// old method drew is cleared with it.
    public func setTerminalGraphics(_ graphics: TerminalGraphics) {
        let methodChanged = encoder.capabilities.graphics.method != graphics.method
        encoder.capabilities.graphics = graphics
        graph.setRootEnvironment(\.terminalGraphics, graphics)
        if methodChanged { encoder.invalidate() }
    }

    /// Merges colours the terminal reported for its palette (OSC 4) into
    /// the palette colours are down-sampled to: on a terminal without
    /// truecolor, the cells whose colours now map to other entries are
    /// rewritten on the next frame (``FrameEncoder/setPalette(_:in:)``).
    /// Returns whether the palette changed.
    @discardableResult
    public func notePalette(_ colors: [PaletteColor]) -> Bool {
        var palette = encoder.capabilities.palette
        for color in colors where (0...255).contains(color.index) {
            guard case let .rgb(r, g, b) = color.color.kind else { continue }
            palette.set(UInt8(color.index), red: r, green: g, blue: b)
        }
        guard palette != encoder.capabilities.palette else { return false }
        encoder.setPalette(palette, in: canvas)
        graph.requestFrame()
        return true
    }

    /// Changes the terminal size: the next frame lays out and repaints everything.
    public func resize(columns: Int, rows: Int) {
        // The screen is laid out again: what was selected is elsewhere.
        selection.clear()
        selection.forgetShown()
        canvas.resize(columns: columns, rows: rows)
        graph.invalidateLayout()
        graph.setRootEnvironment(\.screenSize, Size(width: columns, height: rows))
        graph.requestFrame()
    }

    /// The canvas as text rows.
    public var textRows: [String] { canvas.textRows }

    /// The canvas's styles, one character per column: `.` for the default
    /// style, then `a`, `b`, … in order of first appearance; see ``styleLegend``.
    public var styleRows: [String] { styleSnapshot.rows }

    /// What each letter of ``styleRows`` stands for.
    public var styleLegend: [String] { styleSnapshot.legend }

    private var styleSnapshot: (rows: [String], legend: [String]) {
        var keys: [StyleID: Character] = [0: "."]
        var legend: [String] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var rows: [String] = []
        for y in 0..<canvas.rows {
            var row = ""
            for x in 0..<canvas.columns {
                let id = canvas[x, y].style
                if keys[id] == nil {
                    let key = legend.count < letters.count ? letters[legend.count] : "?"
                    keys[id] = key
                    legend.append("\(key) \(StyleDescription(canvas.styles[id]))")
                }
                row.append(keys[id]!)
            }
            rows.append(row)
        }
        return (rows, legend)
    }
}

/// The frame pipeline's former name.
@available(*, deprecated, renamed: "FramePipeline")
public typealias OffscreenHost = FramePipeline
