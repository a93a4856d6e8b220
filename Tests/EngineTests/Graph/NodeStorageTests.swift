import Foundation
import Testing
@testable import Engine

/// Something a view's closure captures, to see when the engine lets go of it.
private final class Token {}

/// A stack whose content captures `token` (through the ForEach closure).
private struct Captures: View {
    let token: Token
    var body: some View {
        VStack {
            ForEach(0..<2) { i in Text(i == 0 && token === token ? "a" : "b") }
        }
    }
}

private struct Counter: View {
    @State var count = 0
    var body: some View {
        VStack {
            Text("count \(count)")
            Button("add") { count += 1 }
        }
    }
}

private struct Labels: View {
    var texts: [String]
    var body: some View {
        VStack(alignment: .leading) {
            ForEach(texts, id: \.self) { Text($0) }
        }
    }
}

@MainActor
@Suite("What nodes keep")
struct NodeStorageTests {
    @Test("structural views keep no value: a frame's captures are released once the next frame replaces them")
    func structuralViewsKeepNoValue() {
        let host = FramePipeline(columns: 10, rows: 3)
        weak var first: Token?
        do {
            let token = Token()
            first = token
            host.render(Captures(token: token))
        }
        let second = Token()
        host.render(Captures(token: second))
        // The composite view keeps its latest value (the second token); the
        // stack and ForEach below it, which only arrange, keep none.
        #expect(first == nil)
        #expect(host.textRows.joined().contains("a"))
        #expect(host.graph.allNodes().contains { $0 is TypedViewNode<Captures> })
        #expect(!host.graph.allNodes().contains { $0 is TypedViewNode<VStack<ForEach<Range<Int>, Int, Text>>> })
    }

    @Test("a view with state keeps its value and is evaluated again with it when its state changes")
    func stateViewsReevaluate() {
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(Counter())
        host.press(.tab)
        host.press(.enter)
        #expect(host.textRows.contains { $0.contains("count 1") })
        host.press(.enter)
        #expect(host.textRows.contains { $0.contains("count 2") })
    }

    @Test("painting looks for wide graphemes only while a text in memory may hold one")
    func wideTextCount() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Labels(texts: ["ascii", "more"]))
        #expect(host.graph.wideTextNodes.count == 0)
        host.render(Labels(texts: ["ascii", "日本語", "ok 🙂"]))
        #expect(host.graph.wideTextNodes.count == 2)
        host.render(Labels(texts: ["ascii", "日本語"]))
        host.graph.reclaimAll()
        #expect(host.graph.wideTextNodes.count == 1)
        host.render(Labels(texts: ["ascii"]))
        host.graph.reclaimAll()
        #expect(host.graph.wideTextNodes.count == 0)
        #expect(host.textRows[1].trimmingCharacters(in: .whitespaces) == "ascii")
        // Narrow scalars beyond ASCII (Latin, punctuation) hold no wide grapheme either.
        host.render(Labels(texts: ["ascii", "café · naïve …"]))
        #expect(host.graph.wideTextNodes.count == 0)
    }

    @Test("a damaged region that cuts a wide text still repaints it whole")
    func wideTextRepaintedWhole() {
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(HStack(spacing: 0) { Text("日本語"); Text("x") })
        host.render(HStack(spacing: 0) { Text("日本語"); Text("y") })
        #expect(host.textRows[0].contains("日本語y"))
    }

    @Test("blocks of up to six children are concrete tuples, larger ones variadic; both are TupleView in paths")
    func tupleArities() {
        @ViewBuilder func three() -> some View { Text("a"); Text("b"); Text("c") }
        @ViewBuilder func seven() -> some View {
            Text("1"); Text("2"); Text("3"); Text("4"); Text("5"); Text("6"); Text("7")
        }
        #expect(type(of: three()) == TupleView3<Text, Text, Text>.self)
        #expect(String(describing: type(of: seven())).hasPrefix("TupleView<"))
        for (view, count) in [(AnyView(VStack { three() }), 3), (AnyView(VStack { seven() }), 7)] {
            let host = FramePipeline(columns: 4, rows: 8)
            host.render(view)
            let texts = host.graph.allNodes().filter { $0.behavior is TextBehavior }
            #expect(texts.count == count)
            #expect(texts.allSatisfy { host.graph.path(of: $0).contains("/TupleView.") })
            #expect(host.textRows.joined().filter { $0 != " " }.count == count)
        }
    }
}
