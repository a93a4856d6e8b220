import Foundation
import Observation
import Testing
@testable import Engine

/// Hands a view's bindings to the test, so the test can change state the
/// way an event handler would.
final class StateRemote<Value> {
    var bindings: [String: Binding<Value>] = [:]
    subscript(name: String) -> Binding<Value> { bindings[name]! }
}

/// A view owning a counter; it registers its binding under `name`.
struct StateCounter: View, @MainActor Equatable {
    var name: String
    let remote: StateRemote<Int>
    @State private var count = 0

    var body: some View {
        remote.bindings[name] = $count
        return Text("\(name)=\(count)")
    }

    static func == (a: StateCounter, b: StateCounter) -> Bool { a.name == b.name && a.remote === b.remote }
}

@MainActor
@Suite("@State bound at structural identity")
struct StateTests {
    @Test("state survives any reconstruction of the view tree")
    func survivesRebuild() {
        struct Screen: View {
            var frame: Int
            let remote: StateRemote<Int>
            var body: some View {
                VStack { Text("frame \(frame)"); StateCounter(name: "c", remote: remote) }
            }
        }
        let remote = StateRemote<Int>()
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(Screen(frame: 0, remote: remote))
        remote["c"].wrappedValue = 5
        for frame in 1...3 { host.render(Screen(frame: frame, remote: remote)) }
        #expect(host.textRows[1].contains("c=5"))
    }

    @Test("a mutation marks only its owner dirty, schedules one frame, and many coalesce")
    func mutationSchedulesOneFrame() {
        struct Screen: View, @MainActor Equatable {
            let remote: StateRemote<Int>
            var body: some View {
                VStack { StateCounter(name: "a", remote: remote); StateCounter(name: "b", remote: remote) }
            }
            static func == (a: Screen, b: Screen) -> Bool { a.remote === b.remote }
        }
        let remote = StateRemote<Int>()
        let host = FramePipeline(columns: 10, rows: 2)
        var requests = 0
        host.graph.onNeedsFrame = { requests += 1 }
        let screen = Screen(remote: remote)
        host.render(screen)
        remote["a"].wrappedValue = 1
        remote["a"].wrappedValue = 2
        remote["a"].wrappedValue = 3
        #expect(requests == 1)
        #expect(host.graph.needsFrame)
        host.render(screen)
        #expect(host.graph.statistics.bodyEvaluations == 2)  // StateCounter a and its Text
        #expect(host.textRows == ["   a=3    ", "   b=0    "])
        #expect(!host.graph.needsFrame)
    }

    @Test("if flag { A() }; B() — toggling the flag keeps B's state (it is not shifted into A's slot)")
    func conditionalSiblingKeepsState() {
        struct Screen: View {
            var flag: Bool
            let remote: StateRemote<Int>
            var body: some View {
                VStack {
                    if flag { StateCounter(name: "a", remote: remote) }
                    StateCounter(name: "b", remote: remote)
                }
            }
        }
        let remote = StateRemote<Int>()
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(Screen(flag: false, remote: remote))
        remote["b"].wrappedValue = 7
        host.render(Screen(flag: true, remote: remote))
        #expect(host.textRows.joined().contains("b=7"))
        #expect(host.textRows.joined().contains("a=0"))
        host.render(Screen(flag: false, remote: remote))
        #expect(host.textRows.joined().contains("b=7"))
    }

    @Test("two instances of the same view side by side keep separate state")
    func siblingsSeparate() {
        let remote = StateRemote<Int>()
        let host = FramePipeline(columns: 12, rows: 1)
        let view = HStack { StateCounter(name: "l", remote: remote); StateCounter(name: "r", remote: remote) }
        host.render(view)
        remote["l"].wrappedValue = 1
        remote["r"].wrappedValue = 2
        host.render(view)
        #expect(host.textRows == ["  l=1 r=2   "])
    }

