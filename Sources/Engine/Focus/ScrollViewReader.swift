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

    /// Scrolls so that the view with id `id` shows: a row of a `ForEach`
    /// (lazy or not) inside the reader. With `anchor`, the row goes to the
    /// viewport's top, centre or bottom (as far as the content allows);
    /// without, the scroll view moves as little as shows it. An id that no
    /// row has changes nothing.
    ///
    /// - Complexity: a walk of the reader's live nodes, then (for a lazy
    ///   stack's row not on screen) of its data's ids.
    @MainActor
    public func scrollTo<ID: Hashable & Sendable>(_ id: ID, anchor: VerticalAlignment? = nil) {
        guard let graph, let reader, graph.isLive(reader) else { return }
        let key = ExplicitID(id)
        var lazyStacks: [ViewNode] = []
        var stack = reader.children
        while let n = stack.popLast() {
            if n.matches(explicit: key), n.isAttached {
                graph.requestScroll(ScrollRequest(target: .node(n), anchor: anchor))
                return
            }
            if n.behavior is LazyStackBehavior { lazyStacks.append(n) }
            stack.append(contentsOf: n.children)
        }
        for lazy in lazyStacks {
            guard let rows = (lazy.behavior as? LazyStackBehavior)?.rows,
                  let index = rows.index(key) else { continue }
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
