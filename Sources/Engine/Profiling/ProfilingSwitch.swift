import Profiler

/// Whether this build of the engine carries its profiling hooks at all.
///
/// Normally true: with no profiler attached, each hook costs one branch on
/// a `nil` check. Building with `-Xswiftc -DTUIENGINE_NO_PROFILER` compiles
/// every hook out (`activeProfiler(_:)` is then constantly `nil` and the
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

#if TUIENGINE_LAYOUT_CONTROL
/// Present only in a control build for measuring the hooks' cost: the same
/// engine with one unused function added, which moves the code after it.
/// How far that build's timings differ from the shipped one's is how much
/// code placement alone moves them.
@inline(never)
public func _engineLayoutControl(_ values: [Int]) -> Int {
    var hash = 14_695_981_039_346_656_037 as UInt64
    for v in values { hash = (hash ^ UInt64(bitPattern: Int64(v))) &* 1_099_511_628_211 }
    return Int(truncatingIfNeeded: hash)
}
#endif
