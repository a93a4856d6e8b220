import Engine

/// Drives an app's view headlessly, as a user would, on a manual clock:
/// keys, text, pastes, clicks, drags, the wheel, resizes and virtual time,
/// with the screen read back after each step (the bar is Textual's Pilot).
///
/// ```swift
/// @Test @MainActor func increments() async {
///     let app = AppTester(CounterView(), columns: 30, rows: 5)
///     app.press("+")
///     await app.waitUntil { $0.contains("Count: 1") }
/// }
/// ```
///
/// Every event goes through the views' handlers as the terminal runtime
/// routes it, and the frame it asks for is rendered before the method
/// returns. Work an event starts in a task (a `.task`, a `Task { }` on
/// the main actor) runs when the test suspends: ``settle()``,
/// ``advance(by:)`` and ``waitUntil(_:advancing:settles:fileID:filePath:line:column:_:)``
/// let it run. Nothing waits on the wall clock: timers, `TimelineView`s
/// and `clock.sleep` follow the tester's ``clock``, which moves only when
/// the test moves it.
///
/// Every byte the app writes (from the first full frame, and again from
/// the full frame after each resize) is kept in ``output``, for
/// ``verifyInEmulator(fileID:filePath:line:column:)``.
@MainActor
public final class AppTester {
    /// The pipeline the app renders into.
    public let pipeline: FramePipeline
    /// The manual clock the app's timers and sleeps follow.
    public let clock: RuntimeClock
    /// The bytes the terminal has received since the last full frame (the
    /// first one, or the one after the last resize).
    public private(set) var output: [UInt8] = []
    /// How many frames were rendered since the tester was made.
    public private(set) var frameCount = 0
    private var outputSize: (columns: Int, rows: Int)

    /// Renders the first frame of `root` on a `columns` × `rows` screen.
    public init<Root: View>(_ root: Root, columns: Int = 80, rows: Int = 24,
                            capabilities: TerminalCapabilities = .xterm) {
        clock = .manual()
        pipeline = FramePipeline(columns: columns, rows: rows, capabilities: capabilities, clock: clock)
        outputSize = (columns, rows)
        pipeline.onFrame = { [weak self] bytes in self?.record(bytes) }
        pipeline.render(root)
    }

    private func record(_ bytes: UnsafeBufferPointer<UInt8>) {
        frameCount += 1
        let size = (pipeline.canvas.columns, pipeline.canvas.rows)
        if size != outputSize {
            // The encoder repaints everything at a new size: start again.
            outputSize = size
            output.removeAll()
        }
        output.append(contentsOf: bytes)
    }

    // MARK: The screen

    /// What the app shows now.
    public var screen: TestScreen { TestScreen(pipeline) }
    /// The screen's rows as text.
    public var textRows: [String] { pipeline.textRows }
    /// Whether the screen shows `text` (within one row).
    public func contains(_ text: String) -> Bool { screen.contains(text) }
    /// Where `text` starts on the screen, or nil.
    public func position(of text: String) -> (column: Int, row: Int)? { screen.position(of: text) }
    /// The screen's size.
    public var columns: Int { pipeline.canvas.columns }
    public var rows: Int { pipeline.canvas.rows }

    // MARK: Input

    /// Routes `event` to the views and renders the frame it asks for;
    /// returns whether a handler handled it.
    @discardableResult
    public func send(_ event: ViewEvent) -> Bool { pipeline.send(event) }

    /// Presses `key`: `app.press("q")`, `app.press(.enter)`,
    /// `app.press("c", modifiers: .control)`.
    @discardableResult
    public func press(_ key: Key, modifiers: EventModifiers = []) -> Bool {
        pipeline.press(key, modifiers: modifiers)
    }

    /// Presses each key in turn: `app.press(.down, .down, .enter)`.
    public func press(_ first: Key, _ second: Key, _ more: Key...) {
        for key in [first, second] + more { pipeline.press(key) }
    }

    /// Types `text`, one key press per character.
    public func type(_ text: String) { pipeline.type(text) }

    /// Pastes `text` (a bracketed paste: one event, not keys).
    @discardableResult
    public func paste(_ text: String) -> Bool { pipeline.paste(text) }

    /// Clicks (press and release) `button` at a cell.
    public func click(column: Int, row: Int, button: MouseEvent.Button = .left, modifiers: EventModifiers = []) {
        send(.mouse(MouseEvent(kind: .press, button: button, column: column, row: row, modifiers: modifiers)))
        send(.mouse(MouseEvent(kind: .release, button: button, column: column, row: row, modifiers: modifiers)))
    }

