/// A class a control keeps at its node: made the first time the control is
/// evaluated, kept while it stays in the tree, dropped with it.
@MainActor
protocol ControlModelObject: AnyObject {
    init()
}

/// A control's own reference-type model (a list's cursor and scroll
/// position), kept in a state slot of the control's node.
///
/// Unlike `@State var model = Model()`, the model is made once, not once per
/// evaluation of the parent's body (which builds a new control value every
/// time); and changing it asks for nothing until ``invalidate()``.
@propertyWrapper
struct ControlModel<Model: ControlModelObject>: DynamicProperty {
    private var box: StateBox<Model>?

    init() {}

    /// The model; outside an evaluation (never rendered), a fresh one.
    var wrappedValue: Model { box?.value ?? Model() }

    /// The model changed: evaluate the control again (in the next frame).
    func invalidate() {
        guard let box else { return }
        box.set(box.value)
    }

    /// Runs `action` after the frame being evaluated (at once outside one):
    /// where a control writes a binding it found out of date while its body
    /// ran, since state is not written during a view update.
    func afterFrame(_ action: @escaping () -> Void) {
        if let graph = box?.graph { graph.afterFrame(action) } else { action() }
    }

    mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph) {
        box = graph.stateSlot(in: node, ordinal: ordinal) { StateBox(Model(), node: node, graph: graph) }
    }
}
