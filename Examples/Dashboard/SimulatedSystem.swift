import Engine

/// A process as the dashboard shows it.
struct SimulatedProcess: Equatable, Sendable {
    var pid: Int
    var user: String
    var command: String
    var cpu: Double
    var memory: Double
    /// The last CPU readings, oldest first (at most ``SimulatedSystem/historyLength``).
    var cpuHistory: [Double] = []
}

/// A deterministic stand-in for a machine's processes: every step moves
/// each process's CPU and memory a little (a seeded generator, so a run is
/// reproducible and tests can compare screens).
struct SimulatedSystem: Equatable, Sendable {
    private(set) var processes: [SimulatedProcess]
    private(set) var tick = 0
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    init(processes count: Int) {
        let commands = ["swift-frontend", "postgres: writer", "nginx: worker", "sshd", "bash", "tmux", "node server.js",
                        "python3 train.py", "redis-server", "systemd-journald", "cron", "vim notes.md", "htop",
                        "containerd", "dockerd", "kworker/0:1", "rsyslogd", "git gc", "make -j2", "clangd"]
        let users = ["root", "alice", "bob", "postgres", "www-data"]
        var made: [SimulatedProcess] = []
        for i in 0..<count {
            let cpu = Double((i * 7) % 23) / 100
            let memory = Double((i * 13) % 17) / 200
            made.append(SimulatedProcess(pid: 100 + i * 37, user: users[i % users.count],
                                         command: commands[i % commands.count], cpu: cpu, memory: memory))
        }
        processes = made
    }

    private mutating func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }

    /// How many CPU readings a process keeps for its sparkline.
    static let historyLength = 16

    mutating func step() {
        tick += 1
        for i in processes.indices {
            let cpu = processes[i].cpu + (random() - 0.5) * 0.12
            processes[i].cpu = min(1, max(0, cpu))
            processes[i].cpuHistory.append(processes[i].cpu)
            if processes[i].cpuHistory.count > SimulatedSystem.historyLength { processes[i].cpuHistory.removeFirst() }
            let mem = processes[i].memory + (random() - 0.5) * 0.004
            processes[i].memory = min(0.5, max(0.001, mem))
        }
    }

    /// The processes in the order a sortable table header asks for.
    func sorted(by order: TableSortOrder?) -> [SimulatedProcess] {
        guard let order else { return processes }
        let ascending = order.ascending
        func less(_ a: SimulatedProcess, _ b: SimulatedProcess) -> Bool {
            switch order.column {
            case "PID": return a.pid < b.pid
            case "USER": return (a.user, a.pid) < (b.user, b.pid)
            case "MEM%": return (a.memory, a.pid) < (b.memory, b.pid)
            case "COMMAND": return (a.command, a.pid) < (b.command, b.pid)
            default: return (a.cpu, a.pid) < (b.cpu, b.pid)
            }
        }
        return processes.sorted { ascending ? less($0, $1) : less($1, $0) }
    }

    var cpuTotal: Double { min(1, processes.reduce(0) { $0 + $1.cpu } / Double(max(1, processes.count)) * 2) }
    var memoryTotal: Double { min(1, processes.reduce(0) { $0 + $1.memory } / 4) }
    /// Load average-like figure: total CPU over two cores.
    var loadText: String {
        let hundredths = Int((cpuTotal * 200).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
