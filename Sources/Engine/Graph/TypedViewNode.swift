/// The node of a view of type `V` that keeps its last value
/// (``ViewTypeInfo/storesValue``): for the next frame's comparison, and for
/// evaluating the node again when it is marked dirty. The engine's
/// structural views, which can neither compare equal nor be marked dirty,
/// get a plain ``ViewNode``: a frame does not copy each of them into its
/// node and destroy the last one.
final class TypedViewNode<V: View>: ViewNode {
    @exclusivity(unchecked) var value: V

    /// Required: ``ViewTypeInfo/makeTypedNode`` makes nodes through the
    /// class's metatype, found once per type.
    required init(_ value: V, identity: ViewIdentity, discriminator: Discriminator, info: ViewTypeInfo) {
        self.value = value
        super.init(identity: identity, discriminator: discriminator, viewType: ObjectIdentifier(V.self),
                   behavior: V._makeBehavior(), info: info)
    }

    override func reevaluate(graph: ViewGraph) { info.reevaluate(self, graph) }

    /// Whether `other` shows what the stored value shows: ``View/_isSame(_:_:)``
    /// (`==` for an `Equatable` view, called in place, without copying
    /// either), else ``sameValue(_:_:equatable:isPlainData:)`` with the
    /// comparison kind found once per type (its `Equatable` conformance
    /// the first time it is needed).
    @inline(__always)
    func holds(_ other: V) -> Bool {
        // The stored value is read in place: a read of a class's property
        // into a local is a copy (every reference in the view retained, and
        // released after) where the compiler cannot see the call's effects,
        // and a view that re-evaluates holds everything below it.
        withUnsafeMutablePointer(to: &value) { current in
            if let same = V._isSame(current.pointee, other) { return same }
            // ``sameValue(_:_:equatable:isPlainData:)``, with the conformance
            // asked for (made lazily) only when the bytes did not settle it.
            if withInfo({ $0.isPlainData }) && sameBytes(current.pointee, other) { return true }
            guard let equatable = withInfo({ $0.equatable }) else { return false }
            return equatable._equalValues(current.pointee, other)
        }
    }
}
