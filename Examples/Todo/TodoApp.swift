import Engine

/// A todo list: type in the field and press Enter to add; Tab to the list,
/// Up/Down to select, Space or `x` toggles done, Delete or `d` removes;
/// `h` hides done items; `q` (outside the field) or Ctrl-C quits.
@main
struct TodoApp: App {
    @State private var state = TodoState(items: [
        .init(id: 1, title: "Write the runtime"),
        .init(id: 2, title: "Decode the kitty keyboard protocol", done: true),
        .init(id: 3, title: "Ship the todo example"),
    ], nextID: 4)
    @Environment(\.terminal) private var terminal

    func send(_ action: TodoAction) { reduce(&state, action) }

    var body: some View {
        let state = self.state
        VStack(alignment: .leading, spacing: 0) {
            Text("Todo — \(state.remaining) to do, \(state.items.count) in all").bold()
            HStack(spacing: 1) {
                Text("New:")
                TextField("what needs doing?", text: Binding(get: { state.draft }, set: { send(.setDraft($0)) }))
                    .onSubmit { send(.add) }
            }
            Divider()
            List(state.visibleItems, selection: Binding(get: { state.selection }, set: { send(.select($0)) })) { item in
                TodoRow(item: item)
            }
            .onKeyPress(keys: [.space, "x"]) { _ in
                guard let id = state.selection else { return .ignored }
                send(.toggle(id))
                return .handled
            }
            .onKeyPress(keys: [.delete, "d"]) { _ in
                guard let id = state.selection else { return .ignored }
                send(.delete(id))
                return .handled
            }
            Divider()
            HStack(spacing: 2) {
                Toggle("Hide done", isOn: Binding(get: { state.hideDone }, set: { send(.setHideDone($0)) }))
                Text("Tab: next · Enter: add · Space/x: done · d: delete · q: quit").dim()
            }
        }
        .onKeyPress("h") { send(.setHideDone(!state.hideDone)); return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

/// One row: re-evaluated only when its item changes (it is `Equatable`).
struct TodoRow: View, Equatable {
    var item: TodoState.Item
    var body: some View {
        HStack(spacing: 1) {
            Text(item.done ? "[x]" : "[ ]").foregroundColor(item.done ? .green : .default)
            if item.done {
                Text(item.title).strikethrough().dim()
            } else {
                Text(item.title)
            }
        }
    }
}
