/// Tab into the cells of a lazy stack or grid that are not built yet.
///
/// Only the cells in view have nodes (``LazyStackBehavior``), so the focus
/// order holds only their focusable views. When Tab would leave the last
/// built cell of a lazy stack (Shift-Tab, the first) while the stack has
/// cells after (before) it, the stack scrolls the next cell into view, a
/// frame builds it, and focus goes to its first (last) focusable view. A
/// cell without one is passed over, a few at a time. A sectioned stack
/// goes line by line the same way.
///
/// - Complexity: one frame per cell scrolled to, each costing what it
///   brings into view; never the cells that stay out of it.
extension ViewGraph {
    /// Cells passed over (none of them focusable) before Tab gives up on a
    /// lazy stack and takes the ordinary next stop.
    static let lazyFocusSearchLimit = 32

    /// The focusable view Tab (`forward`) or Shift-Tab goes to from
    /// `focused` when `next` (the ordinary next stop in `order`) would leave
    /// the lazy stack `focused` is in while it has cells not built yet that
    /// way; `nil`: the ordinary next stop it is.
    func lazyFocusStep(from focused: ViewNode, next: ViewNode, forward: Bool) -> ViewNode? {
        guard let (stack, place, unit, units) = lazyCell(containing: focused) else { return nil }
        if let (nextStack, nextPlace, _, _) = lazyCell(containing: next), nextStack === stack,
           forward ? nextPlace > place : nextPlace < place {
            return nil
        }
        // Cells of a stack of one ForEach; lines of a sectioned one (its
        // headers and footers are lines, and a line's cells are built together).
        var k = place / unit
        for _ in 0..<ViewGraph.lazyFocusSearchLimit {
            k += forward ? 1 : -1
            guard k >= 0, k < units, isLive(stack) else { return nil }
            // Scroll the cell into view and build it now: the frame shows it,
            // the next one (asked for by ``focus(_:)``) its focus.
            requestScroll(ScrollRequest(target: .lazyRow(stack: stack, index: k), anchor: nil))
            renderPendingUpdates()
            let order = focusOrder()
            let inCell = { (n: ViewNode) -> Bool in
                guard let (s, p, u, _) = self.lazyCell(containing: n) else { return false }
                return s === stack && p / u == k
            }
            if let found = forward ? order.first(where: inCell) : order.last(where: inCell) { return found }
        }
        return nil
    }

    /// The lazy stack whose built cell holds `node`, that cell's place in
    /// the stack's reading order, the unit Tab scrolls by (a cell, or a
    /// sectioned stack's line, in places) and the number of units
    /// (``LazyStackBehavior/focusPlace(ofChild:)``).
    ///
    /// - Complexity: O(depth) up the parents, then a search of the built cells.
    func lazyCell(containing node: ViewNode) -> (stack: ViewNode, place: Int, unit: Int, units: Int)? {
        var child = node
        var n = node.parent
        while let parent = n {
            if parent.behavior is ForEachBehavior, let stack = parent.parent, stack.children.first === parent,
               let lazy = stack.behavior as? LazyStackBehavior {
                guard let i = parent.children.firstIndex(where: { $0 === child }),
                      let (place, unit, units) = lazy.focusPlace(ofChild: i) else { return nil }
                return (stack, place, Swift.max(1, unit), units)
            }
            child = parent
            n = parent.parent
        }
        return nil
    }
}
