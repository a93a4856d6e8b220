import CTerminalPlatform

/// What it takes to give the terminal back, kept where a signal handler can
/// use it: the descriptor, the termios modes found at start, and the bytes
/// that undo the modes the session set (in reverse order of setting).
///
/// The state and the handlers live in the C shim (`ctp_restore_*`), in
/// static storage: restoring uses only `write` and `tcsetattr`, which are
/// async-signal-safe, and takes no lock and allocates nothing; so a crash
/// (`SIGSEGV`, a Swift trap, `abort`), a fatal signal or `exit()` from
/// anywhere restores the terminal exactly once, and then the signal's
/// previous action runs (the crash report and exit status are unchanged).
/// At most `CTP_RESTORE_CAPACITY` (256) bytes are kept.
enum TerminalRestore {
    /// Makes `bytes` and `modes` what a restore writes and sets on `fd`, and
    /// installs (once per process) the handlers for fatal signals and `exit()`.
    static func arm(fd: Int32, modes: TerminalAttributes, bytes: [UInt8]) {
        var value = modes.value
        bytes.withUnsafeBufferPointer { ctp_restore_arm(fd, &value, $0.baseAddress, $0.count) }
    }

    /// Updates the bytes a restore writes (inline mode: where the region ends).
    static func update(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { ctp_restore_update($0.baseAddress, $0.count) }
    }

    /// Forgets the restore (the session left normally).
    static func disarm() { ctp_restore_disarm() }

    /// Restores now if armed: writes the bytes, sets the modes. Returns
    /// whether it did. Async-signal-safe.
    @discardableResult
    static func restoreNow() -> Bool { ctp_restore_now() }
}
