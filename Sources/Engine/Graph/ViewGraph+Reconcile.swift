import Profiler

extension ViewGraph {
    /// What the graph knows about `type`, found once per type. Nodes are
    /// made in runs of a few types (a list's rows, a screen pushed, a
    /// subtree coming back), so recent types are kept beside the table in
    /// ``RecentTypeInfos``: a run hashes each type once.
    @inline(__always)
    func typeInfo<V: View>(of type: V.Type) -> ViewTypeInfo {
        let key = ObjectIdentifier(type)
        if let info = recentTypeInfos[key] { return info.takeUnretainedValue() }
        let info: ViewTypeInfo
        if let known = typeInfos[key] {
            info = known
        } else {
            info = ViewTypeInfo(type)
            typeInfos[key] = info
        }
        // Unretained: ``typeInfos`` keeps every entry for the graph's life.
        recentTypeInfos[key] = Unmanaged.passUnretained(info)
        return info
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

    /// Makes room for `count` children of a node that has none yet (a
    /// block of a known number of views, made for the first time), so
    /// that adding them one by one does not grow the array several times.
    @inline(__always)
    func reserveChildren(of parent: ViewNode, _ count: Int) {
        if parent.children.capacity == 0 { parent.children.reserveCapacity(count) }
    }

    /// Detaches the children of `parent` from `count` on.
    func trimChildren(of parent: ViewNode, to count: Int) {
        guard parent.children.count > count else { return }
        for child in parent.children[count...] { detach(child) }
        parent.children.removeSubrange(count...)
        structureChanged(parent)
    }

    func makeNode<V: View>(for view: V, parent: ViewNode, discriminator: Discriminator) -> ViewNode {
        let identity = identities.identity(parent: parent.identity, type: V.self, key: DiscriminatorKey(discriminator),
                                           discriminator: discriminator)
        let info = typeInfo(of: V.self)
        let node = info.storesValue
            ? withUnsafePointer(to: view) { info.makeTypedNode(UnsafeRawPointer($0), identity, discriminator, info) }
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
}

/// A small two-way table from view types to their ``ViewTypeInfo``
/// (held unretained: the graph's ``ViewGraph/typeInfos`` keeps every entry
/// for the graph's life). A lookup is a shift, a mask and a compare or
/// two; a miss, or three types sharing a pair of slots, falls back to the
/// dictionary.
struct RecentTypeInfos {
    private static let slots = 32
    private var types = [ObjectIdentifier?](repeating: nil, count: RecentTypeInfos.slots)
    private var infos = [Unmanaged<ViewTypeInfo>?](repeating: nil, count: RecentTypeInfos.slots)

    @inline(__always)
    private static func slot(_ key: ObjectIdentifier) -> Int {
        // Type metadata is at least 8-byte aligned.
        Int(truncatingIfNeeded: UInt(bitPattern: key) &>> 3) & (slots - 1)
    }

    /// Two ways: a type is looked for in its slot, then in the slot half
    /// the table away, so two types whose metadata addresses share their
    /// slot (which depends on the binary's layout) are both kept, not
    /// evicting each other for every node (nav-push's rows hashed ~1,000
    /// types a frame so in one build).
    subscript(key: ObjectIdentifier) -> Unmanaged<ViewTypeInfo>? {
        @inline(__always) get {
            let i = RecentTypeInfos.slot(key)
            if types[i] == key { return infos[i] }
            let j = i ^ (RecentTypeInfos.slots / 2)
            return types[j] == key ? infos[j] : nil
        }
        set {
            let i = RecentTypeInfos.slot(key)
            // The slot's type, if another, moves to the second way (whose
            // type, the least recently set of the two, is dropped).
            if let other = types[i], other != key {
                let j = i ^ (RecentTypeInfos.slots / 2)
                types[j] = other
                infos[j] = infos[i]
            }
            types[i] = key
            infos[i] = newValue
        }
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
