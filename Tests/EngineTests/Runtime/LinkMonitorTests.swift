import Testing

@testable import Engine

/// The link monitor driven with made-up clocks: a local terminal that
/// answers at once, a remote one 100 ms away at 1 Mbit/s, and one that
/// stops answering.
@Suite("Link monitor")
struct LinkMonitorTests {
    static let ms: UInt64 = 1_000_000

    /// A link of `roundTrip` and `bytesPerSecond` that queues what it cannot
    /// carry yet: when a probe written at `sent`, after `bytes` in total,
    /// is answered.
    struct SimulatedLink {
        var roundTrip: UInt64
        var bytesPerSecond: Double
        /// When the last byte written so far leaves the queue.
        var drainedAt: UInt64 = 0

        mutating func answerTime(sent: UInt64, count: Int) -> UInt64 {
            let start = max(sent, drainedAt)
            drainedAt = start + UInt64(Double(count) / bytesPerSecond * 1e9)
            return drainedAt + roundTrip
        }
    }

    @Test("a local terminal is probed at most once a second and never paced")
    func localLink() {
        var link = LinkMonitor()
        link.enabled = true
        var now: UInt64 = 10 * Self.ms
        var probes = 0
        for _ in 0..<200 {  // 200 frames 5 ms apart: one second
            link.wrote(2000, start: now, end: now + 20_000)
            if link.wantsProbe(now: now) {
                link.probeSent(now: now)
                probes += 1
                let answered = link.acknowledged(now: now + 300_000)
                #expect(answered)
            }
            #expect(link.mayWrite(now: now))
            now += 5 * Self.ms
        }
        // At the frame one second after the clock's start, and not again.
        #expect(probes == 1)
        #expect(!link.pacing)
        #expect(link.smoothedRoundTrip == 300_000)
        #expect(link.bytesAcknowledged == 199 * 2000)
        #expect(link.bytesInFlight == 2000)
    }

    @Test("a disabled monitor never probes and never holds a frame")
    func disabled() {
        var link = LinkMonitor()
        link.wrote(1 << 20, start: 0, end: 900 * Self.ms)  // even a blocked write
        #expect(!link.wantsProbe(now: 2_000 * Self.ms))
        #expect(!link.pacing)
        #expect(link.mayWrite(now: 2_000 * Self.ms))
    }

    /// Frames of `frameBytes` wanted every `interval` for `duration` over
    /// `network`; returns (frames written, frames wanted, the worst time from a frame's
    /// write to the terminal's having read it).
    static func run(frameBytes: Int, interval: UInt64, duration: UInt64, network: SimulatedLink,
                    paced: Bool) -> (frames: Int, wanted: Int, worstDelay: UInt64, link: LinkMonitor) {
        var link = LinkMonitor()
        link.enabled = paced
        var net = network
        var answers: [UInt64] = []  // outstanding probes' answer times, in order
        var frames = 0
        var worst: UInt64 = 0
        var now: UInt64 = 0
        // Start-up's query, answered after the link's own round trip before
        // the first frame (the runtime waits for it).
        link.probeSent(now: now)
        let answered = net.answerTime(sent: now, count: 3)
        if paced { _ = link.acknowledged(now: answered) }
        now = (answered / Self.ms + 1) * Self.ms
        var wanted = false
        var frameTimes = 0
        while now < duration {
            while let first = answers.first, first <= now {
                answers.removeFirst()
                if paced { _ = link.acknowledged(now: first) }
            }
            link.checkAnswers(now: now)
            if (now / Self.ms) % (interval / Self.ms) == 0 {
                wanted = true
                frameTimes += 1
            }
            if wanted, link.mayWrite(now: now) {
                wanted = false
                frames += 1
                link.wrote(frameBytes, start: now, end: now)
                let seen = net.answerTime(sent: now, count: frameBytes) - net.roundTrip / 2
                worst = max(worst, seen - now)
                if link.wantsProbe(now: now) {
                    link.probeSent(now: now)
                    answers.append(net.answerTime(sent: now, count: 3))
                }
            }
            now += Self.ms
        }
        return (frames, frameTimes, worst, link)
    }

