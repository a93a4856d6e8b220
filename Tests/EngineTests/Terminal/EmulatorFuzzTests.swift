import Foundation
import Testing
@testable import Engine

/// Random frame sequences on small screens, right edges and last rows
/// included, replayed in pyte and tmux, with the outcome counted rather
/// than stopped at the first difference.
///
/// Two kinds of session:
/// - **agreed**: text every terminal draws alike, plus hostile input the
///   engine's policy makes agreed (undrawable scalars, dangling joiners,
///   absurd clusters): no frame may differ;
/// - **mixed**: the same plus disputed graphemes (emoji, skin tones, flags,
///   VS16, ZWJ sequences): a frame may differ only in a disputed cell's own
///   row and own two columns ("contained"); any other difference is
///   "escaped" and fails.
///
/// `TUI_FUZZ_SESSIONS` (default 6 of each kind per emulator) scales the run;
/// the counts are printed (`fuzz …` lines) for reports. `TUI_FUZZ_DUMP=dir`
/// writes each unreadable session's chunks there (`emulate.py --frames`).
@Suite("Emulator fuzz: agreed and disputed graphemes, counted", .serialized)
struct EmulatorFuzzTests {
    static func scalar(_ v: UInt32) -> String { String(Character(Unicode.Scalar(v)!)) }

    static let agreed = RandomFrames.pieces + ["Ελληνικά", "Русский", "e\u{301}\u{302}", "ﬁ", "ab", "漢", "x"]
    nonisolated static let hostile = [
        "\u{2028}", "\u{2029}", scalar(0xFDD0), scalar(0xFFFF), scalar(0x10FFFE), "\u{600}1", "\u{6DD}2", "\u{70F}x",
        "\u{110BD}7", "a\u{200D}b", "a" + String(repeating: "\u{200D}", count: 1000), "e" + String(repeating: "\u{301}", count: 3000),
        "o\u{308}" + String(repeating: "\u{323}", count: 12),
    ]
    static let disputed = [
        "\u{1F44D}\u{1F3FD}", "\u{261D}\u{1F3FB}", "\u{2764}\u{FE0F}", "\u{1F600}", "\u{1F1EF}\u{1F1F5}", "\u{1F1FA}",
        "👨‍👩‍👧", "👩‍💻", "✨", "\u{1F44D}" + String(repeating: "\u{1F3FD}", count: 500), "👨‍👩‍👧‍👦",
    ]

    struct Counts: CustomStringConvertible {
        var sessions = 0, frames = 0, unreadableSessions = 0, unreadableFrames = 0
        var mismatchedFrames = 0, containedFrames = 0, escapedFrames = 0
        var description: String {
            "sessions \(sessions), frames \(frames), unreadable \(unreadableFrames) frames in \(unreadableSessions) sessions, "
                + "mismatched frames \(mismatchedFrames) (contained \(containedFrames), escaped \(escapedFrames))"
        }
    }

