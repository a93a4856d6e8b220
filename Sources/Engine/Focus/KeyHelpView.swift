/// A view that describes key bindings for the help (``HelpView``): the
/// bindings are listed while focus is on this view or inside it (or
/// nothing has focus), nearest the focus first.
///
/// SwiftUI has no such modifier (a Mac app lists its commands in the menu
/// bar, an iPad app in the ⌘ overlay, both from the menu's commands); a
/// terminal app has no menu bar, so it describes its keys where it handles
/// them, as Bubble Tea's key bindings and Textual's `BINDINGS` do.
public struct KeyHelpView<Content: View>: PrimitiveView {
    var content: Content
    var items: [KeyHelpItem]

    public static func _makeBehavior() -> NodeBehavior { KeyHelpBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: KeyHelpBehavior.self)
        if b.items != view.items || !graph.isRegistered(node, for: .keyHelp) {
            b.items = view.items
            graph.keyHelpChanged()
        }
        graph.register(node, for: .keyHelp)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class KeyHelpBehavior: NodeBehavior {
    var items: [KeyHelpItem] = []
    init() { super.init(transparent: true) }
}

extension KeyHelpItem {
    /// How the help shows `key` pressed with `modifiers`: `q`, `ctrl+s`,
    /// `↑`, `enter`, `f5`, `space`.
    public static func label(_ key: Key, modifiers: EventModifiers = []) -> String {
        var prefix = ""
        let mods = modifiers.subtracting([.capsLock, .numLock])
        if mods.contains(.control) { prefix += "ctrl+" }
        if mods.contains(.option) { prefix += "alt+" }
        if mods.contains(.command) { prefix += "cmd+" }
        if mods.contains(.shift) { prefix += "shift+" }
        let name: String
        switch key {
        case .character(" "): name = "space"
        case .character(let c): name = String(c)
        case .enter: name = "enter"
        case .tab: name = "tab"
        case .backspace: name = "backspace"
        case .escape: name = "esc"
        case .up: name = "↑"
        case .down: name = "↓"
        case .left: name = "←"
        case .right: name = "→"
        case .home: name = "home"
        case .end: name = "end"
        case .pageUp: name = "pgup"
        case .pageDown: name = "pgdn"
        case .insert: name = "ins"
        case .delete: name = "del"
        case .function(let n): name = "f\(n)"
        }
        return prefix + name
    }
}

extension View {
    /// Describes a key this view (or a view inside it) handles, for the
    /// ``HelpView``: `key` is shown as written, so one line can stand for
    /// several keys.
    ///
    /// ```swift
    /// List(selection: $selected) { … }
    ///     .keyHelp("↑/↓", "move")
    ///     .keyHelp("enter", "open")
    /// ```
    ///
    /// It handles nothing: the view's own handlers do. The help lists it
    /// while focus is on this view or inside it, or nothing has focus.
    public consuming func keyHelp(_ key: String, _ description: String) -> KeyHelpView<Self> {
        KeyHelpView(content: self, items: [KeyHelpItem(key: key, description: description)])
    }

    /// Calls `action` when `key` is pressed without Control, Option or
    /// Command, and lists it in the ``HelpView`` as `help`.
    ///
    /// ```swift
    /// list.onKeyPress("d", help: "delete") { delete(); return .handled }
    /// ```
    ///
    /// SwiftUI's `onKeyPress` takes no description (see ``keyHelp(_:_:)``
    /// for why this engine adds one).
    public consuming func onKeyPress(_ key: Key, help: String, action: @escaping () -> KeyPress.Result)
        -> KeyHelpView<EventHandlerView<Self>> {
        KeyHelpView(content: onKeyPress(key, action: action),
                    items: [KeyHelpItem(key: KeyHelpItem.label(key), description: help)])
    }
}
