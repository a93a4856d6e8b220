/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
    /// Standard output is not a terminal (a pipe or a file).
    case notATerminal
    /// `TERM=dumb`: the terminal cannot move the cursor.
    case dumbTerminal
    /// A system call failed: its name and `errno`.
    case system(String, Int32)

    public var description: String {
        switch self {
        case .notATerminal: return "standard output is not a terminal (run the app in a terminal, not through a pipe)"
        case .dumbTerminal: return "TERM=dumb: this terminal cannot move the cursor, so a full-screen app cannot run in it"
        case .system(let call, let code): return "\(call): \(Platform.errorDescription(code))"
        }
    }

    init(_ error: SystemError) { self = .system(error.call, error.code) }
}

/// The terminal device: its file descriptors, its termios modes and its
/// size, and the one write loop every byte the runtime sends goes through.
///
/// Output goes to standard output, which must be a terminal. Input comes
/// from standard input when it is the terminal, otherwise from `/dev/tty`
/// (so `producer | app` still reads keys from the keyboard). The system
/// calls are the platform layer's (`Platform`).
struct TerminalDevice {
    let inputFD: Int32
    let outputFD: Int32
    /// The input descriptor was opened here (`/dev/tty`) and is closed by ``close()``.
    let ownsInput: Bool
    /// The termios modes found at start, restored on every way out.
    let savedModes: TerminalAttributes

    /// Opens the terminal of this process. Does not change any mode.
    static func open() throws(TerminalError) -> TerminalDevice {
        guard Platform.isTerminal(Platform.standardOutput) else { throw .notATerminal }
        var input = Platform.standardInput
        var owns = false
        if !Platform.isTerminal(Platform.standardInput) {
            do throws(SystemError) { input = try Platform.openTerminalDevice() } catch { throw TerminalError(error) }
            owns = true
        }
        let modes: TerminalAttributes
        do throws(SystemError) {
            modes = try TerminalAttributes.current(of: input)
        } catch {
            if owns { Platform.closeDescriptor(input) }
            throw TerminalError(error)
        }
        return TerminalDevice(inputFD: input, outputFD: Platform.standardOutput, ownsInput: owns, savedModes: modes)
    }

    /// The saved modes with input processing, echo, signals from keys and
    /// output processing off: bytes arrive as typed, one at a time, and
    /// LF moves down without returning (what the writer assumes).
    var rawModes: TerminalAttributes { savedModes.raw }

    func setModes(_ modes: TerminalAttributes) throws(TerminalError) {
        do throws(SystemError) { try modes.apply(to: inputFD) } catch { throw TerminalError(error) }
    }

    /// The window size in cells; 80×24 when the terminal does not say.
    func size() -> (columns: Int, rows: Int) {
        if let size = Platform.windowSize(of: outputFD), size.columns > 0, size.rows > 0 { return size }
        return (80, 24)
    }

    /// The text area in pixels, when the terminal fills it in (TIOCGWINSZ).
    func pixelSize() -> (width: Int, height: Int)? { Platform.windowPixelSize(of: outputFD) }

    /// Writes all of `bytes`: retries short writes and `EINTR`, waits for
    /// the descriptor on `EAGAIN`. Throws on any other error (`EIO` when
    /// the terminal went away, `EPIPE`).
    func write(_ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
        do throws(SystemError) { try Platform.writeAll(outputFD, bytes) } catch { throw TerminalError(error) }
    }

    func write(_ bytes: [UInt8]) throws(TerminalError) {
        var failure: TerminalError?
        bytes.withUnsafeBytes { raw in
            do throws(TerminalError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Reads what is available (at most `buffer.count` bytes): 0 at end of
    /// input; `nil` when nothing is ready (`EAGAIN`/`EINTR`).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int? {
        do throws(SystemError) { return try Platform.readAvailable(inputFD, into: buffer) } catch { throw TerminalError(error) }
    }

    func close() {
        if ownsInput { Platform.closeDescriptor(inputFD) }
    }
}
