import Testing
@testable import Engine

@MainActor
@Suite("ViewList: a builder block read as a list of tagged views")
struct ViewListTests {
    @Test("blocks, conditionals, optionals, groups and ForEach are opened; tags are explicit or ForEach ids")
    func flattening() {
        let list = sample(flag: false)
        #expect(list.elements.count == 6)
        let expected: [AnyHashable?] = ["x", nil, nil, 10, 99, 30]
        #expect(list.elements.map(\.tag) == expected)
        #expect((list.elements[1].value as? Text)?.content == "b")
        #expect((sample(flag: true).elements[1].value as? Text)?.content == "hidden")
        #expect(list.elements[4].value is TaggedView<Text, Int>)
    }

    private func sample(flag: Bool) -> ViewList {
        ViewList(TupleView3(
            Text("a").tag("x"),
            Group {
                if flag { Text("hidden") } else { Text("b") }
                Text("c")
            },
            ForEach([10, 20, 30], id: \.self) { n in
                if n == 20 { Text("\(n)").tag(99) } else { Text("\(n)") }
            }
        ))
    }

    @Test("a view that only wraps another (a modifier) is one element, as is an AnyView")
    func leaves() {
        let list = ViewList(TupleView2(Text("a").bold(), AnyView(Group { Text("b"); Text("c") })))
        #expect(list.elements.count == 2)
    }

    @Test("a block's value is its children as a tuple, read and written (SwiftUI's TupleView.value)")
    func tupleValue() {
        var block = TupleView4(Text("a"), Text("b"), Spacer(), Text("d"))
        #expect(block.value.0.content == "a" && block.value.3.content == "d")
        block.value = (Text("w"), Text("x"), Spacer(minLength: 2), Text("z"))
        #expect(block.value.1.content == "x" && block.value.2.minLength == 2)
        #expect(ViewList(block).elements.compactMap { ($0.value as? Text)?.content } == ["w", "x", "z"])
        var six = TupleView6(Text("1"), Text("2"), Text("3"), Text("4"), Text("5"), Text("6"))
        six.value.5 = Text("six")
        #expect(six.value.5.content == "six" && six.value.0.content == "1")
    }
}
