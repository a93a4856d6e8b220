import Testing
@testable import Engine

/// The style of the cell at (x, y).
@MainActor
private func style(_ host: FramePipeline, _ x: Int, _ y: Int) -> Style {
    host.canvas.styles[host.canvas[x, y].style]
}

/// A view whose tint a test changes from outside.
private struct Tinted: View {
    var tint: Color?
    @FocusState private var focused: Bool
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("accent").foregroundColor(.accentColor)
            Toggle("on", isOn: .constant(true)).focused($focused)
        }
        .tint(tint)
        .defaultFocus($focused, false)  // the unfocused toggle shows the tint (focused, it is inverted)
    }
}

@MainActor
@Suite("Semantic colours: .primary, .secondary, .accentColor and .tint, resolved through the theme")
struct SemanticColorTests {
    @Test("the standard theme: secondary is bright black, the accent is the tint (cyan), primary the default")
    func standardTheme() {
        let host = render(
            VStack(alignment: .leading, spacing: 0) {
                Text("sec").foregroundStyle(.secondary)
                Text("acc").foregroundColor(.accentColor)
                Text("pri").foregroundColor(.primary)
                Text("bg").backgroundColor(.accentColor)
            }, columns: 3, rows: 4)
        #expect(style(host, 0, 0).foreground == .brightBlack)
        #expect(style(host, 0, 1).foreground == .cyan)
        #expect(style(host, 0, 2).foreground == .default)
        #expect(style(host, 0, 3).background == .cyan)
    }

    @Test("a theme in the environment decides what the roles draw in")
    func customTheme() {
        let theme = Theme(tint: .magenta, primary: .white, secondary: .yellow)
        let host = render(
            VStack(alignment: .leading, spacing: 0) {
                Text("sec").foregroundStyle(.secondary)
                Text("acc").foregroundStyle(.accentColor)
                Text("pri").foregroundColor(.primary)
                Text("a") + Text("b").foregroundColor(.secondary)
            }
            .environment(\.theme, theme), columns: 3, rows: 4)
        #expect(style(host, 0, 0).foreground == .yellow)
        #expect(style(host, 0, 1).foreground == .magenta)
        #expect(style(host, 0, 2).foreground == .white)
        #expect(style(host, 0, 3).foreground == .default)
        #expect(style(host, 1, 3).foreground == .yellow, "a piece of a concatenated text")
    }

    @Test("backgrounds, borders and dividers resolve roles too")
    func otherViews() {
        let host = render(
            VStack(spacing: 0) {
                Text("ab").border(.single, color: .secondary)
                Divider(color: .accentColor)
                Text("cd").background(.accentColor)
            }, columns: 4, rows: 5)
        #expect(style(host, 0, 0).foreground == .brightBlack)
        #expect(style(host, 0, 3).foreground == .cyan)
        #expect(style(host, 1, 4).background == .cyan)
    }

    @Test(".primary leaves the foreground to an enclosing foregroundStyle (the standard theme's primary is the default)")
    func primaryInherits() {
        let host = render(Text("x").foregroundStyle(.primary).foregroundStyle(.red), columns: 1, rows: 1)
        #expect(style(host, 0, 0).foreground == .red)
    }

    @Test(".tint sets the controls' tint and the accent colour inside; nil keeps the enclosing one")
    func tint() {
        let host = FramePipeline(columns: 6, rows: 2)
        host.render(Tinted(tint: .green))
        #expect(host.textRows == ["accent", "[x] on"])
        #expect(style(host, 0, 0).foreground == .green)
        #expect(style(host, 1, 1).foreground == .green, "a toggle that is on takes the tint")
        // Changing the tint evaluates the readers below again.
        host.render(Tinted(tint: .red))
        #expect(style(host, 0, 0).foreground == .red)
        #expect(style(host, 1, 1).foreground == .red)
        host.render(Tinted(tint: nil))
        #expect(style(host, 0, 0).foreground == .cyan)
        #expect(style(host, 1, 1).foreground == .cyan)
    }

    @Test("the innermost tint wins")
    func nestedTint() {
        let host = render(
            VStack(spacing: 0) {
                Text("a").foregroundColor(.accentColor).tint(.yellow)
                Text("b").foregroundColor(.accentColor)
            }
            .tint(.magenta), columns: 1, rows: 2)
        #expect(style(host, 0, 0).foreground == .yellow)
        #expect(style(host, 0, 1).foreground == .magenta)
    }

    @Test("a role never reaches the cells")
    func noRoleInCells() {
        let host = render(
            HStack(spacing: 0) {
                Text("a").foregroundStyle(.secondary)
                Text("b").foregroundColor(.accentColor).backgroundColor(.secondary)
            }, columns: 2, rows: 1)
        for x in 0..<2 {
            let s = style(host, x, 0)
            #expect(s.foreground.role == nil && s.background.role == nil)
        }
    }
}
