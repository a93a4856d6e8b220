import Engine
import Foundation

/// A real terminal emulator that replays an app's bytes, to check that
/// what the terminal shows is what the engine meant to draw.
///
/// - `pyte`: the engine's emulator harness (`Tests/Emulator/emulate.py` in
///   the engine's package: pyte, extended to xterm's behaviour) — every
///   cell's text, colours and attributes. Used where `python3 -c 'import pyte'`
///   works (`pip install pyte`).
/// - `tmux`: a private tmux server whose pane `cat`s the bytes in raw mode
///   (no LF → CRLF, as the terminal host sets the tty), read back with
///   `capture-pane -p`: the text of every row (no styles).
///
/// `TUI_EMULATOR=pyte` or `tmux` picks one; otherwise pyte where it runs,
/// else tmux.
public enum EmulatorBackend: String, Sendable, CaseIterable {
    case pyte, tmux
}

/// What ``AppTester/verifyInEmulator(fileID:filePath:line:column:)`` found.
public enum EmulatorVerdict: Equatable, Sendable {
    /// The emulator shows the engine's screen (text and, with pyte, styles).
    case matched(EmulatorBackend)
    /// The emulator shows something else: the description of the first
    /// difference.
    case differs(EmulatorBackend, String)
    /// No emulator could run here, or it failed: why.
    case skipped(String)
}

/// One cell as an emulator shows it, in the emulator harness's words:
/// colours `default`, `p:N` or `#rrggbb`; attributes sorted names.
public struct EmulatorCell: Equatable, Sendable, CustomStringConvertible {
    public var text: String
    public var foreground: String
    public var background: String
    public var attributes: [String]

    public init(text: String, foreground: String = "default", background: String = "default", attributes: [String] = []) {
        self.text = text
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public var description: String {
        "\(text.debugDescription) fg=\(foreground) bg=\(background)\(attributes.isEmpty ? "" : " " + attributes.joined(separator: " "))"
    }

    /// The cell as a person sees it: a blank with no attribute shows no
    /// foreground colour (erasing leaves the default one).
    var visible: EmulatorCell {
        guard text == " " && attributes.isEmpty else { return self }
        var c = self
        c.foreground = "default"
        return c
    }
}

/// Replays bytes through a real terminal emulator and compares its screen
/// with the engine's.
public enum TerminalEmulatorCheck {
    /// The emulator harness script: `TUI_EMULATE_PY` when set, else
    /// `Tests/Emulator/emulate.py` of the package this file belongs to.
    public static var harnessPath: String {
        if let path = ProcessInfo.processInfo.environment["TUI_EMULATE_PY"], !path.isEmpty { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Emulator/emulate.py").path
    }

    /// The backend to use here, or why none can run.
    public static func chooseBackend() -> Result<EmulatorBackend, SkipReason> {
        let asked = ProcessInfo.processInfo.environment["TUI_EMULATOR"].flatMap(EmulatorBackend.init(rawValue:))
        var reasons: [String] = []
        for backend in asked.map({ [$0] }) ?? EmulatorBackend.allCases {
            if let reason = unavailable(backend) { reasons.append(reason) } else { return .success(backend) }
        }
        return .failure(SkipReason(description: "no terminal emulator here: " + reasons.joined(separator: "; ")))
    }

    /// Why a check was skipped.
    public struct SkipReason: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    nonisolated(unsafe) private static var probed: [EmulatorBackend: String?] = [:]
    private static let probeLock = NSLock()

    /// Why `backend` cannot run here, or nil when it can (probed once).
    public static func unavailable(_ backend: EmulatorBackend) -> String? {
        probeLock.lock()
        defer { probeLock.unlock() }
        if let known = probed[backend] { return known }
        let reason: String?
        switch backend {
        case .pyte:
            if !FileManager.default.fileExists(atPath: harnessPath) {
                reason = "pyte: the emulator harness \(harnessPath) is missing"
            } else if (try? run(["python3", "-c", "import pyte"]))?.status != 0 {
                reason = "pyte: python3 cannot import pyte (pip install pyte)"
            } else {
                reason = nil
            }
        case .tmux:
            reason = (try? run(["tmux", "-V"]))?.status == 0 ? nil : "tmux: not installed (apt-get install tmux)"
        }
        probed[backend] = reason
        return reason
    }

    struct Finished {
        var status: Int32
        var output: Data
        var errors: Data
    }

    /// Runs a command found on PATH; waits for it.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Finished {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        // Errors to a file, output to a pipe read to its end: neither can fill up and block the child.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("tui-kit-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = FileManager.default.contents(atPath: errorFile.path) ?? Data()
        return Finished(status: process.terminationStatus, output: outputData, errors: errorData)
    }

