/// A scroll view as the container ``View/containerRelativeFrame(_:alignment:)``
/// sizes views by: its visible size, and the views inside that measured
/// with it.
extension ScrollBehavior {
    /// Sets the size the views inside measure with (its lengths `nil` where
    /// not known yet); when it changed, the frames inside that measured with
    /// the old one, and the views between, are laid out again.
    ///
    /// - Complexity: O(1) when the size holds; otherwise O(dependents ×
    ///   their depth below this scroll view).
    func setContainerSize(_ size: ContainerSize, node: ViewNode, graph: ViewGraph) {
        guard size != containerSize else { return }
        containerSize = size
        guard !containerDependents.isEmpty else { return }
        for dependent in containerDependents.live(isLive: graph.isLive) {
            graph.markNeedsLayout(dependent, below: node)
        }
        containerPruneCount = Swift.max(32, 2 * containerDependents.count)
    }

    /// `node` (a container-relative frame inside) measured with
    /// ``containerSize``: it is laid out again when that changes.
    func addContainerDependent(_ node: ViewNode, graph: ViewGraph) {
        containerDependents.insert(node)
        // Frames that left the tree (rows of a lazy stack scrolled away)
        // are dropped now and then, so that the set stays the size of what
        // is live.
        if containerDependents.count > containerPruneCount {
            _ = containerDependents.removeDead(isLive: graph.isLive)
            containerPruneCount = Swift.max(32, 2 * containerDependents.count)
        }
    }
}

/// The size of a view's container, per dimension; `nil` where it is not
/// known (a scroll view asked for its ideal size before it was ever placed).
struct ContainerSize: Equatable {
    var width: Int?
    var height: Int?

    /// Its length along `axis`.
    func length(_ axis: Axis) -> Int? { axis == .horizontal ? width : height }
}

extension ViewGraph {
    /// The container `node` sizes itself by (``View/containerRelativeFrame(_:alignment:)``):
    /// the nearest scroll view above it (its visible size), else the
    /// window (the canvas the root is laid out in). A view inside a scroll
    /// view is registered with it, to be measured again when its size
    /// changes (the window's change lays everything out again).
    ///
    /// - Complexity: O(depth) up the parents.
    func containerSize(of node: ViewNode) -> ContainerSize {
        var n = node.parent
        while let current = n {
            if let scroll = current.behavior as? ScrollBehavior {
                scroll.addContainerDependent(node, graph: self)
                return scroll.containerSize
            }
            n = current.parent
        }
        return ContainerSize(width: canvas.columns, height: canvas.rows)
    }
}
