import ArgumentParser
import Engine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tuibench app`: runs an app built on the terminal runtime in a
/// pseudo-terminal, as a user would, with this process as the terminal.
struct AppBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Measure a real app in a pseudo-terminal: the cost of each event, key-to-frame latency, idle cost, a flood, start-up.",
        discussion: """
            With --workload, drives apps event by event and reports what each event cost them:

              tuibench app --workload ticker,typing,scroll --events 2000 --rounds 3 --size 80x24
              tuibench app --workload scroll --syscalls --instructions --traced-events 200
              tuibench app --workload pager --key down --format json > pager.json

            The workloads are the apps of `bench-apps` (build it: `swift build -c release --product \
            bench-apps`): ticker (a 60×6 table, the key `t` changes 5 cells), typing (a text field \
            below 100 lines of text, the draft at the app's root; the keys type a sentence then Enter) \
            and scroll (Down in a list of 100,000 rows). Any other name is an app beside tuibench (an \
            example: pager, todo, …) or a path, sent --key (default down) with --app-argument as its \
            arguments. Each key is written when the previous frame has ended (plus --pause-ms), after \
            --warmup keys; a key that causes no frame within 10 s is an error. Per event: CPU time of \
            all the app's threads (user + system, from its CPU clock in nanoseconds; /proc/<pid>/stat's \
            10 ms ticks as a cross-check), voluntary and involuntary context switches of its threads, \
            bytes written, frames, and latency from writing the key to reading its frame's end; and \
            start-up to the first frame and peak RSS (VmHWM). Medians of --rounds rounds. \
            --syscalls runs it under `strace -f -c` with --traced-events events and with none: the \
            difference per event, by call. --instructions runs it under callgrind with N and 2N \
            events: the difference / N. Start-up and quitting cancel in both. `tuibench compare` \
            compares two such JSON reports.

            Without --workload, runs the runtime probe (built with tuibench: `swift build -c release --product runtime-probe`) \
            in a pseudo-terminal. This process plays the terminal: it answers the probe's queries \
            (DA1, synchronized output supported), so every frame after the first ends with \
            `CSI ? 2026 l`, which is when a frame counts as fully written. The first is drawn before \
            the answers come back: it is the first burst of output, ended by 100 ms of quiet.

              latency  a key that changes one Text in a 5,461-view tree, written to the pty, until \
            the end of the frame it causes is readable; keys 10 ms apart (past the frame cap).
              idle     bytes written, CPU ticks and context switches over --idle-seconds with nothing happening.
              flood    a task making 10,000 state changes a second: frames written (against the \
            cap), whether the last value was shown, resident memory before and after.
              startup  from spawning the process to its first frame fully written.
            """
    )

    @Option(help: "The app to run (default: runtime-probe beside this tuibench).")
    var probe: String?
    @Option(help: "Keys for the latency measurement (1...100000).")
    var keys = 1000
    @Option(help: "Seconds of idling (1...600).")
    var idleSeconds = 10
    @Option(help: "State changes in the flood (1000...10000000).")
    var flood = 30_000
    @Option(help: "Start-ups to time (1...1000).")
    var starts = 20
    @Option(help: "Which measurements, comma-separated: latency,idle,flood,startup.")
    var only = "latency,idle,flood,startup"
    @Option(help: "text or json.")
    var format = "text"

    @Option(help: "Per-event mode: ticker, typing, scroll, an app beside tuibench or a path; comma-separated for several.")
    var workload: String?
    @Option(help: "Events measured a round (1...100000).")
    var events = 2000
    @Option(help: "Rounds; figures are the median round's (1...20).")
    var rounds = 3
    @Option(help: "Keys sent before measuring (0...10000).")
    var warmup = 50
    @Option(help: "Terminal size COLUMNSxROWS.")
    var size = "80x24"
    @Option(help: "The key: down, up, enter, pagedown, …, one character, or text:WORDS (default: the workload's; down for an app).")
    var key: String?
    @Option(help: "An argument for an app given by name or path (repeat for more).")
    var appArgument: [String] = []
    @Option(help: "The bench-apps executable (default: beside this tuibench).")
    var benchApps: String?
    @Option(help: "Milliseconds to wait after each frame before the next key (0...1000).")
    var pauseMs = 0
    @Flag(help: "Also count system calls per event under strace -f -c.")
    var syscalls = false
    @Flag(help: "Also count instructions per event under callgrind.")
    var instructions = false
    @Option(help: "Events of the --syscalls and --instructions runs (1...100000).")
    var tracedEvents = 200
    @Option(help: ArgumentHelp(
        "With --instructions: keep callgrind's two profiles in this directory.",
        discussion: "Written as WORKLOAD-N.callgrind and WORKLOAD-2N.callgrind: callgrind_annotate on both shows "
            + "where one event's instructions go (the start-up is the same in each)."))
    var keepProfiles: String?

    func validate() throws {
        guard (1...100_000).contains(keys) else { throw ValidationError("--keys must be in 1...100000") }
        guard (1...600).contains(idleSeconds) else { throw ValidationError("--idle-seconds must be in 1...600") }
        guard (1000...10_000_000).contains(flood) else { throw ValidationError("--flood must be in 1000...10000000") }
        guard (1...1000).contains(starts) else { throw ValidationError("--starts must be in 1...1000") }
        guard format == "text" || format == "json" else { throw ValidationError("--format is text or json") }
        try Limits.check(events, 1...100_000, "events")
        try Limits.check(rounds, 1...20, "rounds")
        try Limits.check(warmup, 0...10_000, "warmup")
        try Limits.check(pauseMs, 0...1000, "pause-ms")
        try Limits.check(tracedEvents, 1...100_000, "traced-events")
        if let keepProfiles {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: keepProfiles, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--keep-profiles: \(keepProfiles) is not a directory")
            }
        }
        let (columns, rows) = try Run.parse(size: size)
        guard columns <= 1000, rows <= 1000 else { throw ValidationError("--size: at most 1000x1000 in a pseudo-terminal") }
        if let workload, workload.split(separator: ",").isEmpty { throw ValidationError("--workload names no app") }
        if let key { _ = try KeySequence(key) }
        if workload == nil && (syscalls || instructions) { throw ValidationError("--syscalls and --instructions need --workload") }
        let known: Set = ["latency", "idle", "flood", "startup"]
        for part in only.split(separator: ",") where !known.contains(String(part)) {
            throw ValidationError("--only takes latency, idle, flood, startup; not \(part)")
        }
    }

    static let frameEnd = Array("\u{1B}[?2026l".utf8)

    struct Report: Codable {
        var schemaVersion = 1
        var probe: String
        var latency: Latency?
        var idle: Idle?
        var flood: Flood?
        var startup: Startup?
    }

    struct Latency: Codable {
        var keys: Int
        var p50Nanoseconds: UInt64
        var p99Nanoseconds: UInt64
        var maxNanoseconds: UInt64
    }

    struct Idle: Codable {
        var seconds: Int
        var bytesWritten: Int
        var cpuTicks: Int
        var contextSwitches: Int
    }

    struct Flood: Codable {
        var changes: Int
        var seconds: Double
        var framesWritten: Int
        var frameCap: Int
        var lastValueShown: Bool
        var rssKilobytesAtStart: Int
        var rssKilobytesAtEnd: Int
    }

    struct Startup: Codable {
        var runs: Int
        var p50Nanoseconds: UInt64
        var maxNanoseconds: UInt64
    }

    func run() throws {
        if workload != nil { return try runEvents() }
        let path = probe ?? AppBench.defaultProbe()
        guard access(path, X_OK) == 0 else {
            throw ValidationError("\(path) is not an executable; build it with `swift build -c release --product runtime-probe` or give --probe")
        }
        let wanted = Set(only.split(separator: ",").map(String.init))
        var report = Report(probe: path)
        if wanted.contains("startup") { report.startup = try measureStartup(path) }
        if wanted.contains("latency") { report.latency = try measureLatency(path) }
        if wanted.contains("idle") { report.idle = try measureIdle(path) }
        if wanted.contains("flood") { report.flood = try measureFlood(path) }
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            printText(report)
        }
    }

    static func defaultProbe() -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (exe as NSString).deletingLastPathComponent + "/runtime-probe"
    }

    /// Starts `path` and waits for its first frame
    /// (``PseudoTerminal/waitForFirstFrame(timeoutMilliseconds:quietMilliseconds:)``: the first burst of
    /// output, by when the terminal's answers have come back); returns when the first frame was read.
    private func started(_ path: String, _ arguments: [String], term: String = "xterm-256color") throws
        -> (pty: PseudoTerminal, firstFrame: UInt64) {
        let pty = try PseudoTerminal(path: path, arguments: arguments, environment: ["TERM": term])
        guard let firstFrame = pty.waitForFirstFrame(timeoutMilliseconds: 10_000) else {
            throw ValidationError("\(path) wrote nothing within 10 s")
        }
        return (pty, firstFrame)
    }

    func measureStartup(_ path: String) throws -> Startup {
        var times: [UInt64] = []
        for _ in 0..<starts {
            let t0 = monotonicNanoseconds()
            let (pty, firstFrame) = try started(path, [])
            times.append(firstFrame - t0)
            _ = pty
        }
        let p = Percentiles(times)
        return Startup(runs: starts, p50Nanoseconds: p.median, maxNanoseconds: p.max)
    }

    func measureLatency(_ path: String) throws -> Latency {
        let pty = try started(path, ["--tree"]).pty
        var times: [UInt64] = []
        times.reserveCapacity(keys)
        for _ in 0..<keys {
            usleep(10_000)
            pty.read(waitingMilliseconds: 0)
            pty.discardPending()
            let t0 = monotonicNanoseconds()
            pty.write([UInt8(ascii: "x")])
            guard pty.waitFor(AppBench.frameEnd, timeoutMilliseconds: 5000) else {
                throw ValidationError("a key caused no frame within 5 s")
            }
            times.append(monotonicNanoseconds() - t0)
        }
        let p = Percentiles(times)
        return Latency(keys: keys, p50Nanoseconds: p.median, p99Nanoseconds: p.p99, maxNanoseconds: p.max)
    }

    func measureIdle(_ path: String) throws -> Idle {
        let pty = try started(path, []).pty
        usleep(200_000)  // let start-up settle (the first frame's aftermath)
        pty.read(waitingMilliseconds: 0)
        let bytes0 = pty.bytesRead
        let before = pty.usage()
        let end = monotonicNanoseconds() + UInt64(idleSeconds) * 1_000_000_000
        while monotonicNanoseconds() < end { pty.read(waitingMilliseconds: 100) }
        let after = pty.usage()
        return Idle(seconds: idleSeconds, bytesWritten: pty.bytesRead - bytes0, cpuTicks: after.ticks - before.ticks,
                    contextSwitches: after.contextSwitches - before.contextSwitches)
    }

    func measureFlood(_ path: String) throws -> Flood {
        // TERM=screen: no REP, so the final text arrives as one run the check can find.
        let t0 = monotonicNanoseconds()
        let pty = try started(path, ["--flood", "\(flood)"], term: "screen").pty
        let rss0 = pty.usage().rssKilobytes
        var frames = 1
        let done = Array("done value=\(flood)".utf8)
        var shown = false
        var seen: [UInt8] = []
        let deadline = t0 + 120_000_000_000
        while monotonicNanoseconds() < deadline && !shown {
            pty.read(waitingMilliseconds: 100)
            seen += pty.pending
            pty.discardPending()
            frames = AppBench.count(AppBench.frameEnd, in: seen) + 1
            shown = AppBench.count(done, in: seen) > 0
        }
        let seconds = Double(monotonicNanoseconds() - t0) / 1e9
        let rss1 = pty.usage().rssKilobytes
        return Flood(changes: flood, seconds: seconds, framesWritten: frames, frameCap: 120,
                     lastValueShown: shown, rssKilobytesAtStart: rss0, rssKilobytesAtEnd: rss1)
    }

    static func count(_ marker: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= marker.count else { return 0 }
        var n = 0, i = 0
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0] && bytes[i..<i + marker.count].elementsEqual(marker) {
                n += 1
                i += marker.count
            } else {
                i += 1
            }
        }
        return n
    }

    func printText(_ r: Report) {
        func t(_ ns: UInt64) -> String {
            ns < 1_000_000 ? String(format: "%.1f µs", Double(ns) / 1e3) : String(format: "%.2f ms", Double(ns) / 1e6)
        }
        print("app: \(r.probe) in a pseudo-terminal (this process answers as the terminal)")
        if let s = r.startup { print("startup   p50 \(t(s.p50Nanoseconds))  max \(t(s.maxNanoseconds))  (\(s.runs) runs, exec to first frame written)") }
        if let l = r.latency {
            print("latency   p50 \(t(l.p50Nanoseconds))  p99 \(t(l.p99Nanoseconds))  max \(t(l.maxNanoseconds))  (\(l.keys) keys, one Text of 5,461 views)")
        }
        if let i = r.idle {
            print("idle      \(i.bytesWritten) bytes, \(i.cpuTicks) CPU ticks, \(i.contextSwitches) context switches in \(i.seconds) s")
        }
        if let f = r.flood {
            let limit = Int(f.seconds * Double(f.frameCap)) + 1
            print(String(format: "flood     %d changes in %.2f s: %d frames (cap %d/s → at most %d), last value %@, RSS %d → %d kB",
                         f.changes, f.seconds, f.framesWritten, f.frameCap, limit, f.lastValueShown ? "shown" : "NOT shown",
                         f.rssKilobytesAtStart, f.rssKilobytesAtEnd))
        }
    }
}
