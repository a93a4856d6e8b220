extension ViewGraph {
    /// After layout: observers whose view's size changed are queued.
    func checkGeometryObservers() {
        guard !noneRegistered(for: .geometry), statistics.layouts > 0 || statistics.nodesCreated > 0 else { return }
        for node in registeredNodes(for: .geometry) {
            guard let b = node.behavior as? GeometryObserverBehavior else { continue }
            let bounds = layoutBounds(of: node)
            let size = Size(width: bounds.width, height: bounds.height)
            if size != b.last, let action = b.action {
                b.last = size
                afterFrame { action(size) }
            }
        }
    }
}
