import ArgumentParser
import Engine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tuibench link`: an app over an emulated slow link (SSH across the
/// world), with frame pacing on and off.
struct LinkBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Run an app over an emulated slow link (rate, latency) with frame pacing on and off.",
        discussion: """
            This process plays both the network and the terminal. What the app writes is read from \
            its pseudo-terminal at once (as sshd does), then carried at --rate after half of \
            --latency to the terminal, which answers its queries (DA1, …) back over the other half. \
            Keys are pressed at the terminal every --interval-ms and reach the app half a round trip \
            later. Nothing pushes back on the app's writes: the only way it can see the queue is the \
            terminal's answers.

              tuibench link --app pager --key pagedown --size 160x48
              tuibench link --app scroll --rate 1mbit --latency 100ms --keys 120 --format json

            Per run (paced, then with TUI_PACING=0): frames and bytes that reached the terminal; \
            key-to-screen latency (from a key's press to the terminal's having read the end of the \
            first frame the app wrote after the key reached it), median, p90 and worst; and settle \
            (from the last key's press to the last frame's arrival). --app is bench-apps' scroll, \
            ticker or typing, an app beside tuibench (an example: pager, …) or a path.
            """
    )

    @Option(help: "The app: scroll, ticker, typing (bench-apps), an app beside tuibench, or a path.")
    var app = "scroll"
    @Option(help: "The key pressed (as `tuibench app --key`).")
    var key = "pagedown"
    @Option(help: "Keys pressed (1...10000).")
    var keys = 60
    @Option(help: "Milliseconds between key presses (1...10000).")
    var intervalMs = 33
    @Option(help: "The link's rate: bits a second, with k, m or g (1mbit, 512kbit, 10m).")
    var rate = "1mbit"
    @Option(help: "The round trip: 100ms, 0.2s.")
    var latency = "100ms"
    @Option(help: "Terminal size COLUMNSxROWS.")
    var size = "160x48"
    @Option(help: "An argument for the app (repeat for more).")
    var appArgument: [String] = []
    @Option(help: "How the app's bytes are read: sshd (at once, queued on the wire) or throttled (no faster than the wire: the pseudo-terminal fills and the app's writes block).")
    var reader = "sshd"
    @Option(help: "Runs: paced,unpaced (either or both).")
    var runs = "paced,unpaced"
    @Option(help: "text or json.")
    var format = "text"

    func validate() throws {
        try Limits.check(keys, 1...10_000, "keys")
        try Limits.check(intervalMs, 1...10_000, "interval-ms")
        guard format == "text" || format == "json" else { throw ValidationError("--format is text or json") }
        guard reader == "sshd" || reader == "throttled" else { throw ValidationError("--reader is sshd or throttled") }
        _ = try LinkBench.parse(rate: rate)
        _ = try LinkBench.parse(duration: latency)
        _ = try KeySequence(key)
        let (columns, rows) = try Run.parse(size: size)
        guard columns <= 1000, rows <= 1000 else { throw ValidationError("--size: at most 1000x1000 in a pseudo-terminal") }
        for run in runs.split(separator: ",") where run != "paced" && run != "unpaced" {
            throw ValidationError("--runs takes paced and unpaced, not \(run)")
        }
    }

    /// Bits a second in `text` ("1mbit", "512k", "10m", "2000000").
    static func parse(rate text: String) throws -> Double {
        var digits = text.lowercased()
        for suffix in ["bit/s", "bps", "bit", "b"] where digits.hasSuffix(suffix) {
            digits.removeLast(suffix.count)
            break
        }
        var scale = 1.0
        if let last = digits.last, let factor = ["k": 1e3, "m": 1e6, "g": 1e9][String(last)] {
            scale = factor
            digits.removeLast()
        }
        guard let value = Double(digits), value.isFinite, value > 0, value * scale >= 1000, value * scale <= 1e11 else {
            throw ValidationError("--rate \(text): give bits a second from 1kbit to 100gbit, as 1mbit, 512kbit or 10m")
        }
        return value * scale
    }

    /// Nanoseconds in `text` ("100ms", "0.2s", "150").
    static func parse(duration text: String) throws -> UInt64 {
        var digits = text.lowercased()
        var scale = 1e6
        if digits.hasSuffix("ms") {
            digits.removeLast(2)
        } else if digits.hasSuffix("s") {
            digits.removeLast()
            scale = 1e9
        }
        guard let value = Double(digits), value.isFinite, value >= 0, value * scale <= 10e9 else {
            throw ValidationError("--latency \(text): give a round trip from 0 to 10 s, as 100ms or 0.2s")
        }
        return UInt64(value * scale)
    }

    func run() throws {
        let (columns, rows) = try Run.parse(size: size)
        let path: String
        var arguments = appArgument
        if AppBench.workloads.contains(where: { $0.name == app }) {
            path = AppBench.besideTuibench("bench-apps")
            arguments = [app] + arguments
        } else {
            path = app.contains("/") ? app : AppBench.besideTuibench(app)
        }
        guard access(path, X_OK) == 0 else {
            throw ValidationError("\(path) is not an executable (build it: swift build -c release --product "
                + (path.hasSuffix("bench-apps") ? "bench-apps" : app) + ")")
        }
        let link = LinkEmulator.Link(bitsPerSecond: try LinkBench.parse(rate: rate),
                                     roundTrip: try LinkBench.parse(duration: latency), throttledReader: reader == "throttled")
        var results: [LinkRunResult] = []
        for name in runs.split(separator: ",").map(String.init) {
            let paced = name == "paced"
            do {
                var emulator = try LinkEmulator(path: path, arguments: arguments, columns: columns, rows: rows,
                                                environment: paced ? [:] : ["TUI_PACING": "0"], link: link)
                let keySequence = try KeySequence(key)
                let result = try emulator.measure(keys: keys, interval: UInt64(intervalMs) * 1_000_000,
                                                  keySequence: keySequence)
                results.append(LinkRunResult(run: name, measurement: result))
            } catch let failure as LinkEmulator.Failure {
                Diagnostics.error("\(name): \(failure.description)")
                throw ExitCode(1)
            }
        }
        let report = LinkReport(app: app, key: key, keys: keys, intervalMilliseconds: intervalMs,
                                bitsPerSecond: link.bitsPerSecond, roundTripMilliseconds: Double(link.roundTrip) / 1e6,
                                columns: columns, rows: rows, runs: results)
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text(), terminator: "")
        }
    }
}

/// One run of `tuibench link`.
struct LinkRunResult: Codable {
    var run: String
    var frames: Int
    var bytes: Int
    var latencyMedianMilliseconds: Double
    var latencyP90Milliseconds: Double
    var latencyMaxMilliseconds: Double
    var settleMilliseconds: Double

    init(run: String, measurement m: LinkEmulator.Measurement) {
        self.run = run
        frames = m.frames
        bytes = m.bytes
        let sorted = m.latencies.sorted()
        func at(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q))]) / 1e6
        }
        latencyMedianMilliseconds = at(0.5)
        latencyP90Milliseconds = at(0.9)
        latencyMaxMilliseconds = Double(sorted.last ?? 0) / 1e6
        settleMilliseconds = Double(m.settle) / 1e6
    }
}

struct LinkReport: Codable {
    var app: String
    var key: String
    var keys: Int
    var intervalMilliseconds: Int
    var bitsPerSecond: Double
    var roundTripMilliseconds: Double
    var columns: Int
    var rows: Int
    var runs: [LinkRunResult]

    func text() -> String {
        let rate = bitsPerSecond >= 1e6 ? "\(bitsPerSecond / 1e6) Mbit/s" : "\(bitsPerSecond / 1e3) kbit/s"
        let out = "\(app) over \(rate), \(roundTripMilliseconds) ms round trip, \(columns)x\(rows): "
            + "\(keys) × \(key) every \(intervalMilliseconds) ms\n"
        var rows = [["run", "frames", "bytes", "key→screen p50", "p90", "max", "settle"]]
        for r in runs {
            rows.append([r.run, "\(r.frames)", "\(r.bytes)", String(format: "%.0f ms", r.latencyMedianMilliseconds),
                         String(format: "%.0f ms", r.latencyP90Milliseconds), String(format: "%.0f ms", r.latencyMaxMilliseconds),
                         String(format: "%.0f ms", r.settleMilliseconds)])
        }
        return out + textTable(rows)
    }
}

/// An app in a pseudo-terminal behind an emulated link: this process reads
/// what the app writes at once, delays it by the link's queue (its rate)
/// and half the round trip, then plays the terminal (answers, frame ends);
/// answers and keys travel back in half a round trip.
struct LinkEmulator {
    struct Link {
        var bitsPerSecond: Double
        var roundTrip: UInt64
        /// The app's bytes are read no faster than the wire carries them
        /// (a slow terminal, a serial line): its writes block.
        var throttledReader = false
        var oneWay: UInt64 { roundTrip / 2 }
        /// Nanoseconds to put `count` bytes on the wire.
        func transmission(_ count: Int) -> UInt64 { UInt64(Double(count) * 8 / bitsPerSecond * 1e9) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Measurement {
        var frames: Int
        var bytes: Int
        var latencies: [UInt64]
        var settle: UInt64
    }

    /// Bytes on their way to the terminal, and when they arrive.
    private struct Arrival {
        var at: UInt64
        var bytes: ArraySlice<UInt8>
    }

    /// Bytes on their way to the app (answers, keys), and when they arrive.
    private struct Delivery {
        var at: UInt64
        var bytes: [UInt8]
    }

    let pty: PseudoTerminal
    let link: Link
    private var toTerminal: [Arrival] = []
    private var toApp: [Delivery] = []
    /// When the wire is free again (everything queued put on it).
    private var wireFreeAt: UInt64 = 0
    /// When each frame end the app wrote was read from it, in order; and
    /// when the terminal read each one.
    private var frameEndsWritten: [UInt64] = []
    private var frameEndsShown: [UInt64] = []
    private var bytesArrived = 0
    /// Keys still to be pressed at the terminal, and when.
    private var presses: [Delivery] = []
    /// The end of the last bytes read from the app, shorter than a frame
    /// end: one split across two reads is counted once.
    private var writtenCarry: [UInt8] = []

    init(path: String, arguments: [String], columns: Int, rows: Int, environment: [String: String], link: Link) throws {
        do {
            pty = try PseudoTerminal(path: path, arguments: arguments, columns: columns, rows: rows, environment: environment)
        } catch {
            throw Failure(description: "\(error)")
        }
        self.link = link
    }

    /// Runs the link until `deadline` or until `done` says so; keys due
    /// in `presses` are sent at their times.
    private mutating func pump(until deadline: UInt64, done: (LinkEmulator) -> Bool) {
        while !done(self) {
            var now = monotonicNanoseconds()
            if now >= deadline { return }
            // What is due: keys pressed (they travel half a round trip), arrivals, deliveries.
            while let press = presses.first, press.at <= now {
                presses.removeFirst()
                toApp.append(Delivery(at: press.at + link.oneWay, bytes: press.bytes))
            }
            while let arrival = toTerminal.first, arrival.at <= now {
                toTerminal.removeFirst()
                let before = pty.frameEnds
                let answers = pty.terminalReceives(arrival.bytes)
                bytesArrived += arrival.bytes.count
                for _ in before..<pty.frameEnds { frameEndsShown.append(arrival.at) }
                if !answers.isEmpty { toApp.append(Delivery(at: arrival.at + link.oneWay, bytes: answers)) }
            }
            toApp.sort { $0.at < $1.at }
            while let delivery = toApp.first, delivery.at <= now {
                toApp.removeFirst()
                pty.write(delivery.bytes)
            }
            var next = deadline
            if let press = presses.first { next = min(next, press.at) }
            if let arrival = toTerminal.first { next = min(next, arrival.at) }
            if let delivery = toApp.first { next = min(next, delivery.at) }
            now = monotonicNanoseconds()
            if link.throttledReader, wireFreeAt > now {
                // The wire is busy: nothing more is read until it is free.
                let until = min(next, wireFreeAt)
                if until > now { usleep(UInt32(min(1_000_000, (until - now) / 1000 + 1))) }
                continue
            }
            let wait = next > now ? Int32(min(1000, (next - now + 999_999) / 1_000_000)) : 0
            let chunk = pty.readUnanswered(waitingMilliseconds: wait, limit: link.throttledReader ? 1024 : nil)
            if chunk.isEmpty {
                if pty.hungUp, toTerminal.isEmpty { return }
                continue
            }
            // The app's bytes are read at once (sshd) and queued on the wire.
            let read = monotonicNanoseconds()
            let start = max(read, wireFreeAt)
            wireFreeAt = start + link.transmission(chunk.count)
            toTerminal.append(Arrival(at: wireFreeAt + link.oneWay, bytes: chunk))
            let scanned = writtenCarry + chunk
            var count = 0
            var from = 0
            while let r = PseudoTerminal.range(of: PseudoTerminal.frameEnd, in: scanned, from: from) {
                count += 1
                from = r.upperBound
            }
            writtenCarry = Array(scanned[max(from, scanned.count - PseudoTerminal.frameEnd.count + 1)...])
            for _ in 0..<count { frameEndsWritten.append(read) }
        }
    }

    /// Waits for the first frame and for the app to settle, presses `keys`
    /// keys every `interval`, and waits until the link is quiet.
    mutating func measure(keys: Int, interval: UInt64, keySequence: KeySequence) throws -> Measurement {
        // The first frame is drawn before the terminal's answers come back
        // (no synchronized-output end marks it): the first bytes, then quiet.
        pump(until: monotonicNanoseconds() + 10_000_000_000) { $0.bytesArrived > 0 }
        guard bytesArrived > 0 else {
            throw Failure(description: pty.hungUp ? "the app exited before its first frame" : "nothing within 10 s")
        }
        settle()
        let startFrames = frameEndsShown.count, startBytes = bytesArrived
        let t0 = monotonicNanoseconds()
        presses = (0..<keys).map { Delivery(at: t0 + UInt64($0) * interval, bytes: keySequence.key($0)) }
        let pressTimes = presses.map(\.at)
        pump(until: t0 + UInt64(keys) * interval + 60_000_000_000) { $0.toApp.isEmpty && $0.presses.isEmpty }
        settle()
        guard !pty.hungUp else { throw Failure(description: "the app exited while keys were pressed") }
        // Each key: the first frame the app wrote after the key reached it,
        // and when the terminal read that frame's end (the k-th frame end
        // written is the k-th read).
        var latencies: [UInt64] = []
        for press in pressTimes {
            let reached = press + link.oneWay
            if let k = frameEndsWritten.firstIndex(where: { $0 >= reached }), k < frameEndsShown.count {
                latencies.append(frameEndsShown[k] - press)
            }
        }
        let last = pressTimes.last ?? t0
        let settle = (frameEndsShown.last ?? 0) > last ? frameEndsShown.last! - last : 0
        _ = pty.quit()
        return Measurement(frames: frameEndsShown.count - startFrames, bytes: bytesArrived - startBytes,
                           latencies: latencies, settle: settle)
    }

    /// Runs the link until nothing has moved for half a second past the
    /// round trip (at most 60 s).
    private mutating func settle() {
        let quiet = 500_000_000 + link.roundTrip
        let limit = monotonicNanoseconds() + 60_000_000_000
        var seen = (pty.bytesRead, bytesArrived)
        var since = monotonicNanoseconds()
        while monotonicNanoseconds() < limit, !pty.hungUp {
            pump(until: min(limit, monotonicNanoseconds() + 50_000_000)) { _ in false }
            let now = (pty.bytesRead, bytesArrived)
            if now != seen || !toTerminal.isEmpty || !toApp.isEmpty {
                seen = now
                since = monotonicNanoseconds()
            } else if monotonicNanoseconds() - since >= quiet {
                return
            }
        }
    }
}
