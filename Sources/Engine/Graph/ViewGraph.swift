import Profiler

/// The persistent node graph behind a view tree, and one frame's work on it:
/// reconcile (evaluate only what changed), lay out (only where a node or its
/// proposal changed), paint (only changed nodes, recording damage).
///
/// A graph draws into a ``CellBuffer``; the host hands that canvas to a
/// ``FrameEncoder``.
@MainActor
public final class ViewGraph {
    public let identities = IdentityTable()
    /// The canvas views paint into.
    public let canvas: CellBuffer
    let root: ViewNode
    /// What the nodes' observers hold instead of the graph (``GraphToken``).
    lazy var observationToken = GraphToken(self)
    /// The root node's type information (it has no view type of its own).
    private let rootInfo: ViewTypeInfo
    /// Nodes alive in memory: attached, or detached and not yet reclaimed.
    @exclusivity(unchecked) public internal(set) var liveNodes = 1
    /// ``bodySpan`` and ``reasonLabels`` held by the graph: reading a static
    /// costs a `swift_once` call, and a body span is opened hundreds of
    /// times a frame.
    let bodySpanName = ViewGraph.bodySpan
    let reasonSpanLabels = ViewGraph.reasonLabels
    /// Frames rendered so far.
    @exclusivity(unchecked) public private(set) var frameNumber = 0
    /// Counts for the last frame.
    @exclusivity(unchecked) public internal(set) var statistics = Statistics()
    /// Rects vacated or repainted this frame: cleared and repainted in tree order.
    @exclusivity(unchecked) var paintDamage = DamageSet()
    /// The visible rect of the enclosing scroll view while placing its content.
    @exclusivity(unchecked) var viewport: Rect?
    /// Some view used `.foregroundStyle`, `.bold()` or the like (an
    /// ``InheritedStyleBehavior``): painting must look through transparent
    /// nodes for what they pass down. Until then it need not.
    @exclusivity(unchecked) var passesStyles = false
    /// Texts in memory (attached, or detached and not yet reclaimed) whose
    /// content is not all ASCII (``NodeBehavior/mayHaveWideGraphemes``), by
    /// identity: painting grows a damaged region over those it would cut,
    /// looking at them only, not walking the tree; while there are none it
    /// has nothing to do.
    @exclusivity(unchecked) var wideTextNodes: [ObjectIdentifier: ViewNode] = [:]
    /// Some node holds a reduced preference value
    /// (``ViewNode/preferenceCache``): evaluating a node must drop those
    /// of its ancestors. Until then it need not look.
    @exclusivity(unchecked) var preferencesCached = false
    /// The bit each preference key has in ``ViewNode/preferenceAbsent``,
    /// given in the order keys are first reduced.
    @exclusivity(unchecked) var preferenceAbsentBits: [ObjectIdentifier: UInt64] = [:]
    /// Subtrees detached and not yet reclaimed (a stack of nodes to visit).
    @exclusivity(unchecked) var reclamation: [ViewNode] = []
    /// How many detached nodes a frame reclaims at most, beyond as many as
    /// it created (so dropping a large subtree never makes one frame slow);
    /// the rest waits for later frames, the runtime's idle turns, or
    /// ``reclaimAll()``. A count, not a time: the work a frame does is the
    /// same on a quiet and on a loaded machine (1,024 nodes is about 0.3 ms
    /// on a quiet one).
    public var reclamationBudget = 1024
    /// Live `@State` slots.
    @exclusivity(unchecked) public internal(set) var stateSlotCount = 0
    /// How `@State` finds its slot again.
    public var stateKeying = StateKeying.ordinal
    /// Called when a state change wants a frame (at most once until the frame runs).
    public var onNeedsFrame: (() -> Void)?
    /// Called after evaluation and before layout in every frame: a host
    /// that sizes its canvas to the content (inline mode) measures it here
    /// (``contentSize(for:)``) and resizes.
    public var beforeLayout: ((ViewGraph) -> Void)?
    /// Where the root content sits when it is smaller than the canvas:
    /// centred (the default, as SwiftUI places a window's content), or at
    /// the top-leading corner (inline regions).
    public var rootAlignment = Alignment(horizontal: .center, vertical: .center) {
        didSet { if rootAlignment != oldValue { invalidateLayout() } }
    }
    /// Keyboard focus: the focused node, the caret, the focus order.
    @exclusivity(unchecked) var focusTracker = FocusTracker()
    /// Whether the key-binding help may be out of date (``refreshKeyHelp()``).
    @exclusivity(unchecked) var keyHelp = KeyHelpTracker()
    /// Presented modals and sheets.
    @exclusivity(unchecked) var presentations = PresentationStack()
    /// Nodes registered for a concern (event handling, focus, …), found
    /// again by identity (``register(_:for:)``).
    @exclusivity(unchecked) var registries = NodeRegistries()
    /// Actions queued during a frame (`.onAppear`, `.onChange`, task
    /// starts), run after it in queue order (``afterFrame(_:)``).
    private(set) var afterFrameActions: [() -> Void] = []
    /// The clock timers and tasks follow (``clock``).
    private var clockStorage: RuntimeClock = .system
    /// What the next layout scrolls into view (focus moved, `scrollTo`).
    private(set) var scrollRequest: ScrollRequest?
    /// A state change is waiting for a frame: the host should render and
    /// encode one.
    public private(set) var needsFrame = false
    /// Something asked for a frame since the tree was last brought up to
    /// date (``renderPendingUpdates()`` may have painted the canvas while
    /// the frame to encode it is still owed: then ``needsFrame`` alone is set).
    private var hasPendingUpdates = false
    /// Receives the engine's warnings (a state write during a body, …);
    /// `nil` writes them to stderr with controls made visible.
    public var onDiagnostic: ((String) -> Void)?
    /// State written while bodies run waits for the next frame (ViewGraph+UpdateCycle.swift).
    var updateCycle = UpdateCycleGuard()
    /// How deep the recursive phases may go on this thread (StackGuard.swift).
    @exclusivity(unchecked) var stackGuard = StackGuard()
    @exclusivity(unchecked) var dirtyNodes: [ViewNode] = []
    /// A snapshot waiting for the next node of a type (``restoreState(_:intoNextNodeOf:)``).
    var pendingStateRestore: (ObjectIdentifier, [StateSlotKey: Any])? {
        didSet { isRestoringState = pendingStateRestore != nil }
    }
    /// ``pendingStateRestore`` is set: a flag read on every evaluation and
    /// every new state slot instead of the optional (which holds a dictionary).
    @exclusivity(unchecked) private(set) var isRestoringState = false
    /// The environment at the root.
    public internal(set) var rootEnvironment = EnvironmentValues() {
        didSet { environmentWritten() }
    }
    /// Counts changes to the environment: each writer notes the count of
    /// its last change (``EnvironmentWriterBehavior/changedAt``), each
    /// value a node read the count it was read at.
    @exclusivity(unchecked) var environmentSerial = 0
    /// ``environmentSerial`` at the last change not made by one writer
    /// (the root's): every value read before it is read again.
    @exclusivity(unchecked) var environmentEpoch = 0
    /// Nodes that read each environment key.
    var environmentReaders: [AnyKeyPath: [ObjectIdentifier: ViewNode]] = [:]
    /// What is known about each view type met so far.
    @exclusivity(unchecked) var typeInfos: [ObjectIdentifier: ViewTypeInfo] = [:]
    /// Types recently looked up in ``typeInfos``, and their entries, in a
    /// small direct-mapped table (``typeInfo(of:)``): a screen of rows
    /// makes nodes of a handful of types in turn (a row, its stack, texts
    /// and spacers), and each would miss a cache of the last type alone.
    @exclusivity(unchecked) var recentTypeInfos = RecentTypeInfos()
    /// Leaves to lay out again in their current frame (their size did not change).
    @exclusivity(unchecked) var relayoutQueue: [ViewNode] = []
    /// Nodes whose content or frame changed this frame.
    @exclusivity(unchecked) var paintQueue: [ViewNode] = []
    /// Scrolling containers painting records for (see ``ScrollBlit``).
    @exclusivity(unchecked) var scrollBlits: [ScrollBlit] = []
    /// Scrolling containers laid out this frame whose content moved.
    @exclusivity(unchecked) var pendingBlits: [ScrollBlit] = []
    /// The innermost scrolling container being placed, if any.
    @exclusivity(unchecked) var scrollPlacement: ScrollBlit?
    /// `.task`s created and not yet begun (``noteTaskCreated()``).
    @exclusivity(unchecked) var tasksStarting = 0
    /// Whether painting may shift a scrolling container's cells (tests
    /// compare frames with and without).
    @exclusivity(unchecked) var scrollBlitsEnabled = true
    /// A damaged region being painted meets a scrolling container's region.
    @exclusivity(unchecked) var recordingBlits = false
    /// Records phases (evaluate, layout, draw) and each body evaluation —
    /// attributed to its view type, with the reason — as spans. `nil` (the
    /// default) costs one branch per phase and per evaluated node.
    @exclusivity(unchecked) public var profiler: Profiler?
    /// Attribute body spans to the readable identity path instead of the view type.
    @exclusivity(unchecked) public var profilesIdentityPaths = false
    /// Give the engine's own views (stacks, text, conditionals, ForEach,
    /// modifiers without a body) body spans too. Off by default: their time
    /// is charged to the view whose body made them, as in SwiftUI's
    /// Instruments, and a span costs two clock reads (about 60 ns here),
    /// which on trees of tiny views would be a large share of the frame.
    @exclusivity(unchecked) public var profilesPrimitiveViews = false
    /// Record every evaluation's reason (for "why was this re-evaluated?").
    @exclusivity(unchecked) public var recordsEvaluations = false
    /// Evaluations of the last frame, when ``recordsEvaluations`` is on.
    @exclusivity(unchecked) public internal(set) var evaluationLog: [(ViewIdentity, EvaluationReason)] = []
    /// A lazy stack's row height changed while it was placed: lay out from
    /// the root once more this frame (``layoutRoot()``).
    @exclusivity(unchecked) var layoutPassRequested = false

