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
        graph.presentModal(node)
        graph.register(node, for: .eventHandling)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class ModalBehavior: EventHandlerBehavior {
    var dismiss: (() -> Void)?
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
        if let sheet = view.sheet {
            graph.presentSheet(AnyView(ModalView(content: sheet.padding(1).border(.rounded).background(.default),
                                                 dismiss: view.dismiss)),
                               from: node)
        } else {
            graph.dismissSheet(from: node)
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
    /// focused; Esc dismisses). A button runs its action, then dismisses the alert.
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
                        // SwiftUI's order: the action, then the dismissal
                        // (which may clear what the action needs, as a
                        // binding derived from a selection does).
                        Button(actions[i].title, role: actions[i].role) {
                            actions[i].action()
                            isPresented.wrappedValue = false
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