    @Test("ForEach rows keep their state across insertions before them, moves and removals of others")
    func forEachRowsKeepState() {
        struct List: View {
            var ids: [Int]
            let remote: StateRemote<Int>
            var body: some View {
                VStack(alignment: .leading) { ForEach(ids, id: \.self) { StateCounter(name: "r\($0)", remote: remote) } }
            }
        }
        let remote = StateRemote<Int>()
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(List(ids: [1, 2, 3], remote: remote))
        remote["r2"].wrappedValue = 20
        remote["r3"].wrappedValue = 30
        host.render(List(ids: [0, 1, 2, 3], remote: remote))      // insert before
        #expect(host.textRows.joined().contains("r2=20") && host.textRows.joined().contains("r3=30"))
        host.render(List(ids: [3, 2, 1, 0], remote: remote))      // move
        #expect(host.textRows.map { $0.trimmingCharacters(in: .whitespaces) } == ["r3=30", "r2=20", "r1=0", "r0=0"])
        host.render(List(ids: [3, 0], remote: remote))            // remove others
        #expect(host.textRows.joined().contains("r3=30"))
        host.render(List(ids: [3, 0, 2], remote: remote))         // 2 comes back: fresh
        #expect(host.textRows.joined().contains("r2=0"))
    }

    @Test("state inside a branch resets after the branch switches away and back")
    func branchResets() {
        struct Screen: View {
            var first: Bool
            let remote: StateRemote<Int>
            var body: some View {
                if first { StateCounter(name: "x", remote: remote) } else { Text("other") }
            }
        }
        let remote = StateRemote<Int>()
        let host = FramePipeline(columns: 8, rows: 1)
        host.render(Screen(first: true, remote: remote))
        remote["x"].wrappedValue = 9
        host.render(Screen(first: true, remote: remote))
        #expect(host.textRows == ["  x=9   "])
        host.render(Screen(first: false, remote: remote))
        host.render(Screen(first: true, remote: remote))
        #expect(host.textRows == ["  x=0   "])
        // The old slot is unreachable: writing through the stale binding does nothing visible.
        #expect(host.graph.stateSlotCount == 1)
    }

    @Test("a binding passed three levels down writes the owner's state")
    func bindingThreeLevelsDown() {
        final class BindingProbe { var binding: Binding<String>? }
        struct Level3: View {
            @Binding var text: String
            let probe: BindingProbe
            var body: some View {
                probe.binding = $text
                return Text(text)
            }
        }
        struct Level2: View { @Binding var text: String; let probe: BindingProbe
            var body: some View { Level3(text: $text, probe: probe) } }
        struct Level1: View { @Binding var text: String; let probe: BindingProbe
            var body: some View { Level2(text: $text, probe: probe) } }
        struct Owner: View {
            let probe: BindingProbe
            @State private var text = "start"
            var body: some View { VStack { Text("owner: \(text)"); Level1(text: $text, probe: probe) } }
        }
        let probe = BindingProbe()
        let host = FramePipeline(columns: 14, rows: 2)
        let owner = Owner(probe: probe)
        host.render(owner)
        probe.binding?.wrappedValue = "deep"
        host.render(owner)
        #expect(host.textRows == [" owner: deep  ", "    deep      "])
    }

    @Test("Binding: constant, custom get/set, and member projection")
    func bindingForms() {
        struct Model { var name = "a"; var size = 1 }
        var model = Model()
        let whole = Binding(get: { model }, set: { model = $0 })
        let name = whole.name
        name.wrappedValue = "b"
        #expect(model.name == "b")
        whole.size.wrappedValue = 3
        #expect(model.size == 3)
        let constant = Binding.constant(4)
        constant.wrappedValue = 5
        #expect(constant.wrappedValue == 4)
    }

