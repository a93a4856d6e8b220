/// What a scroll view should bring into view, and where.
struct ScrollRequest {
    enum Target {
        /// A view in the tree.
        case node(ViewNode)
        /// Row `index` of a lazy stack (the row may not exist yet); line
        /// `index` of a sectioned one.
        case lazyRow(stack: ViewNode, index: Int)
    }
    var target: Target
    /// Where in the viewport the target goes (its point at these fractions
    /// of its frame to the viewport's point at the same fractions, along
    /// each axis that scrolls); `nil`: the least scrolling that shows it.
    var anchor: UnitPoint?
}
