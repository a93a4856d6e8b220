import ArgumentParser
import Engine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tuibench app --workload …`: what each event costs a real app, read from
/// outside the process, as a user's machine pays it.
extension AppBench {
    /// An app to drive and the keys to send it.
    struct Target {
        var name: String
        var path: String
        var arguments: [String]
        var keys: KeySequence
    }

    /// The workloads of `bench-apps`: its argument and the keys that drive it.
    static let workloads: [(name: String, key: String)] = [
        ("ticker", "t"),
        ("typing", "text:the quick brown fox jumps over the lazy dog"),
        ("scroll", "down"),
    ]

    /// A failure while measuring (not a usage error): exit status 1.
    struct EventsFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// What one round read.
    struct Round {
        var counters: (before: ProcessCounters, after: ProcessCounters)
        var bytes: Int
        var frames: Int
        var latencies: [UInt64]
        var startup: UInt64
    }

    /// How a run is wrapped: as is, or under strace or callgrind (slower:
    /// longer time-outs).
    enum Wrapper {
        case none
        case strace(output: String)
        /// Valgrind's own messages go to `log`, not the terminal.
        case callgrind(output: String, log: String)

        var tool: String {
            switch self {
            case .none: "no tool"
            case .strace: "strace"
            case .callgrind: "callgrind"
            }
        }

        var timeoutMilliseconds: Int {
            if case .callgrind = self { return 120_000 }
            if case .strace = self { return 30_000 }
            return 10_000
        }
    }

    static func besideTuibench(_ name: String) -> String {
        (defaultProbe() as NSString).deletingLastPathComponent + "/" + name
    }

    /// Finds `name` on PATH, as a shell would.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    func targets() throws -> [Target] {
        var targets: [Target] = []
        for name in (workload ?? "").split(separator: ",").map(String.init) {
            let spelling: String
            let path: String
            var arguments = appArgument
            if let known = AppBench.workloads.first(where: { $0.name == name }) {
                path = benchApps ?? AppBench.besideTuibench("bench-apps")
                arguments = [name] + arguments
                spelling = key ?? known.key
                guard access(path, X_OK) == 0 else {
                    throw ValidationError("\(path) is not an executable; build it with `swift build -c release --product bench-apps` or give --bench-apps")
                }
            } else {
                path = name.contains("/") ? name : AppBench.besideTuibench(name)
                spelling = key ?? "down"
                guard access(path, X_OK) == 0 else {
                    throw ValidationError("--workload \(name) is neither ticker, typing nor scroll, nor an executable"
                        + (name.contains("/") ? "" : " beside tuibench (build it with `swift build -c release --product \(name)`)"))
                }
            }
            targets.append(Target(name: name, path: path, arguments: arguments, keys: try KeySequence(spelling)))
        }
        return targets
    }

    func runEvents() throws {
        let report = try measureEvents()
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text(), terminator: "")
        }
    }

    /// Every workload of --workload, measured.
    func measureEvents() throws -> AppEventsReport {
        let targets = try targets()
        let (columns, rows) = try Run.parse(size: size)
        var results: [AppWorkloadResult] = []
        do {
            for target in targets {
                var rounds: [Round] = []
                for _ in 0..<self.rounds { rounds.append(try round(target, events: events, columns: columns, rows: rows)) }
                var result = AppBench.summary(target, rounds: rounds)
                if syscalls { result.syscalls = try measureSyscalls(target, columns: columns, rows: rows) }
                if instructions { result.instructions = try measureInstructions(target, columns: columns, rows: rows) }
                results.append(result)
            }
        } catch let failure as EventsFailure {
            Diagnostics.error(failure.description)
            throw ExitCode(1)
        }
        return AppEventsReport(columns: columns, rows: rows, events: events, warmup: warmup, rounds: self.rounds,
                               pauseMicroseconds: pauseMs * 1000, machine: .current, workloads: results)
    }

    /// Starts `target` (under `wrapper`) on a terminal of `columns`×`rows`,
    /// waits for its first frame, then for it to settle; the time from
    /// spawning to the end of the first frame.
    func start(_ target: Target, columns: Int, rows: Int, wrapper: Wrapper = .none) throws -> (PseudoTerminal, startup: UInt64) {
        let t0 = monotonicNanoseconds()
        var path = target.path
        var arguments = target.arguments
        switch wrapper {
        case .none: break
        case .strace(let output):
            guard let strace = AppBench.onPath("strace") else { throw EventsFailure("--syscalls needs strace (apt-get install strace)") }
            arguments = ["-f", "-c", "-o", output, "--", path] + arguments
            path = strace
        case .callgrind(let output, let log):
            guard let valgrind = AppBench.onPath("valgrind") else { throw EventsFailure("--instructions needs valgrind (apt-get install valgrind)") }
            let program = AppBench.withoutDebugInfo(path, copy: output + ".program")
            arguments = ["--tool=callgrind", "--callgrind-out-file=\(output)", "--log-file=\(log)", program] + arguments
            path = valgrind
        }
        let pty: PseudoTerminal
        do {
            // Swift's hashing seeded alike in every run: the same work in the N and 2N runs.
            let environment = wrapper.tool == "callgrind" ? ["SWIFT_DETERMINISTIC_HASHING": "1"] : [:]
            pty = try PseudoTerminal(path: path, arguments: arguments, columns: columns, rows: rows, environment: environment)
        } catch {
            throw EventsFailure("\(error)")
        }
        let seconds = wrapper.timeoutMilliseconds / 1000
        guard let firstFrame = pty.waitForFirstFrame(timeoutMilliseconds: wrapper.timeoutMilliseconds) else {
            if pty.hungUp { throw EventsFailure("\(target.path) exited before its first frame" + AppBench.toolLog(wrapper)) }
            throw EventsFailure("\(target.path) wrote nothing within \(seconds) s")
        }
        let startup = firstFrame - t0
        pty.settle()
        return (pty, startup)
    }

    /// A copy of the program at `path` without its DWARF debug information
    /// (`objcopy --strip-debug`, at `copy`), or `path` itself when that
    /// fails. Valgrind 3.19 gives up on some of the debug information
    /// Swift 6.3 writes ("Possibly corrupted debuginfo file"); the symbol
    /// table, which names every function, stays.
    static func withoutDebugInfo(_ path: String, copy: String) -> String {
        guard let objcopy = onPath("objcopy") else { return path }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", path, copy]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return path }
        process.waitUntilExit()
        guard process.terminationStatus == 0, access(copy, X_OK) == 0 else { return path }
        return copy
    }

    /// The last lines valgrind wrote, to say why a run under it ended.
    static func toolLog(_ wrapper: Wrapper) -> String {
        guard case .callgrind(_, let log) = wrapper, let text = try? String(contentsOfFile: log, encoding: .utf8) else { return "" }
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("==") && !$0.hasPrefix("###") }
        return "; valgrind says:\n" + lines.prefix(12).joined(separator: "\n")
    }

    /// Sends one key and waits for the end of the frame it causes; the time between.
    func event(_ pty: PseudoTerminal, _ target: Target, _ n: Int, timeoutMilliseconds: Int, wrapper: Wrapper = .none) throws -> UInt64 {
        pty.discardPending()
        let want = pty.frameEnds + 1
        let key = target.keys.key(n)
        let t0 = monotonicNanoseconds()
        pty.write(key)
        guard pty.waitForFrameEnds(want, timeoutMilliseconds: timeoutMilliseconds) else {
            if pty.hungUp {
                throw EventsFailure("\(target.name) exited at key \(n + 1)" + (wrapper.tool == "no tool" ? "" : " under \(wrapper.tool)")
                    + AppBench.toolLog(wrapper))
            }
            let shown = VisibleEscaping.visible(String(decoding: key, as: UTF8.self))
            throw EventsFailure("\(target.name): key \(n + 1) ('\(shown)' of --key \(target.keys.spelling)) caused no frame within "
                + "\(timeoutMilliseconds / 1000) s; a key must change what the app shows")
        }
        let elapsed = monotonicNanoseconds() - t0
        if pauseMs > 0 { usleep(UInt32(pauseMs) * 1000) }
        return elapsed
    }

    /// Start-up, warm-up, `events` events measured, then Ctrl-C.
    func round(_ target: Target, events: Int, columns: Int, rows: Int) throws -> Round {
        let (pty, startup) = try start(target, columns: columns, rows: rows)
        for n in 0..<warmup { _ = try event(pty, target, n, timeoutMilliseconds: 10_000) }
        let before = ProcessCounters.read(pty.pid)
        let bytes0 = pty.bytesRead, frames0 = pty.frameEnds
        var latencies: [UInt64] = []
        latencies.reserveCapacity(events)
        for n in 0..<events { latencies.append(try event(pty, target, warmup + n, timeoutMilliseconds: 10_000)) }
        let after = ProcessCounters.read(pty.pid)
        let round = Round(counters: (before, after), bytes: pty.bytesRead - bytes0, frames: pty.frameEnds - frames0,
                          latencies: latencies, startup: startup)
        _ = pty.quit()
        return round
    }

    /// Medians over the rounds.
    static func summary(_ target: Target, rounds: [Round]) -> AppWorkloadResult {
        func median(_ values: [Double]) -> Double { medianRatio(values) }
        let events = Double(rounds[0].latencies.count)
        let cpu = rounds.map { Double($0.counters.after.cpuNanoseconds - $0.counters.before.cpuNanoseconds) / events }
        let stat = rounds.map {
            Double($0.counters.after.statTicks - $0.counters.before.statTicks) * 1e9 / Double(ProcessCounters.ticksPerSecond) / events
        }
        let voluntary = rounds.map { Double($0.counters.after.voluntarySwitches - $0.counters.before.voluntarySwitches) / events }
        let involuntary = rounds.map { Double($0.counters.after.involuntarySwitches - $0.counters.before.involuntarySwitches) / events }
        let switches = zip(voluntary, involuntary).map { $0 + $1 }
        let latency = rounds.map { Percentiles($0.latencies) }
        return AppWorkloadResult(
            name: target.name, app: target.path, arguments: target.arguments, key: target.keys.spelling,
            events: rounds[0].latencies.count, cpuNanosecondsPerEvent: median(cpu), cpuNanosecondsPerEventRounds: cpu,
            statCPUNanosecondsPerEvent: median(stat), contextSwitchesPerEvent: median(switches),
            voluntarySwitchesPerEvent: median(voluntary), involuntarySwitchesPerEvent: median(involuntary),
            bytesPerEvent: median(rounds.map { Double($0.bytes) / events }),
            framesPerEvent: median(rounds.map { Double($0.frames) / events }),
            latencyP50Nanoseconds: UInt64(median(latency.map { Double($0.median) })),
            latencyP99Nanoseconds: UInt64(median(latency.map { Double($0.p99) })),
            latencyMaxNanoseconds: latency.map(\.max).max() ?? 0,
            startupNanoseconds: UInt64(median(rounds.map { Double($0.startup) })),
            peakRSSKilobytes: Int(median(rounds.map { Double($0.counters.after.peakRSSKilobytes) })),
            threads: rounds.map(\.counters.after.threads).max() ?? 0)
    }

    /// A traced run: start-up, warm-up, `events` events, Ctrl-C, and the
    /// tool's output file once the app has exited.
    /// `keepAs`: where to copy the tool's output before it is removed.
    func tracedRun(_ target: Target, events: Int, columns: Int, rows: Int, wrapper: Wrapper, output: String,
                   keepAs: String? = nil) throws -> String {
        unlink(output)
        defer { if case .callgrind(_, let log) = wrapper { unlink(log) } }
        let (pty, _) = try start(target, columns: columns, rows: rows, wrapper: wrapper)
        let timeout = wrapper.timeoutMilliseconds
        for n in 0..<(warmup + events) { _ = try event(pty, target, n, timeoutMilliseconds: timeout, wrapper: wrapper) }
        guard pty.quit(timeoutMilliseconds: timeout) != nil else {
            throw EventsFailure("\(target.name) did not quit on Ctrl-C within \(timeout / 1000) s under \(wrapper.tool)")
        }
        defer { unlink(output) }
        guard let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            throw EventsFailure("\(wrapper.tool) left no output in \(output)")
        }
        if let keepAs {
            do {
                try? FileManager.default.removeItem(atPath: keepAs)
                try FileManager.default.copyItem(atPath: output, toPath: keepAs)
            } catch {
                throw EventsFailure("could not keep the profile as \(keepAs): \(error.localizedDescription)")
            }
        }
        return text
    }

    func temporaryFile(_ suffix: String) -> String {
        NSTemporaryDirectory() + "/tuibench-\(getpid())-\(suffix)"
    }

    /// System calls per event: `strace -f -c` over N events less over none.
    func measureSyscalls(_ target: Target, columns: Int, rows: Int) throws -> AppWorkloadResult.Syscalls {
        let output = temporaryFile("strace")
        var counts: [[String: Int]] = []
        for n in [0, tracedEvents] {
            let text = try tracedRun(target, events: n, columns: columns, rows: rows, wrapper: .strace(output: output), output: output)
            guard let calls = TraceSummaries.straceCalls(text) else { throw EventsFailure("cannot read strace's summary:\n\(text)") }
            counts.append(calls)
        }
        var perEvent: [String: Double] = [:]
        for name in Set(counts[0].keys).union(counts[1].keys) {
            let d = Double((counts[1][name] ?? 0) - (counts[0][name] ?? 0)) / Double(tracedEvents)
            if d != 0 { perEvent[name] = d }
        }
        return .init(events: tracedEvents, perEvent: perEvent.values.reduce(0, +), perEventByName: perEvent)
    }

    /// Instructions per event: callgrind over 2N events less over N.
    func measureInstructions(_ target: Target, columns: Int, rows: Int) throws -> AppWorkloadResult.Instructions {
        let output = temporaryFile("callgrind")
        let wrapper = Wrapper.callgrind(output: output, log: temporaryFile("valgrind.log"))
        var totals: [UInt64] = []
        for n in [tracedEvents, 2 * tracedEvents] {
            let text = try tracedRun(target, events: n, columns: columns, rows: rows, wrapper: wrapper, output: output,
                                     keepAs: keepProfiles.map { "\($0)/\(target.name)-\(n).callgrind" })
            guard let total = TraceSummaries.callgrindInstructions(text) else { throw EventsFailure("no totals line in callgrind's output") }
            totals.append(total)
        }
        return .init(events: tracedEvents, perEvent: (Double(totals[1]) - Double(totals[0])) / Double(tracedEvents), totals: totals)
    }
}
