/// Presentation: modals keep focus and input inside them; sheets hang
/// from the root, above the app (``PresentationStack``).
extension ViewGraph {
    /// `modal` is presented (again): the first time, it goes on the
    /// presentation stack, remembering where focus was, and default focus
    /// is evaluated inside it after the frame: a `.defaultFocus` inside
    /// decides, else the control `initialFocus` picks from the modal's
    /// focus order (by default its first).
    func presentModal(_ modal: ViewNode, initialFocus: @escaping ([ViewNode]) -> ViewNode? = { $0.first }) {
        guard !presentations.contains(modal: modal) else { return }
        presentations.push(modal: modal, focusBefore: focusedNode, initialFocus: initialFocus)
        focusTracker.invalidateOrder()
        focusTracker.needDefaultFocus()
        keyHelpChanged()
    }

    /// The presenter `presenter` shows `sheet` over the app (a new sheet
    /// goes on top; one it showed already keeps its place).
    func presentSheet(_ sheet: AnyView, from presenter: ViewNode) { presentations.present(sheet, owner: presenter) }

    /// Shows `overlay` over the app without taking focus or input from it
    /// (toasts: the graph's own overlay, at most one; `nil` removes it). It
    /// is laid out at its ideal size for the screen, centred, like a sheet:
    /// an overlay that fills the screen places itself. Asks for a frame.
    func setOverlay(_ overlay: AnyView?) {
        if let overlay { presentations.present(overlay, owner: root) } else { presentations.dismiss(owner: root) }
        requestFrame()
    }

    /// The presenter `presenter` shows no sheet.
    func dismissSheet(from presenter: ViewNode) { presentations.dismiss(owner: presenter) }

    /// The innermost presented modal still in the tree (focus and input
    /// stay inside it). Modals that left the tree are popped, and focus
    /// returns where it was before each.
    var activeModal: ViewNode? {
        while let last = presentations.modals.last {
            if isLive(last) { return last }
            let previous = presentations.popModal()
            focusTracker.invalidateOrder()
            keyHelpChanged()
            if let previous, isLive(previous) {
                focus(previous)
            } else {
                focus(nil)
                focusTracker.needDefaultFocus()
            }
        }
        return nil
    }

    /// After evaluation: the sheets presented now go in the root's second
    /// slot (one frame's changes at most once); a presenter that left the
    /// tree takes its sheet with it.
    func reconcilePresentations() {
        if statistics.nodesDetached > 0 {
            presentations.dropSheets(isLive: isLive)
            presentations.dropCovered(isLive: isLive)
        }
        guard let sheets = presentations.takeChangedSheets() else { return }
        if sheets.isEmpty {
            trimChildren(of: root, to: min(root.children.count, 1))
        } else {
            let layer = PresentationLayer(sheets: sheets.map { ($0.owner, $0.view) })
            reconcileChild(layer, of: root, slot: 1, key: .position(1))
            evaluateDirtyNodes()
        }
    }
}
