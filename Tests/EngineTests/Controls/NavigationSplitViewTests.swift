import Testing
@testable import Engine

private struct Fruit: Identifiable, Hashable {
    var id: String { name }
    var name: String
}

private let fruits = ["apple", "banana", "cherry"].map { Fruit(name: $0) }

/// A detail with its own state: a counter the test bumps.
private struct FruitDetail: View {
    var name: String
    @State private var count = 0
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("detail \(name) count=\(count)")
            Button("Add") { count += 1 }
        }
        .navigationTitle(name)
    }
}

/// SwiftUI's sidebar pattern: the sidebar list writes the selection the
/// detail reads.
private struct Fruits: View {
    @State private var selected: String?
    var body: some View {
        NavigationSplitView {
            List(fruits, selection: $selected) { fruit in Text(fruit.name) }
                .navigationTitle("Fruits")
        } detail: {
            if let selected {
                FruitDetail(name: selected)
            } else {
                Text("pick one")
            }
        }
    }
}

/// A sidebar list whose rows are value links.
private struct Links: View {
    @State private var selected: String?
    var body: some View {
        NavigationSplitView {
            List(fruits, selection: $selected) { fruit in NavigationLink(fruit.name, value: fruit.id) }
        } detail: {
            Text("selected=\(selected ?? "none")")
        }
    }
}

/// Three columns, the sidebar's width set, and a visibility the test changes.
private struct Mail: View {
    @State private var folder: String?
    @State private var message: String?
    @State private var visibility = NavigationSplitViewVisibility.all
    var body: some View {
        NavigationSplitView(columnVisibility: $visibility) {
            List(["inbox", "sent"], id: \.self, selection: $folder) { Text($0) }
                .navigationSplitViewColumnWidth(10)
                .navigationTitle("Folders")
        } content: {
            List(folder.map { f in ["\(f)-1", "\(f)-2"] } ?? [], id: \.self, selection: $message) { Text($0) }
                .navigationTitle(folder ?? "none")
        } detail: {
            VStack(spacing: 0) {
                Text("message=\(message ?? "none")")
                Button("Hide sidebar") { visibility = .doubleColumn }
                Button("Detail only") { visibility = .detailOnly }
                Button("All") { visibility = .all }
            }
            .navigationTitle("Message")
        }
    }
}

/// A stack inside the detail column.
private struct Nested: View {
    @State private var selected: String?
    var body: some View {
        NavigationSplitView {
            List(fruits, selection: $selected) { fruit in Text(fruit.name) }
        } detail: {
            NavigationStack {
                VStack(spacing: 0) {
                    Text("root of \(selected ?? "none")")
                    NavigationLink("More", value: 1)
                }
                .navigationTitle("Top")
                .navigationDestination(for: Int.self) { n in
                    VStack(spacing: 0) {
                        Text("page \(n)")
                        Button("OK") {}
                    }
                    .navigationTitle("Page")
                }
            }
        }
    }
}

/// The row that holds `text`, or "".
@MainActor
private func row(_ host: FramePipeline, _ text: String) -> String {
    host.textRows.first { $0.contains(text) } ?? ""
}

@MainActor
@Suite("NavigationSplitView")
struct NavigationSplitViewTests {
    @Test("the sidebar and the detail stand side by side, a │ rule between them; the list drives the detail")
    func sideBySideAndSelection() {
        let host = FramePipeline(columns: 60, rows: 6)
        host.render(Fruits())
        host.renderIfNeeded()
        // The sidebar is 24 cells wide (its default ideal width), the rule
        // in column 24 on every row, the detail centred in the rest.
        #expect(host.textRows.allSatisfy { Array($0)[24] == "│" }, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("apple "))
        #expect(!row(host, "pick one").isEmpty)
        // No title bar side by side: the titles are the columns'.
        #expect(!host.textRows.contains { $0.contains("Fruits") })
        #expect(focusedText(host).hasPrefix("apple"))
        host.press(.down)
        host.renderIfNeeded()
        let selected = row(host, "detail ")
        #expect(selected.contains("detail apple count=0") || selected.contains("detail banana count=0"), "\(host.textRows)")
        host.press(.down)
        host.renderIfNeeded()
        #expect(row(host, "detail apple").isEmpty || row(host, "detail banana").isEmpty)
        #expect(Array(row(host, "detail "))[24] == "│")
    }

