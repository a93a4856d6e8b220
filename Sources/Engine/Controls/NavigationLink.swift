/// A control that pushes a screen onto the enclosing ``NavigationStack``:
/// a value (shown by the ``View/navigationDestination(for:destination:)``
/// for its type) or a destination view.
///
/// ```swift
/// NavigationLink("Display", value: Pane.display)
/// NavigationLink { AboutView() } label: { Text("About") }
/// ```
///
/// It is focusable; Enter, Space or a click pushes. It looks like its
/// label followed by ` ›`, in the focus colours when focused. A link whose
/// value is `nil`, or outside any stack, does nothing (SwiftUI disables
/// the first).
public struct NavigationLink<Label: View, Destination: View>: View {
    var label: Label
    var target: Target
    @Environment(EnvironmentPaths.navigationContext) private var navigation
    @Environment(EnvironmentPaths.listRowSelector) private var rowSelector

    enum Target {
        case value(AnyHashable?)
        case destination(Destination)
    }

    /// A link that pushes `value`; the stack shows it with the
    /// `navigationDestination` declared for its type.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never {
        self.label = label()
        target = .value(value.map { AnyHashable($0) })
    }

    /// A link that pushes `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .destination(destination())
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    var resolvedBody: DisabledView<TapGestureView<FocusableView<NavigationLinkFace<Label>>>> {
        let navigation = self.navigation, target = self.target, rowSelector = self.rowSelector
        let isEnabled: Bool
        if case .value(nil) = target { isEnabled = false } else { isEnabled = true }
        let push: () -> Void = {
            guard let context = navigation.context else { return }
            // In a split view's column, a value link in a selectable list's
            // row selects it (SwiftUI's sidebar pattern).
            if context.splitColumn != nil, case .value(let value?) = target { _ = rowSelector.select?(value) }
            switch target {
            case .value(let value?): context.pushValue(value)
            case .value(nil): break
            case .destination(let view): _ = context.pushView(AnyView(view))
            }
        }
        return NavigationLinkFace(label: label)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]),
                      press.key == .enter || press.key == .space else { return .ignored }
                push()
                return .handled
            }
            .onTapGesture(perform: push)
            .disabled(!isEnabled)
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link titled `title` that pushes `value`.
    public init<P: Hashable>(_ title: String, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `title` that pushes `destination`.
    public init(_ title: String, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

/// A link's look: the label and ` ›`, in the focus colours when focused.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct NavigationLinkFace<Label: View>: View {
    var label: Label
    @Environment(EnvironmentPaths.isFocused) private var isFocused
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: BackgroundColorView<InheritedStyleView<HStack<TupleView2<Label, Text>>>> {
        HStack(spacing: 0) {
            label
            Text(" ›")
        }
        .foregroundStyle(!isEnabled ? theme.disabled : isFocused ? theme.focusForeground : .default)
        .background(isFocused && isEnabled ? theme.focusBackground : .default)
    }
}

/// Declares the view a ``NavigationStack`` shows for the values of type `D`
/// pushed on it (from a ``NavigationLink`` or the path).
public struct NavigationDestinationView<Content: View, D: Hashable, Destination: View>: PrimitiveView {
    var content: Content
    var destination: (D) -> Destination

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let destination = view.destination
        graph.environmentValue(EnvironmentPaths.navigationContext, at: node).context?.register(D.self) { value in
            guard let typed = value.base as? D else { return AnyView(EmptyView()) }
            return AnyView(destination(typed))
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

extension View {
    /// Shows `destination(value)` when a value of type `data` is pushed on
    /// the enclosing ``NavigationStack``.
    ///
    /// Declare it on the stack's root or on a screen inside the stack (not
    /// inside a lazy container); a screen pushed after it was declared uses
    /// it. A value with no destination for its type shows an empty screen.
    public consuming func navigationDestination<D: Hashable, C: View>(for data: D.Type,
                                                            @ViewBuilder destination: @escaping (D) -> C)
        -> NavigationDestinationView<Self, D, C> {
        NavigationDestinationView(content: self, destination: destination)
    }
}

/// What the views inside a stack reach it through: links push, destinations
/// register, screens dismiss. One per stack, kept by its node.
@MainActor
final class NavigationContext {
    /// The destinations declared inside the stack, by the type of value.
    private var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView] = [:]
    /// The split view column this context is for (nil: a stack's). A link
    /// in such a column selects its value's row in the enclosing
    /// selectable list, then opens the next column.
    var splitColumn: Int?
    /// The stack's screens, root first (as last evaluated).
    var keys: [NavigationEntryKey] = []
    var pushValue: @MainActor (AnyHashable) -> Void = { _ in }
    /// Pushes a view; returns its screen's key (nil when nothing was pushed).
    var pushView: @MainActor (AnyView) -> NavigationEntryKey? = { _ in nil }
    /// Keeps the first `depth` screens.
    var pop: @MainActor (Int) -> Void = { _ in }

    func register<D>(_ type: D.Type, _ make: @escaping (AnyHashable) -> AnyView) {
        destinations[ObjectIdentifier(type)] = make
    }

    /// The screen for `value`: its type's destination, else an empty one.
    func destination(for value: AnyHashable) -> AnyView {
        guard let make = destinations[ObjectIdentifier(type(of: value.base))] else { return AnyView(EmptyView()) }
        return make(value)
    }

    /// Pops the screen `key` and those above it.
    func dismiss(_ key: NavigationEntryKey) {
        guard let index = keys.firstIndex(of: key), index > 0 else { return }
        pop(index)
    }
}

/// The split view column a view is in, directly (no stack between): a
/// stack there merges its title bar into the split view's when it
/// collapses. Equal when it is the same column of the same split view.
struct NavigationSplitColumnLink: Equatable {
    weak var split: NavigationSplitBehavior?
    var column = 0

    static func == (a: Self, b: Self) -> Bool { a.split === b.split && a.column == b.column }
}

private struct NavigationSplitColumnKey: EnvironmentKey {
    static var defaultValue: NavigationSplitColumnLink { NavigationSplitColumnLink() }
}

extension EnvironmentValues {
    var navigationSplitColumn: NavigationSplitColumnLink {
        get { self[NavigationSplitColumnKey.self] }
        set { self[NavigationSplitColumnKey.self] = newValue }
    }
}

/// The enclosing stack's context, as an environment value (equal when it
/// is the same stack, so that writing it again changes nothing).
struct NavigationContextReference: Equatable {
    weak var context: NavigationContext?

    static func == (a: Self, b: Self) -> Bool { a.context === b.context }
}

private struct NavigationContextKey: EnvironmentKey {
    static var defaultValue: NavigationContextReference { NavigationContextReference() }
}

extension EnvironmentValues {
    /// The enclosing ``NavigationStack``, if any.
    var navigationContext: NavigationContextReference {
        get { self[NavigationContextKey.self] }
        set { self[NavigationContextKey.self] = newValue }
    }
}