    /// Per-frame counts.
    public struct Statistics: Equatable, Sendable {
        /// `body` evaluations (and primitive content updates).
        public var bodyEvaluations = 0
        /// Nodes created this frame.
        public var nodesCreated = 0
        /// Nodes detached this frame.
        public var nodesDetached = 0
        /// Detached nodes reclaimed this frame (their state and identities freed).
        public var nodesReclaimed = 0
        /// Time spent reclaiming this frame.
        public var reclaimNanoseconds: UInt64 = 0
        /// Nodes whose layout was recomputed.
        public var layouts = 0
        /// Sizes asked of nodes during layout, answered from a node's cache
        /// or computed: what a relayout cost in proportion to the tree.
        public var sizeQueries = 0
        /// Nodes painted.
        public var paints = 0
        /// Scrolling containers (a list, a log view, a scroll view) whose
        /// cells were shifted instead of repainted: their content only
        /// moved by whole rows.
        public var scrollBlits = 0
    }

    public init(canvas: CellBuffer) {
        self.canvas = canvas
        rootInfo = ViewTypeInfo(EmptyView.self)
        root = ViewNode(identity: .root, discriminator: .position(0), viewType: ObjectIdentifier(ViewGraph.self),
                        behavior: TransparentBehavior.shared, info: rootInfo)
    }

