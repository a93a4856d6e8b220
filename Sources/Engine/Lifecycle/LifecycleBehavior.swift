/// A node behaviour that must hear when its node leaves the tree.
class LifecycleBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
    /// A behaviour that paints (an ``Image`` that placed pixels must take
    /// them away when it leaves).
    init(transparent: Bool) { super.init(transparent: transparent) }
    /// The node left the tree (its subtree was detached).
    func disappeared() {}
}
