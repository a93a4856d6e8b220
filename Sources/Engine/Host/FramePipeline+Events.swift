/// Driving an app without a terminal: events, resizes and time, as a test
/// does it (the bar is Textual's Pilot and Bubble Tea's teatest).
///
/// ```swift
/// let host = FramePipeline(columns: 20, rows: 3, clock: .manual())
/// host.render(Counter())
/// host.press("+")                 // routed like a real key; the frame it asks for is rendered
/// host.textRows                   // ["Count: 1", …]
/// host.advanceClock(by: .seconds(1))   // timers fire, sleeps resume
/// await host.settle()             // let tasks that resumed run, render what they changed
/// ```
///
/// Every event method routes the event through the views' handlers (as
/// the terminal runtime does), then renders a frame if anything asked for
/// one, and returns whether a handler handled the event.
extension FramePipeline {
    /// The clock the host's timers and tasks follow.
    public var clock: RuntimeClock {
        get { graph.clock }
        set { graph.clock = newValue }
    }

    /// Renders a frame with the root view unchanged (only what changed is
    /// evaluated), as the terminal runtime does after its first frame.
    @discardableResult
    public func update(keepBytes: Bool = true) -> Int {
        let profiler = activeProfiler(self.profiler)
        profiler?.beginFrame()
        defer { profiler?.endFrame() }
        graph.renderUpdates()
        encoder.restingCursor = graph.caret ?? restingCursor
        let bytes = encodeCanvas()
        lastByteCount = bytes.count
        if keepBytes { lastBytes = Array(bytes) }
        onFrame?(bytes)
        return bytes.count
    }

    /// Routes `event` to the views, then renders if a frame was asked for.
    @discardableResult
    public func send(_ event: ViewEvent) -> Bool {
        let handled = route(event)
        renderIfNeeded()
        return handled
    }

    /// Presses `key` (down), as the terminal would report it.
    @discardableResult
    public func press(_ key: Key, modifiers: EventModifiers = []) -> Bool {
        send(.key(KeyPress(key, modifiers: modifiers)))
    }

    /// Types `text`: one key press per grapheme cluster.
    public func type(_ text: String) {
        for c in text { press(.character(c)) }
    }

    /// Pastes `text` (bracketed paste: one event, never keys).
    @discardableResult
    public func paste(_ text: String) -> Bool { send(.paste(text)) }

    /// Clicks (press, then release) the left button at a cell.
    public func click(column: Int, row: Int, modifiers: EventModifiers = []) {
        send(.mouse(MouseEvent(kind: .press, button: .left, column: column, row: row, modifiers: modifiers)))
        send(.mouse(MouseEvent(kind: .release, button: .left, column: column, row: row, modifiers: modifiers)))
    }

    /// Drags with the left button from one cell to another: a press, a
    /// drag report at each cell on the way (along the row, then down or
    /// up the column), and a release, as a terminal reports them.
    public func drag(from: (column: Int, row: Int), to: (column: Int, row: Int), modifiers: EventModifiers = []) {
        send(.mouse(MouseEvent(kind: .press, button: .left, column: from.column, row: from.row, modifiers: modifiers)))
        var (column, row) = from
        while column != to.column || row != to.row {
            if column != to.column { column += column < to.column ? 1 : -1 } else { row += row < to.row ? 1 : -1 }
            send(.mouse(MouseEvent(kind: .drag, button: .left, column: column, row: row, modifiers: modifiers)))
        }
        send(.mouse(MouseEvent(kind: .release, button: .left, column: to.column, row: to.row, modifiers: modifiers)))
    }

    /// Scrolls the wheel at a cell (`lines` > 0 scrolls down).
    public func scroll(column: Int, row: Int, lines: Int) {
        for _ in 0..<abs(lines) {
            send(.mouse(MouseEvent(kind: lines > 0 ? .scrollDown : .scrollUp, button: .none, column: column, row: row)))
        }
    }

    /// Resizes the screen, tells the views, and renders at the new size.
    public func resizeScreen(columns: Int, rows: Int) {
        resize(columns: columns, rows: rows)
        graph.dispatch(.resize(columns: columns, rows: rows))
        update()
    }

    /// Moves the manual clock forward (timers fire, ``TimelineView``s tick,
    /// sleeps resume) and renders what the timers changed. Tasks whose
    /// sleep ended run when the caller next suspends: ``settle()``.
    public func advanceClock(by duration: Duration) {
        clock.advance(by: duration)
        renderIfNeeded()
    }

    /// Lets tasks that are ready run (on the main actor), then renders what
    /// they changed; repeats until nothing more asks for a frame. A view's
    /// `.task` started by a frame is waited for until it has begun (up to
    /// a bound), however busy the machine: on a manual clock it must
    /// register its sleep before the clock is moved.
    @MainActor
    public func settle() async {
        for _ in 0..<8 {
            for _ in 0..<64 { await Task.yield() }
            var turns = 0
            while graph.hasTasksStarting && turns < 100_000 {
                await Task.yield()
                turns += 1
            }
            if !graph.needsFrame { return }
            renderIfNeeded()
        }
    }

    /// Renders a frame when a state change, event or timer asked for one.
    public func renderIfNeeded() {
        if graph.needsFrame { update() }
    }
}

/// What views asked of the app through `\.terminal`, recorded for tests.
extension FramePipeline: TerminalActionTarget {
    func requestQuit(_ status: Int32) { quitStatus = status }
    func requestPrint(_ text: String) { printedLines.append(text) }
    func requestRepaint() {
        encoder.invalidate()
        graph.invalidateLayout()
    }
    func requestSuspend() { suspendRequests += 1 }
    func requestWrite(_ bytes: [UInt8]) { controlOutput += bytes }
    func requestProgress(_ progress: OperatingSystemCommand.Progress) {
        controlOutput += OperatingSystemCommand.progress(progress)
    }
    func requestClipboardRead(_ completion: @escaping @MainActor (String?) -> Void) {
        controlOutput += OperatingSystemCommand.clipboardQuery
        clipboardReads.append(completion)
    }

    func requestPaletteQuery(_ indices: [Int], _ completion: @escaping @MainActor ([PaletteColor]) -> Void) {
        controlOutput += OperatingSystemCommand.paletteQuery(indices)
        paletteQueries.append(completion)
    }

    /// Answers the oldest ``TerminalActions/queryPalette(_:)`` waiting, as a
    /// terminal would: with the colours it reports (none for a terminal
    /// that does not), which colours are then down-sampled to
    /// (``notePalette(_:)``), as in a running app. Returns whether one was waiting.
    @discardableResult
    public func answerPaletteQuery(_ colors: [PaletteColor]) -> Bool {
        guard !paletteQueries.isEmpty else { return false }
        notePalette(colors)
        paletteQueries.removeFirst()(colors)
        return true
    }

    /// Answers the oldest ``TerminalActions/readClipboard()`` waiting, as a
    /// terminal would: with the clipboard's text, or nil for a terminal
    /// that refuses (or says nothing). Returns whether one was waiting.
    @discardableResult
    public func answerClipboardRead(_ text: String?) -> Bool {
        guard !clipboardReads.isEmpty else { return false }
        clipboardReads.removeFirst()(text)
        return true
    }
}
