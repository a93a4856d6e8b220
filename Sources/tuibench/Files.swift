import Engine
#if canImport(Glibc)
import Glibc
#endif

/// A file tuibench could not read or write: the path and what the system
/// said (`strerror`), or what is wrong with it.
struct FileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }

    init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    init(_ path: String, doing what: String, errno code: Int32) {
        self.init(path, "cannot \(what): \(Diagnostics.reason(code))")
    }
}

/// Reading an input file whole, with a bound on what it may make us hold.
enum InputFile {
    /// The most bytes read from one input file: 128 MiB (the largest
    /// bundled recording is under 1 MB; a file holding the most cells a
    /// replay takes, ``TuiFrames/defaultCellLimit``, with a style row per
    /// row, is under 64 MiB).
    static let defaultByteLimit = 128 << 20

    /// The bytes of `path`: a regular file, a pipe or a device, read to its
    /// end. A directory, a file past `limit` bytes (`/dev/zero`) or a read
    /// error is a ``FileError`` naming the path and the reason.
    static func read(_ path: String, limit: Int = defaultByteLimit) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path, doing: "open", errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(path, doing: "stat", errno: errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw FileError(path, "is a directory, not a file") }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(min(Int(info.st_size), limit) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path, doing: "read", errno: errno)
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else {
                throw FileError(path, "larger than \(limit >> 20) MiB, the most tuibench reads from one file")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// `bytes` as text; invalid UTF-8 is a ``FileError`` saying where
    /// (`path:line: …`, with the column and the byte).
    static func text(_ bytes: [UInt8], path: String) throws(FileError) -> String {
        let error = bytes.withUnsafeBufferPointer { UTF8Validation.firstError(in: $0) }
        if let (offset, line, column) = error {
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            throw FileError("\(path):\(line)", "invalid UTF-8 at column \(column) (byte 0x\(byte))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An output file written as it goes, whose every failure (a full device,
/// a closed pipe, a failed close) is reported, not lost.
final class OutputFile {
    let path: String
    private var descriptor: Int32
    private var failure: FileError?

    init(_ path: String) throws(FileError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(path, doing: "write", errno: errno) }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `bytes`; after a failure, nothing more is written.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = FileError(path, doing: "write", errno: errno)
                return
            }
            offset += n
        }
    }

    /// Closes the file; throws the first failure of any write or of the close.
    func finish() throws(FileError) {
        let code = close(descriptor) == 0 ? 0 : errno
        descriptor = -1
        if let failure { throw failure }
        if code != 0 { throw FileError(path, doing: "write", errno: code) }
    }
}
