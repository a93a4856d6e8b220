import Testing
@testable import Engine

private struct Nested: View {
    @State private var log: [String] = []
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("log=\(log.joined(separator: ","))")
            Menu("File") {
                Button("Open") { log.append("open") }
                Menu("Export") {
                    Button("PDF") { log.append("pdf") }
                    Menu("Image") {
                        Button("PNG") { log.append("png") }
                    }
                }
                Button("Quit") { log.append("quit") }
            }
        }
    }
}

@MainActor
@Suite("Nested menus")
struct NestedMenuTests {
    func start() -> FramePipeline {
        let host = FramePipeline(columns: 40, rows: 10)
        host.render(Nested())
        host.renderIfNeeded()
        return host
    }

    func position(of text: String, in host: FramePipeline) -> (x: Int, y: Int)? {
        for (y, row) in host.textRows.enumerated() {
            if let r = row.range(of: text) { return (row.distance(from: row.startIndex, to: r.lowerBound), y) }
        }
        return nil
    }

    func log(_ host: FramePipeline) -> String {
        (host.textRows.first { $0.contains("log=") } ?? "").split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func aSubmenuRowEndsInAChevronAndRightOpensItBesideTheRow() throws {
        let host = start()
        host.press(.enter)
        let top = try #require(position(of: "┌", in: host))
        let rows = host.textRows[(top.y + 1)...(top.y + 3)].map { String(String($0.dropFirst(top.x)).prefix(12)) }
        #expect(rows == ["│▸ Open    │", "│  Export ›│", "│  Quit    │"], "\(host.textRows)")
        host.press(.down)
        host.press(.right)
        let export = try #require(position(of: "▸ Export ›", in: host))
        let pdf = try #require(position(of: "▸ PDF", in: host), "\(host.textRows)")
        // The submenu's first row beside the row that opened it, right of the list.
        #expect(pdf.y == export.y && pdf.x > export.x + 9, "\(host.textRows)")
        #expect(position(of: "Image ›", in: host)?.y == export.y + 1)
        // Up and Down move in the submenu now.
        host.press(.down)
        #expect(position(of: "▸ Image ›", in: host) != nil)
        #expect(position(of: "▸ Export ›", in: host) != nil, "the way to the submenu stays marked")
    }

    @Test func leftAndEscCloseOneLevelAndEnterRunsADeepRow() throws {
        let host = start()
        host.press(.enter)
        host.press(.down)
        host.press(.enter)  // Enter opens a submenu too
        host.press(.down)
        host.press(.right)  // Image
        #expect(position(of: "▸ PNG", in: host) != nil, "\(host.textRows)")
        host.press(.escape)
        #expect(position(of: "PNG", in: host) == nil)
        #expect(position(of: "▸ Image ›", in: host) != nil)
        host.press(.left)
        #expect(position(of: "PDF", in: host) == nil)
        #expect(position(of: "▸ Export ›", in: host) != nil)
        // Left in the outer list is not the menu's; Esc there closes the menu.
        host.press(.left)
        #expect(position(of: "▸ Export ›", in: host) != nil)
        host.press(.escape)
        #expect(position(of: "┌", in: host) == nil)
        #expect(log(host) == "log=")
        // Open again, down to PNG, Enter: it runs and every level closes.
        host.press(.enter)
        host.press(.down)
        host.press(.right)
        host.press(.down)
        host.press(.right)
        host.press(.enter)
        #expect(log(host) == "log=png")
        #expect(position(of: "┌", in: host) == nil)
        #expect(position(of: "PNG", in: host) == nil)
    }

    @Test func aClickOnASubmenuRowOpensItAndAClickInItRunsTheRow() throws {
        let host = start()
        host.press(.enter)
        let export = try #require(position(of: "Export ›", in: host))
        host.click(column: export.x, row: export.y)
        let pdf = try #require(position(of: "PDF", in: host), "\(host.textRows)")
        host.click(column: pdf.x, row: pdf.y)
        #expect(log(host) == "log=pdf", "\(host.textRows)")
        #expect(position(of: "┌", in: host) == nil)
    }

    @Test func aContextMenuListsSubmenusToo() throws {
        struct Row: View {
            @State private var log = ""
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Text("log=\(log)")
                    Button("row") {}.contextMenu {
                        Button("Copy") { log = "copy" }
                        Menu("Share") { Button("Mail") { log = "mail" } }
                    }
                }
            }
        }
        let host = FramePipeline(columns: 40, rows: 8)
        host.render(Row())
        host.renderIfNeeded()
        host.press(.function(10), modifiers: .shift)
        #expect(position(of: "Share ›", in: host) != nil, "\(host.textRows)")
        host.press(.down)
        host.press(.right)
        #expect(position(of: "▸ Mail", in: host) != nil, "\(host.textRows)")
        host.press(.enter)
        #expect(host.textRows.contains { $0.contains("log=mail ") }, "\(host.textRows)")
    }
}
