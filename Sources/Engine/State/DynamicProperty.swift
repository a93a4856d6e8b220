import Observation

/// A property of a view that the engine connects to storage outside the
/// view before `body` runs (``State``, and later environment readers).
public protocol DynamicProperty {
    /// Engine hook: connects this property, found at ordinal `ordinal` among
    /// its view's dynamic properties, to the storage of `node`.
    mutating func _bind(node: ViewNode, ordinal: Int, graph: ViewGraph)
}

extension DynamicProperty {
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
    /// The view stores an `@Observable` model: its body is evaluated under
    /// observation tracking, so reading a model property makes the node
    /// depend on it.
    var observesModels = false

    /// The layout of `type`. Uses the standard library's field reflection
    /// (`_forEachField`, an SPI kept behind this one type, pinned by a test);
    /// when that reports nothing for a type with fields, falls back to
    /// `Mirror` for the order and types (offsets then come from the SPI or
    /// the type is treated as having no dynamic properties).
    static func of(_ type: Any.Type) -> DynamicPropertyLayout {
        var fields: [Field] = []
        var observes = false
        let complete = FieldReflection.forEachField(of: type) { _, offset, fieldType in
            if let dynamic = fieldType as? any DynamicProperty.Type {
                fields.append(Field(offset: offset, type: dynamic))
            }
            if fieldType is AnyObject.Type && fieldType is any Observable.Type { observes = true }
        }
        return DynamicPropertyLayout(fields: complete ? fields : [], observesModels: observes)
    }
}
