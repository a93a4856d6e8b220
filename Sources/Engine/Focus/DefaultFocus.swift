/// A region in which default focus is evaluated by assigning a value to a
/// focus state binding (``View/defaultFocus(_:_:)``).
public struct DefaultFocusView<Content: View>: PrimitiveView {
    var content: Content
    var assign: () -> Void
    var asksForNothing: Bool

    public static func _makeBehavior() -> NodeBehavior { DefaultFocusBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: DefaultFocusBehavior.self)
        b.assign = view.assign
        b.asksForNothing = view.asksForNothing
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class DefaultFocusBehavior: NodeBehavior {
    /// Writes the region's value to its focus state.
    var assign: (() -> Void)?
    /// The value is the state's "nothing focused" (`nil`, `false`).
    var asksForNothing = false
    init() { super.init(transparent: true) }
}

/// A group of focusable views that Tab visits together
/// (``View/focusSection()``).
public struct FocusSectionView<Content: View>: PrimitiveView {
    var content: Content

    public static func _makeBehavior() -> NodeBehavior { FocusSectionBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.focusSectionMade()
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class FocusSectionBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
}

extension View {
    /// Which view has focus when this region appears: default focus is
    /// evaluated by assigning `value` to `binding`, and the focusable view
    /// whose `.focused(_:equals:)` (or `.focused(_:)`) matches takes focus.
    ///
    /// Default focus is evaluated when a screen appears: the first frame
    /// in which something can take focus, a modal or sheet presented (inside
    /// it), and a frame in which the focused view left the tree or was
    /// disabled. Without a `defaultFocus`, the first view in focus order
    /// takes focus. With `value` the state's empty value (`nil`, or `false`
    /// for a `Bool` state), nothing is focused: keys go to every handler
    /// until Tab, a click or the app moves focus.
    ///
    /// ```swift
    /// Form { … }
    ///     .defaultFocus($field, .email)   // the email field, not the first
    /// List { … }
    ///     .defaultFocus($focused, nil)    // nothing focused at start
    /// ```
    ///
    /// Regions nest: the outermost region around the first view in focus
    /// order decides. When no view matches `value`, the first view in
    /// focus order takes focus.
    public consuming func defaultFocus<V: Hashable>(_ binding: FocusState<V>.Binding, _ value: V) -> DefaultFocusView<Self> {
        let b = binding.binding
        return DefaultFocusView(content: self, assign: { b.wrappedValue = value },
                                asksForNothing: value == binding.cleared)
    }

    /// Makes this view's focusable views one group in the focus order: Tab
    /// visits all of them before moving on, and the group takes its place
    /// in reading order by its own frame (a sidebar column before the
    /// content to its right, instead of Tab zig-zagging across rows).
    ///
    /// Sections nest. Inside a section, and between sections, the order is
    /// reading order: top to bottom, then left to right.
    public consuming func focusSection() -> FocusSectionView<Self> { FocusSectionView(content: self) }
}
