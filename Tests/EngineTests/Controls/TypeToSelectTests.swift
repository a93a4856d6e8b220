import Testing

@testable import Engine

private struct Fruit: Identifiable, Equatable, Sendable { var id: Int; var name: String }
private let fruits = ["apple", "Apricot", "banana", "blueberry", "cherry", "avocado"].enumerated()
    .map { Fruit(id: $0.offset, name: $0.element) }

@MainActor
@Suite("Type-to-select in a Table")
struct TypeToSelectTests {

    struct Screen: View {
        var enabled: Bool
        @State var selected: Int? = 0
        @State var quits = 0
        var body: some View {
            VStack {
                Text("sel \(selected.map(String.init) ?? "-") quit \(quits)")
                Table(fruits, selection: $selected) {
                    TableColumn("Name", value: \.name)
                }
                .typeToSelect(enabled)
            }
            .onKeyPress("q") { quits += 1; return .handled }
        }
    }

    @Test("letters within a second add up; a new letter after a pause starts over; the search wraps")
    func jumps() {
        let host = FramePipeline(columns: 20, rows: 9, clock: .manual())
        host.render(Screen(enabled: true))
        host.press(.tab)
        host.press(.character("b"))
        #expect(host.textRows[0].contains("sel 2 "))
        host.press(.character("l"))
        #expect(host.textRows[0].contains("sel 3 "), "bl: blueberry")
        host.advanceClock(by: .seconds(2))
        host.press(.character("A"))
        #expect(host.textRows[0].contains("sel 5 "), "a new prefix searches after the selection: avocado")
        host.advanceClock(by: .seconds(2))
        host.press(.character("a"))
        #expect(host.textRows[0].contains("sel 0 "), "and wraps: apple")
        host.advanceClock(by: .seconds(2))
        host.press(.character("z"))
        #expect(host.textRows[0].contains("sel 0 "), "no match: the selection stays")
    }

    @Test("off by default: letters reach the app's shortcuts")
    func offByDefault() {
        let host = FramePipeline(columns: 20, rows: 9, clock: .manual())
        host.render(Screen(enabled: false))
        host.press(.tab)
        host.press(.character("q"))
        #expect(host.textRows[0].contains("sel 0 quit 1"))
        host.press(.character("b"))
        #expect(host.textRows[0].contains("sel 0 "))
    }
}
