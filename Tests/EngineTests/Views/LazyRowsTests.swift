import Foundation
import Testing
@testable import Engine

/// A lazy list whose row `changing` shows `value` (the others 0): what the
/// `list` benchmark renders every frame.
private struct ValueList: View {
    var rows = 1000
    var changing = 3
    var value = 0
    var offset: Int?
    /// Not plain data: the list is evaluated every frame, as a root that changed.
    var title = ""
    var body: some View {
        ScrollView(offset: offset ?? 0) {
            LazyVStack(alignment: .leading) {
                ForEach(0..<rows) { i in ValueRow(index: i, value: i == changing ? value : 0) }
            }
        }
        .scrollIndicators(.hidden)
    }
}

/// Rows that are one text each; row `tall` has `lines` lines.
private struct TextList: View {
    var tall = -1
    var lines = 1
    var height = 6
    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading) {
                ForEach(0..<100) { i in
                    Text(i == tall ? (0..<lines).map { "r\(i).\($0)" }.joined(separator: "\n") : "r\(i)")
                }
            }
        }
        .scrollIndicators(.hidden)
        .frame(height: height)
    }
}

/// A lazy stack built where its content's type is generic: the rows are
/// found at run time.
private struct GenericLazy<Content: View>: View {
    var content: Content
    var body: some View {
        ScrollView { LazyVStack(alignment: .leading) { content } }.scrollIndicators(.hidden)
    }
}

@MainActor
@Suite("LazyVStack rows: a frame costs what changed")
struct LazyRowsTests {
    private func lazyStack(_ host: FramePipeline) -> ViewNode? {
        host.graph.allNodes().first { $0.behavior is LazyStackBehavior }
    }

    @Test("the ForEach initializer captures the rows (no run-time cast)")
    func forEachInitializerCapturesRows() {
        let stack = LazyVStack { ForEach(0..<10) { Text("\($0)") } }
        #expect(stack.rows?.count == 10)
        let plain = LazyVStack { Text("a") }
        #expect(plain.rows == nil)
    }

    @Test("one row changes: only it is evaluated, and nothing but its text is laid out again")
    func oneRowChanges() {
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(ValueList(value: 10))
        host.render(ValueList(value: 11))
        #expect(host.textRows[3].hasSuffix("value 11"))
        let stack = lazyStack(host)!
        let rows = stack.children[0].children
        #expect(rows.count == 8)
        // The list, its `.scrollIndicators`, the scroll view, the stack, then the row, its
        // stack, its tuple and its text.
        #expect(host.graph.statistics.bodyEvaluations == 8)
        for (k, row) in rows.enumerated() {
            #expect(row.lastEvaluatedFrame == (k == 3 ? host.graph.frameNumber : 1), "row \(k)")
        }
        // The text's size held ("value 10" and "value 11"): it alone is laid out again.
        #expect(host.graph.statistics.layouts == 1)
    }

    @Test("a frame where nothing changed lays nothing out")
    func unchangedFrame() {
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(ValueList(value: 10))
        host.render(ValueList(value: 10))
        #expect(host.graph.statistics.layouts == 0)
        // The list, its `.scrollIndicators` and the scroll view.
        #expect(host.graph.statistics.bodyEvaluations == 4)
    }

    @Test("a row whose text grew wider is laid out again, and the rows stay in place")
    func rowGrowsWider() {
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(ValueList(value: 9))
        host.render(ValueList(value: 123_456))
        let fresh = FramePipeline(columns: 30, rows: 8)
        fresh.render(ValueList(value: 123_456))
        #expect(host.textRows == fresh.textRows)
        #expect(host.textRows[3].hasSuffix("value 123456"))
    }

