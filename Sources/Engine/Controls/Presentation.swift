/// A view presented over the content: while it is shown, focus stays
/// inside it (Tab cycles its controls, clicks outside do nothing) and keys
/// do not reach the content behind (the sheet is not inside the app's
/// tree of handlers: it hangs from the root); Esc dismisses it.
public struct ModalView<Content: View>: PrimitiveView {
    var content: Content
    var dismiss: () -> Void
    /// Picks the control focused when the modal appears, from the modal's
    /// focus order (reading order).
    var initialFocus: ([ViewNode]) -> ViewNode? = { $0.first }
    /// The view it drops down from (a menu's button), if any: it is placed
    /// below it rather than centred.
    var anchor: ViewNode?

    public static func _makeBehavior() -> NodeBehavior { ModalBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ModalBehavior.self)
        b.dismiss = view.dismiss
        b.anchor = view.anchor
        b.handler = { [unowned b] event in
            guard case .key(let press) = event, press.phase != .up else { return .ignored }
            guard press.key == .escape && press.modifiers.isEmpty else { return .ignored }
            b.dismiss?()
            return .handled
        }
        graph.presentModal(node, initialFocus: view.initialFocus)
        graph.register(node, for: .eventHandling)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class ModalBehavior: EventHandlerBehavior {
    var dismiss: (() -> Void)?
    /// Where it drops down from (``ModalView/anchor``).
    weak var anchor: ViewNode?
}

/// A view that presents a sheet: the sheet is drawn over the whole screen
/// (centred, above everything), not inside this view's frame, while the
/// presenter stays in the tree.
public struct SheetPresenter<Content: View, Sheet: View>: PrimitiveView {
    var content: Content
    var sheet: Sheet?
    /// What Esc does (a sheet sets its binding to false; a dialog runs its
    /// cancel button's action first).
    var dismiss: () -> Void
    var initialFocus: ([ViewNode]) -> ViewNode? = { $0.first }
    /// A popup (a menu's list): framed without padding and placed below
    /// the presenter rather than centred.
    var dropsDown = false

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        if let sheet = view.sheet {
            let content = sheet.environment(\.dismiss, DismissAction(view.dismiss))
            let modal = view.dropsDown
                ? AnyView(ModalView(content: content.border(.single).background(.default), dismiss: view.dismiss,
                                    initialFocus: view.initialFocus, anchor: node))
                : AnyView(ModalView(content: content.padding(1).border(.rounded).background(.default),
                                    dismiss: view.dismiss, initialFocus: view.initialFocus))
            graph.presentSheet(modal, from: node)
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
    public consuming func sheet<Sheet: View>(isPresented: Binding<Bool>, @ViewBuilder content: () -> Sheet)
        -> SheetPresenter<Self, Sheet> {
        SheetPresenter(content: self, sheet: isPresented.wrappedValue ? content() : nil) {
            isPresented.wrappedValue = false
        }
    }
}
