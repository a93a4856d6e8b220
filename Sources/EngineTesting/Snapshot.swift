import Engine
import Foundation

/// A screen as a snapshot file stores it: the `tuisnap` format, version 1.
///
/// ```
/// tuisnap 1 20x3
/// -- text
/// |Count: 1            |
/// |[+] [-]             |
/// |                    |
/// -- styles
/// |aaaaaaaa............|
/// |bbb.bbb.............|
/// |....................|
/// -- legend
/// a bold
/// b fg=4 underline
/// ```
///
/// - The first line names the format, its version and the screen's size
///   in cells (columns x rows).
/// - `-- text`: one line per screen row, between `|` bars (so trailing
///   blanks show); each grapheme once, a wide character taking one
///   character of the line and two columns of the screen.
/// - `-- styles`: one line per row, one character per column: `.` the
///   default style, `a`, `b`, … the others in order of first appearance.
/// - `-- legend`: what each letter stands for: `fg=`/`bg=` a palette index
///   (0–255) or `#rrggbb`, then attribute names (bold dim italic underline
///   blink reverse strike).
///
/// Every line ends with a newline; nothing else is in the file. A change to
/// the screen changes only the lines of the rows it touches, so snapshot
/// changes read well in review.
public struct ScreenSnapshot: Equatable, Sendable {
    /// The format's version, written in the first line.
    public static let version = 1
    /// The file name extension.
    public static let fileExtension = "tuisnap"

    public var columns: Int
    public var rows: Int
    public var textRows: [String]
    public var styleRows: [String]
    public var styleLegend: [String]

    public init(columns: Int, rows: Int, textRows: [String], styleRows: [String], styleLegend: [String]) {
        self.columns = columns
        self.rows = rows
        self.textRows = textRows
        self.styleRows = styleRows
        self.styleLegend = styleLegend
    }

    /// The snapshot of `screen`.
    public init(_ screen: TestScreen) {
        self.init(columns: screen.columns, rows: screen.rows, textRows: screen.textRows,
                  styleRows: screen.styleRows, styleLegend: screen.styleLegend)
    }

    /// The file's text.
    public var text: String {
        var lines = ["tuisnap \(ScreenSnapshot.version) \(columns)x\(rows)", "-- text"]
        lines += textRows.map { "|\($0)|" }
        lines.append("-- styles")
        lines += styleRows.map { "|\($0)|" }
        lines.append("-- legend")
        lines += styleLegend
        return lines.map { $0 + "\n" }.joined()
    }

    /// Why a file's text is not a snapshot.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a file's text.
    public init(parsing text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first else { throw FormatError(description: "empty snapshot file") }
        let words = header.split(separator: " ")
        guard words.count == 3, words[0] == "tuisnap" else {
            throw FormatError(description: "not a tuisnap file (first line \(header.debugDescription))")
        }
        guard Int(words[1]) == ScreenSnapshot.version else {
            throw FormatError(description: "tuisnap version \(words[1]); this kit reads version \(ScreenSnapshot.version)")
        }
        let size = words[2].split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw FormatError(description: "bad size \(words[2].debugDescription)") }
        var sections: [String: [String]] = [:]
        var current: String?
        for line in lines.dropFirst() {
            if line.hasPrefix("-- ") {
                current = String(line.dropFirst(3))
                sections[current!] = []
            } else if let name = current {
                sections[name]!.append(line)
            } else {
                throw FormatError(description: "a line before the first section: \(line.debugDescription)")
            }
        }
        func framed(_ name: String) throws -> [String] {
            guard let rows = sections[name] else { throw FormatError(description: "no -- \(name) section") }
            return try rows.map { row in
                guard row.count >= 2, row.first == "|", row.last == "|" else {
                    throw FormatError(description: "a \(name) row not between bars: \(row.debugDescription)")
                }
                return String(row.dropFirst().dropLast())
            }
        }
        self.init(columns: size[0], rows: size[1], textRows: try framed("text"), styleRows: try framed("styles"),
                  styleLegend: sections["legend"] ?? [])
    }

    /// A side-by-side report of what differs between `self` (stored) and
    /// `now`, only the differing rows, each marked `>` with its 0-based
    /// row number; nil when they are equal.
    public func difference(from now: ScreenSnapshot) -> String? {
        guard self != now else { return nil }
        var out: [String] = []
        if columns != now.columns || rows != now.rows {
            out.append("size: stored \(columns)x\(rows), now \(now.columns)x\(now.rows)")
        }
        func sideBySide(_ title: String, _ a: [String], _ b: [String]) {
            let count = max(a.count, b.count)
            let differing = (0..<count).filter { i in (i < a.count ? a[i] : nil) != (i < b.count ? b[i] : nil) }
            guard !differing.isEmpty else { return }
            out.append("\(title) (stored | now), \(differing.count) of \(count) rows differ:")
            let numberWidth = String(count - 1).count
            let width = differing.map { i in i < a.count ? a[i].count + 2 : 0 }.max() ?? 0
            for i in differing {
                let number = String(repeating: " ", count: numberWidth - String(i).count) + String(i)
                let left = i < a.count ? "|\(a[i])|" : "(none)"
                let right = i < b.count ? "|\(b[i])|" : "(none)"
                out.append("> \(number) \(left.padded(to: width)) \(right)")
            }
        }
        sideBySide("text", textRows, now.textRows)
        sideBySide("styles", styleRows, now.styleRows)
        if styleLegend != now.styleLegend {
            out.append("legend (stored | now):")
            let width = styleLegend.map(\.count).max() ?? 0
            for i in 0..<max(styleLegend.count, now.styleLegend.count) {
                let left = i < styleLegend.count ? styleLegend[i] : ""
                let right = i < now.styleLegend.count ? now.styleLegend[i] : ""
                let mark = left == right ? " " : ">"
                out.append("\(mark) \(left.padded(to: width)) | \(right)")
            }
        }
        return out.joined(separator: "\n")
    }
}

