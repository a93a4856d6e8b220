extension ViewGraph {
    /// The size of `node` for `proposal`, from the node's cache when its
    /// layout is still valid.
    ///
    /// - Complexity: O(1) on a cache hit.
    func size(of node: ViewNode, for proposal: ProposedSize) -> Size {
        statistics.sizeQueries &+= 1
        if node.structureChanged { refreshLayoutChildren(node) }
        if let cached = node.layoutCache.size(for: proposal) { return cached }
        if stackGuard.isLow {
            stackExhausted(at: node, phase: "layout")
            return .zero
        }
        let size = node.behavior.sizeThatFits(proposal, node: node, graph: self)
        node.layoutCache.insert(proposal, size)
        return size
    }

    /// Places `node` in `rect`; a node whose layout is valid and whose rect
    /// is unchanged is not visited further.
    func place(_ node: ViewNode, in rect: Rect) {
        if node.structureChanged { refreshLayoutChildren(node) }
        guard node.needsLayout || node.frame != rect else { return }
        if node.frame != rect { queueMove(node, to: rect) }
        node.frame = rect
        node.needsLayout = false
        statistics.layouts += 1
        if stackGuard.isLow { return stackExhausted(at: node, phase: "layout") }
        node.behavior.placeChildren(of: node, in: rect, graph: self)
    }

    /// Rebuilds the flattened list of laid-out children: transparent
    /// descendants contribute their own children in order.
    func refreshLayoutChildren(_ node: ViewNode) {
        node.structureChanged = false
        node.layoutChildren.removeAll(keepingCapacity: true)
        // A new node's list is built from nothing: room for all of it at
        // once (counted through the transparent children), not grown one
        // by one.
        if node.layoutChildren.capacity == 0 { node.layoutChildren.reserveCapacity(flattenedCount(node)) }
        node.layoutChildrenVersion &+= 1
        func collect(_ n: ViewNode) {
            if stackGuard.isLow { return stackExhausted(at: n, phase: "layout") }
            for child in n.children {
                if child.isTransparent {
                    // The child's own flag stays: it guards the child's own
                    // list, used when it is laid out on its own (a lazy row).
                    collect(child)
                } else {
                    node.layoutChildren.append(child)
                }
            }
        }
        collect(node)
    }

    /// How many laid-out nodes ``refreshLayoutChildren(_:)`` collects for `node`.
    private func flattenedCount(_ node: ViewNode) -> Int {
        var count = 0
        for child in node.children {
            count += child.isTransparent && !stackGuard.isLow ? flattenedCount(child) : 1
        }
        return count
    }

    func layoutRoot() {
        layoutFromRoot()
        // A lazy stack whose row height changed while it was placed asked
        // for layout again (its size assumed the old height): at most two
        // more passes, so a frame is what a fresh render at this size shows.
        for _ in 0..<2 where layoutPassRequested {
            layoutPassRequested = false
            layoutFromRoot()
        }
        layoutPassRequested = false
        setScrollRequest(nil)
        // Leaves whose size did not change keep their frame; lay them out in it.
        for node in relayoutQueue where node.needsLayout && node.isAttached {
            node.needsLayout = false
            statistics.layouts += 1
            node.behavior.placeChildren(of: node, in: node.frame, graph: self)
        }
        relayoutQueue.removeAll(keepingCapacity: true)
    }

    private func layoutFromRoot() {
        if root.structureChanged { refreshLayoutChildren(root) }
        let screen = canvas.bounds
        let proposal = ProposedSize(screen.width == 0 && screen.height == 0 ? Size.zero
                                    : Size(width: screen.width, height: screen.height))
        let units = root.layoutChildren
        guard root.needsLayout || units.contains(where: { $0.needsLayout }) || root.frame != screen else { return }
        // Slot 0 is the app; slot 1, when there, holds presented sheets.
        let content = root.children.isEmpty ? [] : flattenedUnits(root.children[0])
        let presented = root.children.count > 1 ? flattenedUnits(root.children[1]) : []
        root.frame = screen
        root.needsLayout = false
        // The root content is proposed the whole screen and placed in it by ``rootAlignment``.
        let size = StackLayout.size(axis: .vertical, spacing: 0, children: content, proposal: proposal, graph: self)
        let w = Swift.min(size.width, screen.width), h = Swift.min(size.height, screen.height)
        let x: Int, y: Int
        switch rootAlignment.horizontal {
        case .leading: x = 0
        case .center: x = (screen.width - w) / 2
        case .trailing: x = screen.width - w
        }
        switch rootAlignment.vertical {
        case .top: y = 0
        case .center: y = (screen.height - h) / 2
        case .bottom: y = screen.height - h
        }
        StackLayout.place(axis: .vertical, spacing: 0, alignment: rootAlignment.horizontal == .center ? .center : Alignment(horizontal: rootAlignment.horizontal, vertical: .top),
                          children: content, in: Rect(x: x, y: y, width: w, height: h), graph: self)
        // Each presented sheet at its ideal size, centred on the screen, over the app.
        for sheet in presented {
            let s = self.size(of: sheet, for: ProposedSize(width: screen.width, height: screen.height))
            let sw = Swift.min(s.width, screen.width), sh = Swift.min(s.height, screen.height)
            if let anchor = popupAnchor(of: sheet), isLive(anchor) {
                // A popup drops down below what opened it (above it when
                // there is no room below), kept on the screen.
                let b = layoutBounds(of: anchor)
                let x = Swift.max(0, Swift.min(b.x, screen.width - sw))
                let y = b.maxY + sh <= screen.height ? b.maxY : Swift.max(0, b.y - sh)
                place(sheet, in: Rect(x: x, y: y, width: sw, height: sh))
                continue
            }
            place(sheet, in: Rect(x: (screen.width - sw) / 2, y: (screen.height - sh) / 2, width: sw, height: sh))
        }
    }

    /// The view a presented popup drops down from: the anchor of the modal
    /// at or above `unit` (a modal is transparent: its laid-out unit is its
    /// content's frame).
    private func popupAnchor(of unit: ViewNode) -> ViewNode? {
        var n: ViewNode? = unit
        while let node = n, node !== root {
            if let modal = node.behavior as? ModalBehavior { return modal.anchor }
            n = node.parent
        }
        return nil
    }

    /// The laid-out nodes at or right below `node` (through transparent ones).
    func flattenedUnits(_ node: ViewNode) -> [ViewNode] {
        if !node.isTransparent { return [node] }
        var out: [ViewNode] = []
        for child in node.children { out += flattenedUnits(child) }
        return out
    }

    /// The size the root content asks for when offered `proposal` (a `nil`
    /// dimension asks for its ideal size), measured after this frame's
    /// evaluation. For hosts that size the canvas to the content.
    public func contentSize(for proposal: ProposedSize) -> Size {
        let content = root.children.isEmpty ? [] : flattenedUnits(root.children[0])
        return StackLayout.size(axis: .vertical, spacing: 0, children: content, proposal: proposal, graph: self)
    }

    /// Content placed from now on lies in a scroll view's visible `rect`
    /// (lazy stacks inside place only the rows it shows). Returns the
    /// enclosing one, for ``restoreViewport(_:)`` when the content is placed.
    func enterViewport(_ rect: Rect) -> Rect? {
        let saved = viewport
        viewport = rect
        return saved
    }

    /// The visible rect of the scroll view whose content is being placed
    /// (``enterViewport(_:)``); `nil` outside any.
    var enclosingViewport: Rect? { viewport }

    /// The scroll view's content is placed: back to the enclosing viewport.
    func restoreViewport(_ saved: Rect?) { viewport = saved }

    /// A lazy stack's row height changed while it was placed (its size
    /// assumed the old height): lay out from the root once more this frame.
    func requestLayoutPass() { layoutPassRequested = true }
}