    /// The screen `bytes` leave on a blank `columns` × `rows` terminal in
    /// `backend`: rows of cells (tmux: text only, in default styles).
    public static func replay(_ bytes: [UInt8], columns: Int, rows: Int,
                              in backend: EmulatorBackend) throws -> [[EmulatorCell]] {
        let dir = URL(fileURLWithPath: "/tmp").appendingPathComponent("tui-kit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("out.bin")
        try Data(bytes).write(to: input)
        switch backend {
        case .pyte:
            let done = try run(["python3", harnessPath, "pyte", "\(columns)", "\(rows)", "--input", input.path])
            guard done.status == 0 else {
                throw SkipReason(description: "emulate.py pyte failed: " + String(decoding: done.errors, as: UTF8.self))
            }
            guard let screen = try JSONSerialization.jsonObject(with: done.output) as? [String: Any],
                  let lines = screen["lines"] as? [[[String: Any]]] else {
                throw SkipReason(description: "emulate.py printed no screen")
            }
            return lines.map { line in
                line.map { cell in
                    EmulatorCell(text: cell["t"] as? String ?? "?", foreground: cell["fg"] as? String ?? "?",
                                 background: cell["bg"] as? String ?? "?", attributes: cell["a"] as? [String] ?? [])
                }
            }
        case .tmux:
            let script = dir.appendingPathComponent("replay.sh")
            try tmuxScript.write(to: script, atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["TMUX"] = nil
            environment["TMUX_PANE"] = nil
            environment["LC_ALL"] = "C.UTF-8"
            environment["LANG"] = "C.UTF-8"
            let done = try run(["sh", script.path, dir.path, "\(columns)", "\(rows)"], environment: environment)
            let text = String(decoding: done.output, as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            guard done.status == 0, let size = lines.first, size == "\(columns)x\(rows)", lines.count == rows + 1 else {
                throw SkipReason(description: "tmux replay failed (status \(done.status)): "
                                 + String(decoding: done.errors, as: UTF8.self) + text.prefix(200))
            }
            // capture-pane prints each character once; a row is its text.
            return lines.dropFirst().map { line in line.map { EmulatorCell(text: String($0)) } }
        }
    }

    /// The tmux replay: a private server (its socket in the temporary
    /// folder, no configuration file, no status line) whose one pane puts
    /// its tty in raw mode, `cat`s the bytes, then sets its title: seeing
    /// the title proves tmux has parsed every byte before it. Bounded
    /// polling (10 s), then the pane's size and its rows.
    static let tmuxScript = #"""
    dir=$1 cols=$2 rows=$3
    t() { tmux -u -S "$dir/sock" -f /dev/null "$@"; }
    cat > "$dir/pane.sh" <<'PANE'
    stty raw -echo -opost 2>/dev/null
    cat out.bin
    printf '\030\033]2;tui-kit-done\007'
    exec sleep 60
    PANE
    t start-server \; set -s exit-empty on \; set -g status off \; set -g default-shell /bin/sh \
      \; set -g default-size "${cols}x${rows}" \; set -g history-limit 0 \
      \; new-session -d -s kit -c "$dir" -x "$cols" -y "$rows" "sh pane.sh" || exit 1
    i=0
    while [ "$(t display -p -t kit '#{pane_title}')" != tui-kit-done ]; do
        i=$((i + 1))
        if [ $i -gt 1000 ]; then echo "tmux did not finish reading the bytes" >&2; t kill-server; exit 1; fi
        sleep 0.01
    done
    t display -p -t kit '#{pane_width}x#{pane_height}'
    t capture-pane -p -N -t kit
    t kill-server
    """#

    /// The screen the engine's canvas should give, in the emulator's
    /// terms, for a terminal of colour level `level`.
    @MainActor
    public static func expected(_ pipeline: FramePipeline) -> [[EmulatorCell]] {
        let canvas = pipeline.canvas
        let level = pipeline.encoder.capabilities.colors
        return (0..<canvas.rows).map { y in
            (0..<canvas.columns).map { x in
                let style = ColorDownsampler.downsample(canvas.styles[canvas[x, y].style], to: level)
                let names: [(TextAttributes, String)] = [(.blink, "blink"), (.bold, "bold"), (.dim, "dim"),
                                                         (.italic, "italic"), (.reverse, "reverse"),
                                                         (.strikethrough, "strike"), (.underline, "underline")]
                return EmulatorCell(text: canvas.text(x: x, y: y), foreground: style.foreground.description,
                                    background: style.background.description,
                                    attributes: names.filter { style.attributes.contains($0.0) }.map(\.1))
            }
        }
    }

    /// The first difference between the emulator's screen and the
    /// expected one, described with both rows, or nil. With `textOnly`
    /// (tmux) rows are compared as text without trailing blanks.
    public static func difference(emulator got: [[EmulatorCell]], expected want: [[EmulatorCell]],
                                  textOnly: Bool) -> String? {
        func text(_ row: [EmulatorCell]) -> String { row.map(\.text).joined() }
        guard got.count == want.count else { return "the emulator has \(got.count) rows, the engine \(want.count)" }
        for y in want.indices {
            if textOnly {
                let a = text(got[y]).trimmingTrailingBlanks, b = text(want[y]).trimmingTrailingBlanks
                if a != b { return "row \(y):\n  emulator |\(a)|\n  engine   |\(b)|" }
                continue
            }
            guard got[y].count == want[y].count else {
                return "row \(y) is \(got[y].count) cells in the emulator, \(want[y].count) in the engine"
            }
            for x in want[y].indices where got[y][x].visible != want[y][x].visible {
                return "cell (\(x), \(y)): emulator \(got[y][x]), engine \(want[y][x])\n"
                    + "  emulator |\(text(got[y]))|\n  engine   |\(text(want[y]))|"
            }
        }
        return nil
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension AppTester {
    /// Replays every byte the app wrote (``output``: since the first full
    /// frame, or the last resize) through a real terminal emulator and
    /// asserts it shows the engine's screen — every cell's text and style
    /// with pyte, every row's text with tmux. Where no emulator can run,
    /// the check is skipped with a visible warning giving the reason (a
    /// failing emulator also warns rather than fails); the verdict says
    /// which happened.
    ///
    /// ```swift
    /// app.press("+")
    /// app.verifyInEmulator()
    /// ```
    @discardableResult
    public func verifyInEmulator(fileID: String = #fileID, filePath: StaticString = #filePath,
                                 line: UInt = #line, column: UInt = #column) -> EmulatorVerdict {
        let place = TestSourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        let verdict = emulatorVerdict(for: output)
        switch verdict {
        case .matched: break
        case .skipped(let reason): TestReporter.warn("emulator check skipped: \(reason)", at: place)
        case .differs(let backend, let what):
            TestReporter.fail("\(backend) shows another screen than the engine after \(output.count) bytes "
                              + "(\(frameCount) frames): \(what)", at: place)
        }
        return verdict
    }

    /// The verdict for `bytes` replayed against the current screen, not
    /// reported (a test of the check itself corrupts the bytes first).
    /// `backend` picks the emulator (default: as ``TerminalEmulatorCheck/chooseBackend()`` does).
    public func emulatorVerdict(for bytes: [UInt8], backend chosen: EmulatorBackend? = nil) -> EmulatorVerdict {
        let backend: EmulatorBackend
        if let chosen {
            if let reason = TerminalEmulatorCheck.unavailable(chosen) { return .skipped(reason) }
            backend = chosen
        } else {
            switch TerminalEmulatorCheck.chooseBackend() {
            case .success(let b): backend = b
            case .failure(let reason): return .skipped(reason.description)
            }
        }
        let got: [[EmulatorCell]]
        do {
            got = try TerminalEmulatorCheck.replay(bytes, columns: columns, rows: rows, in: backend)
        } catch {
            return .skipped("\(error)")
        }
        let want = TerminalEmulatorCheck.expected(pipeline)
        if let what = TerminalEmulatorCheck.difference(emulator: got, expected: want, textOnly: backend == .tmux) {
            return .differs(backend, what)
        }
        return .matched(backend)
    }
}
