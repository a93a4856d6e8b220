import Engine

/// A row of the selection benchmarks' data: what a process monitor holds
/// per process (short strings, stored inline).
struct BenchProcess: Identifiable, Equatable {
    let id: Int
    var name: String
    var user: String
    var cpu: String
    var memory: String

    static func table(_ count: Int) -> [BenchProcess] {
        let users = ["root", "daemon", "www", "postgres", "alice"]
        return (0..<count).map { i in
            BenchProcess(id: i, name: "proc-\(i)", user: users[i % users.count], cpu: "\(i % 100).\(i % 10)",
                         memory: "\((i * 37) % 4096) MB")
        }
    }
}

// MARK: table-select, list-select

/// A process table of `data` with the selection in `@State`, as an app holds it.
@MainActor
struct ProcessTableScreen: View {
    var data: [BenchProcess]
    @State private var selected: Int?
    var body: some View {
        Table(data, selection: $selected) {
            TableColumn("PID", width: .fixed(7), alignment: .trailing) { p in Text(String(p.id)) }
            TableColumn("Name", width: .flexible(min: 10)) { p in Text(p.name) }
            TableColumn("User", value: \.user, width: .fitted)
            TableColumn("CPU%", value: \.cpu, width: .fixed(6), alignment: .trailing)
            TableColumn("Memory", value: \.memory, width: .fixed(9), alignment: .trailing)
        }
    }
}

@MainActor
struct ProcessListScreen: View {
    var data: [BenchProcess]
    @State private var selected: Int?
    var body: some View {
        List(data, selection: $selected) { p in Text(p.name) }
    }
}

/// The frame a driven scenario last acted at (frames that do not advance,
/// with `--change none`, act no more).
@MainActor
final class FrameDriver: @unchecked Sendable {
    // Touched only by the benchmark's single thread.
    var lastFrame = -1
}

extension Scenarios {
    static let selectionNames = ["table-select", "table-scroll", "list-select"]

    /// `table-select` and `list-select` move the selection one row a frame
    /// among the rows shown (down to the last row shown, then up again): the
    /// cost of moving a selection. `table-scroll` keeps moving down, so once
    /// the selection reaches the bottom every frame scrolls the table a row
    /// (every cell of it changes).
    static func makeSelection(_ name: String, rows: Int?) -> Scenario? {
        guard selectionNames.contains(name) else { return nil }
        let n = Swift.max(rows ?? 100_000, 2)
        let data = BenchProcess.table(n)
        let isTable = name != "list-select"
        let scrolls = name == "table-scroll"
        return Scenario(name: name, parameters: ["rows": n], summary: scrolls
            ? "a 5-column table of \(n) rows filling the screen; the selection moves down a row a frame (a key press), so the table scrolls a row a frame"
            : "a \(isTable ? "5-column table" : "list") of \(n) rows filling the screen; the selection moves a row a frame (a key press) among the rows shown",
        start: { host in
            if isTable {
                host.render(ProcessTableScreen(data: data), keepBytes: false)
            } else {
                host.render(ProcessListScreen(data: data), keepBytes: false)
            }
            host.graph.dispatch(.key(KeyPress(.tab)))
            host.graph.dispatch(.key(KeyPress(.down)))
        }, act: { frame, host in
            // Down to the last row (or the last row shown), then up to the first, and so on.
            let span = Swift.max(2, scrolls ? n : Swift.min(n, host.canvas.rows - (isTable ? 1 : 0)))
            let phase = frame % (2 * (span - 1))
            host.graph.dispatch(.key(KeyPress(phase < span - 1 ? .down : .up)))
        })
    }
}
