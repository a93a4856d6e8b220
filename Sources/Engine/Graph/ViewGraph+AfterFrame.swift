/// What a frame does after it painted: views that left the tree are told,
/// focus catches up, geometry observers and the queued actions run.
extension ViewGraph {
    /// Registers `node` to hear when it disappears (its behaviour is a
    /// ``LifecycleBehavior``).
    func watchDisappearance(_ node: ViewNode) { register(node, for: .disappearance) }

    /// After a frame: tells views that left the tree (cancelling their
    /// tasks and timers), then runs the actions the frame queued. A state
    /// change in them asks for another frame.
    func finishLifecycle() {
        if statistics.nodesDetached > 0 || statistics.nodesCreated > 0
            || (statistics.layouts > 0 && focusTracker.hasSections)
        {
            focusTracker.invalidateOrder()
        } else if statistics.layouts > 0 {
            // Sections' own bounds order them too: above, the order is found again.
            focusTracker.layoutChanged()
        }
        if statistics.nodesDetached > 0 && !noneRegistered(for: .disappearance) {
            let gone = removeDetached(from: .disappearance)
            // Tree order does not exist for them any more; identity order is stable.
            for node in gone.sorted(by: { $0.identity.rawValue < $1.identity.rawValue }) {
                (node.behavior as? LifecycleBehavior)?.disappeared()
            }
        }
        syncFocusAfterFrame()
        checkGeometryObservers()
        runAfterFrameActions()
    }

    /// A view's `.task` was created and has not yet begun to run: a test
    /// host's ``FramePipeline/settle()`` waits until it has (so that the
    /// task registers its sleep on a manual clock before the clock moves).
    func noteTaskCreated() { tasksStarting += 1 }

    /// A `.task` created by ``noteTaskCreated()`` began to run.
    func noteTaskStarted() { tasksStarting -= 1 }

    /// Whether a `.task` was created and has not begun to run.
    var hasTasksStarting: Bool { tasksStarting > 0 }
}
