import CTerminalPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every system call the engine makes, behind one small API: the only
/// place in `Engine` that imports a platform module (Glibc, Musl, Darwin)
/// or the C shim `CTerminalPlatform` (`.ci/platform` checks it).
///
/// What Swift imports differently on each system (termios, the window
/// size, `sigaction`, the environment, the signal-safe restore) is written
/// once in C, in strict POSIX; the rest are thin wrappers with the same
/// code on Linux and Darwin. Nothing here decides policy: the terminal
/// runtime (`Runtime/`) does.
enum Platform {
    static let standardInput: Int32 = STDIN_FILENO
    static let standardOutput: Int32 = STDOUT_FILENO
    static let standardError: Int32 = STDERR_FILENO

    /// What `strerror` says about `code`.
    static func errorDescription(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The value of the environment variable `name`, if it is set.
    static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The whole environment of the process.
    static func environment() -> [String: String] {
        var env: [String: String] = [:]
        var p = ctp_environment()
        while let entry = p?.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p = p.map { $0 + 1 }
        }
        return env
    }

    /// Ends the process with `status` (`exit`: `atexit` handlers run).
    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    /// `value` printed by `vsnprintf` with `format`, which must hold one
    /// conversion of a `long long` or `unsigned long long` (or a `double`)
    /// and nothing else that takes an argument (``FormatSpecifier`` makes
    /// such formats only).
    static func format(_ format: String, _ value: some CVarArg) -> String {
        // Into a buffer on the stack; again into one of the length printed
        // when it did not fit. Nil: it did not fit, and the length needed.
        func print(into capacity: Int) -> (String?, Int) {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                let printed = Int(withVaList([value]) { vsnprintf(buffer.baseAddress!, capacity, format, $0) })
                if printed < 0 { return ("", 0) }
                return printed < capacity ? (String(cString: buffer.baseAddress!), printed) : (nil, printed)
            }
        }
        let (small, needed) = print(into: 128)
        return small ?? print(into: needed + 1).0 ?? ""
    }

    /// Compares `count` bytes at `a` and `b` (`memcmp`).
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }
}

/// A system call that failed: its name and `errno`.
struct SystemError: Error, Equatable {
    var call: String
    var code: Int32
}
