import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What it takes to give the terminal back, kept where a signal handler can
/// use it: the descriptor, the termios modes found at start, and the bytes
/// that undo the modes the session set (in reverse order of setting).
///
/// Restoring uses only `write` and `tcsetattr`, which are
/// async-signal-safe, on memory allocated once before any handler is
/// installed; so a crash (`SIGSEGV`, a Swift trap, `abort`), a fatal signal
/// or `exit()` from anywhere restores the terminal exactly once, and then
/// the signal's previous action runs (the crash report and exit status are
/// unchanged).
enum TerminalRestore {
    /// Storage shared with signal handlers. Written only on the main thread
    /// while no restore is armed (``arm(fd:modes:bytes:)``), read by handlers.
    struct Storage {
        var fd: Int32 = -1
        var modes = termios()
        var length = 0
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        static let capacity = 256
    }

    /// 1 while a restore is pending; exchanged to 0 by whoever restores, so
    /// the terminal is restored once however many paths race to it.
    static let armed = Atomic<Int32>(0)

    /// Allocated once, never freed: handlers may run at any time after.
    nonisolated(unsafe) static let storage: UnsafeMutablePointer<Storage> = {
        let p = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
        p.initialize(to: Storage())
        return p
    }()
    /// Previous actions of the fatal signals, by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        p.initialize(repeating: sigaction(), count: 65)
        return p
    }()
    nonisolated(unsafe) static var handlersInstalled = false

    /// The signals that end a process with a core dump or a crash report.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGQUIT]

    /// Makes `bytes` and `modes` what a restore writes and sets on `fd`.
    static func arm(fd: Int32, modes: termios, bytes: [UInt8]) {
        let s = storage
        armed.store(0, ordering: .sequentiallyConsistent)
        s.pointee.fd = fd
        s.pointee.modes = modes
        let n = min(bytes.count, Storage.capacity)
        withUnsafeMutableBytes(of: &s.pointee.bytes) { raw in
            for i in 0..<n { raw[i] = bytes[i] }
        }
        s.pointee.length = n
        installHandlers()
        // Publish last: a handler that sees it armed sees everything above.
        armed.store(1, ordering: .sequentiallyConsistent)
    }

    /// Updates the bytes a restore writes (inline mode: where the region ends).
    static func update(bytes: [UInt8]) {
        let s = storage
        let was = armed.exchange(0, ordering: .sequentiallyConsistent)
        let n = min(bytes.count, Storage.capacity)
        withUnsafeMutableBytes(of: &s.pointee.bytes) { raw in
            for i in 0..<n { raw[i] = bytes[i] }
        }
        s.pointee.length = n
        if was != 0 { armed.store(1, ordering: .sequentiallyConsistent) }
    }

    /// Forgets the restore (the session left normally).
    static func disarm() { armed.store(0, ordering: .sequentiallyConsistent) }

    /// Restores now if armed: writes the bytes, sets the modes. Returns
    /// whether it did. Async-signal-safe.
    @discardableResult
    static func restoreNow() -> Bool {
        let s = storage
        guard armed.exchange(0, ordering: .sequentiallyConsistent) == 1 else { return false }
        let fd = s.pointee.fd
        withUnsafeBytes(of: &s.pointee.bytes) { raw in
            var p = raw.baseAddress!
            var left = s.pointee.length
            while left > 0 {
                let n = Glibc.write(fd, p, left)
                if n > 0 { p += n; left -= n } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
        var modes = s.pointee.modes
        while tcsetattr(fd, TCSANOW, &modes) != 0 && errno == EINTR {}
        return true
    }

    /// Installs, once per process, handlers that restore the terminal on a
    /// fatal signal and on `exit()`, then let the signal's previous action run.
    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        _ = previousActions
        for sig in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                TerminalRestore.restoreNow()
                // Put back whatever was there before (the default action, or
                // the Swift runtime's backtracer) and let it handle the signal:
                // re-raised, it is delivered when this handler returns (a
                // faulting instruction faults again then).
                _ = sigaction(sig, TerminalRestore.previousActions + Int(sig), nil)
                _ = raise(sig)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            _ = sigaction(sig, &action, previousActions + Int(sig))
        }
        atexit { TerminalRestore.restoreNow() }
    }
}
