import Profiler

/// Whether this build of the engine carries its profiling hooks at all.
///
/// Normally true: with no profiler attached, each hook costs one branch on
/// a `nil` check. Building with `-Xswiftc -DTUIENGINE_NO_PROFILER` compiles
/// every hook out (``activeProfiler(_:)`` is then constantly `nil` and the
/// optimiser removes the branches), which is how the cost of the hooks
/// when off is measured: the same `tuibench run` from both builds,
/// interleaved (`Fixtures/tools/profiler-off-overhead`).
public let engineHasProfilingHooks: Bool = {
    #if TUIENGINE_NO_PROFILER
    return false
    #else
    return true
    #endif
}()

/// The profiler a hook should record into: `profiler`, or always `nil` in a
/// build without profiling hooks.
@inline(__always)
func activeProfiler(_ profiler: Profiler?) -> Profiler? {
    #if TUIENGINE_NO_PROFILER
    return nil
    #else
    return profiler
    #endif
}
