import Engine

/// The whole state of the todo app: one `Equatable`, `Sendable` value,
/// changed only by ``reduce(_:_:)`` (the value-state style of The
/// Composable Architecture, seed 003). Views get plain values from it, so
/// an action re-evaluates only the views whose values changed.
struct TodoState: Equatable, Sendable {
    struct Item: Identifiable, Equatable, Sendable {
        var id: Int
        var title: String
        var done = false
    }

    var items: [Item] = []
    var draft = ""
    var selection: Item.ID?
    var nextID = 1
    var hideDone = false

    var visibleItems: [Item] { hideDone ? items.filter { !$0.done } : items }
    var remaining: Int { items.filter { !$0.done }.count }
}

enum TodoAction: Sendable {
    case setDraft(String)
    case add
    case select(TodoState.Item.ID?)
    case toggle(TodoState.Item.ID)
    case delete(TodoState.Item.ID)
    case setHideDone(Bool)
}

/// The only place the state changes.
func reduce(_ state: inout TodoState, _ action: TodoAction) {
    switch action {
    case .setDraft(let text):
        state.draft = text
    case .add:
        let title = state.draft.trimmingCharacters(in: " ")
        guard !title.isEmpty else { return }
        state.items.append(.init(id: state.nextID, title: title))
        state.selection = state.nextID
        state.nextID += 1
        state.draft = ""
    case .select(let id):
        state.selection = id
    case .toggle(let id):
        guard let i = state.items.firstIndex(where: { $0.id == id }) else { return }
        state.items[i].done.toggle()
    case .delete(let id):
        guard let i = state.items.firstIndex(where: { $0.id == id }) else { return }
        state.items.remove(at: i)
        if state.selection == id {
            let visible = state.visibleItems
            state.selection = visible.isEmpty ? nil : visible[min(i, visible.count - 1)].id
        }
    case .setHideDone(let hide):
        state.hideDone = hide
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
