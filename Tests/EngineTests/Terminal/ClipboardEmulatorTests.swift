import Foundation
import Testing
@testable import Engine

/// OSC 52 as tmux takes it: with `set-clipboard on`, the copy becomes
/// tmux's paste buffer (and would be passed on to the terminal outside).
@Suite("OSC 52 in tmux", .serialized)
struct ClipboardEmulatorTests {
    @Test("tmux with set-clipboard on keeps the copied text as its buffer", .needsEmulator(.tmux))
    func tmuxBuffer() throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        let text = "copied: héllo, 世界 ✓"
        let bytes = OperatingSystemCommand.setClipboard(text) + Array("done".utf8)
        let session = try TmuxSession(columns: 20, rows: 2, bytes: bytes, options: [("set-clipboard", "on")])
        _ = try session.capture(waitingFor: "done")
        #expect(try session.run(["show-buffer"]) == text)
    }

    @Test("with set-clipboard off tmux keeps nothing (the test can tell)", .needsEmulator(.tmux))
    func tmuxOff() throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        let bytes = OperatingSystemCommand.setClipboard("nope") + Array("done".utf8)
        let session = try TmuxSession(columns: 20, rows: 2, bytes: bytes, options: [("set-clipboard", "off")])
        _ = try session.capture(waitingFor: "done")
        #expect(try session.run(["show-buffer"]) == "")
    }
}
