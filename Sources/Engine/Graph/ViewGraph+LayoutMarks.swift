extension ViewGraph {
    /// Runs `body`, which changes the children of `node` while `node` is
    /// being placed (rows evaluated at layout), without marking the nodes
    /// above it for layout again: its size does not depend on its rows, and
    /// its parent placed it already. The marks it leaves on `node` are
    /// cleared (its rows are placed right after).
    func containingLayoutMarks(of node: ViewNode, _ body: () -> Void) {
        var above = node.parent
        while let a = above, a.isTransparent { above = a.parent }
        // ``markNeedsLayout(_:)`` stops at an ancestor already marked.
        let saved = above?.needsLayout ?? false
        above?.needsLayout = true
        body()
        above?.needsLayout = saved
        node.needsLayout = false
    }
}
