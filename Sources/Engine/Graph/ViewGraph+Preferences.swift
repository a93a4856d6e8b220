/// Preferences: values reduced up the tree, cached per node until
/// something below changes, and the observers told when theirs changes.
extension ViewGraph {
    /// The reduced value of `key` over `node`'s subtree, or nil when no view
    /// in it publishes one. Cached per node until something below changes.
    func reducedPreference<K: PreferenceKey>(_ key: K.Type, in node: ViewNode) -> K.Value? {
        let id = ObjectIdentifier(key)
        return reducedPreference(key, id: id, absentBit: preferenceAbsentBit(for: id), in: node)
    }

    /// The bit of ``ViewNode/preferenceAbsent`` that says a subtree holds no
    /// value of the key `id`; 0 past the 64th key met (those cache their
    /// absence in ``ViewNode/preferenceCache``).
    private func preferenceAbsentBit(for id: ObjectIdentifier) -> UInt64 {
        if let bit = preferenceAbsentBits[id] { return bit }
        let bit: UInt64 = preferenceAbsentBits.count < 64 ? 1 << UInt64(preferenceAbsentBits.count) : 0
        preferenceAbsentBits[id] = bit
        return bit
    }

    /// A subtree with no value of the key (nearly every subtree: a screen
    /// of rows under a stack that reads its screens' titles) caches that in
    /// one bit per node, not in a dictionary made for the node.
    private func reducedPreference<K: PreferenceKey>(_ key: K.Type, id: ObjectIdentifier, absentBit: UInt64,
                                                     in node: ViewNode) -> K.Value? {
        if node.preferenceAbsent & absentBit != 0 { return nil }
        if !node.preferenceCache.isEmpty, let cached = node.preferenceCache[id] { return cached as? K.Value }
        var result: K.Value?
        if node.behavior.isTransparent, let writer = node.behavior as? PreferenceWriterBehavior, writer.key == id {
            result = writer.value as? K.Value
        }
        for child in node.children {
            guard let v = reducedPreference(key, id: id, absentBit: absentBit, in: child) else { continue }
            if var r = result {
                K.reduce(value: &r, nextValue: { v })
                result = r
            } else {
                result = v
            }
        }
        if result == nil && absentBit != 0 {
            node.preferenceAbsent |= absentBit
        } else {
            node.preferenceCache[id] = result as Any
        }
        preferencesCached = true
        return result
    }

    /// Something in `node`'s subtree changed: drop the cached reductions on
    /// the way up (stopping where nothing was cached).
    @inline(__always)
    func invalidatePreferences(_ node: ViewNode) {
        // No preference was ever reduced: nothing to drop (and no node's
        // dictionary to look at on every evaluation).
        guard preferencesCached else { return }
        var n: ViewNode? = node
        while let current = n, current.preferenceAbsent != 0 || !current.preferenceCache.isEmpty {
            current.preferenceAbsent = 0
            if !current.preferenceCache.isEmpty { current.preferenceCache.removeAll() }
            n = current.parent
        }
    }

    /// Runs the preference observers whose reduced value changed.
    func runPreferenceObservers() {
        guard !noneRegistered(for: .preferenceChange) else { return }
        var actions: [() -> Void] = []
        for node in registeredNodes(for: .preferenceChange) {
            if let observing = node.behavior as? PreferenceObserving, let action = observing.check(node, graph: self) {
                actions.append(action)
            }
        }
        for action in actions { action() }
    }
}
