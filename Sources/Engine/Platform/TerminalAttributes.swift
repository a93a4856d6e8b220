import CTerminalPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's termios modes, read, changed and set through the C shim
/// (`termios`'s field types and `c_cc`'s size differ between systems).
struct TerminalAttributes {
    /// Only the platform layer looks inside.
    var value = termios()

    /// The modes `fd` has now.
    static func current(of fd: Int32) throws(SystemError) -> TerminalAttributes {
        var attributes = TerminalAttributes()
        let code = ctp_terminal_get_attributes(fd, &attributes.value)
        if code != 0 { throw SystemError(call: "tcgetattr", code: code) }
        return attributes
    }

    /// These modes with input processing, echo, signals from keys and
    /// output processing off: bytes arrive as typed, one at a time, and
    /// LF moves down without returning (what the writer assumes).
    var raw: TerminalAttributes {
        var raw = self
        ctp_terminal_make_raw(&raw.value)
        return raw
    }

    /// Sets these modes on `fd` now, retrying `EINTR`.
    func apply(to fd: Int32) throws(SystemError) {
        var value = self.value
        let code = ctp_terminal_set_attributes(fd, &value)
        if code != 0 { throw SystemError(call: "tcsetattr", code: code) }
    }
}

extension Platform {
    /// The window size of the terminal `fd` in cells, as the terminal
    /// reports it (either may be 0); nil when it cannot say.
    static func windowSize(of fd: Int32) -> (columns: Int, rows: Int)? {
        var columns: UInt16 = 0
        var rows: UInt16 = 0
        guard ctp_terminal_window_size(fd, &columns, &rows) == 0 else { return nil }
        return (Int(columns), Int(rows))
    }

    /// The window's text area in pixels, as the terminal fills in its
    /// window size (xterm, foot, WezTerm, kitty do; many leave 0); nil
    /// when either is 0 or it cannot say.
    static func windowPixelSize(of fd: Int32) -> (width: Int, height: Int)? {
        var width: UInt16 = 0
        var height: UInt16 = 0
        guard ctp_terminal_window_pixels(fd, &width, &height) == 0, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }
}
