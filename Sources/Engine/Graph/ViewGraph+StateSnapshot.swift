/// Which slot a stored state value belongs to.
public enum StateSlotKey: Hashable, Sendable {
    case ordinal(Int)
    case site(DeclarationSite)
}

extension ViewGraph {
    /// The state values stored at `node`, by slot key (for tools, and for
    /// carrying state across a reload of changed code).
    public func stateSnapshot(of node: ViewNode) -> [StateSlotKey: Any] {
        var out: [StateSlotKey: Any] = [:]
        for (i, slot) in node.stateSlots.enumerated() { if let slot { out[.ordinal(i)] = slot.storedValue } }
        for (site, slot) in node.stateByLocation { out[.site(site)] = slot.storedValue }
        return out
    }

    /// Seeds the next node created for a view of `type` with `snapshot`, as
    /// if the code had been recompiled with state surviving (seed 002): each
    /// `@State` takes the stored value under its key when the types match,
    /// and its initial value otherwise.
    public func restoreState(_ snapshot: [StateSlotKey: Any], intoNextNodeOf type: Any.Type) {
        pendingStateRestore = (ObjectIdentifier(type), snapshot)
    }

    /// The value a new slot starts with: a restored one when the snapshot
    /// has a value of the right type under `key`.
    func restoredValue<Value>(for node: ViewNode, key: StateSlotKey, initial: Value) -> Value {
        guard isRestoringState, let (type, snapshot) = pendingStateRestore, type == node.viewType,
              let stored = snapshot[key] as? Value
        else { return initial }
        return stored
    }

    /// Ends a restore once the node it was meant for has evaluated its body.
    func finishStateRestore(_ node: ViewNode) {
        if let (type, _) = pendingStateRestore, type == node.viewType { pendingStateRestore = nil }
    }
}
