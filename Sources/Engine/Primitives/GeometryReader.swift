/// The size a ``GeometryReader`` was given, for its content to lay itself
/// out by.
public struct GeometryProxy: Equatable, Sendable {
    /// The reader's size in cells: the space its parent offered.
    public var size: Size
    /// The reader's frame on the screen (cells; the top-left is 0, 0).
    public var frame: Rect
}

/// A view that takes the space it is offered and builds its content from
/// that size, in the same frame (no frame shows a stale size).
///
/// ```swift
/// GeometryReader { proxy in
///     Text(String(repeating: "─", count: proxy.size.width))
/// }
/// .frame(height: 1)
/// ```
///
/// The content is evaluated when the reader is laid out: when the reader's
/// size changes, or when it is evaluated again (its parent's state
/// changed). Views inside are placed at the reader's top-left, each
/// proposed the reader's size. Asked for its ideal size (no proposal), a
/// reader is 0 × 0, as it has no size of its own.
///
/// Use ``View/onGeometryChange(perform:)`` instead to learn a view's size
/// after the frame (to store it in state, say): a reader costs an
/// evaluation of its content each time its size changes.
public struct GeometryReader<Content: View>: PrimitiveView {
    public var content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public static func _makeBehavior() -> NodeBehavior { GeometryReaderBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: GeometryReaderBehavior.self)
        let content = view.content
        b.reconcileContent = { proxy, node, graph in
            graph.reconcileOnlyChild(content(proxy), of: node)
        }
        // The content is evaluated when the reader is placed (its size known).
        b.contentIsStale = true
        graph.markNeedsLayout(node)
    }
}

final class GeometryReaderBehavior: NodeBehavior {
    var reconcileContent: ((GeometryProxy, ViewNode, ViewGraph) -> Void)?
    /// The proxy the content was last built with.
    var built: GeometryProxy?
    /// The reader was evaluated again: its content must be rebuilt.
    var contentIsStale = true

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // All that is offered (`.max` too: it is as flexible as a frame
        // with an infinite maximum); nothing for an ideal-size question.
        func length(_ proposed: Int?) -> Int { Swift.max(0, proposed ?? 0) }
        return Size(width: length(proposal.width), height: length(proposal.height))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let reconcileContent else { return }
        let proxy = GeometryProxy(size: Size(width: rect.width, height: rect.height), frame: rect)
        if contentIsStale || built != proxy {
            contentIsStale = false
            built = proxy
            let before = node.children.first
            graph.containingLayoutMarks(of: node) { reconcileContent(proxy, node, graph) }
            if before !== node.children.first || node.structureChanged { graph.refreshLayoutChildren(node) }
        }
        let proposal = ProposedSize(width: rect.width, height: rect.height)
        for child in node.layoutChildren {
            let s = graph.size(of: child, for: proposal)
            graph.place(child, in: Rect(x: rect.x, y: rect.y, width: Swift.min(s.width, rect.width),
                                        height: Swift.min(s.height, rect.height)))
        }
    }
}
