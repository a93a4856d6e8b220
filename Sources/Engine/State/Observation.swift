// Re-exported: `@Observable` models work with `import Engine` alone, as with SwiftUI.
@_exported import Observation

extension ViewGraph {
    /// Binds the dynamic properties of `view` at `node` before its body runs.
    func bind<V: View>(_ view: inout V, layout: DynamicPropertyLayout, node: ViewNode) {
        guard !layout.fields.isEmpty else { return }
        withUnsafeMutableBytes(of: &view) { raw in
            for (ordinal, field) in layout.fields.enumerated() {
                field.type._bind(at: raw.baseAddress! + field.offset, node: node, ordinal: ordinal, graph: self)
            }
        }
    }

    /// Evaluates `body` while tracking which `@Observable` properties it
    /// reads; when one of them changes, `node` is marked dirty (once, and
    /// tracked again at its next evaluation).
    func observing<T>(_ node: ViewNode, _ body: () -> T) -> T {
        let target = ObservedNode(node: node, graph: self)
        return withObservationTracking(body, onChange: { target.invalidate() })
    }
}

/// The node to invalidate when an observed property changes. The engine runs
/// on one thread and models are mutated on it (as with SwiftUI's main actor),
/// so the reference crosses the `@Sendable` boundary unchecked. The
/// references are weak: a model may fire long after the node was reclaimed.
private final class ObservedNode: @unchecked Sendable {
    weak var node: ViewNode?
    weak var graph: ViewGraph?
    init(node: ViewNode, graph: ViewGraph) {
        self.node = node
        self.graph = graph
    }
    /// Called by Observation when a tracked property changes, on the
    /// context that changed it. Models that views read are changed on the
    /// main actor, as SwiftUI requires of them (the engine's state is the
    /// main actor's); a change from elsewhere is a programming error, which
    /// the runtime reports here instead of racing with a frame.
    func invalidate() {
        MainActor.assumeIsolated { invalidateOnMainActor() }
    }

    @MainActor
    private func invalidateOnMainActor() {
        if let node, let graph, node.isAttached { graph.invalidate(node) }
    }
}
