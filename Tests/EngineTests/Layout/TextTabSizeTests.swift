import Testing

@testable import Engine

@MainActor
@Suite("The tab size: .tabSize(_:) sets the columns between stops for the text inside")
struct TextTabSizeTests {
    struct Tabbed: View {
        var size: Int?
        var body: some View {
            if let size {
                Text("a\tb\tc").tabSize(size)
            } else {
                Text("a\tb\tc")
            }
        }
    }

    @Test("TextLayout and idealSize take a tab size; below 1 counts as 1")
    func layout() {
        #expect(TextLayout("a\tb", proposedWidth: nil, tabSize: 4).lines.map(\.text) == ["a   b"])
        #expect(TextLayout.idealSize(of: "abcd\tx", tabSize: 4) == .init(width: 9, height: 1))
        #expect(TextLayout("a\tb", proposedWidth: nil, tabSize: 0).lines.map(\.text) == ["a b"])
        #expect(TextLayout("a\tbcd\tx", proposedWidth: 7, tabSize: 3).lines.map(\.text) == ["a  bcd", "x"])
        #expect(TextLayout("a\tbc\tx", proposedWidth: 7, tabSize: 3).lines.map(\.text) == ["a  bc x"])
    }

    @Test("a Text reads the environment's tab size, 8 by default, and lays out again when it changes")
    func environment() {
        let host = FramePipeline(columns: 20, rows: 1)
        host.render(Tabbed(size: nil).frame(width: 20, alignment: .leading))
        #expect(host.textRows == ["a       b       c   "])
        host.render(Tabbed(size: 4).frame(width: 20, alignment: .leading))
        #expect(host.textRows == ["a   b   c           "])
        host.render(Tabbed(size: 2).frame(width: 20, alignment: .leading))
        #expect(host.textRows == ["a b c               "])
        host.render(Tabbed(size: 0).frame(width: 20, alignment: .leading))
        #expect(host.textRows == ["a b c               "])
    }

    struct Outer: View {
        var size: Int
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Inner()
                Text("x\ty")
            }
            .tabSize(size)
        }
    }

    struct Inner: View, Equatable {
        var body: some View { Text("1\t2") }
    }

    @Test("the size reaches every text below the modifier, re-laid out without re-evaluating views in between")
    func inherited() {
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(Outer(size: 3).frame(width: 12, alignment: .leading))
        #expect(host.textRows == ["1  2        ", "x  y        "])
        host.render(Outer(size: 5).frame(width: 12, alignment: .leading))
        #expect(host.textRows == ["1    2      ", "x    y      "])
    }
}
