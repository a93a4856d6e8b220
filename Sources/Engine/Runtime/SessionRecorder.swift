/// Writes a `tuisession` file (docs/tuisession.md) while an app runs, when
/// `TUI_RECORD=path` is in its environment: every read from the terminal,
/// each move of the app's clock, held input flushed, resizes, lines
/// printed, and each frame (the rows that changed, and the bytes written).
///
/// While recording, the app's clock is a manual one that the host moves to
/// the wall clock's time at each wake-up (recorded as `clock`), so timers
/// and sleeps fall due only there: a replay that moves its clock at the same
/// records runs the same code in the same order as the session did.
@MainActor
final class SessionRecorder {
    let path: String
    private var fd: Int32 = -1
    /// When the session started (monotonic nanoseconds).
    let start: UInt64
    /// The app's clock while recording.
    let clock = RuntimeClock.manual()
    private var pending: [UInt8] = []
    private var began = false
    private var screens = SessionScreenWriter()
    private var frameNumber = 0
    private var expectsCursorReport = false
    /// Set when the file could not be written; recording stops (the app goes on).
    private(set) var failure: String?

    /// The recorder `TUI_RECORD` asks for, or nil. A file that cannot be
    /// created is reported on standard error when the app ends, and the app
    /// runs unrecorded.
    static func fromEnvironment(_ env: [String: String]) -> SessionRecorder? {
        guard let path = env["TUI_RECORD"], !path.isEmpty else { return nil }
        return SessionRecorder(path: path)
    }

    init(path: String) {
        self.path = path
        start = monotonicNanoseconds()
        do throws(SystemError) {
            fd = try Platform.createFile(path)
        } catch {
            failure = "TUI_RECORD: could not create \(VisibleEscaping.visible(path)): \(Platform.errorDescription(error.code))"
        }
    }

    /// Time since the start, truncated to microseconds (what the file keeps).
    func elapsed(_ now: UInt64 = monotonicNanoseconds()) -> UInt64 {
        let ns = now &- start
        return ns - ns % 1000
    }

    private func stamp(_ ns: UInt64) -> String {
        let us = ns / 1000
        let fraction = String(us % 1000)
        return "@\(us / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) "
    }

    private func append(_ line: String) {
        guard failure == nil else { return }
        pending += Array(line.utf8)
    }

    /// The header: what the terminal was when the app started. Records made
    /// before it (start-up's replies) follow it in the file.
    func begin(columns: Int, rows: Int, screen: TerminalOptions.Screen, capabilities: TerminalCapabilities) {
        var header = "tuisession 1\nsize \(columns) \(rows)\n"
        switch screen {
        case .alternate: header += "screen alternate\n"
        case .inline(let maxHeight): header += maxHeight.map { "screen inline \($0)\n" } ?? "screen inline\n"
        }
        header += "capabilities \(capabilities.sessionWords)\n"
        header += "# times: milliseconds since the app started\n"
        pending = Array(header.utf8) + pending
        began = true
        write()
    }

    /// Bytes read from the terminal, with the decoder's reading of cursor
    /// reports when it changed.
    func input(_ bytes: UnsafeBufferPointer<UInt8>, expectsCursorReport expects: Bool) {
        let t = stamp(elapsed())
        if expects != expectsCursorReport {
            expectsCursorReport = expects
            append(t + (expects ? "cpr on\n" : "cpr off\n"))
        }
        append(t + "in " + SessionQuoting.quote(bytes) + "\n")
    }

    func flushed(stalledPaste: Bool) { append(stamp(elapsed()) + (stalledPaste ? "stall\n" : "flush\n")) }

    func resized(columns: Int, rows: Int) { append(stamp(elapsed()) + "resize \(columns) \(rows)\n") }

    func printed(_ text: String) { append(stamp(elapsed()) + "print " + SessionQuoting.quote(Array(text.utf8)) + "\n") }

    /// A wake-up: the app's clock moves to now (timers and sleeps due
    /// run); `settle` lets the work that woke run; the record says how many
    /// fell due and how many wait after it.
    func wake(settle: () -> Void) {
        let t = elapsed()
        let fired = clock.advance(to: .nanoseconds(Int64(t)))
        let at = pending.count
        settle()
        // Before what the settled work recorded (a printed line), which came after it.
        // (Nothing writes the file during the settle: frames are drawn after it.)
        if failure == nil {
            pending.insert(contentsOf: Array((stamp(t) + "clock \(fired) \(clock.pendingCount)\n").utf8),
                           at: min(at, pending.count))
        }
    }

    /// When the app's clock next needs a wake-up (monotonic nanoseconds), if ever.
    var nextClockDeadline: UInt64? {
        guard let d = clock.nextDeadline else { return nil }
        let ns = d / .nanoseconds(1)
        // Rounded up to the microsecond: the wake's `clock` record (truncated) still passes it.
        return start &+ UInt64(max(0, ns)) &+ 999
    }

    /// A frame: the rows of `canvas` that changed, then the bytes written.
    func frame(_ canvas: CellBuffer, bytes: [UInt8]) {
        frameNumber += 1
        let t = stamp(elapsed())
        append(t + "frame \(frameNumber) \(canvas.columns)x\(canvas.rows)\n")
        append(screens.lines(for: canvas))
        if !bytes.isEmpty { append(t + "out " + SessionQuoting.quote(bytes) + "\n") }
        if began { write() }
    }

    /// The app ended: the last record, and the file closed. Returns a
    /// message for standard error when the file could not be written.
    func end(status: Int32) -> String? {
        append(stamp(elapsed()) + "end \(status)\n")
        if !began {
            // Ended before start-up finished: the header says what is known.
            pending = Array("tuisession 1\nsize 1 1\n".utf8) + pending
            began = true
        }
        write()
        if fd >= 0 { Platform.closeDescriptor(fd) }
        fd = -1
        return failure
    }

    private func write() {
        guard failure == nil, fd >= 0, !pending.isEmpty else { return }
        let fd = self.fd
        let result = pending.withUnsafeBytes { raw -> SystemError? in
            do throws(SystemError) {
                try Platform.writeAll(fd, raw)
                return nil
            } catch {
                return error
            }
        }
        if let error = result {
            failure = "TUI_RECORD: could not write \(VisibleEscaping.visible(path)): \(Platform.errorDescription(error.code))"
        } else {
            pending.removeAll(keepingCapacity: true)
        }
    }
}
