/// The recording state of a ``Profiler``: the span ring, the stack of open
/// spans, and the current frame's phase times and counts.
///
/// It lives behind an `UnsafeMutablePointer` held in a `let` of the profiler,
/// not in the class's stored `var`s: a class `var` access costs a
/// `swift_beginAccess` call (dynamic exclusivity checking, on in release
/// builds too), which would break the promise that a disabled `begin` costs
/// one branch. Through the pointer, `isEnabled` is two loads and a compare.
///
/// Invariants (checked by ``checkInvariants()``):
/// - `depth >= 0`; `open[0..<min(depth, maxDepth)]` describe the open spans,
///   outermost first;
/// - while `overflowing`, the ring holds no part of the open tree and nothing
///   is written until the tree closes;
/// - the ring's own invariants (``SpanRing``).
@usableFromInline
struct SpanRecorder {
    /// An open span: where its record is, when it began, and the phase to
    /// return to when it ends.
    struct OpenSpan {
        var seq: UInt64
        var start: UInt64
        var serial: UInt32
        var previousPhase: UInt8
        var phase: UInt8
    }

    static let unrecorded: UInt64 = .max
    static let noPhase = NameRegistry.noPhase

    @usableFromInline var isEnabled: Bool
    /// Serial number of the next span; never 0, which marks unrecorded tokens.
    var nextSerial: UInt32 = 1
    var depth = 0
    let maxDepth: Int
    let open: UnsafeMutablePointer<OpenSpan>
    var ring: SpanRing
    var overflowing = false
    let clock: ProfilerClock
    /// Reading time from the timestamp counter (see ``TimestampCounter``):
    /// `now = anchorNanoseconds + (counter - anchorTicks) × nanosecondsPerTick`,
    /// re-anchored at root spans at most every ~1 ms (``rootNow()``).
    let usesTimestampCounter: Bool
    var anchorTicks: UInt64 = 0
    var anchorNanoseconds: UInt64 = 0
    var nanosecondsPerTick: Double = 1
    /// The process's calibration, copied so that a root span does not go
    /// through a lazily initialised global.
    var calibration = TimestampCounter(base: .init(ticks: 0, nanoseconds: 0), initialNanosecondsPerTick: 1)
    /// Roots closer together than this many ticks (about 1 ms) keep the
    /// anchor they have: frames rendered back to back (a benchmark) need not
    /// pay a `clock_gettime` each, and over 1 ms the conversion drifts by
    /// nanoseconds at most.
    var reanchorTicks: UInt64 = 0
    var statistics = ProfilerStatistics()

    var currentPhase = SpanRecorder.noPhase
    var phaseMark: UInt64 = 0
    var phaseTimes = FrameSlots()
    var phasesSeen: UInt16 = 0
    var counts = FrameSlots()
    var countersTouched: UInt16 = 0
    var frameOpen = false
    var frameToken = SpanToken.disabled
    var frameStart: UInt64 = 0

    init(spanCapacity: Int, maxDepth: Int, clock: ProfilerClock, enabled: Bool) {
        self.isEnabled = enabled
        self.maxDepth = Swift.min(Swift.max(maxDepth, 1), Int(UInt16.max))
        self.open = .allocate(capacity: self.maxDepth)
        self.ring = SpanRing(capacity: spanCapacity)
        self.clock = clock
        #if arch(x86_64) && os(Linux)
        self.usesTimestampCounter = clock.usesTimestampCounter
        if let counter = TimestampCounter.process, usesTimestampCounter {
            calibration = counter
            reanchorTicks = UInt64(1_000_000 / counter.initialNanosecondsPerTick)
            nanosecondsPerTick = counter.initialNanosecondsPerTick
            let pair = TimestampCounter.pair()
            anchorTicks = pair.ticks
            anchorNanoseconds = pair.nanoseconds
        }
        #else
        self.usesTimestampCounter = false
        #endif
    }

    /// The time now, in nanoseconds.
    @inline(__always)
    func now() -> UInt64 {
        #if arch(x86_64) && os(Linux)
        if usesTimestampCounter {
            let elapsed = readTimestampCounter() &- anchorTicks
            // A counter read a hair behind the anchor (another CPU) is the anchor.
            guard Int64(bitPattern: elapsed) > 0 else { return anchorNanoseconds }
            return anchorNanoseconds &+ UInt64(Double(elapsed) * nanosecondsPerTick)
        }
        #endif
        return clock.now()
    }

    /// The time now for a root span: with the timestamp counter, a real
    /// clock reading that re-anchors the conversion and refines its rate,
    /// unless the anchor is less than about 1 ms old; never earlier than the
    /// last time handed out, so trees do not overlap.
    mutating func rootNow() -> UInt64 {
        #if arch(x86_64) && os(Linux)
        if usesTimestampCounter {
            let predicted = now()
            if readTimestampCounter() &- anchorTicks < reanchorTicks { return predicted }
            let pair = TimestampCounter.pair()
            nanosecondsPerTick = calibration.nanosecondsPerTick(at: pair)
            anchorTicks = pair.ticks
            anchorNanoseconds = pair.nanoseconds
            // The new anchor may be a few nanoseconds behind what the old one
            // handed out last: the root starts no earlier than that, and its
            // spans no earlier than it (``begin``).
            return Swift.max(pair.nanoseconds, predicted)
        }
        #endif
        return clock.now()
    }