    @Test("over 100 ms at 1 Mbit/s, frames are paced: what is drawn stays fresh")
    func slowLink() {
        let network = SimulatedLink(roundTrip: 100 * Self.ms, bytesPerSecond: 125_000)
        // Full repaints of 10 KB wanted 60 times a second: 600 KB/s into a 125 KB/s link.
        let unpaced = Self.run(frameBytes: 10_000, interval: 16 * Self.ms, duration: 5_000 * Self.ms,
                               network: network, paced: false)
        let paced = Self.run(frameBytes: 10_000, interval: 16 * Self.ms, duration: 5_000 * Self.ms,
                             network: network, paced: true)
        // Unpaced, every frame goes and waits behind the others: seconds stale.
        #expect(unpaced.frames > 300)
        #expect(unpaced.worstDelay > 3_000 * Self.ms)
        // Paced, no more frames than the link carries (125 KB/s / 10 KB ≈ 12 a
        // second; one in flight at a time: one a round trip plus its own
        // transmission, ≈ 5.5 a second), and none waits behind the others
        // longer than one frame's transmission.
        #expect(paced.link.pacing)
        #expect(paced.frames >= 5 * 5 && paced.frames <= 5 * 13, "\(paced.frames) frames")
        #expect(paced.worstDelay < 300 * Self.ms, "worst \(paced.worstDelay / Self.ms) ms")
        #expect((100 * Self.ms..<101 * Self.ms).contains(paced.link.minimumRoundTrip ?? 0))
        // The delivery rate seen is the link's, within a quarter.
        let rate = paced.link.deliveryRate ?? 0
        #expect(rate > 125_000 * 0.75 && rate < 125_000 * 1.25, "rate \(rate)")
    }

    @Test("over a fast remote link, small frames are not held")
    func fastRemoteLink() {
        let network = SimulatedLink(roundTrip: 80 * Self.ms, bytesPerSecond: 10_000_000)
        let paced = Self.run(frameBytes: 300, interval: 10 * Self.ms, duration: 2_000 * Self.ms,
                             network: network, paced: true)
        #expect(paced.link.pacing)
        #expect(paced.frames == paced.wanted)  // every frame wanted was written
        #expect(paced.wanted > 150)
        #expect(paced.worstDelay < 41 * Self.ms)
    }

    @Test("a terminal that stops answering is given up on, and frames flow again")
    func givesUp() {
        var link = LinkMonitor()
        link.enabled = true
        var now: UInt64 = 0
        link.probeSent(now: now)
        now += 100 * Self.ms
        let answered = link.acknowledged(now: now)
        #expect(answered)
        #expect(link.pacing)  // a 100 ms round trip
        link.wrote(64 * 1024, start: now, end: now)
        #expect(link.wantsProbe(now: now))
        link.probeSent(now: now)
        #expect(!link.mayWrite(now: now + Self.ms))  // the window is full
        #expect(link.giveUpDeadline == now + LinkMonitor.giveUpNanoseconds)
        now += LinkMonitor.giveUpNanoseconds
        link.checkAnswers(now: now)
        #expect(link.unanswered)
        #expect(!link.pacing)
        #expect(link.mayWrite(now: now))
        #expect(!link.wantsProbe(now: now + 10_000 * Self.ms))
        #expect(link.giveUpDeadline == nil)
        let lateAnswer = link.acknowledged(now: now)
        #expect(!lateAnswer)  // a last late answer is not a probe's
    }

    @Test("a write that blocks is measured, and does not by itself turn pacing on")
    func blockedWrite() {
        var link = LinkMonitor()
        link.enabled = true
        link.wrote(50_000, start: 0, end: 100 * Self.ms)
        #expect(link.blockedWriteRate == 500_000)
        #expect(!link.pacing)  // a write descheduled on a loaded machine looks the same
        link.wrote(10, start: 0, end: 1 * Self.ms)
        #expect(link.blockedWriteRate == 500_000)
    }

    @Test("the overlay's line shows the round trip, the bytes in flight and the window")
    func overlayLine() {
        var link = LinkMonitor()
        link.enabled = true
        #expect(PerformanceOverlay.line(link) == nil)
        link.probeSent(now: 0)
        _ = link.acknowledged(now: 120 * Self.ms)
        link.wrote(12_345, start: 0, end: 0)
        let line = PerformanceOverlay.line(link) ?? ""
        #expect(line.contains("rtt 120.0ms"), "\(line)")
        #expect(line.contains("in flight 12KB/16KB paced"), "\(line)")
    }
}
