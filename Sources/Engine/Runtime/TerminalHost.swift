import Dispatch
import Profiler

/// Runs a view tree in the real terminal: raw mode, input, resize, timers
/// and tasks, and the terminal given back as it was found on every way out.
///
/// ```swift
/// @main struct Tool {
///     static func main() async throws {
///         let status = try await TerminalHost.run(Counter())
///         exit(status)
///     }
/// }
/// ```
///
/// Most apps use ``App`` instead, which does this from `@main`.
///
/// Everything happens on the main thread (the main actor), in one loop
/// that waits (`poll`) on the terminal, on the signals it handles (through
/// a pipe) and on the main dispatch queue (tasks on the main actor), with
/// the next deadline (an `Esc` waiting for the rest of a sequence, a capped
/// frame) as the wait's timeout: an event is one wake-up, one `read` and one
/// `write`, on one thread, and an idle app sleeps in the kernel and writes
/// nothing. Input, a state change, a resize or a timer asks for a frame;
/// requests coalesce. A frame input asks for is drawn as soon as the input
/// is handled; other frames are capped at
/// ``TerminalOptions/maxFramesPerSecond`` (the cap is for floods of
/// changes, not for keys). Each frame is one `write`.
///
/// ``runMain(_:options:)`` (what ``App`` uses) runs that loop on the main
/// thread and drains the main queue itself. ``run(_:options:)``, called
/// from an `async` context (where `dispatchMain()` already owns the main
/// queue), waits with dispatch sources instead; the work done per event is
/// the same.
@MainActor
public final class TerminalHost {
    let options: TerminalOptions
    let device: TerminalDevice
    /// The frame pipeline: graph, canvas, encoder (and `TUI_PROFILE`).
    let pipeline: FramePipeline
    var decoder = InputDecoder()
    var support = TerminalModes.Support()
    var modes: (enter: String, leave: String) = ("", "")
    var renderRoot: (() -> Void)?
    var started = false
    var running = false
    /// A frame was asked for and is not drawn yet.
    var frameScheduled = false
    /// Input asked for the scheduled frame: it is drawn without waiting for the cap.
    var frameForInput = false
    var lastFrameStart: UInt64 = 0
    var minFrameInterval: UInt64
    /// How the loop waits: on the main thread with `poll`, or with dispatch sources.
    var loop: LoopKind = .dispatch
    /// Dispatch mode's sources (the tty, the signal pipe, the deadline timer).
    var sources: [any DispatchSourceProtocol] = []
    var deadlineTimer: (any DispatchSourceTimer)?
    var timerDeadline: UInt64?
    /// The read end of the signal pipe (-1 before start).
    var signalFD: Int32 = -1
    /// Signals that arrived while start-up waited, handled once the app runs.
    var earlySignals: UInt64 = 0
    /// When a pending `Esc` (or a stalled paste) is flushed, if one waits.
    var escapeDeadline: UInt64?
    /// When the paste being read first stalled (nil when none did).
    var pasteStalledSince: UInt64?
    /// When an inline region stops waiting for the cursor report it asked for.
    var cursorReportDeadline: UInt64?
    /// The terminal has not answered start-up's queries yet (a slow link):
    /// until then, or this time, replies may still come, maybe in pieces,
    /// and must not be read as keys.
    var repliesOutstandingUntil: UInt64?
    /// Work asked for during an event, run after it (quit, suspend).
    var deferred: [() -> Void] = []
    /// The descriptors and results of the loop's wait (kept: no allocation per wait).
    var waitDescriptors: [Int32] = []
    var waitReady: [Int16] = []
    var readBuffer = [UInt8](repeating: 0, count: 4096)
    /// The events of one read (kept: its capacity is reused).
    var readEvents: [InputEvent] = []
    /// Non-reply events read while start-up waited for the terminal's answers.
    var earlyEvents: [InputEvent] = []
    /// The start-up width probe, waiting for its cursor reports while
    /// ``WidthProbe/isWaiting``.
    var widthProbe = WidthProbe()
    /// Where this terminal's measured widths are kept (nil: not cached).
    let widthCache: WidthCache?
    /// The widths and text sizing applied from the probe or the cache.
    var measuredEntry: WidthCache.Entry?
    /// What the modes set so far were chosen from (``applySupport()``).
    var appliedSupport = TerminalModes.Support()
    /// The terminal's colour scheme as last reported (dark until it says).
    var colorScheme = ColorScheme.dark
    /// The terminal reported its scheme (mode 2031 or DSR 996): colours no longer decide it.
    var schemeReported = false
    /// The terminal reported its background colour (OSC 11).
    var backgroundReported = false
    /// A cell's size in pixels, as mode 2048 last reported it.
    var cellPixelSize: Size?
    /// How images are drawn: the environment's guess, then what the
    /// terminal answers (``GraphicsDetection``); nil when the app gave its
    /// own capabilities (nothing is asked).
    var graphicsDetection: GraphicsDetection?
    var onEnd: ((Int32) -> Void)?
    var pendingPrints: [String] = []
    /// The app gave the terminal back (suspended) and has not taken it again.
    var terminalLeft = false
    /// The bytes of the frame being written (kept: its capacity is reused).
    private var frameBytes: [UInt8] = []
    /// Input is being handled: a frame asked for now is drawn when it is done.
    var handlingInput = false
    /// The terminal's cursor is shown (a text field is focused).
    var cursorShown = false
    var printAfterExit: [String] = []
    var inline: InlineRegion?
    /// What the terminal's own progress indicator (OSC 9;4) shows, as the
    /// app last reported it; anything but cleared is cleared on leaving.
    var terminalProgress: OperatingSystemCommand.Progress = .cleared
    let overlay: PerformanceOverlay
    /// The link to the terminal: its round trip, and the frames paced to it.
    var link = LinkMonitor()
    /// Clipboard reads sent and not yet fenced (`TerminalHost+Clipboard.swift`).
    var clipboardReads: [ClipboardRead] = []
    /// Records the session to a file (`TUI_RECORD`), when asked.
    let recorder: SessionRecorder?
    /// Frames written, and their bytes (for tuibench and the overlay).
    public private(set) var framesWritten = 0
    public private(set) var bytesWritten = 0
    /// The running host: kept alive by this until it ends (its sources and
    /// callbacks refer to it unowned).
    static var running: TerminalHost?

    init(options: TerminalOptions) throws(TerminalError) {
        let env = Platform.environment()
        if env["TERM"] == "dumb" { throw .dumbTerminal }
        device = try TerminalDevice.open()
        var options = options
        if env["TUI_PACING"] == "0" { options.pacesFrames = false }
        self.options = options
        let size = device.size()
        var caps = options.capabilities ?? TerminalCapabilities.detect(environment: env)
        if case .inline = options.screen { caps.scrolling = false }
        pipeline = FramePipeline(columns: size.columns, rows: size.rows, capabilities: caps)
        if options.capabilities == nil {
            var detection = GraphicsDetection(guess: caps.graphics, environment: env)
            // The window's pixels, where the tty has them (xterm answers no
            // `CSI 16 t` unless window ops are allowed, but fills these in).
            if let pixels = device.pixelSize() {
                _ = detection.note(.textAreaPixelSize(width: pixels.width, height: pixels.height),
                                   columns: size.columns, rows: size.rows)
            }
            graphicsDetection = detection
        }
        minFrameInterval = 1_000_000_000 / UInt64(max(1, options.maxFramesPerSecond))
        overlay = PerformanceOverlay(visible: env["TUI_OVERLAY"].map { !$0.isEmpty && $0 != "0" } ?? false)
        recorder = SessionRecorder.fromEnvironment(env)
        widthCache = env["TUI_WIDTH_CACHE"] == "0" ? nil : WidthCache(environment: env)
        if let recorder {
            pipeline.clock = recorder.clock
            // A task on another thread may start a sleep while the loop waits with no deadline.
            // (Own loop: the queued block itself wakes the wait, which looks again.)
            recorder.clock.onDeadlineAdded = {
                DispatchQueue.main.async { MainActor.assumeIsolated { TerminalHost.running?.armDeadlineTimer() } }
            }
        }
    }

