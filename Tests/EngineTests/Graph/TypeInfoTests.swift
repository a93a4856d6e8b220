import Testing
@testable import Engine

/// Counts body evaluations per label.
@MainActor
private final class Evaluations {
    var count: [String: Int] = [:]
}

/// A view that is `Equatable` only when its payload is: `_isSame` cannot say
/// (the conformance is conditional), so the engine asks the type for its
/// `Equatable` conformance when it compares two values.
private struct Boxed<Payload>: View {
    var label: String
    var payload: Payload
    let log: Evaluations
    var body: some View {
        log.count[label, default: 0] += 1
        return Text(label)
    }
}

extension Boxed: @MainActor Equatable where Payload: Equatable {
    static func == (a: Self, b: Self) -> Bool { a.label == b.label && a.payload == b.payload }
}

/// Not equatable: a closure.
private struct Action {
    var run: () -> Void
}

private struct Parent: View {
    var tick: Int
    let log: Evaluations
    var body: some View {
        VStack {
            Text("tick \(tick)")
            Boxed(label: "equatable", payload: "same text, not plain data", log: log)
            Boxed(label: "not equatable", payload: Action(run: {}), log: log)
        }
    }
}

@MainActor
@Suite("View type information")
struct TypeInfoTests {
    @Test("a conditionally Equatable view offered an equal value is skipped; one that is not Equatable is evaluated again")
    func conditionalEquatableIsFoundWhenCompared() {
        let log = Evaluations()
        let host = FramePipeline(columns: 30, rows: 4)
        host.render(Parent(tick: 0, log: log))
        #expect(log.count == ["equatable": 1, "not equatable": 1])
        host.render(Parent(tick: 1, log: log))
        host.render(Parent(tick: 2, log: log))
        #expect(log.count["equatable"] == 1)
        #expect(log.count["not equatable"] == 3)
        #expect(host.graph.typeInfo(of: Boxed<String>.self).equatable != nil)
        #expect(host.graph.typeInfo(of: Boxed<Action>.self).equatable == nil)
    }
}