    func deallocate() {
        open.deallocate()
        ring.deallocate()
    }

    // MARK: Spans

    mutating func begin(_ name: SpanName, detail: UInt32, reason: UInt32) -> SpanToken {
        begin(name, detail: detail, reason: reason, at: nil)
    }

    /// Opens a span at `time`, or at the clock's time now when `time` is nil
    /// (read after the ring made room, so that work is not charged to the span).
    ///
    /// The common case — room in the ring, within `maxDepth`, not a phase,
    /// not a root (a root re-anchors the clock) — is inlined into the caller:
    /// a body span is opened and closed hundreds of times a frame, and every
    /// instruction here is paid each time.
    @inline(__always)
    mutating func begin(_ name: SpanName, detail: UInt32, reason: UInt32, at time: UInt64?) -> SpanToken {
        let spanDepth = depth
        guard time == nil, name.phaseSlot == SpanRecorder.noPhase, spanDepth > 0, spanDepth < maxDepth, !overflowing,
              !ring.isFull
        else { return beginInGeneral(name, detail: detail, reason: reason, at: time) }
        depth = spanDepth &+ 1
        let serial = nextSerial
        nextSerial = serial == .max ? 1 : serial &+ 1
        let now = Swift.max(self.now(), open[spanDepth &- 1].start)
        let seq = ring.append(
            SpanRing.Record(
                start: now, end: now, name: name.index, detail: detail, reason: reason,
                depth: UInt16(truncatingIfNeeded: spanDepth), phaseSlot: SpanRecorder.noPhase))
        statistics.spansRecorded &+= 1
        open[spanDepth] = OpenSpan(
            seq: seq, start: now, serial: serial, previousPhase: currentPhase, phase: SpanRecorder.noPhase)
        return SpanToken(serial: serial, depth: UInt32(truncatingIfNeeded: spanDepth))
    }

    /// ``begin(_:detail:reason:at:)`` for every case: phases, a full ring,
    /// spans beyond `maxDepth`, a tree too large for the ring.
    @inline(never)
    mutating func beginInGeneral(_ name: SpanName, detail: UInt32, reason: UInt32, at time: UInt64?) -> SpanToken {
        let spanDepth = depth
        depth += 1
        let serial = nextSerial
        nextSerial = nextSerial == .max ? 1 : nextSerial + 1
        let token = SpanToken(serial: serial, depth: UInt32(truncatingIfNeeded: spanDepth))
        guard spanDepth < maxDepth else {
            statistics.spansBeyondMaxDepth += 1
            return token
        }
        if !overflowing && ring.isFull {
            if ring.dropOldestTree() {
                statistics.droppedTrees += 1
            } else {
                // The open tree alone fills the ring: it cannot be kept whole,
                // so none of it is kept, and nothing is written until it closes.
                ring.discardOpenTree()
                overflowing = true
                statistics.truncatedTrees += 1
            }
        }
        var now = time ?? (spanDepth == 0 ? rootNow() : self.now())
        // Never before the parent (a re-anchored clock can be a hair behind it).
        if spanDepth > 0, spanDepth - 1 < maxDepth { now = Swift.max(now, open[spanDepth - 1].start) }
        var seq = SpanRecorder.unrecorded
        if !overflowing {
            seq = ring.append(
                SpanRing.Record(
                    start: now, end: now, name: name.index, detail: detail, reason: reason,
                    depth: UInt16(truncatingIfNeeded: spanDepth), phaseSlot: name.phaseSlot))
            statistics.spansRecorded += 1
        }
        let previous = currentPhase
        if name.phaseSlot != SpanRecorder.noPhase {
            switchPhase(to: name.phaseSlot, at: now)
            phasesSeen |= 1 &<< UInt16(name.phaseSlot)
        }
        open[spanDepth] = OpenSpan(
            seq: seq, start: now, serial: serial, previousPhase: previous, phase: name.phaseSlot)
        return token
    }

    /// Closes `token`'s span. The common case — the innermost span, not a
    /// phase, not a root — is inlined into the caller.
    @inline(__always)
    mutating func end(_ token: SpanToken) {
        let spanDepth = Int(token.depth)
        if spanDepth > 0, spanDepth == depth &- 1, spanDepth < maxDepth, !overflowing {
            let span = open[spanDepth]
            if span.serial == token.serial, token.isRecording, span.phase == SpanRecorder.noPhase,
               span.seq != SpanRecorder.unrecorded {
                let now = self.now()
                ring.setEnd(Swift.max(now, span.start), at: span.seq)
                depth = spanDepth
                return
            }
        }
        endInGeneral(token)
    }

    @inline(never)
    mutating func endInGeneral(_ token: SpanToken) {
        guard isOpen(token) else {
            if token.isRecording { statistics.unbalancedEnds += 1 }
            return
        }
        close(downTo: Int(token.depth), at: self.now())
    }

