import Engine

/// An htop-like dashboard: a header with CPU and memory meters, the CPU's
/// history as a live line chart, a sparkline per CPU, and a sortable
/// process table of 64 rows, each with a sparkline of its CPU, updated
/// every 250 ms from a timer.
///
/// The CPU figures (the meter, the chart, the per-CPU sparklines) are the
/// machine's own, from the deltas of `/proc/stat`'s counters between two
/// readings. Where there is no `/proc/stat` (not Linux), and in the
/// replayed session tests, which need the same frames every run, they come
/// from the simulation instead, and the header says `simulated`. The
/// processes are always simulated (a seeded generator; `ProcessMonitor`
/// reads `/proc/[pid]`).
///
/// Up/Down, PageUp/PageDown, Home/End move the selection (the table
/// scrolls to keep it in view); click a header, or `<`/`>` and `I`, to
/// sort; `q` or Ctrl-C quits. F12 shows the performance overlay.
@main
struct DashboardApp: App {
    /// Whether the CPU figures come from `/proc/stat` (otherwise the simulation).
    let readsProcStat: Bool
    @State private var system = SimulatedSystem(processes: 64)
    @State private var selected: Int?
    @State private var sort: TableSortOrder? = TableSortOrder(column: "CPU%", ascending: false)
    /// The CPU's use, oldest first, in percent (at most 240 readings: a minute).
    @State private var cpu = CPULoad()
    @Environment(\.terminal) private var terminal

    /// Reads `/proc/stat` where there is one.
    init() { self.init(readsProcStat: CPUCounters.read() != nil) }

    init(readsProcStat: Bool) { self.readsProcStat = readsProcStat }

    var body: some View {
        let processes = system.sorted(by: sort)
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("dashboard").bold().foregroundColor(.brightCyan)
                Text("tick \(system.tick)").dim()
                if readsProcStat {
                    Text("· /proc/stat, \(cpu.perCPU.count) CPUs").dim()
                }
                Spacer()
                Text("\(processes.count) tasks, load \(system.loadText)")
            }
            Meter(label: "CPU", fraction: readsProcStat ? (cpu.total.last ?? 0) / 100 : system.cpuTotal, color: .green)
            Meter(label: "Mem", fraction: system.memoryTotal, color: .yellow)
            CPUChart(history: cpu.total).frame(height: 5)
            if readsProcStat { PerCPUSparklines(history: cpu.perCPU) }
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
                TableColumn("HISTORY", width: .fixed(SimulatedSystem.historyLength), sortable: false) { p in
                    // A table's cells are texts: the sparkline's bars as one.
                    Text(Bar.sparkline(p.cpuHistory)).foregroundColor(.cyan)
                }
                TableColumn("COMMAND", width: .flexible(min: 8)) { p in Text(p.command) }
            }
            Text("↑/↓ PgUp/PgDn Home/End select · click a header or < > I to sort · q quit").dim()
        }
        .every(.milliseconds(250)) {
            system.step()
            if !readsProcStat {
                cpu.appendTotal(system.cpuTotal * 100)
            } else if let counters = CPUCounters.read() {
                cpu.sample(counters)
            }
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
        .onAppear { selected = processes.first?.pid }
    }
}

/// The CPU's use over the last minute: a line chart from 0 to 100%, a
/// minute of readings across, filling from the leading edge (the x axis is
/// hidden: it counts readings, not a time a reader needs).
struct CPUChart: View, Equatable {
    var history: [Double]

    var body: some View {
        Chart(history.indices, id: \.self) { i in
            LineMark(x: .value("reading", i), y: .value("cpu %", history[i])).foregroundStyle(.green)
        }
        .chartXScale(domain: 0...239)
        .chartYScale(domain: 0...100)
        .chartXAxis(.hidden)
    }
}

/// Each CPU's use over the last readings: a sparkline from 0 to 100% and
/// the last reading, two CPUs a row, at most eight CPUs (then how many more).
struct PerCPUSparklines: View, Equatable {
    var history: [[Double]]

    var body: some View {
        let shown = min(history.count, 8)
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<((shown + 1) / 2), id: \.self) { row in
                HStack(spacing: 2) {
                    ForEach((row * 2)..<min(shown, row * 2 + 2), id: \.self) { i in
                        HStack(spacing: 1) {
                            Text("cpu\(i)").frame(width: 5, alignment: .leading)
                            Sparkline(values: history[i], range: 0...100).foregroundStyle(.green).frame(width: 24)
                            Text(Bar.percent((history[i].last ?? 0) / 100)).frame(width: 5, alignment: .trailing)
                        }
                    }
                }
            }
            if history.count > shown { Text("+\(history.count - shown) more CPUs").dim() }
        }
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
    /// `fractions` (0…1) as a row of bars in eighths of a cell, as ``Sparkline`` draws them.
    static func sparkline(_ fractions: [Double]) -> String {
        let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String(fractions.map { levels[min(7, max(0, Int(($0 * 7).rounded())))] })
    }

    static func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
