/// What the runtime knows of the link between it and the terminal, and
/// how it paces frames to it.
///
/// Over SSH the pseudo-terminal is drained at once by `sshd`: a slow
/// network never pushes back on the app's writes, and frames written
/// faster than the link carries them queue in the network's buffers, each
/// shown seconds after it stopped being true. The only way to see that
/// queue from the app is to ask the terminal itself: DA1 (`CSI c`) written
/// after a frame is answered only once the terminal has read everything
/// before it, so the time to its answer is the round trip *plus* the wait
/// behind the bytes still in flight.
///
/// The monitor turns those answers into a window of bytes that may be in
/// flight (written, not yet answered for), in the manner of delay-based
/// congestion control (TCP Vegas, LEDBAT): the least round trip seen is
/// the link's own; anything above it is queueing, and while the queueing
/// exceeds a target the window shrinks; while the window is used and
/// queueing stays low it grows. A frame due while the window is full is
/// not drawn: the app's state keeps changing and the next frame, drawn
/// when an answer comes, shows all of it (intermediate frames are dropped,
/// never queued).
///
/// Probing costs a few bytes and one reply. On a fast local terminal
/// (round trip under ``pacingRoundTrip``) a probe
/// goes out at most once per ``idleProbeInterval``, and frames are never
/// held. A terminal that stops answering is given up on after
/// ``giveUpNanoseconds``: pacing ends and nothing waits for it again.
///
/// A plain value: every input carries its time, so tests drive it with
/// made-up clocks.
struct LinkMonitor: Sendable {
    /// A DA1 written and not answered yet: when, and how many bytes had
    /// been written up to and including it.
    struct Probe: Sendable, Equatable {
        var sentAt: UInt64
        var bytes: Int
        /// Bytes written between the previous probe and this one.
        var segment: Int
        /// The window was at least half used when it was sent (a sample of
        /// the link, not of an idle app).
        var windowLimited: Bool
    }

    /// Probes are sent at all (the terminal answered start-up's DA1, and
    /// pacing is not turned off).
    var enabled = false
    /// Outstanding probes, oldest first.
    private(set) var probes: [Probe] = []
    /// Bytes written to the terminal since start.
    private(set) var bytesWritten = 0
    /// Bytes the terminal has answered for (read up to a probe).
    private(set) var bytesAcknowledged = 0
    /// The least round trip seen, nanoseconds: the link's own latency.
    private(set) var minimumRoundTrip: UInt64?
    /// The smoothed round trip (7/8 old, 1/8 new), nanoseconds.
    private(set) var smoothedRoundTrip: UInt64?
    /// The latest round trip less the least: time the probe waited behind
    /// earlier bytes.
    private(set) var queueDelay: UInt64 = 0
    /// Bytes that may be in flight while pacing.
    private(set) var window = LinkMonitor.initialWindow
    /// Frames are held while the window is full (the link is slow, or it
    /// pushed back).
    private(set) var pacing = false
    /// The terminal stopped answering probes: they are no longer sent.
    private(set) var unanswered = false
    /// The highest rate (bytes a second) seen at which a blocked write
    /// drained: back-pressure from the terminal device itself.
    private(set) var blockedWriteRate: Double?
    /// The highest delivery rate (bytes a second) seen: a probe's segment
    /// over the time it waited above the least round trip.
    private(set) var deliveryRate: Double?
    private var lastProbeAt: UInt64 = 0
    private var lastProbeBytes = 0
    private var lastDecreaseAt: UInt64 = 0

    /// A round trip at or above this (smoothed) means a remote link: frames are paced.
    static let pacingRoundTrip: UInt64 = 15_000_000
    /// Pacing ends when the smoothed round trip falls below this.
    static let localRoundTrip: UInt64 = 5_000_000
    /// A write that took this long blocked on the terminal: it pushes back.
    static let blockedWrite: UInt64 = 5_000_000
    /// How often an unpaced app probes (after a frame, never on its own).
    static let idleProbeInterval: UInt64 = 1_000_000_000
    /// A probe unanswered this long: the terminal no longer answers.
    static let giveUpNanoseconds: UInt64 = 5_000_000_000
    /// Probes outstanding at most (more frames than this in flight are held anyway).
    static let maximumProbes = 8
    static let initialWindow = 16 * 1024
    static let minimumWindow = 2 * 1024
    static let maximumWindow = 4 * 1024 * 1024
    /// DA1: answered by every terminal, after everything written before it.
    static let probe: [UInt8] = [0x1B, 0x5B, 0x63]

    /// Bytes written and not yet answered for.
    var bytesInFlight: Int { bytesWritten - bytesAcknowledged }

