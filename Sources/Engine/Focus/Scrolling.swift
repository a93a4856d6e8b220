/// What a scroll view should bring into view, and where.
struct ScrollRequest {
    enum Target {
        /// A view in the tree.
        case node(ViewNode)
        /// Row `index` of a lazy stack (the row may not exist yet).
        case lazyRow(stack: ViewNode, index: Int)
    }
    var target: Target
    /// Where in the viewport the target goes; `nil`: the least scrolling that shows it.
    var anchor: VerticalAlignment?
}

extension ViewGraph {
    /// Scrolls the scroll views around `request`'s target (those that keep
    /// their own offset) at the next layout, so that it shows.
    func requestScroll(_ request: ScrollRequest) {
        let start: ViewNode
        switch request.target {
        case .node(let n): start = n
        case .lazyRow(let stack, _): start = stack
        }
        var found = false
        var n = start.parent
        while let current = n {
            if let scroll = current.behavior as? ScrollBehavior, !scroll.isFixed {
                markNeedsLayout(current)
                found = true
            }
            n = current.parent
        }
        guard found else { return }
        setScrollRequest(request)
        requestFrame()
    }

    /// The target's frame as now laid out, when it lies inside `scrollView`.
    func scrollTarget(_ request: ScrollRequest, below scrollView: ViewNode) -> Rect? {
        switch request.target {
        case .node(let node):
            guard isLive(node), isDescendant(node, of: scrollView) else { return nil }
            let r = layoutBounds(of: node)
            return r.height > 0 ? r : nil
        case .lazyRow(let stack, let index):
            guard isLive(stack), isDescendant(stack, of: scrollView),
                  let lazy = stack.behavior as? LazyStackBehavior else { return nil }
            let y = saturatingAdd(stack.frame.y, index.saturatingProduct(lazy.pitch))
            return Rect(x: stack.frame.x, y: y, width: stack.frame.width, height: lazy.rowHeight)
        }
    }

    /// The wheel over a scroll view that keeps its own offset scrolls the
    /// deepest one under the pointer (three rows a notch); returns whether
    /// one moved.
    func scrollUnderPointer(_ event: MouseEvent) -> Bool {
        let delta: Int
        switch event.kind {
        case .scrollUp: delta = -ScrollBehavior.wheelRows
        case .scrollDown: delta = ScrollBehavior.wheelRows
        default: return false
        }
        var best: (path: [Int], node: ViewNode)?
        for node in registeredNodes(for: .wheelScrolling) {
            if let modal = activeModal, !isDescendant(node, of: modal) { continue }
            let f = node.frame
            guard event.column >= f.x, event.column < f.maxX, event.row >= f.y, event.row < f.maxY else { continue }
            let path = treePath(of: node)
            if best == nil || best!.path.lexicographicallyPrecedes(path) { best = (path, node) }
        }
        guard let node = best?.node, let scroll = node.behavior as? ScrollBehavior else { return false }
        return scroll.scroll(to: scroll.visibleOffset + delta, node: node, graph: self)
    }
}

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
public struct ScrollViewProxy: @unchecked Sendable {
    // Used on the main actor only, as the graph is.
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
