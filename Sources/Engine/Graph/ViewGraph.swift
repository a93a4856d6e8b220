import Profiler

/// The persistent node graph behind a view tree, and one frame's work on it:
/// reconcile (evaluate only what changed), lay out (only where a node or its
/// proposal changed), paint (only changed nodes, recording damage).
///
/// A graph draws into a ``CellBuffer``; the host hands that canvas to a
/// ``FrameEncoder``.
public final class ViewGraph {
    public let identities = IdentityTable()
    /// The canvas views paint into.
    public let canvas: CellBuffer
    let root: ViewNode
    /// The root node's type information (it has no view type of its own).
    private let rootInfo: ViewTypeInfo
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
    /// Subtrees detached and not yet reclaimed (a stack of nodes to visit).
    @exclusivity(unchecked) var reclamation: [ViewNode] = []
    /// Time a frame may spend reclaiming detached nodes (so dropping a large
    /// subtree never makes one frame slow); the rest waits for later frames
    /// or ``reclaimAll()`` when idle.
    public var reclamationBudgetNanoseconds: UInt64 = 350_000
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
    /// Events, lifecycle actions, timers and focus: what the graph needs
    /// from a running app beyond frames.
    @exclusivity(unchecked) var interaction = InteractionState()
    /// A state change is waiting for a frame.
    public internal(set) var needsFrame = false
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
    /// Nodes with `.onPreferenceChange`.
    var preferenceObservers: [ObjectIdentifier: ViewNode] = [:]
    /// The environment at the root.
    public internal(set) var rootEnvironment = EnvironmentValues()
    /// Nodes that read each environment key.
    var environmentReaders: [AnyKeyPath: [ObjectIdentifier: ViewNode]] = [:]
    /// What is known about each view type met so far.
    @exclusivity(unchecked) var typeInfos: [ObjectIdentifier: ViewTypeInfo] = [:]
    /// Leaves to lay out again in their current frame (their size did not change).
    @exclusivity(unchecked) var relayoutQueue: [ViewNode] = []
    /// Nodes whose content or frame changed this frame.
    @exclusivity(unchecked) var paintQueue: [ViewNode] = []
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
    @exclusivity(unchecked) public private(set) var evaluationLog: [(ViewIdentity, EvaluationReason)] = []
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
    }

    public init(canvas: CellBuffer) {
        self.canvas = canvas
        rootInfo = ViewTypeInfo(EmptyView.self)
        root = ViewNode(identity: .root, discriminator: .position(0), viewType: ObjectIdentifier(ViewGraph.self),
                        behavior: TransparentBehavior.shared, info: rootInfo)
    }

    deinit {
        // Free the tree node by node rather than by a chain of deinits, whose
        // recursion is as deep as the tree.
        for child in root.children { reclamation.append(child) }
        root.children = []
        reclaimAll()
    }

    /// The root of the node graph.
    public var rootNode: ViewNode { root }

    /// Every live node, depth first (for tests and tools; walks the whole graph).
    public func allNodes() -> [ViewNode] {
        var out: [ViewNode] = []
        var pending = [root]
        while let n = pending.popLast() {
            out.append(n)
            pending.append(contentsOf: n.children.reversed())
        }
        return out
    }

    /// Calls `body` with every style id a live node's behaviour caches
    /// between frames: the roots, besides the cells, that style-table
    /// compaction must keep (``StyleTable/compact(keeping:roots:)``).
    ///
    /// - Complexity: O(live nodes); run only when compacting, never per frame.
    public func forEachCachedStyleID(_ body: (StyleID) -> Void) {
        var pending = [root]
        while let n = pending.popLast() {
            n.behavior.forEachStyleID(body)
            pending.append(contentsOf: n.children)
        }
    }

    /// The readable identity path of `node`, e.g. `Root/VStack.0/Row[id: 42]`.
    public func path(of node: ViewNode) -> String { identities.path(of: node.identity) }

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

    private func beginFrame() -> SpanToken? {
        frameNumber += 1
        statistics = Statistics()
        if recordsEvaluations { evaluationLog.removeAll(keepingCapacity: true) }
        needsFrame = false
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
            reclaim(budget: .max, nanoseconds: reclamationBudgetNanoseconds, atLeast: statistics.nodesCreated)
        }
    }

    // MARK: Profiling

    static let bodySpan = SpanName("body")
    static let reasonLabels: [SpanLabel] = [
        SpanLabel("appeared"), SpanLabel("input changed"), SpanLabel("state changed"), SpanLabel("environment changed"),
    ]
    /// ``bodySpan`` and ``reasonLabels`` held by the graph: reading a static
    /// costs a `swift_once` call, and a body span is opened hundreds of
    /// times a frame.
    let bodySpanName = ViewGraph.bodySpan
    let reasonSpanLabels = ViewGraph.reasonLabels

    @inline(never)
    func beginBodySpan(_ profiler: Profiler, _ node: ViewNode, _ info: ViewTypeInfo,
                       _ reason: EvaluationReason) -> SpanToken {
        profiler.begin(bodySpanName, detail: profileLabel(node, info), reason: reasonSpanLabels[reason.index])
    }

    /// The label a node's body spans carry: its view type, or its identity
    /// path when ``profilesIdentityPaths`` is on. Made once per type (per
    /// node for paths).
    func profileLabel(_ node: ViewNode, _ info: ViewTypeInfo) -> SpanLabel {
        if profilesIdentityPaths {
            if let label = node.profileLabel { return label }
            let label = SpanLabel(path(of: node))
            node.profileLabel = label
            return label
        }
        if let label = info.profileLabel { return label }
        let label = SpanLabel(IdentityTable.shortName(info.type))
        info.profileLabel = label
        return label
    }

    // MARK: State

    /// What the graph knows about `type`, found once per type.
    @inline(__always)
    func typeInfo<V: View>(of type: V.Type) -> ViewTypeInfo {
        let key = ObjectIdentifier(type)
        if let known = typeInfos[key] { return known }
        let info = ViewTypeInfo(type)
        typeInfos[key] = info
        return info
    }

    /// The state slot of `node` for a `@State` at `ordinal` / `location`;
    /// created with `initial`, or reset to it when the stored type differs.
    func stateBox<Value>(in node: ViewNode, ordinal: Int, initial: Value,
                         location: () -> DeclarationSite) -> StateBox<Value> {
        switch stateKeying {
        case .ordinal:
            if let box = node.stateSlot(at: ordinal) as? StateBox<Value> { return box }
            let box = StateBox(restoredValue(for: node, key: .ordinal(ordinal), initial: initial), node: node, graph: self)
            if node.setStateSlot(box, at: ordinal) { stateSlotCount += 1 }
            return box
        case .sourceLocation:
            let location = location()
            if let box = node.stateByLocation[location] as? StateBox<Value> { return box }
            let box = StateBox(restoredValue(for: node, key: .site(location), initial: initial), node: node, graph: self)
            if node.stateByLocation[location] == nil { stateSlotCount += 1 }
            node.stateByLocation[location] = box
            return box
        }
    }

    /// Marks `node` dirty (its state changed) and asks for one frame.
    func invalidate(_ node: ViewNode) {
        // Before the guard: a second write to a node still dirty may move focus too.
        interaction.stateWrittenSinceFocusSync = true
        guard isLive(node), !node.isDirty, !defersInvalidation(node) else { return }
        node.isDirty = true
        node.pendingReason = .stateChanged
        dirtyNodes.append(node)
        if !needsFrame {
            needsFrame = true
            onNeedsFrame?()
        }
    }

    /// True when `node` is still part of the tree.
    func isLive(_ node: ViewNode) -> Bool {
        // Unretained: the walk runs for every state write, as deep as the
        // node, and the tree holds every ancestor while it runs.
        var current = Unmanaged.passUnretained(node)
        while true {
            let (attached, parent) = current._withUnsafeGuaranteedRef { ($0.isAttached, $0.parentStorage) }
            if !attached { return false }
            guard let parent else { return true }
            current = parent
        }
    }

    /// Evaluates dirty nodes that the top-down pass did not reach (their
    /// ancestors were skipped), shallowest first.
    func evaluateDirtyNodes() {
        guard !dirtyNodes.isEmpty else { return }
        func depth(_ node: ViewNode) -> Int {
            var d = 0
            var current = Unmanaged.passUnretained(node)
            while let parent = current._withUnsafeGuaranteedRef({ $0.parentStorage }) {
                d += 1
                current = parent
            }
            return d
        }
        while !dirtyNodes.isEmpty {
            if dirtyNodes.count == 1 {
                // One state change (the usual frame): nothing to order.
                let node = dirtyNodes.removeLast()
                if node.isDirty && isLive(node) { node.reevaluate(graph: self) }
                continue
            }
            // Depth once per node, not once per comparison.
            let batch = dirtyNodes.map { (depth($0), $0) }.sorted { $0.0 < $1.0 }
            dirtyNodes.removeAll(keepingCapacity: true)
            for (_, node) in batch where node.isDirty && isLive(node) { node.reevaluate(graph: self) }
        }
    }

    /// Forces layout and paint of everything on the next frame (after a resize).
    public func invalidateLayout() {
        var pending = [root]
        while let n = pending.popLast() {
            n.needsLayout = true
            n.cachedCount = 0
            n.paintedFrame = nil
            pending.append(contentsOf: n.children)
        }
        paintDamage.add(canvas.bounds)
    }

    // MARK: Reconciliation

    /// Reconciles the child of `parent` at `slot` with `view`: the same type
    /// with the same discriminator keeps its node; anything else replaces it.
    func reconcileChild<V: View>(_ view: V, of parent: ViewNode, slot: Int, discriminator: Discriminator) {
        reconcileChild(view, of: parent, slot: slot, key: DiscriminatorKey(discriminator)) { discriminator }
    }

    /// ``reconcileChild(_:of:slot:discriminator:)`` for a child told apart by
    /// position, branch or integer id (`.position(n)`, `.branch(n)`): plain
    /// data, so that no discriminator enum (whose explicit case holds a
    /// string or a box) is built, copied and destroyed per child.
    @inline(__always)
    func reconcileChild<V: View>(_ view: V, of parent: ViewNode, slot: Int, key: DiscriminatorKey) {
        reconcileChild(view, of: parent, slot: slot, key: key) { Discriminator(key) }
    }

    /// The two above: `discriminator` is asked for only to match an explicit
    /// id that is not an integer, or to make a node.
    private func reconcileChild<V: View>(_ view: V, of parent: ViewNode, slot: Int, key: DiscriminatorKey,
                                         discriminator: () -> Discriminator) {
        if slot < parent.children.count {
            // Unretained: `parent.children` keeps the node alive, and only
            // `parent`'s own reconcile (this one) changes that array.
            let existing = parent.children.unretained(at: slot)
            let reused = existing._withUnsafeGuaranteedRef { existing -> Bool in
                guard existing.viewType == ObjectIdentifier(V.self) && existing.key == key
                    && (key.kind != DiscriminatorKey.otherKind || existing.matches(discriminator()))
                else { return false }
                update(existing, with: view)
                return true
            }
            if reused { return }
            let node = makeNode(for: view, parent: parent, discriminator: discriminator())
            detach(existing.takeUnretainedValue())
            parent.children[slot] = node
            structureChanged(parent)
            update(node, with: view, isNew: true)
            return
        }
        let node = makeNode(for: view, parent: parent, discriminator: discriminator())
        parent.children.append(node)
        structureChanged(parent)
        update(node, with: view, isNew: true)
    }

    /// Reconciles a composite view's `body` as its only child. A body that is
    /// `EmptyView` gets no node: a view that only owns state (or draws
    /// nothing) is one node, not two.
    @inline(__always)
    func reconcileBody<B: View>(_ body: B, of node: ViewNode) {
        if B.self == EmptyView.self {
            trimChildren(of: node, to: 0)
        } else {
            reconcileChild(body, of: node, slot: 0, key: .position(0))
            trimChildren(of: node, to: 1)
        }
    }

    /// Reconciles `content` as the only child of `node`: what a view that
    /// wraps one view (a modifier, an event or lifecycle hook) does.
    @inline(__always)
    func reconcileOnlyChild<C: View>(_ content: C, of node: ViewNode) {
        reconcileChild(content, of: node, slot: 0, key: .position(0))
        trimChildren(of: node, to: 1)
    }

    /// Detaches the children of `parent` from `count` on.
    func trimChildren(of parent: ViewNode, to count: Int) {
        guard parent.children.count > count else { return }
        for child in parent.children[count...] { detach(child) }
        parent.children.removeSubrange(count...)
        structureChanged(parent)
    }

    func makeNode<V: View>(for view: V, parent: ViewNode, discriminator: Discriminator) -> ViewNode {
        let identity = identities.identity(parent: parent.identity, type: V.self, discriminator: discriminator)
        let info = typeInfo(of: V.self)
        let node = info.storesValue
            ? TypedViewNode(view, identity: identity, discriminator: discriminator, info: info)
            : ViewNode(identity: identity, discriminator: discriminator, viewType: ObjectIdentifier(V.self),
                       behavior: V._makeBehavior(), info: info)
        node.parent = parent
        statistics.nodesCreated += 1
        liveNodes += 1
        return node
    }

    /// Gives `node` a new value: skipped when equal and not dirty.
    func update<V: View>(_ node: ViewNode, with view: V, isNew: Bool = false) {
        let (storesValue, hasBody) = node.withInfo { ($0.storesValue, $0.hasBody) }
        let reason: EvaluationReason
        if isNew {
            reason = .appeared
        } else if node.isDirty {
            reason = node.pendingReason
        } else if !storesValue || !unsafeDowncast(node, to: TypedViewNode<V>.self).holds(view) {
            reason = .inputChanged
        } else {
            return  // skipped: no body, no layout, no paint
        }
        if storesValue && !isNew { unsafeDowncast(node, to: TypedViewNode<V>.self).value = view }
        node.isDirty = false
        node.evaluationCount += 1
        node.lastEvaluationReason = reason
        node.lastEvaluatedFrame = frameNumber
        statistics.bodyEvaluations += 1
        if recordsEvaluations { evaluationLog.append((node.identity, reason)) }
        invalidatePreferences(node)
        // One call site for `_reconcile` whether profiling or not; the span
        // work is out of line and non-generic, so this path stays as small as
        // without it, and a profiler that is attached but not recording costs
        // a load and a branch.
        var spanProfiler: Profiler?
        var span = SpanToken.disabled
        if let profiler = activeProfiler(profiler), profiler.isEnabled,
           hasBody || profilesPrimitiveViews {
            span = beginBodySpan(profiler, node, node.info, reason)
            spanProfiler = profiler
        }
        if stackGuard.isLow {
            // Too deep for this thread's stack: the subtree is not evaluated.
            stackExhausted(at: node, phase: "reconciling")
            trimChildren(of: node, to: 0)
        } else {
            V._reconcile(view, node: node, graph: self)
        }
        if let spanProfiler { spanProfiler.end(span) }
        if isRestoringState { finishStateRestore(node) }
    }

    /// Removes `node` and its subtree from the tree at once: its state is
    /// unreachable from now on and the area it painted is repainted. The
    /// subtree's nodes, state and identities are reclaimed incrementally
    /// (``reclaim(budget:)``), so dropping a large subtree does not make one
    /// frame slow.
    func detach(_ node: ViewNode) {
        paintDamage.add(paintedBounds(of: node))
        node.isAttached = false
        if let parent = node.parent { invalidatePreferences(parent) }
        reclamation.append(node)
        statistics.nodesDetached += 1
        if let parent = node.parent { markNeedsLayout(parent) }
    }

    /// Everything `node` and its descendants painted must be painted again
    /// (what they inherit changed, their own values did not).
    func markSubtreeNeedsPaint(_ node: ViewNode) {
        paintDamage.add(paintedBounds(of: node))
    }

    /// What `node` painted: its frame, or for a transparent node the frames
    /// of the laid-out nodes right below it (children paint inside those).
    private func paintedBounds(of node: ViewNode) -> Rect {
        if !node.isTransparent { return node.paintedFrame ?? .zero }
        var r = Rect.zero
        for child in node.children { r = r.union(paintedBounds(of: child)) }
        return r
    }

    /// Reclaims detached nodes — drops their state, releases their identities
    /// for reuse — until `budget` nodes are done or `nanoseconds` have been
    /// spent, but never fewer than `atLeast` (while any wait). Returns how
    /// many were reclaimed.
    ///
    /// ``render(_:)`` calls it after each frame with the frame's time budget
    /// (``reclamationBudgetNanoseconds``) and `atLeast` set to the nodes the
    /// frame created: a frame that builds nodes while others wait pays for as
    /// many as it built (as a pacing garbage collector makes allocation
    /// assist), so memory stays bounded however fast subtrees come and go,
    /// and the frames that only remove or change things keep to the budget.
    @discardableResult
    public func reclaim(budget: Int, nanoseconds: UInt64 = .max, atLeast: Int = 0) -> Int {
        var done = 0
        let start = monotonicNanoseconds()
        while done < budget {
            if done & 255 == 255 && done >= atLeast && nanoseconds != .max
                && monotonicNanoseconds() - start > nanoseconds { break }
            guard let node = reclamation.popLast() else { break }
            reclaimNode(node)
            done += 1
        }
        statistics.nodesReclaimed += done
        statistics.reclaimNanoseconds += monotonicNanoseconds() - start
        return done
    }

    /// Frees one detached node: queues its children, disconnects its state
    /// from it (a `Binding` kept by the app then writes into a box no frame
    /// reads), and returns its identity.
    @inline(__always)
    private func reclaimNode(_ node: ViewNode) {
        node.isAttached = false
        if !node.children.isEmpty {
            for child in node.children {
                // The child outlives its parent in the queue: nothing may
                // walk from it to the freed parent.
                child.parent = nil
                child.isAttached = false
                reclamation.append(child)
            }
            node.children = []
        }
        if let slot = node.firstStateSlot {
            slot.disown()
            stateSlotCount -= 1
            node.firstStateSlot = nil
        }
        if !node.moreStateSlots.isEmpty {
            for slot in node.moreStateSlots {
                guard let slot else { continue }
                slot.disown()
                stateSlotCount -= 1
            }
            node.moreStateSlots = []
        }
        if !node.stateByLocation.isEmpty {
            for slot in node.stateByLocation.values { slot.disown() }
            stateSlotCount -= node.stateByLocation.count
            node.stateByLocation = [:]
        }
        if !node.environmentReads.isEmpty {
            for key in node.environmentReads { environmentReaders[key]?[ObjectIdentifier(node)] = nil }
            node.environmentReads = []
        }
        if node.behavior.mayHaveWideGraphemes { wideTextNodes[ObjectIdentifier(node)] = nil }
        liveNodes -= 1
        // Identities are found through parents, never looked up by key, so
        // the slot can be reused at once.
        identities.release(node.identity)
    }

    /// Detached subtrees (and parts of subtrees) still waiting to be reclaimed.
    public var pendingReclamation: Int { reclamation.count }
    /// Nodes alive in memory: attached, or detached and not yet reclaimed.
    @exclusivity(unchecked) public internal(set) var liveNodes = 1

    /// Reclaims everything detached (when the app is idle).
    public func reclaimAll() { reclaim(budget: .max) }

    /// Marks `node` and its layout ancestors as needing layout.
    func markNeedsLayout(_ node: ViewNode) {
        // Unretained walk up (see ``isLive(_:)``).
        var current = Unmanaged.passUnretained(node)
        while true {
            let (stop, parent) = current._withUnsafeGuaranteedRef { c -> (Bool, Unmanaged<ViewNode>?) in
                if !c.isTransparent {
                    if c.needsLayout && c !== node { return (true, nil) }
                    c.needsLayout = true
                    c.cachedCount = 0
                }
                return (false, c.parentStorage)
            }
            guard !stop, let parent else { return }
            current = parent
        }
    }

    /// A leaf's content changed in a way that may change its size. When the
    /// sizes it answered for every proposal its ancestors asked are the
    /// same, only the leaf is laid out again (in its current frame) and
    /// nothing above it is touched; otherwise its ancestors re-lay out.
    func leafContentChanged(_ node: ViewNode) {
        var stable = node.layoutCache.count > 0 && node.paintedFrame != nil && !node.needsLayout
        if stable {
            let behavior = node.behavior
            stable = node.layoutCache.answersAgain { behavior.sizeThatFits($0, node: node, graph: self) }
        }
        if stable {
            node.needsLayout = true
            relayoutQueue.append(node)
        } else {
            node.layoutCache.removeAll()
            markNeedsLayout(node)
        }
    }

    /// The node's own paint changed: repaint it.
    func markNeedsPaint(_ node: ViewNode) {
        queuePaint(node)
    }

    /// Children were added, removed or replaced below `node`: the flattened
    /// layout children of the nearest laid-out ancestor must be rebuilt.
    func structureChanged(_ node: ViewNode) {
        var current = Unmanaged.passUnretained(node)
        while true {
            let parent = current._withUnsafeGuaranteedRef { c -> Unmanaged<ViewNode>? in
                c.structureChanged = true
                return !c.isTransparent || c === root ? nil : c.parentStorage
            }
            guard let parent else { break }
            current = parent
        }
        markNeedsLayout(current.takeUnretainedValue())
    }
}

extension Equatable {
    /// `a == b` where the values are statically of another type that is, at
    /// run time, `Self`.
    @inline(__always)
    static func _equalValues<V>(_ a: V, _ b: V) -> Bool {
        unsafeBitCast(a, to: Self.self) == unsafeBitCast(b, to: Self.self)
    }
}
