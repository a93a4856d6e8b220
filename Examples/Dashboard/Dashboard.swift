import Engine

/// An htop-like dashboard: a header with CPU and memory meters, and a
/// process table of 64 rows updated every 250 ms from a timer. Arrows,
/// PageUp/PageDown, Home/End (or j/k) scroll; `s` changes the sort; `q`
/// or Ctrl-C quits. F12 shows the performance overlay.
@main
struct DashboardApp: App {
    @State private var system = SimulatedSystem(processes: 64)
    @State private var offset = 0
    @Environment(\.screenSize) private var screen
    @State private var sortByMemory = false
    @Environment(\.terminal) private var terminal

    /// Rows above and below the table: header, meters, column titles, footer.
    private let chrome = 7

    var body: some View {
        let processes = system.sorted(byMemory: sortByMemory)
        let visible = max(1, screen.height - chrome)
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("dashboard").bold().foregroundColor(.brightCyan)
                Text("tick \(system.tick)").dim()
                Spacer()
                Text("\(processes.count) tasks, load \(system.loadText)")
            }
            Meter(label: "CPU", fraction: system.cpuTotal, color: .green)
            Meter(label: "Mem", fraction: system.memoryTotal, color: .yellow)
            Divider()
            ProcessHeader(sortByMemory: sortByMemory)
            ScrollView(offset: offset) {
                LazyVStack(alignment: .leading) {
                    ForEach(processes, id: \.pid) { process in ProcessRow(process: process) }
                }
            }
            Text("↑/↓ PgUp/PgDn Home/End scroll · s sort by \(sortByMemory ? "CPU" : "memory") · q quit")
                .dim()
        }
        .every(.milliseconds(250)) { system.step() }
        .onKeyPress(keys: [.up, .down, .pageUp, .pageDown, .home, .end, "j", "k"]) { press in
            let last = max(0, processes.count - visible)
            switch press.key {
            case .up, "k": offset = max(0, offset - 1)
            case .down, "j": offset = min(last, offset + 1)
            case .pageUp: offset = max(0, offset - visible)
            case .pageDown: offset = min(last, offset + visible)
            case .home: offset = 0
            default: offset = last
            }
            return .handled
        }
        .onKeyPress("s") { sortByMemory.toggle(); return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
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
            Text(Bar.text(fraction, width: 40)).foregroundColor(color)
            Text(Bar.percent(fraction))
        }
    }
}

struct ProcessHeader: View, Equatable {
    var sortByMemory: Bool
    var body: some View {
        HStack(spacing: 1) {
            Text("PID").frame(width: 6, alignment: .trailing)
            Text("USER").frame(width: 8, alignment: .leading)
            Text(sortByMemory ? "CPU%" : "CPU%▼").frame(width: 6, alignment: .trailing)
            Text(sortByMemory ? "MEM%▼" : "MEM%").frame(width: 6, alignment: .trailing)
            Text("CPU").frame(width: 12, alignment: .leading)
            Text("COMMAND")
            Spacer()
        }
        .background(.blue)
    }
}

struct ProcessRow: View, Equatable {
    var process: SimulatedProcess
    var body: some View {
        HStack(spacing: 1) {
            Text("\(process.pid)").frame(width: 6, alignment: .trailing)
            Text(process.user).foregroundColor(process.user == "root" ? .red : .default).frame(width: 8, alignment: .leading)
            Text(Bar.percent(process.cpu)).frame(width: 6, alignment: .trailing)
            Text(Bar.percent(process.memory)).frame(width: 6, alignment: .trailing)
            Text(Bar.text(process.cpu, width: 12)).foregroundColor(process.cpu > 0.5 ? .brightRed : .green)
            Text(process.command).singleLine()
            Spacer()
        }
    }
}

enum Bar {
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// `fraction` of `width` cells, in eighths of a cell.
    static func text(_ fraction: Double, width: Int) -> String {
        let units = Int((min(max(fraction, 0), 1) * Double(width * 8)).rounded())
        let full = units / 8
        var s = String(repeating: "█", count: full) + eighths[units % 8]
        let used = full + (units % 8 > 0 ? 1 : 0)
        s += String(repeating: " ", count: max(0, width - used))
        return s
    }

    static func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
