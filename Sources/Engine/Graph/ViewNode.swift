import Profiler

/// Why a node's body or content was evaluated in a frame.
public enum EvaluationReason: Sendable, Equatable, CustomStringConvertible {
    var index: Int {
        switch self {
        case .appeared: return 0
        case .inputChanged: return 1
        case .stateChanged: return 2
        case .environmentChanged: return 3
        }
    }

    /// The node appeared this frame.
    case appeared
    /// Its parent passed a view value that differs from the last one.
    case inputChanged
    /// It was marked dirty (its state changed).
    case stateChanged
    /// An environment value it reads changed.
    case environmentChanged

    public var description: String {
        switch self {
        case .appeared: return "appeared"
        case .inputChanged: return "input changed"
        case .stateChanged: return "state changed"
        case .environmentChanged: return "environment changed"
        }
    }
}

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
    /// The profiler label of this node's body spans when they are attributed
    /// to identity paths, made on first use.
    @exclusivity(unchecked) var profileLabel: SpanLabel?
    /// Reduced preference values of this subtree, by key (an entry is valid
    /// until something below changes).
    @exclusivity(unchecked) var preferenceCache: [ObjectIdentifier: Any] = [:]
    /// Environment keys this node read (it is evaluated again when they change).
    @exclusivity(unchecked) var environmentReads: [AnyKeyPath] = []
    /// Why a dirty node will be evaluated (state or environment).
    @exclusivity(unchecked) var pendingReason: EvaluationReason = .stateChanged
    /// The `@State` slot at ordinal 0 (ordinal keying): most views own at
    /// most one, which then costs no array.
    @exclusivity(unchecked) var firstStateSlot: StateSlot?
    /// `@State` slots at ordinals 1… (ordinal keying).
    @exclusivity(unchecked) var moreStateSlots: [StateSlot?] = []
    /// `@State` slots by declaration site (source-location keying).
    @exclusivity(unchecked) var stateByLocation: [DeclarationSite: StateSlot] = [:]

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
    /// views (``StructuralView``). Being of a class that is not generic,
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

/// The node of a view of type `V` that keeps its last value
/// (``ViewTypeInfo/storesValue``): for the next frame's comparison, and for
/// evaluating the node again when it is marked dirty. The engine's
/// structural views, which can neither compare equal nor be marked dirty,
/// get a plain ``ViewNode``: a frame does not copy each of them into its
/// node and destroy the last one.
final class TypedViewNode<V: View>: ViewNode {
    @exclusivity(unchecked) var value: V

    init(_ value: V, identity: ViewIdentity, discriminator: Discriminator, info: ViewTypeInfo) {
        self.value = value
        super.init(identity: identity, discriminator: discriminator, viewType: ObjectIdentifier(V.self),
                   behavior: V._makeBehavior(), info: info)
    }

    override func reevaluate(graph: ViewGraph) { info.reevaluate(self, graph) }

    /// Whether `other` equals the stored value, by ``sameValue(_:_:equatable:isPlainData:)``
    /// with the comparison kind found once per type.
    @inline(__always)
    func holds(_ other: V) -> Bool {
        let (equatable, isPlainData) = withInfo { ($0.equatable, $0.isPlainData) }
        return sameValue(value, other, equatable: equatable, isPlainData: isPlainData)
    }
}

/// What the graph needs to know about a view type, found once per type:
/// how to compare its values and where its dynamic properties are.
final class ViewTypeInfo {
    let equatable: (any Equatable.Type)?
    let isPlainData: Bool
    let properties: DynamicPropertyLayout
    /// The type has a `body` of its own (it is not one of the engine's primitives).
    let hasBody: Bool
    /// The label of the type's body spans in profiles, made on first use.
    var profileLabel: SpanLabel?
    /// The view type itself, for its name.
    let type: Any.Type
    /// Nodes keep their last value: the type can compare equal, or it is not
    /// one of the engine's ``StructuralView``s (it may be marked dirty).
    let storesValue: Bool
    /// Evaluates a dirty node of the type again with its last value. Made
    /// where `V` is known, so that it runs code specialised for `V` (with
    /// cross-module optimisation, in the app's module): a class method of
    /// the generic node would run the unspecialised `update` for every
    /// state change.
    let reevaluate: (ViewNode, ViewGraph) -> Void

