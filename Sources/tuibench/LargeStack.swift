import Foundation

/// A command whose scenario may nest views deeper than the main thread's
/// stack holds (8 MiB: about 5,000 deep-chain levels in a release build).
protocol NestsViews {
    var scenarioOptions: ScenarioOptions { get }
}

extension NestsViews {
    /// The deepest nesting (levels) the command's scenarios build: their
    /// depth (a tree of fanout 1 is a chain as deep as its depth).
    var nesting: Int { scenarioOptions.depth ?? 0 }
}

extension Run: NestsViews {}
extension Steady: NestsViews {}
extension ProfileCommand: NestsViews {}
extension FrameServer: NestsViews {}

/// Runs work on a thread with a large stack, for scenarios nested deeper
/// than the main thread's stack allows. The engine never crashes on a deep
/// tree (it stops descending where the stack ends and says so), but
/// tuibench's deep scenarios are meant to be rendered whole.
enum LargeStack {
    /// Nesting beyond this runs on the large stack; shallower scenarios stay
    /// on the main thread, so their numbers are made as before.
    static let threshold = 500
    /// 1 GiB of address space; only the pages a render touches are used.
    static let size = 1 << 30

    /// Calls `body` on a thread with a ``size`` stack and waits for it.
    static func run(_ body: @escaping () throws -> Void) throws {
        final class Result: @unchecked Sendable {
            var error: (any Error)?
            var body: (() throws -> Void)?
        }
        let result = Result()
        result.body = body
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            LargeStack.isRunning = true
            do { try result.body?() } catch { result.error = error }
            LargeStack.isRunning = false
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        if let error = result.error { throw error }
    }
}

extension LargeStack {
    /// Set while ``run(_:)`` runs its body (on the large stack's thread,
    /// with the main thread blocked waiting for it).
    nonisolated(unsafe) static var isRunning = false
}

/// Runs `body`, which uses the engine (main-actor isolated), on this
/// thread: the main thread, as the main actor; or the large stack's thread
/// while the main thread waits for it (``LargeStack/run(_:)``), where
/// nothing else can run on the main actor, so the body has it to itself.
func onMainActor<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    guard LargeStack.isRunning else { return try MainActor.assumeIsolated(body) }
    // The isolation is the compiler's, not the runtime's: a synchronous
    // main-actor function has the same representation as any other.
    return try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: (() throws -> T).self)()
    }
}
