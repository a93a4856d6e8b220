/// Records where a render engine's time goes: nested spans into a
/// preallocated ring, per-frame phase times and counts, and histograms — at
/// the cost of one predictable branch per call when it is off.
///
/// **Spans.** ``begin(_:detail:reason:)`` opens a span and returns a
/// ``SpanToken``; ``end(_:)`` closes it. Spans nest: a span begun while
/// another is open is its child. Each span is recorded as integers only
/// (interned name, detail and reason, start and end from a monotonic clock,
/// depth) into a ring allocated once, at `init`.
///
/// **Frames.** ``beginFrame()`` opens a root span named ``SpanName/frame``;
/// ``endFrame()`` closes it and returns a ``FrameRecord`` with the time spent
/// in each phase and the counts pushed with ``add(_:to:)``, and feeds the
/// frame, phase and counter histograms.
///
/// **Ring policy.** When the ring is full, the oldest *whole* root tree — a
/// whole frame — is dropped to make room, never part of one, so a
/// ``snapshot()`` always holds complete, balanced trees. A single tree larger
/// than the ring cannot be kept whole: it is discarded, counted in
/// ``ProfilerStatistics/truncatedTrees``, and recording resumes with the next
/// tree. Trees still open are not part of a snapshot.
///
/// **Cost.** Off: `begin`, `end`, `add` and `beginFrame` are `@inlinable` and
/// test one `Bool` reached through a pointer (two loads, one branch); nothing
/// allocates. On: one clock read and a 32-byte store per `begin` and per
/// `end` — the timestamp counter where it is trustworthy (about 10 ns, and it
/// does not wait for earlier instructions), else `clock_gettime` (about 26 ns;
/// see ``ProfilerClock``) — and per frame a record written in place, folded
/// into the histograms 64 frames at a time (``aggregationBatch``). Nothing
/// allocates, except once, in the first batch in which each phase or counter
/// appears (its histogram, 58 KiB) — so the allocation counts the engine
/// pushes are not disturbed by profiling. The ring's memory (32 bytes a span) is
/// allocated at `init` but untouched until written.
///
/// **Threads.** A profiler records one thread's spans — the render loop's. It
/// is not `Sendable`; give each rendering thread its own.
///
/// ```swift
/// let profiler = Profiler()
/// profiler.beginFrame()
/// let token = profiler.begin(.layout)
/// layout(root)
/// profiler.end(token)
/// profiler.measure(.draw) { draw(root, into: buffer) }
/// profiler.add(bytes.count, to: .bytesWritten)
/// let frame = profiler.endFrame()
/// try FlameGraphSVG().write(profiler.snapshot(), toFile: "frames.svg")
/// ```
public final class Profiler {
    @usableFromInline let recorder: UnsafeMutablePointer<SpanRecorder>

    /// Most frame records kept; older ones are dropped first.
    public let frameCapacity: Int
    // Touched once per frame by endFrame; a profiler belongs to one thread
    // (it is not Sendable), so the run-time exclusivity checks are skipped.
    @usableFromInline @exclusivity(unchecked) var frameRing: [FrameRecord] = []
    @usableFromInline @exclusivity(unchecked) var frameRingNext = 0
    @exclusivity(unchecked) var nextFrameIndex = 0
    @exclusivity(unchecked) var frameTimes = Histogram()
    /// Per phase and per counter; storage is preallocated when a slot is
    /// first recorded into, and updated in place after that.
    @exclusivity(unchecked) var phaseHistograms = [Histogram](repeating: Histogram(), count: NameRegistry.maxPhases)
    @exclusivity(unchecked) var counterHistograms = [Histogram](repeating: Histogram(), count: NameRegistry.maxCounters)
    /// The newest frame records not yet folded into the histograms (see
    /// ``aggregationBatch``).
    @exclusivity(unchecked) var unaggregatedFrames = 0

    /// Creates a profiler and allocates its storage.
    ///
    /// - Parameters:
    ///   - spanCapacity: Spans the ring holds, rounded up to a power of two
    ///     (32 bytes each; the default, 65,536, is 2 MiB). It must hold at
    ///     least one whole frame's spans.
    ///   - frameCapacity: Frame records kept.
    ///   - maxDepth: Deepest nesting recorded; deeper spans are counted in
    ///     ``ProfilerStatistics/spansBeyondMaxDepth`` and not recorded.
    ///   - clock: Where time comes from; ``ProfilerClock/monotonic`` unless
    ///     testing.
    ///   - isEnabled: Whether to record from the start.
    public init(
        spanCapacity: Int = 1 << 16,
        frameCapacity: Int = 1024,
        maxDepth: Int = 1024,
        clock: ProfilerClock = .monotonic,
        isEnabled: Bool = true
    ) {
        recorder = .allocate(capacity: 1)
        recorder.initialize(
            to: SpanRecorder(spanCapacity: spanCapacity, maxDepth: maxDepth, clock: clock, enabled: isEnabled))
        self.frameCapacity = Swift.max(frameCapacity, 1)
        frameRing.reserveCapacity(self.frameCapacity)
    }

    deinit {
        recorder.pointee.deallocate()
        recorder.deinitialize(count: 1)
        recorder.deallocate()
    }

    /// Whether spans, frames and counts are being recorded.
    ///
    /// Turning recording off (or on) forgets any spans still open, so no
    /// half-finished tree reaches a snapshot; tokens handed out before the
    /// change are then ignored by ``end(_:)``. What was already recorded is
    /// kept.
    @inlinable
    public var isEnabled: Bool {
        get { recorder.pointee.isEnabled }
        set { setEnabled(newValue) }
    }

    @usableFromInline
    func setEnabled(_ enabled: Bool) { recorder.pointee.setEnabled(enabled) }