    init<V: View>(_ type: V.Type) {
        self.type = type
        equatable = V.self as? any Equatable.Type
        isPlainData = _isPOD(V.self)
        properties = DynamicPropertyLayout.of(V.self)
        hasBody = V.Body.self != Never.self
        storesValue = equatable != nil || isPlainData || !(V.self is any StructuralView.Type)
        reevaluate = { node, graph in
            guard let typed = node as? TypedViewNode<V> else {
                assertionFailure("\(V.self) was marked dirty, but its node keeps no value (a StructuralView)")
                return
            }
            graph.update(typed, with: typed.value)
        }
    }
}

/// One of the engine's views that only arrange others (stacks, tuples,
/// conditionals, `ForEach`, layout modifiers): it owns no state, reads no
/// environment and is never marked dirty, so its node need not keep its
/// last value unless the type can compare equal (``ViewTypeInfo/storesValue``).
/// Only for views whose `_reconcile` never reads the environment, state or
/// models; a node of one that was marked dirty would have nothing to
/// evaluate again.
protocol StructuralView {}

/// The engine's one rule for "did this value change": plain data that is
/// bitwise the same is the same value; otherwise `==` when the type is
/// Equatable, and "changed" when it is not.
///
/// Bitwise first even for an Equatable type: identical plain inputs make an
/// identical body whatever `==` says, and comparing the bytes costs less
/// than `==` through the type's conformance (the rows of a list are compared
/// every frame).
@inline(__always)
func sameValue<T>(_ a: T, _ b: T, equatable: (any Equatable.Type)? = T.self as? any Equatable.Type,
                  isPlainData: Bool = _isPOD(T.self)) -> Bool {
    if isPlainData {
        // memcmp, not a byte-by-byte Sequence comparison: a view value is
        // tens of bytes and this runs for every child of every evaluated parent.
        // The size known statically, not the count of a `withUnsafeBytes`
        // buffer: that path was left generic (metadata passed for every row
        // of a list).
        let size = MemoryLayout<T>.size
        if size == 0 { return true }
        let same = withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in Platform.bytesEqual(x, y, count: size) } }
        if same { return true }
    }
    if let equatable { return equatable._equalValues(a, b) }
    return false
}

/// How a node measures, places its children and paints itself.
///
/// Primitive views create one behaviour object per node and update it in
/// place when their value changes; composite views share `TransparentBehavior`.
public class NodeBehavior {
    /// Contributes its children to the parent's layout instead of being laid out itself.
    /// Stored so the hot path reads a field instead of making a virtual call.
    final let isTransparent: Bool
    /// An ``InheritedStyleBehavior``: a transparent node that passes a style
    /// down (read by painting for every transparent node it walks through).
    final let passesStyle: Bool
    /// A ``TextBehavior`` whose content is not all ASCII, so it may draw
    /// two-column graphemes: painting must not cut it at a damage edge.
    /// Kept here, not only on the text, so that reclaiming a node tells
    /// whether to drop it from ``ViewGraph/wideTextNodes`` without a cast.
    @exclusivity(unchecked) final var mayHaveWideGraphemes = false
    /// How a stack sizes this node: asked (most nodes), or without asking
    /// (a spacer), or turned across the stack's axis first (a divider).
    final let stackRole: StackRole

    enum StackRole: UInt8 { case plain, spacer, divider }

    /// Paints nothing of its own, clips its children to its frame, passes
    /// down what it inherits and paints its children in layout order: what
    /// the defaults of ``paint(_:into:clip:inherited:)``,
    /// ``childClip(_:_:)``, ``inheritedForChildren(_:)`` and
    /// ``paintOrder(_:)`` do. Painting then makes none of those four calls.
    /// Set only by a final behaviour that overrides none of them (stacks).
    final let paintsOnlyChildren: Bool

