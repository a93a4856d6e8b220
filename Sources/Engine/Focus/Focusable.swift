/// A view that can take keyboard focus: Tab and Shift-Tab move focus
/// between such views in reading order, a click focuses one, and the
/// focused view's key handler (and then its ancestors') sees keys first.
///
/// Its content reads `@Environment(\.isFocused)` to look focused.
public struct FocusableView<Content: View>: PrimitiveView {
    var content: Content
    var isFocusable: Bool
    var onKey: ((KeyPress) -> KeyPress.Result)?
    var binding: FocusBinding?
    var onPaste: ((String) -> Void)?

    public static func _makeBehavior() -> NodeBehavior { FocusableBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: FocusableBehavior.self)
        let enabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        if b.isFocusable != view.isFocusable || b.isEnabled != enabled || b.isBindingProvider != (view.binding != nil) {
            graph.focusOrderMayHaveChanged()
        }
        b.isFocusable = view.isFocusable
        b.onKey = view.onKey
        b.onPaste = view.onPaste
        b.binding = view.binding
        b.isBindingProvider = view.binding != nil
        b.isEnabled = enabled
        if b.keyPath == nil {
            b.keyPath = EnvironmentPaths.isFocused
            b.apply = { [unowned b] env in env.isFocused = b.isFocused }
        }
        graph.register(node, for: .focus)
        if view.binding != nil {
            graph.focusBindingMade()
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// How a focusable view's focus is tied to a `@FocusState`.
struct FocusBinding {
    /// The state asks for this view to be focused.
    var isRequested: () -> Bool
    /// Tells the state this view gained (true) or lost (false) focus.
    var update: (Bool) -> Void
}

final class FocusableBehavior: EnvironmentWriterBehavior {
    var isFocusable = true
    var isEnabled = true
    var isFocused = false
    var onKey: ((KeyPress) -> KeyPress.Result)?
    var onPaste: ((String) -> Void)?
    var binding: FocusBinding?
    /// Made by `.focused(...)`: when the view inside is focusable itself,
    /// the binding goes to it and this is no focus stop of its own.
    var isBindingProvider = false
    /// The binding of a `.focused(...)` around this view (see ``isBindingProvider``).
    var delegatedBinding: FocusBinding?
    var effectiveBinding: FocusBinding? { binding ?? delegatedBinding }
    /// Can take focus now.
    var canFocus: Bool { isFocusable && isEnabled }
}

/// A `@FocusState` value: which focusable view has focus, as a `Bool` (one
/// view) or an optional `Hashable` (one of several fields).
///
/// ```swift
/// enum Field: Hashable { case name, email }
/// @FocusState private var field: Field?
/// TextField("Name", text: $name).focused($field, equals: .name)
/// Button("Next") { field = .email }
/// ```
///
/// Setting it moves focus (after the frame); Tab, clicks and focused views
/// leaving the tree change it back.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    var state: State<Value>
    let cleared: Value

    public init() where Value == Bool {
        state = State(wrappedValue: false)
        cleared = false
    }

    public init<T: Hashable>() where Value == T? {
        state = State(wrappedValue: nil)
        cleared = nil
    }

    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    /// The binding `.focused(_:)` and `.focused(_:equals:)` take.
    public var projectedValue: Binding { Binding(binding: state.projectedValue, cleared: cleared) }

    public mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph) {
        state._bind(node: node, ordinal: ordinal, graph: graph)
    }

    /// A binding to a focus state.
    public struct Binding {
        let binding: Engine.Binding<Value>
        let cleared: Value
        @MainActor
        public var wrappedValue: Value {
            get { binding.wrappedValue }
            nonmutating set { binding.wrappedValue = newValue }
        }
    }
}

// Safe for the reason `State` and `Binding` are: the value is reached only
// through main-actor-isolated `wrappedValue`s.
extension FocusState: @unchecked Sendable where Value: Sendable {}
extension FocusState.Binding: @unchecked Sendable where Value: Sendable {}

private struct IsFocusedKey: EnvironmentKey { static let defaultValue = false }
private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }

extension EnvironmentValues {
    /// The nearest enclosing focusable view has keyboard focus.
    public var isFocused: Bool {
        get { self[IsFocusedKey.self] }
        set { self[IsFocusedKey.self] = newValue }
    }

    /// Controls here take input (false inside `.disabled(true)`).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
}

/// A view whose content is disabled (or not), ANDed with its ancestors'.
public struct DisabledView<Content: View>: PrimitiveView {
    var content: Content
    var disabled: Bool

    public static func _makeBehavior() -> NodeBehavior { EnvironmentWriterBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: EnvironmentWriterBehavior.self)
        let disabled = view.disabled
        let changed = b.value != nil && (b.value as? Bool) != disabled
        b.keyPath = EnvironmentPaths.isEnabled
        b.value = disabled
        b.apply = { env in env.isEnabled = env.isEnabled && !disabled }
        if changed { graph.environmentChanged(EnvironmentPaths.isEnabled, below: node) }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

extension View {
    /// Lets this view take keyboard focus (Tab order is reading order).
    public consuming func focusable(_ isFocusable: Bool = true) -> FocusableView<Self> {
        FocusableView(content: self, isFocusable: isFocusable, onKey: nil, binding: nil, onPaste: nil)
    }

    /// A focusable view whose focus follows `binding`: focused while it is
    /// true; setting it to true moves focus here.
    public consuming func focused(_ binding: FocusState<Bool>.Binding) -> FocusableView<Self> {
        let b = binding.binding
        return FocusableView(content: self, isFocusable: true, onKey: nil,
                             binding: FocusBinding(isRequested: { b.wrappedValue },
                                                   update: { focused in
                                                       if b.wrappedValue != focused { b.wrappedValue = focused }
                                                   }), onPaste: nil)
    }

    /// A focusable view focused while `binding` equals `value`; setting it
    /// to `value` moves focus here.
    public consuming func focused<V: Hashable>(_ binding: FocusState<V?>.Binding, equals value: V) -> FocusableView<Self> {
        let b = binding.binding
        return FocusableView(content: self, isFocusable: true, onKey: nil,
                             binding: FocusBinding(isRequested: { b.wrappedValue == value },
                                                   update: { focused in
                                                       if focused, b.wrappedValue != value { b.wrappedValue = value }
                                                       if !focused, b.wrappedValue == value { b.wrappedValue = nil }
                                                   }), onPaste: nil)
    }

    /// Disables (or enables) the controls in this view: they ignore input
    /// and take no focus, and look disabled.
    public consuming func disabled(_ disabled: Bool = true) -> DisabledView<Self> {
        DisabledView(content: self, disabled: disabled)
    }
}

extension FocusableView {
    /// The same focusable view with a key handler that sees keys while it
    /// is focused, before its ancestors (what controls use).
    func onFocusedKey(_ handler: @escaping (KeyPress) -> KeyPress.Result) -> FocusableView {
        var copy = self
        copy.onKey = handler
        return copy
    }

    /// The same focusable view taking pasted text while it is focused.
    func onFocusedPaste(_ handler: @escaping (String) -> Void) -> FocusableView {
        var copy = self
        copy.onPaste = handler
        return copy
    }
}