    /// Spans the ring holds (the requested capacity rounded up to a power of
    /// two).
    public var spanCapacity: Int { recorder.pointee.ring.capacity }

    /// Deepest nesting recorded.
    public var maxDepth: Int { recorder.pointee.maxDepth }

    /// Number of spans open now.
    public var depth: Int { recorder.pointee.depth }

    /// What was recorded and dropped since the last ``reset()``.
    public var statistics: ProfilerStatistics { recorder.pointee.statistics }

    /// Opens a span named `name`, nested in whatever span is open.
    ///
    /// Pair every `begin` with an ``end(_:)`` of its token, innermost first.
    /// Ending an outer span closes any inner ones still open at the same
    /// instant (counted in ``ProfilerStatistics/unbalancedEnds``), so the
    /// record stays balanced whatever the caller does.
    ///
    /// ```swift
    /// // `body`, `viewLabel` and `stateChanged` interned once, at set-up.
    /// let token = profiler.begin(body, detail: viewLabel, reason: stateChanged)
    /// let child = view.body
    /// profiler.end(token)
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the span measures.
    ///   - detail: What it measures it for, such as a view type.
    ///   - reason: Why it ran, such as which input changed.
    /// - Complexity: O(1). Off: one branch. On: one clock read and a 32-byte
    ///   store (amortised O(1) when the ring drops its oldest frame).
    @inlinable
    public func begin(_ name: SpanName, detail: SpanLabel? = nil, reason: SpanLabel? = nil) -> SpanToken {
        guard recorder.pointee.isEnabled else { return .disabled }
        return beginRecording(name, detail: detail, reason: reason)
    }

    @usableFromInline
    func beginRecording(_ name: SpanName, detail: SpanLabel?, reason: SpanLabel?) -> SpanToken {
        recorder.pointee.begin(
            name, detail: detail?.index ?? NameRegistry.noLabel, reason: reason?.index ?? NameRegistry.noLabel)
    }

    /// Closes the span `token` opened.
    ///
    /// Ignores tokens from a disabled profiler, from before the profiler was
    /// disabled or reset, and tokens already ended.
    ///
    /// - Complexity: O(1). Off: one branch. On: one clock read and a store.
    @inlinable
    public func end(_ token: SpanToken) {
        guard recorder.pointee.isEnabled else { return }
        endRecording(token)
    }

    @usableFromInline
    func endRecording(_ token: SpanToken) { recorder.pointee.end(token) }

    /// Closes the span `token` opened and opens one named `name` at the same
    /// instant — for consecutive phases, one clock read instead of two.
    ///
    /// ```swift
    /// var span = profiler.begin(.evaluate)
    /// evaluate()
    /// span = profiler.transition(span, to: .layout)
    /// layout()
    /// profiler.end(span)
    /// ```
    ///
    /// - Complexity: O(1). Off: one branch. On: one clock read.
    @inlinable
    public func transition(_ token: SpanToken, to name: SpanName, detail: SpanLabel? = nil,
                           reason: SpanLabel? = nil) -> SpanToken {
        guard recorder.pointee.isEnabled else { return .disabled }
        return transitionRecording(token, to: name, detail: detail, reason: reason)
    }

    @usableFromInline
    func transitionRecording(_ token: SpanToken, to name: SpanName, detail: SpanLabel?, reason: SpanLabel?) -> SpanToken {
        recorder.pointee.transition(token, to: name, detail: detail?.index ?? NameRegistry.noLabel,
                                    reason: reason?.index ?? NameRegistry.noLabel)
    }

    /// Runs `body` inside a span named `name` and returns what it returns.
    ///
    /// The span ends even if `body` throws.
    ///
    /// ```swift
    /// let size = profiler.measure(.layout) { root.measure(in: bounds) }
    /// ```
    ///
    /// - Complexity: That of `body`, plus a ``begin(_:detail:reason:)`` and
    ///   an ``end(_:)``.
    @inlinable
    public func measure<Result, Failure: Error>(
        _ name: SpanName,
        detail: SpanLabel? = nil,
        reason: SpanLabel? = nil,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let token = begin(name, detail: detail, reason: reason)
        defer { end(token) }
        return try body()
    }

    /// The complete span trees in the ring and the retained frame records.
    ///
    /// Never includes a tree that is still open or was partly overwritten.
    ///
    /// - Complexity: O(spans retained + frames retained); allocates.
    public func snapshot() -> Profile {
        let ring = recorder.pointee.ring
        var spans: [Span] = []
        spans.reserveCapacity(ring.completeCount)
        var seq = ring.oldest
        while seq < ring.completedEnd {
            let record = ring[seq]
            spans.append(
                Span(
                    name: SpanName(index: record.name, phaseSlot: record.phaseSlot),
                    detail: record.detail == NameRegistry.noLabel ? nil : SpanLabel(index: record.detail),
                    reason: record.reason == NameRegistry.noLabel ? nil : SpanLabel(index: record.reason),
                    start: record.start, end: record.end, depth: Int(record.depth)))
            seq &+= 1
        }
        return Profile(spans: spans, frames: frames, statistics: statistics)
    }

    /// Forgets every span, frame, histogram and statistic, and any open span;
    /// tokens handed out before are then ignored.
    public func reset() {
        recorder.pointee.reset()
        frameRing.removeAll(keepingCapacity: true)
        frameRingNext = 0
        nextFrameIndex = 0
        unaggregatedFrames = 0
        frameTimes.removeAll()
        for slot in phaseHistograms.indices { phaseHistograms[slot].removeAll() }
        for slot in counterHistograms.indices { counterHistograms[slot].removeAll() }
    }
}
