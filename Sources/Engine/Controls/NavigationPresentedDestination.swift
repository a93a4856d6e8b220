/// Pushes a destination on the enclosing ``NavigationStack`` while a
/// binding presents it (``View/navigationDestination(isPresented:destination:)``
/// and ``View/navigationDestination(item:destination:)``).
public struct NavigationPresentedDestinationView<Content: View>: PrimitiveView {
    var content: Content
    /// What is presented (nil: nothing): `true`, or the item.
    var presented: AnyHashable?
    /// The screen for it, built when the parent is evaluated.
    var destination: AnyView?
    /// Sets the binding back to false or nil (the screen was popped).
    var reset: @MainActor () -> Void

    public static func _makeBehavior() -> NodeBehavior { NavigationPresentedDestinationBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: NavigationPresentedDestinationBehavior.self)
        if view.presented != b.presented {
            b.presented = view.presented
            let context = graph.environmentValue(EnvironmentPaths.navigationContext, at: node).context
            let old = b.screen
            b.screen = nil
            let destination = view.presented == nil ? nil : view.destination
            let reset = view.reset
            // After the frame: the stack's state is not written while it
            // is being evaluated.
            graph.afterFrame { [weak b, weak context] in
                guard let b, let context else { return }
                if let key = old?.key { context.dismiss(key) }
                guard let destination else { return }
                let screen = NavigationPresentedScreen()
                b.screen = screen
                // Popped by the user (Esc, `‹`, dismiss): the binding follows.
                let shown = destination.onDisappear { [weak b] in
                    guard let b, b.screen === screen else { return }
                    b.screen = nil
                    b.presented = nil
                    reset()
                }
                screen.key = context.pushView(AnyView(shown))
            }
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// One screen a binding pushed, and its key in the stack once pushed.
final class NavigationPresentedScreen {
    var key: NavigationEntryKey?
}

final class NavigationPresentedDestinationBehavior: NodeBehavior {
    /// What the binding presented at the last evaluation.
    var presented: AnyHashable?
    /// The screen pushed for it, if any.
    var screen: NavigationPresentedScreen?
    init() { super.init(transparent: true) }
}

extension View {
    /// Pushes `destination` on the enclosing ``NavigationStack`` while
    /// `isPresented` is true; popping it (Esc, `‹`, `dismiss`) sets
    /// `isPresented` back to false, and setting it to false pops it.
    ///
    /// ```swift
    /// @State private var showsHelp = false
    ///
    /// Button("Help") { showsHelp = true }
    ///     .navigationDestination(isPresented: $showsHelp) { HelpScreen() }
    /// ```
    ///
    /// The destination is built when the binding turns true, as a
    /// ``NavigationLink``'s destination view is when it is pushed.
    public consuming func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V)
        -> NavigationPresentedDestinationView<Self> {
        let shown = isPresented.wrappedValue
        return NavigationPresentedDestinationView(
            content: self, presented: shown ? AnyHashable(true) : nil,
            destination: shown ? AnyView(destination()) : nil,
            reset: { isPresented.wrappedValue = false })
    }

    /// Pushes `destination(item)` on the enclosing ``NavigationStack``
    /// while `item` is not nil; popping it sets `item` back to nil, and
    /// another item replaces the screen.
    ///
    /// ```swift
    /// @State private var opened: Note.ID?
    ///
    /// NotesList(opened: $opened)
    ///     .navigationDestination(item: $opened) { id in NoteView(id: id) }
    /// ```
    public consuming func navigationDestination<D: Hashable, C: View>(item: Binding<D?>,
                                                            @ViewBuilder destination: @escaping (D) -> C)
        -> NavigationPresentedDestinationView<Self> {
        let value = item.wrappedValue
        return NavigationPresentedDestinationView(
            content: self, presented: value.map { AnyHashable($0) },
            destination: value.map { AnyView(destination($0)) },
            reset: { item.wrappedValue = nil })
    }
}
