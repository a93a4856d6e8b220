/// What the graph keeps for a running app beyond frames: event handlers,
/// views with lifecycle actions, and the actions a frame queued to run
/// after it.
struct InteractionState {
    /// Nodes with an event handler (``EventHandlerView``), found again by identity.
    var eventHandlers: [ObjectIdentifier: ViewNode] = [:]
    /// Nodes that must hear when they disappear (`.onDisappear`, `.task`, timers).
    var lifecycleNodes: [ObjectIdentifier: ViewNode] = [:]
    /// Actions queued during a frame (`.onAppear`, `.onChange`, task starts),
    /// run after it in queue order.
    var afterFrame: [() -> Void] = []
    /// The clock timers and tasks follow.
    var clock: RuntimeClock = .system
    /// Nodes that can take focus (``FocusableView``), found again by identity.
    var focusables: [ObjectIdentifier: ViewNode] = [:]
    /// The focus order, while nothing that could change it has happened.
    var focusOrderCache: [ViewNode]?
    /// The focused text field's insertion point.
    var caret: (x: Int, y: Int)?
    /// The node with keyboard focus.
    var focused: ViewNode?
    /// Some focusable view is tied to a `@FocusState`.
    var hasFocusBindings = false
    /// A focus binding was (re)made this frame: reconcile focus with the bindings after it.
    var focusBindingsChanged = false
    /// State was written since focus last followed the bindings (a
    /// `@FocusState` among it, perhaps): the next event syncs first.
    var stateWrittenSinceFocusSync = false
    /// Presented modals (sheets, alerts), innermost last, and where focus was before each.
    var modals: [ViewNode] = []
    var focusBeforeModal: [ViewNode?] = []
    /// Sheets presented, in order of presentation: the presenter and the sheet.
    var presentations: [(owner: ObjectIdentifier, node: ViewNode, view: AnyView)] = []
    var presentationsChanged = false
    /// Nodes with a keyboard shortcut.
    var shortcuts: [ObjectIdentifier: ViewNode] = [:]
    /// Nodes that report their size (`.onGeometryChange`).
    var geometryObservers: [ObjectIdentifier: ViewNode] = [:]
    /// Nodes with a tap handler.
    var tapTargets: [ObjectIdentifier: ViewNode] = [:]
    /// Scroll views that keep their own offset (the wheel scrolls them).
    var scrollViews: [ObjectIdentifier: ViewNode] = [:]
    /// What the next layout scrolls into view (focus moved, `scrollTo`).
    var scrollRequest: ScrollRequest?
}

/// A node behaviour that must hear when its node leaves the tree.
class LifecycleBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
    /// The node left the tree (its subtree was detached).
    func disappeared() {}
}

extension ViewGraph {
    /// The clock timers, ``TimelineView`` and `.task` sleeps follow; the
    /// environment's `\.clock` is this one.
    public var clock: RuntimeClock {
        get { interaction.clock }
        set {
            interaction.clock = newValue
            setRootEnvironment(\.clock, newValue)
        }
    }

    /// Queues `action` to run when the current frame is done.
    func afterFrame(_ action: @escaping () -> Void) { interaction.afterFrame.append(action) }

    /// Registers `node` to hear when it disappears.
    func watchDisappearance(_ node: ViewNode) { interaction.lifecycleNodes[ObjectIdentifier(node)] = node }

    /// After a frame: tells views that left the tree (cancelling their
    /// tasks and timers), then runs the actions the frame queued. A state
    /// change in them asks for another frame.
    func finishLifecycle() {
        if statistics.layouts > 0 || statistics.nodesDetached > 0 || statistics.nodesCreated > 0 {
            interaction.focusOrderCache = nil
        }
        if statistics.nodesDetached > 0 && !interaction.lifecycleNodes.isEmpty {
            var gone: [ViewNode] = []
            for (id, node) in interaction.lifecycleNodes where !isLive(node) {
                interaction.lifecycleNodes[id] = nil
                gone.append(node)
            }
            // Tree order does not exist for them any more; identity order is stable.
            for node in gone.sorted(by: { $0.identity.rawValue < $1.identity.rawValue }) {
                (node.behavior as? LifecycleBehavior)?.disappeared()
            }
        }
        syncFocusAfterFrame()
        checkGeometryObservers()
        guard !interaction.afterFrame.isEmpty else { return }
        let actions = interaction.afterFrame
        interaction.afterFrame.removeAll()
        for action in actions { action() }
    }
}
