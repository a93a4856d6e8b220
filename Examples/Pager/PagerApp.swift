import Engine

/// A pager in the manner of `less` over a file's lines, or over 200,000
/// generated lines when no file is named. Only the rows on screen are
/// built (a `LazyVStack` in a `ScrollView` that follows `top`). j/k or the
/// arrows scroll a line, PgUp/PgDn or b/Space a page, g/G go to the ends;
/// `/` opens a search field focused with `@FocusState` (Enter finds the
/// next line with the text, Esc cancels) and `n` finds the next match; `F`
/// follows: a task appends a line every 100 ms and the view stays at the
/// end. `q` quits.
@main
struct PagerApp: App {
    @State private var document: Document
    @State private var top = 0
    @State private var pageRows = 1
    @State private var searching = false
    @State private var query = ""
    @State private var match: Int?
    @State private var message = ""
    @State private var following = false
    @FocusState private var searchFieldFocused: Bool
    @Environment(\.clock) private var clock
    @Environment(\.terminal) private var terminal

    /// The file the first argument names, else generated lines.
    init() { self.init(document: Document.fromArguments()) }

    /// Shows `document` (tests give the app its text this way).
    init(document: Document) { _document = State(initialValue: document) }

    var body: some View {
        let lines = document.lines
        VStack(alignment: .leading, spacing: 0) {
            ScrollView(position: $top) {
                LazyVStack(alignment: .leading) {
                    ForEach(lines.indices, id: \.self) { i in
                        Text(lines[i]).lineLimit(1).reverse(i == match)
                    }
                }
            }
            .onGeometryChange { size in
                // A pager at the end stays there when its height changes.
                let atEnd = top >= lastTop
                pageRows = size.height
                if atEnd { top = lastTop }
            }
            if searching {
                HStack(spacing: 0) {
                    Text("/")
                    TextField("search forward", text: $query)
                        .focused($searchFieldFocused)
                        .onSubmit {
                            searching = false
                            search(after: top)
                        }
                        .onKeyPress(.escape) {
                            searching = false
                            return .handled
                        }
                }
            } else {
                HStack(spacing: 2) {
                    Text(position).reverse()
                    Text(following ? "following (F stops)" : message).bold()
                    Spacer()
                    Text("j/k g/G / n F q").dim()
                }
            }
        }
        .task(id: following) {
            while following, (try? await clock.sleep(for: .milliseconds(100))) != nil {
                document.appendLine()
                top = lastTop
            }
        }
        .onKeyPress(keys: ["j", .down]) { _ in scroll(to: top + 1) }
        .onKeyPress(keys: ["k", .up]) { _ in scroll(to: top - 1) }
        .onKeyPress(keys: [" ", "f", .pageDown]) { _ in scroll(to: top + pageRows) }
        .onKeyPress(keys: ["b", .pageUp]) { _ in scroll(to: top - pageRows) }
        .onKeyPress(keys: ["g", .home]) { _ in scroll(to: 0) }
        .onKeyPress(keys: ["G", .end]) { _ in scroll(to: lastTop) }
        .onKeyPress("/") {
            query = ""
            searching = true
            searchFieldFocused = true
            return .handled
        }
        .onKeyPress("n") {
            search(after: match ?? top)
            return .handled
        }
        .onKeyPress("F") {
            following.toggle()
            return .handled
        }
        .onKeyPress("q") {
            terminal.quit()
            return .handled
        }
    }

    /// The top row that shows the last line at the bottom.
    private var lastTop: Int { max(0, document.lines.count - pageRows) }

    private var position: String {
        let count = document.lines.count
        let last = min(top + pageRows, count)
        return "\(document.name) \(top + 1)–\(last)/\(count) \(count == 0 ? 100 : last * 100 / count)%"
    }

    private func scroll(to row: Int) -> KeyPress.Result {
        following = false
        top = min(max(0, row), lastTop)
        return .handled
    }

    /// Finds the next line after `line` holding the query (wrapping at the
    /// end) and shows it at the top.
    private func search(after line: Int) {
        let lines = document.lines
        guard !query.isEmpty, !lines.isEmpty else { return }
        let start = line + 1
        let found = lines[min(start, lines.count)...].firstIndex { $0.contains(query) }
            ?? lines[..<min(start, lines.count)].firstIndex { $0.contains(query) }
        guard let found else {
            message = "not found: \(query)"
            return
        }
        message = found < start ? "\(query) (wrapped)" : query
        match = found
        _ = scroll(to: found)
    }
}
