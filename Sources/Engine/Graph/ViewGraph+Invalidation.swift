extension ViewGraph {
    /// Marks `node` dirty (its state changed) and asks for one frame.
    func invalidate(_ node: ViewNode) {
        // Before the guard: a second write to a node still dirty may move focus too.
        focusTracker.stateWritten()
        guard isLive(node), !node.isDirty, !defersInvalidation(node) else { return }
        markDirty(node, reason: .stateChanged)
        requestFrame()
    }

    /// Marks `node` to be evaluated again in this frame's evaluation (or
    /// the next frame's) for `reason`, whatever its parent passes it. Asks
    /// for no frame: the caller does, or a frame is under way.
    @inline(__always)
    func markDirty(_ node: ViewNode, reason: EvaluationReason) {
        node.isDirty = true
        node.pendingReason = reason
        dirtyNodes.append(node)
    }

    /// True when `node` is still part of the tree.
    func isLive(_ node: ViewNode) -> Bool {
        // Unretained: the walk runs for every state write, as deep as the
        // node, and the tree holds every ancestor while it runs.
        var current = Unmanaged.passUnretained(node)
        while true {
            let (attached, parent) = current._withUnsafeGuaranteedRef { ($0.isAttached, $0.parentStorage) }
            if !attached { return false }
            guard let parent else { return true }
            current = parent
        }
    }

    /// Evaluates dirty nodes that the top-down pass did not reach (their
    /// ancestors were skipped), shallowest first.
    func evaluateDirtyNodes() {
        guard !dirtyNodes.isEmpty else { return }
        func depth(_ node: ViewNode) -> Int {
            var d = 0
            var current = Unmanaged.passUnretained(node)
            while let parent = current._withUnsafeGuaranteedRef({ $0.parentStorage }) {
                d += 1
                current = parent
            }
            return d
        }
        while !dirtyNodes.isEmpty {
            if dirtyNodes.count == 1 {
                // One state change (the usual frame): nothing to order.
                let node = dirtyNodes.removeLast()
                if node.isDirty && isLive(node) { node.reevaluate(graph: self) }
                continue
            }
            // Depth once per node, not once per comparison.
            let batch = dirtyNodes.map { (depth($0), $0) }.sorted { $0.0 < $1.0 }
            dirtyNodes.removeAll(keepingCapacity: true)
            for (_, node) in batch where node.isDirty && isLive(node) { node.reevaluate(graph: self) }
        }
    }

    /// The widths graphemes are measured with changed (the terminal's
    /// measured table, ``GraphemeWidth/measuredWidths``): texts that may hold
    /// wide graphemes drop the layouts they kept, and everything is laid out
    /// and painted again.
    public func graphemeWidthsChanged() {
        for node in wideTextNodes.values { node.behavior.graphemeWidthsChanged() }
        canvas.graphemes.remeasureUncertainty()
        invalidateLayout()
    }

    /// Forces layout and paint of everything on the next frame (after a
    /// resize, a repaint the app asked for, a change of widths).
    ///
    /// Where each node was painted is kept: the whole canvas is repainted,
    /// so a node the new layout leaves in place is painted where it was,
    /// and one that moves is queued for paint by its placement, which
    /// records its new frame. (Forgetting it would leave a node that stays
    /// put with no record, and when it later shrank, the cells it vacated
    /// would keep their old text.)
    public func invalidateLayout() {
        var pending = [root]
        while let n = pending.popLast() {
            n.needsLayout = true
            n.cachedCount = 0
            pending.append(contentsOf: n.children)
        }
        paintDamage.add(canvas.bounds)
    }

    /// Marks `node` and its layout ancestors as needing layout.
    func markNeedsLayout(_ node: ViewNode) {
        // Unretained walk up (see ``isLive(_:)``).
        var current = Unmanaged.passUnretained(node)
        while true {
            let (stop, parent) = current._withUnsafeGuaranteedRef { c -> (Bool, Unmanaged<ViewNode>?) in
                if !c.isTransparent {
                    if c.needsLayout && c !== node { return (true, nil) }
                    c.needsLayout = true
                    c.cachedCount = 0
                }
                return (false, c.parentStorage)
            }
            guard !stop, let parent else { return }
            current = parent
        }
    }

    /// Marks `node` and its layout ancestors below `ancestor` (which is
    /// being laid out now, and is not marked) as needing layout, dropping
    /// their cached sizes: something they measured with, other than their
    /// proposals, changed (a container's size, ``View/containerRelativeFrame(_:alignment:)``).
    func markNeedsLayout(_ node: ViewNode, below ancestor: ViewNode) {
        var current: ViewNode? = node
        while let c = current, c !== ancestor {
            if !c.isTransparent {
                c.needsLayout = true
                c.cachedCount = 0
            }
            current = c.parent
        }
    }

    /// A leaf's content changed in a way that may change its size. When the
    /// sizes it answered for every proposal its ancestors asked are the
    /// same, only the leaf is laid out again (in its current frame) and
    /// nothing above it is touched; otherwise its ancestors re-lay out.
    func leafContentChanged(_ node: ViewNode) {
        var stable = node.layoutCache.count > 0 && node.paintedFrame != nil && !node.needsLayout
        if stable {
            let behavior = node.behavior
            stable = node.layoutCache.answersAgain { behavior.sizeThatFits($0, node: node, graph: self) }
        }
        if stable {
            node.needsLayout = true
            relayoutQueue.append(node)
        } else {
            node.layoutCache.removeAll()
            markNeedsLayout(node)
        }
    }

    /// The node's own paint changed: repaint it.
    func markNeedsPaint(_ node: ViewNode) {
        node.movedOnly = false
        queuePaint(node)
    }

    /// Only `region` (in the canvas's coordinates) of the node's own paint
    /// changed, its frame did not: repaint that region, not the whole
    /// frame (a ``Canvas`` where one dot moved). A node not yet painted, or
    /// already queued whole, is repainted whole.
    func markNeedsPaint(_ node: ViewNode, region: Rect) {
        node.movedOnly = false
        guard node.paintedFrame == node.frame, !node.needsPaint else {
            if !node.needsPaint { queuePaint(node) }
            return
        }
        paintDamage.add(region.intersection(node.frame))
    }

    /// Children were added, removed or replaced below `node`: the flattened
    /// layout children of the nearest laid-out ancestor must be rebuilt.
    func structureChanged(_ node: ViewNode) {
        var current = Unmanaged.passUnretained(node)
        while true {
            let parent = current._withUnsafeGuaranteedRef { c -> Unmanaged<ViewNode>? in
                c.structureChanged = true
                return !c.isTransparent || c === root ? nil : c.parentStorage
            }
            guard let parent else { break }
            current = parent
        }
        markNeedsLayout(current.takeUnretainedValue())
    }
}
