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
/// Everything happens on the main thread (the main actor), driven by
/// dispatch sources: the tty is a read source, signals are signal sources,
/// timers are dispatch timers. Nothing polls: an idle app sleeps in the
/// kernel and writes nothing. Input, a state change, a resize or a timer
/// asks for a frame; requests coalesce, and frames are capped at
/// ``TerminalOptions/maxFramesPerSecond``. Each frame is one write loop.
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
    var frameScheduled = false
    var lastFrameStart: UInt64 = 0
    var minFrameInterval: UInt64
    var sources: [any DispatchSourceProtocol] = []
    var escapeTimer: (any DispatchSourceTimer)?
    var readBuffer = [UInt8](repeating: 0, count: 4096)
    /// Non-reply events read while start-up waited for the terminal's answers.
    var earlyEvents: [InputEvent] = []
    /// A cursor report now answers the emoji width probe.
    var probingEmojiWidths = false
    var onEnd: ((Int32) -> Void)?
    var pendingPrints: [String] = []
    /// The app gave the terminal back (suspended) and has not taken it again.
    private var terminalLeft = false
    /// The bytes of the frame being written (kept: its capacity is reused).
    private var frameBytes: [UInt8] = []
    /// Input is being handled: a frame asked for now is drawn when it is done.
    var handlingInput = false
    /// The terminal's cursor is shown (a text field is focused).
    var cursorShown = false
    var frameWanted = false
    var printAfterExit: [String] = []
    var inline: InlineRegion?
    let overlay: PerformanceOverlay
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
        self.options = options
        let size = device.size()
        var caps = options.capabilities ?? TerminalCapabilities.detect(environment: env)
        if case .inline = options.screen { caps.scrolling = false }
        pipeline = FramePipeline(columns: size.columns, rows: size.rows, capabilities: caps)
        minFrameInterval = 1_000_000_000 / UInt64(max(1, options.maxFramesPerSecond))
        overlay = PerformanceOverlay(visible: env["TUI_OVERLAY"].map { !$0.isEmpty && $0 != "0" } ?? false)
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
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            host.onEnd = { continuation.resume(returning: $0) }
            do throws(TerminalError) {
                try host.start(root)
            } catch {
                host.finish(status: 1, message: "error: \(error)\n")
            }
        }
    }

    /// Runs `root` on the main queue and never returns: the process exits
    /// with the app's status when it ends. What ``App``'s `main()` calls.
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
            try start(host)
        } catch {
            Platform.writeStandardError("error: \(error)\n")
            Platform.exitProcess(1)
        }
    }

    func start<Root: View>(_ root: Root) throws(TerminalError) {
        try device.setModes(device.rawModes)
        TerminalHost.running = self
        TerminalRestore.arm(fd: device.outputFD, modes: device.savedModes, bytes: [])
        started = true
        queryTerminal()
        pipeline.encoder.capabilities.synchronizedOutput = support.synchronizedOutput
        modes = TerminalModes.sequences(for: options, support: support)
        TerminalRestore.update(bytes: Array(modes.leave.utf8))
        if case .inline(let maxHeight) = options.screen {
            inline = InlineRegion(maxHeight: maxHeight, cursorRow: support.cursorRow, screenRows: device.size().rows)
        }
        do {
            try device.write(Array(modes.enter.utf8))
        } catch {
            finish(status: 1, message: "error: \(error)\n")
            return
        }
        probeEmojiWidths()
        running = true
        // The writer assumes a blank screen with the cursor at home; after
        // DECSET 1049 the cursor is wherever the shell left it. The first
        // frame clears and homes explicitly.
        pipeline.encoder.invalidate()
        configurePipeline()
        installSources()
        renderRoot = { [unowned self] in self.pipeline.render(root, keepBytes: false) }
        frame()
        for event in earlyEvents { handle(event) }
        earlyEvents = []
    }

    private func configurePipeline() {
        let graph = pipeline.graph
        graph.onNeedsFrame = { [weak self] in
            MainActor.assumeIsolated { self?.requestFrame() }
        }
        graph.setRootEnvironment(\.terminal, TerminalActions(self))
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

    /// Asks what the terminal supports (synchronized output, the kitty
    /// keyboard protocol, the cursor row for inline mode), ended by DA1,
    /// which every terminal answers after the rest; waits at most
    /// ``TerminalOptions/queryTimeout``. Keys typed meanwhile are kept.
    private func queryTerminal() {
        var query = TerminalModes.querySynchronizedOutput + TerminalModes.queryKittyKeyboard
        if case .inline = options.screen { query += TerminalModes.queryCursorPosition }
        awaitReplies(to: query)
    }

    /// On the alternate screen (nothing of the user's is on it), prints
    /// 😀 (Unicode 6) and 🫠 (Unicode 14) from the home position and asks
    /// where the cursor went. A terminal that drew both two columns wide
    /// measures single emoji code points as the engine does, so the writer
    /// need not re-anchor the cursor after each one
    /// (``TerminalCapabilities/settledEmojiWidths``). No answer, or any other
    /// column, keeps the cautious default. The probe is printed concealed,
    /// and the first frame clears it.
    private func probeEmojiWidths() {
        // A terminal that did not answer the first query is not asked again
        // (that would cost a second timeout at start).
        guard options.screen == .alternate, options.capabilities == nil, support.answered else { return }
        probingEmojiWidths = true
        defer { probingEmojiWidths = false }
        // Concealed (SGR 8), so that nothing shows for the moment before the
        // first frame; the cursor moves all the same.
        awaitReplies(to: TerminalModes.cursorHome + TerminalModes.conceal + TerminalModes.emojiWidthProbe
                     + TerminalModes.queryCursorPosition + TerminalModes.resetRendition)
    }

    /// Writes `query` and DA1, and handles replies until DA1 arrives or
    /// ``TerminalOptions/queryTimeout`` passes.
    private func awaitReplies(to query: String) {
        support.answered = false
        guard (try? device.write(Array((query + TerminalModes.queryPrimaryAttributes).utf8))) != nil else { return }
        decoder.expectsCursorPositionReport = true
        defer { decoder.expectsCursorPositionReport = false }
        let deadline = monotonicNanoseconds() + UInt64(options.queryTimeout / .nanoseconds(1))
        while !support.answered {
            let now = monotonicNanoseconds()
            guard now < deadline else { break }
            guard device.waitForInput(milliseconds: Int32(max(1, (deadline - now) / 1_000_000))) else { break }
            guard let events = readInput() else { break }
            for event in events {
                if case .reply(let reply) = event { note(reply) } else { earlyEvents.append(event) }
            }
        }
    }

    private func note(_ reply: TerminalReply) {
        switch reply {
        case .primaryDeviceAttributes: support.answered = true
        case .modeReport(let mode, let value, _) where mode == 2026: support.synchronizedOutput = value == 1 || value == 2
        case .modeReport: break
        case .keyboardFlags: support.kittyKeyboard = true
        case .cursorPosition(_, let column) where probingEmojiWidths:
            if column == TerminalModes.emojiWidthProbeColumn { pipeline.encoder.capabilities.settledEmojiWidths = true }
        case .cursorPosition(let row, _):
            support.cursorRow = row - 1
            inline?.cursorReported(row: row - 1, restingRow: pipeline.encoder.restingCursor?.y ?? 0)
            if inline != nil { requestFrame() }
        }
    }

    /// Reads what the tty has and decodes it; nil at end of input or on error.
    private func readInput() -> [InputEvent]? {
        let n: Int?
        do {
            n = try readBuffer.withUnsafeMutableBytes { (raw) throws(TerminalError) in try device.read(into: raw) }
        } catch {
            return nil
        }
        guard let n else { return [] }
        if n == 0 { return nil }
        return readBuffer.withUnsafeBufferPointer { buffer in
            var events: [InputEvent] = []
            decoder.decode(UnsafeBufferPointer(rebasing: buffer[0..<n]), into: &events)
            return events
        }
    }

    // MARK: Sources

    private func installSources() {
        let read = DispatchSource.makeReadSource(fileDescriptor: device.inputFD, queue: .main)
        read.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.inputReady() } }
        read.resume()
        sources.append(read)

        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.escapeTimeoutFired() } }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        escapeTimer = timer

        Platform.ignoreSignal(Platform.Signal.brokenPipe)
        for sig in [Platform.Signal.windowChange, Platform.Signal.interrupt, Platform.Signal.terminate,
                    Platform.Signal.hangup, Platform.Signal.terminalStop, Platform.Signal.continued] {
            Platform.ignoreSignal(sig)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .main)
            source.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.received(sig) } }
            source.resume()
            sources.append(source)
        }
    }

    private func inputReady() {
        guard running else { return }
        guard let events = readInput() else {
            end(status: 0)  // the terminal went away
            return
        }
        // A frame the events ask for is drawn right after them, in this
        // callback (no second trip through the queue), when the cap allows.
        handlingInput = true
        for event in events {
            handle(event)
            if !running { return }
        }
        handlingInput = false
        if frameWanted {
            frameWanted = false
            scheduleFrame(drawNowIfAllowed: true)
        }
        if decoder.hasPendingInput {
            // A lone Esc waits a moment for the rest of a sequence; a paste
            // arriving in pieces waits longer (flushing it would end it early).
            let timeout = decoder.isInsideBracketedPaste ? max(options.escapeTimeout, .seconds(2)) : options.escapeTimeout
            let ns = Int(timeout / .nanoseconds(1))
            escapeTimer?.schedule(deadline: .now() + .nanoseconds(ns))
        } else {
            escapeTimer?.schedule(deadline: .distantFuture)
        }
    }

    private func escapeTimeoutFired() {
        escapeTimer?.schedule(deadline: .distantFuture)
        guard running else { return }
        for event in decoder.flush() { handle(event) }
    }

    private func received(_ sig: Int32) {
        switch sig {
        case Platform.Signal.windowChange: resized()
        case Platform.Signal.terminalStop: suspend()
        case Platform.Signal.continued: continued()
        default:
            // INT, TERM, HUP: leave as the signal would, with the terminal restored.
            end(status: 128 + sig, reraising: sig)
        }
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
        let handled = pipeline.graph.dispatch(viewEvent)
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
        if var region = inline {
            region.screenResized(rows: size.rows)
            inline = region
            pipeline.canvas.resize(columns: size.columns, rows: pipeline.canvas.rows)
            pipeline.graph.invalidateLayout()
            pipeline.graph.setRootEnvironment(\.screenSize, Size(width: size.columns, height: size.rows))
            // Where did the region go? The cursor rests at its top-left; ask.
            decoder.expectsCursorPositionReport = true
            try? device.write(Array(TerminalModes.queryCursorPosition.utf8))
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

    // MARK: Frames

    /// Asks for a frame: at once if the last one was long enough ago,
    /// otherwise when the frame cap allows. Requests before it coalesce.
    func requestFrame() {
        guard running, !frameScheduled else { return }
        frameScheduled = true
        if handlingInput {
            frameWanted = true  // drawn when the input is handled
            return
        }
        scheduleFrame(drawNowIfAllowed: false)
    }

    /// Draws the requested frame when the cap allows: at once (in this
    /// callback) or on the next turn of the queue, else when the cap allows.
    private func scheduleFrame(drawNowIfAllowed: Bool) {
        let now = monotonicNanoseconds()
        let earliest = lastFrameStart &+ minFrameInterval
        if now >= earliest || lastFrameStart == 0 {
            if drawNowIfAllowed {
                frame()
            } else {
                DispatchQueue.main.async { [unowned self] in MainActor.assumeIsolated { self.frame() } }
            }
        } else {
            DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(earliest - now))) { [unowned self] in
                MainActor.assumeIsolated { self.frame() }
            }
        }
    }

    func frame() {
        frameScheduled = false
        guard running else { return }
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
            frameBytes += overlay.draw(host: pipeline)
        }
        // The terminal's cursor is shown only at a focused text field's insertion point.
        let wantsCursor = pipeline.graph.caret != nil
        if wantsCursor != cursorShown {
            cursorShown = wantsCursor
            frameBytes += (wantsCursor ? TerminalModes.showCursor : TerminalModes.hideCursor).utf8
        }
        if !frameBytes.isEmpty {
            do {
                try device.write(frameBytes)
            } catch {
                end(status: 1, message: "error: writing to the terminal: \(error)\n", restore: false)
                return
            }
            framesWritten += 1
            bytesWritten += frameBytes.count
        }
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
        for source in sources { source.cancel() }
        sources = []
        escapeTimer?.cancel()
        escapeTimer = nil
        if restore { leaveTerminal(final: true) } else { TerminalRestore.restoreNow() }
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
        }
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
        var bytes: [UInt8] = []
        if let region = inline { bytes += region.leaveBytes() }
        bytes += Array(modes.leave.utf8)
        try? device.write(bytes)
        try? device.setModes(device.savedModes)
        TerminalRestore.disarm()
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
        // Let the default action stop the whole job, then put dispatch's handler back.
        Platform.stopProcessGroup()
        resumeAfterStop()
    }

    /// After `SIGCONT`: the terminal is taken again if the app gave it up
    /// (once: the stop's own return and the signal both come here); a bare
    /// continue after an outside `SIGSTOP` only repaints, since the modes
    /// were never left (entering again would push the kitty flags twice).
    func continued() {
        guard running else { return }
        if terminalLeft {
            resumeAfterStop()
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
        TerminalRestore.arm(fd: device.outputFD, modes: device.savedModes, bytes: Array(modes.leave.utf8))
        try? device.write(Array(modes.enter.utf8))
        cursorShown = false  // entering hid it
        if var region = inline {
            // The shell printed below us; find the cursor again and start a region there.
            region.restart()
            inline = region
            decoder.expectsCursorPositionReport = true
            try? device.write(Array(TerminalModes.queryCursorPosition.utf8))
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
            DispatchQueue.main.async { [self] in MainActor.assumeIsolated { quitAfterLastFrame(status) } }
        }
    }

    nonisolated func requestPrint(_ text: String) {
        MainActor.assumeIsolated {
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
        MainActor.assumeIsolated { DispatchQueue.main.async { [self] in MainActor.assumeIsolated { suspend() } } }
    }
}
