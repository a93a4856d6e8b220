/// The command palette's commands: those registered by views in the tree
/// that input can reach now.
extension ViewGraph {
    /// The nodes of the `.paletteCommand`s in the tree that input can
    /// reach (inside the active modal, if one is up; in no covered
    /// screen), in tree order.
    ///
    /// - Complexity: O(commands × depth).
    func reachablePaletteCommands() -> [ViewNode] {
        guard !noneRegistered(for: .paletteCommand) else { return [] }
        let modal = presentations.modals.last { isLive($0) }
        let nodes = registeredNodes(for: .paletteCommand).filter { isReachable($0, modal: modal) }
        return nodes.map { (treePath(of: $0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }
}
