/// A node behaviour that must hear when its node leaves the tree.
class LifecycleBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
    /// The node left the tree (its subtree was detached).
    func disappeared() {}
}
