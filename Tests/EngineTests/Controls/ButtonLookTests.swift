import Testing

@testable import Engine

@MainActor
@Suite("Button look: the label takes the button's colour unless it sets its own")
struct ButtonLookTests {
    private func foreground(_ host: FramePipeline, _ x: Int) -> Color {
        host.canvas.styles[host.canvas[x, 0].style].foreground
    }

    @Test("a destructive button's title is in the destructive colour, brackets and all")
    func destructive() {
        let host = render(Button("Drop", role: .destructive) {}, columns: 8, rows: 1)
        #expect(host.textRows == ["[ Drop ]"])
        #expect(foreground(host, 0) == Theme.standard.destructive)
        #expect(foreground(host, 2) == Theme.standard.destructive)
    }

    @Test("a disabled button's title is dimmed; a label with its own colour keeps it")
    func disabled() {
        let host = render(Button("Save") {}.disabled(true), columns: 8, rows: 1)
        #expect(foreground(host, 2) == Theme.standard.disabled)
        let own = render(Button(action: {}) { Text("Go").foregroundColor(.green) }, columns: 6, rows: 1)
        #expect(foreground(own, 2) == .green)
        #expect(foreground(own, 0) == .default)
    }
}
