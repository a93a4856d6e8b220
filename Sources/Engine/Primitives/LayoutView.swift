/// A ``Layout`` used as a container view: what `MyLayout { … }` makes
/// (``Layout/callAsFunction(_:)``).
public struct LayoutView<L: Layout, Content: View>: SingleContentView {
    public var layout: L
    public var content: Content

    public init(layout: L, content: Content) {
        self.layout = layout
        self.content = content
    }

    static func makeBehavior() -> LayoutBehavior<L> { LayoutBehavior<L>() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: LayoutBehavior<L>, graph: ViewGraph, node: ViewNode) {
        if let old = b.layout, LayoutBehavior<L>.same(old, layout) { return }
        b.layout = layout
        b.cache = nil
        graph.markNeedsLayout(node)
        graph.markNeedsPaint(node)
    }
}

/// Measures and places a node's children with a ``Layout`` value.
///
/// The graph keeps the sizes the node answered until its layout changes
/// (``ViewGraph/size(of:for:)``), so the layout is asked again only for a
/// new proposal, after a child's size changed (which clears the node's
/// sizes) or after the layout value itself changed. Its cache is made on
/// first use, updated (``Layout/updateCache(_:subviews:)``) when the node's
/// sizes were cleared or its children changed since, and made anew when the
/// layout value changed.
final class LayoutBehavior<L: Layout>: NodeBehavior {
    var layout: L?
    var cache: L.Cache?
    /// The node's layout-cache generation and children version the cache was
    /// last brought up to date for.
    private var cacheGeneration: UInt32 = 0
    private var cacheChildrenVersion: UInt32 = 0
    let placement = LayoutPlacement()

    init() { super.init(paintsOnlyChildren: true) }

    /// Whether two layout values lay out alike: equal (`Equatable`, or the
    /// same bytes for plain data); an ``AnyLayout`` compares what it wraps.
    static func same(_ a: L, _ b: L) -> Bool {
        if L.self == AnyLayout.self {
            return unsafeBitCast(a, to: AnyLayout.self).storage.same(as: unsafeBitCast(b, to: AnyLayout.self).storage)
        }
        return sameValue(a, b)
    }

    private func subviews(_ node: ViewNode, _ graph: ViewGraph) -> LayoutSubviews {
        LayoutSubviews(nodes: node.layoutChildren, graph: graph, placement: placement)
    }

    /// The cache, made or brought up to date for the node's current children.
    private func prepareCache(_ layout: L, _ subviews: LayoutSubviews, node: ViewNode) {
        let generation = node.layoutCache.generation, version = node.layoutChildrenVersion
        if cache == nil {
            cache = layout.makeCache(subviews: subviews)
        } else if generation != cacheGeneration || version != cacheChildrenVersion {
            layout.updateCache(&cache!, subviews: subviews)
        } else {
            return
        }
        cacheGeneration = generation
        cacheChildrenVersion = version
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        guard let layout else { return .zero }
        let subviews = subviews(node, graph)
        prepareCache(layout, subviews, node: node)
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache!)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let layout else { return }
        let subviews = subviews(node, graph)
        prepareCache(layout, subviews, node: node)
        placement.begin(subviews.count, bounds: rect)
        layout.placeSubviews(in: rect, proposal: ProposedSize(width: rect.width, height: rect.height),
                             subviews: subviews, cache: &cache!)
        placement.finish(subviews.nodes, graph: graph)
    }
}

/// Gives its content a value the enclosing ``Layout`` reads
/// (``View/layoutValue(key:value:)``).
public struct LayoutValueView<K: LayoutValueKey, Content: View>: SingleContentView {
    public var value: K.Value
    public var content: Content

    static func makeBehavior() -> LayoutValueBehavior { LayoutValueBehavior(key: ObjectIdentifier(K.self)) }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: LayoutValueBehavior, graph: ViewGraph, node: ViewNode) {
        if let old = b.value as? K.Value, sameValue(old, value) { return }
        b.value = value
        // The enclosing layout reads it while measuring: measure again.
        graph.markNeedsLayout(node)
    }
}

/// Holds one layout value; measures and places its content as it is.
final class LayoutValueBehavior: NodeBehavior {
    let key: ObjectIdentifier
    var value: Any?
    init(key: ObjectIdentifier) {
        self.key = key
        super.init()
    }
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        ContentLayout.size(node, proposal, graph: graph)
    }
    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, graph: graph)
    }

    /// The value `node` (or a view it wraps, through single-content
    /// modifiers such as `.padding()`) set for `key`, or the key's default.
    static func value<K: LayoutValueKey>(for key: K.Type, at node: ViewNode) -> K.Value {
        var current = node
        let wanted = ObjectIdentifier(key)
        // A modifier chain is a few nodes; the walk stops at the first
        // node with other than one child.
        for _ in 0..<32 {
            if let b = current.behavior as? LayoutValueBehavior, b.key == wanted, let value = b.value as? K.Value {
                return value
            }
            let children = current.layoutChildren
            guard children.count == 1 else { break }
            current = children[0]
        }
        return K.defaultValue
    }
}

extension View {
    /// Gives this view a value for `key` that the enclosing ``Layout`` reads
    /// as `subviews[i][key]`.
    public consuming func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> LayoutValueView<K, Self> {
        LayoutValueView(value: value, content: self)
    }
}
