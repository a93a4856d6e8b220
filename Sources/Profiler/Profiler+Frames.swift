extension Profiler {
    /// Starts a frame: opens a root span named ``SpanName/frame`` and starts
    /// the frame's phase clocks.
    ///
    /// If a frame is already open, it is ended first. Counts pushed since the
    /// last ``endFrame()`` carry into this frame.
    ///
    /// - Complexity: O(1). Off: one branch.
    @inlinable
    public func beginFrame() {
        guard recorder.pointee.isEnabled else { return }
        beginFrameRecording()
    }

    @usableFromInline
    func beginFrameRecording() {
        if recorder.pointee.frameOpen { _ = endFrameRecording() }
        recorder.pointee.beginFrame()
    }

    /// Ends the frame: closes its span (and any span left open inside it) and
    /// returns its record, which is also kept in ``frames`` and added to the
    /// histograms. Returns `nil` if no frame is open or profiling is off.
    ///
    /// ```swift
    /// profiler.beginFrame()
    /// render()
    /// if let frame = profiler.endFrame() { print(frame.duration) }
    /// ```
    ///
    /// - Complexity: O(1) per frame amortised: the record is written in place
    ///   in the frame ring, and every ``aggregationBatch``-th frame folds the
    ///   batch into the histograms. Allocates only in the first batch in which
    ///   a phase or counter appears.
    @inlinable
    @discardableResult
    public func endFrame() -> FrameRecord? {
        guard recorder.pointee.isEnabled, endFrameRecording() else { return nil }
        // Read here, inlined, so that a caller that drops the record (a
        // render loop) does not pay for copying its 290 bytes.
        return frameRing[newestFrameSlot]
    }

    /// Ends the open frame into the frame ring; false when none was open.
    @usableFromInline
    func endFrameRecording() -> Bool {
        guard recorder.pointee.frameOpen else { return false }
        // The record is written in place, in its slot of the ring.
        let slot = frameRing.count < frameCapacity ? frameRing.count : frameRingNext
        if slot == frameRing.count { frameRing.append(FrameRecord(index: 0, start: 0, end: 0)) }
        let index = nextFrameIndex
        nextFrameIndex += 1
        frameRingNext = (slot + 1) % frameCapacity
        frameRing.withUnsafeMutableBufferPointer { ring in
            _ = recorder.pointee.endFrame(into: &ring[slot], index: index)
        }
        unaggregatedFrames += 1
        if unaggregatedFrames >= Swift.min(Profiler.aggregationBatch, frameCapacity) { aggregatePendingFrames() }
        return true
    }

    /// Frames whose records are folded into the histograms together.
    ///
    /// Updating nine histograms (frame, phases, counters) every frame touches
    /// a cache line in each, and inside a render loop those lines are cold: it
    /// measured about 0.4 µs per frame, 10% of a 4 µs frame (`tuibench run
    /// state-churn`). Folding the records in batches touches each line once
    /// per batch; the batch frame pays a few microseconds instead. Reading a
    /// histogram folds what is pending first, so results are always exact.
    public static let aggregationBatch = 64

    /// Folds the frame records not yet counted into the histograms, oldest
    /// first.
    func aggregatePendingFrames() {
        guard unaggregatedFrames > 0 else { return }
        let count = frameRing.count
        var position = (frameRingNext - unaggregatedFrames + count) % count
        frameRing.withUnsafeBufferPointer { ring in
            for _ in 0..<unaggregatedFrames {
                recordHistograms(ring[position])
                position = position + 1 == count ? 0 : position + 1
            }
        }
        unaggregatedFrames = 0
    }

    /// Adds a finished frame to the frame, phase and counter histograms.
    ///
    /// Histograms are preallocated when first used, so that after the first
    /// frame in which a phase or counter appears, recording never allocates
    /// and cannot disturb the allocation counts the engine measures.
    private func recordHistograms(_ record: borrowing FrameRecord) {
        if frameTimes.isEmpty && frameTimes.buckets.isEmpty { frameTimes = Histogram(preallocated: true) }
        frameTimes.record(record.duration)
        var phases = record.phaseMask
        while phases != 0 {
            let slot = phases.trailingZeroBitCount
            phases &= phases &- 1
            if phaseHistograms[slot].buckets.isEmpty { phaseHistograms[slot] = Histogram(preallocated: true) }
            phaseHistograms[slot].record(record.phaseTimes[slot])
        }
        var counters = record.counterMask
        while counters != 0 {
            let slot = counters.trailingZeroBitCount
            counters &= counters &- 1
            if counterHistograms[slot].buckets.isEmpty { counterHistograms[slot] = Histogram(preallocated: true) }
            let count = Int64(bitPattern: record.counts[slot])
            counterHistograms[slot].record(count > 0 ? UInt64(count) : 0)
        }
    }

    /// Whether a frame is open.
    public var isInFrame: Bool { recorder.pointee.frameOpen }

    /// Adds `amount` to `counter` for the current frame.
    ///
    /// ```swift
    /// profiler.add(1, to: .nodesEvaluated)
    /// ```
    ///
    /// - Complexity: O(1). Off: one branch.
    @inlinable
    public func add(_ amount: Int, to counter: Counter) {
        guard recorder.pointee.isEnabled else { return }
        addRecording(amount, to: counter)
    }

    @usableFromInline
    func addRecording(_ amount: Int, to counter: Counter) {
        recorder.pointee.add(amount, to: counter.slot)
    }

    /// Sets `counter` for the current frame, replacing what was added, for
    /// counts measured as a whole (allocations read from a malloc hook).
    ///
    /// - Complexity: O(1). Off: one branch.
    @inlinable
    public func set(_ counter: Counter, to value: Int) {
        guard recorder.pointee.isEnabled else { return }
        setRecording(counter, to: value)
    }

    @usableFromInline
    func setRecording(_ counter: Counter, to value: Int) {
        recorder.pointee.set(value, for: counter.slot)
    }

    /// The retained frame records, oldest first (at most ``frameCapacity``).
    ///
    /// - Complexity: O(frames retained); allocates.
    public var frames: [FrameRecord] {
        guard frameRing.count == frameCapacity else { return frameRing }
        return Array(frameRing[frameRingNext...] + frameRing[..<frameRingNext])
    }

    /// The most recent frame record.
    public var lastFrame: FrameRecord? {
        guard !frameRing.isEmpty else { return nil }
        return frameRing[newestFrameSlot]
    }

    /// The frame ring's slot of the most recent record (the ring is not empty).
    @inlinable
    var newestFrameSlot: Int { (frameRingNext + frameCapacity - 1) % frameCapacity }

    /// Durations of every frame since the last reset (not only the retained
    /// ones), in nanoseconds.
    ///
    /// This and the other histograms are values: reading one while frames are
    /// still being recorded costs one copy (one allocation) at the next
    /// ``endFrame()``. Read them after the run.
    public var frameTimeHistogram: Histogram {
        aggregatePendingFrames()
        return frameTimes
    }

    /// Time spent in `phase` per frame, over every frame in which a span of
    /// that phase ran; `nil` if none did or `phase` is not a phase.
    public func histogram(for phase: SpanName) -> Histogram? {
        aggregatePendingFrames()
        guard phase.isPhase, case let histogram = phaseHistograms[Int(phase.phaseSlot)], !histogram.isEmpty else {
            return nil
        }
        return histogram
    }

    /// Per-frame values of `counter`, over every frame it was pushed in; `nil`
    /// if it never was.
    public func histogram(for counter: Counter) -> Histogram? {
        aggregatePendingFrames()
        guard case let histogram = counterHistograms[Int(counter.slot)], !histogram.isEmpty else { return nil }
        return histogram
    }
}
