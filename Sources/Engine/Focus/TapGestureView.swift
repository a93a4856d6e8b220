/// A view that runs an action when it is clicked (a mouse press and
/// release over it) — or, for `.onScrollWheel`, when the wheel turns over it.
public struct TapGestureView<Content: View>: PrimitiveView {
    var content: Content
    var count: Int
    var action: () -> Void
    /// The button that taps (the right one opens a context menu).
    var button: MouseEvent.Button = .left

    public static func _makeBehavior() -> NodeBehavior { TapBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TapBehavior.self)
        b.action = view.action
        b.button = view.button
        b.isEnabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        graph.register(node, for: .tap)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class TapBehavior: NodeBehavior {
    var action: (() -> Void)?
    var isEnabled = true
    var pressed = false
    var button = MouseEvent.Button.left
    init() { super.init(transparent: true) }

    /// Press then release over the view is a tap.
    func handle(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press where event.button == button:
            pressed = true
            return true
        case .release:
            guard pressed else { return false }
            pressed = false
            action?()
            return true
        default:
            return false
        }
    }
}

extension View {
    /// Runs `action` when this view is clicked with the left button.
    public consuming func onTapGesture(perform action: @escaping () -> Void) -> TapGestureView<Self> {
        TapGestureView(content: self, count: 1, action: action)
    }
}
