import Profiler

/// The persistent node of one live structural identity.
///
/// A node outlives the view values that describe it: each frame its parent
/// hands it a new value, and the node is skipped entirely (no body, no
/// layout, no paint) when that value equals the last one and nothing marked
/// it dirty. It holds the last value, its children, its layout cache, its
/// frame on screen and its behaviour (how it measures, places and paints).
///
/// Every node below the root is a `TypedViewNode<V>`, which holds the last
/// value inline (one object per node, not a node and a box).
@MainActor
public class ViewNode {
    public let identity: ViewIdentity
    let discriminator: Discriminator
    /// ``discriminator`` as plain data (what matching reads).
    let key: DiscriminatorKey
    let viewType: ObjectIdentifier
    var parent: ViewNode? {
        @inline(__always) get { parentStorage?.takeUnretainedValue() }
        @inline(__always) set { parentStorage = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The parent, unretained (the parent owns this node). Walks up the
    /// tree read this: reading an `unowned(unsafe)` reference into a local
    /// retained and released it at every step.
    @exclusivity(unchecked) var parentStorage: Unmanaged<ViewNode>?
    @exclusivity(unchecked) var children: [ViewNode] = []
    /// How this node takes part in layout and painting; fixed for the
    /// node's life (a `let`: calls through it on a live node need no
    /// retain of the behaviour).
    let behavior: NodeBehavior
    /// Marked by a state change: evaluate even if the input is equal.
    @exclusivity(unchecked) var isDirty = false
    /// This node's size or its children's placement must be recomputed.
    @exclusivity(unchecked) var needsLayout = true
    /// Its own paint changed (in place) and must be redrawn.
    @exclusivity(unchecked) var needsPaint = true
    /// Set when reconciliation added, removed or reordered children of this
    /// node or of transparent nodes below it: the flattened layout children
    /// must be rebuilt.
    @exclusivity(unchecked) var structureChanged = true
    /// Queued for paint only because it was placed at its painted frame
    /// moved by whole rows inside a scrolling container
    /// (``ViewGraph/placeScrolling(_:region:blit:_:)``); any other reason
    /// to repaint it clears this. A scroll blit moves such a node's cells
    /// instead of repainting them.
    @exclusivity(unchecked) var movedOnly = false
    /// Cached flattening of transparent descendants.
    @exclusivity(unchecked) var layoutChildren: [ViewNode] = []
    /// Moves each time `layoutChildren` is rebuilt: what a stack kept about
    /// its children (``StackLayoutCache``) is valid for one version.
    @exclusivity(unchecked) var layoutChildrenVersion: UInt32 = 0
    /// Layout cache: (proposal, size) pairs valid until the node needs layout.
    @exclusivity(unchecked) var layoutCache = LayoutCache()
    var cachedCount: Int {
        get { layoutCache.count }
        set { if newValue == 0 { layoutCache.removeAll() } }
    }
    /// Where the node was last placed (absolute canvas coordinates).
    @exclusivity(unchecked) public internal(set) var frame = Rect.zero
    /// The node's frame when it was last painted; `nil` when never painted.
    @exclusivity(unchecked) var paintedFrame: Rect?
    /// Bodies (or primitive contents) evaluated over the node's life.
    @exclusivity(unchecked) public internal(set) var evaluationCount = 0
    /// Why the node was last evaluated.
    @exclusivity(unchecked) public internal(set) var lastEvaluationReason: EvaluationReason = .appeared
    /// The frame number of the last evaluation.
    @exclusivity(unchecked) public internal(set) var lastEvaluatedFrame = -1
    @exclusivity(unchecked) var isAttached = true
    /// The ``NodeConcern``s this node is registered for, one bit each
    /// (``ViewGraph/register(_:for:)``): a node evaluated again registers
    /// without touching the registry.
    @exclusivity(unchecked) var registeredConcerns: UInt16 = 0
    /// The profiler label of this node's body spans when they are attributed
    /// to identity paths, made on first use.
    @exclusivity(unchecked) var profileLabel: SpanLabel?
    /// Reduced preference values of this subtree, by key (an entry is valid
    /// until something below changes).
    @exclusivity(unchecked) var preferenceCache: [ObjectIdentifier: Any] = [:]
    /// Keys known to have no value in this subtree, one bit per key
    /// (``ViewGraph/preferenceAbsentBits``): valid, as ``preferenceCache``
    /// is, until something below changes.
    @exclusivity(unchecked) var preferenceAbsent: UInt64 = 0
    /// Environment keys this node read (it is evaluated again when they
    /// change), with the values it read.
    @exclusivity(unchecked) var environmentReads: [EnvironmentRead] = []
    /// Why a dirty node will be evaluated (state or environment).
    @exclusivity(unchecked) var pendingReason: EvaluationReason = .stateChanged
    /// The `@State` slot at ordinal 0 (ordinal keying): most views own at
    /// most one, which then costs no array.
    @exclusivity(unchecked) var firstStateSlot: StateSlot?
    /// `@State` slots at ordinals 1… (ordinal keying).
    @exclusivity(unchecked) var moreStateSlots: [StateSlot?] = []
    /// `@State` slots by declaration site (source-location keying).
    @exclusivity(unchecked) var stateByLocation: [DeclarationSite: StateSlot] = [:]
    /// What models' registrars call when a property this node's body read
    /// changes (``ViewGraph/observing(_:_:)``); made when its body first reads
    /// one (`nil` for a body that never reads a model).
    @exclusivity(unchecked) var observer: ObservedNode?

    /// What the graph knows about the node's view type. Owned by the
    /// graph's per-type table, which lives as long as the graph; held
    /// unretained, and read on hot paths through ``withInfo(_:)`` (a local
    /// copy of an `unowned(unsafe)` reference is a retained one).
    let infoStorage: Unmanaged<ViewTypeInfo>
    /// The type's information, as a strong reference (cold paths).
    var info: ViewTypeInfo { infoStorage.takeUnretainedValue() }

    /// Calls `body` with the type's information, retaining nothing.
    @inline(__always)
    func withInfo<R>(_ body: (ViewTypeInfo) -> R) -> R { infoStorage._withUnsafeGuaranteedRef(body) }

    /// A node that keeps no value: the root, and the engine's structural
    /// views (``View/_isStructural``). Being of a class that is not generic,
    /// it is also freed without looking up any type's metadata.
    init(identity: ViewIdentity, discriminator: Discriminator, viewType: ObjectIdentifier, behavior: NodeBehavior,
         info: ViewTypeInfo) {
        self.identity = identity
        infoStorage = Unmanaged.passUnretained(info)
        self.discriminator = discriminator
        key = DiscriminatorKey(discriminator)
        self.viewType = viewType
        self.behavior = behavior
    }

    deinit {
        // State a binding still holds must not point at this node (or at a
        // graph that is going away with it).
        firstStateSlot?.disown()
        for slot in moreStateSlots { slot?.disown() }
        for slot in stateByLocation.values { slot.disown() }
        // A model may still fire for this node: it must find it gone.
        observer?.nodeAlive = false
    }

    /// Whether this node was made for `d`: two integers compared, except for
    /// explicit ids that are not integers.
    @inline(__always)
    func matches(_ d: Discriminator) -> Bool {
        let k = DiscriminatorKey(d)
        guard k.kind == DiscriminatorKey.otherKind else { return key == k }
        return key.kind == DiscriminatorKey.otherKind && discriminator.matches(d)
    }

    /// Whether this node is the row whose explicit id is `id`.
    @inline(__always)
    func matches(explicit id: ExplicitID) -> Bool {
        let k = DiscriminatorKey(id)
        guard k.kind == DiscriminatorKey.otherKind else { return key == k }
        guard key.kind == DiscriminatorKey.otherKind, case .explicit(let mine) = discriminator else { return false }
        return mine == id
    }

    /// `@State` slots by ordinal (ordinal keying), `nil` where a slot was never made.
    var stateSlots: [StateSlot?] {
        firstStateSlot == nil && moreStateSlots.isEmpty ? [] : [firstStateSlot] + moreStateSlots
    }

    /// The ordinal-keyed slot at `ordinal`.
    @inline(__always)
    func stateSlot(at ordinal: Int) -> StateSlot? {
        if ordinal == 0 { return firstStateSlot }
        return ordinal - 1 < moreStateSlots.count ? moreStateSlots[ordinal - 1] : nil
    }

    /// Stores the ordinal-keyed slot at `ordinal`; true when the place was empty.
    func setStateSlot(_ slot: StateSlot, at ordinal: Int) -> Bool {
        if ordinal == 0 {
            defer { firstStateSlot = slot }
            return firstStateSlot == nil
        }
        while moreStateSlots.count < ordinal { moreStateSlots.append(nil) }
        defer { moreStateSlots[ordinal - 1] = slot }
        return moreStateSlots[ordinal - 1] == nil
    }

    /// Evaluates the node again with its last value (it was marked dirty).
    func reevaluate(graph: ViewGraph) {}

    /// True for nodes that contribute their children to the parent's layout
    /// (composite views, tuples, groups, ForEach, conditionals).
    @inline(__always) var isTransparent: Bool { behavior.isTransparent }

    /// The nodes below, in order (for tests and the profiler).
    public var childNodes: [ViewNode] { children }
}
