import Testing
@testable import Engine

private struct AccentKey: EnvironmentKey { static let defaultValue = "default" }
private struct DensityKey: EnvironmentKey { static let defaultValue = 1 }

extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
    fileprivate var density: Int {
        get { self[DensityKey.self] }
        set { self[DensityKey.self] = newValue }
    }
}

private struct AccentReader: View, @MainActor Equatable {
    var name: String
    @Environment(\.accent) private var accent
    var body: some View { Text("\(name):\(accent)") }
    static func == (a: Self, b: Self) -> Bool { a.name == b.name }
}

private struct DensityReader: View, @MainActor Equatable {
    @Environment(\.density) private var density
    var body: some View { Text("d\(density)") }
    static func == (a: Self, b: Self) -> Bool { true }
}

private struct Plain: View, @MainActor Equatable {
    var body: some View { Text("plain") }
}

@MainActor
@Suite("Environment")
struct EnvironmentTests {
    private struct Screen: View {
        var accent: String
        var body: some View {
            VStack {
                AccentReader(name: "a")
                VStack { AccentReader(name: "b").environment(\.accent, "inner") }
                DensityReader()
                Plain()
            }
            .environment(\.accent, accent)
        }
    }

    @Test("a view reads the nearest value set above it, or the key's default")
    func readsNearest() {
        let host = FramePipeline(columns: 10, rows: 4)
        host.render(Screen(accent: "red"))
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["a:red", "b:inner", "d1", "plain"])
    }

    @Test("a change re-evaluates only the nodes that read that key")
    func onlyReadersReevaluate() {
        let host = FramePipeline(columns: 10, rows: 4)
        host.graph.recordsEvaluations = true
        host.render(Screen(accent: "red"))
        host.render(Screen(accent: "blue"))
        let evaluated = host.graph.evaluationLog.map { host.graph.identities.path(of: $0.0) }
        #expect(host.textRows[0].contains("a:blue"))
        #expect(host.textRows[1].contains("b:inner"))
        // The reader of the changed key was evaluated because of the environment…
        #expect(host.graph.evaluationLog.contains { $0.1 == .environmentChanged })
        #expect(evaluated.contains { $0.contains("AccentReader.0") })
        // …while the density reader, the plain view and the inner reader (which
        // sees "inner" either way) were not.
        #expect(!evaluated.contains { $0.contains("DensityReader") })
        #expect(!evaluated.contains { $0.contains("Plain") })
    }

    @Test("an environment change reaches readers inside skipped subtrees")
    func reachesSkippedSubtrees() {
        struct Outer: View {
            var accent: String
            var body: some View { Holder().environment(\.accent, accent) }
        }
        struct Holder: View, @MainActor Equatable {
            var body: some View { VStack { AccentReader(name: "deep") } }
        }
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(Outer(accent: "x"))
        host.render(Outer(accent: "y"))
        #expect(host.textRows[0].contains("deep:y"))
    }

    @Test("changing the root environment re-evaluates its readers")
    func rootEnvironment() {
        let host = FramePipeline(columns: 10, rows: 1)
        let view = DensityReader()
        host.render(view)
        host.graph.setRootEnvironment(\.density, 3)
        #expect(host.graph.needsFrame)
        host.render(view)
        #expect(host.textRows[0].contains("d3"))
    }
}
