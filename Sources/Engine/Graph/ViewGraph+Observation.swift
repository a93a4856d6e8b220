import Observation

extension ViewGraph {
    /// Evaluates `body` while tracking which `@Observable` properties it
    /// reads; when one of them changes, `node` is marked dirty (once, and
    /// tracked again at its next evaluation).
    ///
    /// Every body is evaluated so, as in SwiftUI: a model read through the
    /// environment, a global or a captured reference counts as much as one
    /// the view stores. A body that reads no model costs the tracking's
    /// thread-local bookkeeping only: Observation asks for the change
    /// handler only when the body read something, so the node's
    /// ``ObservedNode`` is made then (once, and reused), and a node whose
    /// body reads no model never has one (a row of a pushed page is one
    /// allocation fewer to make and to free). It holds the node and the
    /// graph unretained (a weak reference would give every node a side
    /// table, and every retain and release of it the slow path).
    func observing<T>(_ node: ViewNode, _ body: () -> T) -> T {
        withObservationTracking(body, onChange: observer(of: node).invalidate)
    }

    /// The node's ``ObservedNode``, made on first use.
    private func observer(of node: ViewNode) -> ObservedNode {
        if let existing = node.observer { return existing }
        let made = ObservedNode(node: node, graph: observationToken)
        node.observer = made
        return made
    }
}

/// Whether a graph is still alive, for observers that outlive it (a model
/// may fire after the graph went away): it holds the graph unretained, and
/// the graph marks it dead as it goes.
final class GraphToken: @unchecked Sendable {  // touched on the main actor only
    unowned(unsafe) let graph: ViewGraph
    var alive = true
    init(_ graph: ViewGraph) { self.graph = graph }
}

/// The node to invalidate when an observed property changes: one per node
/// that was evaluated, kept by the node and by the models' registrars until
/// they fire. The engine runs on one thread and models are mutated on it
/// (as with SwiftUI's main actor), so it crosses the `@Sendable` boundary
/// unchecked. The node is held unretained; the node marks it dead in its
/// deinit, the graph's token in the graph's.
final class ObservedNode: @unchecked Sendable {
    unowned(unsafe) let node: ViewNode
    let token: GraphToken
    var nodeAlive = true
    init(node: ViewNode, graph: GraphToken) {
        self.node = node
        token = graph
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
        guard nodeAlive, token.alive, node.isAttached else { return }
        token.graph.invalidate(node)
    }
}
