import Engine

/// App chrome (issue 23): a list of tasks with a key-binding help at the
/// bottom, a command palette (Ctrl-P), toasts, a Sort menu (with a Move
/// submenu) and a context menu on each task (a right click or Shift-F10). `?` shows the full
/// help, `q` quits. The title's colour follows the terminal's light or
/// dark theme, which the header names.
@main
struct ChromeApp: App {
    @State private var tasks = ["Write the report", "Review the patch", "Book the train"]
    @State private var done: Set<String> = []
    @State private var draft = ""
    @Environment(\.showToast) private var showToast
    @Environment(\.terminal) private var terminal
    /// The terminal's light or dark theme (it follows a switch live, mode 2031).
    @Environment(\.colorScheme) private var scheme

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("Tasks").bold().foregroundStyle(Color(light: .rgb(0, 70, 140), dark: .rgb(120, 190, 255)))
                Menu("Sort") {
                    Button("By name") { tasks.sort() }
                    Button("Reversed") { tasks.reverse() }
                    Menu("Move") {
                        Button("First to last") { if !tasks.isEmpty { tasks.append(tasks.removeFirst()) } }
                        Button("Last to first") { if !tasks.isEmpty { tasks.insert(tasks.removeLast(), at: 0) } }
                    }
                }
                Spacer()
                Text("\(scheme == .dark ? "dark" : "light") theme").foregroundStyle(.secondary)
            }
            ForEach(tasks, id: \.self) { task in
                Button("\(done.contains(task) ? "[x]" : "[ ]") \(task)") { toggle(task) }
                    .onKeyPress("d", help: "delete") { delete(task); return .handled }
                    .keyHelp("enter", "done")
                    .contextMenu {
                        Button(done.contains(task) ? "Mark not done" : "Mark done") { toggle(task) }
                        Button("Delete", role: .destructive) { delete(task) }
                    }
            }
            Text(" ")
            HStack(spacing: 1) {
                Text("New:")
                TextField("a task", text: $draft).onSubmit(add)
            }
            .keyHelp("enter", "add")
            Text(" ")
            HelpView()
        }
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
        .paletteCommand("Clear completed") { clearCompleted() }
        .paletteCommand("Mark all done") {
            done = Set(tasks)
            showToast("All \(tasks.count) tasks done", title: "Tasks")
        }
        .paletteCommand("Show a warning") { showToast("Disk almost full", severity: .warning) }
        .paletteCommand("Quit", shortcut: "q") { terminal.quit() }
        .commandPalette()
    }

    private func toggle(_ task: String) {
        if done.remove(task) == nil { done.insert(task) }
    }

    private func delete(_ task: String) {
        tasks.removeAll { $0 == task }
        done.remove(task)
        showToast("Deleted “\(task)”", severity: .error)
    }

    private func add() {
        guard !draft.isEmpty else { return }
        tasks.append(draft)
        showToast("Added “\(draft)”")
        draft = ""
    }

    private func clearCompleted() {
        let count = done.count
        tasks.removeAll { done.contains($0) }
        done = []
        showToast("Cleared \(count) completed", title: "Tasks")
    }
}
