import Foundation
import Testing
@testable import Engine

/// A real terminal emulator (pyte, or tmux) driven through
/// Tests/Emulator/emulate.py: feed it the writer's bytes, read its screen.
struct TerminalEmulator {
    enum Backend: String, Sendable { case pyte, tmux }

    /// One cell as the emulator shows it.
    struct ScreenCell: Equatable, CustomStringConvertible {
        var text: String
        var foreground: String
        var background: String
        var attributes: [String]
        var description: String { "\(text.debugDescription) fg=\(foreground) bg=\(background) \(attributes)" }

        /// The cell as a person sees it: a space's foreground colour shows
        /// only through an attribute (underline, strikethrough, reverse),
        /// so a space with none has no foreground to compare. (Erasing
        /// leaves spaces in the default foreground; the writer erases
        /// blanks of any foreground, as ncurses does.)
        var visible: ScreenCell {
            guard text == " " && attributes.isEmpty else { return self }
            var c = self
            c.foreground = "default"
            return c
        }
    }

    typealias Screen = [[ScreenCell]]

    let backend: Backend

    static let script: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Emulator/emulate.py").path
    }()

    /// Why each backend cannot run here (absent when it can), probed once
    /// per test run.
    static let missing: [Backend: String] = {
        var missing: [Backend: String] = [:]
        for backend in [Backend.pyte, .tmux] { missing[backend] = probe(backend) }
        return missing
    }()

    /// Why the emulator cannot run here, or nil when it can.
    static func unavailable(_ backend: Backend) -> String? { missing[backend] }

    /// Whether a test that needs `backends` runs. It does when they are all
    /// installed, and also when one is missing but `TUI_ALLOW_MISSING_EMULATOR`
    /// is not set: the test then records the missing emulator as a failure
    /// (``EmulatorPropertyTests/requireEmulator(_:)``). With the variable set,
    /// a test whose emulator is missing is skipped, and reported as skipped.
    static func testRuns(_ backends: [Backend]) -> Bool {
        backends.allSatisfy { missing[$0] == nil }
            || ProcessInfo.processInfo.environment["TUI_ALLOW_MISSING_EMULATOR"] == nil
    }

    /// Starts `backend`'s probe: python3 importing pyte, or `tmux -V`.
    private static func probe(_ backend: Backend) -> String? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = backend == .pyte ? ["python3", "-c", "import pyte"] : ["tmux", "-V"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        do { try probe.run() } catch { return "cannot start \(backend): \(error)" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "\(backend) is not installed (pip install pyte / apt-get install tmux)"
    }

    /// Feeds `chunks` in order to one blank terminal; returns the screen after each.
    func screens(columns: Int, rows: Int, chunks: [[UInt8]]) throws -> [Screen] {
        let dir = FileManager.default.temporaryDirectory
        let input = dir.appendingPathComponent("emulate-\(UUID().uuidString).json")
        let encoded = chunks.map { Data($0).base64EncodedString() }
        try JSONSerialization.data(withJSONObject: encoded).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TerminalEmulator.script, backend.rawValue, "\(columns)", "\(rows)",
                             "--frames", input.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw EmulatorError(message: "emulate.py \(backend) failed: " + String(decoding: message, as: UTF8.self))
        }
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw EmulatorError(message: "emulate.py printed no screen list")
        }
        return list.map { screen in
            (screen["lines"] as? [[[String: Any]]] ?? []).map { line in
                line.map { cell in
                    ScreenCell(text: cell["t"] as? String ?? "?", foreground: cell["fg"] as? String ?? "?",
                               background: cell["bg"] as? String ?? "?", attributes: cell["a"] as? [String] ?? [])
                }
            }
        }
    }

    struct EmulatorError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The screen a canvas should produce, in the emulator's terms, for a
    /// terminal with colour level `level`.
    static func expected(_ canvas: CellBuffer, level: ColorLevel) -> Screen {
        (0..<canvas.rows).map { y in
            (0..<canvas.columns).map { x in
                let cell = canvas[x, y]
                let style = ColorDownsampler.downsample(canvas.styles[cell.style], to: level)
                var attributes: [String] = []
                let a = style.attributes
                if a.contains(.blink) { attributes.append("blink") }
                if a.contains(.bold) { attributes.append("bold") }
                if a.contains(.dim) { attributes.append("dim") }
                if a.contains(.italic) { attributes.append("italic") }
                if a.contains(.reverse) { attributes.append("reverse") }
                if a.contains(.strikethrough) { attributes.append("strike") }
                if a.contains(.underline) { attributes.append("underline") }
                return ScreenCell(text: canvas.text(x: x, y: y), foreground: style.foreground.description,
                                  background: style.background.description, attributes: attributes)
            }
        }
    }

    /// Replays `chunks` (one per frame) from a blank terminal in `backend`
    /// and records the first frame whose screen is not `expected`'s, with
    /// its bytes.
    static func expectFrames(_ chunks: [[UInt8]], show expected: [Screen], columns: Int, rows: Int, in backend: Backend,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let screens = try TerminalEmulator(backend: backend).screens(columns: columns, rows: rows, chunks: chunks)
        try #require(screens.count == chunks.count, sourceLocation: sourceLocation)
        for (i, screen) in screens.enumerated() {
            if let diff = difference(screen, expected[i]) {
                Issue.record("\(backend) frame \(i + 1): \(diff)\n  bytes: \(escaped(chunks[i]).prefix(2000))",
                             sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// The first difference between two screens, described, or nil.
    static func difference(_ got: Screen, _ want: Screen) -> String? {
        guard got.count == want.count else { return "row count \(got.count) ≠ \(want.count)" }
        for y in 0..<want.count {
            guard got[y].count == want[y].count else { return "row \(y) width \(got[y].count) ≠ \(want[y].count)" }
            for x in 0..<want[y].count where got[y][x].visible != want[y][x].visible {
                let text = { (s: Screen) in s[y].map { $0.text.isEmpty ? "" : $0.text }.joined() }
                return "(\(x),\(y)): emulator \(got[y][x]) ≠ expected \(want[y][x])\n  emulator row: \(text(got))\n  expected row: \(text(want))"
            }
        }
        return nil
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test when one of `backends` is not installed and
    /// `TUI_ALLOW_MISSING_EMULATOR` is set (see ``TerminalEmulator/testRuns(_:)``).
    static func needsEmulator(_ backends: TerminalEmulator.Backend...) -> Self {
        let names = backends.map(\.rawValue).joined(separator: " and ")
        return .enabled(if: TerminalEmulator.testRuns(backends),
                        Comment(rawValue: "needs \(names): not installed here, and TUI_ALLOW_MISSING_EMULATOR is set"))
    }
}
