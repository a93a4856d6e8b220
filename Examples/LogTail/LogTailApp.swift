import Engine
import Observation

/// `tail -f` for the file named on the command line, in a ``LogView``: it
/// follows appended lines (their ANSI colours shown, other control bytes
/// dropped), starts again when the file is truncated, and reopens it when
/// it is replaced (log rotation). Up/PageUp/Home scroll back (following
/// stops), End follows again; `/` edits a search (Enter or Esc ends the
/// edit) whose matches are highlighted, n/N move between them; `q` quits.
@main
struct LogTailApp: App {
    @State private var tail = Tail(path: CommandLine.arguments.dropFirst().first ?? "/dev/null")
    @State private var query = ""
    @State private var searching = false
    @FocusState private var searchFocused: Bool
    @Environment(\.terminal) private var terminal

    init() {}

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("logtail \(tail.follower.path) · \(tail.store.count) lines").reverse()
            LogView(tail.store, searchText: query)
            if searching {
                TextField("search", text: $query)
                    .focused($searchFocused)
                    .onSubmit { endSearch() }
            } else {
                Text(query.isEmpty ? "/ search · End follow · q quit" : "search: \(query) · n/N next/previous")
            }
        }
        .every(.milliseconds(100)) { tail.poll() }
        .onKeyPress("/") {
            guard !searching else { return .ignored }
            searching = true
            searchFocused = true
            return .handled
        }
        .onKeyPress(.escape) {
            guard searching else { return .ignored }
            endSearch()
            return .handled
        }
        .onKeyPress("q") {
            guard !searching else { return .ignored }
            terminal.quit()
            return .handled
        }
        .onAppear { tail.poll() }
    }

    private func endSearch() {
        searching = false
        searchFocused = false
    }
}

/// The followed file and the lines read from it. `@Observable`, so the
/// header's line count (read through it) follows the store.
@MainActor
@Observable
final class Tail {
    let follower: FileFollower
    let store = LogStore(lineLimit: 100_000)

    init(path: String) { follower = FileFollower(path: path) }

    func poll() {
        let (lines, note) = follower.poll()
        if let note { store.append("\u{1B}[33m\(note)\u{1B}[0m") }
        for line in lines { store.append(line) }
    }
}
