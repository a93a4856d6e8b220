import Testing
@testable import Engine

/// Seed 003: an app whose whole state is one Equatable, Sendable value
/// changed only by a reducer re-evaluates only the views whose inputs changed.
private struct AppState: Equatable, Sendable {
    struct Item: Identifiable, Equatable, Sendable { var id: Int; var title: String; var done = false }
    var items = (1...30).map { Item(id: $0, title: "item \($0)") }
    var draft = ""
    var selection: Int?
}

private enum Action { case setDraft(String), toggle(Int) }

@MainActor
private func reduce(_ state: inout AppState, _ action: Action) {
    switch action {
    case .setDraft(let s): state.draft = s
    case .toggle(let id): if let i = state.items.firstIndex(where: { $0.id == id }) { state.items[i].done.toggle() }
    }
}

private struct Row: View, @MainActor Equatable {
    var item: AppState.Item
    var body: some View { Text((item.done ? "[x] " : "[ ] ") + item.title) }
}

private struct ValueApp: View {
    @State var state = AppState()
    func send(_ a: Action) { reduce(&state, a) }
    var body: some View {
        let state = self.state
        VStack(alignment: .leading, spacing: 0) {
            TextField("new", text: Binding(get: { state.draft }, set: { send(.setDraft($0)) }))
            List(state.items, selection: $state.selection) { item in Row(item: item) }
                .onKeyPress("x") { if let id = state.selection { send(.toggle(id)) }; return .handled }
        }
    }
}

@MainActor
@Suite("Value state (seed 003)")
struct ValueStateTests {
    /// The views evaluated in the last frame, by the last component of their path.
    func evaluated(_ host: FramePipeline) -> [String] {
        host.graph.evaluationLog.map { host.graph.identities.path(of: $0.0).split(separator: "/").last.map(String.init) ?? "" }
    }

    /// Evaluations of the app's own row view (`Row`, possibly with an id).
    func evaluatedRows(_ host: FramePipeline) -> Int {
        evaluated(host).filter { $0 == "Row" || $0.hasPrefix("Row[") || $0.hasPrefix("Row.") }.count
    }

    @Test func typingEvaluatesNoRowAndTogglingEvaluatesOneRow() {
        let host = FramePipeline(columns: 40, rows: 12)
        host.graph.recordsEvaluations = true
        host.render(ValueApp())          // the field has focus: it comes first
        host.renderIfNeeded()
        host.type("a")
        #expect(evaluatedRows(host) == 0, "typing re-evaluated rows: \(evaluated(host))")
        let typing = host.graph.statistics.bodyEvaluations
        #expect(typing <= 16, "typing evaluated \(typing) views")
        host.press(.tab)                 // the list
        host.press(.down)                // selects the first row
        host.press(.down)
        host.press("x")                  // toggles row 2
        #expect(host.textRows.contains { $0.contains("[x] item 2") })
        #expect(evaluatedRows(host) == 1, "toggling one item re-evaluated: \(evaluated(host))")
    }
}
