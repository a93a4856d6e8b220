import Testing
@testable import Engine

private final class Log { var lines: [String] = [] }

private struct Editor: View {
    let log: Log
    @State private var text = ""
    var body: some View {
        VStack {
            TextField("text", text: $text)
            Button("Save") { log.lines.append("save:\(text)") }.keyboardShortcut("s", modifiers: .control)
        }
    }
}

@MainActor
@Suite("Shortcuts, geometry, colours as values")
struct ShortcutGeometryTests {
    @Test func aShortcutPressesItsButtonFromAnywhereButTypingStillTypes() {
        let log = Log()
        let host = FramePipeline(columns: 30, rows: 3)
        host.render(Editor(log: log))  // the text field has focus: it comes first
        host.type("s")             // typed, not a shortcut (no Control)
        host.press("s", modifiers: .control)
        #expect(log.lines == ["save:s"])
        host.press("s", modifiers: [.control, .shift])  // another combination: nothing
        #expect(log.lines == ["save:s"])
    }

    @Test func geometryChangesAreReportedAfterTheFrame() {
        var sizes: [Size] = []
        let host = FramePipeline(columns: 20, rows: 5)
        let view = Text("hello").frame(maxWidth: .max).onGeometryChange { sizes.append($0) }
        host.render(view)
        #expect(sizes == [Size(width: 20, height: 1)])
        host.render(view)
        #expect(sizes.count == 1)
        host.resizeScreen(columns: 12, rows: 5)
        #expect(sizes.last == Size(width: 12, height: 1))
    }

    @Test func bordersAndDividersTakeColours() {
        let host = FramePipeline(columns: 6, rows: 4)
        host.render(VStack { Text("a"); Divider(color: .red) }.border(.rounded, color: .blue))
        #expect(host.styleLegend.contains { $0.contains("fg=4") })
        #expect(host.styleLegend.contains { $0.contains("fg=1") })
        #expect(host.textRows[0].contains("╭"))
    }
}
