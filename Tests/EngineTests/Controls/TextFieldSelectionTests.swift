import Testing

@testable import Engine

@MainActor
@Suite("TextField selection: drawn in reverse video, as TextEditor draws its own")
struct TextFieldSelectionTests {
    struct Field: View {
        @State var text = "hello world"
        @FocusState var focused: Bool
        var body: some View {
            TextField("", text: $text)
                .frame(width: 16)
                .focused($focused)
                .onAppear { focused = true }
        }
    }

    /// Which of the field's 16 cells are drawn reversed: `#` reversed, `.` not.
    func reversed(_ host: FramePipeline) -> String {
        let letters = Array(host.styleRows[0])
        var out = ""
        for x in 0..<16 {
            let legend = host.styleLegend.first { $0.first == letters[x] } ?? ""
            out.append(legend.contains("reverse") ? "#" : ".")
        }
        return out
    }

    @Test("Shift-Right selects clusters: their cells are reversed, the caret's cell too; Shift-Left gives them back")
    func shiftArrowSelection() {
        let host = FramePipeline(columns: 16, rows: 1)
        host.render(Field())
        host.renderIfNeeded()
        #expect(host.textRows == ["hello world     "])
        // No selection: only the caret (after the text) is reversed.
        #expect(reversed(host) == "...........#....")
        host.press(.home)
        #expect(reversed(host) == "#...............")
        for _ in 0..<3 { host.press(.right, modifiers: .shift) }
        // "hel" selected, the caret on the second "l".
        #expect(reversed(host) == "####............")
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [3, 0])
        host.press(.left, modifiers: .shift)
        #expect(reversed(host) == "###.............")
        // A plain move drops the selection.
        host.press(.end)
        #expect(reversed(host) == "...........#....")
        #expect(host.textRows == ["hello world     "])
    }

    @Test("a selection made backwards, over wide clusters, reverses both cells of each")
    func wideClustersBackwards() {
        struct Wide: View {
            @State var text = "ab漢字cd"
            @FocusState var focused: Bool
            var body: some View {
                TextField("", text: $text).frame(width: 16).focused($focused).onAppear { focused = true }
            }
        }
        let host = FramePipeline(columns: 16, rows: 1)
        host.render(Wide())
        host.renderIfNeeded()
        // The caret at the end (column 8); select "cd" and "字" leftwards.
        for _ in 0..<3 { host.press(.left, modifiers: .shift) }
        #expect(host.graph.caret.map { [$0.x, $0.y] } == [4, 0])
        #expect(reversed(host) == "....####........")
    }

    @Test("typing over a selection replaces it, and nothing stays reversed but the caret")
    func typingReplacesTheSelection() {
        let host = FramePipeline(columns: 16, rows: 1)
        host.render(Field())
        host.renderIfNeeded()
        host.press(.home)
        for _ in 0..<5 { host.press(.right, modifiers: .shift) }
        #expect(reversed(host) == "######..........")
        host.type("J")
        #expect(host.textRows == ["J world         "])
        #expect(reversed(host) == ".#..............")
    }
}
