/// Several views in a row, as a `@ViewBuilder` block produces them; each
/// child's identity is its position in the block.
public struct TupleView<each V: View>: PrimitiveView {
    public var value: (repeat each V)

    public init(_ views: repeat each V) { value = (repeat each views) }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        var slot = 0
        for child in repeat each view.value {
            graph.reconcileChild(child, of: node, slot: slot, key: .position(slot))
            slot += 1
        }
        graph.trimChildren(of: node, to: slot)
    }

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
}

/// Nothing: takes no space and draws nothing.
public struct EmptyView: PrimitiveView, Equatable {
    public init() {}
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {}
    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
}

/// The result of `if`/`else` or `switch` in a view builder: one branch's
/// view. Switching branch detaches the other branch's subtree.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    public enum Storage {
        case first(TrueContent)
        case second(FalseContent)
    }
    public var storage: Storage
    public init(_ storage: Storage) { self.storage = storage }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        switch view.storage {
        case .first(let v): graph.reconcileChild(v, of: node, slot: 0, key: .branch(0))
        case .second(let v): graph.reconcileChild(v, of: node, slot: 0, key: .branch(1))
        }
        graph.trimChildren(of: node, to: 1)
    }

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
}

/// An optional view: present or absent (`if` without `else`).
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional is a primitive view") }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        if let v = view {
            graph.reconcileChild(v, of: node, slot: 0, key: .branch(0))
            graph.trimChildren(of: node, to: 1)
        } else {
            graph.trimChildren(of: node, to: 0)
        }
    }

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
}

/// Views grouped without a layout of their own: in a stack, its children
/// are the stack's children.
public struct Group<Content: View>: PrimitiveView {
    public var content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileOnlyChild(view.content, of: node)
    }

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
}

/// A type-erased view. Changing the wrapped type replaces the subtree.
public struct AnyView: PrimitiveView {
    let reconcileChild: (ViewNode, ViewGraph) -> Void
    let type: ObjectIdentifier

    public init<V: View>(_ view: V) {
        type = ObjectIdentifier(V.self)
        reconcileChild = { node, graph in
            graph.reconcileOnlyChild(view, of: node)
        }
    }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        view.reconcileChild(node, graph)
    }

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }
}

// The views above only arrange others: their nodes keep no value.
extension TupleView { public static var _isStructural: Bool { true } }
extension ConditionalContent { public static var _isStructural: Bool { true } }
extension Optional where Wrapped: View {
    public static var _isStructural: Bool { true }
    public static var _structuralIsEquatable: Bool { Wrapped.self is any Equatable.Type }
}
extension Group { public static var _isStructural: Bool { true } }
extension AnyView { public static var _isStructural: Bool { true } }
extension VStack { public static var _isStructural: Bool { true } }
extension HStack { public static var _isStructural: Bool { true } }
extension ZStack { public static var _isStructural: Bool { true } }
extension PaddingView { public static var _isStructural: Bool { true } }
extension FrameView { public static var _isStructural: Bool { true } }
extension FixedSizeView { public static var _isStructural: Bool { true } }
extension LayoutPriorityView { public static var _isStructural: Bool { true } }
extension HiddenView { public static var _isStructural: Bool { true } }