    isolated deinit {
        // Models may fire after the graph went away: their observers must find it gone.
        observationToken.alive = false
        // Free the tree node by node rather than by a chain of deinits, whose
        // recursion is as deep as the tree.
        for child in root.children { reclamation.append(child) }
        root.children = []
        reclaimAll()
    }

    /// The root of the node graph.

    /// Renders one frame of `view` into the canvas: reconcile, lay out, paint.
    public func render<V: View>(_ view: V) {
        let phase = beginFrame()
        reconcileChild(view, of: root, slot: 0, key: .position(0))
        finishFrame(phase)
    }

    /// Renders one frame with the root view unchanged: only what state
    /// changes, events and timers marked dirty is evaluated. What a running
    /// app does for every frame after the first (its root value never
    /// changes, and re-evaluating it would re-evaluate the root's body).
    public func renderUpdates() {
        finishFrame(beginFrame())
    }

    /// Renders into the canvas what state changes, timers and tasks asked
    /// for since the last frame, if anything (``ViewGraph/dispatch(_:)``
    /// does before routing an event); the host's next frame encodes it.
    /// Nothing while a frame is being evaluated.
    func renderPendingUpdates() {
        guard hasPendingUpdates, !updateCycle.isEvaluating else { return }
        let profiler = activeProfiler(self.profiler)
        profiler?.beginFrame()
        renderUpdates()
        profiler?.endFrame()
        // What was painted is not encoded yet: the frame the host was told
        // about is still owed (it is not told again).
        needsFrame = true
    }

