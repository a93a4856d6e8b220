extension ViewGraph {
    public var rootNode: ViewNode { root }

    /// Every live node, depth first (for tests and tools; walks the whole graph).
    public func allNodes() -> [ViewNode] {
        var out: [ViewNode] = []
        var pending = [root]
        while let n = pending.popLast() {
            out.append(n)
            pending.append(contentsOf: n.children.reversed())
        }
        return out
    }

    /// Calls `body` with every style id a live node's behaviour caches
    /// between frames: the roots, besides the cells, that style-table
    /// compaction must keep (``StyleTable/compact(keeping:roots:)``).
    ///
    /// - Complexity: O(live nodes); run only when compacting, never per frame.
    public func forEachCachedStyleID(_ body: (StyleID) -> Void) {
        var pending = [root]
        while let n = pending.popLast() {
            n.behavior.forEachStyleID(body)
            pending.append(contentsOf: n.children)
        }
    }

    /// The readable identity path of `node`, e.g. `Root/VStack.0/Row[id: 42]`.
    public func path(of node: ViewNode) -> String { identities.path(of: node.identity) }
}
