/// A type-erased list of the values a ``NavigationStack`` shows above its
/// root, each presented by the ``View/navigationDestination(for:destination:)``
/// for its type.
///
/// ```swift
/// @State private var path = NavigationPath()
///
/// NavigationStack(path: $path) {
///     RootView()
///         .navigationDestination(for: Int.self) { n in Text("Number \(n)") }
///         .navigationDestination(for: String.self) { s in Text("Name \(s)") }
/// }
/// // Deep link: two screens at once.
/// path.append(42)
/// path.append("Ada")
/// ```
///
/// ``codable`` gives it in a serializable form (nil when some value is
/// not `Codable`), to save and restore a stack's screens.
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    /// An empty path: the stack shows its root.
    public init() { elements = [] }

    /// A path of `elements`, in order (the last is shown on top).
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// The number of values in the path (screens above the root).
    public var count: Int { elements.count }

    /// Whether the path is empty (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }

    /// Pushes `value`: its destination is shown on top.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    /// Pops the last `k` values (`k` must not exceed ``count``).
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }
}

/// How a stack reads and changes the path it is bound to (a
/// ``NavigationPath`` or a collection of one type), type-erased.
struct NavigationPathAccess {
    /// The values, in order.
    var values: [AnyHashable]
    /// Pushes a value; false when the path cannot hold its type (a
    /// collection of another type).
    var append: @MainActor (AnyHashable) -> Bool
    /// Keeps the first `n` values.
    var truncate: @MainActor (Int) -> Void

    @MainActor
    init(_ path: Binding<NavigationPath>) {
        values = path.wrappedValue.elements
        append = { value in
            path.wrappedValue.elements.append(value)
            return true
        }
        truncate = { n in
            let count = path.wrappedValue.count
            if n < count { path.wrappedValue.removeLast(count - n) }
        }
    }

    @MainActor
    init<Data>(_ path: Binding<Data>)
    where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        values = path.wrappedValue.map { AnyHashable($0) }
        append = { value in
            guard let element = value.base as? Data.Element else { return false }
            path.wrappedValue.append(element)
            return true
        }
        truncate = { n in
            let count = path.wrappedValue.count
            if n < count { path.wrappedValue.removeLast(count - n) }
        }
    }
}
