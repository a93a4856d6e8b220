/// A container that ``View/containerRelativeFrame(_:alignment:)`` sizes
/// the views inside by, as SwiftUI's list of them: the window, a
/// ``NavigationStack`` (the area below its bar), a column of a
/// ``NavigationSplitView``, a ``ScrollView`` (its visible size) or a
/// ``List`` or ``Table`` (the rows' area). Each keeps its size and the
/// frames inside that measured with it, to lay those out again when the
/// size changes.
@MainActor
final class RelativeFrameContainer {
    /// The size the views inside measure with; a length is `nil` while not
    /// known (a container asked for its ideal size before it was placed).
    private(set) var size = ContainerSize()
    /// The container-relative frames inside that measured with it, and the
    /// count past which the ones that left the tree are dropped.
    private var dependents = NodeRegistry()
    private var pruneCount = 32

    /// Frames registered (some may have left the tree).
    var dependentCount: Int { dependents.count }

    /// Sets the size the views inside measure with; when it changed, the
    /// frames inside that measured with the old one, and the views
    /// between them and `node` (the container's), are laid out again.
    ///
    /// - Complexity: O(1) when the size holds; otherwise O(dependents ×
    ///   their depth below `node`).
    func setSize(_ size: ContainerSize, node: ViewNode, graph: ViewGraph) {
        guard size != self.size else { return }
        self.size = size
        guard !dependents.isEmpty else { return }
        for dependent in dependents.live(isLive: graph.isLive) {
            graph.markNeedsLayout(dependent, below: node)
        }
        pruneCount = Swift.max(32, 2 * dependents.count)
    }

    /// `node` (a container-relative frame inside) measured with ``size``:
    /// it is laid out again when that changes.
    func addDependent(_ node: ViewNode, graph: ViewGraph) {
        dependents.insert(node)
        // Frames that left the tree (rows of a lazy stack scrolled away)
        // are dropped now and then, so that the set stays the size of what
        // is live.
        if dependents.count > pruneCount {
            _ = dependents.removeDead(isLive: graph.isLive)
            pruneCount = Swift.max(32, 2 * dependents.count)
        }
    }
}

/// The size of a view's container, per dimension; `nil` where it is not
/// known (a scroll view asked for its ideal size before it was ever placed).
struct ContainerSize: Equatable {
    var width: Int?
    var height: Int?

    /// Its length along `axis`.
    func length(_ axis: Axis) -> Int? { axis == .horizontal ? width : height }

    /// A size offered to a container before it is placed: the finite
    /// lengths of `proposal` (a stack's probe at infinity, or no length, is
    /// not known).
    init(offered proposal: ProposedSize) {
        let finite = { (length: Int?) in length.flatMap { $0 == .max ? nil : $0 } }
        width = finite(proposal.width)
        height = finite(proposal.height)
    }

    init(width: Int? = nil, height: Int? = nil) {
        self.width = width
        self.height = height
    }
}

extension ViewGraph {
    /// The container `node` sizes itself by (``View/containerRelativeFrame(_:alignment:)``):
    /// the nearest ancestor whose behaviour is a container for the child
    /// the walk came through (``NodeBehavior/relativeFrameContainer(for:of:)``),
    /// else the window (the canvas the root is laid out in). `node` is
    /// registered with that container, to be measured again when its size
    /// changes (the window's change lays everything out again).
    ///
    /// - Complexity: O(depth) up the parents, one virtual call each.
    func containerSize(of node: ViewNode) -> ContainerSize {
        var child = node
        var n = node.parent
        while let current = n {
            if let container = current.behavior.relativeFrameContainer(for: child, of: current) {
                container.addDependent(node, graph: self)
                return container.size
            }
            child = current
            n = current.parent
        }
        return ContainerSize(width: canvas.columns, height: canvas.rows)
    }
}
