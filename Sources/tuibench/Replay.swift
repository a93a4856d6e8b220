import ArgumentParser
import Engine
import Foundation

/// `tuibench replay FILE…`: bytes and encode time per frame transition of
/// tuiframes recordings.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay tuiframes recordings (or the frames of recorded app sessions) through the diff and writer.",
        discussion: """
            Reports, per transition (blank → frame 1, frame 1 → 2, …), the bytes written and \
            the encode time (diff + writer into the output buffer; not parsing, drawing or I/O). \
            Each file is replayed --iterations times from a blank terminal; a transition's time \
            is its median over the iterations, and the file's median/p90/p99 are taken over \
            transitions. Without FILE, replays the bundled fixtures. A FILE may also be a session an \
            app recorded with TUI_RECORD=path (docs/tuisession.md): its frames are replayed, up to \
            the first change of size — a real app as a benchmark.

            Exit status: 0 on success, 1 for a malformed file (file:line: reason), 64 for a usage error.

            Examples:
              tuibench replay Fixtures/recordings/less-gpl3-80x24.tuiframes
              tuibench replay --format json --colors 256 Fixtures/synthetic/*.tuiframes
              tuibench replay --raw /tmp/less.bin Fixtures/recordings/less-gpl3-80x24.tuiframes
              TUI_RECORD=/tmp/app.tuisession .build/release/dashboard; tuibench replay /tmp/app.tuisession
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }
    enum Colors: String, ExpressibleByArgument, CaseIterable {
        case truecolor, c256 = "256", c16 = "16", none
        var level: ColorLevel {
            switch self {
            case .truecolor: return .truecolor
            case .c256: return .palette256
            case .c16: return .ansi16
            case .none: return .none
            }
        }
    }
    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

    @Argument(help: "tuiframes or tuisession files to replay (default: the bundled fixtures).")
    var files: [String] = []

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(help: "Colour capability: truecolor, 256, 16 or none.")
    var colors: Colors = .truecolor

    @Option(help: "Wrap each frame in synchronized output (DECSET 2026): on or off.")
    var sync: Switch = .off

    @Option(help: "Use REP (repeat character) for runs of one ASCII character: on or off.")
    var rep: Switch = .on

    enum EmojiWidths: String, ExpressibleByArgument, CaseIterable { case settled, cautious }

    @Option(help: ArgumentHelp(
        "Emoji code points: settled (the terminal draws them two columns wide) or cautious (re-anchor after each).",
        discussion: "settled is what TerminalHost's start-up probe finds in tmux 3.3a, where the recordings were made, "
            + "and in current terminals; cautious is the writer's default when a terminal was not asked."))
    var emojiWidths: EmojiWidths = .settled

    @Option(help: "Write the exact byte stream of the transitions (no setup bytes) of the single FILE to PATH.")
    var raw: String?

    @Option(parsing: .unconditional, help: "Replays of each file; times are medians over them.")
    var iterations: Int = 10

    /// Print one summary line instead of the table (used by the suite).
    var summaryOnly = false

    enum CodingKeys: String, CodingKey { case files, format, colors, sync, rep, emojiWidths, raw, iterations }

    func validate() throws {
        try Limits.check(iterations, Limits.iterations, "iterations")
        if raw != nil && files.count != 1 { throw ValidationError("--raw takes exactly one FILE") }
    }

    func run() throws {
        MachineInfo.warnIfDebug()
        let paths = files.isEmpty ? try Replay.bundledFixtures() : files
        let capabilities = TerminalCapabilities(colors: colors.level, repeatCharacter: rep == .on,
                                                synchronizedOutput: sync == .on,
                                                settledEmojiWidths: emojiWidths == .settled)
        var reports: [FileReport] = []
        for path in paths {
            let styles = StyleTable(), graphemes = GraphemeTable()
            let recording: TuiFrames
            do {
                let text = try InputFile.text(try InputFile.read(path), path: path)
                if text.hasPrefix("tuisession ") {
                    // A recorded app session (TUI_RECORD): its frames, at the size it started with.
                    let session = try TuiSession.parse(text, path: path, styles: styles, graphemes: graphemes)
                    recording = session.screens()
                    guard !recording.frames.isEmpty else {
                        Diagnostics.error("\(path): the session holds no frames")
                        throw ExitCode(1)
                    }
                } else {
                    recording = try TuiFrames.parse(text, path: path, styles: styles, graphemes: graphemes)
                }
            } catch {
                Diagnostics.error("\(error)")
                throw ExitCode(1)
            }
            try checkWork(recording)
            reports.append(try measure(recording, capabilities: capabilities, styles: styles, graphemes: graphemes))
        }
        if summaryOnly {
            let total = reports.reduce(0) { $0 + $1.totalBytes }
            let frames = reports.reduce(0) { $0 + $1.frames.count }
            let worst = reports.map(\.medianEncodeNanoseconds).max() ?? 0
            print("replay of \(reports.count) bundled fixtures: \(frames) frames, \(total) bytes in all; "
                  + "slowest median encode \(ReplayReport.duration(worst)) (details: tuibench replay)")
            return
        }
        switch format {
        case .json: print(try ReplayReport(files: reports).json())
        case .text: print(ReplayReport(files: reports).table(colors: colors.rawValue, sync: sync == .on, rep: rep == .on,
                                                                   emojiWidths: emojiWidths.rawValue))
        }
    }

    /// Refuses a replay that would visit more than ``Limits/replayCells`` cells.
    func checkWork(_ recording: TuiFrames) throws {
        let cells = recording.frames.count.saturatingMultiplied(by: recording.columns * recording.rows)
        let visits = cells.saturatingMultiplied(by: iterations + 2)
        guard visits > Limits.replayCells else { return }
        throw ValidationError("\(recording.path): --iterations \(iterations) over \(recording.frames.count) frames of "
                              + "\(recording.columns)x\(recording.rows) would visit \(visits) cells; the most is "
                              + "\(Limits.replayCells): use fewer --iterations")
    }

    func measure(_ recording: TuiFrames, capabilities: TerminalCapabilities, styles: StyleTable,
                 graphemes: GraphemeTable) throws -> FileReport {
        let n = recording.frames.count
        var bytes = [Int](repeating: 0, count: n)
        var times = [[UInt64]](repeating: [], count: n)
        var cpuTimes = [[UInt64]](repeating: [], count: n)
        var allocations = [Int](repeating: 0, count: n)
        // The transitions' bytes go to --raw as they are made (a recording
        // can make hundreds of MB of them): nothing is held, and a write
        // that fails is reported.
        let rawFile: OutputFile?
        do { rawFile = try raw.map { path throws(FileError) in try OutputFile(path) } } catch {
            Diagnostics.error("\(error)")
            throw ExitCode(1)
        }
        // Allocations: a second pass over the frames with the same canvas and
        // encoder, once interned tables and scratch buffers have grown to
        // what this recording needs (steady state).
        recording.replay(capabilities: capabilities, styles: styles, graphemes: graphemes, passes: 2,
                         around: AllocationCounter.self) { t in
            if t.pass == 1 { allocations[t.index] = t.allocations }
        }
        for iteration in 0..<iterations {
            recording.replay(capabilities: capabilities, styles: styles, graphemes: graphemes) { t in
                if iteration == 0 {
                    bytes[t.index] = t.bytes.count
                    rawFile?.write(t.bytes)
                } else {
                    precondition(bytes[t.index] == t.bytes.count, "replay is not deterministic")
                }
                times[t.index].append(t.encodeNanoseconds)
                cpuTimes[t.index].append(t.encodeCPUNanoseconds)
            }
        }
        do { try rawFile?.finish() } catch {
            Diagnostics.error("\(error)")
            throw ExitCode(1)
        }
        let frames = (0..<n).map {
            FrameReport(bytes: bytes[$0], encodeNanoseconds: Percentiles(times[$0]).median,
                        encodeCPUNanoseconds: Percentiles(cpuTimes[$0]).median, allocations: allocations[$0])
        }
        return FileReport(path: recording.path, columns: recording.columns, rows: recording.rows, frames: frames)
    }

    /// The fixtures shipped with the package, found from the working
    /// directory or from the executable's location inside `.build`.
    static func bundledFixtures() throws -> [String] {
        let fm = FileManager.default
        var candidates = [fm.currentDirectoryPath]
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(dir.path)
            dir = dir.deletingLastPathComponent()
        }
        for root in candidates {
            var found: [String] = []
            for sub in ["Fixtures/recordings", "Fixtures/synthetic"] {
                let folder = root + "/" + sub
                if let names = try? fm.contentsOfDirectory(atPath: folder) {
                    found += names.filter { $0.hasSuffix(".tuiframes") }.sorted().map { folder + "/" + $0 }
                }
            }
            if !found.isEmpty { return found }
        }
        throw ValidationError("no FILE given and no bundled fixtures found (run from the package root)")
    }
}
