/// State written while bodies are being evaluated ("Modifying state during
/// view update", as SwiftUI calls it).
///
/// A body that sets its own `@State` (or that of a view already evaluated
/// this frame) would otherwise dirty that node again while the frame's dirty
/// loop runs, and the loop would re-evaluate it forever. So a node is
/// evaluated at most once per frame for state changes made during that
/// frame's evaluation: the write is kept (the body already sees it), the
/// node is evaluated again in the *next* frame, which is requested, and the
/// first such write of a graph is reported once (``ViewGraph/onDiagnostic``).
/// A body that writes a new value every time therefore costs one frame per
/// requested frame — like a SwiftUI view that does so — and never hangs
/// ``ViewGraph/render(_:)``.
struct UpdateCycleGuard {
    /// True while `render` reconciles and evaluates dirty nodes.
    var isEvaluating = false
    /// Nodes whose state was written after their evaluation in this frame.
    var deferred: [ViewNode] = []
    /// The warning was given.
    var reported = false
}

extension ViewGraph {
    /// Whether a state change of `node` now must wait for the next frame:
    /// bodies are being evaluated and `node` was already evaluated in this
    /// frame. Records it and reports the first one.
    @inline(__always)
    func defersInvalidation(_ node: ViewNode) -> Bool {
        guard updateCycle.isEvaluating, node.lastEvaluatedFrame == frameNumber else { return false }
        deferInvalidation(node)
        return true
    }

    @inline(never)
    private func deferInvalidation(_ node: ViewNode) {
        if !updateCycle.deferred.contains(where: { $0 === node }) { updateCycle.deferred.append(node) }
        guard !updateCycle.reported else { return }
        updateCycle.reported = true
        report("warning: modifying state during view update: the state of \(path(of: node)) was set while "
               + "bodies were being evaluated; the change is shown in the next frame (reported once)")
    }

    /// After the evaluation phase: the nodes whose state changed during it
    /// are dirty for the next frame, which is requested.
    func finishEvaluation() {
        updateCycle.isEvaluating = false
        guard !updateCycle.deferred.isEmpty else { return }
        let nodes = updateCycle.deferred
        updateCycle.deferred.removeAll(keepingCapacity: true)
        for node in nodes { invalidate(node) }
    }

    /// Hands `message` to ``onDiagnostic``, or writes it to stderr with its
    /// controls made visible.
    func report(_ message: String) {
        if let onDiagnostic { onDiagnostic(message); return }
        Platform.writeStandardError("Engine: " + VisibleEscaping.visible(message) + "\n")
    }
}
