/// State slots: where `@State` and a control's model live, at their node.
/// ``stateSlotCount`` counts them; only these methods and reclamation
/// change it.
extension ViewGraph {
    /// The state slot of `node` for a `@State` at `ordinal` / `location`;
    /// created with `initial`, or reset to it when the stored type differs.
    func stateBox<Value>(in node: ViewNode, ordinal: Int, initial: Value,
                         location: () -> DeclarationSite) -> StateBox<Value> {
        switch stateKeying {
        case .ordinal:
            // Written out, not through ``stateSlot(in:ordinal:make:)``: every
            // new node with `@State` comes here, and the closure cost a
            // context and its retains per slot (state-churn: +240k
            // instructions a frame).
            // A new node has no slot: no cast (each generic cast or
            // `Optional<Value>` looks its type's metadata up at run time).
            if let box = StateBox<Value>.boxing(node.stateSlot(at: ordinal)) { return box }
            let value = isRestoringState ? restoredValue(for: node, key: .ordinal(ordinal), initial: initial) : initial
            let box = StateBox(value, node: node, graph: self)
            if node.setStateSlot(box, at: ordinal) { stateSlotCount += 1 }
            return box
        case .sourceLocation:
            let location = location()
            if let box = StateBox<Value>.boxing(node.stateByLocation[location]) { return box }
            let box = StateBox(restoredValue(for: node, key: .site(location), initial: initial), node: node, graph: self)
            if node.stateByLocation[location] == nil { stateSlotCount += 1 }
            node.stateByLocation[location] = box
            return box
        }
    }

    /// The box of `Value` at `ordinal` of `node`: the one there, or one
    /// `make` makes (replacing a slot of another type) and the graph
    /// counts.
    @inline(__always)
    func stateSlot<Value>(in node: ViewNode, ordinal: Int, make: () -> StateBox<Value>) -> StateBox<Value> {
        if let slot = StateBox<Value>.boxing(node.stateSlot(at: ordinal)) { return slot }
        let slot = make()
        if node.setStateSlot(slot, at: ordinal) { stateSlotCount += 1 }
        return slot
    }
}
