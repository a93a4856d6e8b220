import Engine
import EngineTesting
import Foundation
import Testing

@testable import counter
@testable import dashboard
@testable import form
@testable import inline_progress
@testable import notes
@testable import pager
@testable import settings
@testable import todo
@testable import wizard

/// The example apps tested as an app author tests theirs, with the kit: a
/// recorded session each (made with `TUI_RECORD` in tmux by
/// Fixtures/tools/record_sessions.py) replayed against the app's views.
@MainActor
@Suite("Example sessions", .serialized)
struct ExampleSessionTests {
    /// Each example's views, as the recorded app made them.
    static func app(_ name: String) -> any View {
        switch name {
        case "counter": CounterApp()
        case "todo": TodoApp()
        case "form": FormApp()
        case "wizard": WizardApp()
        // The simulated CPU: a session replays the same frames on any machine.
        case "dashboard": DashboardApp(readsProcStat: false)
        case "inline-progress": InlineProgressApp()
        case "pager": PagerApp(document: generatedDocument)
        case "notes": NotesApp(store: NoteStore(path: notesFile()))
        case "settings": SettingsApp()
        default: fatalError("no example named \(name)")
        }
    }

    nonisolated static let names = ["counter", "todo", "form", "wizard", "dashboard", "inline-progress", "pager", "notes", "settings"]

    /// The pager's generated text, made once.
    static let generatedDocument = Document.generated()

    /// The notes file the session was recorded with, written afresh (the
    /// app shows its path, and saves into it: the suite is serialized).
    static func notesFile() -> String {
        let dir = "/tmp/tuisession-notes"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/notes.json"
        let fixture = #"[{"id":"8C6F2E1A-4D3B-4F5E-9A7C-1B2D3E4F5A6B","text":"Welcome\nThese notes are a fixture."}]"#
        _ = FileManager.default.createFile(atPath: path, contents: Data(fixture.utf8))
        return path
    }

    static func replay(_ name: String, from path: String) async -> SessionReplayOutcome? {
        await assertReplay(AnyView(app(name)), session: path)
    }

    @Test("the recorded session replays to the same frames", arguments: names)
    func replaysItsSession(_ name: String) async throws {
        let outcome = try #require(await Self.replay(name, from: "Sessions/\(name).tuisession"))
        #expect(outcome.mismatch == nil)
        #expect(outcome.framesMatched >= 2, "a session worth replaying has frames after the first")
    }

    @Test("replaying the same session a hundred times gives the same frames each time", arguments: names)
    func replaysDeterministically(_ name: String) async throws {
        let file = try loadSession("Sessions/\(name).tuisession", testFile: #filePath)
        let frames = file.session.frames.count
        for run in 0..<100 {
            let replay = try loadSession("Sessions/\(name).tuisession", testFile: #filePath)
            let outcome = await replay.run(AnyView(Self.app(name)))
            guard outcome.mismatch == nil, outcome.framesMatched == frames else {
                Issue.record("run \(run + 1): \(outcome.framesMatched) of \(frames) frames matched\n\(outcome.mismatch.map { "\($0)" } ?? "")")
                return
            }
        }
    }

    @Test("the first screen matches its snapshot", arguments: names)
    func firstScreen(_ name: String) async {
        let app = AppTester(AnyView(Self.app(name)), columns: 72, rows: 18)
        await app.settle()
        assertSnapshot(of: app, named: name)
        app.verifyInEmulator()
    }

    @Test("a view changed on purpose fails the replay at the frame that shows the change, with a diff")
    func changedViewFailsAtTheRightFrame() async throws {
        let replay = try loadSession("Sessions/counter.tuisession", testFile: #filePath)
        let outcome = await replay.run(ChangedCounter())
        let mismatch = try #require(outcome.mismatch)
        // Frames 1 and 2 show 0 and 1, as recorded; frame 3 shows 2, which the change spells out.
        #expect(mismatch.frame == 3)
        #expect(outcome.framesMatched == 2)
        let text = mismatch.description
        #expect(text.contains("frame 3 differs first at column 10, row 5"))
        #expect(text.contains("│ Count: 2 "))
        #expect(text.contains("│ Count: two "))
        #expect(text.split(separator: "\n").contains { $0.hasPrefix(">  5|") })
    }

    @Test("fresh recordings (TUI_FRESH_SESSIONS) replay to the same frames",
          .enabled(if: ProcessInfo.processInfo.environment["TUI_FRESH_SESSIONS"] != nil))
    func replaysFreshRecordings() async throws {
        let dir = try #require(ProcessInfo.processInfo.environment["TUI_FRESH_SESSIONS"])
        var replayed = 0
        for name in Self.names {
            let path = "\(dir)/\(name).tuisession"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let outcome = await Self.replay(name, from: path)
            #expect(outcome?.mismatch == nil, "\(name)")
            replayed += 1
        }
        #expect(replayed > 0, "no sessions in \(dir)")
    }
}

/// The counter example with one deliberate change: 2 is spelled out.
struct ChangedCounter: View {
    @State private var count = 0
    @Environment(\.terminal) private var terminal

    var body: some View {
        VStack(alignment: .leading) {
            Text("Count: \(count == 2 ? "two" : String(count))").bold()
            Divider()
            Text("+ / - change it, q quits")
        }
        .padding(1)
        .border(.rounded)
        .onKeyPress("+") { count += 1; return .handled }
        .onKeyPress("-") { count -= 1; return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}
