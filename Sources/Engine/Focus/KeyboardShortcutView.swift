/// A view that runs an action when a key combination is pressed anywhere in
/// the app (unless the focused view or its ancestors handled the key
/// first, or a sheet is up and the view is not in it).
public struct KeyboardShortcutView<Content: View>: PrimitiveView {
    var content: Content
    var key: Key
    var modifiers: EventModifiers
    var action: () -> Void

    public static func _makeBehavior() -> NodeBehavior { ShortcutBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ShortcutBehavior.self)
        b.key = view.key
        b.modifiers = view.modifiers
        b.action = view.action
        b.isEnabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        graph.register(node, for: .keyboardShortcut)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class ShortcutBehavior: NodeBehavior {
    var key: Key = .enter
    var modifiers: EventModifiers = []
    var action: (() -> Void)?
    var isEnabled = true
    init() { super.init(transparent: true) }
}

extension View {
    /// Runs `action` when `key` is pressed with exactly `modifiers`
    /// (Caps Lock and Num Lock aside), from anywhere in the app:
    ///
    /// ```swift
    /// Button("Save") { save() }.keyboardShortcut("s", modifiers: .control)
    /// Text("…").keyboardShortcut(.function(5)) { reload() }
    /// ```
    public func keyboardShortcut(_ key: Key, modifiers: EventModifiers = [], action: @escaping () -> Void)
        -> KeyboardShortcutView<Self> {
        KeyboardShortcutView(content: self, key: key, modifiers: modifiers, action: action)
    }
}

extension Button {
    /// Presses this button when `key` is pressed with `modifiers`, from
    /// anywhere in the app.
    public func keyboardShortcut(_ key: Key, modifiers: EventModifiers = []) -> KeyboardShortcutView<Self> {
        KeyboardShortcutView(content: self, key: key, modifiers: modifiers, action: action)
    }
}
