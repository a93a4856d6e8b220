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

    @Test("a view evaluated again reads what is above it now, through any key path, after any writer changed")
    func readsAfterChangesAbove() {
        // Not Equatable: evaluated whenever its parent is. It reads a key
        // path through the accent (no writer marks it as a reader of
        // `\.accent`), and the density.
        struct Derived: View {
            var tag: String
            @Environment(\.accent.count) private var length
            @Environment(\.density) private var density
            var body: some View { Text("\(tag):\(length):\(density)") }
        }
        struct Screen: View {
            var accent: String
            var density: Int
            var body: some View {
                VStack {
                    Derived(tag: "x")
                    VStack { Derived(tag: "y") }.environment(\.density, density)
                }
                .environment(\.accent, accent)
            }
        }
        let host = FramePipeline(columns: 12, rows: 2)
        func rows() -> [String] { host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } }
        host.render(Screen(accent: "red", density: 1))
        #expect(rows() == ["x:3:1", "y:3:1"])
        host.render(Screen(accent: "green", density: 1))
        #expect(rows() == ["x:5:1", "y:5:1"])
        host.render(Screen(accent: "green", density: 7))
        #expect(rows() == ["x:5:1", "y:5:7"])
        host.render(Screen(accent: "blue", density: 7))
        #expect(rows() == ["x:4:1", "y:4:7"])
        // Nothing changed: the values kept are the values.
        host.render(Screen(accent: "blue", density: 7))
        #expect(rows() == ["x:4:1", "y:4:7"])
        host.graph.setRootEnvironment(\.density, 2)
        host.render(Screen(accent: "blue", density: 7))
        #expect(rows() == ["x:4:2", "y:4:7"])
    }

    @Test("a writer of one engine key, or one whose key path changes, leaves every value read below right")
    func writersOfKnownKeys() {
        struct Reader: View {
            @Environment(\.typeToSelect) private var typeToSelect
            @Environment(\.isLineWrappingEnabled) private var wraps
            @Environment(\.tabSize) private var tabs
            var body: some View { Text("\(typeToSelect):\(wraps):\(tabs)") }
        }
        struct Screen: View {
            var writesTypeToSelect: Bool
            var value: Bool
            var tabs: Int
            var body: some View {
                Reader()
                    .environment(writesTypeToSelect ? \.typeToSelect : \.isLineWrappingEnabled, value)
                    .environment(\.tabSize, tabs)
            }
        }
        // The defaults: typeToSelect false, line wrapping true.
        let host = FramePipeline(columns: 16, rows: 1)
        func row() -> String { host.textRows[0].trimmingCharacters(in: .whitespaces) }
        host.render(Screen(writesTypeToSelect: true, value: true, tabs: 8))
        #expect(row() == "true:true:8")
        host.render(Screen(writesTypeToSelect: true, value: true, tabs: 3))
        #expect(row() == "true:true:3")
        // The inner writer now writes the other key: the first is back to its default.
        host.render(Screen(writesTypeToSelect: false, value: false, tabs: 3))
        #expect(row() == "false:false:3")
        host.render(Screen(writesTypeToSelect: true, value: true, tabs: 6))
        #expect(row() == "true:true:6")
    }

    @Test("a read of an engine key takes the nearest writer's new value, through writers of other keys, a disabled writer and unknown keys")
    func nearestWriterOfAKnownKey() {
        struct Reader: View {
            @Environment(\.tabSize) private var tabs
            @Environment(\.isEnabled) private var enabled
            var body: some View { Text("\(tabs):\(enabled)") }
        }
        struct Screen: View {
            var outer: Int
            var inner: Int?
            var disabled: Bool
            var accent: String
            var body: some View {
                VStack {
                    if let inner {
                        Reader().environment(\.tabSize, inner).environment(\.accent, accent)
                    } else {
                        Reader().environment(\.accent, accent)
                    }
                }
                .disabled(disabled)
                .environment(\.typeToSelect, disabled)
                .environment(\.tabSize, outer)
            }
        }
        let host = FramePipeline(columns: 12, rows: 1)
        func row() -> String { host.textRows[0].trimmingCharacters(in: .whitespaces) }
        host.render(Screen(outer: 4, inner: 2, disabled: false, accent: "a"))
        #expect(row() == "2:true")
        // The outer writer of the key changes: the inner one still decides.
        host.render(Screen(outer: 5, inner: 2, disabled: false, accent: "a"))
        #expect(row() == "2:true")
        // The nearest writer changes, with a writer of an unknown key and one of another engine key changing above it.
        host.render(Screen(outer: 5, inner: 3, disabled: true, accent: "b"))
        #expect(row() == "3:false")
        host.render(Screen(outer: 6, inner: 3, disabled: false, accent: "b"))
        #expect(row() == "3:true")
        // No inner writer (another node): the outer one's value.
        host.render(Screen(outer: 7, inner: nil, disabled: false, accent: "c"))
        #expect(row() == "7:true")
        host.render(Screen(outer: 8, inner: nil, disabled: true, accent: "d"))
        #expect(row() == "8:false")
        host.graph.setRootEnvironment(\.tabSize, 9)
        host.render(Screen(outer: 8, inner: nil, disabled: true, accent: "d"))
        #expect(row() == "8:false")
    }

    @Test("a read below a writer that changes the key as it passes (.disabled, .tint) sees that change over a new value set above")
    func transformingWriterOverANewValue() {
        struct Reader: View {
            @Environment(\.isEnabled) private var enabled
            @Environment(\.theme) private var theme
            var body: some View { Text("\(enabled):\(theme.tint == .red)") }
        }
        struct Screen: View {
            var enabled: Bool
            var theme: Theme
            var body: some View {
                Reader()
                    .disabled(true)
                    .tint(.red)
                    .environment(\.isEnabled, enabled)
                    .environment(\.theme, theme)
            }
        }
        var blue = Theme()
        blue.tint = .blue
        let host = FramePipeline(columns: 12, rows: 1)
        func row() -> String { host.textRows[0].trimmingCharacters(in: .whitespaces) }
        host.render(Screen(enabled: false, theme: Theme()))
        #expect(row() == "false:true")
        host.render(Screen(enabled: true, theme: blue))
        #expect(row() == "false:true")
        host.render(Screen(enabled: false, theme: Theme()))
        #expect(row() == "false:true")
    }

    @Test("a reader takes the value its writer wrote this frame: a closure written anew each frame is the new one, an equal value re-evaluates no reader")
    func writerValueTakenByReaders() {
        final class Log { var calls: [String] = []; var tabReads = 0 }
        struct Submitter: View {
            @Environment(\.submitAction) private var submit
            var step: Int
            var body: some View { Text("step \(step)").onChange(of: step, initial: true) { submit?() } }
        }
        // Equal to any other: evaluated again only when what it reads changed.
        struct TabReader: View, @MainActor Equatable {
            @Environment(\.tabSize) private var tabs
            var log: Log
            static func == (a: TabReader, b: TabReader) -> Bool { true }
            var body: some View {
                log.tabReads += 1
                return Text("tabs \(tabs)")
            }
        }
        struct Screen: View {
            var word: String
            var tabs: Int
            var log: Log
            var body: some View {
                VStack {
                    Submitter(step: log.calls.count)
                    TabReader(log: log)
                }
                .onSubmit { log.calls.append(word) }
                .environment(\.tabSize, tabs)
            }
        }
        let log = Log()
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(Screen(word: "a", tabs: 2, log: log))
        #expect(log.calls == ["a"])
        #expect(host.textRows[1].contains("tabs 2"))
        // A new closure: the reader below calls the new one, not the first.
        host.render(Screen(word: "b", tabs: 3, log: log))
        #expect(log.calls == ["a", "b"])
        #expect(host.textRows[1].contains("tabs 3"))
        let reads = log.tabReads
        // The tab size written again, equal (the closure anew): its reader is not evaluated again.
        host.render(Screen(word: "c", tabs: 3, log: log))
        #expect(log.calls == ["a", "b", "c"])
        #expect(log.tabReads == reads)
        #expect(host.textRows[1].contains("tabs 3"))
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