    /// The queueing the window aims to stay under: a quarter of the link's
    /// own round trip, and at least 10 ms.
    var targetQueueDelay: UInt64 { max(10_000_000, (minimumRoundTrip ?? 0) / 4) }

    /// Records a write of `count` bytes that took from `start` to `end`.
    mutating func wrote(_ count: Int, start: UInt64, end: UInt64) {
        bytesWritten += count
        let took = end &- start
        guard count > 0, took >= LinkMonitor.blockedWrite, end > start else { return }
        // The device could not take the bytes as fast as they came: what it
        // took in that time is the rate the terminal drains.
        // Only shown: a write descheduled on a loaded machine looks the
        // same, so pacing follows the probes' answers (a terminal that
        // pushes back answers late too), not this.
        let rate = Double(count) / (Double(took) / 1e9)
        blockedWriteRate = max(blockedWriteRate ?? 0, rate)
    }

    /// Whether a probe should follow the frame being written now.
    func wantsProbe(now: UInt64) -> Bool {
        guard enabled, !unanswered, probes.count < LinkMonitor.maximumProbes else { return false }
        if pacing { return true }
        return probes.isEmpty && now &- lastProbeAt >= LinkMonitor.idleProbeInterval
    }

    /// Records a probe written `now`, after the bytes already counted.
    mutating func probeSent(now: UInt64) {
        probes.append(Probe(sentAt: now, bytes: bytesWritten, segment: bytesWritten - lastProbeBytes,
                            windowLimited: bytesInFlight >= window / 2))
        lastProbeAt = now
        lastProbeBytes = bytesWritten
    }

    /// The terminal answered a DA1 `now`. Returns false when no probe was
    /// outstanding (the answer was to some other query).
    mutating func acknowledged(now: UInt64) -> Bool {
        guard !probes.isEmpty else { return false }
        let probe = probes.removeFirst()
        let acknowledgedBefore = bytesAcknowledged
        bytesAcknowledged = probe.bytes
        let roundTrip = now &- probe.sentAt
        let least = min(minimumRoundTrip ?? roundTrip, roundTrip)
        minimumRoundTrip = least
        smoothedRoundTrip = smoothedRoundTrip.map { ($0 * 7 + roundTrip) / 8 } ?? roundTrip
        queueDelay = roundTrip - least
        // The time above the least round trip is what the segment took to
        // go through (and whatever it waited behind: an underestimate, so
        // the highest sample is kept). Below 2 ms it is noise.
        if queueDelay >= 2_000_000, probe.segment > 0 {
            deliveryRate = max(deliveryRate ?? 0, Double(probe.segment) / (Double(queueDelay) / 1e9))
        }
        adjustWindow(now: now, acknowledged: probe.bytes - acknowledgedBefore, windowLimited: probe.windowLimited)
        let smoothed = smoothedRoundTrip ?? roundTrip
        if smoothed >= LinkMonitor.pacingRoundTrip {
            pacing = true
        } else if smoothed < LinkMonitor.localRoundTrip {
            pacing = false
        }
        return true
    }

    /// Shrinks the window (at most once a round trip) while probes wait
    /// behind more than the target; grows it while it is used and they do not.
    private mutating func adjustWindow(now: UInt64, acknowledged: Int, windowLimited: Bool) {
        let target = targetQueueDelay
        if queueDelay > target {
            guard now &- lastDecreaseAt >= (smoothedRoundTrip ?? 0) else { return }
            lastDecreaseAt = now
            window = max(LinkMonitor.minimumWindow, window * 3 / 4)
        } else if windowLimited, queueDelay <= target / 2 {
            window = min(LinkMonitor.maximumWindow, window + max(acknowledged, LinkMonitor.minimumWindow))
        }
    }

    /// Whether a frame may be written `now`. While pacing, not when the
    /// window is full (and a probe is out that will open it again).
    func mayWrite(now: UInt64) -> Bool {
        guard pacing, !unanswered, let oldest = probes.first else { return true }
        if now &- oldest.sentAt >= LinkMonitor.giveUpNanoseconds { return true }
        return bytesInFlight < window
    }

    /// When the oldest probe is given up on, if one is out.
    var giveUpDeadline: UInt64? {
        guard !unanswered, let oldest = probes.first else { return nil }
        return oldest.sentAt &+ LinkMonitor.giveUpNanoseconds
    }

    /// Gives up on a terminal that has not answered the oldest probe for
    /// ``giveUpNanoseconds``: no more probes, no more pacing.
    mutating func checkAnswers(now: UInt64) {
        guard let deadline = giveUpDeadline, now >= deadline else { return }
        unanswered = true
        pacing = false
        probes.removeAll()
        bytesAcknowledged = bytesWritten
    }
}
