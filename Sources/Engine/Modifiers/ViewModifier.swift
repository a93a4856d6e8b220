/// A reusable change to a view: `content.modifier(MyModifier())`.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(1).border(.rounded)
///     }
/// }
/// Text("hi").modifier(Card())
/// ```
@MainActor
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ModifierContent<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a ``ViewModifier`` receives: a placeholder for the view it modifies.
public struct ModifierContent<Modifier: ViewModifier>: PrimitiveView {
    let reconcileContent: (ViewNode, ViewGraph) -> Void
    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) { view.reconcileContent(node, graph) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
    public var content: Content
    public var modifier: Modifier

    public var body: Modifier.Body {
        let content = self.content
        return modifier.body(content: ModifierContent { node, graph in
            graph.reconcileOnlyChild(content, of: node)
        })
    }
}

extension View {
    /// Applies `modifier` to this view.
    public consuming func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Gives the view an explicit identity: when `id` changes, the view is a
    /// new one (its subtree and state start fresh).
    public consuming func id<ID: Hashable & Sendable>(_ id: ID) -> IDView<Self, ID> { IDView(content: self, id: id) }
}

/// A view with an explicit identity.
public struct IDView<Content: View, ID: Hashable & Sendable>: PrimitiveView {
    public var content: Content
    public var id: ID
    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileChild(view.content, of: node, slot: 0, discriminator: .explicit(ExplicitID(view.id)))
        graph.trimChildren(of: node, to: 1)
    }
}
