import Engine
import EngineTesting
import Testing

@MainActor
@Suite("Emulator verification of an app's bytes", .serialized)
struct EmulatorTests {
    /// A few frames of interaction, then the whole byte stream replayed.
    private func exercised() -> AppTester {
        let app = AppTester(KitCounter(), columns: 30, rows: 6)
        app.press("+")
        app.click(on: "[+]")
        app.paste("xyz")
        app.drag(from: (0, 5), to: (2, 5))
        return app
    }

    @Test(arguments: EmulatorBackend.allCases)
    func bytesReplayToTheEngineScreen(backend: EmulatorBackend) throws {
        if let reason = TerminalEmulatorCheck.unavailable(backend) {
            withKnownIssue { Issue.record("skipped: \(reason)") }
            return
        }
        let app = exercised()
        #expect(app.frameCount > 4)
        #expect(app.emulatorVerdict(for: app.output, backend: backend) == .matched(backend))
        app.resize(columns: 20, rows: 4)
        app.press("-")
        #expect(app.emulatorVerdict(for: app.output, backend: backend) == .matched(backend))
    }

    /// The check catches corrupted bytes: a changed digit shows as a
    /// differing cell (pyte) or row (tmux).
    @Test(arguments: EmulatorBackend.allCases)
    func corruptedBytesDiffer(backend: EmulatorBackend) throws {
        if let reason = TerminalEmulatorCheck.unavailable(backend) {
            withKnownIssue { Issue.record("skipped: \(reason)") }
            return
        }
        let app = exercised()
        var bytes = app.output
        let digit = try #require(bytes.lastIndex(of: UInt8(ascii: "5")))  // Count: 5
        bytes[digit] = UInt8(ascii: "7")
        let verdict = app.emulatorVerdict(for: bytes, backend: backend)
        guard case .differs(let got, let what) = verdict else {
            Issue.record("not caught: \(verdict)")
            return
        }
        #expect(got == backend)
        #expect(what.hasPrefix(backend == .pyte ? "cell (7, 0): emulator \"7\"" : "row 0:"))
        #expect(what.contains("Count: 7"))
    }

    @Test func oneCall() {
        let app = exercised()
        let verdict = app.verifyInEmulator()
        if case .differs = verdict { Issue.record("differs: \(verdict)") }
    }
}
