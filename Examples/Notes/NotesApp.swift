import Engine

/// Notes kept in a JSON file: a list of notes beside a `TextEditor` for the
/// selected one, an `@Observable` store, saving debounced by a `.task(id:)`
/// and an alert that confirms a delete. The file is the first argument,
/// else `$NOTES_FILE`, else `~/.notes.json`; a missing or unreadable file
/// starts an empty list and says so on the status line. In the list: `n`
/// makes a note, `d` deletes the selected one, Enter (or Tab) edits it, `q`
/// saves and quits; in the editor, Esc goes back to the list. A note whose
/// first line ends in `.swift` is code: the editor colours it with
/// ``SwiftHighlighter`` and keeps its lines unwrapped.
@main
struct NotesApp: App {
    enum Pane: Hashable { case list, editor }

    @State private var store: NoteStore
    @State private var selection: Note.ID?
    @State private var confirmingDelete = false
    @FocusState private var focus: Pane?
    @Environment(\.clock) private var clock
    @Environment(\.terminal) private var terminal

    /// Notes from the file the first argument or `$NOTES_FILE` names.
    init() { self.init(store: NoteStore(path: NoteStore.pathFromArguments())) }

    /// Notes from `store` (tests give the app its file this way).
    init(store: NoteStore) { _store = State(initialValue: store) }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("Notes").bold()
                Text("\(store.notes.count)").foregroundColor(.cyan)
                Spacer()
                Text(focus == .editor ? "Esc: back to the list" : "n new · d delete · Enter edit · q quit").dim()
            }
            Divider()
            HStack(spacing: 1) {
                List(store.notes, selection: $selection) { note in Text(note.title).lineLimit(1) }
                    .focused($focus, equals: .list)
                    .frame(width: 24)
                Divider()
                if let id = selection, let note = store.note(id) {
                    let isCode = note.title.hasSuffix(".swift")
                    TextEditor(text: Binding(get: { store.note(id)?.text ?? "" }, set: { store.setText($0, of: id) }))
                        .focused($focus, equals: .editor)
                        .onKeyPress(.escape) { focus = .list; return .handled }
                        .lineWrappingDisabled(isCode)
                        .textEditorHighlighter(isCode ? SwiftHighlighter() : nil)
                } else {
                    Text(store.notes.isEmpty ? "No notes yet: n makes one." : "Select a note.").dim()
                        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                }
            }
            Divider()
            Text(store.status).lineLimit(1)
        }
        .alert("Delete “\(selectedNote?.title ?? "")”?", isPresented: $confirmingDelete, presenting: selectedNote) { note in
            Button("Delete", role: .destructive) { delete(note) }
            Button("Cancel", role: .cancel) {}
        } message: { _ in
            Text("This cannot be undone.")
        }
        // Each edit restarts this task: the notes are saved after half a second without one.
        .task(id: store.notes) {
            guard (try? await clock.sleep(for: .milliseconds(500))) != nil else { return }
            store.save()
        }
        .onAppear { selection = store.notes.first?.id }
        .onKeyPress("n") {
            selection = store.add().id
            focus = .editor
            return .handled
        }
        .onKeyPress("d") {
            confirmingDelete = selection != nil
            return .handled
        }
        .onKeyPress(.return) {
            if selection != nil { focus = .editor }
            return .handled
        }
        .onKeyPress("q") {
            store.save()
            terminal.quit()
            return .handled
        }
    }

    private var selectedNote: Note? { selection.flatMap(store.note) }

    private func delete(_ note: Note) {
        guard let index = store.notes.firstIndex(where: { $0.id == note.id }) else { return }
        store.delete(note.id)
        selection = store.notes.isEmpty ? nil : store.notes[min(index, store.notes.count - 1)].id
    }
}
