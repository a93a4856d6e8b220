import ArgumentParser

/// What tuibench accepts. A parameter outside these bounds, or a request
/// that would take hours, is a usage error (exit 64) that states the bound:
/// never an arithmetic trap, an allocation abort or a run nobody waits for.
enum Limits {
    static let frames = 1...1_000_000
    static let warmup = 0...1_000_000
    static let repeats = 1...100
    static let runs = 1...100
    static let iterations = 1...10_000
    static let perTurn = 1...100_000
    /// Nesting of deep-chain and of tree (levels, not nodes).
    static let depth = 0...10_000
    /// Tree fanout (its nodes are bounded by ``nodes``), grid columns, sections.
    static let fanout = 1...100_000
    /// Columns of lazy-grid (every cell of a line in view is built).
    static let gridColumns = 1_000
    static let rows = 0...1_000_000
    static let subtree = 0...1_000_000
    static let period = 1...1_000_000
    static let cpu = 0...1023
    /// Nodes one scenario may build (a tree's fanout^depth leaves and more).
    static let nodes = 1_000_000
    /// Estimated node evaluations one command may ask for: about five
    /// minutes on our machine (deep-chain renders a node in ~150 ns).
    static let work = 2_000_000_000
    /// Cell visits a replay may ask for (iterations × frames × cells).
    static let replayCells = 20_000_000_000

    /// Throws a usage error when `value` is given and outside `range`.
    static func check<T: Comparable & CustomStringConvertible>(_ value: T?, _ range: ClosedRange<T>, _ option: String) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("--\(option) \(value) is out of range: it must be \(describe(range))")
    }

    static func describe<T: Comparable & CustomStringConvertible>(_ range: ClosedRange<T>) -> String {
        "from \(range.lowerBound) to \(range.upperBound)"
    }

    /// A finite number in `range`; NaN and infinities are refused by name.
    static func check(_ value: Double, _ range: ClosedRange<Double>, _ option: String) throws {
        guard value.isFinite else { throw ValidationError("--\(option) must be a finite number, not \(value)") }
        guard range.contains(value) else {
            throw ValidationError("--\(option) \(value) is out of range: it must be \(describe(range))")
        }
    }
}

/// Saturating arithmetic for estimates: a product past `Int.max` is `Int.max`.
extension Int {
    func saturatingMultiplied(by other: Int) -> Int {
        let (r, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : r
    }
    func saturatingAdding(_ other: Int) -> Int {
        let (r, overflow) = addingReportingOverflow(other)
        return overflow ? .max : r
    }
}

/// What one scenario costs: the nodes it builds on a fresh host and the
/// nodes it evaluates per frame afterwards (rough, for refusing what would
/// take hours — not a measurement).
struct Workload {
    var nodes: Int
    var perFrame: Int

    /// Node evaluations of `hosts` fresh hosts rendering `frames` frames each.
    func total(hosts: Int, frames: Int) -> Int {
        nodes.saturatingAdding(perFrame.saturatingMultiplied(by: frames)).saturatingMultiplied(by: hosts)
    }
}

/// The scenario options `run`, `steady`, `profile` and `frame-server`
/// share (`@OptionGroup`): declared once, so that their names, parsing and
/// help cannot drift apart.
struct ScenarioOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Depth for deep-chain (default 200), tree and state-tree (default 6).")
    var depth: Int?

    @Option(parsing: .unconditional, help: "Fanout for tree and state-tree (default 4); columns for lazy-grid (default 4); sections for lazy-sections (default 1000).")
    var fanout: Int?

    @Option(parsing: .unconditional, help: "Rows for list (default 1000), table-select, table-scroll and list-select (default 100000); cells for lazy-grid (default 100000); rows for lazy-sections (default 100000); rows of nav-push's page and split-view's sidebar (default 1000).")
    var rows: Int?

    @Option(parsing: .unconditional, help: "Views with state in the state-churn subtree (default 100000).")
    var subtree: Int?

    @Option(parsing: .unconditional, help: "Frames between the state-churn subtree appearing and disappearing, and between resizes (default 10).")
    var period: Int?

    var parameters: ScenarioParameters {
        ScenarioParameters(depth: depth, fanout: fanout, rows: rows, subtree: subtree, period: period)
    }
}

/// The scenario parameters of `run`, `steady`, `profile`, `frame-server` and `ab`.
struct ScenarioParameters {
    var depth: Int?
    var fanout: Int?
    var rows: Int?
    var subtree: Int?
    var period: Int?

