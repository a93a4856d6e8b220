#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
        case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
        }
    }
}

/// The terminal device: its file descriptors, its termios modes and its
/// size, and the one write loop every byte the runtime sends goes through.
///
/// Output goes to standard output, which must be a terminal. Input comes
/// from standard input when it is the terminal, otherwise from `/dev/tty`
/// (so `producer | app` still reads keys from the keyboard).
struct TerminalDevice {
    let inputFD: Int32
    let outputFD: Int32
    /// The input descriptor was opened here (`/dev/tty`) and is closed by ``close()``.
    let ownsInput: Bool
    /// The termios modes found at start, restored on every way out.
    let savedModes: termios

    /// Opens the terminal of this process. Does not change any mode.
    static func open() throws(TerminalError) -> TerminalDevice {
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        var input = STDIN_FILENO
        var owns = false
        if isatty(STDIN_FILENO) != 1 {
            let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw .system("open /dev/tty", errno) }
            input = fd
            owns = true
        }
        var modes = termios()
        guard tcgetattr(input, &modes) == 0 else {
            let code = errno
            if owns { _ = Glibc.close(input) }
            throw .system("tcgetattr", code)
        }
        return TerminalDevice(inputFD: input, outputFD: STDOUT_FILENO, ownsInput: owns, savedModes: modes)
    }

    /// The saved modes with input processing, echo, signals from keys and
    /// output processing off: bytes arrive as typed, one at a time, and
    /// LF moves down without returning (what the writer assumes).
    var rawModes: termios {
        var raw = savedModes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    func setModes(_ modes: termios) throws(TerminalError) {
        var m = modes
        while tcsetattr(inputFD, TCSANOW, &m) != 0 {
            if errno == EINTR { continue }
            throw .system("tcsetattr", errno)
        }
    }

    /// The window size in cells; 80×24 when the terminal does not say.
    func size() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// Writes all of `bytes`: retries short writes and `EINTR`, waits for
    /// the descriptor on `EAGAIN`. Throws on any other error (`EIO` when
    /// the terminal went away, `EPIPE`).
    func write(_ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
        try TerminalDevice.writeAll(outputFD, bytes)
    }

    func write(_ bytes: [UInt8]) throws(TerminalError) {
        var failure: TerminalError?
        bytes.withUnsafeBytes { raw in
            do throws(TerminalError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n > 0 {
                p += n
                left -= n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 1000)
                continue
            }
            throw .system("write", n < 0 ? errno : EIO)
        }
    }

    /// Reads what is available (at most `buffer.count` bytes): 0 at end of
    /// input; `nil` when nothing is ready (`EAGAIN`/`EINTR`).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int? {
        let n = Glibc.read(inputFD, buffer.baseAddress, buffer.count)
        if n >= 0 { return n }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
        throw .system("read", errno)
    }

    /// Waits up to `milliseconds` for input; true when some is ready.
    func waitForInput(milliseconds: Int32) -> Bool {
        var pfd = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        while true {
            let r = poll(&pfd, 1, milliseconds)
            if r < 0 && errno == EINTR { continue }
            return r > 0
        }
    }

    func close() {
        if ownsInput { _ = Glibc.close(inputFD) }
    }
}
