/// Focus: which node has it, the order Tab moves it in, and keeping it in
/// step with `@FocusState` bindings and with views that leave the tree.
extension ViewGraph {
    /// The node with keyboard focus, if any (for tests and tools).
    public var focusedNode: ViewNode? {
        guard let node = focusTracker.focused, isLive(node) else { return nil }
        return node
    }

    /// Where the focused text field's insertion point is (canvas cells):
    /// hosts put the terminal's cursor there; nil when no field is focused.
    public internal(set) var caret: (x: Int, y: Int)? {
        get { focusTracker.caret }
        set { focusTracker.setCaret(newValue) }
    }

    /// Focusable nodes that can take focus now, in reading order of their
    /// laid-out frames: top to bottom, then left to right (tree order for ties).
    ///
    /// - Complexity: O(f log f) for f focusable views, plus their depth.
    public func focusOrder() -> [ViewNode] {
        if let cached = focusTracker.cachedOrder {
            if !focusTracker.orderNeedsBoundsCheck { return cached }
            // Laid out since: the order stands if no focusable moved (a
            // keystroke in a text field lays the field out, and focus
            // catches up with the bindings after every such frame).
            if let bounds = focusTracker.cachedBounds, bounds.allSatisfy({ layoutBounds(of: $0.node) == $0.bounds }) {
                focusTracker.boundsChecked()
                return cached
            }
        }
        let (order, bounds) = computeFocusOrder()
        focusTracker.cacheOrder(order, bounds: bounds)
        return order
    }

    /// The focus order, found afresh, and the bounds it was sorted by
    /// (``focusOrder()`` caches it until nodes are made or removed, a
    /// focusable changes, or a layout moves a focusable).
    private func computeFocusOrder() -> (order: [ViewNode], bounds: [(node: ViewNode, bounds: Rect)]?) {
        var candidates: [ViewNode] = []
        var anyProvider = false
        for node in registeredNodes(for: .focus) {
            if let b = node.behavior as? FocusableBehavior {
                if b.isBindingProvider { anyProvider = true }
                b.delegatedBinding = nil
            }
            candidates.append(node)
        }
        // `.focused(...)` around a view that is focusable itself (a Button,
        // a TextField) binds that view instead of adding a second stop.
        var delegated = Set<ObjectIdentifier>()
        if anyProvider {
            for node in candidates {
                guard let b = node.behavior as? FocusableBehavior, !b.isBindingProvider else { continue }
                var n = node.parent
                while let ancestor = n {
                    if let a = ancestor.behavior as? FocusableBehavior,
                       isRegistered(ancestor, for: .focus) {
                        if a.isBindingProvider {
                            delegated.insert(ObjectIdentifier(ancestor))
                            b.delegatedBinding = a.binding
                        }
                        break
                    }
                    n = ancestor.parent
                }
            }
        }
        var live: [(bounds: Rect, node: ViewNode)] = []
        live.reserveCapacity(candidates.count)
        var measured: [(node: ViewNode, bounds: Rect)] = []
        measured.reserveCapacity(candidates.count)
        let modal = activeModal
        for node in candidates where delegated.isEmpty || !delegated.contains(ObjectIdentifier(node)) {
            if !isReachable(node, modal: modal) { continue }
            guard let b = node.behavior as? FocusableBehavior, b.canFocus else { continue }
            let bounds = layoutBounds(of: node)
            measured.append((node, bounds))
            // Laid out with no cells (a ViewThatFits choice not shown): it
            // cannot be seen, so it takes no focus.
            if bounds.isEmpty { continue }
            live.append((bounds, node))
        }
        // Reading order; tree order only breaks ties (views at the same cell).
        var paths: [ObjectIdentifier: [Int]] = [:]
        func path(_ n: ViewNode) -> [Int] {
            if let p = paths[ObjectIdentifier(n)] { return p }
            let p = treePath(of: n)
            paths[ObjectIdentifier(n)] = p
            return p
        }
        func precedes(_ a: (bounds: Rect, node: ViewNode), _ b: (bounds: Rect, node: ViewNode)) -> Bool {
            if a.bounds.y != b.bounds.y { return a.bounds.y < b.bounds.y }
            if a.bounds.x != b.bounds.x { return a.bounds.x < b.bounds.x }
            return path(a.node).lexicographicallyPrecedes(path(b.node))
        }
        guard focusTracker.hasSections else {
            live.sort(by: precedes)
            // Two at one cell: tree order decided, which bounds cannot check.
            let tied = zip(live, live.dropFirst()).contains { $0.bounds.x == $1.bounds.x && $0.bounds.y == $1.bounds.y }
            return (live.map(\.node), tied ? nil : measured)
        }
        // Sections: each view's place is the chain of sections around it
        // (outermost first) and then itself; two views compare at the first
        // place their chains differ, by reading order.
        var chains: [ObjectIdentifier: [(bounds: Rect, node: ViewNode)]] = [:]
        for entry in live {
            var chain = [entry]
            var n = entry.node.parent
            while let ancestor = n {
                if ancestor.behavior is FocusSectionBehavior { chain.append((layoutBounds(of: ancestor), ancestor)) }
                n = ancestor.parent
            }
            chains[ObjectIdentifier(entry.node)] = chain.reversed()
        }
        live.sort { a, b in
            let ca = chains[ObjectIdentifier(a.node)]!, cb = chains[ObjectIdentifier(b.node)]!
            var i = 0
            while i < ca.count - 1 && i < cb.count - 1 && ca[i].node === cb[i].node { i += 1 }
            return precedes(ca[i], cb[i])
        }
        // (Sections: a layout finds the order again; see finishLifecycle.)
        return (live.map(\.node), nil)
    }

