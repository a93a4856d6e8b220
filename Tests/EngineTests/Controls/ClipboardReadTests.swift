import Testing
@testable import Engine

/// `terminal.readClipboard()`: the query goes out only when asked, and
/// the read resolves with what the terminal answers.
@MainActor
@Suite("Reading the clipboard")
struct ClipboardReadTests {
    struct PasteButton: View {
        @Environment(\.terminal) private var terminal
        @State private var pasted = "-"
        var body: some View {
            VStack {
                Button("paste") {
                    Task { pasted = await terminal.readClipboard() ?? "nil" }
                }
                Text(pasted)
            }
        }
    }

    @Test("nothing is asked until the app asks; the answer reaches the view")
    func readResolves() async {
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(PasteButton())
        #expect(host.controlOutput.isEmpty)
        host.click(column: 7, row: 0)
        await host.settle()
        #expect(escaped(host.controlOutput) == "\\e]52;c;?\\e\\")
        #expect(host.answerClipboardRead("from the clipboard"))
        await host.settle()
        #expect(host.textRows[1].contains("from the clipboard"))
        #expect(!host.answerClipboardRead("again"))
    }

    @Test("a terminal that refuses resolves the read to nil")
    func readRefused() async {
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(PasteButton())
        host.click(column: 7, row: 0)
        await host.settle()
        host.answerClipboardRead(nil)
        await host.settle()
        #expect(host.textRows[1].contains("nil"))
    }

    @Test("outside a running app there is nothing to read")
    func noHost() async {
        #expect(await TerminalActions(nil).readClipboard() == nil)
    }
}
