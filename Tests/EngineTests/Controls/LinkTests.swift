import Testing
@testable import Engine

/// `Link` and `@Environment(\.openURL)`.
@MainActor
@Suite("Link")
struct LinkTests {
    @MainActor final class Opened { var urls: [String] = [] }

    func host(_ opened: Opened, hyperlinks: Bool = true) -> FramePipeline {
        let host = FramePipeline(columns: 20, rows: 2, capabilities: TerminalCapabilities(hyperlinks: hyperlinks))
        host.render(VStack(alignment: .leading) {
            Button("b") {}
            Link("Docs", destination: "https://example.com/docs")
        }
        .environment(\.openURL, OpenURLAction { url in
            opened.urls.append(url)
            return .handled
        }))
        return host
    }

    @Test("its label is one underlined, tinted hyperlink; the bytes carry it")
    func drawnAsLink() {
        let host = host(Opened())
        #expect(host.textRows == ["       [ b ]        ", "       Docs         "])
        #expect(host.styleRows[1] == ".......aaaa.........")
        #expect(host.styleLegend.last == "a fg=6 underline link=1")
        #expect(escaped(host.lastBytes).contains("\\e]8;id=1;https://example.com/docs\\e\\"))
        #expect(escaped(host.lastBytes).contains("Docs\\e]8;;\\e\\"))
    }

    @Test("Enter while focused and a click call openURL with the destination")
    func activates() {
        let opened = Opened()
        let host = host(opened)
        host.press(.enter)
        #expect(opened.urls.isEmpty)  // the button has focus first
        host.press(.tab)
        host.press(.enter)
        #expect(opened.urls == ["https://example.com/docs"])
        host.click(column: 8, row: 1)
        #expect(opened.urls.count == 2)
        host.click(column: 2, row: 1)
        #expect(opened.urls.count == 2)
    }

    @Test("the default action does nothing and reports a system action")
    func defaultAction() {
        #expect(EnvironmentValues().openURL("https://example.com") == .systemAction)
        let host = FramePipeline(columns: 10, rows: 1)
        host.render(Link("x", destination: "https://example.com"))
        host.click(column: 0, row: 0)
        #expect(host.quitStatus == nil)
        #expect(host.printedLines.isEmpty)
    }

    @Test("without hyperlinks the label is drawn the same and no OSC 8 is sent")
    func withoutHyperlinks() {
        let host = host(Opened(), hyperlinks: false)
        #expect(host.textRows[1] == "       Docs         ")
        #expect(!escaped(host.lastBytes).contains("]8;"))
    }
}
