/// Preferences: values reduced up the tree, cached per node until
/// something below changes, and the observers told when theirs changes.
extension ViewGraph {
    /// The reduced value of `key` over `node`'s subtree, or nil when no view
    /// in it publishes one. Cached per node until something below changes.
    func reducedPreference<K: PreferenceKey>(_ key: K.Type, in node: ViewNode) -> K.Value? {
        let id = ObjectIdentifier(key)
        if let cached = node.preferenceCache[id] { return cached as? K.Value }
        var result: K.Value?
        if let writer = node.behavior as? PreferenceWriterBehavior, writer.key == id {
            result = writer.value as? K.Value
        }
        for child in node.children {
            guard let v = reducedPreference(key, in: child) else { continue }
            if var r = result {
                K.reduce(value: &r, nextValue: { v })
                result = r
            } else {
                result = v
            }
        }
        node.preferenceCache[id] = result as Any
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
        while let current = n, !current.preferenceCache.isEmpty {
            current.preferenceCache.removeAll()
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
