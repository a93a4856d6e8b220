/// The concerns a node can register for: each is a set of nodes the graph
/// finds again by identity, without walking the tree (the views with an
/// event handler, those that can take focus, …).
enum NodeConcern: Int, CaseIterable {
    /// ``EventHandlerView``s and modals: routed events reach them.
    case eventHandling
    /// Views that must hear when they leave the tree (`.onDisappear`, `.task`, timers).
    case disappearance
    /// ``FocusableView``s: the focus order is made from them.
    case focus
    /// ``KeyboardShortcutView``s.
    case keyboardShortcut
    /// `.onGeometryChange` observers.
    case geometry
    /// `.onTapGesture` targets.
    case tap
    /// Scroll views that keep their own offset: the wheel scrolls them.
    case wheelScrolling
    /// `.onPreferenceChange` observers.
    case preferenceChange
}

/// Nodes registered for one concern, found again by identity.
///
/// A node registers each time it is evaluated (registering again is
/// idempotent) and is never unregistered when it leaves the tree: its
/// entry is dropped the next time the registry is walked
/// (``forEachLive(isLive:_:)``), so detaching a subtree costs nothing here.
///
/// Invariant: every entry's key is `ObjectIdentifier` of its node, and the
/// registry holds its node strongly (an identifier is never reused while
/// its entry lives).
struct NodeRegistry {
    private var nodes: [ObjectIdentifier: ViewNode] = [:]

    /// Whether no node is registered (live or not yet dropped).
    var isEmpty: Bool { nodes.isEmpty }

    /// Whether `node` is registered.
    func contains(_ node: ViewNode) -> Bool { nodes[ObjectIdentifier(node)] != nil }

    /// Registers `node` (again).
    mutating func insert(_ node: ViewNode) { nodes[ObjectIdentifier(node)] = node }

    /// Unregisters `node` (it no longer has the concern).
    mutating func remove(_ node: ViewNode) { nodes[ObjectIdentifier(node)] = nil }

    /// Calls `body` with each registered node that `isLive` accepts, in no
    /// particular order, dropping the others; `body` returns false to stop.
    ///
    /// - Complexity: O(registered nodes × their depth).
    mutating func forEachLive(isLive: (ViewNode) -> Bool, _ body: (ViewNode) -> Bool) {
        var dead: [ObjectIdentifier] = []
        for (id, node) in nodes {
            guard isLive(node) else {
                dead.append(id)
                continue
            }
            if !body(node) { break }
        }
        for id in dead { nodes[id] = nil }
    }

    /// Drops the nodes `isLive` rejects and returns those it accepts.
    mutating func removeDead(isLive: (ViewNode) -> Bool) -> [ViewNode] {
        var gone: [ViewNode] = []
        for (id, node) in nodes where !isLive(node) {
            nodes[id] = nil
            gone.append(node)
        }
        return gone
    }
}

/// The graph's registries, one per ``NodeConcern``.
final class NodeRegistries {
    private var registries = [NodeRegistry](repeating: NodeRegistry(), count: NodeConcern.allCases.count)

    /// Registers `node` for `concern` (again: idempotent).
    @inline(__always)
    func register(_ node: ViewNode, for concern: NodeConcern) { registries[concern.rawValue].insert(node) }

    /// Unregisters `node` from `concern`.
    func unregister(_ node: ViewNode, from concern: NodeConcern) { registries[concern.rawValue].remove(node) }

    /// Whether no node is registered for `concern`.
    func isEmpty(_ concern: NodeConcern) -> Bool { registries[concern.rawValue].isEmpty }

    /// Whether `node` is registered for `concern`.
    func contains(_ node: ViewNode, for concern: NodeConcern) -> Bool { registries[concern.rawValue].contains(node) }

    /// The nodes registered for `concern` that `isLive` accepts; the others are dropped.
    func live(_ concern: NodeConcern, isLive: (ViewNode) -> Bool) -> [ViewNode] {
        var live: [ViewNode] = []
        registries[concern.rawValue].forEachLive(isLive: isLive) { live.append($0); return true }
        return live
    }

    /// The nodes registered for `concern` that `isLive` rejects, dropped.
    func removeDead(_ concern: NodeConcern, isLive: (ViewNode) -> Bool) -> [ViewNode] {
        registries[concern.rawValue].removeDead(isLive: isLive)
    }
}

extension ViewGraph {
    /// Registers `node` for `concern` (again: idempotent). A node that
    /// leaves the tree is dropped from every registry the next time that
    /// registry is read; nothing needs to unregister it.
    @inline(__always)
    func register(_ node: ViewNode, for concern: NodeConcern) { registries.register(node, for: concern) }

    /// Unregisters `node` from `concern` (it no longer has it).
    func unregister(_ node: ViewNode, from concern: NodeConcern) { registries.unregister(node, from: concern) }

    /// Whether no node is registered for `concern`.
    func noneRegistered(for concern: NodeConcern) -> Bool { registries.isEmpty(concern) }

    /// Whether `node` is registered for `concern`.
    func isRegistered(_ node: ViewNode, for concern: NodeConcern) -> Bool { registries.contains(node, for: concern) }

    /// The nodes registered for `concern` still in the tree, in no
    /// particular order; those that left it are dropped.
    func registeredNodes(for concern: NodeConcern) -> [ViewNode] { registries.live(concern, isLive: isLive) }

    /// The nodes registered for `concern` that left the tree, dropped from it.
    func removeDetached(from concern: NodeConcern) -> [ViewNode] { registries.removeDead(concern, isLive: isLive) }
}
