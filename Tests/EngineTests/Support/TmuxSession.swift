import Foundation
@testable import Engine

/// A private tmux server (its own socket, no config) whose one pane prints
/// given bytes raw: for checking what tmux makes of sequences that
/// `emulate.py`'s screens do not show (underline styles and colours, which
/// `capture-pane -e` reports; OSC 52, which lands in tmux's paste buffer).
final class TmuxSession {
    let directory: URL
    let socket: String

    /// Starts the server with `options` (`set -g` pairs) and a pane of
    /// `columns` × `rows` that prints `bytes` with output processing off.
    init(columns: Int, rows: Int, bytes: [UInt8], options: [(String, String)] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("s").path
        let input = directory.appendingPathComponent("bytes")
        try Data(bytes).write(to: input)
        var args = ["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                    "stty raw -echo -opost; sleep 0.2; cat \(input.path); sleep 20", ";", "set", "-g", "status", "off"]
        for (name, value) in options { args += [";", "set", "-g", name, value] }
        try run(args, output: false)
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `tmux -S socket args…` and returns its standard output.
    @discardableResult
    func run(_ args: [String], output wantsOutput: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Through Python, whose subprocess closes every other descriptor:
        // Foundation's Process lets a child inherit the test process's
        // descriptors, and a tmux server holding another test's pipe would
        // keep that test reading until the server ends.
        process.arguments = ["python3", "-c", "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:]).returncode)",
                             "tmux", "-u", "-S", socket] + args
        // As emulate.py: no outer tmux, and a UTF-8 locale so panes speak UTF-8.
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        guard wantsOutput else {
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return ""
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The pane as `capture-pane -p -e` prints it (text with SGR), once it
    /// shows `marker` (or after about five seconds).
    func capture(waitingFor marker: String) throws -> String {
        var text = ""
        for _ in 0..<100 {
            text = try run(["capture-pane", "-p", "-e", "-t", "0"])
            if text.contains(marker) { break }
            usleep(50_000)
        }
        return text
    }
}
