/// A value views publish to their ancestors (bottom-up data flow).
///
/// ```swift
/// struct CountKey: PreferenceKey {
///     static let defaultValue = 0
///     static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
/// }
/// Text("item").preference(key: CountKey.self, value: 1)
/// list.onPreferenceChange(CountKey.self) { total in … }
/// ```
///
/// Values from several views are combined in tree order with `reduce`
/// (by default the last value wins, so the deepest view's value does).
/// Reduced values are cached per node, so a subtree that was skipped
/// contributes its cached value without being walked again.
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey {
    public static func reduce(value: inout Value, nextValue: () -> Value) { value = nextValue() }
}

/// Publishes a preference value for its content.
public struct PreferenceWriter<Content: View, Key: PreferenceKey>: PrimitiveView {
    public var value: Key.Value
    public var content: Content

    public static func _makeBehavior() -> NodeBehavior { PreferenceWriterBehavior(key: Key.self) }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: PreferenceWriterBehavior.self)
        b.value = view.value
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class PreferenceWriterBehavior: NodeBehavior {
    let key: ObjectIdentifier
    var value: Any?
    init(key: Any.Type) {
        self.key = ObjectIdentifier(key)
        super.init(transparent: true)
    }
}

/// Calls `action` with its content's reduced value for `Key` when it changes
/// (and once when it is first known).
public struct PreferenceObserver<Content: View, Key: PreferenceKey>: PrimitiveView where Key.Value: Equatable {
    public var content: Content
    public var action: (Key.Value) -> Void

    public static func _makeBehavior() -> NodeBehavior { PreferenceObserverBehavior<Key>() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: PreferenceObserverBehavior<Key>.self)
        b.action = view.action
        graph.register(node, for: .preferenceChange)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// A behaviour that reacts to its subtree's preferences after reconciliation.
class PreferenceObserving: NodeBehavior {
    /// Collects the reduced value; returns the callback to run when it changed.
    func check(_ node: ViewNode, graph: ViewGraph) -> (() -> Void)? { nil }
}

final class PreferenceObserverBehavior<Key: PreferenceKey>: PreferenceObserving where Key.Value: Equatable {
    var action: ((Key.Value) -> Void)?
    var last: Key.Value?
    init() { super.init(transparent: true) }

    override func check(_ node: ViewNode, graph: ViewGraph) -> (() -> Void)? {
        let value = node.children.first.flatMap { graph.reducedPreference(Key.self, in: $0) } ?? Key.defaultValue
        guard value != last else { return nil }
        last = value
        guard let action else { return nil }
        return { action(value) }
    }
}

/// The title a screen shows, published by a view deep inside it.
public struct NavigationTitleKey: PreferenceKey {
    public static let defaultValue = ""
}

extension View {
    /// Publishes `value` for `key` to the ancestors of this view.
    public consuming func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> PreferenceWriter<Self, K> {
        PreferenceWriter(value: value, content: self)
    }

    /// Calls `action` when the reduced value of `key` in this view changes.
    public consuming func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self,
                                                     perform action: @escaping (K.Value) -> Void)
        -> PreferenceObserver<Self, K> where K.Value: Equatable {
        PreferenceObserver(content: self, action: action)
    }

    /// Sets the title of the enclosing screen (the ``NavigationTitleKey`` preference).
    public consuming func navigationTitle(_ title: String) -> PreferenceWriter<Self, NavigationTitleKey> {
        preference(key: NavigationTitleKey.self, value: title)
    }
}