    @Test("a thousand frames of toggling a stateful subtree leave storage and identities at their steady size")
    func churnIsSteady() {
        struct Screen: View {
            var shown: Bool
            var body: some View {
                VStack {
                    Text("top")
                    if shown { ForEach(0..<50) { StatefulCell(index: $0) } }
                }
            }
        }
        struct StatefulCell: View, @MainActor Equatable {
            var index: Int
            @State private var value = 0
            var body: some View { Text("\(index)") }
            static func == (a: Self, b: Self) -> Bool { a.index == b.index }
        }
        let host = FramePipeline(columns: 20, rows: 5)
        host.render(Screen(shown: true))
        let slots = host.graph.stateSlotCount, ids = host.graph.identities.count
        #expect(slots == 50)
        for frame in 0..<1000 { host.render(Screen(shown: frame % 2 == 1)) }
        host.graph.reclaimAll()
        #expect(host.graph.stateSlotCount == slots)
        #expect(host.graph.identities.count == ids)
        #expect(host.graph.identities.capacity <= ids * 2 + 8)
    }

    @Test("a slot whose type no longer matches starts over from the initial value")
    func typeMismatchResets() {
        struct V1: View { @State var a = 1; var body: some View { Text("\(a)") } }
        struct V2: View { @State var a = "x"; var body: some View { Text(a) } }
        let host = FramePipeline(columns: 4, rows: 1)
        host.render(V1())
        let node = host.graph.allNodes().first { host.graph.path(of: $0).hasSuffix("V1.0") }!
        (node.stateSlots[0] as! StateBox<Int>).value = 42
        // "Recompile": the same slot is now read by a view declaring a String.
        let box: StateBox<String> = host.graph.stateBox(in: node, ordinal: 0, initial: "fresh") {
            DeclarationSite(fileID: "f", line: 1, column: 1)
        }
        #expect(box.value == "fresh")
    }

    @Test("dynamic property offsets come from the reflection SPI, in declaration order")
    func reflectionPins() {
        struct Three: View {
            var plain = 0
            @State var first = 1
            var name = "n"
            @State var second = "s"
            var body: some View { EmptyView() }
        }
        var names: [String] = []
        FieldReflection.forEachField(of: Three.self) { name, _, _ in names.append(name) }
        #expect(names == ["plain", "_first", "name", "_second"])
        let layout = DynamicPropertyLayout.of(Three.self)
        #expect(layout.fields.count == 2)
        #expect(layout.fields[0].offset < layout.fields[1].offset)
    }

