extension ViewGraph {
    /// A key nobody on the focus path handled: the shortcut that matches it, if any.
    func runShortcut(_ press: KeyPress) -> Bool {
        guard !noneRegistered(for: .keyboardShortcut), press.phase == .down else { return false }
        let mods = press.modifiers.subtracting([.capsLock, .numLock])
        let modal = activeModal
        for node in registeredNodes(for: .keyboardShortcut) {
            guard let b = node.behavior as? ShortcutBehavior, b.isEnabled, b.key == press.key, b.modifiers == mods
            else { continue }
            if !isReachable(node, modal: modal) { continue }
            b.action?()
            return true
        }
        return false
    }
}
