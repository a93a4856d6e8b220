import Foundation

/// Runs `body` on a new thread with a `stackSize` stack while the calling
/// thread, on the main actor, blocks until it is done: how a test renders a
/// tree deeper than the test thread's stack (or checks the engine's stack
/// guard on a small one).
///
/// The engine is main-actor isolated. While the main actor's thread waits
/// here nothing else can run on the main actor, so `body` has the main
/// actor's state to itself; the isolation is the compiler's, and a
/// synchronous main-actor function has the same representation as any
/// other, so the call goes through unchanged.
@MainActor
func onThread(stackSize: Int, _ body: @MainActor () -> Void) {
    withoutActuallyEscaping(body) { body in
        let run = unsafeBitCast(body, to: (() -> Void).self)
        // The closure must not outlive this call: the box lets go of it
        // before the caller wakes.
        final class Box: @unchecked Sendable {
            var run: (() -> Void)?
            init(_ run: @escaping () -> Void) { self.run = run }
        }
        let box = Box(run)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.run?()
            box.run = nil
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }
}
