import Testing
@testable import Engine

private struct CountKey: PreferenceKey {
    static let defaultValue = 0
    nonisolated(unsafe) static var reductions = 0
    static func reduce(value: inout Int, nextValue: () -> Int) {
        reductions += 1
        value += nextValue()
    }
}

private final class Seen<T> { var values: [T] = [] }

@MainActor
@Suite("Preferences", .serialized)
struct PreferenceTests {
    private struct Item: View, @MainActor Equatable {
        var name: String
        var body: some View { Text(name).preference(key: CountKey.self, value: 1) }
    }

    private struct List: View {
        var extra: Bool
        let seen: Seen<Int>
        var body: some View {
            VStack {
                Item(name: "a")
                Item(name: "b")
                Item(name: "c")
                if extra { Item(name: "d") }
            }
            .onPreferenceChange(CountKey.self) { seen.values.append($0) }
        }
    }

    @Test("values from several children are reduced; the observer fires when the total changes")
    func reducedAndObserved() {
        let seen = Seen<Int>()
        let host = FramePipeline(columns: 6, rows: 4)
        host.render(List(extra: false, seen: seen))
        #expect(seen.values == [3])
        host.render(List(extra: false, seen: seen))  // same total: no call
        #expect(seen.values == [3])
        host.render(List(extra: true, seen: seen))
        #expect(seen.values == [3, 4])
        host.render(List(extra: false, seen: seen))
        #expect(seen.values == [3, 4, 3])
    }

    @Test("values of skipped subtrees are reused, not recomputed")
    func skippedSubtreesReuse() {
        struct Wide: View, @MainActor Equatable {
            var body: some View { VStack { ForEach(0..<20) { Item(name: "\($0)") } } }
        }
        struct Screen: View {
            var extra: Bool
            let seen: Seen<Int>
            var body: some View {
                VStack {
                    Wide()
                    if extra { Item(name: "x") }
                }
                .onPreferenceChange(CountKey.self) { seen.values.append($0) }
            }
        }
        let seen = Seen<Int>()
        let host = FramePipeline(columns: 6, rows: 22)
        host.render(Screen(extra: false, seen: seen))
        #expect(seen.values == [20])
        CountKey.reductions = 0
        host.render(Screen(extra: true, seen: seen))
        #expect(seen.values == [20, 21])
        // Only the top level combines again: Wide's 20 items were not re-reduced.
        #expect(CountKey.reductions <= 2, "\(CountKey.reductions) reductions")
    }

    @Test("navigationTitle: the deepest view's title wins")
    func navigationTitle() {
        struct Settings: View {
            var body: some View { VStack { Text("body").navigationTitle("Settings") }.navigationTitle("App") }
        }
        let seen = Seen<String>()
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(Settings().onPreferenceChange(NavigationTitleKey.self) { seen.values.append($0) })
        #expect(seen.values == ["Settings"])
    }

    @Test("with no publisher the observer sees the default value")
    func defaultValue() {
        let seen = Seen<Int>()
        let host = FramePipeline(columns: 6, rows: 1)
        host.render(Text("x").onPreferenceChange(CountKey.self) { seen.values.append($0) })
        #expect(seen.values == [0])
    }
}