    /// The size for `proposal`. The default lays the children out as a
    /// vertical stack without spacing (a multi-view body in a single-child place).
    func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        StackLayout.size(axis: .vertical, spacing: 0, children: node.layoutChildren, proposal: proposal, graph: graph)
    }

    /// Places the children within `rect` (the node's own frame).
    func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        StackLayout.place(axis: .vertical, spacing: 0, alignment: .center, children: node.layoutChildren, in: rect,
                          graph: graph)
    }

    /// Paints the node's own content (not its children) within `clip`.
    /// `inherited` is what enclosing views passed down: its background is
    /// the colour an enclosing `.background` filled in (which text and lines
    /// with a default background show through), its foreground and
    /// attributes come from `.foregroundStyle`, `.bold()` and the like on an
    /// ancestor, for the text inside to take where it sets none of its own.
    func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {}

    /// What its children inherit (see ``paint(_:into:clip:inherited:)``).
    /// Among transparent nodes only ``InheritedStyleBehavior`` (`passesStyle`)
    /// passes anything down: painting folds those without calling this.
    func inheritedForChildren(_ inherited: Style) -> Style { inherited }

    /// How eagerly a stack gives this node space (`.layoutPriority`).
    var layoutPriority: Double { 0 }

    /// The order children paint in (later on top).
    func paintOrder(_ node: ViewNode) -> [ViewNode] { node.layoutChildren }

    /// The clip for children: by default the node's frame.
    func childClip(_ node: ViewNode, _ clip: Rect) -> Rect { clip.intersection(node.frame) }

    /// Reports every ``StyleID`` this behaviour keeps between frames, so
    /// that style-table compaction keeps them alive
    /// (``ViewGraph/forEachCachedStyleID(_:)``). A behaviour that caches an
    /// id must override this.
    func forEachStyleID(_ body: (StyleID) -> Void) {}

    init(transparent: Bool = false, passesStyle: Bool = false, stackRole: StackRole = .plain,
         paintsOnlyChildren: Bool = false) {
        isTransparent = transparent
        self.passesStyle = passesStyle
        self.stackRole = stackRole
        self.paintsOnlyChildren = paintsOnlyChildren
    }
}

/// The behaviour of composite views and view lists: nothing of their own.
final class TransparentBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
    nonisolated(unsafe) static let shared = TransparentBehavior()
}

/// The sizes a node answered for recent proposals, valid until its layout
/// changes. A stack asks each child several times per pass (minimum,
/// maximum, its share), and its own parent asks it several times, so the
/// cache holds up to 16 entries; once full, the oldest entry is replaced.
/// The entries are one array (one allocation per node, made on first use
/// and kept when the cache is cleared).
struct LayoutCache {
    static let capacity = 16
    struct Entry {
        var proposal: ProposedSize
        var size: Size
    }
    private var storage: [Entry] = []
    private var next = 0
    /// Moves each time the cache is cleared (the node's answers may have
    /// changed); a stack compares it with what it recorded per child.
    private(set) var generation: UInt32 = 0

    var count: Int { storage.count }

    @inline(__always)
    func size(for proposal: ProposedSize) -> Size? {
        for i in 0..<storage.count where storage[i].proposal == proposal { return storage[i].size }
        return nil
    }

    @inline(__always)
    mutating func insert(_ proposal: ProposedSize, _ size: Size) {
        if storage.count < LayoutCache.capacity {
            storage.append(Entry(proposal: proposal, size: size))
        } else {
            storage[next] = Entry(proposal: proposal, size: size)
            next = (next + 1) % LayoutCache.capacity
        }
    }

    /// Whether `size` answers every cached proposal with the cached size
    /// (the entries, all still right, stay).
    @inline(__always)
    func answersAgain(_ size: (ProposedSize) -> Size) -> Bool {
        for entry in storage where size(entry.proposal) != entry.size { return false }
        return true
    }

    @inline(__always)
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        next = 0
        generation &+= 1
    }
}

extension Array where Element == ViewNode {
    /// The node at `i`, not retained: valid while this array (or another
    /// owner) keeps it.
    @inline(__always)
    func unretained(at i: Int) -> Unmanaged<ViewNode> {
        precondition(i >= 0 && i < count, "index out of range")
        return withUnsafeBufferPointer { Self.unretained(UnsafeRawPointer($0.baseAddress!), i) }
    }

    /// Element `i` of a buffer of nodes, loaded as `Unmanaged` (no retain).
    @inline(__always)
    private static func unretained(_ base: UnsafeRawPointer, _ i: Int) -> Unmanaged<ViewNode> {
        base.load(fromByteOffset: i &* MemoryLayout<ViewNode>.stride, as: Unmanaged<ViewNode>.self)
    }

    /// Calls `body` with each node, without retaining it: the array keeps
    /// every node alive for the call, and iterating with `for in` retained
    /// and released each one (a recursive walk paid that at every level).
    /// `body` must not remove nodes from this array.
    @inline(__always)
    func forEachUnretained(_ body: (ViewNode) -> Void) {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for i in 0..<buffer.count { Self.unretained(raw, i)._withUnsafeGuaranteedRef(body) }
        }
    }
}
