/// Scrolls the scroll views around its content: given to a
/// ``ScrollViewReader``'s content.
///
/// ```swift
/// ScrollViewReader { proxy in
///     ScrollView {
///         LazyVStack { ForEach(messages) { MessageRow(message: $0) } }
///     }
///     .onKeyPress(.end) { proxy.scrollTo(messages.last!.id, anchor: .bottom); return .handled }
/// }
/// ```
// Safe: it holds two weak references and touches them only in
// `scrollTo`, which is `@MainActor`, as the graph is.
public struct ScrollViewProxy: @unchecked Sendable {
    weak var graph: ViewGraph?
    weak var reader: ViewNode?

    /// Scrolls so that the view with id `id` shows: a view with that
    /// `.id(_:)`, or a row of a `ForEach` (lazy or not, in ``Section``s or
    /// not) inside the reader, built or not yet built.
    ///
    /// With `anchor`, the point at that fraction of the view's frame goes
    /// to the point at the same fraction of the viewport (as far as the
    /// content allows), along each axis the scroll view scrolls: `.top`
    /// puts the view's top at the viewport's top (and, in a scroll view of
    /// both axes, centres it sideways), `.bottomTrailing` its bottom
    /// trailing corner at the viewport's, `.center` its centre at the
    /// centre. Without an anchor the scroll view moves as little as shows
    /// the view. Fractions of a cell are rounded down. A row under a
    /// section's pinned header (``PinnedScrollableViews/sectionHeaders``)
    /// lands just below the header, not under it (and above a pinned
    /// footer). An id that no view has changes nothing.
    ///
    /// - Complexity: a walk of the reader's live nodes, then (for a lazy
    ///   stack's row not on screen) of its data's ids; a sectioned stack's
    ///   sections are read up to the row's (O(sections)) to find its line.
    @MainActor
    public func scrollTo<ID: Hashable & Sendable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let graph, let reader, graph.isLive(reader) else { return }
        let key = ExplicitID(id)
        var lazyStacks: [ViewNode] = []
        var stack = reader.children
        while let n = stack.popLast() {
            if n.matches(explicit: key), n.isAttached {
                // A built cell of a sectioned stack is scrolled to as its
                // line, so that a pinned header does not cover it.
                if let (lazy, place, unit, _) = graph.lazyCell(containing: n),
                   (lazy.behavior as? LazyStackBehavior)?.sections != nil {
                    graph.requestScroll(ScrollRequest(target: .lazyRow(stack: lazy, index: place / unit),
                                                      anchor: anchor))
                    return
                }
                graph.requestScroll(ScrollRequest(target: .node(n), anchor: anchor))
                return
            }
            if n.behavior is LazyStackBehavior { lazyStacks.append(n) }
            stack.append(contentsOf: n.children)
        }
        for lazy in lazyStacks {
            guard let behavior = lazy.behavior as? LazyStackBehavior else { continue }
            let index: Int?
            if let rows = behavior.rows {
                index = rows.index(key)
            } else if behavior.sections != nil {
                index = behavior.sectionLine(of: key)
            } else {
                index = nil
            }
            guard let index else { continue }
            graph.requestScroll(ScrollRequest(target: .lazyRow(stack: lazy, index: index), anchor: anchor))
            return
        }
    }
}

/// Gives its content a ``ScrollViewProxy`` to scroll the scroll views inside
/// to a row by id.
public struct ScrollViewReader<Content: View>: PrimitiveView {
    public var content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    public static func _makeBehavior() -> NodeBehavior { TransparentReaderBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileOnlyChild(view.content(ScrollViewProxy(graph: graph, reader: node)), of: node)
    }
}

/// A reader takes no part in layout.
final class TransparentReaderBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
}
