import Testing
@testable import Engine

private struct Flavour: Identifiable, Hashable {
    var id: Int
    var name: String
}

private let flavours = [Flavour(id: 1, name: "Mint"), Flavour(id: 2, name: "Plum"), Flavour(id: 3, name: "Fig")]

/// A picker over `flavours` bound to a selection of type `Value`, showing it.
private struct Chooser<Value: Hashable, Options: View>: View {
    @State private var value: Value
    var options: () -> Options

    init(_ initial: Value, @ViewBuilder options: @escaping () -> Options) {
        _value = State(wrappedValue: initial)
        self.options = options
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("value=\(value)")
            Picker("Flavour", selection: $value, content: options)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

@MainActor
private func value(_ host: FramePipeline) -> String {
    host.textRows.first { $0.hasPrefix("value=") }.map { String($0.dropFirst(6)).trimmingSpaces } ?? ""
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

@MainActor
@Suite("Picker with a content builder, .tag and .pickerStyle")
struct PickerTests {
    @Test("the default style is a menu: the selected option's label and a marker; Enter opens, Down, Enter chooses")
    func defaultIsMenu() {
        let host = FramePipeline(columns: 30, rows: 8)
        host.render(Chooser(2) {
            Text("Mint").tag(1)
            Text("Plum").tag(2)
            Text("Fig").tag(3)
        })
        #expect(host.textRows[1].hasPrefix("Flavour: Plum ▾"))
        host.press(.tab)
        host.press(.enter)
        #expect(host.textRows[1].hasPrefix("Flavour: Plum ▴"))
        #expect(host.textRows[3].contains("  Mint"))
        #expect(host.textRows[4].contains("• Plum"))
        host.press(.down)
        host.press(.enter)
        #expect(value(host) == "3")
        #expect(host.textRows[1].hasPrefix("Flavour: Fig ▾"))
    }

    @Test("ForEach's id is the option's tag when its type is the selection's")
    func forEachImplicitTag() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Chooser(1) { ForEach(flavours) { Text($0.name) } }.pickerStyle(.segmented))
        #expect(host.textRows[1].hasPrefix("Flavour:  Mint │ Plum │ Fig "))
        host.press(.tab)
        host.press(.right)
        #expect(value(host) == "2")
        host.press(.end)
        #expect(value(host) == "3")
    }

    @Test("an explicit .tag in a ForEach wins over the id: the element itself is the value")
    func forEachExplicitTag() {
        let host = FramePipeline(columns: 60, rows: 3)
        host.render(Chooser(flavours[0]) { ForEach(flavours) { Text($0.name).tag($0) } }.pickerStyle(.segmented))
        host.press(.tab)
        host.press(.right)
        #expect(value(host).contains("Plum"))
    }

    @Test("options whose tag is not of the selection's type are shown but cannot be chosen")
    func mismatchedTags() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Chooser("a") {
            Text("A").tag("a")
            Text("One").tag(1)
            Text("B").tag("b")
        }.pickerStyle(.segmented))
        #expect(host.textRows[1].hasPrefix("Flavour:  A │ One │ B "))
        host.press(.tab)
        host.press(.right)
        #expect(value(host) == "b", "Right skips the option tagged with an Int")
        host.press(.left)
        #expect(value(host) == "a")
    }

    @Test("an optional selection takes tags of the wrapped type")
    func optionalSelection() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Chooser(Int?.none) {
            Text("Mint").tag(1)
            Text("Plum").tag(2)
        }.pickerStyle(.segmented))
        host.press(.tab)
        host.press(.right)
        #expect(value(host) == "Optional(1)")
        host.press(.right)
        #expect(value(host) == "Optional(2)")
    }

    @Test("the innermost .pickerStyle wins")
    func innermostStyle() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(
            Chooser(1) {
                Text("Mint").tag(1)
                Text("Plum").tag(2)
            }
            .pickerStyle(.menu)
            .pickerStyle(.segmented))
        #expect(host.textRows[1].hasPrefix("Flavour: Mint ▾"))
    }

    @Test("labels are views: their own styles are kept")
    func labelViews() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Chooser(1) {
            Text("Mint").tag(1)
            Text("Plum").foregroundColor(.magenta).tag(2)
        }.pickerStyle(.segmented))
        let row = Array(host.textRows[1])
        let p = row.firstIndex(of: "P")!
        #expect(host.canvas.styles[host.canvas[p, 1].style].foreground == .magenta)
    }
}

@MainActor
@Suite("Picker clicks")
struct PickerClickTests {
    @Test("a click on a segment chooses its option")
    func clickSegment() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Chooser(1) { ForEach(flavours) { Text($0.name) } }.pickerStyle(.segmented))
        // "Flavour:  Mint │ Plum │ Fig ": the last "F" is Fig's.
        let fig = Array(host.textRows[1]).lastIndex(of: "F")!
        host.click(column: fig + 1, row: 1)
        #expect(value(host) == "3")
    }
}