    @Test("Right and Return move focus into the next column, Left back; Tab goes column by column")
    func arrowsMoveBetweenColumns() {
        let host = FramePipeline(columns: 60, rows: 6)
        host.render(Fruits())
        host.press(.down)
        host.renderIfNeeded()
        #expect(focusedText(host).count == 24)
        host.press(.right)
        #expect(focusedText(host) == "[ Add ]")
        host.press(.enter)
        #expect(!row(host, "count=1").isEmpty)
        host.press(.left)
        #expect(focusedText(host).count == 24)
        host.press(.enter)
        #expect(focusedText(host) == "[ Add ]")
        host.press(.tab)
        #expect(focusedText(host).count == 24)
        host.press(.tab)
        #expect(focusedText(host) == "[ Add ]")
        // Right in the last column is not the split view's.
        #expect(host.press(.right) == false)
    }

    @Test("narrower than the columns' minimums it collapses to a stack: Return pushes the detail, Esc pops")
    func collapsesToAStack() {
        // 16 + 1 + 24 = 41 cells: at 40 the view is a stack.
        let host = FramePipeline(columns: 40, rows: 6)
        host.render(Fruits())
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Fruits "), "\(host.textRows)")
        #expect(host.textRows[1] == String(repeating: "─", count: 40))
        #expect(host.textRows[2].hasPrefix("apple"))
        #expect(!host.textRows.contains { $0.contains("│") })
        #expect(row(host, "pick one").isEmpty)
        host.press(.down)
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Fruits › apple"), "\(host.textRows)")
        #expect(!row(host, "detail apple count=0").isEmpty)
        #expect(row(host, "banana").isEmpty)
        // Focus went to the detail; covered, the sidebar takes none.
        #expect(focusedText(host) == "[ Add ]")
        host.press(.tab)
        #expect(focusedText(host) == "[ Add ]")
        host.press(.escape)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Fruits "))
        #expect(!row(host, "apple").isEmpty)
        // Focus is back on the list, the selection kept.
        #expect(focusedText(host).hasPrefix("apple"))
        // At the sidebar, Esc is not the split view's.
        #expect(host.press(.escape) == false)
        // A click on ‹ pops too.
        host.press(.right)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Fruits › apple"))
        host.click(column: 0, row: 0)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Fruits "))
        #expect(host.press(.left) == false)
    }

