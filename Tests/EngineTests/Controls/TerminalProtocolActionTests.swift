import Testing
@testable import Engine

/// What views send the terminal apart from frames: `terminal.copy(_:)`
/// (OSC 52) and `ProgressView.terminalProgress()` (OSC 9;4).
@MainActor
@Suite("Clipboard and terminal progress")
struct TerminalProtocolActionTests {
    struct CopyButton: View {
        var text: String
        @Environment(\.terminal) private var terminal
        @State private var result: ClipboardCopyResult?
        var body: some View {
            VStack {
                Button("copy") { result = terminal.copy(text) }
                Text(result.map { "\($0)" } ?? "-")
            }
        }
    }

    @Test("copy sends OSC 52 with the UTF-8 in base64 and says it did")
    func copies() {
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(CopyButton(text: "héllo, 世界"))
        host.click(column: 8, row: 0)
        host.renderIfNeeded()
        #expect(escaped(host.controlOutput) == "\\e]52;c;aMOpbGxvLCDkuJbnlYw=\\e\\")
        #expect(host.textRows[1].contains("sent"))
    }

    @Test("base64 of every remainder length, as RFC 4648's examples")
    func base64() {
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
                     "foobar": "Zm9vYmFy"]
        for (text, encoded) in cases {
            var out: [UInt8] = []
            OperatingSystemCommand.appendBase64(text.utf8, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == encoded)
        }
        #expect(escaped(OperatingSystemCommand.setClipboard("\u{1B}]x")) == "\\e]52;c;G114\\e\\")
    }

    @Test("more than the cap is refused whole; outside an app nothing is sent")
    func refusals() {
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(CopyButton(text: String(repeating: "é", count: TerminalActions.maximumCopyLength / 2 + 1)))
        host.click(column: 8, row: 0)
        host.renderIfNeeded()
        #expect(host.controlOutput.isEmpty)
        #expect(host.textRows[1].contains("tooLarge"))
        #expect(EnvironmentValues().terminal.copy("x") == .unavailable)
    }

    @Test("terminalProgress reports the percentage, busy while indeterminate, and clears when the view goes")
    func progress() {
        let host = FramePipeline(columns: 30, rows: 1)
        host.render(ProgressView(value: 0.25).terminalProgress())
        #expect(escaped(host.controlOutput) == "\\e]9;4;1;25\\e\\")
        host.render(ProgressView(value: 0.5).terminalProgress())
        host.render(ProgressView(value: 0.504).terminalProgress())  // still 50%: nothing new
        #expect(escaped(host.controlOutput) == "\\e]9;4;1;25\\e\\\\e]9;4;1;50\\e\\")
        host.controlOutput = []
        host.render(ProgressView().terminalProgress())
        #expect(escaped(host.controlOutput) == "\\e]9;4;3\\e\\")
        host.controlOutput = []
        host.render(Text("done"))
        #expect(escaped(host.controlOutput) == "\\e]9;4;0\\e\\")
    }

    @Test("without the opt-in, or turned off, nothing is reported; turning it off clears")
    func optIn() {
        let host = FramePipeline(columns: 30, rows: 1)
        host.render(ProgressView(value: 0.25))
        host.render(ProgressView(value: 0.25).terminalProgress(false))
        #expect(host.controlOutput.isEmpty)
        host.render(ProgressView(value: 0.25).terminalProgress())
        host.render(ProgressView(value: 0.25).terminalProgress(false))
        #expect(escaped(host.controlOutput) == "\\e]9;4;1;25\\e\\\\e]9;4;0\\e\\")
    }
}