    /// One session: its chunks, and per frame the expected screen and the
    /// cells holding a disputed grapheme.
    static func session(seed: UInt64, mixed: Bool, columns: Int, rows: Int, frames: Int)
        -> (chunks: [[UInt8]], expected: [TerminalEmulator.Screen], disputed: [Set<Int>])
    {
        var rng = SplitMix64(seed: seed)
        func int(_ r: Range<Int>) -> Int { r.isEmpty ? r.lowerBound : Int.random(in: r, using: &rng) }
        let canvas = CellBuffer(columns: columns, rows: rows)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas, capabilities: TerminalCapabilities(colors: .truecolor))
        let styles = [0, canvas.styles.id(for: Style(foreground: .red)), canvas.styles.id(for: Style(background: .blue)),
                      canvas.styles.id(for: Style(foreground: .rgb(9, 99, 199), attributes: .bold))]
        var pools = [agreed, hostile]
        if mixed { pools.append(disputed) }
        var chunks: [[UInt8]] = [], expected: [TerminalEmulator.Screen] = [], disputedCells: [Set<Int>] = []
        for _ in 0..<frames {
            for _ in 0..<int(1..<5) {
                let style = styles[int(0..<styles.count)]
                switch int(0..<8) {
                case 0, 1, 2, 3:
                    var text = ""
                    for _ in 0..<int(1..<4) {
                        let pool = pools[int(0..<pools.count)]
                        text += pool[int(0..<pool.count)]
                    }
                    // Often near the right edge, where wider renderings wrap.
                    let x = int(0..<3) == 0 ? int(Swift.max(0, columns - 3)..<columns) : int(-1..<columns)
                    canvas.write(text, x: x, y: int(0..<rows), style: style)
                case 4:
                    let x = int(0..<columns), y = int(0..<rows)
                    canvas.fill(Rect(x: x, y: y, width: int(1..<(columns - x + 1)), height: int(1..<(rows - y + 1))),
                                with: .blank(style))
                case 5:
                    var random = RandomFrames(seed: rng.next(), table: canvas.styles)
                    random.scroll(canvas)
                case 6:
                    canvas.put(Cell(scalar: UInt32(0x61 + int(0..<26)), width: 1, style: style), x: int(0..<columns),
                               y: int(0..<rows))
                default:
                    if int(0..<4) == 0 { canvas.clear() }
                }
            }
            chunks.append(Array(encoder.encode(canvas)))
            expected.append(TerminalEmulator.expected(canvas, level: .truecolor))
            var cells = Set<Int>()
            for y in 0..<rows {
                for x in 0..<columns where canvas.isUncertain(canvas[x, y]) { cells.insert(y * columns + x) }
            }
            disputedCells.append(cells)
        }
        return (chunks, expected, disputedCells)
    }

    /// Replays sessions in `backend` and counts.
    static func fuzz(_ backend: TerminalEmulator.Backend, mixed: Bool, sessions: Int) throws -> Counts {
        var counts = Counts()
        for s in 0..<sessions {
            let columns = 2 + (s * 7) % 29, rows = 1 + (s * 3) % 6, frames = 8
            let run = session(seed: 0xF0220 &+ UInt64(s) &* 7919 &+ (mixed ? 1 << 40 : 0), mixed: mixed,
                              columns: columns, rows: rows, frames: frames)
            counts.sessions += 1
            counts.frames += frames
            let screens: [TerminalEmulator.Screen]
            do {
                screens = try TerminalEmulator(backend: backend).screens(columns: columns, rows: rows, chunks: run.chunks)
            } catch {
                // tmux refuses to read back a grid holding half a wide character.
                counts.unreadableSessions += 1
                counts.unreadableFrames += frames
                if let dir = ProcessInfo.processInfo.environment["TUI_FUZZ_DUMP"] {
                    // The session's chunks, as emulate.py --frames reads them, to reproduce it.
                    let json = try JSONSerialization.data(withJSONObject: run.chunks.map { Data($0).base64EncodedString() })
                    try json.write(to: URL(fileURLWithPath: "\(dir)/fuzz-\(backend)-\(mixed ? "mixed" : "agreed")-\(s)-\(columns)x\(rows).json"))
                }
                continue
            }
            for (i, screen) in screens.enumerated() {
                var mismatched = false, escaped = false
                for y in 0..<rows {
                    for x in 0..<columns where screen[y][x].visible != run.expected[i][y][x].visible {
                        mismatched = true
                        // Inside a disputed cell's own two columns on its row?
                        let own = run.disputed[i].contains(y * columns + x)
                            || (x > 0 && run.disputed[i].contains(y * columns + x - 1))
                        if !own {
                            escaped = true
                            if escapedReports < 5 {
                                escapedReports += 1
                                print("fuzz \(backend) escaped: session \(s) \(columns)x\(rows) frame \(i) (\(x),\(y)): "
                                      + "emulator \(screen[y][x]) ≠ \(run.expected[i][y][x])\n  bytes: "
                                      + escapedBytes(run.chunks[i]))
                            }
                        }
                    }
                }
                if escaped, let dir = ProcessInfo.processInfo.environment["TUI_FUZZ_DUMP"] {
                    let json = try JSONSerialization.data(withJSONObject: run.chunks.map { Data($0).base64EncodedString() })
                    try json.write(to: URL(fileURLWithPath: "\(dir)/escaped-\(backend)-\(s)-\(columns)x\(rows).json"))
                }
                if mismatched { counts.mismatchedFrames += 1 }
                if mismatched && !escaped { counts.containedFrames += 1 }
                if escaped { counts.escapedFrames += 1 }
            }
        }
        return counts
    }

    nonisolated(unsafe) static var escapedReports = 0
    static func escapedBytes(_ b: [UInt8]) -> String { String(escaped(b).prefix(600)) }

    static var sessions: Int {
        Int(ProcessInfo.processInfo.environment["TUI_FUZZ_SESSIONS"] ?? "") ?? 6
    }

    @Test("pyte: no agreed frame differs; disputed differences stay in their own cells", .needsEmulator(.pyte), arguments: [false, true])
    func pyte(mixed: Bool) throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let counts = try Self.fuzz(.pyte, mixed: mixed, sessions: Self.sessions)
        print("fuzz pyte \(mixed ? "mixed" : "agreed"): \(counts)")
        #expect(counts.escapedFrames == 0, "\(counts)")
        if !mixed { #expect(counts.mismatchedFrames == 0, "\(counts)") }
        #expect(counts.unreadableFrames == 0)
    }

    @Test("tmux: no agreed frame differs; disputed differences stay in their own cells", .needsEmulator(.tmux), arguments: [false, true])
    func tmux(mixed: Bool) throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        let counts = try Self.fuzz(.tmux, mixed: mixed, sessions: Self.sessions)
        print("fuzz tmux \(mixed ? "mixed" : "agreed"): \(counts)")
        #expect(counts.escapedFrames == 0, "\(counts)")
        if !mixed { #expect(counts.mismatchedFrames == 0 && counts.unreadableFrames == 0, "\(counts)") }
    }
}
