import Testing
@testable import Engine

private struct Poster: View {
    @Environment(\.showToast) private var showToast
    @State private var log: [String] = []
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("log=\(log.joined(separator: ","))")
            Button("Save") { showToast("Saved", title: "notes") }
            Button("Fail") { showToast("Disk full", severity: .error, duration: .seconds(10)) }
        }
        .onKeyPress("x") { log.append("x"); return .handled }
    }
}

@MainActor
@Suite("Toasts")
struct ToastTests {
    func start() -> FramePipeline {
        let host = FramePipeline(columns: 40, rows: 12, clock: .manual())
        host.render(Poster())
        host.renderIfNeeded()  // default focus: Save
        return host
    }

    /// The last `n` rows, trailing part from column 26.
    func corner(_ host: FramePipeline, _ n: Int = 4) -> [String] {
        host.textRows.suffix(n).map { String($0.dropFirst(26)) }
    }

    @Test func aToastShowsInTheBottomTrailingCornerWithoutTakingFocus() {
        let host = start()
        host.press(.enter)  // Save
        #expect(corner(host) == [
            "    ╭───────╮ ",
            "    │ notes │ ",
            "    │ Saved │ ",
            "    ╰───────╯ ",
        ])
        // Keys still reach the app (focus stayed on Save).
        host.press("x")
        #expect(host.textRows.contains { $0.contains("log=x") })
        host.press(.enter)  // Save again: a second toast below the first
        #expect(corner(host, 8).map { $0.filter { $0 != " " } }
                == ["╭───────╮", "│notes│", "│Saved│", "╰───────╯", "╭───────╮", "│notes│", "│Saved│", "╰───────╯"])
    }

    @Test func severityColoursTheBorderAndTitle() {
        let host = start()
        host.press(.enter)
        host.press(.tab)
        host.press(.enter)  // Fail: an error toast below the info one
        let rows = host.textRows
        let errorTop = rows.lastIndex { $0.contains("╭") }!
        let infoTop = rows.firstIndex { $0.contains("╭") }!
        let legend = host.styleLegend
        func style(_ row: Int) -> String {
            let col = Array(rows[row]).firstIndex(of: "╭")!
            let letter = Array(host.styleRows[row])[col]
            return legend.first { $0.hasPrefix("\(letter)") } ?? "\(letter)"
        }
        #expect(style(infoTop).contains("fg=4"), "\(legend)")  // blue
        #expect(style(errorTop).contains("fg=1"), "\(legend)")  // red
        // The title is bold in the colour.
        let titleRow = rows.firstIndex { $0.contains("notes") }!
        let col = Array(rows[titleRow]).firstIndex(of: "n")!
        let letter = Array(host.styleRows[titleRow])[col]
        let titleStyle = legend.first { $0.hasPrefix("\(letter)") } ?? ""
        #expect(titleStyle.contains("bold") && titleStyle.contains("fg=4"), "\(legend)")
    }

    @Test func toastsGoAfterTheirDurationOnTheRuntimeClock() {
        let host = start()
        host.press(.enter)  // 5 s
        host.press(.tab)
        host.press(.enter)  // 10 s
        #expect(host.textRows.filter { $0.contains("╭") }.count == 2)
        host.advanceClock(by: .seconds(4))
        #expect(host.textRows.filter { $0.contains("╭") }.count == 2)
        host.advanceClock(by: .seconds(1))
        #expect(host.textRows.filter { $0.contains("╭") }.count == 1)
        #expect(host.textRows.contains { $0.contains("Disk full") })
        host.advanceClock(by: .seconds(5))
        #expect(!host.textRows.contains { $0.contains("╭") })
        #expect(host.graph.clock.pendingCount == 0)
    }

    @Test func escDismissesTheNewestAndAClickTheOneClicked() {
        let host = start()
        host.press(.enter)
        host.press(.tab)
        host.press(.enter)
        host.press(.escape)  // the newest (Disk full) goes
        #expect(!host.textRows.contains { $0.contains("Disk full") })
        #expect(host.textRows.contains { $0.contains("Saved") })
        let row = host.textRows.firstIndex { $0.contains("Saved") }!
        let col = Array(host.textRows[row]).firstIndex(of: "S")!
        host.click(column: col, row: row)
        #expect(!host.textRows.contains { $0.contains("╭") })
        // The content under it is back.
        #expect(host.textRows.contains { $0.contains("[ Fail ]") })
        // Its timer went with it.
        #expect(host.graph.clock.pendingCount == 0)
    }
}
