/// How much a ``Profiler`` recorded and what it had to drop, so a reader of an
/// export can tell whether it is complete.
///
/// ```swift
/// let stats = profiler.statistics
/// if stats.droppedTrees > 0 {
///     print("ring wrapped: \(stats.droppedTrees) oldest frames were dropped")
/// }
/// ```
public struct ProfilerStatistics: Hashable, Sendable {
    /// Spans written into the ring since the last reset.
    public var spansRecorded = 0
    /// Whole root trees (frames) overwritten by newer ones when the ring
    /// wrapped.
    public var droppedTrees = 0
    /// Root trees discarded because a single tree needed more records than the
    /// ring holds; make the ring larger if this is not zero.
    public var truncatedTrees = 0
    /// Spans not recorded because they were nested deeper than the profiler's
    /// `maxDepth`.
    public var spansBeyondMaxDepth = 0
    /// Calls to ``Profiler/end(_:)`` that were out of order: a token ended
    /// twice or from before a ``Profiler/reset()`` or a switch of
    /// ``Profiler/isEnabled`` (ignored), or an outer span ended while inner
    /// ones were open (those were closed at the same instant, one count each).
    public var unbalancedEnds = 0
    /// Frames completed since the last reset.
    public var framesRecorded = 0

    /// Creates statistics with every count zero.
    public init() {}
}
