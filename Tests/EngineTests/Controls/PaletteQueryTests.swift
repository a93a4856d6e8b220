import Testing
@testable import Engine

/// `terminal.queryPalette(_:)`: OSC 4 queries go out only when asked, one
/// per index, and the colours the terminal reports reach the view.
@MainActor
@Suite("Querying the palette")
struct PaletteQueryTests {
    struct PaletteView: View {
        @Environment(\.terminal) private var terminal
        @State private var shown = "-"
        var body: some View {
            VStack {
                Button("ask") {
                    Task {
                        let colors = await terminal.queryPalette([1, 1, 300, 2, -1])
                        shown = colors.isEmpty ? "none" : colors.map { "\($0.index)=\($0.red >> 8)" }.joined(separator: " ")
                    }
                }
                Text(shown)
            }
        }
    }

    @Test("each index in range is asked once; the answered colours come back by index, unasked ones dropped")
    func queryResolves() async {
        let host = FramePipeline(columns: 60, rows: 2)
        host.render(PaletteView())
        #expect(host.controlOutput.isEmpty)
        host.click(column: 29, row: 0)
        await host.settle()
        #expect(escaped(host.controlOutput) == "\\e]4;1;?\\e\\\\e]4;2;?\\e\\")
        #expect(host.answerPaletteQuery([
            PaletteColor(index: 2, red: 0, green: 0xCDCD, blue: 0),
            PaletteColor(index: 9, red: 0xFFFF, green: 0, blue: 0),
            PaletteColor(index: 1, red: 0xCDCD, green: 0, blue: 0),
        ]))
        await host.settle()
        #expect(host.textRows[1].contains("1=205 2=0"))
        #expect(!host.answerPaletteQuery([]))
    }

    @Test("a terminal that reports no palette resolves the query to no colours")
    func noColours() async {
        let host = FramePipeline(columns: 60, rows: 2)
        host.render(PaletteView())
        host.click(column: 29, row: 0)
        await host.settle()
        host.answerPaletteQuery([])
        await host.settle()
        #expect(host.textRows[1].contains("none"))
    }

    @Test("outside a running app, or asking for no index in range, nothing is asked")
    func nothingAsked() async {
        #expect(await TerminalActions(nil).queryPalette() == [])
        let host = FramePipeline(columns: 10, rows: 1)
        #expect(await TerminalActions(host).queryPalette([256, -3]) == [])
        #expect(host.controlOutput.isEmpty)
    }

    @Test("16-bit channels become 24-bit colour, rounded")
    func colourConversion() {
        #expect(PaletteColor(index: 0, red: 0xFFFF, green: 0x8080, blue: 0).color == .rgb(255, 128, 0))
        #expect(PaletteColor(index: 0, red: 0x0080, green: 0x0081, blue: 0x7FFF).color == .rgb(0, 1, 127))
    }
}
