/// A view that runs an action when a key combination is pressed anywhere in
/// the app (unless the focused view or its ancestors handled the key
/// first, or a sheet is up and the view is not in it).
public struct KeyboardShortcutView<Content: View>: PrimitiveView {
    var content: Content
    var key: Key
    var modifiers: EventModifiers
    var help: String? = nil
    var action: () -> Void

    public static func _makeBehavior() -> NodeBehavior { ShortcutBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ShortcutBehavior.self)
        let isEnabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        // What the help lists changed (a new shortcut, another key or text).
        if b.key != view.key || b.modifiers != view.modifiers || b.help != view.help || b.isEnabled != isEnabled
            || !graph.isRegistered(node, for: .keyboardShortcut) {
            graph.keyHelpChanged()
        }
        b.key = view.key
        b.modifiers = view.modifiers
        b.help = view.help
        b.action = view.action
        b.isEnabled = isEnabled
        graph.register(node, for: .keyboardShortcut)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class ShortcutBehavior: NodeBehavior {
    var key: Key = .enter
    var modifiers: EventModifiers = []
    var action: (() -> Void)?
    /// What the ``HelpView`` lists the shortcut as (`nil`: not listed).
    var help: String?
    var isEnabled = true
    init() { super.init(transparent: true) }
}

extension View {
    /// Runs `action` when `key` is pressed with exactly `modifiers`
    /// (Caps Lock and Num Lock aside), from anywhere in the app:
    ///
    /// ```swift
    /// Button("Save") { save() }.keyboardShortcut("s", modifiers: .control)
    /// Text("…").keyboardShortcut(.function(5), help: "reload") { reload() }
    /// ```
    ///
    /// With `help`, the ``HelpView`` lists the shortcut as that.
    public consuming func keyboardShortcut(_ key: Key, modifiers: EventModifiers = [], help: String? = nil,
                                 action: @escaping () -> Void) -> KeyboardShortcutView<Self> {
        KeyboardShortcutView(content: self, key: key, modifiers: modifiers, help: help, action: action)
    }
}

extension Button {
    /// Presses this button when `key` is pressed with `modifiers`, from
    /// anywhere in the app. The ``HelpView`` lists it with the button's
    /// title (a button with a text title).
    public func keyboardShortcut(_ key: Key, modifiers: EventModifiers = []) -> KeyboardShortcutView<Self> {
        KeyboardShortcutView(content: self, key: key, modifiers: modifiers, help: title, action: action)
    }
}