extension String {
    /// The string followed by blanks up to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// What `TUI_SNAPSHOT` asks of `assertSnapshot(of:)`.
public enum SnapshotMode: String, Sendable {
    /// (unset) Compare; a missing snapshot fails the test.
    case verify
    /// `TUI_SNAPSHOT=record`: write missing snapshots (and their SVG); compare the others.
    case record
    /// `TUI_SNAPSHOT=update`: write every snapshot that is missing or differs.
    case update

    /// The mode the environment asks for.
    public static var current: SnapshotMode {
        switch ProcessInfo.processInfo.environment["TUI_SNAPSHOT"] {
        case "record": return .record
        case "update": return .update
        default: return .verify
        }
    }
}

/// Where the snapshot `name` of the test file at `filePath` is stored:
/// `__Snapshots__/<TestFile>/<name>.tuisnap` beside the test file.
public func snapshotURL(named name: String, testFile filePath: String) -> URL {
    let file = URL(fileURLWithPath: filePath)
    let testFile = file.deletingPathExtension().lastPathComponent
    return file.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile)
        .appendingPathComponent("\(snapshotFileName(name)).\(ScreenSnapshot.fileExtension)")
}

/// A test function's name (`counts()`, `testCounts()`) or a given name as
/// a file name: letters, digits, `-`, `_` and `.` kept, runs of others as `-`.
func snapshotFileName(_ name: String) -> String {
    var base = name
    if let paren = base.firstIndex(of: "(") { base = String(base[..<paren]) }
    var out = ""
    for c in base {
        if c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." {
            out.append(c)
        } else if out.last != "-" {
            out.append("-")
        }
    }
    return out.isEmpty ? "snapshot" : out
}

/// What ``checkSnapshot(_:named:testFile:mode:)`` did.
public enum SnapshotOutcome: Equatable, Sendable {
    /// The stored snapshot matches.
    case matched
    /// A snapshot was written (recorded or updated) at the path.
    case written(String)
    /// A failure, with its message.
    case failed(String)
}

/// Compares `screen` with its stored snapshot, writing it (and an SVG
/// beside it) when `mode` says to; the outcome says what happened. The
/// assertion functions report it to the running test.
@discardableResult
public func checkSnapshot(_ screen: TestScreen, named name: String, testFile filePath: String,
                          mode: SnapshotMode = .current) -> SnapshotOutcome {
    let url = snapshotURL(named: name, testFile: filePath)
    let now = ScreenSnapshot(screen)
    let shown = url.path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
        ? String(url.path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : url.path
    func write() -> SnapshotOutcome {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try now.text.write(to: url, atomically: true, encoding: .utf8)
            try SnapshotSVG.render(screen).write(to: url.deletingPathExtension().appendingPathExtension("svg"),
                                                 atomically: true, encoding: .utf8)
            return .written(url.path)
        } catch {
            return .failed("snapshot \(name.debugDescription): could not write \(shown): \(error)")
        }
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        if mode != .verify { return write() }
        return .failed("no snapshot \(shown); run the tests with TUI_SNAPSHOT=record to record it. Now:\n\(now.text)")
    }
    let stored: ScreenSnapshot
    do {
        stored = try ScreenSnapshot(parsing: String(decoding: data, as: UTF8.self))
    } catch {
        if mode == .update { return write() }
        return .failed("snapshot \(shown) is unreadable: \(error); TUI_SNAPSHOT=update rewrites it")
    }
    guard let diff = stored.difference(from: now) else { return .matched }
    if mode == .update { return write() }
    return .failed("snapshot \(name.debugDescription) differs from \(shown):\n\(diff)\n"
                   + "(run with TUI_SNAPSHOT=update to accept the new screen)")
}

/// Asserts that `screen` matches the snapshot stored beside the test file
/// (`__Snapshots__/<TestFile>/<name>.tuisnap`); `name` defaults to the test
/// function's name. `TUI_SNAPSHOT=record` records missing snapshots,
/// `TUI_SNAPSHOT=update` rewrites the ones that differ; both write an SVG
/// picture of the screen beside each snapshot written. A mismatch fails
/// the test with a side-by-side diff of the rows and styles that differ.
public func assertSnapshot(of screen: TestScreen, named name: String? = nil, function: String = #function,
                           fileID: String = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    let place = TestSourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
    switch checkSnapshot(screen, named: name ?? function, testFile: place.path) {
    case .matched: break
    case .written(let path): FileHandle.standardError.write(Data("snapshot written: \(path)\n".utf8))
    case .failed(let message): TestReporter.fail(message, at: place)
    }
}

/// Asserts that the app's screen matches its stored snapshot (see
/// `assertSnapshot(of:)`).
///
/// ```swift
/// let app = AppTester(CounterView(), columns: 30, rows: 5)
/// assertSnapshot(of: app)
/// ```
@MainActor
public func assertSnapshot(of app: AppTester, named name: String? = nil, function: String = #function,
                           fileID: String = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    assertSnapshot(of: app.screen, named: name, function: function, fileID: fileID, filePath: filePath,
                   line: line, column: column)
}

/// Asserts that a frame pipeline's screen matches its stored snapshot.
@MainActor
public func assertSnapshot(of pipeline: FramePipeline, named name: String? = nil, function: String = #function,
                           fileID: String = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    assertSnapshot(of: TestScreen(pipeline), named: name, function: function, fileID: fileID, filePath: filePath,
                   line: line, column: column)
}
