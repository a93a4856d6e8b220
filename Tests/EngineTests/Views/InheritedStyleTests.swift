import Testing

@testable import Engine

/// The style of the cell at (x, y).
@MainActor
private func style(_ host: FramePipeline, _ x: Int, _ y: Int) -> Style {
    host.canvas.styles[host.canvas[x, y].style]
}

@MainActor
@Suite("Styles as values: .foregroundStyle and .bold() inherited, Text concatenation, borders and dividers")
struct InheritedStyleTests {
    @Test("text inside .foregroundStyle and .bold() takes them; its own colour wins, attributes add up")
    func inheritance() {
        let host = render(
            VStack(alignment: .leading) {
                Text("plain")
                Text("own").foregroundColor(.green)
                HStack { Text("a"); Text("b").italic() }.bold()
            }
            .foregroundStyle(.red), columns: 5, rows: 3)
        #expect(host.textRows == ["plain", "own  ", "a b  "])
        #expect(style(host, 0, 0) == Style(foreground: .red))
        #expect(style(host, 0, 1) == Style(foreground: .green))
        #expect(style(host, 0, 2) == Style(foreground: .red, attributes: .bold))
        #expect(style(host, 2, 2) == Style(foreground: .red, attributes: [.bold, .italic]))
        // Blanks between texts are not text: they keep the plain style.
        #expect(style(host, 1, 2) == .plain)
    }

    @Test("the innermost colour wins; a background in between shows under the text")
    func nesting() {
        let host = render(
            Text("x").foregroundStyle(.blue).background(.yellow).foregroundStyle(.red), columns: 1, rows: 1)
        #expect(style(host, 0, 0) == Style(foreground: .blue, background: .yellow))
    }

    @Test("the modifier takes no part in layout: a styled group's views are laid out one by one")
    func layoutNeutral() {
        let styled = render(HStack { Group { Text("a"); Text("b") }.bold(); Text("c") }, columns: 5, rows: 1)
        let plain = render(HStack { Group { Text("a"); Text("b") }; Text("c") }, columns: 5, rows: 1)
        #expect(styled.textRows == plain.textRows)
        #expect(styled.textRows == ["a b c"])
    }

    @Test("changing the inherited style repaints the text under it, re-evaluating no body")
    func changeRepaints() {
        final class Counter: @unchecked Sendable { var bodies = 0 }
        let counter = Counter()
        struct Leaf: View, @MainActor Equatable {
            let counter: Counter
            static func == (a: Leaf, b: Leaf) -> Bool { a.counter === b.counter }
            var body: some View {
                counter.bodies += 1
                return Text("leaf")
            }
        }
        let host = FramePipeline(columns: 4, rows: 1)
        host.render(Leaf(counter: counter).foregroundStyle(.red))
        #expect(style(host, 0, 0).foreground == .red)
        let before = counter.bodies
        host.render(Leaf(counter: counter).foregroundStyle(.cyan))
        #expect(style(host, 0, 0).foreground == .cyan)
        #expect(style(host, 3, 0).foreground == .cyan)
        #expect(counter.bodies == before, "a colour above a view does not evaluate it again")
        // Only the text's cells were written: an SGR for the new colour and the four characters.
        #expect(host.lastByteCount < 30)
    }

    @Test("borders and dividers take the inherited colour unless they set their own")
    func bordersAndDividers() {
        let host = render(
            VStack(spacing: 0) {
                Text("ab").border(.single)
                Divider()
                Divider(color: .green)
            }.foregroundStyle(.magenta), columns: 4, rows: 5)
        #expect(host.textRows == ["┌──┐", "│ab│", "└──┘", "────", "────"])
        #expect(style(host, 0, 0).foreground == .magenta)
        #expect(style(host, 0, 3).foreground == .magenta)
        #expect(style(host, 0, 4).foreground == .green)
    }

    @Test("Text + Text draws each piece in its style; modifiers on the sum apply under each piece")
    func concatenation() {
        let line = (Text("Disk ") + Text("92%").bold().foregroundColor(.red) + Text(" full")).underline()
        let host = render(line, columns: 14, rows: 1)
        #expect(host.textRows == ["Disk 92% full "])
        #expect(style(host, 0, 0) == Style(attributes: .underline))
        #expect(style(host, 5, 0) == Style(foreground: .red, attributes: [.bold, .underline]))
        #expect(style(host, 7, 0) == Style(foreground: .red, attributes: [.bold, .underline]))
        #expect(style(host, 8, 0) == Style(attributes: .underline))
        #expect(style(host, 12, 0) == Style(attributes: .underline))
    }

    @Test("a concatenation wraps and truncates as one text, the pieces keeping their styles")
    func concatenationWrapsAndTruncates() {
        let text = Text("alpha ") + Text("beta gamma").foregroundColor(.blue) + Text(" 漢字")
        let wrapped = render(text, columns: 11, rows: 3)
        #expect(wrapped.textRows == ["alpha beta ", "gamma 漢字 ", "           "])
        #expect(style(wrapped, 0, 0) == .plain)
        #expect(style(wrapped, 6, 0).foreground == .blue)
        #expect(style(wrapped, 0, 1).foreground == .blue)
        #expect(style(wrapped, 6, 1) == .plain)
        let cut = render(text.lineLimit(1), columns: 9, rows: 1)
        #expect(cut.textRows == ["alpha be…"])
        // The ellipsis takes the style of the text before it.
        #expect(style(cut, 8, 0).foreground == .blue)
        let middle = render(text.singleLine().truncationMode(.middle), columns: 9, rows: 1)
        #expect(middle.textRows == ["alph…漢字"])
        #expect(style(middle, 4, 0) == .plain)
        #expect(style(middle, 5, 0) == .plain)
    }

    @Test("concatenated text inherits like any text, and a style change in one piece repaints it")
    func concatenationInheritsAndUpdates() {
        let host = FramePipeline(columns: 4, rows: 1)
        host.render((Text("ab") + Text("cd").foregroundColor(.green)).foregroundStyle(.red))
        #expect(style(host, 0, 0).foreground == .red)
        #expect(style(host, 2, 0).foreground == .green)
        host.render((Text("ab") + Text("cd").foregroundColor(.yellow)).foregroundStyle(.red))
        #expect(style(host, 2, 0).foreground == .yellow)
        #expect(host.textRows == ["abcd"])
    }

    @Test("hostile text in a piece is shown as pictures, never sent")
    func concatenationSanitizes() {
        let host = render(Text("a\u{1B}[2J") + Text("\u{07}b").bold(), columns: 8, rows: 1)
        #expect(host.textRows == ["a␛[2J␇b "])
        #expect(!host.lastBytes.contains(0x07))
    }
}

@MainActor
extension InheritedStyleTests {
    @Test("a concatenation of 20,000 pieces renders, each piece in its colour")
    func manyPieces() {
        var text = Text("")
        for i in 0..<20_000 { text += Text(String(i % 10)).foregroundColor(i % 2 == 0 ? .red : .blue) }
        let host = render(text.lineLimit(2), columns: 40, rows: 2)
        #expect(host.textRows[0] == "0123456789012345678901234567890123456789")
        #expect(host.canvas.styles[host.canvas[0, 0].style].foreground == .red)
        #expect(host.canvas.styles[host.canvas[1, 0].style].foreground == .blue)
        #expect(host.textRows[1].hasSuffix("…"))
    }
}
