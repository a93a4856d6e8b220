/// A key for a value passed down the view tree.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey { static let defaultValue = Color.blue }
/// extension EnvironmentValues {
///     var accent: Color {
///         get { self[AccentKey.self] }
///         set { self[AccentKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The values a view reads with ``Environment``: each key's default unless
/// an ancestor set it with `.environment(_:_:)`.
public struct EnvironmentValues {
    var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (values[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Reads a value from the environment of the view that declares it.
///
/// ```swift
/// struct Badge: View {
///     @Environment(\.accent) private var accent
///     var body: some View { Text("new").foregroundColor(accent) }
/// }
/// ```
///
/// The view then depends on that key: when an ancestor changes it, this view
/// is evaluated again even if its own value did not change; views that do
/// not read the key are not.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    /// The value read when bound, in the box the node keeps it in (binding
    /// runs where `Value` is not known: a reference is stored with no
    /// metadata of an optional of `Value`).
    var box: EnvironmentValueBox<Value>?

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value {
        box?.value ?? EnvironmentValues()[keyPath: keyPath]
    }

    public mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph) {
        box = graph.environmentBox(keyPath, at: node)
    }
}

/// Sets an environment value for its content.
public struct EnvironmentWriter<Content: View, Value>: PrimitiveView {
    public var keyPath: WritableKeyPath<EnvironmentValues, Value>
    public var value: Value
    public var content: Content

    public static func _makeBehavior() -> NodeBehavior { EnvironmentWriterBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: EnvironmentWriterBehavior.self)
        let path = view.keyPath
        let value = view.value
        // The first value changes nothing: no reader below has read yet.
        // Whether `Value` is Equatable is found once per node (its type is
        // fixed): the cast scans or hashes conformances each time it is asked.
        if !b.knowsEquatable {
            b.equatable = Value.self as? any Equatable.Type
            b.knowsEquatable = true
        }
        let equatable = b.equatable
        // The key path kept while equal (a literal in generic code is made
        // anew each time): ``EnvironmentWriterBehavior/knownKey`` is found
        // once.
        let sameKey = b.keyPath === path || b.keyPath == path
        if !sameKey {
            // What is written where changed: every value read is read again.
            if b.valueBox != nil { graph.environmentWritten() }
            b.keyPath = path
        }
        // A value that can compare equal is compared (a closure, an
        // `onSubmit` action, cannot: it changed). Equal key paths have the
        // same value type: the last box holds a `Value`.
        let comparable = equatable != nil || _isPOD(Value.self)
        if sameKey, comparable, let last = b.valueBox,
           sameValue(unsafeDowncast(last, to: EnvironmentValueBox<Value>.self).value, value, equatable: equatable) {
            // Unchanged: the box, and what it applies, stay.
        } else {
            let changed = b.valueBox != nil
            // One box for the writer and every reader of the key below it,
            // which takes it as its read (``ViewGraph/knownRead(key:since:above:)``).
            let box = EnvironmentValueBox(value)
            b.valueBox = box
            b.apply = { env in env[keyPath: path] = box.value }
            if changed { graph.environmentChanged(path, below: node) }
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

class EnvironmentWriterBehavior: NodeBehavior {
    var keyPath: AnyKeyPath?
    var value: Any?
    /// What an `.environment(_:_:)` writer writes, whose ``apply`` sets
    /// ``keyPath`` to it and does nothing else: an ``EnvironmentValueBox``
    /// of the key path's value type, which a read of the key below takes as
    /// its own, without resolving the environment. Nil for the writers
    /// whose change depends on what is above them (`.disabled`) or is kept
    /// elsewhere (focus).
    var valueBox: AnyObject?
    var apply: ((inout EnvironmentValues) -> Void)?
    /// Whether the value's type is Equatable, once ``knowsEquatable``.
    var equatable: (any Equatable.Type)?
    var knowsEquatable = false
    /// The environment this writer gives its content, as last resolved, and
    /// the graph's ``ViewGraph/environmentSerial`` then.
    var resolved: EnvironmentValues?
    var resolvedAt = -1
    /// ``ViewGraph/environmentSerial`` at the last change to what this
    /// writer gives its content.
    var changedAt = 0
    /// ``EnvironmentPaths/knownKey(_:)`` of ``keyPath`` (found when it is
    /// first asked for after ``keyPath`` changed).
    var knownKey: Int {
        if knownKeyPath !== keyPath {
            knownKeyPath = keyPath
            knownKeyIndex = keyPath.map(EnvironmentPaths.knownKey) ?? -1
        }
        return knownKeyIndex
    }
    private var knownKeyPath: AnyKeyPath?
    private var knownKeyIndex = -1
    init() { super.init(transparent: true, writesEnvironment: true) }
}

extension View {
    /// Sets the environment value at `keyPath` for this view and everything in it.
    public consuming func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value)
        -> EnvironmentWriter<Self, Value> {
        EnvironmentWriter(keyPath: keyPath, value: value, content: self)
    }
}

// Safe: an `Environment` holds a key path and, once bound, a `Sendable`
// value; it is bound and read only on the main actor (its type is, by its
// `DynamicProperty` conformance). The key path is immutable.
extension Environment: @unchecked Sendable where Value: Sendable {}
