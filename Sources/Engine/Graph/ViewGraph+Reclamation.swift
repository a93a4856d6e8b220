extension ViewGraph {
    /// Removes `node` and its subtree from the tree at once: its state is
    /// unreachable from now on and the area it painted is repainted. The
    /// subtree's nodes, state and identities are reclaimed incrementally
    /// (``reclaim(budget:)``), so dropping a large subtree does not make one
    /// frame slow.
    func detach(_ node: ViewNode) {
        paintDamage.add(paintedBounds(of: node))
        node.isAttached = false
        if let parent = node.parent { invalidatePreferences(parent) }
        reclamation.append(node)
        statistics.nodesDetached += 1
        if let parent = node.parent { markNeedsLayout(parent) }
    }

    /// Everything `node` and its descendants painted must be painted again
    /// (what they inherit changed, their own values did not).
    func markSubtreeNeedsPaint(_ node: ViewNode) {
        paintDamage.add(paintedBounds(of: node))
    }

    /// What `node` painted: its frame, or for a transparent node the frames
    /// of the laid-out nodes right below it (children paint inside those).
    private func paintedBounds(of node: ViewNode) -> Rect {
        if !node.isTransparent { return node.paintedFrame ?? .zero }
        var r = Rect.zero
        for child in node.children { r = r.union(paintedBounds(of: child)) }
        return r
    }

    /// Reclaims detached nodes — drops their state, releases their identities
    /// for reuse — until `budget` nodes are done or none wait. Returns how
    /// many were reclaimed.
    ///
    /// ``render(_:)`` calls it after each frame with ``reclamationBudget`` or
    /// the number of nodes the frame created, whichever is larger: a frame
    /// that builds nodes while others wait pays for as many as it built (as a
    /// pacing garbage collector makes allocation assist), so memory stays
    /// bounded however fast subtrees come and go, and the frames that only
    /// remove or change things keep to the budget. The bound is a count of
    /// nodes, never the clock: a loaded machine does not lengthen frames.
    @discardableResult
    public func reclaim(budget: Int) -> Int {
        var done = 0
        let start = monotonicNanoseconds()
        while done < budget, let node = reclamation.popLast() {
            reclaimNode(node)
            done += 1
        }
        statistics.nodesReclaimed += done
        statistics.reclaimNanoseconds += monotonicNanoseconds() - start
        return done
    }

    /// Frees one detached node: queues its children, disconnects its state
    /// from it (a `Binding` kept by the app then writes into a box no frame
    /// reads), and returns its identity.
    @inline(__always)
    private func reclaimNode(_ node: ViewNode) {
        node.isAttached = false
        if !node.children.isEmpty {
            for child in node.children {
                // The child outlives its parent in the queue: nothing may
                // walk from it to the freed parent.
                child.parent = nil
                child.isAttached = false
                reclamation.append(child)
            }
            node.children = []
        }
        if let slot = node.firstStateSlot {
            slot.disown()
            stateSlotCount -= 1
            node.firstStateSlot = nil
        }
        if !node.moreStateSlots.isEmpty {
            for slot in node.moreStateSlots {
                guard let slot else { continue }
                slot.disown()
                stateSlotCount -= 1
            }
            node.moreStateSlots = []
        }
        if !node.stateByLocation.isEmpty {
            for slot in node.stateByLocation.values { slot.disown() }
            stateSlotCount -= node.stateByLocation.count
            node.stateByLocation = [:]
        }
        if !node.environmentReads.isEmpty {
            for read in node.environmentReads { environmentReaders[read.keyPath]?[ObjectIdentifier(node)] = nil }
            node.environmentReads = []
        }
        if node.behavior.mayHaveWideGraphemes { wideTextNodes[ObjectIdentifier(node)] = nil }
        liveNodes -= 1
        // Identities are found through parents, never looked up by key, so
        // the slot can be reused at once.
        identities.release(node.identity)
    }

    /// Detached subtrees (and parts of subtrees) still waiting to be reclaimed.
    public var pendingReclamation: Int { reclamation.count }

    /// Reclaims everything detached (when the app is idle).
    public func reclaimAll() { reclaim(budget: .max) }
}
