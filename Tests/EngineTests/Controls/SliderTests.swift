import Testing
@testable import Engine

private struct Volume: View {
    @State private var volume = 5.0
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("volume=\(volume)")
            Slider(value: $volume, in: 0...10, step: 1).frame(width: 11)
        }
    }
}

@MainActor
@Suite("Slider")
struct SliderTests {
    func start() -> FramePipeline {
        let host = FramePipeline(columns: 11, rows: 2)
        host.render(Volume())
        host.renderIfNeeded()
        return host
    }

    @Test func theKnobSitsAtTheValueAndKeysMoveItByStep() {
        let host = start()
        #expect(host.textRows == ["volume=5.0 ", "━━━━━●─────"])
        host.press(.right)
        host.press(.right)
        #expect(host.textRows == ["volume=7.0 ", "━━━━━━━●───"])
        host.press(.end)
        host.press(.right)  // clamped
        #expect(host.textRows == ["volume=10.0", "━━━━━━━━━━●"])
        host.press(.home)
        host.press("-")
        #expect(host.textRows == ["volume=0.0 ", "●──────────"])
    }

    @Test func theFilledPartTakesTheTintAndAFocusedKnobTheFocusColours() {
        let host = start()
        let legend = host.styleLegend
        let row = Array(host.styleRows[1])
        func style(_ i: Int) -> String { legend.first { $0.hasPrefix("\(row[i]) ") } ?? "plain" }
        // Filled, knob (focused: the focus background), rest (plain).
        #expect(row[0] == row[4] && row[0] != row[5] && row[5] != row[6], "\(host.styleRows) \(legend)")
        #expect(style(0).contains("fg="), "\(legend)")
        #expect(style(5).contains("bg="), "\(legend)")
        #expect(!style(6).contains("fg=") && !style(6).contains("bg="), "\(legend)")
    }

    @Test func withoutAStepItMovesATwentiethOfTheRange() {
        struct Unit: View {
            @State var x = 0.5
            var body: some View {
                VStack(spacing: 0) {
                    Text("x=\(x)")
                    Slider(value: $x)
                }
            }
        }
        let host = FramePipeline(columns: 21, rows: 2)
        host.render(Unit())
        host.renderIfNeeded()
        host.press(.right)
        #expect(host.textRows[0].contains("x=0.55"))
        #expect(host.textRows[1] == "━━━━━━━━━━━●─────────")
    }
}
