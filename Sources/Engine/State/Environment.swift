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
    var value: Value?

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value {
        value ?? EnvironmentValues()[keyPath: keyPath]
    }

    public mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph) {
        value = graph.environmentValue(keyPath, at: node)
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
        let changed = b.value != nil && (b.keyPath != path || !((b.value as? Value).map { sameValue($0, value) } ?? false))
        b.keyPath = path
        b.value = value
        b.apply = { env in env[keyPath: path] = value }
        if changed { graph.environmentChanged(path, below: node) }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

class EnvironmentWriterBehavior: NodeBehavior {
    var keyPath: AnyKeyPath?
    var value: Any?
    var apply: ((inout EnvironmentValues) -> Void)?
    init() { super.init(transparent: true) }
}

extension View {
    /// Sets the environment value at `keyPath` for this view and everything in it.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value)
        -> EnvironmentWriter<Self, Value> {
        EnvironmentWriter(keyPath: keyPath, value: value, content: self)
    }
}

extension ViewGraph {
    /// The value at `keyPath` as seen by `node`: the root environment with
    /// every ancestor's `.environment` writes applied, outermost first. The
    /// node is recorded as a reader of `keyPath`.
    func environmentValue<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>, at node: ViewNode) -> Value {
        var writers: [EnvironmentWriterBehavior] = []
        var n = node.parent
        while let current = n {
            if let w = current.behavior as? EnvironmentWriterBehavior { writers.append(w) }
            n = current.parent
        }
        var env = rootEnvironment
        for w in writers.reversed() { w.apply?(&env) }
        if !node.environmentReads.contains(keyPath) {
            node.environmentReads.append(keyPath)
            environmentReaders[keyPath, default: [:]][ObjectIdentifier(node)] = node
        }
        return env[keyPath: keyPath]
    }

    /// An ancestor changed `keyPath`: the readers of it below `writer` are
    /// evaluated again, no one else.
    func environmentChanged(_ keyPath: AnyKeyPath, below writer: ViewNode) {
        guard let readers = environmentReaders[keyPath] else { return }
        for (_, reader) in readers where reader.isAttached && isDescendant(reader, of: writer) {
            reader.isDirty = true
            reader.pendingReason = .environmentChanged
            dirtyNodes.append(reader)
        }
    }

    /// Changes the environment at the root (e.g. the terminal's capabilities).
    public func setRootEnvironment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) {
        rootEnvironment[keyPath: keyPath] = value
        guard let readers = environmentReaders[keyPath] else { return }
        for (_, reader) in readers where reader.isAttached {
            reader.isDirty = true
            reader.pendingReason = .environmentChanged
            dirtyNodes.append(reader)
        }
        if !needsFrame { needsFrame = true; onNeedsFrame?() }
    }

    func isDescendant(_ node: ViewNode, of ancestor: ViewNode) -> Bool {
        var n = node.parent
        while let current = n {
            if current === ancestor { return true }
            n = current.parent
        }
        return false
    }
}

extension Environment: @unchecked Sendable where Value: Sendable {}
