import Engine
import Foundation

/// Replays a recorded session against `root` and fails the test at the
/// first frame whose screen differs, with the recorded and replayed
/// screens side by side (rows that differ marked `>`, their styles under
/// them), or at a printed line or exit status that differs.
///
/// Record a session by running the app with `TUI_RECORD=path` in its
/// environment and using it as a person would; keep the file beside the
/// test (the path is taken from the test file's folder when relative):
///
/// ```swift
/// @Test @MainActor func replaysTheRecordedSession() async {
///     await assertReplay(CounterView(), session: "Sessions/counter.tuisession")
/// }
/// ```
///
/// The replay is deterministic: the app's clock moves only at the
/// recorded wake-ups, tasks run where the recorded app ran them, and no
/// wall time is read; replaying a session any number of times gives the
/// same frames. Returns the outcome (nil when the file could not be read
/// or parsed, which fails the test too).
@MainActor
@discardableResult
public func assertReplay<Root: View>(_ root: Root, session path: String,
                                     fileID: String = #fileID, filePath: StaticString = #filePath,
                                     line: UInt = #line, column: UInt = #column) async -> SessionReplayOutcome? {
    let place = TestSourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
    let replay: SessionReplay
    do {
        replay = try loadSession(path, testFile: place.path)
    } catch {
        TestReporter.fail("session \(path.debugDescription): \(error)", at: place)
        return nil
    }
    let outcome = await replay.run(root)
    if let mismatch = outcome.mismatch {
        TestReporter.fail("replay of \(path.debugDescription): \(outcome.framesMatched) frames matched, then\n\(mismatch)",
                          at: place)
    } else if outcome.framesMatched == 0 {
        TestReporter.fail("replay of \(path.debugDescription): the session holds no frames", at: place)
    }
    return outcome
}

/// Reads and parses the session at `path` (relative paths from the folder
/// of `testFile`, when given), for a test that drives `SessionReplay`
/// itself.
@MainActor
public func loadSession(_ path: String, testFile: String? = nil) throws -> SessionReplay {
    var url = URL(fileURLWithPath: path)
    if !path.hasPrefix("/"), let testFile {
        url = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent(path)
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        throw SessionFileError(description: "cannot read \(url.path)")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
        throw SessionFileError(description: "\(url.path) is not UTF-8")
    }
    return try SessionReplay(text: text, path: url.path)
}

/// A session file that could not be read.
public struct SessionFileError: Error, CustomStringConvertible {
    public var description: String
}
