/// Whether the text inside a view can be selected with the mouse, as
/// SwiftUI's `TextSelectability`: `.enabled` or `.disabled`, given to
/// ``View/textSelection(_:)``.
///
/// In a terminal app that captures the mouse, text is selectable
/// everywhere unless a view says otherwise (the terminal's own selection,
/// which mouse capture turns off, selects everything too; SwiftUI's
/// default on macOS is the opposite). See <doc:TerminalProtocols>.
public protocol TextSelectability: Sendable {
    /// Whether text inside a view with this selectability can be selected.
    static var allowsSelection: Bool { get }
}

/// Text inside can be selected: `.enabled`.
public struct EnabledTextSelectability: TextSelectability {
    public static var allowsSelection: Bool { true }
    nonisolated public init() {}
}

/// Text inside cannot be selected: `.disabled`.
public struct DisabledTextSelectability: TextSelectability {
    public static var allowsSelection: Bool { false }
    nonisolated public init() {}
}

extension TextSelectability where Self == EnabledTextSelectability {
    /// Text inside can be selected (the default).
    nonisolated public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

extension TextSelectability where Self == DisabledTextSelectability {
    /// Text inside cannot be selected.
    nonisolated public static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}

extension View {
    /// Whether mouse selection can take the text inside this view.
    ///
    /// ```swift
    /// LogView(lines).textSelection(.enabled)
    /// Text(secretToken).textSelection(.disabled)
    /// ```
    ///
    /// The innermost modifier around a cell decides; text is selectable
    /// where none does. It costs nothing while painting: the selection
    /// looks up these views' frames only when it highlights or copies.
    public consuming func textSelection<S: TextSelectability>(_ selectability: S) -> TextSelectionView<Self> {
        TextSelectionView(content: self, allowsSelection: S.allowsSelection)
    }
}

/// A view whose text mouse selection may or may not take (``View/textSelection(_:)``).
public struct TextSelectionView<Content: View>: PrimitiveView {
    var content: Content
    var allowsSelection: Bool

    public static func _makeBehavior() -> NodeBehavior { TextSelectionBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TextSelectionBehavior.self)
        b.allowsSelection = view.allowsSelection
        graph.register(node, for: .textSelection)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class TextSelectionBehavior: NodeBehavior {
    var allowsSelection = true
    init() { super.init(transparent: true) }
}

/// Where text may be selected: the frames of the `.textSelection(_:)`
/// views, the innermost deciding.
struct SelectabilityMap {
    /// Frames with their depth in the tree, deepest last.
    private var regions: [(frame: Rect, depth: Int, allows: Bool)] = []

    /// Whether no view said anything: everything is selectable.
    var isEmpty: Bool { regions.isEmpty }

    /// Everything selectable.
    init() {}

    @MainActor
    init(_ graph: ViewGraph) {
        guard !graph.noneRegistered(for: .textSelection) else { return }
        for node in graph.registeredNodes(for: .textSelection) {
            guard let b = node.behavior as? TextSelectionBehavior else { continue }
            regions.append((graph.layoutBounds(of: node), graph.treePath(of: node).count, b.allowsSelection))
        }
        regions.sort { $0.depth < $1.depth }
    }

    /// Whether the cell at (`x`, `y`) may be selected.
    func allows(x: Int, y: Int) -> Bool {
        for region in regions.reversed() {
            let f = region.frame
            if x >= f.x && x < f.maxX && y >= f.y && y < f.maxY { return region.allows }
        }
        return true
    }
}