    @Test("a row that grows taller pushes the rows below it down, and back up when it shrinks")
    func rowGrowsTaller() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.render(TextList())
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["r0", "r1", "r2", "r3", "r4", "r5"])
        host.render(TextList(tall: 1, lines: 2))
        let fresh = FramePipeline(columns: 12, rows: 6)
        fresh.render(TextList(tall: 1, lines: 2))
        #expect(host.textRows == fresh.textRows)
        // Every slot is as tall as the tallest row in view: two lines.
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["r0", "", "r1.0", "r1.1", "r2", ""])
        host.render(TextList())
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["r0", "r1", "r2", "r3", "r4", "r5"])
    }

    @Test("scrolling places the rows of the new range")
    func scrolling() {
        let host = FramePipeline(columns: 30, rows: 5)
        for offset in [0, 1, 7, 500, 3, 995, 0] {
            host.render(ValueList(value: 4, offset: offset))
            let fresh = FramePipeline(columns: 30, rows: 5)
            fresh.render(ValueList(value: 4, offset: offset))
            #expect(host.textRows == fresh.textRows, "offset \(offset)")
            #expect(host.textRows[0].hasPrefix("row \(offset)"), "offset \(offset)")
        }
    }

    @Test("the row count changes: the stack is laid out again")
    func rowCountChanges() {
        let host = FramePipeline(columns: 30, rows: 5)
        host.render(ValueList(rows: 1000, offset: 998))
        #expect(host.textRows[0].hasPrefix("row 995"))
        host.render(ValueList(rows: 3, offset: 998))
        #expect(host.textRows[0].hasPrefix("row 0"))
        #expect(host.textRows[3].trimmingCharacters(in: .whitespaces).isEmpty)
        host.render(ValueList(rows: 1000, offset: 10))
        #expect(host.textRows[0].hasPrefix("row 10"))
    }

    @Test("a scroll view that grows in place shows the rows it now has room for")
    func viewportGrowsInPlace() {
        // At the top, so that the scroll view and its content keep their
        // origin: only the viewport's height changes.
        let top = Alignment(horizontal: .leading, vertical: .top)
        let host = FramePipeline(columns: 12, rows: 10)
        host.graph.rootAlignment = top
        host.render(TextList(height: 3))
        host.render(TextList(height: 8))
        let fresh = FramePipeline(columns: 12, rows: 10)
        fresh.graph.rootAlignment = top
        fresh.render(TextList(height: 8))
        #expect(host.textRows == fresh.textRows)
        #expect(host.textRows.contains { $0.contains("r7") })
    }

    @Test("content built generically is still a lazy stack of rows")
    func genericContent() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(GenericLazy(content: ForEach(0..<100_000) { Text("g\($0)") }))
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["g0", "g1", "g2", "g3"])
        #expect(host.graph.liveNodes < 40)
    }

    @Test("rows whose ids repeat or change from frame to frame show as a fresh render does")
    func repeatedAndChangingIDs() {
        struct Names: View {
            var names: [String]
            var body: some View {
                ScrollView { LazyVStack(alignment: .leading) { ForEach(names, id: \.self) { Text($0) } } }
            }
        }
        let frames: [[String]] = [["a", "b", "a", "c", "a"], ["a", "a", "a", "b"], ["c", "b", "a"], ["z", "a", "b", "a", "c"]]
        let host = FramePipeline(columns: 6, rows: 4)
        for names in frames {
            host.render(Names(names: names))
            let fresh = FramePipeline(columns: 6, rows: 4)
            fresh.render(Names(names: names))
            #expect(host.textRows == fresh.textRows, "\(names)")
        }
    }

    @Test("a row's own state change repaints it alone, without laying out the stack")
    func rowStateChange() {
        struct Counter: View {
            var index: Int
            @State var count = 0
            var body: some View {
                Text("\(index): \(count)")
            }
        }
        struct Counters: View {
            var body: some View {
                ScrollView { LazyVStack(alignment: .leading) { ForEach(0..<50) { Counter(index: $0) } } }
            }
        }
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Counters())
        let counter = host.graph.allNodes().first { host.graph.path(of: $0).hasSuffix("Counter[id: 2]") }!
        let box = counter.firstStateSlot as! StateBox<Int>
        box.set(7)
        host.renderIfNeeded()
        #expect(host.textRows[2].hasPrefix("2: 7"))
        #expect(host.graph.statistics.layouts <= 1)
    }
}
