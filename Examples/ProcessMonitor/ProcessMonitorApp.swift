import Engine
import Foundation

/// A process monitor in the manner of `top`, reading `/proc` once a second
/// from a `.task` loop on the environment's clock. Each refresh reads every
/// process's files concurrently in a task group, and an `@Observable`
/// model turns two readings into CPU percentages. `c`, `m` and `p` sort by
/// CPU, memory or PID; Up/Down select a process (its full command line
/// shows below); `q` or Ctrl-C quits.
@main
struct ProcessMonitorApp: App {
    @State private var monitor = ProcessMonitor()
    @State private var selection: Int?
    @Environment(\.clock) private var clock
    @Environment(\.terminal) private var terminal

    var body: some View {
        let rows = monitor.sortedRows
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("top").bold().foregroundColor(.brightCyan)
                Text("\(rows.count) processes, sorted by \(monitor.sortKey.rawValue)")
                Spacer()
                Text(monitor.problem ?? "refresh \(monitor.refreshes)").dim()
            }
            Meter(label: "CPU", fraction: monitor.cpuUsage, detail: String(format: "%.1f%%", monitor.cpuUsage * 100))
            Meter(label: "Mem", fraction: monitor.memoryUsage,
                  detail: "\(monitor.memoryUsedKiB / 1024) of \(monitor.memoryTotalKiB / 1024) MiB")
            Table(rows, selection: $selection) {
                TableColumn("PID", width: .fixed(7), alignment: .trailing) { p in Text("\(p.id)") }
                TableColumn("S", width: .fixed(1)) { p in Text(p.state) }
                TableColumn("CPU%", width: .fixed(6), alignment: .trailing) { p in Text(String(format: "%.1f", p.cpuPercent)) }
                TableColumn("MEM MiB", width: .fixed(8), alignment: .trailing) { p in
                    Text(String(format: "%.1f", Double(p.residentKiB) / 1024))
                }
                TableColumn("COMMAND", width: .flexible(min: 10)) { p in Text(p.command) }
            }
            Text(rows.first { $0.id == selection }.map { "\($0.id): \($0.command)" } ?? "no process selected").lineLimit(1)
            Text("c CPU · m memory · p PID · ↑/↓ select · q quit").dim()
        }
        .task {
            repeat {
                monitor.update(with: await SystemSample.read())
            } while (try? await clock.sleep(for: .seconds(1))) != nil
        }
        .onKeyPress("c") { monitor.sortKey = .cpu; return .handled }
        .onKeyPress("m") { monitor.sortKey = .memory; return .handled }
        .onKeyPress("p") { monitor.sortKey = .pid; return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

/// A labelled bar and a figure.
struct Meter: View, Equatable {
    var label: String
    var fraction: Double
    var detail: String

    var body: some View {
        HStack(spacing: 1) {
            Text(label).bold().frame(width: 4, alignment: .leading)
            Text(ProgressView.bar(fraction, width: 30)).foregroundColor(fraction > 0.8 ? .red : .green)
            Text(detail)
        }
    }
}

/// What the monitor shows, made from the last two readings of `/proc`.
@Observable
final class ProcessMonitor {
    enum SortKey: String { case cpu = "CPU", memory = "memory", pid = "PID" }

    /// A process; `cpuPercent` is its share of one CPU over the last second.
    struct Row: Identifiable {
        var id: Int
        var command: String
        var state: String
        var cpuPercent: Double
        var residentKiB: Int
    }

    var sortKey = SortKey.cpu
    private(set) var rows: [Row] = []
    private(set) var cpuUsage = 0.0
    private(set) var memoryUsedKiB = 0
    private(set) var memoryTotalKiB = 0
    private(set) var refreshes = 0
    private(set) var problem: String?
    private var last: SystemSample?

    var memoryUsage: Double { memoryTotalKiB == 0 ? 0 : Double(memoryUsedKiB) / Double(memoryTotalKiB) }

    var sortedRows: [Row] {
        switch sortKey {
        case .cpu: rows.sorted { ($0.cpuPercent, $1.id) > ($1.cpuPercent, $0.id) }
        case .memory: rows.sorted { ($0.residentKiB, $1.id) > ($1.residentKiB, $0.id) }
        case .pid: rows.sorted { $0.id < $1.id }
        }
    }

    func update(with sample: SystemSample?) {
        guard let sample else {
            problem = "no /proc here: Linux only"
            return
        }
        // Counters only grow, but iowait (in idle) may step back: never below 0.
        func since(_ now: UInt64, _ then: UInt64?) -> Double { Double(now - min(now, then ?? 0)) }
        let before = Dictionary((last?.processes ?? []).map { ($0.pid, $0.ticks) }, uniquingKeysWith: { a, _ in a })
        let elapsed = since(sample.totalTicks, last?.totalTicks)
        // The ticks of all CPUs went by: a process's share of one CPU.
        let perCPU = elapsed / Double(sample.cpuCount)
        rows = sample.processes.map { p in
            let used = before[p.pid].map { since(p.ticks, $0) } ?? 0
            return Row(id: p.pid, command: p.command, state: p.state,
                       cpuPercent: perCPU > 0 ? used / perCPU * 100 : 0, residentKiB: p.residentKiB)
        }
        cpuUsage = elapsed > 0 ? since(sample.busyTicks, last?.busyTicks) / elapsed : 0
        memoryTotalKiB = sample.memoryTotalKiB
        memoryUsedKiB = sample.memoryTotalKiB - sample.memoryAvailableKiB
        refreshes += 1
        last = sample
    }
}
