/// A command a view offers the command palette while it is in the tree.
struct PaletteCommandItem {
    var title: String
    /// The shortcut as the palette shows it (`ctrl+s`), if any.
    var shortcut: String?
    var action: () -> Void
}

/// A view that offers a command to the command palette
/// (``View/paletteCommand(_:shortcut:modifiers:action:)``).
public struct PaletteCommandView<Content: View>: PrimitiveView {
    var content: Content
    var title: String
    var key: Key?
    var modifiers: EventModifiers
    var action: () -> Void

    public static func _makeBehavior() -> NodeBehavior { PaletteCommandBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: PaletteCommandBehavior.self)
        b.item = PaletteCommandItem(title: view.title, shortcut: view.key.map { KeyHelpItem.label($0, modifiers: view.modifiers) },
                                    action: view.action)
        b.isEnabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        graph.register(node, for: .paletteCommand)
        if let key = view.key {
            graph.reconcileOnlyChild(
                KeyboardShortcutView(content: view.content, key: key, modifiers: view.modifiers, help: view.title,
                                     action: view.action), of: node)
        } else {
            graph.reconcileOnlyChild(view.content, of: node)
        }
    }
}

final class PaletteCommandBehavior: NodeBehavior {
    var item = PaletteCommandItem(title: "", shortcut: nil, action: {})
    var isEnabled = true
    init() { super.init(transparent: true) }
}

/// A view that opens the command palette on a key
/// (``View/commandPalette(key:modifiers:)``).
public struct CommandPaletteHost<Content: View>: PrimitiveView {
    var content: Content
    var key: Key
    var modifiers: EventModifiers

    public static func _makeBehavior() -> NodeBehavior { PaletteHostBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: PaletteHostBehavior.self)
        b.graph = graph
        b.node = node
        let open: () -> Void = { [weak b] in b?.open() }
        let close: () -> Void = { [weak b] in b?.close() }
        let sheet = b.commands.map { PaletteView(commands: $0, close: close) }
        graph.reconcileOnlyChild(
            SheetPresenter(content: KeyboardShortcutView(content: view.content, key: view.key, modifiers: view.modifiers,
                                                         help: "commands", action: open),
                           sheet: sheet, dismiss: close), of: node)
    }
}

final class PaletteHostBehavior: NodeBehavior {
    /// The commands listed while the palette is open; `nil` while closed.
    var commands: [PaletteCommandItem]?
    weak var graph: ViewGraph?
    weak var node: ViewNode?
    init() { super.init(transparent: true) }

    /// Opens the palette on the commands input can reach now.
    func open() {
        guard commands == nil, let graph, let node else { return }
        commands = graph.reachablePaletteCommands().compactMap {
            guard let b = $0.behavior as? PaletteCommandBehavior, b.isEnabled else { return nil }
            return b.item
        }
        graph.invalidate(node)
    }

    func close() {
        guard commands != nil, let graph, let node else { return }
        commands = nil
        graph.invalidate(node)
    }
}

/// The palette: a query field over the commands that match it, best first.
struct PaletteView: View {
    var commands: [PaletteCommandItem]
    var close: () -> Void
    @State private var query = ""
    @State private var selection = 0
    @Environment(\.theme) private var theme

    static let width = 40
    static let visibleRows = 8

    var body: some View {
        let ranked = FuzzyMatch.rank(query, commands.map(\.title))
        let selected = ranked.isEmpty ? 0 : Swift.min(selection, ranked.count - 1)
        let first = Swift.max(0, selected - PaletteView.visibleRows + 1)
        let shown = Array(ranked[first..<Swift.min(ranked.count, first + PaletteView.visibleRows)])
        let commands = self.commands, close = self.close
        let selectionState = $selection
        let queryBinding = Binding(get: { query }, set: { query = $0; selectionState.wrappedValue = 0 })
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(">").bold()
                TextField("Search commands", text: queryBinding)
            }
            Divider()
            if ranked.isEmpty {
                Text("No matching commands").foregroundColor(theme.placeholder)
            } else {
                ForEach(0..<shown.count) { i in
                    PaletteRow(item: commands[shown[i].index], positions: shown[i].match.positions,
                               isSelected: first + i == selected, theme: theme)
                }
            }
        }
        .frame(width: PaletteView.width, alignment: .leading)
        .onSubmit {
            guard !ranked.isEmpty else { return }
            let action = commands[ranked[selected].index].action
            close()
            action()
        }
        .onKeyPress(keys: [.up, .down]) { press in
            let last = Swift.max(ranked.count - 1, 0)
            selectionState.wrappedValue = press.key == .up ? Swift.max(selected - 1, 0) : Swift.min(selected + 1, last)
            return .handled
        }
    }
}

/// One command: its title with the matched characters highlighted, its
/// shortcut at the trailing edge; the selected one in the selection colours.
struct PaletteRow: View {
    var item: PaletteCommandItem
    var positions: [Int]
    var isSelected: Bool
    var theme: Theme

    var body: some View {
        var title = Text("")
        let matched = Set(positions)
        for (i, c) in item.title.enumerated() {
            title += matched.contains(i) ? Text(String(c)).bold().foregroundColor(theme.tint) : Text(String(c))
        }
        return HStack(spacing: 0) {
            Text(isSelected ? "▸ " : "  ")
            title
            Spacer(minLength: 1)
            Text(item.shortcut ?? "").dim()
        }
        .background(isSelected ? theme.selectionBackground : .default)
    }
}

extension View {
    /// Offers `title` in the command palette while this view is in the
    /// tree (and input can reach it: not under a sheet, not on a covered
    /// navigation screen); choosing it runs `action`.
    ///
    /// ```swift
    /// editor
    ///     .paletteCommand("Save file", shortcut: "s", modifiers: .control) { save() }
    ///     .paletteCommand("Toggle word wrap") { wrap.toggle() }
    /// ```
    ///
    /// With a `shortcut`, the key runs `action` too (a keyboard shortcut,
    /// listed by the ``HelpView`` with `title`), and the palette shows it.
    /// SwiftUI has no command palette (a Mac app's menu bar holds its
    /// commands); this is the shape of Textual's and swift-tui's.
    public consuming func paletteCommand(_ title: String, shortcut: Key? = nil, modifiers: EventModifiers = [],
                               action: @escaping () -> Void) -> PaletteCommandView<Self> {
        PaletteCommandView(content: self, title: title, key: shortcut, modifiers: modifiers, action: action)
    }

    /// Opens the command palette when `key` is pressed with `modifiers`
    /// (Ctrl-P by default): a query field over the commands views in the
    /// tree offer (``paletteCommand(_:shortcut:modifiers:action:)``),
    /// filtered and ranked by ``FuzzyMatch`` as you type, matched
    /// characters highlighted. Up and Down move the selection, Enter runs
    /// the selected command and closes the palette, Esc closes it.
    ///
    /// Put it on the app's root view. The key is a keyboard shortcut: a
    /// focused view that handles it (a text field's own Ctrl keys) takes
    /// it first.
    public consuming func commandPalette(key: Key = "p", modifiers: EventModifiers = .control) -> CommandPaletteHost<Self> {
        CommandPaletteHost(content: self, key: key, modifiers: modifiers)
    }
}
