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

/// A model no view stores: reached through a global, as app singletons are.
@MainActor private let sharedModel = Model()

private struct SharedCountView: View {
    var body: some View { Text("shared=\(sharedModel.count)") }
}

private struct ModelKey: EnvironmentKey {
    nonisolated(unsafe) static let defaultValue: Model? = nil
}

extension EnvironmentValues {
    fileprivate var model: Model? {
        get { self[ModelKey.self] }
        set { self[ModelKey.self] = newValue }
    }
}

private struct EnvironmentCountView: View {
    @Environment(\.model) var model
    var body: some View { Text("env=\(model?.count ?? -1)") }
}

/// Reads the model through a closure it was handed: nothing in its stored
/// fields is a model.
private struct ClosureTitleView: View {
    let title: () -> String
    var body: some View { Text("closure=\(title())") }
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

    @Test("a body that reads no model gets no observer; once it reads one it is tracked")
    func observerMadeOnFirstRead() {
        let model = Model()
        struct Maybe: View {
            let model: Model
            var reads: Bool
            var body: some View { Text(reads ? model.title : "none") }
        }
        let host = FramePipeline(columns: 10, rows: 1)
        var requests = 0
        host.graph.onNeedsFrame = { requests += 1 }
        func node() -> ViewNode? {
            var pending = [host.graph.root]
            while let n = pending.popLast() {
                let last = host.graph.identities.path(of: n.identity).split(separator: "/").last
                if last?.hasPrefix("Maybe") == true { return n }
                pending += n.childNodes
            }
            return nil
        }
        host.render(Maybe(model: model, reads: false))
        #expect(node() != nil && node()?.observer == nil)
        model.title = "second"
        #expect(requests == 0)
        host.render(Maybe(model: model, reads: true))
        #expect(node()?.observer != nil)
        #expect(host.textRows[0].contains("second"))
        model.title = "third"
        #expect(requests == 1)
        host.renderIfNeeded()
        #expect(host.textRows[0].contains("third"))
    }

    @Test("a model read through a global, the environment or a closure is tracked, as in SwiftUI")
    func modelsReachedAnyWayAreTracked() {
        let model = Model()
        struct Screen: View, Equatable {
            var body: some View {
                VStack {
                    SharedCountView()
                    EnvironmentCountView()
                    ClosureTitleView(title: { sharedModel.title })
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 3)
        host.render(Screen().environment(\.model, model))
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["shared=0", "env=0", "closure=first"])
        sharedModel.count = 3
        #expect(host.graph.needsFrame)
        host.renderIfNeeded()
        #expect(host.textRows[0].contains("shared=3"))
        model.count = 4
        #expect(host.graph.needsFrame)
        host.renderIfNeeded()
        #expect(host.textRows[1].contains("env=4"))
        sharedModel.title = "second"
        host.renderIfNeeded()
        #expect(host.textRows[2].contains("closure=second"))
        #expect(!host.graph.needsFrame)
        sharedModel.count = 0
        sharedModel.title = "first"
        host.renderIfNeeded()
    }

    @Test("a model changed after its graph went away does nothing")
    func changeAfterGraphWentAway() {
        let model = Model()
        do {
            let host = FramePipeline(columns: 8, rows: 1)
            host.render(CountView(model: model))
            #expect(host.textRows[0].contains("0"))
        }
        model.count = 1  // the registrar still holds the node's observer: it must find both gone
        model.count = 2
        #expect(model.count == 2)
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
