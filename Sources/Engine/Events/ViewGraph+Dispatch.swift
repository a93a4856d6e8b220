/// Dispatch: where an event goes (the focused view and its ancestors,
/// every handler, shortcuts, Tab) until a handler takes it.
extension ViewGraph {
    /// Routes `event` to the views' handlers until one handles it; returns
    /// whether one did.
    ///
    /// A key (or paste) goes to the focused view's key handler, then to the
    /// handlers of its ancestors; with nothing focused, to every handler,
    /// later and deeper views first (a handler inside a subtree before one
    /// around it). Tab and Shift-Tab that no handler took move focus. A
    /// mouse press focuses the focusable view under the pointer, and goes
    /// to the tap targets under it, deepest first.
    ///
    /// - Complexity: O(handlers × depth) to order the live handlers; a
    ///   tree has few.
    ///
    /// An event is routed against the views as the events before it left
    /// them: what they changed and was not rendered yet (keys of one read
    /// of the terminal, handled before its frame; a timer or task between
    /// frames) is evaluated, laid out and painted into the canvas first. A
    /// key that shows and focuses a text field is followed by keys that
    /// reach the field, however the terminal split or joined the input.
    /// The host's next frame then only encodes what these catch-ups painted.
    @discardableResult
    public func dispatch(_ event: ViewEvent) -> Bool {
        renderPendingUpdates()
        // A @FocusState set since focus last followed the bindings (in
        // `.onAppear`, a task, the last event) moves focus before this event
        // is routed: a key typed right after the app asked for focus goes
        // where it asked.
        syncFocusIfStateChanged()
        let handled = route(event)
        // A handler that set a @FocusState moves focus now, not a frame
        // later: keys typed ahead (in the same read) go where the app sent focus.
        syncFocusIfStateChanged()
        return handled
    }

    private func route(_ event: ViewEvent) -> Bool {
        switch event {
        case .key(let press):
            if let handled = routeToFocus(event) {
                if handled { return true }
            } else if dispatchToAll(event) {
                return true
            }
            if runShortcut(press) { return true }
            return press.phase != .up && moveFocusOnTab(press)
        case .mouse(let mouse):
            if routeMouse(mouse) { return true }
            return dispatchToAll(event)
        case .paste:
            if let handled = routeToFocus(event) { return handled }
            return dispatchToAll(event)
        case .focus, .resize:
            return dispatchToAll(event)
        }
    }

    /// Tab and Shift-Tab move focus when no handler took them.
    private func moveFocusOnTab(_ press: KeyPress) -> Bool {
        guard press.key == .tab else { return false }
        let mods = press.modifiers.subtracting([.capsLock, .numLock])
        guard mods == [] || mods == .shift else { return false }
        return moveFocus(forward: mods == [])
    }

    /// Every handler, later and deeper first, until one handles the event.
    private func dispatchToAll(_ event: ViewEvent) -> Bool {
        // Input does not reach screens a navigation stack covers; a resize
        // or the terminal's focus does.
        let isInput: Bool
        switch event {
        case .key, .paste, .mouse: isInput = true
        case .focus, .resize: isInput = false
        }
        for node in liveEventHandlers().reversed() where !(isInput && isCovered(node)) {
            guard let handler = (node.behavior as? EventHandlerBehavior)?.handler else { continue }
            if handler(event) == .handled { return true }
        }
        return false
    }

    /// Handler nodes still in the tree, in tree order (pre-order).
    func liveEventHandlers() -> [ViewNode] {
        var live: [(path: [Int], node: ViewNode)] = []
        for node in registeredNodes(for: .eventHandling) { live.append((treePath(of: node), node)) }
        live.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return live.map(\.node)
    }

    /// The child positions from the root down to `node`.
    func treePath(of node: ViewNode) -> [Int] {
        var path: [Int] = []
        var n = node
        while let parent = n.parent {
            path.append(parent.children.firstIndex { $0 === n } ?? 0)
            n = parent
        }
        return path.reversed()
    }
}
