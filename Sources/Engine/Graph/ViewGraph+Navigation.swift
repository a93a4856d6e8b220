/// Navigation: the screens a ``NavigationStack`` keeps below its top stay
/// in the tree — their state and focus live on — but are covered: they take
/// no focus, keys, clicks, wheel or shortcuts until they are on top again
/// (``PresentationStack`` keeps the covered screens).
extension ViewGraph {
    /// The navigation host `host` covers exactly `screens` from now on
    /// (the screens below its top). The focus order is found again; a
    /// focused view that is now covered loses focus after the frame, and
    /// the new top's default focus takes it.
    func setCovered(_ screens: [ViewNode], by host: ViewNode) {
        guard presentations.setCovered(screens, by: host) else { return }
        focusTracker.invalidateOrder()
        keyHelpChanged()
    }

    /// Whether `node` lies in a screen a navigation host covers.
    ///
    /// - Complexity: O(depth) while some screen is covered, O(1) otherwise.
    func isCovered(_ node: ViewNode) -> Bool {
        let covered = presentations.coveredNodes
        guard !covered.isEmpty else { return false }
        var n: ViewNode? = node
        while let current = n {
            if covered.contains(ObjectIdentifier(current)) { return true }
            n = current.parent
        }
        return false
    }

    /// Whether input may reach `node`: it is inside the active modal (if
    /// one is up) and in no covered screen.
    func isReachable(_ node: ViewNode, modal: ViewNode?) -> Bool {
        if let modal, !isDescendant(node, of: modal) { return false }
        return !isCovered(node)
    }

    /// After this frame, focus goes to `node` if it can take it then (a
    /// popped screen gives focus back to the link that pushed it), else to
    /// the default focus: the first view in focus order inside `screen`
    /// (the screen just pushed) when one is, else in the whole window.
    ///
    /// A stack in one column of a split view pushes a screen beside the
    /// sidebar: the sidebar is not covered, and without `screen` the
    /// window's first view (in the sidebar) would take focus.
    func requestFocusAfterFrame(_ node: ViewNode?, defaultWithin screen: ViewNode? = nil) {
        focusTracker.requestFocus(node)
        focusTracker.scopeDefaultFocus(screen)
    }
}
