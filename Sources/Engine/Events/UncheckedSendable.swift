/// Carries a value across a `@Sendable` boundary that, in this engine,
/// never actually crosses threads: the graph, its views' closures and every
/// timer and event callback run on the main actor (timers fire on the main
/// queue and enter it with `MainActor.assumeIsolated`, which traps
/// otherwise), so the value is only ever touched there.
struct MainThreadBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
