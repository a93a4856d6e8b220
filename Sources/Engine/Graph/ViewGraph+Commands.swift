/// The command palette's commands: those registered by views in the tree
/// that input can reach now.
extension ViewGraph {
    /// The nodes of the `.paletteCommand`s in the tree that input can
    /// reach (inside the active modal, if one is up; in no covered
    /// screen), in the order the app declares them (``inDeclarationOrder(_:)``).
    ///
    /// - Complexity: O(commands × depth).
    func reachablePaletteCommands() -> [ViewNode] {
        guard !noneRegistered(for: .paletteCommand) else { return [] }
        let modal = presentations.modals.last { isLive($0) }
        let nodes = registeredNodes(for: .paletteCommand).filter { isReachable($0, modal: modal) }
        return inDeclarationOrder(nodes)
    }
}
