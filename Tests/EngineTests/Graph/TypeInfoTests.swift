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

    @Test("a structural view says whether it can compare equal as a conformance check would, and keeps its value only then")
    func structuralEquatable() {
        func check<V: View>(_ type: V.Type, stores: Bool) {
            #expect(V._isStructural, "\(V.self)")
            #expect(V._structuralIsEquatable == (V.self is any Equatable.Type), "\(V.self)")
            #expect(ViewTypeInfo(V.self).storesValue == stores, "\(V.self)")
        }
        check(VStack<Text>.self, stores: false)
        check(HStack<TupleView2<Text, Spacer>>.self, stores: false)
        check(ZStack<Text>.self, stores: false)
        check(TupleView3<Text, Text, Text>.self, stores: false)
        check(TupleView6<Text, Text, Text, Text, Text, Text>.self, stores: false)
        check(TupleView<Text, Text, Text, Text, Text, Text, Text>.self, stores: false)
        check(ConditionalContent<Text, EmptyView>.self, stores: false)
        check(Group<Text>.self, stores: false)
        check(AnyView.self, stores: false)
        check(PaddingView<Text>.self, stores: false)
        check(FrameView<Text>.self, stores: false)
        check(FixedSizeView<Text>.self, stores: false)
        check(LayoutPriorityView<Text>.self, stores: false)
        check(HiddenView<Text>.self, stores: false)
        check(TaggedView<Text, Int>.self, stores: false)
        // An optional of an Equatable view is Equatable (the standard library's).
        check(Optional<Text>.self, stores: true)
        check(Optional<VStack<Text>>.self, stores: false)
    }
}

@MainActor
@Suite("Recent type infos")
struct RecentTypeInfosTests {
    /// A key at a made-up metadata address (the table only compares keys and
    /// takes their slot from the address).
    private func key(_ address: UInt) -> ObjectIdentifier { unsafeBitCast(address, to: ObjectIdentifier.self) }

    @Test("two types that share a slot are both kept; a third drops the one set first")
    func twoWays() {
        let infos = [ViewTypeInfo(Text.self), ViewTypeInfo(EmptyView.self), ViewTypeInfo(Divider.self)]
        var table = RecentTypeInfos()
        // 32 slots of 8-byte-aligned addresses: 256 bytes apart is the same slot.
        let a = key(0x10_0000), b = key(0x10_0000 + 256), c = key(0x10_0000 + 512)
        table[a] = Unmanaged.passUnretained(infos[0])
        table[b] = Unmanaged.passUnretained(infos[1])
        #expect(table[a]?.takeUnretainedValue() === infos[0])
        #expect(table[b]?.takeUnretainedValue() === infos[1])
        table[c] = Unmanaged.passUnretained(infos[2])
        #expect(table[a] == nil)
        #expect(table[b]?.takeUnretainedValue() === infos[1])
        #expect(table[c]?.takeUnretainedValue() === infos[2])
        // A type whose own slot is the pair's other one (half the table
        // away) takes it; the type there moves back to the first, dropping
        // the one there.
        let d = key(0x10_0000 + 128)
        table[d] = Unmanaged.passUnretained(infos[0])
        #expect(table[d]?.takeUnretainedValue() === infos[0])
        #expect(table[b]?.takeUnretainedValue() === infos[1])
        #expect(table[c] == nil)
    }
}
