/// A view that tells the app its laid-out size: after a frame in which it
/// changed (and after its first), `action` runs with the new size. The
/// app's layout decisions can then follow real sizes (how many rows fit, a
/// page's height) instead of guessing from the terminal's.
public struct GeometryObserverView<Content: View>: PrimitiveView {
    var content: Content
    var action: (Size) -> Void

    public static func _makeBehavior() -> NodeBehavior { GeometryObserverBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: GeometryObserverBehavior.self)
        b.action = view.action
        graph.register(node, for: .geometry)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class GeometryObserverBehavior: NodeBehavior {
    var action: ((Size) -> Void)?
    var last: Size?
    init() { super.init(transparent: true) }
}

extension View {
    /// Calls `action` with this view's size (in cells) after the first frame
    /// and after every frame in which it changed.
    ///
    /// ```swift
    /// ProcessTable(rows: rows).onGeometryChange { size in pageRows = size.height - 1 }
    /// ```
    public consuming func onGeometryChange(perform action: @escaping (Size) -> Void) -> GeometryObserverView<Self> {
        GeometryObserverView(content: self, action: action)
    }
}
