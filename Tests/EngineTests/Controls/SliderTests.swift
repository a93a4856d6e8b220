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

/// A slider whose editing the test records.
private struct Recorded: View {
    var log: EditingLog
    @State private var volume = 5.0
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("volume=\(volume)")
            Slider(value: $volume, in: 0...10, step: 1) { editing in log.events.append("editing=\(editing)") }
                .frame(width: 11)
            Button("other") {}
        }
    }
}

@MainActor
final class EditingLog {
    var events: [String] = []
}

@MainActor
@Suite("Slider with the mouse")
struct SliderMouseTests {
    func start(_ log: EditingLog) -> FramePipeline {
        let host = FramePipeline(columns: 11, rows: 3)
        host.render(Recorded(log: log))
        host.renderIfNeeded()
        return host
    }

    func send(_ host: FramePipeline, _ kind: MouseEvent.Kind, _ column: Int, _ row: Int = 1) {
        host.send(.mouse(MouseEvent(kind: kind, button: .left, column: column, row: row)))
    }

    @Test func aPressSetsTheValueAtTheCellAndEditingBegins() {
        let log = EditingLog()
        let host = start(log)
        send(host, .press, 8)
        #expect(host.textRows[0...1] == ["volume=8.0 ", "━━━━━━━━●──"])
        #expect(log.events == ["editing=true"])
        send(host, .release, 8)
        #expect(log.events == ["editing=true", "editing=false"])
        #expect(host.textRows[0] == "volume=8.0 ")
    }

    @Test func aDragFollowsThePointerAndStopsAtTheEndsWhereverItGoes() {
        let log = EditingLog()
        let host = start(log)
        send(host, .press, 2)
        #expect(host.textRows[0] == "volume=2.0 ")
        send(host, .drag, 4)
        #expect(host.textRows[0] == "volume=4.0 ")
        // Off the bar (another row, past the end): the end.
        send(host, .drag, 20, 2)
        #expect(host.textRows[0...1] == ["volume=10.0", "━━━━━━━━━━●"])
        send(host, .drag, -3, 0)
        #expect(host.textRows[0] == "volume=0.0 ")
        send(host, .drag, 6, 2)
        // A release anywhere ends the drag; later drags do nothing.
        send(host, .release, 6, 2)
        send(host, .drag, 9)
        #expect(host.textRows[0] == "volume=6.0 ")
        #expect(log.events == ["editing=true", "editing=false"])
    }

    @Test func theValueSnapsToTheStepWithinTheBounds() {
        #expect(Slider<Double>.value(at: 0.33, in: 0...10, step: 2.5) == 2.5)
        #expect(Slider<Double>.value(at: 0.4, in: 0...10, step: 2.5) == 5)
        #expect(Slider<Double>.value(at: 1.2, in: 0...10, step: 3) == 9)  // 12 → the last step inside
        #expect(Slider<Double>.value(at: 0.5, in: 1...2, step: nil) == 1.5)
        #expect(Slider<Double>.value(at: -1, in: 1...2, step: nil) == 1)
    }

    @Test func aPressFocusesTheSliderAndADragIsNotATextSelection() {
        let log = EditingLog()
        let host = start(log)
        host.press(.tab)  // the button
        host.drag(from: (1, 1), to: (3, 1))
        #expect(host.textRows[0] == "volume=3.0 ")
        #expect(host.selectedText == nil)
        // Focused now: keys move it.
        host.press(.right)
        #expect(host.textRows[0] == "volume=4.0 ")
    }

    @Test func aDisabledSliderIgnoresTheMouse() {
        struct Disabled: View {
            @State var x = 0.5
            var body: some View {
                VStack(spacing: 0) {
                    Text("x=\(x)")
                    Slider(value: $x).frame(width: 11).disabled(true)
                }
            }
        }
        let host = FramePipeline(columns: 11, rows: 2)
        host.render(Disabled())
        host.renderIfNeeded()
        host.click(column: 10, row: 1)
        #expect(host.textRows[0] == "   x=0.5   ")
    }
}
