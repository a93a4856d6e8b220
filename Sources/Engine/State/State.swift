/// A value a view owns, kept by the engine at the view's identity.
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View {
///         Text("count: \(count)")
///     }
/// }
/// ```
///
/// The value lives in the node of the view that declares it, keyed by the
/// property's ordinal among the view's dynamic properties (or by its source
/// location, see ``StateKeying``). It is connected before `body` runs, so it
/// survives any reconstruction of the view value. Setting it marks only the
/// owning node dirty and schedules one frame; many changes before the frame
/// coalesce. A slot whose type no longer matches starts over from the
/// initial value.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let initialValue: Value
    // The declaration site, kept as the compiler gives it: making a
    // `DeclarationSite` builds a `String`, which only source-location keying
    // needs (a view value is made every time its parent's body runs).
    let fileID: StaticString
    let line: UInt
    let column: UInt
    var box: StateBox<Value>?

    public init(wrappedValue: Value, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        initialValue = wrappedValue
        self.fileID = fileID
        self.line = line
        self.column = column
    }

    /// The same as ``init(wrappedValue:fileID:line:column:)``, SwiftUI's
    /// spelling for setting a state's first value in a view's initializer:
    /// `_count = State(initialValue: start)`.
    public init(initialValue value: Value, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.init(wrappedValue: value, fileID: fileID, line: line, column: column)
    }

    var location: DeclarationSite { DeclarationSite(fileID: fileID, line: line, column: column) }

    /// The current value. Outside a body evaluation (a view that was never
    /// rendered) it is the initial value, and setting it does nothing.
    public var wrappedValue: Value {
        get { box?.value ?? initialValue }
        nonmutating set { box?.set(newValue) }
    }

    /// A binding to the value, to pass to child views.
    public var projectedValue: Binding<Value> {
        guard let box else { return .constant(initialValue) }
        return Binding(get: { box.value }, set: { box.set($0) })
    }

    public mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph) {
        box = graph.stateBox(in: node, ordinal: ordinal, initial: initialValue) { location }
    }
}

/// Where in the source a `@State` was declared: `#fileID:#line:#column`.
public struct DeclarationSite: Hashable, Sendable, CustomStringConvertible {
    public var fileID: String
    public var line: UInt
    public var column: UInt
    init(fileID: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID.description
        self.line = line
        self.column = column
    }
    public init(fileID: String, line: UInt, column: UInt) {
        self.fileID = fileID
        self.line = line
        self.column = column
    }
    public var description: String { "\(fileID):\(line):\(column)" }
}

/// How a `@State` finds its stored value again (seed 002).
public enum StateKeying: Sendable {
    /// By its position among the view's dynamic properties (SwiftUI's way).
    /// Reordering declarations swaps values of equal types; a type mismatch resets.
    case ordinal
    /// By `#fileID:#line:#column`. Moving a declaration to another line resets it.
    case sourceLocation
}

/// The storage of one `@State` slot.
public final class StateBox<Value>: StateSlot {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value, node: ViewNode, graph: ViewGraph) {
        self.value = value
        super.init(node: node, graph: graph, valueType: ObjectIdentifier(Value.self))
    }

    /// The box of `Value` in `slot`, or nil when it boxes another type.
    /// Tells the boxes apart by ``StateSlot/valueType``: code that binds
    /// state without knowing `Value` (a view's dynamic properties, bound at
    /// run time) would otherwise look `StateBox<Value>`'s metadata up in the
    /// runtime's cache for the cast, on every evaluation.
    @inline(__always)
    static func boxing(_ slot: StateSlot?) -> StateBox<Value>? {
        guard let slot, slot.valueType == ObjectIdentifier(Value.self) else { return nil }
        return unsafeDowncast(slot, to: StateBox<Value>.self)
    }

    /// Stores `newValue` and schedules the owner to be evaluated again (when
    /// the owner is still in the tree; a binding kept after its view went
    /// away writes into a box nothing reads).
    func set(_ newValue: Value) {
        value = newValue
        if let node, let graph, node.isAttached { graph.invalidate(node) }
    }

    public override var storedValue: Any { value }
    override func restore(_ any: Any) -> Bool {
        guard let v = any as? Value else { return false }
        value = v
        return true
    }
}

/// A type-erased state slot, as kept in a node.
@MainActor
public class StateSlot {
    /// The owning node and its graph, until the node is reclaimed (or the
    /// graph goes away): the node then calls ``disown()``, so these are never
    /// read after it is freed.
    // nonisolated(unsafe): a node's deinit (which runs wherever the last
    // reference goes) cuts them with ``disown()``; nothing else touches them
    // off the main actor.
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) var node: ViewNode?
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) var graph: ViewGraph?

    /// The type of the value the slot boxes (every slot is a ``StateBox``).
    let valueType: ObjectIdentifier

    init(node: ViewNode, graph: ViewGraph, valueType: ObjectIdentifier) {
        self.node = node
        self.graph = graph
        self.valueType = valueType
    }

    /// Cuts the slot off its owner, which is being freed.
    @inline(__always) nonisolated final func disown() {
        node = nil
        graph = nil
    }

    /// The stored value (for snapshots and debugging).
    public var storedValue: Any { () }
    /// Puts a value from a snapshot back; false when its type does not match.
    func restore(_ value: Any) -> Bool { false }
}

/// A reference to a value owned elsewhere: read and write it as if it were yours.
///
/// ```swift
/// struct Toggle: View {
///     @Binding var isOn: Bool
///     ...
/// }
/// Toggle(isOn: $settings.enabled)
/// ```
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let getter: () -> Value
    let setter: (Value) -> Void

    /// A binding with custom accessors.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    /// Lets `@Binding var x: T` be initialised from a `Binding<T>`.
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The value, read and written on the main actor (where the state it
    /// reaches lives): a write from another thread does not compile.
    @MainActor
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a member of the value: `$model.name`.
    public subscript<Member>(dynamicMember path: WritableKeyPath<Value, Member>) -> Binding<Member> {
        nonisolated(unsafe) let path = path
        return Binding<Member>(get: { self.getter()[keyPath: path] },
                               set: { newValue in
                                   var whole = self.getter()
                                   whole[keyPath: path] = newValue
                                   self.setter(whole)
                               })
    }
}

// A view's dynamic properties are only read and written on the main thread
// (the graph's thread), so a view made of Sendable values stays Sendable
// with them: its `.task` closures may capture it, as in SwiftUI.
// Safe: a `State` reaches its storage only through members isolated to
// the main actor (the type is, by its `DynamicProperty` conformance), and
// a `Binding` calls its accessors only from `wrappedValue`, which is
// `@MainActor`: carrying either to another thread lets it be read or
// written only back on the main actor.
extension State: @unchecked Sendable where Value: Sendable {}
extension Binding: @unchecked Sendable where Value: Sendable {}