    /// Moves focus to the next (or previous) focusable view, wrapping around.
    /// Returns false when nothing can take focus.
    @discardableResult
    public func moveFocus(forward: Bool) -> Bool {
        let order = focusOrder()
        guard !order.isEmpty else { return false }
        let current = focusedNode.flatMap { f in order.firstIndex { $0 === f } }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : order.count - 1)) % order.count
            // Leaving a lazy stack's built cells: its next cell, built now.
            if let cell = lazyFocusStep(from: order[current], next: order[next], forward: forward) {
                focus(cell)
                return true
            }
        } else {
            next = forward ? 0 : order.count - 1
        }
        focus(order[next])
        return true
    }

    /// Gives `node` (a focusable view) keyboard focus, or takes focus away
    /// with `nil`. Its content, and the old focused view's, are evaluated
    /// again (they read `\.isFocused`), and focus bindings are told.
    public func focus(_ node: ViewNode?) {
        let old = focusedNode
        if old === node { return }
        focusTracker.setFocused(node)  // a focused text field puts the caret back when it paints
        keyHelpChanged()
        if let old, let b = old.behavior as? FocusableBehavior {
            b.isFocused = false
            focusChanged(below: old)
            b.effectiveBinding?.update(false)
        }
        if let node, let b = node.behavior as? FocusableBehavior {
            b.isFocused = true
            focusChanged(below: node)
            b.effectiveBinding?.update(true)
            // The focused view is scrolled into view.
            requestScroll(ScrollRequest(target: .node(node), anchor: nil))
        }
        requestFrame()
    }

    /// The readers of `\.isFocused` inside a focusable view are evaluated
    /// again. A control's subtree is small: walking it is cheaper than
    /// scanning every reader of the key in the app (one per control).
    private func focusChanged(below node: ViewNode) {
        if node.behavior.writesEnvironment {
            environmentWritten(by: unsafeDowncast(node.behavior, to: EnvironmentWriterBehavior.self))
        } else {
            environmentWritten()
        }
        let key: AnyKeyPath = EnvironmentPaths.isFocused
        var stack = node.children
        var visited = 0
        while let n = stack.popLast() {
            visited += 1
            if visited > 256 {
                environmentChanged(key, below: node)
                return
            }
            // A focusable inside this one answers for its own subtree.
            if n.behavior is FocusableBehavior { continue }
            if n.isAttached && !n.isDirty && n.environmentReads.contains(where: { $0.keyPath == key }) {
                markDirty(n, reason: .environmentChanged)
            }
            stack.append(contentsOf: n.children)
        }
    }

    /// Focus follows the bindings when state was written since it last did
    /// (``invalidate(_:)`` notes every write): a run of events that write
    /// nothing does not walk the focusable views again each time.
    func syncFocusIfStateChanged() {
        guard focusTracker.needsSyncBeforeEvent() else { return }
        syncFocusAfterFrame()
    }

    /// A focusable view changed in a way that may change the focus order
    /// (it became focusable or not, enabled or not, a binding provider or not).
    func focusOrderMayHaveChanged() { focusTracker.invalidateOrder() }

    /// A focusable view tied to a `@FocusState` was evaluated: focus
    /// follows the bindings after the frame.
    func focusBindingMade() { focusTracker.bindingMade() }

    /// After a frame: focus leaves views that left the tree or were
    /// disabled, and follows bindings that ask for another view.
    func syncFocusAfterFrame() {
        focusTracker.beginSync()
        // A dismissed modal gives focus back; a presented one keeps it inside.
        if let modal = activeModal, let f = focusedNode, !isDescendant(f, of: modal) {
            focus(nil)
            focusTracker.needDefaultFocus()
        }
        // A navigation stack pushed (focus goes to the new top's default)
        // or popped (focus goes back to the link that pushed).
        if let request = focusTracker.takeFocusRequest() {
            if let node = request, isLive(node), !isCovered(node),
               (node.behavior as? FocusableBehavior)?.canFocus ?? false {
                focus(node)
                focusTracker.defaultFocusEvaluated()
            } else {
                focus(nil)
                focusTracker.needDefaultFocus()
            }
        }
        if let f = focusTracker.focused {
            let b = f.behavior as? FocusableBehavior
            if !isLive(f) || !(b?.canFocus ?? false) || isCovered(f) {
                focusTracker.dropFocused()
                keyHelpChanged()
                b?.isFocused = false
                if let b { environmentWritten(by: b) } else { environmentWritten() }
                b?.effectiveBinding?.update(false)
                // Lost without the app's asking: the screen's default takes it.
                focusTracker.needDefaultFocus()
            } else if let binding = b?.effectiveBinding, !binding.isRequested() {
                focus(nil)
            }
        }
        if focusTracker.takeBindingsChanged() {
            for node in focusOrder() {
                guard let b = node.behavior as? FocusableBehavior, let binding = b.effectiveBinding,
                      binding.isRequested()
                else { continue }
                if focusedNode !== node { focus(node) }
                break
            }
        }
        if focusTracker.defaultFocusPending && !noneRegistered(for: .focus) {
            evaluateDefaultFocus()
        }
    }

    /// A screen appeared (see ``View/defaultFocus(_:_:)``): unless something
    /// has focus already, the `.defaultFocus` region around the first view
    /// in focus order assigns its value and the view it names takes focus;
    /// without one, the first view in focus order does. Waits (stays
    /// pending) while nothing can take focus.
    private func evaluateDefaultFocus() {
        guard focusTracker.focused == nil else {
            focusTracker.defaultFocusEvaluated()
            return
        }
        var order = focusOrder()
        // A screen just pushed takes the default focus when it can.
        if let scope = focusTracker.takeDefaultFocusScope(), isLive(scope) {
            let inside = order.filter { isDescendant($0, of: scope) }
            if !inside.isEmpty { order = inside }
        }
        guard let first = order.first else { return }
        focusTracker.defaultFocusEvaluated()
        guard let region = defaultFocusRegion(around: order) else {
            // A modal picks its own (an alert: its first button that does
            // not cancel or destroy); a screen, its first view.
            let pick = activeModal != nil ? presentations.innermostInitialFocus : nil
            focus(pick?(order) ?? first)
            return
        }
        region.assign?()
        if region.asksForNothing { return }  // the app asked for nothing focused
        for node in order {
            guard let b = node.behavior as? FocusableBehavior, let binding = b.effectiveBinding, binding.isRequested()
            else { continue }
            focus(node)
            return
        }
        focus(first)
    }

    /// The outermost `.defaultFocus` region around the first view in
    /// `order` that is inside one (within the active modal, if any).
    private func defaultFocusRegion(around order: [ViewNode]) -> DefaultFocusBehavior? {
        let modal = activeModal
        for node in order {
            var outermost: DefaultFocusBehavior?
            var n = node.parent
            while let ancestor = n, ancestor !== modal {
                if let d = ancestor.behavior as? DefaultFocusBehavior { outermost = d }
                n = ancestor.parent
            }
            if let outermost { return outermost }
        }
        return nil
    }

    /// A ``View/focusSection()`` was made: the focus order groups by sections.
    func focusSectionMade() {
        if !focusTracker.hasSections {
            focusTracker.sectionMade()
            focusTracker.invalidateOrder()
        }
    }

    /// The cells `node` covers: its frame, or for a transparent node the
    /// union of the laid-out nodes below it.
    func layoutBounds(of node: ViewNode) -> Rect {
        if !node.isTransparent { return node.frame }
        var r: Rect?
        var stack = node.children
        while let n = stack.popLast() {
            if n.isTransparent {
                stack.append(contentsOf: n.children)
            } else if n.frame.width > 0 && n.frame.height > 0 {
                r = r.map { $0.union(n.frame) } ?? n.frame
            }
        }
        return r ?? .zero
    }

    // MARK: Routing

    /// Routes a key to the focused view, then up its ancestors' handlers;
    /// nil when nothing is focused.
    func routeToFocus(_ event: ViewEvent) -> Bool? {
        // With a modal up and nothing focused in it, keys start at the modal.
        guard let focused = focusedNode ?? activeModal else { return nil }
        var n: ViewNode? = focused
        while let node = n {
            if let f = node.behavior as? FocusableBehavior, f.isEnabled {
                if case .key(let press) = event, let onKey = f.onKey, onKey(press) == .handled { return true }
                if case .paste(let text) = event, let onPaste = f.onPaste {
                    onPaste(text)
                    return true
                }
            }
            if let h = node.behavior as? EventHandlerBehavior, let handler = h.handler, handler(event) == .handled {
                return true
            }
            n = node.parent
        }
        return false
    }

    /// Routes a mouse event: a press focuses the focusable view under the
    /// pointer; the deepest view with a handler under it (front-most first)
    /// then its ancestors see the event.
    func routeMouse(_ event: MouseEvent) -> Bool {
        let point = (x: event.column, y: event.row)
        func contains(_ node: ViewNode) -> Bool {
            let b = layoutBounds(of: node)
            return point.x >= b.x && point.x < b.maxX && point.y >= b.y && point.y < b.maxY
        }
        let modal = activeModal
        if let modal, !contains(modal) {
            return true  // outside a modal: nothing behind it is reachable
        }
        // A scroll indicator takes a press on it (focus stays where it is)
        // and keeps the drag that follows; a view that holds the pointer
        // (a slider's bar, since a press on it) keeps drags and the release.
        if routeScrollIndicator(event) || routeTrackedPointer(event) { return true }
        if event.kind == .press {
            let hit = focusOrder().last { contains($0) }
            if let hit { focus(hit) }
        }
        // Tap targets and handlers under the pointer, deepest and latest first.
        var candidates: [(path: [Int], node: ViewNode)] = []
        for node in registeredNodes(for: .tap) {
            if !isReachable(node, modal: modal) { continue }
            if contains(node) { candidates.append((treePath(of: node), node)) }
        }
        candidates.sort { $0.path.lexicographicallyPrecedes($1.path) }
        for (_, node) in candidates.reversed() {
            if let tap = node.behavior as? TapBehavior {
                if tap.isEnabled, tap.handle(event) { return true }
            } else if let tracker = node.behavior as? PointerTracking, tracker.trackPointer(event, frame: node.frame) {
                return true
            }
        }
        return scrollUnderPointer(event)
    }
}
