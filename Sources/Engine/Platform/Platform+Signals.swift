import CTerminalPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals: the numbers the runtime handles, and their actions.
extension Platform {
    /// The signal numbers the runtime handles (they differ between systems).
    enum Signal {
        static let interrupt: Int32 = SIGINT
        static let terminate: Int32 = SIGTERM
        static let hangup: Int32 = SIGHUP
        static let windowChange: Int32 = SIGWINCH
        static let terminalStop: Int32 = SIGTSTP
        static let continued: Int32 = SIGCONT
        static let brokenPipe: Int32 = SIGPIPE
    }

    /// Ignores `signal` (`SIG_IGN`).
    static func ignoreSignal(_ signal: Int32) {
        ctp_signal_ignore(signal)
    }

    /// Ends the process by `signal`, as its default action does (the
    /// action reset, the signal unblocked in this thread and raised: a
    /// plain `raise` on a dispatch worker thread, which blocks signals,
    /// would leave it pending and the process would exit normally).
    static func dieBySignal(_ signal: Int32) {
        ctp_signal_die(signal)
    }

    /// Whether this process's group is the foreground group of the terminal
    /// `fd` (a background job's writes and reads belong to the shell's screen).
    static func isForeground(_ fd: Int32) -> Bool {
        let group = tcgetpgrp(fd)
        return group < 0 || group == getpgrp()
    }

    /// Stops the job as `SIGTSTP`'s default action does, then puts back the
    /// `SIGTSTP` action found before (dispatch's); returns when continued.
    static func stopProcessGroup() {
        ctp_stop_process_group()
    }
}