    /// Closes `token`'s span and opens a sibling named `name` at the same
    /// instant: one clock read instead of two between consecutive phases.
    mutating func transition(_ token: SpanToken, to name: SpanName, detail: UInt32, reason: UInt32) -> SpanToken {
        // A root's sibling is a root: it re-anchors the clock as any root does.
        let now = token.depth == 0 ? rootNow() : self.now()
        if isOpen(token) {
            close(downTo: Int(token.depth), at: now)
        } else if token.isRecording {
            statistics.unbalancedEnds += 1
        }
        return begin(name, detail: detail, reason: reason, at: now)
    }

    /// Whether `token`'s span is still open. Beyond `maxDepth` there is no
    /// record of the span, so only its depth can be checked.
    func isOpen(_ token: SpanToken) -> Bool {
        let spanDepth = Int(token.depth)
        guard token.isRecording, spanDepth < depth else { return false }
        return spanDepth >= maxDepth || open[spanDepth].serial == token.serial
    }

    /// Closes every open span at depth `target` or deeper, at `now`.
    mutating func close(downTo target: Int, at now: UInt64) {
        if depth - 1 > target { statistics.unbalancedEnds += depth - 1 - target }
        while depth > target {
            depth -= 1
            guard depth < maxDepth else { continue }
            let span = open[depth]
            if span.seq != SpanRecorder.unrecorded && !overflowing {
                ring[span.seq].end = Swift.max(now, span.start)
            }
            if span.phase != SpanRecorder.noPhase {
                switchPhase(to: span.previousPhase, at: now)
            }
        }
        if depth == 0 {
            if overflowing { overflowing = false } else { ring.completeTree() }
            assert(
                ring.oldest <= ring.completedEnd && ring.writeSeq &- ring.oldest <= UInt64(ring.capacity),
                "SpanRing: sequence invariant broken")
        }
    }

    /// Charges the time since the last switch to the current phase, then
    /// makes `phase` current.
    mutating func switchPhase(to phase: UInt8, at now: UInt64) {
        if currentPhase != SpanRecorder.noPhase && now > phaseMark {
            phaseTimes[Int(currentPhase)] &+= now &- phaseMark
        }
        phaseMark = now
        currentPhase = phase
    }

    // MARK: Frames and counts

    mutating func beginFrame() {
        phaseTimes = FrameSlots()
        phasesSeen = 0
        frameToken = begin(.frame, detail: NameRegistry.noLabel, reason: NameRegistry.noLabel)
        let depth = Int(frameToken.depth)
        frameStart = depth < maxDepth ? open[depth].start : self.now()
        // A phase already open around the frame starts counting afresh.
        phaseMark = frameStart
        frameOpen = true
    }

    /// Ends the open frame and writes its record into `record` in place (no
    /// intermediate copies of the two 128-byte slot arrays). Returns `false`,
    /// writing nothing, when no frame is open.
    mutating func endFrame(into record: inout FrameRecord, index: Int) -> Bool {
        guard frameOpen else { return false }
        frameOpen = false
        let now = Swift.max(self.now(), frameStart)
        if isOpen(frameToken) {
            close(downTo: Int(frameToken.depth), at: now)
        }
        switchPhase(to: currentPhase, at: now)
        record.index = index
        record.start = frameStart
        record.end = now
        record.phaseTimes = phaseTimes
        record.phaseMask = phasesSeen
        record.counts = counts
        record.counterMask = countersTouched
        counts = FrameSlots()
        countersTouched = 0
        statistics.framesRecorded += 1
        return true
    }

    mutating func add(_ amount: Int, to slot: UInt8) {
        counts[Int(slot)] &+= UInt64(bitPattern: Int64(amount))
        countersTouched |= 1 &<< UInt16(slot)
    }

    mutating func set(_ value: Int, for slot: UInt8) {
        counts[Int(slot)] = UInt64(bitPattern: Int64(value))
        countersTouched |= 1 &<< UInt16(slot)
    }

    // MARK: State changes

    /// Forgets the open tree and every open span; tokens handed out so far
    /// no longer match an open span.
    mutating func abandonOpenSpans() {
        ring.discardOpenTree()
        overflowing = false
        depth = 0
        currentPhase = SpanRecorder.noPhase
        frameOpen = false
    }

    mutating func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        abandonOpenSpans()
        isEnabled = enabled
    }

    mutating func reset() {
        abandonOpenSpans()
        ring.removeAll()
        statistics = ProfilerStatistics()
        phaseTimes = FrameSlots()
        phasesSeen = 0
        counts = FrameSlots()
        countersTouched = 0
    }

    func checkInvariants() {
        precondition(depth >= 0, "SpanRecorder: negative depth")
        if overflowing {
            precondition(ring.completedEnd == ring.writeSeq, "SpanRecorder: overflowing tree in the ring")
            precondition(depth > 0, "SpanRecorder: overflowing with no open tree")
        }
        if depth == 0 {
            precondition(ring.completedEnd == ring.writeSeq, "SpanRecorder: no open span but an open tree")
        }
        ring.checkInvariants()
    }
}