    private func beginFrame() -> SpanToken? {
        frameNumber += 1
        statistics = Statistics()
        if recordsEvaluations { evaluationLog.removeAll(keepingCapacity: true) }
        needsFrame = false
        hasPendingUpdates = false
        stackGuard.prepare()
        updateCycle.isEvaluating = true
        // Consecutive phases share a clock read (``Profiler/transition(_:to:detail:reason:)``).
        return activeProfiler(self.profiler)?.begin(.evaluate)
    }

    private func finishFrame(_ evaluatePhase: SpanToken?) {
        var phase = evaluatePhase
        let profiler = activeProfiler(self.profiler)
        evaluateDirtyNodes()
        reconcilePresentations()
        refreshKeyHelp()
        finishEvaluation()
        if let beforeLayout { beforeLayout(self) }
        if let span = phase { phase = profiler?.transition(span, to: .layout) }
        layoutRoot()
        if let span = phase { phase = profiler?.transition(span, to: .draw) }
        paint()
        if let span = phase, let profiler {
            profiler.end(span)
            profiler.add(statistics.bodyEvaluations, to: .nodesEvaluated)
        }
        runPreferenceObservers()
        finishLifecycle()
        if !reclamation.isEmpty {
            reclaim(budget: max(reclamationBudget, statistics.nodesCreated))
        }
    }

    // MARK: Frame requests and after-frame actions

    /// Forgets a request for a frame: the host renders its first frame
    /// anyway (what setting up its root environment asked for).
    func clearFrameRequest() {
        needsFrame = false
        hasPendingUpdates = false
    }

    /// Asks for a frame (at most once until it runs).
    func requestFrame() {
        hasPendingUpdates = true
        if !needsFrame {
            needsFrame = true
            onNeedsFrame?()
        }
    }

    /// The clock timers, ``TimelineView`` and `.task` sleeps follow; the
    /// environment's `\.clock` is this one.
    public var clock: RuntimeClock {
        get { clockStorage }
        set {
            clockStorage = newValue
            setRootEnvironment(\.clock, newValue)
        }
    }

    /// Queues `action` to run when the current frame is done.
    func afterFrame(_ action: @escaping () -> Void) { afterFrameActions.append(action) }

    /// Runs the actions the frame queued, in order (actions they queue wait
    /// for the next frame).
    @inline(__always)
    func runAfterFrameActions() {
        if !afterFrameActions.isEmpty { runQueuedActions() }
    }

    private func runQueuedActions() {
        let actions = afterFrameActions
        afterFrameActions.removeAll()
        for action in actions { action() }
    }

    /// The next layout scrolls `request`'s target into view.
    func setScrollRequest(_ request: ScrollRequest?) { scrollRequest = request }
}