    @Test("only the standard library's values skip the conformance checks: engine, app and class types are asked")
    func standardLibraryValues() {
        final class Model {}
        struct Plain { var x = 0 }
        enum Choice { case a }
        let skipped: [Any.Type] = [Int.self, String.self, Bool.self, [Int].self, Int?.self, Model?.self,
                                   [String: Model].self, Range<Int>.self, KeyPath<Plain, Int>.self,
                                   (Int, String).self, (() -> Void).self, (@Sendable (Int) -> Int).self,
                                   (@MainActor () -> Void).self, StaticString.self]
        for type in skipped { #expect(FieldReflection.isStandardLibraryValue(type), "\(type)") }
        let asked: [Any.Type] = [State<Int>.self, Environment<Int>.self, Bindable<ObservedCounter>.self, Binding<Int>.self,
                                 Text.self, Clicks.self, Model.self, Plain.self, Choice.self, ObservedCounter.self,
                                 FocusState<Bool>.self]
        for type in asked { #expect(!FieldReflection.isStandardLibraryValue(type), "\(type)") }
    }

    @Test("of the engine's types only its dynamic properties are asked for the conformance; app types all are")
    func engineTypesAsked() {
        struct Plain { var x = 0 }
        let asked: [Any.Type] = [State<Int>.self, Environment<Int>.self, Bindable<ObservedCounter>.self,
                                 FocusState<Bool>.self, Clicks.self, Plain.self, ObservedCounter.self]
        for type in asked { #expect(FieldReflection.mayBeDynamicProperty(type), "\(type)") }
        let skipped: [Any.Type] = [Int.self, String?.self, Text.self, Binding<Int>.self, Color.self,
                                   VStack<Text>.self, Alignment.self, (() -> Void).self]
        for type in skipped { #expect(!FieldReflection.mayBeDynamicProperty(type), "\(type)") }
        #expect(FieldReflection.mayBeDynamicProperty(ControlModel<TextFieldModel>.self))
        // And a view's @State is still found among engine-typed fields.
        #expect(DynamicPropertyLayout.of(Clicks.self).fields.count == 2)
    }

    @Test("the engine's list of its dynamic properties is every type in Sources/Engine that conforms")
    func engineDynamicPropertiesListed() throws {
        // Tests/EngineTests/State/StateTests.swift → the package's Sources/Engine.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Engine")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        let declaration = try Regex(#"(?m)^(?:public |internal )?(?:struct|extension|final class|class)\s+(\w+)(?:<[^{>]*>)?\s*:[^{]*\bDynamicProperty\b"#)
        var found: Set<String> = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { found.insert(String(name)) }
            }
        }
        #expect(found == FieldReflection.engineDynamicProperties)
    }
}

/// A property wrapper made of two `@State`s: the engine binds what it holds.
@propertyWrapper
struct Clicks: DynamicProperty {
    @State private var count = 0
    @State private var last = ""
    var wrappedValue: (count: Int, last: String) { (count, last) }
    var projectedValue: (String) -> Void {
        let count = $count, last = $last
        return { name in
            count.wrappedValue += 1
            last.wrappedValue = name
        }
    }
}

@Observable
final class ObservedCounter {
    var value = 0
}

@MainActor
@Suite("Custom dynamic properties and models kept in @State")
struct NestedDynamicPropertyTests {
    final class Taps {
        var tap: [String: (String) -> Void] = [:]
    }

    struct Clicker: View, @MainActor Equatable {
        var name: String
        let taps: Taps
        @Clicks var clicks
        @State private var own = 100
        var body: some View {
            taps.tap[name] = $clicks
            return Text("\(name):\(clicks.count):\(clicks.last):\(own)")
        }
        static func == (a: Self, b: Self) -> Bool { a.name == b.name && a.taps === b.taps }
    }

    @Test("@State inside a custom DynamicProperty is bound at the view's identity, with its own ordinals")
    func nestedState() {
        let taps = Taps()
        let host = FramePipeline(columns: 20, rows: 2)
        func screen() -> some View { VStack(alignment: .leading) { Clicker(name: "a", taps: taps); Clicker(name: "b", taps: taps) } }
        host.render(screen())
        #expect(host.graph.stateSlotCount == 6)
        taps.tap["a"]!("x")
        taps.tap["a"]!("y")
        host.render(screen())
        #expect(host.textRows[0].contains("a:2:y:100"))
        #expect(host.textRows[1].contains("b:0::100"))
        // A new view value (the parent re-evaluated) keeps the state.
        taps.tap["b"]!("z")
        host.render(screen())
        #expect(host.textRows[1].contains("b:1:z:100"))
        // Only b's owner ran: a was equal and not dirty.
        let a = host.graph.allNodes().first { host.graph.path(of: $0).hasSuffix("Clicker.0") }!
        #expect(a.lastEvaluatedFrame < host.graph.frameNumber)
    }

    struct ModelOwner: View {
        @State private var model = ObservedCounter()
        let handle: Handle
        var body: some View {
            handle.model = model
            return Text("v\(model.value)")
        }
    }

    final class Handle {
        var model: ObservedCounter?
    }

    @Test("an @Observable model kept in @State makes the owner depend on what its body reads")
    func modelInState() {
        let handle = Handle()
        let host = FramePipeline(columns: 10, rows: 1)
        var frames = 0
        host.graph.onNeedsFrame = { frames += 1 }
        host.render(ModelOwner(handle: handle))
        let first = handle.model!
        first.value = 5
        #expect(frames == 1)
        host.render(ModelOwner(handle: handle))
        #expect(host.textRows[0].contains("v5"))
        #expect(handle.model === first)
    }
}