    /// Checks each parameter's range, then what each of `names` would build
    /// on a `columns`×`screenRows` screen; returns their workloads.
    func validate(_ names: [String], columns: Int, screenRows: Int) throws -> [Workload] {
        try Limits.check(depth, Limits.depth, "depth")
        try Limits.check(fanout, Limits.fanout, "fanout")
        try Limits.check(rows, Limits.rows, "rows")
        try Limits.check(subtree, Limits.subtree, "subtree")
        try Limits.check(period, Limits.period, "period")
        return try names.map { try workload($0, columns: columns, screenRows: screenRows) }
    }

    func workload(_ name: String, columns: Int, screenRows: Int) throws -> Workload {
        let visibleRows = Swift.max(screenRows, 1) * 6
        switch name {
        case "deep-chain":
            // A level is a ChainLevel, its VStack and the conditional inside.
            let levels = (depth ?? 200) + 1
            return Workload(nodes: 3 * levels, perFrame: 3 * levels)
        case "tree", "state-tree":
            let d = depth ?? 6, f = fanout ?? 4
            var nodes = 1, level = 1
            for _ in 0..<d {
                level = level.saturatingMultiplied(by: f)
                nodes = nodes.saturatingAdding(level)
                if nodes > Limits.nodes { break }
            }
            guard nodes <= Limits.nodes else {
                throw ValidationError("\(name) --depth \(d) --fanout \(f) would build more than \(Limits.nodes) views "
                                      + "(fanout^depth leaves); the most is \(Limits.nodes): make --depth or --fanout smaller")
            }
            // Built once (three nodes per view); per frame, the path to the
            // changing leaf and its siblings.
            return Workload(nodes: 3 * nodes, perFrame: 3 * (d + 1) * f)
        case "list", "resize":
            return Workload(nodes: visibleRows, perFrame: visibleRows)
        case "churn":
            let cells = columns.saturatingMultiplied(by: screenRows)
            return Workload(nodes: 4 * screenRows, perFrame: 4 * screenRows + cells / 8)
        case "unicode", "fade":
            return Workload(nodes: 4 * screenRows, perFrame: 4 * screenRows)
        case "one-cell":
            return Workload(nodes: 2 * screenRows, perFrame: 4)
        case "line-chart":
            // The marks are read each frame (a few nodes: the axes' texts).
            let n = (rows ?? 1000) / 64 + 1
            return Workload(nodes: 4 * screenRows, perFrame: n)
        case "line-chart-store":
            // Only the new point's mark is made; the plot's columns are kept.
            return Workload(nodes: 4 * screenRows, perFrame: 4 * screenRows)
        case "lazy-sections":
            // The rows shown and the pinned header; per frame, one new line's row.
            return Workload(nodes: 4 * screenRows, perFrame: 4)
        case "lazy-grid":
            // The cells of the rows shown (a few nodes each); per frame, one new row's.
            let columns = Swift.max(fanout ?? 4, 1)
            guard columns <= Limits.gridColumns else {
                throw ValidationError("lazy-grid --fanout \(columns) is out of range: it must be "
                                      + "\(Limits.describe(1...Limits.gridColumns)) (columns)")
            }
            return Workload(nodes: 4 * columns * screenRows, perFrame: 4 * columns)
        case "nav-push":
            // A page of six nodes per row (the row, its HStack, three
            // texts and a spacer) built on every other frame.
            let n = 6 * (rows ?? 1000)
            return Workload(nodes: n, perFrame: n)
        case "split-view":
            // The rows shown and the detail; per frame, two rows and the detail.
            return Workload(nodes: visibleRows, perFrame: 16)
        case "flow-layout":
            // One node per tag; per frame the tags are all asked and placed.
            let n = rows ?? 1000
            return Workload(nodes: n, perFrame: n)
        case "state-churn":
            let n = subtree ?? 100_000, p = Swift.max(period ?? 10, 2)
            // The subtree is built and reclaimed once per 2 × period frames.
            return Workload(nodes: n, perFrame: Swift.max(2 * n / p, 1))
        default:
            return Workload(nodes: 0, perFrame: 0)
        }
    }

    /// Scenario `name` with these parameters (`nil` for an unknown name).
    func scenario(_ name: String) -> Scenario? {
        Scenarios.make(name, depth: depth, fanout: fanout, rows: rows, subtree: subtree, period: period)
    }

    /// Refuses a command whose estimated node evaluations pass ``Limits/work``.
    static func checkWork(_ estimate: Int, what: String) throws {
        guard estimate > Limits.work else { return }
        throw ValidationError("\(what) would evaluate about \(estimate == .max ? "more than 9e18" : "\(estimate)") views "
                              + "(frames × views per frame); the most is \(Limits.work), about five minutes: "
                              + "use fewer --frames, --warmup or --repeats, or a smaller scenario")
    }
}
