import Testing
@testable import Engine

private struct Proc: Identifiable, Equatable {
    let id: Int
    var name: String
    var user: String
    var cpu: String
}

private let procs = [
    Proc(id: 1, name: "kernel_task", user: "root", cpu: "12.5"),
    Proc(id: 2, name: "a-very-long-process-name-indeed", user: "alice", cpu: "3.0"),
    Proc(id: 3, name: "zsh", user: "bob", cpu: "0.1"),
]

private struct ProcTable: View {
    var data: [Proc]
    @State private var selected: Int?
    @State private var sort: TableSortOrder?
    var body: some View {
        VStack(alignment: .leading) {
            Text("sel: \(selected.map(String.init) ?? "nil") sort: \(sort.map { "\($0.column)\($0.ascending ? "+" : "-")" } ?? "nil")")
            Table(data, selection: $selected, sortOrder: $sort) {
                TableColumn("Name", width: .flexible(min: 5)) { p in Text(p.name) }
                TableColumn("User", value: \.user, width: .fitted)
                TableColumn("CPU", width: .fixed(5), alignment: .trailing) { p in Text(p.cpu) }
            }
        }
    }
}

/// `n` generated rows, as an app with a large data set would hold them.
@MainActor
private func bigData(_ n: Int) -> [Proc] {
    (0..<n).map { Proc(id: $0, name: "proc-\($0)", user: $0 % 3 == 0 ? "root" : "user", cpu: "\($0 % 100).0") }
}

@MainActor
@Suite("Table")
struct TableTests {
    func status(_ host: FramePipeline) -> String { host.textRows[0].trimmingCharacters(in: .whitespaces) }

    @Test func columnsAreFixedFlexibleAndFittedAndCellsAreCut() {
        let host = FramePipeline(columns: 30, rows: 6)
        host.render((ProcTable(data: procs)).scrollIndicators(.hidden))
        // User fits its widest cell ("alice"), CPU is 5 and right-aligned,
        // Name takes the rest (18) and cuts what does not fit.
        #expect(Array(host.textRows.dropFirst()) == [
            "Name               User    CPU",
            "kernel_task        root   12.5",
            "a-very-long-proce… alice   3.0",
            "zsh                bob     0.1",
            "                              ",
        ])
        #expect(host.styleLegend.first == "a bold")
    }

    @Test func narrowTableKeepsFlexibleMinimumsAndCutsTheRow() {
        let host = FramePipeline(columns: 14, rows: 3)
        host.render(Table(procs) {
            TableColumn("Name", width: .flexible(min: 6)) { p in Text(p.name) }
            TableColumn("CPU", width: .fixed(5), alignment: .trailing) { p in Text(p.cpu) }
            TableColumn("User", value: \.user, width: .fixed(6))
        }.scrollIndicators(.hidden))
        #expect(host.textRows == ["Name     CPU U", "kerne…  12.5 r", "a-ver…   3.0 a"])
    }

    @Test func selectionMovesAndIsDrawnAcrossTheRow() {
        let host = FramePipeline(columns: 30, rows: 6)
        host.render((ProcTable(data: procs)).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        host.press(.down)
        #expect(status(host).hasPrefix("sel: 2"))
        #expect(host.styleRows[3].allSatisfy { $0 != "." })
        #expect(host.styleRows[2] == String(repeating: ".", count: 30))
        // A click on a row selects it.
        host.click(column: 20, row: 4)
        #expect(status(host).hasPrefix("sel: 3"))
    }

    @Test func clickingAHeaderSortsAndKeysChangeTheSortColumn() {
        let host = FramePipeline(columns: 30, rows: 6)
        host.render((ProcTable(data: procs)).scrollIndicators(.hidden))
        host.click(column: 28, row: 1)
        #expect(status(host) == "sel: nil sort: CPU+")
        #expect(host.textRows[1] == "Name               User  CPU ▲")
        host.click(column: 28, row: 1)
        #expect(status(host) == "sel: nil sort: CPU-")
        #expect(host.textRows[1].hasSuffix("CPU ▼"))
        // The click focused the table: `>` moves the sort to the next column, `I` inverts.
        host.type(">")
        #expect(status(host) == "sel: nil sort: Name-")
        host.type("I")
        #expect(status(host) == "sel: nil sort: Name+")
        #expect(host.textRows[1].hasPrefix("Name ▲"))
        host.type("<")
        #expect(status(host) == "sel: nil sort: CPU+")
    }

    @Test func fittedColumnFollowsTheRowsShown() {
        let rows = (0..<20).map { Proc(id: $0, name: "p\($0)", user: $0 < 10 ? "ab" : "abcdefgh", cpu: "1") }
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Table(rows, selection: .constant(nil)) {
            TableColumn("User", value: \.user, width: .fitted)
            TableColumn("Name", value: \.name)
        }.scrollIndicators(.hidden))
        #expect(host.textRows[0] == "User Name           ")
        host.scroll(column: 1, row: 2, lines: 6)
        #expect(host.textRows[0] == "User     Name       ")
        #expect(host.textRows[1] == "abcdefgh p17        ")
    }

    @Test func hundredThousandRowsCostWhatTheRowsShownCost() {
        let host = FramePipeline(columns: 60, rows: 31)
        let data = bigData(100_000)
        host.render((ProcTable(data: data)).scrollIndicators(.hidden))
        host.press(.tab)
        host.press(.down)
        // Two nodes per visible row plus a node per cell, and a few for the table.
        let nodes = host.graph.liveNodes
        #expect(nodes < 200)
        for _ in 0..<40 {
            host.press(.down)
            // The app's five, the table's five, the two rows whose colour
            // changed — and, once the table scrolls, the row that appears.
            let stats = host.graph.statistics
            #expect(stats.bodyEvaluations <= 12 + stats.nodesCreated)
            #expect(stats.nodesCreated <= 4)
        }
        #expect(status(host).hasPrefix("sel: 40"))
        // Scrolled one row a key: one row appears (a row node and three cells), one leaves.
        host.press(.down)
        #expect(host.graph.statistics.nodesCreated == 4)
        #expect(host.graph.statistics.nodesDetached == 1)
        host.press(.end)
        #expect(status(host).hasPrefix("sel: 99999"))
        #expect(host.textRows.last?.hasPrefix("proc-99999") == true)
        host.press(.pageUp)
        host.press(.home)
        host.graph.reclaimAll()
        #expect(host.graph.liveNodes <= nodes + 4)
    }
}

@MainActor
@Suite("Table columns from key paths: stored struct properties, computed ones, class rows")
struct TableKeyPathColumnTests {
    struct Item: Identifiable {
        var id: Int
        var flag: Bool
        var name: String
        var shout: String { name.uppercased() }
    }
    final class Ref: Identifiable {
        let id: Int
        var name: String
        init(id: Int, name: String) { self.id = id; self.name = name }
    }

    @Test("each kind of key path reads the right string")
    func kinds() {
        let items = [Item(id: 1, flag: true, name: "ab"), Item(id: 2, flag: false, name: "cd")]
        let host = render(Table(items) {
            TableColumn("N", value: \.name, width: .fixed(3))
            TableColumn("S", value: \.shout, width: .fixed(3))
        }, columns: 7, rows: 3)
        #expect(host.textRows == ["N   S  ", "ab  AB ", "cd  CD "])
        let refs = [Ref(id: 1, name: "xy")]
        let classes = render(Table(refs) { TableColumn("N", value: \.name, width: .fixed(3)) }, columns: 3, rows: 2)
        #expect(classes.textRows == ["N  ", "xy "])
    }
}
