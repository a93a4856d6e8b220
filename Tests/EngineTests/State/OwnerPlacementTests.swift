import Testing
@testable import Engine

/// Seed 002's owner placement: state owned below a lazy seam (a lazy row
/// scrolled away) resets; state owned above it and passed down survives.
@MainActor
@Suite("Owner placement across a lazy seam")
struct OwnerPlacementTests {
    final class Handles { var rows: [Int: Binding<Int>] = [:]; var owner: Binding<[Int: Int]>? }

    struct Row: View, @MainActor Equatable {
        var index: Int
        let handles: Handles
        @State private var local = 0
        var body: some View {
            handles.rows[index] = $local
            return Text("\(index):\(local)")
        }
        static func == (a: Row, b: Row) -> Bool { a.index == b.index && a.handles === b.handles }
    }

    struct List: View {
        var offset: Int
        let handles: Handles
        var body: some View {
            ScrollView(offset: offset) {
                LazyVStack(alignment: .leading) { ForEach(0..<100) { Row(index: $0, handles: handles) } }
            }
        }
    }

    @Test("state owned by a lazy row resets when the row scrolls away and back")
    func rowStateResets() {
        let handles = Handles()
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(List(offset: 0, handles: handles))
        handles.rows[0]!.wrappedValue = 7
        host.render(List(offset: 0, handles: handles))
        #expect(host.textRows[0].hasPrefix("0:7"))
        host.render(List(offset: 50, handles: handles))
        host.render(List(offset: 0, handles: handles))
        #expect(host.textRows[0].hasPrefix("0:0"))
    }

    struct OwnedRow: View {
        var index: Int
        @Binding var values: [Int: Int]
        var body: some View { Text("\(index):\(values[index] ?? 0)") }
    }

    struct OwnedList: View {
        var offset: Int
        let handles: Handles
        @State private var values: [Int: Int] = [:]
        var body: some View {
            handles.owner = $values
            return ScrollView(offset: offset) {
                LazyVStack(alignment: .leading) { ForEach(0..<100) { OwnedRow(index: $0, values: $values) } }
            }
        }
    }

    @Test("state owned above the seam survives the row scrolling away")
    func ownerAboveSurvives() {
        let handles = Handles()
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(OwnedList(offset: 0, handles: handles))
        handles.owner!.wrappedValue[0] = 7
        host.render(OwnedList(offset: 50, handles: handles))
        host.render(OwnedList(offset: 0, handles: handles))
        #expect(host.textRows[0].hasPrefix("0:7"))
    }
}
