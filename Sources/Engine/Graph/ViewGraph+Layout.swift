extension ViewGraph {
    /// The size of `node` for `proposal`, from the node's cache when its
    /// layout is still valid.
    ///
    /// - Complexity: O(1) on a cache hit.
    func size(of node: ViewNode, for proposal: ProposedSize) -> Size {
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
        if node.frame != rect { queuePaint(node) }
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
        root.frame = screen
        root.needsLayout = false
        // The root content is proposed the whole screen and centred in it.
        let size = StackLayout.size(axis: .vertical, spacing: 0, children: units, proposal: proposal, graph: self)
        let w = Swift.min(size.width, screen.width), h = Swift.min(size.height, screen.height)
        let origin = Rect(x: (screen.width - w) / 2, y: (screen.height - h) / 2, width: w, height: h)
        StackLayout.place(axis: .vertical, spacing: 0, alignment: .center, children: units, in: origin, graph: self)
    }
}
