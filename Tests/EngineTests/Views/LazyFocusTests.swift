import Testing
@testable import Engine

/// Counts row bodies evaluated and remembers which button was pressed.
private final class Probe: @unchecked Sendable {
    var evaluations = 0
    var pressed: [Int] = []
}

/// A row whose body counts its evaluations: a button "b<i>".
private struct ButtonRow: View, Equatable {
    var index: Int
    let probe: Probe
    var body: some View {
        probe.evaluations += 1
        return Button("b\(index)") { probe.pressed.append(index) }
    }
    nonisolated static func == (a: Self, b: Self) -> Bool { a.index == b.index && a.probe === b.probe }
}

@MainActor
@Suite("Tab into the cells of a lazy stack or grid not built yet")
struct LazyFocusTests {
    /// The text of the focused view's frame on screen.
    func focusedText(_ host: FramePipeline) -> String? {
        guard let node = host.graph.focusedNode else { return nil }
        let b = host.graph.layoutBounds(of: node)
        guard b.y >= 0, b.y < host.textRows.count else { return nil }
        let row = Array(host.textRows[b.y])
        return String(row[Swift.max(0, b.x)..<Swift.min(row.count, b.maxX)])
    }

    @Test func tabWalksIntoALazyVStacksUnbuiltRowsAndShiftTabBack() {
        struct Buttons: View {
            let probe: Probe
            var body: some View {
                ScrollView {
                    LazyVStack(alignment: .leading) {
                        ForEach(0..<1_000, id: \.self) { ButtonRow(index: $0, probe: probe) }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        let probe = Probe()
        let host = FramePipeline(columns: 12, rows: 5)
        host.render(Buttons(probe: probe))
        host.renderIfNeeded()
        #expect(host.textRows == ["[ b0 ]", "[ b1 ]", "[ b2 ]", "[ b3 ]", "[ b4 ]"].map { $0.padding(toLength: 12, withPad: " ", startingAt: 0) })
        // The first button has focus when the screen appears.
        #expect(focusedText(host) == "[ b0 ]")
        for _ in 0..<30 { host.press(.tab) }
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b30 ]")
        // Scrolled as little as shows it: the last row.
        #expect(host.textRows.last == "[ b30 ]     ", "\(host.textRows)")
        host.press(.enter)
        #expect(probe.pressed == [30])
        // Only the rows that came into view were built: 5 at first, one a Tab after.
        #expect(probe.evaluations < 80, "\(probe.evaluations)")
        #expect(host.graph.liveNodes < 200, "\(host.graph.liveNodes)")
        for _ in 0..<30 { host.press(.tab, modifiers: .shift) }
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b0 ]")
        #expect(host.textRows.first == "[ b0 ]      ", "\(host.textRows)")
    }

    @Test func tabWalksIntoALazyVGridsUnbuiltRows() {
        struct Grid: View {
            let probe: Probe
            var body: some View {
                ScrollView {
                    LazyVGrid(columns: [GridItem(.fixed(7)), GridItem(.fixed(7))], alignment: .leading) {
                        ForEach(0..<1_000, id: \.self) { ButtonRow(index: $0, probe: probe) }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        let probe = Probe()
        let host = FramePipeline(columns: 16, rows: 3)
        host.render(Grid(probe: probe))
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b0 ]")
        for _ in 0..<11 { host.press(.tab) }
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b11 ]")
        // b11 is in the second column of row 5, the grid's last row in view.
        #expect(host.textRows.last?.hasPrefix("[ b10 ] [ b11 ]") == true, "\(host.textRows)")
        #expect(probe.evaluations < 40, "\(probe.evaluations)")
    }

    @Test func tabWalksIntoALazyHStacksUnbuiltColumns() {
        struct Strip: View {
            let probe: Probe
            var body: some View {
                ScrollView(.horizontal) {
                    LazyHStack { ForEach(0..<1_000, id: \.self) { ButtonRow(index: $0, probe: probe) } }
                }
                .scrollIndicators(.hidden)
            }
        }
        let probe = Probe()
        let host = FramePipeline(columns: 14, rows: 1)
        host.render(Strip(probe: probe))
        host.renderIfNeeded()
        for _ in 0..<20 { host.press(.tab) }
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b20 ]")
        #expect(host.textRows[0].hasSuffix("[ b20 ]"), "\(host.textRows)")
        #expect(probe.evaluations < 60, "\(probe.evaluations)")
    }

    @Test func tabWalksIntoASectionedStacksUnbuiltLinesOverItsHeaders() {
        struct Sectioned: View {
            var body: some View {
                ScrollView {
                    LazyVStack(alignment: .leading) {
                        ForEach(0..<100, id: \.self) { s in
                            Section(header: Text("Section \(s)")) {
                                ForEach(0..<10, id: \.self) { i in Button("b\(s).\(i)") {} }
                            }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        let host = FramePipeline(columns: 12, rows: 5)
        host.render(Sectioned())
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b0.0 ]")
        // Ten buttons a section, headers passed over: 25 Tabs reach b2.5.
        for _ in 0..<25 { host.press(.tab) }
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b2.5 ]")
        #expect(host.textRows.last == "[ b2.5 ]    ", "\(host.textRows)")
        #expect(host.graph.liveNodes < 200, "\(host.graph.liveNodes)")
        for _ in 0..<25 { host.press(.tab, modifiers: .shift) }
        host.renderIfNeeded()
        #expect(focusedText(host) == "[ b0.0 ]")
    }
}
