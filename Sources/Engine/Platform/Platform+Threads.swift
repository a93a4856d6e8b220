#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads and their stacks (for `StackGuard`).
extension Platform {
    /// A thread, compared with `pthread_equal`.
    struct Thread: Equatable {
        fileprivate let handle: pthread_t

        @inline(__always)
        static func == (a: Thread, b: Thread) -> Bool { pthread_equal(a.handle, b.handle) != 0 }
    }

    /// The calling thread.
    @inline(__always)
    static func currentThread() -> Thread {
        Thread(handle: pthread_self())
    }

    /// The lowest address and the size of `thread`'s stack; nil when the
    /// system does not say.
    ///
    /// On Linux `pthread_getattr_np` (on the main thread it reads
    /// /proc/self/maps); on Darwin `pthread_get_stackaddr_np`, which gives
    /// the stack's highest address, and `pthread_get_stacksize_np`.
    static func stackBounds(of thread: Thread) -> (lowest: UInt, size: Int)? {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread.handle))
        let size = pthread_get_stacksize_np(thread.handle)
        guard size > 0, top > UInt(size) else { return nil }
        return (top - UInt(size), size)
        #else
        // `pthread_getattr_np` is a GNU extension Swift's Glibc module leaves
        // out: find it by name (as FrameServer does sched_setaffinity).
        typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        var attributes = pthread_attr_t()
        guard unsafeBitCast(symbol, to: GetAttr.self)(thread.handle, &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address, size > 0 else { return nil }
        return (UInt(bitPattern: address), size)
        #endif
    }
}
