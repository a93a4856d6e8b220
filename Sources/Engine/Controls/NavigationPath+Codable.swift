extension NavigationPath {
    /// A serializable form of a ``NavigationPath``: each value with the name
    /// of its type, so that a decoded path holds values of the same types
    /// (SwiftUI's `NavigationPath.CodableRepresentation`).
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(path.codable)
    /// path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data))
    /// ```
    ///
    /// It encodes as a flat list: each value's type name (the Swift
    /// runtime's mangled name), then the value. Decoding fails when a type
    /// name is unknown to the running program (a type renamed or removed,
    /// or a `private` or `fileprivate` type, whose runtime name cannot be
    /// looked up) or names a type that is not `Decodable` and `Hashable`.
    public struct CodableRepresentation: Codable, Equatable {
        var elements: [AnyHashable]

        init(elements: [AnyHashable]) { self.elements = elements }

        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var elements: [AnyHashable] = []
            while !container.isAtEnd {
                let name = try container.decode(String.self)
                guard let type = _typeByName(name) as? any (Decodable & Hashable).Type else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "No Decodable and Hashable type is named \(name)")
                }
                elements.append(try Self.decode(type, from: &container))
            }
            self.elements = elements
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for element in elements {
                guard let value = element.base as? any Encodable, let name = _mangledTypeName(type(of: element.base))
                else {
                    throw EncodingError.invalidValue(
                        element.base, EncodingError.Context(codingPath: container.codingPath,
                                                            debugDescription: "A path value is not Encodable"))
                }
                try container.encode(name)
                try container.encode(value)
            }
        }

        private static func decode<T: Decodable & Hashable>(_ type: T.Type,
                                                            from container: inout UnkeyedDecodingContainer)
            throws -> AnyHashable {
            AnyHashable(try container.decode(T.self))
        }
    }

    /// The path in a serializable form, or nil when some value in it is not
    /// `Codable` (as SwiftUI's).
    public var codable: CodableRepresentation? {
        for element in elements {
            let type = type(of: element.base)
            guard type is any Encodable.Type, type is any Decodable.Type, _mangledTypeName(type) != nil else {
                return nil
            }
        }
        return CodableRepresentation(elements: elements)
    }

    /// A path of the values `codable` holds.
    public init(_ codable: CodableRepresentation) {
        self.init()
        elements = codable.elements
    }
}
