#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files the engine keeps for itself (the measured widths' cache):
/// read whole, with a size limit, and replaced atomically.
extension Platform {
    /// The bytes of the regular file at `path`, or nil when it cannot be
    /// read, is not a regular file, or holds more than `limit` bytes.
    static func readSmallFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, limit + 1 - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { return nil }  // it grew while read
        return Array(bytes[0..<count])
    }

    /// Creates the directory `path` and any missing parents (mode 0700);
    /// false when it does not exist afterwards.
    @discardableResult
    static func makeDirectories(_ path: String) -> Bool {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return false }
            prefix += "/"
        }
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Replaces the file at `path` with `bytes` atomically: written to a
    /// new file beside it (`path.<pid>.tmp`, created exclusively, mode
    /// 0600), then renamed over it. A reader sees the old file or the new
    /// one, never part of one. The temporary file is removed on failure.
    static func replaceFile(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw SystemError(call: "open", code: errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let code = errno
                _ = close(fd)
                _ = unlink(temporary)
                throw SystemError(call: "write", code: code)
            }
            written += n
        }
        guard close(fd) == 0 else {
            let code = errno
            _ = unlink(temporary)
            throw SystemError(call: "close", code: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            _ = unlink(temporary)
            throw SystemError(call: "rename", code: code)
        }
    }
}
