import Foundation
import Testing
@testable import Engine

/// A stack whose screens are pushed by bindings.
private struct Presenting: View {
    @State private var showsHelp = false
    @State private var opened: Int?
    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 0) {
                Text("root help=\(showsHelp) opened=\(opened.map(String.init) ?? "nil")")
                Button("Help") { showsHelp = true }
                Button("Open 7") { opened = 7 }
            }
            .navigationTitle("Home")
            .navigationDestination(isPresented: $showsHelp) { HelpScreen() }
            .navigationDestination(item: $opened) { n in
                ItemScreen(n: n, next: { opened = n + 1 }, close: { opened = nil })
            }
        }
    }
}

private struct HelpScreen: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack(spacing: 0) {
            Text("help page")
            Button("Done") { dismiss() }
        }
        .navigationTitle("Help")
    }
}

private struct ItemScreen: View {
    var n: Int
    var next: () -> Void
    var close: () -> Void
    var body: some View {
        VStack(spacing: 0) {
            Text("item \(n)")
            Button("Next") { next() }
            Button("Close") { close() }
        }
        .navigationTitle("Item \(n)")
    }
}

/// Not private: a private type's runtime name cannot be looked up again.
struct SplitNavPoint: Codable, Hashable {
    var x: Int
    var y: Int
}

private struct NotCodable: Hashable {}

/// The row that holds `text`, or "".
@MainActor
private func row(_ host: FramePipeline, _ text: String) -> String {
    host.textRows.first { $0.contains(text) } ?? ""
}

@MainActor
@Suite("navigationDestination(isPresented:) and (item:), NavigationPath.codable")
struct NavigationDestinationBindingTests {
    @Test("isPresented pushes; Esc pops and sets it back to false; dismiss() too")
    func isPresentedPushesAndPopResets() {
        let host = FramePipeline(columns: 50, rows: 8)
        host.render(Presenting())
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ Help ]")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Home › Help"), "\(host.textRows)")
        #expect(!row(host, "help page").isEmpty)
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "root help=false opened=nil").isEmpty, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("Home "))
        // Again, and popped from inside with dismiss().
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "help page").isEmpty)
        host.press(.enter)  // Done
        host.renderIfNeeded()
        #expect(!row(host, "root help=false").isEmpty, "\(host.textRows)")
        // Pushed again after the pop: the binding turned true once more.
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "help page").isEmpty)
    }

    @Test("item pushes its destination; another item replaces it; nil pops; Esc sets nil")
    func itemPushesReplacesAndPops() {
        let host = FramePipeline(columns: 50, rows: 8)
        host.render(Presenting())
        host.press(.tab)
        #expect(focusedText(host) == "[ Open 7 ]")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "item 7").isEmpty, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("‹ Home › Item 7"))
        host.press(.enter)  // Next: opened = 8
        host.renderIfNeeded()
        #expect(!row(host, "item 8").isEmpty, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("‹ Home › Item 8"))
        host.press(.tab)
        host.press(.enter)  // Close: opened = nil
        host.renderIfNeeded()
        #expect(!row(host, "root help=false opened=nil").isEmpty, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("Home "))
        for _ in 0..<3 where focusedText(host) != "[ Open 7 ]" { host.press(.tab) }
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "item 7").isEmpty, "\(host.textRows)")
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "opened=nil").isEmpty, "\(host.textRows)")
    }

    @Test("a path of Codable values round-trips through JSON; one that is not has no codable form")
    func codableRoundTrip() throws {
        var path = NavigationPath()
        path.append(42)
        path.append("Ada")
        path.append(SplitNavPoint(x: 1, y: 2))
        let codable = try #require(path.codable)
        let data = try JSONEncoder().encode(codable)
        let decoded = try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data)
        #expect(decoded == codable)
        let restored = NavigationPath(decoded)
        #expect(restored == path)
        #expect(restored.count == 3)
        #expect(restored.elements.last == AnyHashable(SplitNavPoint(x: 1, y: 2)))
        path.append(NotCodable())
        #expect(path.codable == nil)
        // A type name the program does not know fails to decode.
        let bad = Data(#"["NoSuchType", 1]"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: bad)
        }
    }
}
