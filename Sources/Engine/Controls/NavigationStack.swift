/// A view that shows a root view and the views pushed over it, one screen
/// at a time: SwiftUI's `NavigationStack`.
///
/// ```swift
/// NavigationStack {
///     VStack {
///         NavigationLink("Display", value: Pane.display)
///         NavigationLink("Sound", value: Pane.sound)
///     }
///     .navigationTitle("Settings")
///     .navigationDestination(for: Pane.self) { pane in PaneView(pane: pane) }
/// }
/// ```
///
/// As SwiftUI's documentation puts it, the stack "always displays the most
/// recently added view that hasn't been removed, and doesn't allow the
/// root view to be removed". Bind `path` (a ``NavigationPath`` or an array
/// of one `Hashable` type) to push and pop from code, or to open several
/// screens at once (a deep link).
///
/// In a terminal:
/// - A title bar row heads the stack when some screen sets a
///   ``View/navigationTitle(_:)``: `‹ ` (a click pops), the titles of the
///   screens below dimmed as a breadcrumb, then the top screen's title in
///   bold, and a divider under it. With no title anywhere there is no bar.
/// - Esc pops the top screen (when the focused view does not take Esc
///   itself); so do a click on `‹` and ``EnvironmentValues/dismiss`` in
///   the pushed screen. Backspace does not pop: it is an editing key, and
///   a Backspace meant for a text field that just lost focus would lose the
///   user's place.
/// - The stack takes all the space offered; the top screen is centred in
///   what the bar leaves, as SwiftUI centres a screen's content.
///
/// Screens below the top stay in the tree: their `@State` is kept, and
/// popping back shows them as they were. When the stack is evaluated again
/// (its path changed) each screen's destination is asked for its view
/// again, as in SwiftUI; a screen whose view is equal to the last one (a
/// plain struct of values) is not evaluated, and the root screen is not
/// evaluated at all unless the stack's parent gave it a new root. While covered, screens take
/// no focus, keys, clicks or shortcuts. A popped screen's state is freed. On a push, focus moves to the new top's
/// default focus; on a pop it returns to the view that had it when the
/// screen was pushed (the link).
///
/// `Data` is the type of the path, as in SwiftUI: ``NavigationPath``
/// unless the stack is bound to a collection of one type.
public struct NavigationStack<Data, Root: View>: View {
    var root: Root
    /// Made with each value of the stack: the same token means the same
    /// `root` (the stack evaluated again for its own path, its parent gave
    /// it no new value), and the root screen is left as it is.
    let rootToken = NavigationRootToken()
    var boundPath: NavigationPathAccess?
    @State private var ownPath = NavigationPath()
    @State private var pushed = PushedScreens()

    /// A stack that keeps its own path: links push onto it.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        boundPath = nil
    }

    /// A stack that shows the values of `path` over `root`.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        boundPath = NavigationPathAccess(path)
    }

    /// A stack that shows the values of `path` (a collection of one type)
    /// over `root`.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        boundPath = NavigationPathAccess(path)
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``):
    /// the root screen is reconciled by code specialised for it.
    var resolvedBody: EventHandlerView<NavigationStackHost<Root>> {
        let path = boundPath ?? NavigationPathAccess($ownPath)
        let pushedBinding = $pushed
        let entries = pushed.entries(over: path.values)
        // Keeps the first `depth` screens (the root is screen 0).
        let pop: @MainActor (Int) -> Void = { depth in
            let kept = entries.prefix(max(depth - 1, 0))
            let values = kept.count(where: { if case .value = $0 { true } else { false } })
            let screens = Set(kept.compactMap { entry -> Int? in
                if case .view(let id, _) = entry { return id }
                return nil
            })
            if pushedBinding.wrappedValue.screens.contains(where: { !screens.contains($0.id) }) {
                pushedBinding.wrappedValue.screens.removeAll { !screens.contains($0.id) }
            }
            path.truncate(values)
        }
        let depth = entries.count + 1
        return NavigationStackHost(
            root: root, rootToken: rootToken, entries: entries,
            pushValue: { value in _ = path.append(value) },
            pushView: { view in .view(pushedBinding.wrappedValue.push(view, over: path.values)) },
            pop: pop
        )
        .onKeyPress(.escape) {
            guard depth > 1 else { return .ignored }
            pop(depth - 1)
            return .handled
        }
    }
}

/// Who made a stack's root: one per value of a ``NavigationStack``, compared
/// by identity (a root holds closures, so it cannot be compared itself).
final class NavigationRootToken {}

/// The screens pushed by links with a destination view (not a value):
/// each stands over the path's values that were there when it was pushed.
struct PushedScreens {
    struct Screen {
        var id: Int
        /// The path's values when it was pushed: it stays while the path
        /// still starts with them, just above them.
        var below: [AnyHashable]
        var view: AnyView
    }

    var screens: [Screen] = []
    var nextID = 0

    /// Pushes `view` over `values`; returns its id.
    @discardableResult
    mutating func push(_ view: AnyView, over values: [AnyHashable]) -> Int {
        let live = entries(over: values).compactMap { entry -> Int? in
            if case .view(let id, _) = entry { return id }
            return nil
        }
        screens.removeAll { !live.contains($0.id) }
        screens.append(Screen(id: nextID, below: values, view: view))
        nextID += 1
        return nextID - 1
    }

    /// The screens over the root, bottom first: the path's values with the
    /// pushed views that still stand between them.
    func entries(over values: [AnyHashable]) -> [NavigationEntry] {
        let live = screens.filter { $0.below.count <= values.count && values.starts(with: $0.below) }
        var entries: [NavigationEntry] = []
        entries.reserveCapacity(values.count + live.count)
        for i in 0...values.count {
            for screen in live where screen.below.count == i { entries.append(.view(id: screen.id, screen.view)) }
            if i < values.count { entries.append(.value(index: i, values[i])) }
        }
        return entries
    }
}

/// One screen over a stack's root.
enum NavigationEntry {
    /// The path's value at `index`, shown by its destination.
    case value(index: Int, AnyHashable)
    /// A view a link pushed.
    case view(id: Int, AnyView)

    var key: NavigationEntryKey {
        switch self {
        case .value(let index, let value): .value(index, value)
        case .view(let id, _): .view(id)
        }
    }
}

/// A screen's identity in its stack: a value at its place in the path, or
/// a pushed view. A screen keeps its node (and state) while its key stays.
enum NavigationEntryKey: Hashable, @unchecked Sendable {
    // Unchecked: the values are the app's path values, compared and hashed
    // on the main actor only.
    case root
    case value(Int, AnyHashable)
    case view(Int)
}
