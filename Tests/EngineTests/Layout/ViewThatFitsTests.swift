import Testing
@testable import Engine

@MainActor
@Suite("ViewThatFits")
struct ViewThatFitsTests {
    struct Progress: View {
        var body: some View {
            ViewThatFits(in: .horizontal) {
                Text("Downloading 3 of 10 files")
                Text("3 of 10 files")
                Text("3/10")
            }
        }
    }

    @Test("the first view whose ideal width fits is shown, chosen again on each resize")
    func firstThatFitsAcrossWidths() {
        let host = FramePipeline(columns: 30, rows: 1)
        host.render(Progress())
        // 25 wide in 30: centred at x 2.
        #expect(host.textRows == ["  Downloading 3 of 10 files   "])
        host.resize(columns: 25, rows: 1)
        host.render(Progress())
        #expect(host.textRows == ["Downloading 3 of 10 files"])
        host.resize(columns: 24, rows: 1)
        host.render(Progress())
        // 13 wide in 24: x 5.
        #expect(host.textRows == ["     3 of 10 files      "])
        host.resize(columns: 8, rows: 1)
        host.render(Progress())
        #expect(host.textRows == ["  3/10  "])
        host.resize(columns: 30, rows: 1)
        host.render(Progress())
        #expect(host.textRows == ["  Downloading 3 of 10 files   "])
    }

    @Test("when nothing fits the last view is shown")
    func lastWhenNothingFits() {
        let host = FramePipeline(columns: 3, rows: 2)
        host.render(Progress())
        // "3/10" offered 3 columns breaks inside the word (the engine's choice).
        #expect(host.textRows == ["3/1", "0  "])
    }

    @Test("only the constrained axes count: a tall view fits a short screen along .horizontal")
    func constrainedAxesOnly() {
        let tall = ViewThatFits(in: .horizontal) { Text("a\nb\nc"); Text("x") }
        let host = FramePipeline(columns: 5, rows: 1)
        host.render(tall)
        // The tall text, cut to the one row: "a…" (2 wide) at x 1.
        #expect(host.textRows == [" a…  "])
        let both = FramePipeline(columns: 5, rows: 1)
        both.render(ViewThatFits { Text("a\nb\nc"); Text("x") })
        #expect(both.textRows == ["  x  "])
    }

    struct Tally: View {
        @State private var count = 0
        var body: some View { Button("n\(count)") { count += 1 } }
    }

    @Test("a view not shown keeps its state")
    func hiddenChoiceKeepsState() {
        let view = ViewThatFits(in: .horizontal) {
            HStack { Text("wide label"); Tally() }
            Tally()
        }
        let host = FramePipeline(columns: 20, rows: 1)
        host.render(view)
        #expect(host.textRows == [" wide label [ n0 ]  "])
        host.press(.enter)
        #expect(host.textRows == [" wide label [ n1 ]  "])
        host.resize(columns: 8, rows: 1)
        host.render(view)
        #expect(host.textRows == [" [ n0 ] "])
        host.resize(columns: 20, rows: 1)
        host.render(view)
        #expect(host.textRows == [" wide label [ n1 ]  "])
    }
}
