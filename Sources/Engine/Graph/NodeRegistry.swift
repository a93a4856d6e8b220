/// The concerns a node can register for (at most sixteen: a node keeps one
/// bit per concern, ``ViewNode/registeredConcerns``): each is a set of nodes the graph
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
    /// Views that describe key bindings for the help (`.keyHelp`,
    /// `.onKeyPress(_:help:action:)`).
    case keyHelp
    /// ``HelpView``s: they show the bindings of the focused context.
    case helpDisplay
    /// Commands views offer the command palette (`.paletteCommand`).
    case paletteCommand
    /// `.textSelection(_:)` modifiers: where mouse selection may take text.
    case textSelection
}

/// Nodes registered for one concern, found again by identity.
///
/// A node registers each time it is evaluated (registering again is
/// idempotent) and is never unregistered when it leaves the tree: its
/// entry is dropped the next time the registry is walked
/// (``live(isLive:)``), so detaching a subtree costs nothing here.
///
/// Invariants: every entry's key is `ObjectIdentifier` of its node, and the
/// registry holds its node strongly (an identifier is never reused while
/// its entry lives); a live node is in a concern's registry exactly when its
/// bit for the concern is set (a node that left the tree never comes back,
/// so its bits may stay set after its entry is dropped).
struct NodeRegistry {
    private var nodes: [ObjectIdentifier: ViewNode] = [:]

    /// Whether no node is registered (live or not yet dropped).
    var isEmpty: Bool { nodes.isEmpty }

    /// How many nodes are registered (live or not yet dropped).
    var count: Int { nodes.count }

    /// Whether `node` is registered.
    func contains(_ node: ViewNode) -> Bool { nodes[ObjectIdentifier(node)] != nil }

    /// Registers `node` (again).
    mutating func insert(_ node: ViewNode) { nodes[ObjectIdentifier(node)] = node }

    /// Unregisters `node` (it no longer has the concern).
    mutating func remove(_ node: ViewNode) { nodes[ObjectIdentifier(node)] = nil }

    /// The registered nodes that `isLive` accepts, in no particular
    /// order; the others are dropped.
    ///
    /// - Complexity: O(registered nodes × their depth).
    mutating func live(isLive: (ViewNode) -> Bool) -> [ViewNode] {
        var live: [ViewNode] = []
        var dead: [ObjectIdentifier] = []
        for (id, node) in nodes {
            if isLive(node) { live.append(node) } else { dead.append(id) }
        }
        for id in dead { nodes[id] = nil }
        return live
    }

    /// Drops the nodes `isLive` rejects and returns them.
    mutating func removeDead(isLive: (ViewNode) -> Bool) -> [ViewNode] {
        var gone: [ViewNode] = []
        for (id, node) in nodes where !isLive(node) {
            nodes[id] = nil
            gone.append(node)
        }
        return gone
    }
}

/// The graph's registries, one per ``NodeConcern``: stored fields chosen
/// by a switch that a constant concern folds away, so asking whether a
/// concern has any node costs what reading a field does (it is asked
/// after every frame).
struct NodeRegistries {
    private var eventHandling = NodeRegistry()
    private var disappearance = NodeRegistry()
    private var focus = NodeRegistry()
    private var keyboardShortcut = NodeRegistry()
    private var geometry = NodeRegistry()
    private var tap = NodeRegistry()
    private var wheelScrolling = NodeRegistry()
    private var preferenceChange = NodeRegistry()
    private var keyHelp = NodeRegistry()
    private var helpDisplay = NodeRegistry()
    private var paletteCommand = NodeRegistry()
    private var textSelection = NodeRegistry()

    /// The registry of `concern`.
    @inline(__always)
    subscript(concern: NodeConcern) -> NodeRegistry {
        get {
            switch concern {
            case .eventHandling: return eventHandling
            case .disappearance: return disappearance
            case .focus: return focus
            case .keyboardShortcut: return keyboardShortcut
            case .geometry: return geometry
            case .tap: return tap
            case .wheelScrolling: return wheelScrolling
            case .preferenceChange: return preferenceChange
            case .keyHelp: return keyHelp
            case .helpDisplay: return helpDisplay
            case .paletteCommand: return paletteCommand
            case .textSelection: return textSelection
            }
        }
        _modify {
            switch concern {
            case .eventHandling: yield &eventHandling
            case .disappearance: yield &disappearance
            case .focus: yield &focus
            case .keyboardShortcut: yield &keyboardShortcut
            case .geometry: yield &geometry
            case .tap: yield &tap
            case .wheelScrolling: yield &wheelScrolling
            case .preferenceChange: yield &preferenceChange
            case .keyHelp: yield &keyHelp
            case .helpDisplay: yield &helpDisplay
            case .paletteCommand: yield &paletteCommand
            case .textSelection: yield &textSelection
            }
        }
    }

    /// Whether no node is registered for `concern` (a field read, no copy).
    @inline(__always)
    func isEmpty(_ concern: NodeConcern) -> Bool {
        switch concern {
        case .eventHandling: return eventHandling.isEmpty
        case .disappearance: return disappearance.isEmpty
        case .focus: return focus.isEmpty
        case .keyboardShortcut: return keyboardShortcut.isEmpty
        case .geometry: return geometry.isEmpty
        case .tap: return tap.isEmpty
        case .wheelScrolling: return wheelScrolling.isEmpty
        case .preferenceChange: return preferenceChange.isEmpty
        case .keyHelp: return keyHelp.isEmpty
        case .helpDisplay: return helpDisplay.isEmpty
        case .paletteCommand: return paletteCommand.isEmpty
        case .textSelection: return textSelection.isEmpty
        }
    }
}

extension ViewGraph {
    /// Registers `node` for `concern` (again: idempotent). A node that
    /// leaves the tree is dropped from every registry the next time that
    /// registry is read; nothing needs to unregister it.
    @inline(__always)
    func register(_ node: ViewNode, for concern: NodeConcern) {
        let bit: UInt16 = 1 << concern.rawValue
        guard node.registeredConcerns & bit == 0 else { return }
        node.registeredConcerns |= bit
        registries[concern].insert(node)
    }

    /// Unregisters `node` from `concern` (it no longer has it).
    func unregister(_ node: ViewNode, from concern: NodeConcern) {
        node.registeredConcerns &= ~(1 << concern.rawValue)
        registries[concern].remove(node)
    }

    /// Whether no node is registered for `concern`.
    @inline(__always)
    func noneRegistered(for concern: NodeConcern) -> Bool { registries.isEmpty(concern) }

    /// Whether `node` is registered for `concern`.
    func isRegistered(_ node: ViewNode, for concern: NodeConcern) -> Bool { registries[concern].contains(node) }

    /// The nodes registered for `concern` still in the tree, in no
    /// particular order; those that left it are dropped.
    func registeredNodes(for concern: NodeConcern) -> [ViewNode] {
        registries[concern].live(isLive: isLive)
    }

    /// The nodes registered for `concern` that left the tree, dropped from it.
    func removeDetached(from concern: NodeConcern) -> [ViewNode] { registries[concern].removeDead(isLive: isLive) }
}
