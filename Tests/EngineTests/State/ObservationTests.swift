import Testing
@testable import Engine

@Observable
private final class Model {
    var title = "first"
    var count = 0
}

private struct TitleView: View {
    let model: Model
    var body: some View { Text(model.title) }
}

private struct CountView: View {
    let model: Model
    var body: some View { Text("\(model.count)") }
}

private struct TitleEditor: View {
    @Bindable var model: Model
    var body: some View {
        VStack {
            TextField("Title", text: $model.title)
            Text("title=\(model.title)")
        }
    }
}

@MainActor
@Suite("Observable models")
struct ObservationTests {
    @Test("@Bindable: $model.title is a binding a text field edits, and the readers follow")
    func bindableMakesBindingsToProperties() {
        let model = Model()
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(TitleEditor(model: model))
        host.press(.end)
        host.type("!")
        #expect(model.title == "first!")
        #expect(host.textRows.contains { $0.contains("title=first!") })
        model.title = "x"
        host.renderIfNeeded()
        #expect(host.textRows.contains { $0.contains("title=x") })
    }

    @Test("reading a model property in body makes the node depend on it; a change dirties only readers")
    func onlyReadersReevaluate() {
        let model = Model()
        struct Screen: View, @MainActor Equatable {
            let model: Model
            var body: some View { VStack { TitleView(model: model); CountView(model: model) } }
            static func == (a: Screen, b: Screen) -> Bool { a.model === b.model }
        }
        let host = FramePipeline(columns: 8, rows: 2)
        var requests = 0
        host.graph.onNeedsFrame = { requests += 1 }
        host.graph.recordsEvaluations = true
        let screen = Screen(model: model)
        host.render(screen)
        model.count = 5
        #expect(requests == 1)
        host.render(screen)
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["first", "5"])
        let evaluated = host.graph.evaluationLog.map { host.graph.identities.path(of: $0.0) }
        #expect(evaluated.contains { $0.contains("CountView") })
        #expect(!evaluated.contains { $0.contains("TitleView") })
        model.title = "second"
        host.render(screen)
        #expect(host.textRows[0].contains("second"))
    }

    @Test("a model changed after its view went away does nothing")
    func changeAfterRemoval() {
        let model = Model()
        struct Screen: View {
            var shown: Bool
            let model: Model
            var body: some View { VStack { if shown { CountView(model: model) } } }
        }
        let host = FramePipeline(columns: 8, rows: 1)
        host.render(Screen(shown: true, model: model))
        host.render(Screen(shown: false, model: model))
        host.graph.reclaimAll()
        model.count = 9
        #expect(!host.graph.needsFrame)
    }
}