    // MARK: Running

    /// Runs `root` until a view calls ``TerminalActions/quit(_:)`` (or Ctrl-C
    /// when ``TerminalOptions/quitsOnControlC``); returns the exit status.
    /// The terminal is restored before this returns, and on every other way
    /// out (a signal, a crash, `exit()`).
    ///
    /// - Throws: ``TerminalError`` when standard output is not a terminal,
    ///   `TERM=dumb`, or the terminal cannot be set up.
    public static func run<Root: View>(_ root: Root, options: TerminalOptions = TerminalOptions()) async throws -> Int32 {
        let host = try TerminalHost(options: options)
        host.loop = .dispatch
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            host.onEnd = { continuation.resume(returning: $0) }
            do throws(TerminalError) {
                try host.start(root)
            } catch {
                host.finish(status: 1, message: "error: \(error)\n")
            }
        }
    }

    /// Runs `root` on the main thread and never returns: the process exits
    /// with the app's status when it ends. What ``App``'s `main()` calls.
    ///
    /// The loop owns the main thread and runs the main queue's work itself
    /// (tasks on the main actor, `DispatchQueue.main.async`); do not call
    /// `dispatchMain()` in such an app. Where the loop cannot drain the main
    /// queue (Darwin), it waits with dispatch sources under `dispatchMain()`.
    public static func runMain<Root: View>(_ root: Root, options: TerminalOptions = TerminalOptions()) -> Never {
        startMain(options: options) { host throws(TerminalError) in try host.start(root) }
        dispatchMain()
    }

    /// The part of ``runMain(_:options:)`` that does not depend on the root
    /// view's type, kept out of line: specialised into an app's module (the
    /// engine is built with cross-module optimisation), the whole function
    /// crashed Swift 6.3.1's optimiser (JumpThreadSimplifyCFG, signal 11).
    @inline(never)
    static func startMain(options: TerminalOptions, _ start: (TerminalHost) throws(TerminalError) -> Void) {
        do throws(TerminalError) {
            let host = try TerminalHost(options: options)
            host.onEnd = { status in Platform.exitProcess(status) }
            let queue = Platform.mainQueueDescriptor()
            host.loop = queue >= 0 ? .own(mainQueue: queue) : .dispatch
            try start(host)
            if case .own = host.loop { host.runLoop() }
        } catch {
            Platform.writeStandardError("error: \(error)\n")
            Platform.exitProcess(1)
        }
    }

    func start<Root: View>(_ root: Root) throws(TerminalError) {
        // Signals first: one that arrives during the start-up waits is seen
        // (a resize handled after the first frame, an ending one ends at once).
        do throws(SystemError) {
            signalFD = try Platform.watchSignals(TerminalHost.handledSignals, ending: TerminalHost.endingSignals,
                                                 graceMilliseconds: TerminalHost.signalGraceMilliseconds)
        } catch {
            throw TerminalError(error)
        }
        Platform.ignoreSignal(Platform.Signal.brokenPipe)
        try device.setModes(device.rawModes)
        TerminalHost.running = self
        TerminalRestore.arm(fd: device.outputFD, modes: device.savedModes, bytes: [])
        started = true
        if case .inline = options.screen {
            // Inline needs the cursor's row before it can draw: the one
            // bounded wait at start.
            queryTerminal()
            guard started else { return }  // a signal ended it
        }
        pipeline.encoder.capabilities.synchronizedOutput = support.synchronizedOutput
        modes = TerminalModes.sequences(for: options, support: support)
        TerminalRestore.update(bytes: Array(modes.leave.utf8))
        var enter = Array(modes.enter.utf8)
        if case .inline(let maxHeight) = options.screen {
            inline = InlineRegion(maxHeight: maxHeight, cursorRow: support.cursorRow, screenRows: device.size().rows)
        }
        // The first frame is drawn at once with the cautious defaults; the
        // answers are applied as they arrive (``note(_:)``).
        enter += startupQueries().utf8
        do {
            try device.write(enter)
        } catch {
            finish(status: 1, message: "error: \(error)\n")
            return
        }
        // The DA1 that ends the queries is the link's first round trip; its
        // answer turns probing on (``note(_:)``).
        link.probeSent(now: monotonicNanoseconds())
        if !support.answered {
            // Answers (late ones too) are replies, not keys.
            repliesOutstandingUntil = monotonicNanoseconds() &+ TerminalHost.lateReplyNanoseconds
            if inline != nil || widthProbe.isWaiting { decoder.expectsCursorPositionReport = true }
        }
        appliedSupport = support
        let size = device.size()
        recorder?.begin(columns: size.columns, rows: size.rows, screen: options.screen,
                        capabilities: pipeline.encoder.capabilities)
        running = true
        // The writer assumes a blank screen with the cursor at home; after
        // DECSET 1049 the cursor is wherever the shell left it. The first
        // frame clears and homes explicitly.
        pipeline.encoder.invalidate()
        configurePipeline()
        if case .dispatch = loop { installSources() }
        renderRoot = { [unowned self] in self.pipeline.render(root, keepBytes: false) }
        frame()
        queryPaletteForDownsampling()
        queryGraphicsThroughTmux()
        let events = earlyEvents
        earlyEvents = []
        guard handleInput(events) else { return }
        if earlySignals != 0 {
            let early = earlySignals
            earlySignals = 0
            handleSignals(early)
        }
        if case .dispatch = loop { afterWork() }
    }

    /// Inside tmux, the graphics queries go to the outer terminal through
    /// passthrough after the first frame, in a write of their own: tmux
    /// 3.3a drops a passthrough string written together with the switch to
    /// the alternate screen (it redraws the pane then, and what passed
    /// through is not part of the pane), so in start-up's write nothing
    /// would answer them.
    private func queryGraphicsThroughTmux() {
        guard let detection = graphicsDetection, detection.inTmux else { return }
        try? device.write(Array(detection.queries(kitty: options.screen == .alternate && detection.understandsAPC).utf8))
    }

    /// Without truecolor, RGB colours are down-sampled to the palette:
    /// ask for the 16 ANSI colours a theme remaps (OSC 4, fenced by DA1;
    /// nothing waits, the first frame is already drawn with xterm's). The
    /// cube and greys (16–255) are left as xterm's: themes rarely change
    /// them, and 240 more queries would cost every start-up. Not asked when
    /// the app fixed the capabilities.
    private func queryPaletteForDownsampling() {
        let colors = pipeline.encoder.capabilities.colors
        guard options.capabilities == nil, colors == .ansi16 || colors == .palette256 else { return }
        sendPaletteQuery(Array(0..<16)) { _ in }
    }

    private func configurePipeline() {
        let graph = pipeline.graph
        graph.onNeedsFrame = { [weak self] in
            MainActor.assumeIsolated { self?.requestFrame() }
        }
        graph.setRootEnvironment(\.terminal, TerminalActions(self))
        pipeline.actionTarget = self
        pipeline.selectionCopyKey = options.selectionCopyKey
        // Warnings must not be written over the app's screen: they are
        // printed after it ends.
        graph.onDiagnostic = { [weak self] message in
            MainActor.assumeIsolated { self?.printAfterExit.append(message) }
        }
        if inline != nil {
            graph.rootAlignment = .topLeading
            graph.beforeLayout = { [weak self] graph in
                MainActor.assumeIsolated { self?.sizeInlineRegion(graph) }
            }
        }
    }

    /// Inline: asks what the terminal supports (synchronized output, the
    /// kitty keyboard protocol) and the cursor row the region starts on,
    /// ended by DA1, which every terminal answers after the rest; waits at
    /// most ``TerminalOptions/queryTimeout``. Keys typed meanwhile are kept.
    private func queryTerminal() {
        awaitReplies(to: TerminalModes.querySynchronizedOutput + TerminalModes.queryKittyKeyboard
                     + TerminalModes.queryCursorPosition)
    }

    /// The queries the alternate screen sends with its modes, answered
    /// while the app already runs: synchronized output (DECRQM 2026), the
    /// kitty keyboard flags, the emoji width probe, and DA1 last, which
    /// every terminal answers after the rest. Nothing waits for them.
    ///
    /// The width probe (``WidthProbe``) prints one cluster of each disputed
    /// class from the home position, concealed, and asks where the cursor
    /// went after each: 😀🫠 first (a terminal that drew both two columns
    /// wide measures single emoji code points as the engine does, so the
    /// writer need not re-anchor the cursor after each one:
    /// ``TerminalCapabilities/settledEmojiWidths``), then VS16, keycap,
    /// flag, skin-tone, ZWJ and East Asian Ambiguous clusters, then OSC 66.
    /// The first frame, written right after, clears it. No answer keeps the
    /// cautious defaults. A cached measurement of this terminal
    /// (``WidthCache``) is applied instead, before the first frame, and
    /// nothing is probed.
    ///
    /// The colours (OSC 10, 11), the colour scheme (DSR 996) and whether it
    /// is reported on a change (mode 2031), in-band resize (2048) and
    /// grapheme clustering (2027) are asked on both screens; inline, after
    /// its wait, the other answers are known already.
    func startupQueries() -> String {
        var query = ""
        if support.answered {
            support.answered = false
        } else {
            query += TerminalModes.querySynchronizedOutput + TerminalModes.queryKittyKeyboard
        }
        query += TerminalModes.queryColorSchemeReports + TerminalModes.queryInBandResize
            + TerminalModes.queryGraphemeClustering
        // Inside tmux these go to tmux, which answers them itself (3.3 and
        // later, with the outer terminal's colours): no passthrough.
        query += TerminalModes.queryForegroundColor + TerminalModes.queryBackgroundColor
            + TerminalModes.queryColorScheme
        // Graphics (kitty, sixel, the cell's pixels), before DA1.
        // (Inside tmux they go after the first frame: ``queryGraphicsThroughTmux()``.)
        if let detection = graphicsDetection, !detection.inTmux {
            query += detection.queries(kitty: options.screen == .alternate && detection.understandsAPC)
        }
        if options.screen == .alternate && options.capabilities == nil {
            if let entry = widthCache?.load() {
                // Measured in this terminal before: the first frame uses it.
                applyMeasuredWidths(entry)
            } else {
                let (probeQuery, probe) = WidthProbe.start()
                widthProbe = probe
                query += probeQuery
            }
        }
        return query + TerminalModes.queryPrimaryAttributes
    }

    /// Writes `query` and DA1, and handles replies until DA1 arrives or
    /// ``TerminalOptions/queryTimeout`` passes.
    private func awaitReplies(to query: String) {
        support.answered = false
        guard (try? device.write(Array((query + TerminalModes.queryPrimaryAttributes).utf8))) != nil else { return }
        // The DA1's answer is the link's first round trip.
        link.probeSent(now: monotonicNanoseconds())
        decoder.expectsCursorPositionReport = true
        defer { decoder.expectsCursorPositionReport = false }
        let deadline = monotonicNanoseconds() + UInt64(options.queryTimeout / .nanoseconds(1))
        var fds: [Int32] = [device.inputFD, signalFD]
        var ready: [Int16] = [0, 0]
        while !support.answered {
            let now = monotonicNanoseconds()
            guard now < deadline else { break }
            let n = Platform.wait(&fds, ready: &ready, count: 2, milliseconds: Int32(max(1, (deadline - now) / 1_000_000)))
            if n < 0 { break }
            if ready[1] != 0 {
                let arrived = Platform.takeSignals()
                if let ending = TerminalHost.firstEnding(in: arrived) {
                    end(status: 128 + ending, reraising: ending)
                    return
                }
                earlySignals |= arrived
            }
            guard ready[0] != 0 else { continue }
            guard readInput() else { break }
            for event in readEvents {
                if case .reply(let reply) = event { note(reply) } else { earlyEvents.append(event) }
            }
        }
    }

    /// Takes in an answer to the start-up queries. Before the first frame
    /// (inline's wait) it only records what the terminal has; once the app
    /// runs, it also applies it (``applySupport()``).
    private func note(_ reply: TerminalReply) {
        switch reply {
        case .primaryDeviceAttributes(let attributes):
            // The fence after a clipboard read, when the answers before it are in.
            if clipboardFenceAnswered() { return }
            // Answers come in the order asked: once start-up's is in, a DA1
            // answers the oldest of the link's probes.
            let acknowledged = link.acknowledged(now: monotonicNanoseconds())
            if running, support.answered, acknowledged {
                if frameScheduled { armDeadlineTimer() }
                return
            }
            // Start-up's answer; if it came late (a slow link), the link is probed from now on.
            if running, !support.answered { link.enabled = options.pacesFrames }
            if !support.answered { noteGraphics(.primaryDeviceAttributes(attributes)) }
            support.answered = true
            repliesOutstandingUntil = nil
            if widthProbe.isWaiting {
                // What the probe did not get, the terminal does not answer.
                widthProbe.fenced()
                finishWidthProbe()
            }
            if running { decoder.expectsCursorPositionReport = cursorReportDeadline != nil }
        case .modeReport(let mode, let value, _):
            switch mode {
            case 2026: support.synchronizedOutput = TerminalModes.settable(value)
            case 2031: support.colorSchemeReports = TerminalModes.settable(value)
            case 2048: support.inBandResize = TerminalModes.settable(value)
            case 2027: support.graphemeClustering = TerminalModes.settable(value)
            default: return
            }
            if running { applySupport() }
        case .keyboardFlags:
            support.kittyKeyboard = true
            if running { applySupport() }
        case .cursorPosition(let row, let column) where widthProbe.isWaiting:
            widthProbe.cursorReported(row: row, column: column)
            if !widthProbe.isWaiting {
                decoder.expectsCursorPositionReport = cursorReportDeadline != nil
                finishWidthProbe()
            }
        case .cursorPosition(let row, _):
            cursorReportDeadline = nil
            support.cursorRow = row - 1
            inline?.cursorReported(row: row - 1, restingRow: pipeline.encoder.restingCursor?.y ?? 0)
            if inline != nil { requestFrame() }
        case .color(let code, let red, let green, let blue):
            // The background decides; the foreground only while the
            // background is unknown (a light text is on a dark screen).
            guard !schemeReported, code == 11 || !backgroundReported else { return }
            if code == 11 {
                backgroundReported = true
                setColorScheme(ColorScheme(backgroundRed: red, green: green, blue: blue))
            } else {
                setColorScheme(ColorScheme(backgroundRed: red, green: green, blue: blue) == .light ? .dark : .light)
            }
        case .colorScheme(let isDark):
            // Mode 2031's report (or DSR 996's answer) outranks the colours.
            schemeReported = true
            setColorScheme(isDark ? .dark : .light)
        case .windowSize(let rows, let columns, let pixelHeight, let pixelWidth):
            inBandResized(rows: rows, columns: columns, pixelHeight: pixelHeight, pixelWidth: pixelWidth)
        case .clipboard(let text):
            clipboardAnswered(text)
        case .paletteColor(let index, let red, let green, let blue):
            paletteAnswered(PaletteColor(index: index, red: red, green: green, blue: blue))
        case .kittyGraphics, .graphicsAttribute, .cellPixelSize, .textAreaPixelSize:
            noteGraphics(reply)
        }
    }

    /// The width probe is done (every answer in, or DA1 came first): what
    /// it measured is applied and, if it measured anything, cached.
    private func finishWidthProbe() {
        let entry = WidthCache.Entry(widths: widthProbe.widths, textSizing: widthProbe.textSizing ?? false)
        widthProbe = WidthProbe()
        if !entry.widths.isEmpty { widthCache?.store(entry) }
        applyMeasuredWidths(entry)
    }

    /// Applies the terminal's measured widths: single emoji drawn two
    /// columns wide settle ``TerminalCapabilities/settledEmojiWidths``; OSC 66
    /// turns on ``TerminalCapabilities/textSizing``; the table becomes
    /// ``GraphemeWidth/measuredWidths`` (unless mode 2027 is set: the
    /// terminal then measures clusters by the engine's rules, and what was
    /// measured before it was set no longer holds). If that changes what
    /// the frames so far assumed, the next frame lays out and draws
    /// everything again.
    func applyMeasuredWidths(_ entry: WidthCache.Entry) {
        measuredEntry = entry
        let table = support.graphemeClustering ? MeasuredWidths() : entry.widths
        var changed = table != GraphemeWidth.measuredWidths
        GraphemeWidth.setTerminalWidths(table)
        if entry.widths[.emojiPresentation] == 2 && !pipeline.encoder.capabilities.settledEmojiWidths {
            // Single emoji code points need no re-anchoring.
            pipeline.encoder.capabilities.settledEmojiWidths = true
            changed = true
        }
        if entry.textSizing != pipeline.encoder.capabilities.textSizing {
            pipeline.encoder.capabilities.textSizing = entry.textSizing
            changed = true
        }
        guard changed, running else { return }
        pipeline.graph.graphemeWidthsChanged()
        pipeline.encoder.invalidate()
        requestFrame()
    }

    /// An answer to the graphics queries: images are drawn the new way
    /// from the next frame (a new method redraws the screen).
    private func noteGraphics(_ reply: TerminalReply) {
        let screen = pipeline.canvas
        guard let graphics = graphicsDetection?.note(reply, columns: screen.columns, rows: screen.rows) else { return }
        pipeline.setTerminalGraphics(graphics)
        if running { requestFrame() }
    }

    /// Mode 2048's report: the window in cells and pixels. The cells'
    /// pixel size is kept for the views that need it
    /// (``EnvironmentValues/cellPixelSize``, and images through
    /// ``TerminalGraphics``); a size in cells other than the
    /// one drawn is a resize (the resize signal usually came first, and then
    /// nothing is drawn again).
    private func inBandResized(rows: Int, columns: Int, pixelHeight: Int, pixelWidth: Int) {
        guard running else { return }
        let cell = pixelHeight > 0 && pixelWidth > 0
            ? Size(width: pixelWidth / columns, height: pixelHeight / rows) : nil
        if cell != cellPixelSize {
            cellPixelSize = cell
            pipeline.graph.setRootEnvironment(\.cellPixelSize, cell)
            if let cell, cell.width > 0, cell.height > 0 {
                // Images size themselves by the cell's pixels (``TerminalGraphics``).
                if graphicsDetection != nil {
                    noteGraphics(.windowSize(rows: rows, columns: columns, pixelHeight: pixelHeight,
                                             pixelWidth: pixelWidth))
                } else {
                    var graphics = pipeline.encoder.capabilities.graphics
                    graphics.cellPixelWidth = cell.width
                    graphics.cellPixelHeight = cell.height
                    pipeline.setTerminalGraphics(graphics)
                }
            }
        }
        let drawnRows = inline?.screenRows ?? pipeline.canvas.rows
        if columns != pipeline.canvas.columns || rows != drawnRows { resized() }
    }

    /// The terminal's colour scheme changed (or became known): the views
    /// that read it, or drew an adaptive colour, are drawn again.
    private func setColorScheme(_ scheme: ColorScheme) {
        guard scheme != colorScheme else { return }
        colorScheme = scheme
        pipeline.graph.setRootEnvironment(\.colorScheme, scheme)
    }

    /// What the terminal answered after the first frame, applied: the next
    /// frames use synchronized output, the kitty keyboard flags are pushed
    /// (once: a second report pushes nothing), and the bytes that restore
    /// the terminal undo exactly what is now set.
    private func applySupport() {
        pipeline.encoder.capabilities.synchronizedOutput = support.synchronizedOutput
        let before = TerminalModes.supportedModes(for: options, support: appliedSupport)
        let now = TerminalModes.supportedModes(for: options, support: support)
        appliedSupport = support
        modes = TerminalModes.sequences(for: options, support: support)
        let added = now.filter { mode in !before.contains { $0.on == mode.on } }.map(\.on).joined()
        if !added.isEmpty, !terminalLeft { try? device.write(Array(added.utf8)) }
        TerminalRestore.update(bytes: leaveBytes())
        if support.graphemeClustering && !GraphemeWidth.measuredWidths.isEmpty {
            // Mode 2027: the terminal now measures clusters by the engine's
            // rules, not as it did when the probe asked.
            GraphemeWidth.setTerminalWidths(MeasuredWidths())
            pipeline.graph.graphemeWidthsChanged()
            pipeline.encoder.invalidate()
            requestFrame()
        }
        if support.graphemeClustering && !pipeline.encoder.capabilities.settledEmojiWidths {
            // Mode 2027: the terminal measures clusters whole, as the engine
            // does; the next frame is drawn whole with those widths.
            pipeline.encoder.capabilities.settledEmojiWidths = true
            pipeline.encoder.invalidate()
            requestFrame()
        }
    }

    /// Reads what the tty has and decodes it into ``readEvents``; false at
    /// end of input or on error.
    private func readInput() -> Bool {
        readEvents.removeAll(keepingCapacity: true)
        let n: Int?
        do {
            n = try readBuffer.withUnsafeMutableBytes { (raw) throws(TerminalError) in try device.read(into: raw) }
        } catch {
            return false
        }
        guard let n else { return true }
        if n == 0 { return false }
        readBuffer.withUnsafeBufferPointer { buffer in
            recorder?.input(UnsafeBufferPointer(rebasing: buffer[0..<n]),
                            expectsCursorReport: decoder.expectsCursorPositionReport)
            decoder.decode(UnsafeBufferPointer(rebasing: buffer[0..<n]), into: &readEvents)
        }
        return true
    }

    // MARK: Input and signals

    func inputReady() {
        guard running, !terminalLeft else { return }
        guard readInput() else {
            end(status: 0)  // the terminal went away
            return
        }
        guard handleInput(readEvents) else { return }
        pasteStalledSince = nil  // bytes came: a stall starts again from here
        escapeDeadline = decoder.hasPendingInput ? monotonicNanoseconds() &+ pendingInputWait() : nil
    }

    /// Routes input events in order. A frame they ask for is drawn right
    /// after them (the loop draws it before it waits again), without
    /// waiting for the cap. False when one of them ended the app.
    private func handleInput(_ events: [InputEvent]) -> Bool {
        handlingInput = true
        for event in events {
            handle(event)
            if !running { return false }
        }
        handlingInput = false
        return true
    }

    /// Nanoseconds that input the decoder holds waits for the rest of it
    /// before it is flushed. A lone Esc waits a moment for the rest of a
    /// sequence; a paste arriving in pieces waits longer (flushing it would
    /// end it early); so does a reply the session waits for (a cursor
    /// report, start-up's late answers), whose halves may come apart.
    private func pendingInputWait() -> UInt64 {
        let timeout = decoder.isInsideBracketedPaste ? max(options.escapeTimeout, .seconds(2))
            : cursorReportDeadline != nil || lateRepliesExpected()
                ? max(options.escapeTimeout, options.queryTimeout, .milliseconds(500))
            : options.escapeTimeout
        return UInt64(timeout / .nanoseconds(1))
    }

    func escapeTimeoutFired() {
        escapeDeadline = nil
        guard running else { return }
        var events: [InputEvent] = []
        let now = monotonicNanoseconds()
        if decoder.isInsideBracketedPaste {
            // A paste that stalled stays a paste (what follows is never
            // keys): what came so far is delivered, and the paste goes on —
            // for at most `pasteStallLimit`, after which a terminal that lost
            // the end marker gets its keyboard back.
            let since = pasteStalledSince ?? now
            pasteStalledSince = since
            if now &- since < TerminalHost.pasteStallLimit {
                recorder?.flushed(stalledPaste: true)
                decoder.deliverStalledPaste(into: &events)
                escapeDeadline = now &+ pendingInputWait()
            } else {
                recorder?.flushed(stalledPaste: false)
                decoder.flush(into: &events)
            }
        } else {
            recorder?.flushed(stalledPaste: false)
            decoder.flush(into: &events)
        }
        if !decoder.isInsideBracketedPaste { pasteStalledSince = nil }
        _ = handleInput(events)
    }

    /// How long after start-up a terminal that did not answer in time may still answer.
    static let lateReplyNanoseconds: UInt64 = 5_000_000_000

    /// Whether start-up's replies may still arrive (see
    /// ``repliesOutstandingUntil``); past the window, stops expecting them.
    private func lateRepliesExpected() -> Bool {
        guard let until = repliesOutstandingUntil else { return false }
        if monotonicNanoseconds() < until { return true }
        repliesOutstandingUntil = nil
        widthProbe = WidthProbe()
        if cursorReportDeadline == nil { decoder.expectsCursorPositionReport = false }
        return false
    }

    /// How long a paste may stay silent without its end marker and still be a paste.
    static let pasteStallLimit: UInt64 = 30_000_000_000

    /// The signals the loop handles: resize, job control, and the three that end the app.
    static let handledSignals: [Int32] = [
        Platform.Signal.windowChange, Platform.Signal.interrupt, Platform.Signal.terminate,
        Platform.Signal.hangup, Platform.Signal.terminalStop, Platform.Signal.continued,
    ]
    /// The signals that end the app (restored, then ended by the signal).
    static let endingSignals: [Int32] = [Platform.Signal.interrupt, Platform.Signal.terminate, Platform.Signal.hangup]
    /// How long the main thread has to answer an ending signal before the
    /// watchdog restores the terminal and ends the process itself.
    static let signalGraceMilliseconds = 1000

    static func firstEnding(in bits: UInt64) -> Int32? {
        endingSignals.first { arrived($0, in: bits) }
    }

    /// Whether `sig`'s bit is set in `bits` (``Platform/takeSignals()``).
    static func arrived(_ sig: Int32, in bits: UInt64) -> Bool { bits & (1 << UInt64(sig)) != 0 }

    func signalsArrived() {
        handleSignals(Platform.takeSignals())
    }

    /// Handles the signals whose bits are set: an ending one first (it ends
    /// the app), then resize, stop and continue.
    func handleSignals(_ bits: UInt64) {
        guard running else {
            earlySignals |= bits
            return
        }
        if let ending = TerminalHost.firstEnding(in: bits) {
            // INT, TERM, HUP: leave as the signal would, with the terminal restored.
            end(status: 128 + ending, reraising: ending)
            return
        }
        if TerminalHost.arrived(Platform.Signal.continued, in: bits) { continued() }
        if TerminalHost.arrived(Platform.Signal.windowChange, in: bits) { resized() }
        if TerminalHost.arrived(Platform.Signal.terminalStop, in: bits) { suspend() }
    }

    // MARK: Events

    func handle(_ event: InputEvent) {
        if case .reply(let reply) = event {
            note(reply)
            return
        }
        guard let viewEvent = event.viewEvent else { return }
        if case .key(let press) = viewEvent, let toggle = options.performanceOverlayKey,
           press.key == toggle.key, press.modifiers == toggle.modifiers, press.phase == .down {
            overlay.visible.toggle()
            overlay.forceRepaint = true
            requestFrame()
            return
        }
        // Through the pipeline: a drag no view takes selects text.
        let handled = pipeline.route(viewEvent)
        guard !handled, case .key(let press) = viewEvent, press.phase == .down,
              press.modifiers.subtracting([.capsLock, .numLock]) == .control else { return }
        if press.key == .character("c") && options.quitsOnControlC {
            end(status: 130)
        } else if press.key == .character("z") && options.suspendsOnControlZ {
            suspend()
        }
    }

    private func resized() {
        guard running else { return }
        let size = device.size()
        recorder?.resized(columns: size.columns, rows: size.rows)
        if var region = inline {
            region.screenResized(rows: size.rows)
            inline = region
            pipeline.canvas.resize(columns: size.columns, rows: pipeline.canvas.rows)
            pipeline.graph.invalidateLayout()
            pipeline.graph.setRootEnvironment(\.screenSize, Size(width: size.columns, height: size.rows))
            // Where did the region go? The cursor rests at its top-left; ask.
            askCursorPosition()
        } else {
            pipeline.resize(columns: size.columns, rows: size.rows)
            // The size may look unchanged (80x24 -> 10x5 -> 80x24 before this
            // ran), yet the terminal cut or re-wrapped its screen meanwhile:
            // what it shows is unknown, so the next frame draws everything.
            pipeline.encoder.invalidate()
        }
        pipeline.graph.dispatch(.resize(columns: size.columns, rows: size.rows))
        requestFrame()
    }

    // MARK: The loop

    /// How the host waits for work.
    enum LoopKind {
        /// On the main thread, in `poll`, draining the main queue (its descriptor) itself.
        case own(mainQueue: Int32)
        /// With dispatch sources on the main queue (under `dispatchMain()`).
        case dispatch
    }

    /// The loop of ``runMain(_:options:)``: waits on the terminal, the
    /// signal pipe and the main queue with the next deadline as timeout,
    /// and does what is ready; after each wake-up, the work asked for during
    /// it and the frame due. Returns when the app ended.
    func runLoop() {
        guard case .own(let queue) = loop else { return }
        waitDescriptors = [device.inputFD, signalFD, queue]
        waitReady = [0, 0, 0]
        Platform.drainMainQueue(queue)  // work queued before the loop ran
        while running {
            afterWork()
            guard running else { break }
            // While the app has given the terminal back (suspended, in the
            // background), the shell owns its input.
            waitDescriptors[0] = terminalLeft ? -1 : device.inputFD
            let timeout = waitTimeout()
            let n = waitDescriptors.withUnsafeMutableBufferPointer { fds in
                waitReady.withUnsafeMutableBufferPointer { ready in
                    Platform.wait(fds.baseAddress!, ready: ready.baseAddress!, count: fds.count, milliseconds: timeout)
                }
            }
            if n < 0 {
                end(status: 1, message: "error: waiting for input: \(Platform.errorDescription(-n))\n")
                break
            }
            if let recorder {
                // The app's clock moves here only. The main actor's work then
                // runs (tasks the clock resumed, tasks started since the last
                // wake-up), before the input, and not again after it: what a
                // replay does at the `clock` record.
                recorder.wake { settleMainQueue(queue) }
                waitReady[2] = 0
            }
            if waitReady[1] != 0 { signalsArrived() }
            if running && waitReady[0] != 0 { inputReady() }
            if running && waitReady[2] != 0 { Platform.drainMainQueue(queue) }
            deadlinesPassed()
        }
    }

    /// Lets the main queue's work run as a replay's settle does at a
    /// `clock` record (``TuiSession/settleRounds`` times, everything queued
    /// runs: a marker is queued behind it and the queue drained until the
    /// marker ran), so that the work a wake-up runs is the same in the
    /// recorded app and in its replay.
    private func settleMainQueue(_ queue: Int32) {
        final class Marker: @unchecked Sendable {  // touched on the main thread only
            var reached = false
        }
        var fd = queue
        var ready: Int16 = 0
        // Work that comes back from another thread (a task's hop) may land a
        // moment later: it is waited for, a millisecond at a time, a few times.
        for _ in 0..<4 {
            for _ in 0..<TuiSession.settleRounds {
                let marker = Marker()
                DispatchQueue.main.async { marker.reached = true }
                var calls = 0
                while !marker.reached && calls < 16 {
                    Platform.drainMainQueue(queue)
                    calls += 1
                }
            }
            guard Platform.wait(&fd, ready: &ready, count: 1, milliseconds: 1) > 0, ready != 0 else { return }
        }
    }

    /// After a wake-up (of either loop): what waited for a time — a held
    /// `Esc`, a cursor report, the foreground after `bg` — whose time came.
    private func deadlinesPassed() {
        if running, let deadline = escapeDeadline, monotonicNanoseconds() >= deadline { escapeTimeoutFired() }
        if link.giveUpDeadline != nil { link.checkAnswers(now: monotonicNanoseconds()) }
        checkCursorReport()
        checkForeground()
    }

    /// Milliseconds until the next deadline (rounded up), 0 when work is due, -1 when none waits.
    private func waitTimeout() -> Int32 {
        if !deferred.isEmpty || pipeline.graph.pendingReclamation > 0 { return 0 }
        guard let next = nextDeadline() else { return -1 }
        let now = monotonicNanoseconds()
        guard next > now else { return 0 }
        return Int32(min((next - now + 999_999) / 1_000_000, 60_000))
    }

    /// The next time the loop must wake without an event: an `Esc` to
    /// flush, a capped frame, or (continued in the background) a look at
    /// whether the app is in the foreground again: `fg` sends no signal to
    /// a job that is already running.
    private func nextDeadline() -> UInt64? {
        var next = escapeDeadline
        if let report = cursorReportDeadline { next = min(next ?? report, report) }
        if frameScheduled, let due = frameDue() { next = min(next ?? due, due) }
        if let giveUp = link.giveUpDeadline { next = min(next ?? giveUp, giveUp) }
        if let due = recorder?.nextClockDeadline { next = min(next ?? due, due) }
        if terminalLeft {
            let look = monotonicNanoseconds() &+ TerminalHost.backgroundLookNanoseconds
            next = min(next ?? look, look)
        }
        return next
    }

    /// How often an app continued in the background looks for `fg`.
    static let backgroundLookNanoseconds: UInt64 = 200_000_000

    /// After a wake-up: an app that gave the terminal back and is now in the
    /// foreground (brought there by `fg` while running) takes it again.
    func checkForeground() {
        if terminalLeft, running, Platform.isForeground(device.inputFD) { resumeAfterStop() }
    }

    /// Inline: asks where the cursor is (the region's top-left) and waits
    /// for the answer at most a second (or the query timeout, if longer).
    func askCursorPosition() {
        decoder.expectsCursorPositionReport = true
        let wait = max(UInt64(options.queryTimeout / .nanoseconds(1)), 1_000_000_000)
        cursorReportDeadline = monotonicNanoseconds() &+ wait
        try? device.write(Array(TerminalModes.queryCursorPosition.utf8))
    }

    /// After a wake-up: a cursor report that did not come in time is given
    /// up on, and the region is drawn where it was (kept on screen), rather
    /// than waiting for good.
    func checkCursorReport() {
        guard let deadline = cursorReportDeadline, monotonicNanoseconds() >= deadline else { return }
        cursorReportDeadline = nil
        decoder.expectsCursorPositionReport = false
        guard var region = inline, region.awaitingCursorReport else { return }
        region.cursorReportMissing()
        inline = region
        pipeline.encoder.invalidate()
        pipeline.graph.invalidateLayout()
        requestFrame()
    }

    /// When the scheduled frame may be drawn: now for input (and the first
    /// frame), else when the frame cap allows; nil while none can be drawn.
    private func frameDue() -> UInt64? {
        if terminalLeft { return nil }
        if let region = inline, region.awaitingCursorReport { return nil }  // the reply asks again
        // The link is full: the next answer opens it (and draws what changed meanwhile).
        if link.pacing, !link.mayWrite(now: monotonicNanoseconds()) { return nil }
        if frameForInput || lastFrameStart == 0 { return 0 }
        return lastFrameStart &+ minFrameInterval
    }

    /// After a wake-up's events: the work they deferred (quit, suspend),
    /// then the frame, if one is due.
    func afterWork() {
        while running && !deferred.isEmpty {
            let work = deferred
            deferred.removeAll()
            for item in work {
                item()
                if !running { return }
            }
        }
        guard running, frameScheduled, let due = frameDue(), monotonicNanoseconds() >= due else {
            if case .own = loop, pipeline.graph.pendingReclamation > 0 {
                // Idle: detached nodes go in slices of a frame's budget, with
                // a look for input between slices (the wait's timeout is 0).
                pipeline.graph.reclaim(budget: pipeline.graph.reclamationBudget)
            }
            armDeadlineTimer()
            return
        }
        frame()
        armDeadlineTimer()
    }

    /// Runs `work` after the current event or frame, not in the middle of it.
    func perform(_ work: @escaping () -> Void) {
        deferred.append(work)
        if case .dispatch = loop {
            DispatchQueue.main.async { [self] in MainActor.assumeIsolated { afterWork() } }
        }
    }

    /// Dispatch mode: the tty and the signal pipe are read sources; one timer
    /// fires at the next deadline (re-armed only when that changes).
    private func installSources() {
        let read = DispatchSource.makeReadSource(fileDescriptor: device.inputFD, queue: .main)
        read.setEventHandler { [unowned self] in
            MainActor.assumeIsolated {
                self.recorder?.wake {}
                self.inputReady()
                self.afterWork()
            }
        }
        read.resume()
        sources.append(read)
        let signals = DispatchSource.makeReadSource(fileDescriptor: signalFD, queue: .main)
        signals.setEventHandler { [unowned self] in
            MainActor.assumeIsolated {
                self.recorder?.wake {}
                self.signalsArrived()
                self.afterWork()
            }
        }
        signals.resume()
        sources.append(signals)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler { [unowned self] in
            MainActor.assumeIsolated {
                self.timerDeadline = nil
                self.recorder?.wake {}
                self.deadlinesPassed()
                self.afterWork()
            }
        }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        deadlineTimer = timer
    }

    func armDeadlineTimer() {
        guard case .dispatch = loop, let timer = deadlineTimer else { return }
        let next = nextDeadline()
        guard next != timerDeadline else { return }
        timerDeadline = next
        if let next {
            let now = monotonicNanoseconds()
            timer.schedule(deadline: .now() + .nanoseconds(Int(next > now ? next - now : 0)))
        } else {
            timer.schedule(deadline: .distantFuture)
        }
    }

    // MARK: Frames

    /// Asks for a frame: drawn when the current work is done, at once if
    /// input asked for it (or the last frame was long enough ago), else
    /// when the frame cap allows. Requests before it coalesce.
    func requestFrame() {
        guard running else { return }
        if handlingInput { frameForInput = true }
        guard !frameScheduled else { return }
        frameScheduled = true
        if case .dispatch = loop, !handlingInput {
            DispatchQueue.main.async { [self] in MainActor.assumeIsolated { afterWork() } }
        }
    }

    func frame() {
        frameScheduled = false
        frameForInput = false
        guard running, !terminalLeft else { return }
        if let region = inline {
            if region.awaitingCursorReport { return }  // the reply asks again
            // The terminal may have been resized (and have re-wrapped the
            // region's rows) while the resize signal waits behind this frame
            // in the queue: drawn at the old origin, the frame would land on
            // the wrong rows and leave the cursor there for the report.
            let size = device.size()
            if size.columns != pipeline.canvas.columns || size.rows != region.screenRows {
                resized()
                return
            }
        }
        lastFrameStart = monotonicNanoseconds()
        var prefix: [UInt8] = []
        if inline != nil { prefix = inlinePrefix() }
        if let root = renderRoot {
            renderRoot = nil
            root()
        } else {
            pipeline.update(keepBytes: false)
        }
        let frameNanoseconds = monotonicNanoseconds() - lastFrameStart
        if inline != nil { prefix += takeInlineBytes() }
        // One frame is one buffer, written once: the inline prefix, the
        // encoder's bytes (copied out before anything else can encode into
        // the encoder's buffer: hiding the overlay does), the overlay, the cursor.
        frameBytes.removeAll(keepingCapacity: true)
        frameBytes += prefix
        let body = pipeline.encoder.lastOutput
        let bodyCount = body.count
        frameBytes.append(contentsOf: body)
        if overlay.visible || overlay.forceRepaint {
            overlay.record(nanoseconds: frameNanoseconds, bytes: bodyCount,
                           evaluations: pipeline.graph.statistics.bodyEvaluations)
            frameBytes += overlay.draw(host: pipeline, link: link)
        }
        // The terminal's cursor is shown only at a focused text field's insertion point.
        let wantsCursor = pipeline.graph.caret != nil
        if wantsCursor != cursorShown {
            cursorShown = wantsCursor
            frameBytes += (wantsCursor ? TerminalModes.showCursor : TerminalModes.hideCursor).utf8
        }
        // A DA1 after the frame: its answer says the terminal has read the frame.
        let probe = !frameBytes.isEmpty && link.wantsProbe(now: lastFrameStart)
        if !frameBytes.isEmpty {
            if probe { frameBytes += LinkMonitor.probe }
            let writeStart = monotonicNanoseconds()
            do {
                try device.write(frameBytes)
            } catch {
                end(status: 1, message: "error: writing to the terminal: \(error)\n", restore: false)
                return
            }
            let writeEnd = monotonicNanoseconds()
            link.wrote(frameBytes.count, start: writeStart, end: writeEnd)
            if probe { link.probeSent(now: writeEnd) }
            framesWritten += 1
            bytesWritten += frameBytes.count
        }
        recorder?.frame(pipeline.canvas, bytes: probe ? Array(frameBytes.dropLast(LinkMonitor.probe.count)) : frameBytes)
        if inline != nil { inlineFrameWritten() }
    }

    // MARK: Leaving

    /// Ends the app as it asked: what it changed and printed before quitting
    /// is drawn first (a frame the cap or the queue had not drawn yet), so
    /// an inline app's last frame and printed lines stay on screen.
    func quitAfterLastFrame(_ status: Int32) {
        guard running else { return }
        if frameScheduled || !pendingPrints.isEmpty || pipeline.graph.needsFrame {
            if let region = inline, region.awaitingCursorReport {
                // Where the region is is not known yet: the lines go below it.
                printAfterExit.insert(contentsOf: pendingPrints, at: 0)
                pendingPrints = []
            } else {
                frame()
            }
        }
        end(status: status)
    }

    /// Ends the app: tasks stop, the terminal is restored, the profile (if
    /// `TUI_PROFILE`) is written, and the app's end handler runs.
    func end(status: Int32, message: String? = nil, reraising sig: Int32? = nil, restore: Bool = true) {
        guard running || started else { return }
        running = false
        if let failure = recorder?.end(status: status) { printAfterExit.append(failure + "\n") }
        for source in sources { source.cancel() }
        sources = []
        deadlineTimer?.cancel()
        deadlineTimer = nil
        if sig != nil {
            // Ending for a signal: the restore's own write, which does not
            // wait on a terminal that stopped reading.
            TerminalRestore.update(bytes: leaveBytes())
            TerminalRestore.restoreNow()
        } else if restore {
            leaveTerminal(final: true)
        } else {
            TerminalRestore.restoreNow()
        }
        Platform.signalAnswered()
        for text in printAfterExit {
            // Back in cooked mode: LF is CR LF again; controls shown as pictures.
            let rows = InlineRegion.wrap(text, columns: device.size().columns)
            try? device.write(rows.flatMap { $0 + [0x0A] })
        }
        printAfterExit = []
        writeProfile()
        if let sig { Platform.dieBySignal(sig) }
        finish(status: status, message: message)
    }

    func finish(status: Int32, message: String?) {
        if started {
            TerminalRestore.restoreNow()
            started = false
            // Text measured after this is for no terminal in particular.
            GraphemeWidth.setTerminalWidths(MeasuredWidths())
        }
        // The signals' previous actions are back (an app that runs a second
        // session, or goes on without one, gets them as they were).
        if signalFD >= 0 { Platform.unwatchSignals() }
        device.close()
        if let message { Platform.writeStandardError(message) }
        let onEnd = self.onEnd
        self.onEnd = nil
        onEnd?(status)
        if TerminalHost.running === self { TerminalHost.running = nil }
    }

    /// Undoes the modes in reverse order and puts the saved termios back.
    /// In inline mode the last frame stays and the cursor goes below it.
    func leaveTerminal(final: Bool) {
        collectProbeAnswers()
        try? device.write(leaveBytes())
        try? device.setModes(device.savedModes)
        TerminalRestore.disarm()
    }

    /// Before the terminal is given back (still in raw mode), the answers
    /// still due are read: those to the link's probes and those to reads
    /// the app is waiting for (a clipboard read's OSC 52 and a palette
    /// query's OSC 4, each with its DA1 fence), at most two round trips
    /// (half a second; a quarter at least while a read waits, since a
    /// terminal may take a moment over the clipboard): one that came later
    /// would reach the shell as typed text. The waiting reads are resolved
    /// first, as unanswered (nil, no colours), their timers cancelled.
    /// What else is read meanwhile is dropped: the app is leaving.
    private func collectProbeAnswers() {
        let readsWaiting = !clipboardReads.isEmpty
        var due = link.probes.count + clipboardReads.count
        cancelClipboardReads()
        guard due > 0, !link.unanswered, let roundTrip = link.smoothedRoundTrip else { return }
        let least: UInt64 = readsWaiting ? 250_000_000 : 50_000_000
        let deadline = monotonicNanoseconds() &+ min(500_000_000, max(least, 2 * roundTrip + 20_000_000))
        var fds: [Int32] = [device.inputFD]
        var ready: [Int16] = [0]
        while due > 0 {
            let now = monotonicNanoseconds()
            guard now < deadline else { return }
            let n = Platform.wait(&fds, ready: &ready, count: 1, milliseconds: Int32(max(1, (deadline - now) / 1_000_000)))
            guard n > 0, ready[0] != 0, readInput() else { return }
            for case .reply(.primaryDeviceAttributes) in readEvents {
                _ = link.acknowledged(now: monotonicNanoseconds())
                due -= 1
            }
        }
    }

    /// What undoes the modes (and, inline, puts the cursor below the region).
    func leaveBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        if let region = inline { bytes += region.leaveBytes() }
        if terminalProgress != .cleared { bytes += OperatingSystemCommand.progress(.cleared) }
        bytes += Array(modes.leave.utf8)
        return bytes
    }

    private func writeProfile() {
        guard let path = pipeline.profileOutputPath else { return }
        pipeline.profileOutputPath = nil  // written once, here, not again when the host is released
        do {
            try pipeline.writeProfile(to: path)
        } catch {
            Platform.writeStandardError("TUI_PROFILE: could not write \(path): \(error)\n")
        }
    }

    // MARK: Suspend and resume

    /// Gives the terminal back and stops the process (job control); on
    /// `fg`, takes it again and repaints everything.
    func suspend() {
        guard running, !terminalLeft else { return }
        leaveTerminal(final: false)
        terminalLeft = true
        // Let the default action stop the whole job, then put the loop's handler back.
        Platform.stopProcessGroup()
        // Continued: by `fg` (the terminal is the app's again), or by `bg`
        // (the shell keeps it; the app waits for the `fg` to come).
        if Platform.isForeground(device.inputFD) { resumeAfterStop() }
    }

    /// After `SIGCONT`: the terminal is taken again if the app gave it up
    /// (once: the stop's own return and the signal both come here); a bare
    /// continue after an outside `SIGSTOP` only repaints, since the modes
    /// were never left (entering again would push the kitty flags twice).
    func continued() {
        guard running else { return }
        if terminalLeft {
            // Only when brought to the foreground: continued in the
            // background (`bg`), the terminal stays the shell's.
            if Platform.isForeground(device.inputFD) { resumeAfterStop() }
        } else {
            pipeline.encoder.invalidate()
            overlay.forceRepaint = true
            requestFrame()
        }
    }

    /// Takes the terminal again after a stop: raw mode, the modes, and a full repaint.
    func resumeAfterStop() {
        guard terminalLeft else { return }
        terminalLeft = false
        try? device.setModes(device.rawModes)
        TerminalRestore.arm(fd: device.outputFD, modes: device.savedModes, bytes: leaveBytes())
        try? device.write(Array(modes.enter.utf8))
        if terminalProgress != .cleared { try? device.write(OperatingSystemCommand.progress(terminalProgress)) }
        // The terminal's theme may have changed while the app was stopped.
        if support.colorSchemeReports { try? device.write(Array(TerminalModes.queryColorScheme.utf8)) }
        cursorShown = false  // entering hid it
        if var region = inline {
            // The shell printed below us; find the cursor again and start a region there.
            region.restart()
            inline = region
            askCursorPosition()
        }
        let size = device.size()
        if inline == nil { pipeline.resize(columns: size.columns, rows: size.rows) }
        pipeline.encoder.invalidate()
        pipeline.graph.invalidateLayout()
        overlay.forceRepaint = true
        requestFrame()
    }
}

