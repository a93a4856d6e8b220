import ArgumentParser
import Engine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Messages to a person on stderr. Everything `tuibench` prints about an
/// error may quote input (a file's line, a path, an argument), so controls
/// are made visible first: no escape sequence from a file reaches the
/// terminal through a message.
enum Diagnostics {
    /// Writes `tuibench: MESSAGE` and a line feed to stderr.
    static func error(_ message: String) {
        writeAll(2, Array(("tuibench: " + VisibleEscaping.visibleKeepingLines(message) + "\n").utf8))
    }

    /// The reason for `errno` value `code`, as `strerror` gives it.
    static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// Writes all of `bytes` to `descriptor`; the errno of the failure, or 0.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return 0
    }

    /// Flushes stdout; when anything written to it was lost (a full disk, a
    /// closed pipe), says so and returns false.
    static func finishStandardOutput() -> Bool {
        // `stdout` is a C global Swift 6 will not read without isolation;
        // its address by name is the same stream.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout"),
              let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
        else { return true }
        if fflush(stream) != 0 || ferror(stream) != 0 {
            let code = errno
            error("cannot write standard output: \(reason(code == 0 ? EIO : code))")
            return false
        }
        return true
    }
}

extension TuiBench {
    /// ArgumentParser's `main`, except that its messages (which quote
    /// arguments) have controls made visible, and that output lost on the
    /// way to stdout makes the exit status 1.
    static func main() {
        let status: Int32
        do {
            var command = try parseAsRoot()
            if let nested = command as? NestsViews, nested.nesting > LargeStack.threshold {
                try LargeStack.run { try command.run() }
            } else {
                try command.run()
            }
            status = 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let text = Array((VisibleEscaping.visibleKeepingLines(message) + "\n").utf8)
                if code == .success {
                    print(String(decoding: text.dropLast(), as: UTF8.self))
                } else {
                    _ = finishStandardOutput()
                    Diagnostics.writeAll(2, text)
                }
            }
            status = code.rawValue
        }
        guard Diagnostics.finishStandardOutput() else { Glibc.exit(status == 0 ? 1 : status) }
        Glibc.exit(status)
    }

    private static func finishStandardOutput() -> Bool { Diagnostics.finishStandardOutput() }
}
