import Testing
@testable import Engine

private struct MenuDemo: View {
    @State private var log: [String] = []
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("log=\(log.joined(separator: ","))")
            Menu("File") {
                Button("Open") { log.append("open") }
                Button("Save") { log.append("save") }
                Button("Delete", role: .destructive) { log.append("delete") }
            }
            Text("a row").contextMenu {
                Button("Copy") { log.append("copy") }
                Button("Paste") { log.append("paste") }
            }
            Button("Other") {}.contextMenu { Button("Inspect") { log.append("inspect") } }
        }
    }
}

@MainActor
@Suite("Menu and context menu")
struct MenuTests {
    func start() -> FramePipeline {
        let host = FramePipeline(columns: 40, rows: 14)
        host.render(MenuDemo())
        host.renderIfNeeded()  // the menu's button takes focus
        return host
    }

    func log(_ host: FramePipeline) -> String {
        (host.textRows.first { $0.contains("log=") } ?? "").split(separator: " ").first.map(String.init) ?? ""
    }

    func position(of text: String, in host: FramePipeline) -> (x: Int, y: Int)? {
        for (y, row) in host.textRows.enumerated() {
            if let r = row.range(of: text) { return (row.distance(from: row.startIndex, to: r.lowerBound), y) }
        }
        return nil
    }

    @Test func enterOpensTheListBelowTheButtonAndRunsTheChosenRow() throws {
        let host = start()
        let button = try #require(position(of: "[ File ▾ ]", in: host))
        host.press(.enter)
        let top = try #require(position(of: "┌", in: host))
        #expect(top.y == button.y + 1 && top.x == button.x, "\(host.textRows)")
        let rows = host.textRows[(top.y + 1)...(top.y + 3)].map { row in
            String(String(row.dropFirst(top.x)).prefix(11))
        }
        #expect(rows == ["│▸ Open   │", "│  Save   │", "│  Delete │"], "\(host.textRows)")
        host.press(.down)
        host.press(.enter)
        #expect(log(host) == "log=save")
        #expect(position(of: "┌", in: host) == nil)
        // Focus is back on the menu's button: Enter opens it again.
        host.press(.enter)
        #expect(position(of: "▸ Open", in: host) != nil)
        host.press(.escape)
        #expect(position(of: "┌", in: host) == nil)
        #expect(log(host) == "log=save")
    }

    @Test func theSelectedRowIsHighlightedAndADestructiveOneIsRed() throws {
        let host = start()
        host.press(.enter)
        let open = try #require(position(of: "Open", in: host))
        let delete = try #require(position(of: "Delete", in: host))
        let save = try #require(position(of: "Save", in: host))
        let legend = host.styleLegend
        func style(_ p: (x: Int, y: Int)) -> String {
            let letter = Array(host.styleRows[p.y])[p.x]
            return legend.first { $0.hasPrefix("\(letter) ") } ?? "plain"
        }
        #expect(style(open).contains("bg="), "\(legend)")
        #expect(!style(save).contains("bg="), "\(legend)")
        #expect(style(delete).contains("fg=1"), "\(legend)")
    }

    @Test func aClickOnARowRunsIt() throws {
        let host = start()
        host.press(.enter)
        let delete = try #require(position(of: "Delete", in: host))
        host.click(column: delete.x, row: delete.y)
        #expect(log(host) == "log=delete")
        #expect(position(of: "┌", in: host) == nil)
    }

    @Test func aRightClickOpensTheContextMenuBelowTheView() throws {
        let host = start()
        // A left click does not open it.
        let left = try #require(position(of: "a row", in: host))
        host.click(column: left.x, row: left.y)
        #expect(position(of: "┌", in: host) == nil)
        let row = try #require(position(of: "a row", in: host))
        host.send(.mouse(MouseEvent(kind: .press, button: .right, column: row.x + 1, row: row.y)))
        host.send(.mouse(MouseEvent(kind: .release, button: .right, column: row.x + 1, row: row.y)))
        let top = try #require(position(of: "┌", in: host))
        #expect(top.y == row.y + 1 && top.x == row.x, "\(host.textRows)")
        #expect(position(of: "▸ Copy", in: host) != nil)
        host.press(.down)
        host.press(.enter)
        #expect(log(host) == "log=paste")
    }

    @Test func shiftF10OpensTheContextMenuOfTheFocusedView() throws {
        let host = start()
        host.press(.tab)  // Other
        host.press(.function(10), modifiers: .shift)
        #expect(position(of: "▸ Inspect", in: host) != nil, "\(host.textRows)")
        host.press(.enter)
        #expect(log(host) == "log=inspect")
        // F10 alone does nothing.
        host.press(.function(10))
        #expect(position(of: "┌", in: host) == nil)
    }
}
