/// The key-binding help: the bindings of the focused context, collected
/// for the ``HelpView``s only when focus or a binding changed
/// (``KeyHelpTracker``).
extension ViewGraph {
    /// Something that may change what the help shows happened (a binding
    /// made or changed, focus moved).
    @inline(__always)
    func keyHelpChanged() { keyHelp.changed() }

    /// After a frame's evaluation: when focus or a binding changed and some
    /// help view is in the tree, collects the bindings and hands them to
    /// the help views whose bindings differ (they lay out and paint again;
    /// no body is evaluated). Otherwise costs a comparison.
    func refreshKeyHelp() {
        // A binding that left the tree takes its line with it.
        if statistics.nodesDetached > 0, !noneRegistered(for: .keyHelp) || !noneRegistered(for: .keyboardShortcut) {
            keyHelp.changed()
        }
        guard keyHelp.isStale else { return }
        keyHelp.markShown()
        guard !noneRegistered(for: .helpDisplay) else { return }
        let displays = registeredNodes(for: .helpDisplay)
        guard !displays.isEmpty else { return }
        let items = collectKeyHelp()
        for node in displays { (node.behavior as? HelpDisplayBehavior)?.show(items, node: node, graph: self) }
    }

    /// The bindings of the focused context, in the order the help lists
    /// them: those of the focused view and its ancestors (innermost first,
    /// each view's in the order it declared them; with nothing focused,
    /// every view's in the tree, in declaration order), then the keyboard
    /// shortcuts input can reach, in declaration order (``inDeclarationOrder(_:)``). A key listed once is not
    /// listed again (an inner binding shadows an outer one, as a handler
    /// nearer the focus takes the key first); bindings without a
    /// description are not listed.
    ///
    /// - Complexity: O(bindings × depth).
    func collectKeyHelp() -> [KeyHelpItem] {
        let modal = presentations.modals.last { isLive($0) }
        var items: [KeyHelpItem] = []
        var keys: Set<String> = []
        func add(_ item: KeyHelpItem) {
            guard !item.description.isEmpty, keys.insert(item.key).inserted else { return }
            items.append(item)
        }
        let describing = registeredNodes(for: .keyHelp).filter { isReachable($0, modal: modal) }
        if let focused = focusTracker.focused, isLive(focused) {
            let ids = Set(describing.map(ObjectIdentifier.init))
            var n: ViewNode? = focused
            while let node = n {
                if ids.contains(ObjectIdentifier(node)), let b = node.behavior as? KeyHelpBehavior {
                    b.items.forEach(add)
                }
                n = node.parent
            }
        } else {
            for node in inDeclarationOrder(describing) { (node.behavior as? KeyHelpBehavior)?.items.forEach(add) }
        }
        let shortcuts = registeredNodes(for: .keyboardShortcut).filter { isReachable($0, modal: modal) }
        for node in inDeclarationOrder(shortcuts) {
            guard let b = node.behavior as? ShortcutBehavior, b.isEnabled, let help = b.help else { continue }
            add(KeyHelpItem(key: KeyHelpItem.label(b.key, modifiers: b.modifiers), description: help))
        }
        return items
    }

    /// `nodes` in the order an app declares them: tree order, except that
    /// a node comes before its ancestors (post-order), so that modifiers
    /// chained on one view (`.a().b()`: `b`'s node holds `a`'s) come in the
    /// order they are written.
    func inDeclarationOrder(_ nodes: [ViewNode]) -> [ViewNode] {
        guard nodes.count > 1 else { return nodes }
        return nodes.map { (treePath(of: $0), $0) }.sorted { a, b in
            for (x, y) in zip(a.0, b.0) where x != y { return x < y }
            return a.0.count > b.0.count
        }.map(\.1)
    }
}
