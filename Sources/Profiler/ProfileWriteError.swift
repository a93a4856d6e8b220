#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an export could not be written to a file.
public struct ProfileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be written.
    public var path: String
    /// The `errno` the system reported.
    public var code: Int32

    /// Creates an error for `path` with the system's `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// `cannot write PATH: REASON`.
    public var description: String {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return "cannot write \(path): \(reason)"
    }

    /// Writes `text` to `path` with plain `open`/`write` (no Foundation).
    static func write(_ text: String, toFile path: String) throws(ProfileWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ProfileWriteError(path: path, code: errno) }
        var failure: Int32 = 0
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw ProfileWriteError(path: path, code: failure) }
    }
}

/// `write(2)`, named so it does not collide with the `write` members above.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
