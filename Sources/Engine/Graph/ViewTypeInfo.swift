import Profiler

/// What the graph needs to know about a view type, found once per type:
/// how to compare its values and where its dynamic properties are.
@MainActor
final class ViewTypeInfo {
    /// The type's `Equatable` conformance, if any: asked for the first time
    /// a value of the type is compared by it (``TypedViewNode/holds(_:)``,
    /// when ``View/_isSame(_:_:)`` does not say), not when the type's first
    /// node is made. Asking scans every conformance record of the process
    /// once per type (about 180,000 instructions with the engine linked),
    /// and most view types are never compared so (an app's first frame
    /// compares nothing): made lazily, an app starts without those scans.
    private(set) lazy var equatable: (any Equatable.Type)? = type as? any Equatable.Type
    let isPlainData: Bool
    let properties: DynamicPropertyLayout
    /// The type has a `body` of its own (it is not one of the engine's primitives).
    let hasBody: Bool
    /// The label of the type's body spans in profiles, made on first use.
    var profileLabel: SpanLabel?
    /// The view type itself, for its name.
    let type: Any.Type
    /// Nodes keep their last value: the type can compare equal, or it is not
    /// one of the engine's structural views (``View/_isStructural``; it may
    /// be marked dirty).
    let storesValue: Bool
    /// Evaluates a dirty node of the type again with its last value. Made
    /// where `V` is known, so that it runs code specialised for `V` (with
    /// cross-module optimisation, in the app's module): a class method of
    /// the generic node would run the unspecialised `update` for every
    /// state change.
    let reevaluate: @MainActor (ViewNode, ViewGraph) -> Void
    /// Makes a ``TypedViewNode`` holding the value of the type at the
    /// pointer. The node class's metadata is found once, here: code that
    /// makes nodes without knowing `V` (the rows of a list, a view's
    /// content reached through generic code) would otherwise look
    /// `TypedViewNode<V>` up in the runtime's metadata cache for every node
    /// (about 480 instructions each).
    let makeTypedNode: @MainActor (UnsafeRawPointer, ViewIdentity, Discriminator, ViewTypeInfo) -> ViewNode

    init<V: View>(_ type: V.Type) {
        self.type = type
        isPlainData = _isPOD(V.self)
        properties = DynamicPropertyLayout.of(V.self)
        hasBody = V.Body.self != Never.self
        // Only a structural view that is not plain data needs to know now
        // (the engine's stacks and modifiers): it keeps its value only if it
        // can compare equal.
        storesValue = isPlainData || !V._isStructural || V._structuralIsEquatable
        reevaluate = { node, graph in
            guard let typed = node as? TypedViewNode<V> else {
                assertionFailure("\(V.self) was marked dirty, but its node keeps no value (a structural view)")
                return
            }
            graph.update(typed, with: typed.value)
        }
        let nodeClass = TypedViewNode<V>.self
        makeTypedNode = { value, identity, discriminator, info in
            nodeClass.init(value.assumingMemoryBound(to: V.self).pointee, identity: identity,
                           discriminator: discriminator, info: info)
        }
    }
}

/// The engine's one rule for "did this value change": plain data that is
/// bitwise the same is the same value; otherwise `==` when the type is
/// Equatable, and "changed" when it is not.
///
/// Bitwise first even for an Equatable type: identical plain inputs make an
/// identical body whatever `==` says, and comparing the bytes costs less
/// than `==` through the type's conformance (the rows of a list are compared
/// every frame).
@inline(__always)
func sameValue<T>(_ a: T, _ b: T, equatable: (any Equatable.Type)? = T.self as? any Equatable.Type,
                  isPlainData: Bool = _isPOD(T.self)) -> Bool {
    if isPlainData && sameBytes(a, b) { return true }
    if let equatable { return equatable._equalValues(a, b) }
    return false
}

/// Whether `a` and `b` have the same bytes (for plain data: the same value).
/// memcmp, not a byte-by-byte Sequence comparison: a view value is tens of
/// bytes and this runs for every child of every evaluated parent. The size
/// known statically, not the count of a `withUnsafeBytes` buffer: that path
/// was left generic (metadata passed for every row of a list).
@inline(__always)
func sameBytes<T>(_ a: T, _ b: T) -> Bool {
    let size = MemoryLayout<T>.size
    if size == 0 { return true }
    return withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in Platform.bytesEqual(x, y, count: size) } }
}