extension TerminalHost: TerminalActionTarget {
    nonisolated func requestQuit(_ status: Int32) {
        MainActor.assumeIsolated {
            // After the current event or frame, not in the middle of it.
            perform { [self] in quitAfterLastFrame(status) }
        }
    }

    nonisolated func requestPrint(_ text: String) {
        MainActor.assumeIsolated {
            recorder?.printed(text)
            if inline != nil {
                pendingPrints.append(text)
                requestFrame()
            } else {
                printAfterExit.append(text)
            }
        }
    }

    nonisolated func requestRepaint() {
        MainActor.assumeIsolated {
            pipeline.encoder.invalidate()
            pipeline.graph.invalidateLayout()
            requestFrame()
        }
    }

    nonisolated func requestSuspend() {
        MainActor.assumeIsolated { perform { [self] in suspend() } }
    }

    nonisolated func requestWrite(_ bytes: [UInt8]) {
        MainActor.assumeIsolated {
            // Between frames (a frame is written whole, after the views ran).
            guard running, !terminalLeft else { return }
            try? device.write(bytes)
        }
    }

    nonisolated func requestClipboardRead(_ completion: @escaping @MainActor (String?) -> Void) {
        MainActor.assumeIsolated { sendClipboardRead(completion) }
    }

    nonisolated func requestPaletteQuery(_ indices: [Int], _ completion: @escaping @MainActor ([PaletteColor]) -> Void) {
        MainActor.assumeIsolated { sendPaletteQuery(indices, completion) }
    }

    nonisolated func requestProgress(_ progress: OperatingSystemCommand.Progress) {
        MainActor.assumeIsolated {
            guard running, progress != terminalProgress else { return }
            let wasShown = terminalProgress != .cleared
            terminalProgress = progress
            // The restore (also on a signal) clears what is shown.
            if wasShown != (progress != .cleared) { TerminalRestore.update(bytes: leaveBytes()) }
            if !terminalLeft { try? device.write(OperatingSystemCommand.progress(progress)) }
        }
    }
}
