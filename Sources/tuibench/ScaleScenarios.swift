import Engine

/// One cell changes on a screen whose every other cell shows text that stays:
/// the scale scenario for screen size (80x24 … 400x120). The rest of the
/// screen is one equal view each frame, so the change's work — one Text of
/// one character, laid out alone, one cell painted, diffed and written —
/// is the same at every size; what grows with the size is what the engine
/// must not touch.
@MainActor
struct OneCellScreen: View {
    var columns: Int
    var rows: Int
    var frame: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("\(frame % 10)")
            StaticScreen(columns: columns, rows: max(rows - 1, 0))
        }
    }
}

/// Rows of text that fill a screen and never change.
@MainActor
struct StaticScreen: View, Equatable {
    var columns: Int
    var rows: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<rows) { r in
                Text(ChurnScreen.line(row: r, frame: 0, columns: columns))
            }
        }
    }
}

extension Scenarios {
    static func makeScale(_ name: String) -> Scenario? {
        guard name == "one-cell" else { return nil }
        return Scenario(name: name, parameters: [:], render: { frame, host in
            host.render(OneCellScreen(columns: host.canvas.columns, rows: host.canvas.rows, frame: frame),
                        keepBytes: false)
        }, summary: "one cell changes; every other cell of the screen shows text that stays (scale: --size)")
    }
}
