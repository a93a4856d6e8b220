import Foundation
import Testing
@testable import Engine

/// A chain of nested views `depth` levels deep (as tuibench's deep-chain):
/// each level is a view, its VStack and the conditional inside.
@MainActor
private struct Chain: View {
    var depth: Int
    var body: some View {
        VStack(alignment: .leading) {
            if depth == 0 { Text("leaf") } else { Chain(depth: depth - 1) }
        }
    }
}

/// What a render on another thread saw.
private final class Outcome: @unchecked Sendable {
    var rows: [String] = []
    var messages: [String] = []
    var nodes = 0
}

/// Renders `Chain(depth:)` twice on a thread with a `stackSize` stack.
@MainActor
private func renderChain(depth: Int, stackSize: Int) -> Outcome {
    let outcome = Outcome()
    onThread(stackSize: stackSize) {
        let host = FramePipeline(columns: 10, rows: 2)
        host.graph.onDiagnostic = { outcome.messages.append($0) }
        host.render(Chain(depth: depth))
        host.render(Chain(depth: depth))
        host.graph.invalidateLayout()
        host.render(Chain(depth: depth))
        outcome.rows = host.textRows
        outcome.nodes = host.graph.allNodes().count
    }
    return outcome
}

@MainActor
@Suite("Trees deeper than the stack")
struct DeepTreeTests {
    @Test("a chain 10,000 levels deep renders on a thread whose stack has room")
    func deepChainRendersWithRoom() {
        let outcome = renderChain(depth: 10_000, stackSize: 1 << 30)
        #expect(outcome.rows[0].contains("leaf"))
        #expect(outcome.messages.isEmpty)
        #expect(outcome.nodes > 30_000)
    }

    @Test("on a 1 MiB stack the same chain is cut where the stack ends, reported once, without a crash")
    func deepChainIsCutOnASmallStack() {
        let outcome = renderChain(depth: 10_000, stackSize: 1 << 20)
        #expect(!outcome.rows[0].contains("leaf"))
        #expect(outcome.messages.count == 1)
        #expect(outcome.messages.first?.contains("too deep for this thread's stack") == true, "\(outcome.messages)")
        #expect(outcome.nodes < 30_000)
    }

    @Test("a chain that fits is not touched by the guard")
    func shallowChain() {
        let outcome = renderChain(depth: 50, stackSize: 1 << 20)
        #expect(outcome.rows[0].contains("leaf"))
        #expect(outcome.messages.isEmpty)
    }
}

/// A text inside `depth` transparent levels, each adding an attribute.
@MainActor
private struct StyledChain: View {
    var depth: Int
    var body: some View {
        if depth == 0 { Text("leaf") } else { StyledChain(depth: depth - 1).bold() }
    }
}

@MainActor
extension DeepTreeTests {
    @Test("a text under 10,000 transparent .bold() levels paints bold, on a thread whose stack has room")
    func deepInheritedStyle() {
        final class Seen: @unchecked Sendable { var rows: [String] = []; var bold = false }
        let seen = Seen()
        onThread(stackSize: 1 << 30) {
            let host = FramePipeline(columns: 6, rows: 1)
            host.render(StyledChain(depth: 10_000))
            seen.rows = host.textRows
            seen.bold = host.canvas.styles[host.canvas[1, 0].style].attributes.contains(.bold)
        }
        #expect(seen.rows == [" leaf "])
        #expect(seen.bold)
    }

    @Test("on the test's own thread, 10,000 levels render or are cut with a report — never a crash")
    func ownThread() {
        let host = FramePipeline(columns: 10, rows: 2)
        var messages: [String] = []
        host.graph.onDiagnostic = { messages.append($0) }
        host.render(Chain(depth: 10_000))
        #expect(host.textRows[0].contains("leaf") || messages.count == 1)
    }
}
