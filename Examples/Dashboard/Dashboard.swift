import Engine

/// An htop-like dashboard: a header with CPU and memory meters, and a
/// sortable process table of 64 rows updated every 250 ms from a timer.
/// Up/Down, PageUp/PageDown, Home/End move the selection (the table
/// scrolls to keep it in view); click a header, or `<`/`>` and `I`, to
/// sort; `q` or Ctrl-C quits. F12 shows the performance overlay.
@main
struct DashboardApp: App {
    @State private var system = SimulatedSystem(processes: 64)
    @State private var selected: Int?
    @State private var sort: TableSortOrder? = TableSortOrder(column: "CPU%", ascending: false)
    @Environment(\.terminal) private var terminal

    var body: some View {
        let processes = system.sorted(by: sort)
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("dashboard").bold().foregroundColor(.brightCyan)
                Text("tick \(system.tick)").dim()
                Spacer()
                Text("\(processes.count) tasks, load \(system.loadText)")
            }
            Meter(label: "CPU", fraction: system.cpuTotal, color: .green)
            Meter(label: "Mem", fraction: system.memoryTotal, color: .yellow)
            Divider(color: .brightBlack)
            Table(processes, id: \.pid, selection: $selected, sortOrder: $sort) {
                TableColumn("PID", width: .fixed(6), alignment: .trailing) { p in Text("\(p.pid)") }
                TableColumn("USER", width: .fixed(8)) { p in
                    Text(p.user).foregroundColor(p.user == "root" ? .red : .default)
                }
                TableColumn("CPU%", width: .fixed(6), alignment: .trailing) { p in Text(Bar.percent(p.cpu)) }
                TableColumn("MEM%", width: .fixed(6), alignment: .trailing) { p in Text(Bar.percent(p.memory)) }
                TableColumn("CPU", width: .fixed(12), sortable: false) { p in
                    Text(ProgressView.bar(p.cpu, width: 12)).foregroundColor(p.cpu > 0.5 ? .brightRed : .green)
                }
                TableColumn("COMMAND", width: .flexible(min: 8)) { p in Text(p.command) }
            }
            Text("↑/↓ PgUp/PgDn Home/End select · click a header or < > I to sort · q quit").dim()
        }
        .every(.milliseconds(250)) { system.step() }
        .onKeyPress("q") { terminal.quit(); return .handled }
        .onAppear { selected = processes.first?.pid }
    }
}

/// A labelled bar with eighth-of-a-cell precision.
struct Meter: View, Equatable {
    var label: String
    var fraction: Double
    var color: Color

    var body: some View {
        HStack(spacing: 1) {
            Text(label).bold().frame(width: 4, alignment: .leading)
            Text(ProgressView.bar(fraction, width: 40)).foregroundColor(color)
            Text(Bar.percent(fraction))
        }
    }
}

enum Bar {
    static func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