    /// Clicks the first cell of `text` where the screen shows it; fails
    /// the test (printing the screen) and returns false when it does not.
    @discardableResult
    public func click(on text: String, button: MouseEvent.Button = .left,
                      fileID: String = #fileID, filePath: StaticString = #filePath,
                      line: UInt = #line, column: UInt = #column) -> Bool {
        guard let at = position(of: text) else {
            TestReporter.fail("click(on: \(text.debugDescription)): the screen does not show it\n\(screen)",
                              at: TestSourcePlace(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        click(column: at.column, row: at.row, button: button)
        return true
    }

    /// Drags with `button` held from one cell to another: a press, one
    /// motion event per cell along the way (the longer axis in steps of
    /// one), and a release at the end.
    public func drag(from start: (column: Int, row: Int), to end: (column: Int, row: Int),
                     button: MouseEvent.Button = .left, modifiers: EventModifiers = []) {
        send(.mouse(MouseEvent(kind: .press, button: button, column: start.column, row: start.row, modifiers: modifiers)))
        let steps = max(abs(end.column - start.column), abs(end.row - start.row))
        if steps > 0 {
            for i in 1...steps {
                let x = start.column + (end.column - start.column) * i / steps
                let y = start.row + (end.row - start.row) * i / steps
                send(.mouse(MouseEvent(kind: .drag, button: button, column: x, row: y, modifiers: modifiers)))
            }
        }
        send(.mouse(MouseEvent(kind: .release, button: button, column: end.column, row: end.row, modifiers: modifiers)))
    }

    /// Turns the wheel at a cell: `lines` > 0 scrolls down, < 0 up.
    public func scroll(column: Int, row: Int, lines: Int) {
        pipeline.scroll(column: column, row: row, lines: lines)
    }

    /// Resizes the screen: the views hear of it and the next frame is a
    /// full repaint at the new size (``output`` starts again there).
    public func resize(columns: Int, rows: Int) {
        pipeline.resizeScreen(columns: columns, rows: rows)
    }

    // MARK: Time and tasks

    /// Lets tasks that are ready run and renders what they changed, until
    /// nothing more asks for a frame (bounded; never a sleep).
    public func settle() async {
        await pipeline.settle()
        pipeline.renderIfNeeded()
    }

    /// Moves the virtual clock forward by `duration` — timers fire, sleeps
    /// end, `TimelineView`s tick — then settles.
    public func advance(by duration: Duration) async {
        pipeline.advanceClock(by: duration)
        await settle()
    }

    /// Waits until `condition` holds for the screen (or for the app's
    /// state, which the closure may read instead: `{ _ in model.loaded }`).
    ///
    /// Checks the condition, then up to `settles` times settles — lets
    /// ready tasks run and renders — moving the virtual clock by
    /// `advancing` first when it is not zero, and checks again. When the
    /// condition never holds, the test fails with the screen printed.
    /// Returns whether it held. Nothing here waits on the wall clock.
    ///
    /// ```swift
    /// await app.waitUntil { $0.contains("Saved") }
    /// await app.waitUntil("spinner gone", advancing: .milliseconds(100)) { !$0.contains("⠋") }
    /// ```
    @discardableResult
    public func waitUntil(_ description: String? = nil, advancing step: Duration = .zero, settles: Int = 20,
                          fileID: String = #fileID, filePath: StaticString = #filePath,
                          line: UInt = #line, column: UInt = #column,
                          _ condition: (TestScreen) throws -> Bool) async rethrows -> Bool {
        if try condition(screen) { return true }
        let started = clock.now
        for _ in 0..<max(0, settles) {
            if step > .zero { pipeline.advanceClock(by: step) }
            await settle()
            if try condition(screen) { return true }
        }
        var message = "waitUntil\(description.map { " \($0.debugDescription)" } ?? ""): the condition did not hold after \(settles) settles"
        if step > .zero { message += " (virtual time advanced \(clock.now - started))" }
        message += "\n\(screen)"
        TestReporter.fail(message, at: TestSourcePlace(fileID: fileID, filePath: filePath, line: line, column: column))
        return false
    }

    // MARK: What the app asked of the terminal

    /// The status the app asked to quit with (`terminal.quit(_:)`), if it did.
    public var quitStatus: Int32? { pipeline.quitStatus }
    /// The lines the app printed with `terminal.print(_:)`.
    public var printedLines: [String] { pipeline.printedLines }
}
