import Observation

/// A property of a view that the engine connects to storage outside the
/// view before `body` runs (``State``, and later environment readers).
@MainActor
public protocol DynamicProperty {
    /// Engine hook: connects this property, found at ordinal `ordinal` among
    /// its view's dynamic properties, to the storage of `node`.
    mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph)
}

extension DynamicProperty {
    /// A property made of other dynamic properties (a custom property
    /// wrapper holding `@State`, `@Environment`, …) needs no binding of its
    /// own: the engine binds what it contains.
    public mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph) {}

    /// Binds the property stored at `address`, known to be of type `Self`.
    static func _bind(at address: UnsafeMutableRawPointer, node: ViewNode, ordinal: Int, graph: ViewGraph) {
        address.assumingMemoryBound(to: Self.self).pointee._bind(node: node, ordinal: ordinal, graph: graph)
    }
}

/// Where a view type keeps its dynamic properties: byte offsets and types of
/// its stored fields that are ``DynamicProperty``, in declaration order.
///
/// Found once per view type and cached by the graph; binding an instance is
/// then a walk over this list with no reflection and no allocation.
struct DynamicPropertyLayout {
    struct Field {
        var offset: Int
        var type: any DynamicProperty.Type
    }

    var fields: [Field]

    /// The layout of `type`. Uses the standard library's field reflection
    /// (`_forEachField`, an SPI kept behind this one type, pinned by a test);
    /// when that reports nothing for a type with fields, falls back to
    /// `Mirror` for the order and types (offsets then come from the SPI or
    /// the type is treated as having no dynamic properties).
    static func of(_ type: Any.Type) -> DynamicPropertyLayout {
        var fields: [Field] = []
        let complete = collect(type, at: 0, into: &fields, depth: 0)
        return DynamicPropertyLayout(fields: complete ? fields : [])
    }

    /// Appends the dynamic properties stored in `type` (at byte `base` of
    /// the view), in declaration order. A dynamic property that itself holds
    /// dynamic properties (a custom `DynamicProperty` made of `@State`s) is
    /// replaced by those, recursively, so each gets its own ordinal; one that
    /// holds none (`State`, `Environment`) is a field of its own.
    private static func collect(_ type: Any.Type, at base: Int, into fields: inout [Field], depth: Int) -> Bool {
        guard depth < 8 else { return true }
        var complete = true
        let read = FieldReflection.forEachField(of: type) { _, offset, fieldType in
            // Standard library values (numbers, strings, optionals,
            // collections, tuples, closures) and the engine's own types but
            // its dynamic properties are none: they are not asked for
            // conformances, each of which scans every conformance record
            // once per type.
            if !FieldReflection.mayBeDynamicProperty(fieldType) { return }
            guard let dynamic = fieldType as? any DynamicProperty.Type else { return }
            var nested: [Field] = []
            if !collect(fieldType, at: base + offset, into: &nested, depth: depth + 1) {
                complete = false
            }
            if nested.isEmpty {
                fields.append(Field(offset: base + offset, type: dynamic))
            } else {
                fields.append(contentsOf: nested)
            }
        }
        return read && complete
    }
}