    @Test("columns keep their state and the selection through collapsing and expanding")
    func stateSurvivesCollapse() {
        let host = FramePipeline(columns: 60, rows: 6)
        host.render(Fruits())
        host.press(.down)
        host.press(.right)
        host.press(.enter)
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "detail apple count=2").isEmpty)
        // Narrow: the column last opened (the detail) is on top.
        host.resizeScreen(columns: 30, rows: 6)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Fruits › apple"), "\(host.textRows)")
        #expect(!row(host, "detail apple count=2").isEmpty)
        host.press(.escape)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Fruits "))
        // Wide again: both columns, the selection and the count kept.
        host.resizeScreen(columns: 60, rows: 6)
        host.renderIfNeeded()
        #expect(!row(host, "detail apple count=2").isEmpty, "\(host.textRows)")
        #expect(host.textRows.allSatisfy { Array($0)[24] == "│" })
        #expect(!host.textRows.contains { $0.contains("Fruits") })
        // And the rows show no residue of the stack's bar.
        #expect(!host.textRows.contains { $0.contains("─") })
    }

    @Test("a value link in the sidebar list selects its row; collapsed, it pushes the detail")
    func linksSelect() {
        let host = FramePipeline(columns: 60, rows: 6)
        host.render(Links())
        host.renderIfNeeded()
        #expect(!row(host, "selected=none").isEmpty)
        host.click(column: 2, row: 1)
        host.renderIfNeeded()
        #expect(!row(host, "selected=banana").isEmpty, "\(host.textRows)")
        // Narrow: the link opened the detail, so the detail is on top.
        host.resizeScreen(columns: 30, rows: 6)
        host.renderIfNeeded()
        #expect(!row(host, "selected=banana").isEmpty, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("‹ "))
        host.press(.escape)
        host.renderIfNeeded()
        #expect(row(host, "selected=").isEmpty, "\(host.textRows)")
        // Collapsed, a link selects and pushes (rows below the bar: the
        // bar shows no title here, so the list starts at the top).
        let cherry = host.textRows.firstIndex { $0.contains("cherry") } ?? 0
        host.click(column: 2, row: cherry)
        host.renderIfNeeded()
        #expect(!row(host, "selected=cherry").isEmpty, "\(host.textRows)")
        #expect(host.textRows[0].hasPrefix("‹ "))
    }

    @Test("three columns: the sidebar's set width, two rules; visibility hides columns; collapsed, two pushes")
    func threeColumnsAndVisibility() {
        let host = FramePipeline(columns: 70, rows: 6)
        host.render(Mail())
        host.renderIfNeeded()
        // Sidebar 10 wide, rule, content 30 wide (its default), rule.
        #expect(host.textRows.allSatisfy { Array($0)[10] == "│" && Array($0)[41] == "│" }, "\(host.textRows)")
        host.press(.down)  // inbox
        host.press(.right)
        host.press(.down)  // inbox-1
        host.renderIfNeeded()
        #expect(!row(host, "message=inbox-1").isEmpty)
        host.press(.right)
        #expect(focusedText(host) == "[ Hide sidebar ]")
        host.press(.enter)
        host.renderIfNeeded()
        // The sidebar is hidden: the content column starts the row.
        #expect(host.textRows[0].hasPrefix("inbox-1"), "\(host.textRows)")
        #expect(host.textRows.allSatisfy { Array($0)[30] == "│" })
        host.press(.tab)
        host.press(.enter)  // Detail only
        host.renderIfNeeded()
        #expect(!host.textRows.contains { $0.contains("│") || $0.hasPrefix("inbox") }, "\(host.textRows)")
        #expect(!row(host, "message=inbox-1").isEmpty)
        host.press(.tab)
        host.press(.enter)  // All
        host.renderIfNeeded()
        #expect(host.textRows.allSatisfy { Array($0)[10] == "│" && Array($0)[41] == "│" })
        // Collapsed (10 + 1 + 20 + 1 + 24 = 56): the detail was opened last.
        host.resizeScreen(columns: 50, rows: 6)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Folders › inbox › Message"), "\(host.textRows)")
        host.press(.escape)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Folders › inbox "))
        #expect(!row(host, "inbox-2").isEmpty)
        host.press(.escape)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Folders "))
        host.press(.enter)
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Folders › inbox › Message"))
    }

    @Test("a NavigationStack in the detail keeps its own screens; Esc pops it first")
    func stackInsideTheDetail() {
        let host = FramePipeline(columns: 60, rows: 6)
        host.render(Nested())
        host.press(.down)
        host.press(.right)
        host.renderIfNeeded()
        #expect(focusedText(host) == "More ›")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(!row(host, "page 1").isEmpty)
        #expect(Array(row(host, "page 1"))[24] == "│")
        #expect(!row(host, "‹ Top › Page").isEmpty)
        // The push gave focus to the pushed screen's first control, not to
        // the window's first (the sidebar, which the push does not cover).
        #expect(focusedText(host) == "[ OK ]")
        host.press(.escape)
        host.renderIfNeeded()
        #expect(!row(host, "root of apple").isEmpty, "\(host.textRows) \(focusedText(host))")
        // The pop gave it back to the link that pushed.
        #expect(focusedText(host) == "More ›")
        #expect(host.press(.escape) == false)
    }

    @Test("collapsed, a stack in the detail merges its bar into the split view's: one bar, ‹ pops the stack first")
    func collapsedStackShowsOneBar() {
        let host = FramePipeline(columns: 40, rows: 8)
        host.render(Nested())
        host.renderIfNeeded()
        host.press(.down)
        host.press(.enter)
        host.renderIfNeeded()
        let rule = String(repeating: "─", count: 40)
        #expect(host.textRows[0].hasPrefix("‹ Top "), "\(host.textRows)")
        #expect(host.textRows.filter { $0 == rule }.count == 1, "\(host.textRows)")
        #expect(!row(host, "root of apple").isEmpty)
        // The pushed column's first control has focus.
        #expect(focusedText(host) == "More ›")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Top › Page"), "\(host.textRows)")
        #expect(host.textRows.filter { $0 == rule }.count == 1, "\(host.textRows)")
        #expect(focusedText(host) == "[ OK ]")
        // ‹ pops the stack, not the column.
        host.click(column: 0, row: 0)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("‹ Top "), "\(host.textRows)")
        #expect(!row(host, "root of apple").isEmpty)
        // Then the column: the sidebar, no bar.
        host.press(.escape)
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("apple"), "\(host.textRows)")
        #expect(!host.textRows.contains(rule))
        // Wide again: the stack's own bar is back in the detail column.
        host.resizeScreen(columns: 60, rows: 8)
        host.renderIfNeeded()
        #expect(!row(host, "Top").isEmpty, "\(host.textRows)")
    }
}
