import CTerminalPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File descriptors: the terminal device, reads, writes, waiting.
extension Platform {
    /// Whether `fd` is a terminal (`isatty`).
    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// Opens `/dev/tty`, the process's terminal, for reading and writing
    /// (closed on exec, never made the controlling terminal).
    static func openTerminalDevice() throws(SystemError) -> Int32 {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw SystemError(call: "open /dev/tty", code: errno) }
        return fd
    }

    /// Creates (or empties) the file at `path` for writing, closed on exec.
    static func createFile(_ path: String) throws(SystemError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(call: "open", code: errno) }
        return fd
    }

    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Writes all of `bytes` to `fd`: retries short writes and `EINTR`,
    /// waits for the descriptor on `EAGAIN`. Throws on any other error
    /// (`EIO` when the terminal went away, `EPIPE`).
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let code = ctp_write_all(fd, base, bytes.count)
        if code != 0 { throw SystemError(call: "write", code: code) }
    }

    /// Writes `text` to standard error, retrying short writes and `EINTR`;
    /// gives up quietly at any other error.
    static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { ctp_write_until_error(standardError, $0.baseAddress, $0.count) }
    }

    /// Reads what `fd` has (at most `buffer.count` bytes): 0 at end of
    /// input; `nil` when nothing is ready (`EAGAIN`/`EINTR`).
    static func readAvailable(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        let n = read(fd, buffer.baseAddress, buffer.count)
        if n >= 0 { return n }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
        throw SystemError(call: "read", code: errno)
    }
}
