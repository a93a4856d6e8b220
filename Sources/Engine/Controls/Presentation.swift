/// A view presented over the content: while it is shown, focus stays
/// inside it (Tab cycles its controls, clicks outside do nothing) and keys
/// do not reach the content behind (the sheet is not inside the app's
/// tree of handlers: it hangs from the root); Esc dismisses it.
public struct ModalView<Content: View>: PrimitiveView {
    var content: Content
    var dismiss: () -> Void

    public static func _makeBehavior() -> NodeBehavior { ModalBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ModalBehavior.self)
        b.dismiss = view.dismiss
        b.handler = { [unowned b] event in
            guard case .key(let press) = event, press.phase != .up else { return .ignored }
            guard press.key == .escape && press.modifiers.isEmpty else { return .ignored }
            b.dismiss?()
            return .handled
        }
        if !graph.interaction.modals.contains(where: { $0 === node }) {
            graph.interaction.modals.append(node)
            graph.interaction.focusOrderCache = nil
            graph.interaction.focusBeforeModal.append(graph.focusedNode)
            graph.afterFrame { [weak node, weak graph] in
                guard let node, let graph, graph.isLive(node) else { return }
                // Focus the first control inside.
                if let first = graph.focusOrder().first { graph.focus(first) }
            }
        }
        graph.interaction.eventHandlers[ObjectIdentifier(node)] = node
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class ModalBehavior: EventHandlerBehavior {
    var dismiss: (() -> Void)?
}

extension ViewGraph {
    /// The innermost presented modal still in the tree (focus and input stay inside it).
    var activeModal: ViewNode? {
        while let last = interaction.modals.last {
            if isLive(last) { return last }
            interaction.modals.removeLast()
            interaction.focusOrderCache = nil
            let previous = interaction.focusBeforeModal.popLast() ?? nil
            if let previous, isLive(previous) { focus(previous) } else { focus(nil) }
        }
        return nil
    }
}

/// A view that presents a sheet: the sheet is drawn over the whole screen
/// (centred, above everything), not inside this view's frame, while the
/// presenter stays in the tree.
public struct SheetPresenter<Content: View, Sheet: View>: PrimitiveView {
    var content: Content
    var sheet: Sheet?
    var dismiss: () -> Void

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let id = ObjectIdentifier(node)
        if let sheet = view.sheet {
            let index = graph.interaction.presentations.firstIndex { $0.owner == id }
            let presented = AnyView(ModalView(content: sheet.padding(1).border(.rounded).background(.default),
                                              dismiss: view.dismiss))
            if let index {
                graph.interaction.presentations[index].view = presented
            } else {
                graph.interaction.presentations.append((id, node, presented))
            }
            graph.interaction.presentationsChanged = true
        } else if let index = graph.interaction.presentations.firstIndex(where: { $0.owner == id }) {
            graph.interaction.presentations.remove(at: index)
            graph.interaction.presentationsChanged = true
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// The presented sheets, in order: the root's second child.
struct PresentationLayer: PrimitiveView {
    var sheets: [(owner: ObjectIdentifier, view: AnyView)]

    static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        for (i, sheet) in view.sheets.enumerated() {
            graph.reconcileChild(sheet.view, of: node, slot: i,
                                 discriminator: .explicit(ExplicitID(Int(bitPattern: sheet.owner))))
        }
        graph.trimChildren(of: node, to: view.sheets.count)
    }
}

extension ViewGraph {
    /// After evaluation: the sheets presented now go in the root's second
    /// slot (one frame's changes at most once); a presenter that left the
    /// tree takes its sheet with it.
    func reconcilePresentations() {
        if statistics.nodesDetached > 0 {
            let before = interaction.presentations.count
            interaction.presentations.removeAll { !isLive($0.node) }
            if interaction.presentations.count != before { interaction.presentationsChanged = true }
        }
        guard interaction.presentationsChanged else { return }
        interaction.presentationsChanged = false
        if interaction.presentations.isEmpty {
            trimChildren(of: root, to: min(root.children.count, 1))
        } else {
            let layer = PresentationLayer(sheets: interaction.presentations.map { ($0.owner, $0.view) })
            reconcileChild(layer, of: root, slot: 1, key: .position(1))
            evaluateDirtyNodes()
        }
    }
}

extension View {
    /// Presents `sheet` over the whole screen while `isPresented` is true;
    /// Esc (or setting it to false) dismisses it, and focus returns where it was.
    public func sheet<Sheet: View>(isPresented: Binding<Bool>, @ViewBuilder content: () -> Sheet)
        -> SheetPresenter<Self, Sheet> {
        SheetPresenter(content: self, sheet: isPresented.wrappedValue ? content() : nil) {
            isPresented.wrappedValue = false
        }
    }

    /// Presents an alert: a title, a message, and buttons (the first is
    /// focused; Esc dismisses). Buttons dismiss the alert after their action.
    ///
    /// ```swift
    /// .alert("Delete 3 files?", isPresented: $confirm, actions: [
    ///     AlertAction("Delete", role: .destructive) { delete() },
    ///     AlertAction("Cancel", role: .cancel) {},
    /// ], message: "This cannot be undone.")
    /// ```
    public func alert(_ title: String, isPresented: Binding<Bool>, actions: [AlertAction] = [AlertAction("OK") {}],
                      message: String? = nil) -> some View {
        // (An alert is a sheet with a title, a message and a row of buttons.)
        sheet(isPresented: isPresented) {
            VStack(alignment: .center, spacing: 1) {
                Text(title).bold()
                if let message { Text(message) }
                HStack(spacing: 2) {
                    ForEach(actions.indices, id: \.self) { i in
                        Button(actions[i].title, role: actions[i].role) {
                            isPresented.wrappedValue = false
                            actions[i].action()
                        }
                    }
                }
            }
        }
    }
}

/// A button of an alert.
public struct AlertAction {
    public var title: String
    public var role: ButtonRole?
    public var action: () -> Void
    public init(_ title: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.title = title
        self.role = role
        self.action = action
    }
}
