import CTerminalPlatform

/// What the runtime's loop waits on: descriptors, the signals it handles
/// (through a pipe), and the main dispatch queue's work.
extension Platform {
    /// Sends `signals` to the loop instead of their default actions: each
    /// arrival sets a pending bit and wakes ``signalDescriptor``. When one of
    /// `ending` arrives and the loop has not called ``signalAnswered()``
    /// within `graceMilliseconds` (the main thread is busy or blocked), a
    /// watchdog thread restores the terminal and ends the process by it.
    /// Returns the descriptor to wait on.
    static func watchSignals(_ signals: [Int32], ending: [Int32], graceMilliseconds: Int) throws(SystemError) -> Int32 {
        let fd = signals.withUnsafeBufferPointer { s in
            ending.withUnsafeBufferPointer { e in
                ctp_loop_signals_watch(s.baseAddress, s.count, e.baseAddress, e.count, graceMilliseconds)
            }
        }
        if fd < 0 { throw SystemError(call: "signal pipe", code: -fd) }
        return fd
    }

    /// The signals that arrived since the last call (bit `n`: signal `n`).
    static func takeSignals() -> UInt64 { ctp_loop_signals_take() }

    /// The loop is ending the app for a signal and has given the terminal back: the watchdog stands down.
    static func signalAnswered() { ctp_loop_signal_answered() }

    /// Puts the watched signals' previous actions back.
    static func unwatchSignals() { ctp_loop_signals_unwatch() }

    /// Waits up to `milliseconds` (-1: no limit) for one of `fds` (at most 8)
    /// to be readable; `ready[i]` is nonzero for each that is (or hung up).
    static func wait(_ fds: UnsafeMutablePointer<Int32>, ready: UnsafeMutablePointer<Int16>, count: Int,
                     milliseconds: Int32) -> Int32 {
        ctp_wait(fds, ready, Int32(count), milliseconds)
    }

    /// The descriptor that becomes readable when work is queued on the main
    /// queue, or -1 where the loop cannot drain the main queue (Darwin).
    static func mainQueueDescriptor() -> Int32 { ctp_main_queue_handle() }

    /// Runs the work queued on the main queue (tasks on the main actor,
    /// `DispatchQueue.main.async`). Main thread only, never after `dispatchMain()`.
    static func drainMainQueue(_ descriptor: Int32) { ctp_main_queue_drain(descriptor) }
}
