import Testing
@testable import Engine

/// A body that writes its own state: before the guard, `render` re-evaluated
/// it forever.
private struct SelfIncrementing: View {
    @State private var count = 0
    var body: some View {
        count += 1
        return Text("count \(count)")
    }
}

/// Two views that each write the other's state from their bodies.
private final class PingPongModel {
    var a: Binding<Int>?
    var b: Binding<Int>?
}

private struct Ping: View {
    let model: PingPongModel
    @State private var value = 0
    var body: some View {
        model.a = $value
        model.b?.wrappedValue += 1
        return Text("ping \(value)")
    }
}

private struct Pong: View {
    let model: PingPongModel
    @State private var value = 0
    var body: some View {
        model.b = $value
        model.a?.wrappedValue += 1
        return Text("pong \(value)")
    }
}

@MainActor
@Suite("State written during a body evaluation")
struct UpdateCycleTests {
    @Test("a body that sets its own @State renders once per frame, asks for the next frame and warns once")
    func selfWriteIsBounded() {
        let host = FramePipeline(columns: 20, rows: 1)
        var messages: [String] = []
        var requests = 0
        host.graph.onDiagnostic = { messages.append($0) }
        host.graph.onNeedsFrame = { requests += 1 }
        host.render(SelfIncrementing())
        #expect(host.textRows[0].contains("count 1"))
        #expect(host.graph.needsFrame)
        #expect(requests == 1)
        host.render(SelfIncrementing())
        #expect(host.textRows[0].contains("count 2"))
        host.render(SelfIncrementing())
        #expect(host.textRows[0].contains("count 3"))
        #expect(requests == 3)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("modifying state during view update") == true)
        #expect(messages.first?.contains("SelfIncrementing") == true)
    }

    @Test("two views writing each other's state in their bodies: each evaluated at most twice a frame")
    func mutualWritesAreBounded() {
        let model = PingPongModel()
        let host = FramePipeline(columns: 20, rows: 2)
        host.graph.onDiagnostic = { _ in }
        let root = VStack { Ping(model: model); Pong(model: model) }
        for _ in 0..<5 {
            host.render(root)
            #expect(host.graph.statistics.bodyEvaluations < 10)
        }
        #expect(host.graph.needsFrame)
    }

    @Test("without a write during a body, nothing is deferred and no frame is asked for")
    func plainFrameAsksForNothing() {
        let host = FramePipeline(columns: 20, rows: 1)
        var messages: [String] = []
        host.graph.onDiagnostic = { messages.append($0) }
        host.render(Text("hello"))
        #expect(!host.graph.needsFrame)
        #expect(messages.isEmpty)
    }

    @Test("messages quoted from input show controls visibly")
    func visibleEscaping() {
        #expect(VisibleEscaping.visible("a\u{1B}]52;c;SGVsbG8=\u{07}b") == "a\\e]52;c;SGVsbG8=^Gb")
        #expect(VisibleEscaping.visible("\u{9B}31m\u{7F}\t\\") == "\\x9b31m^?\\t\\\\")
        #expect(VisibleEscaping.visible("\u{202E}txt.exe") == "\\u{202e}txt.exe")
        #expect(VisibleEscaping.visible(utf8: [0x61, 0xFF, 0xC3, 0xA9, 0x1B, 0xED, 0xA0, 0x80]) == "a\\xffé\\e\\xed\\xa0\\x80")
        #expect(VisibleEscaping.visible("漢字 ok") == "漢字 ok")
    }
}
