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
    /// Where in the viewport the target goes; `nil`: the least scrolling that shows it.
    var anchor: VerticalAlignment?
}
