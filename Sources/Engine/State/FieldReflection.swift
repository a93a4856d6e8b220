@_spi(Reflection) import Swift

/// The one place that reads a type's stored fields (name, byte offset,
/// type) through the standard library's reflection SPI `_forEachField`.
///
/// Kept behind this small type so a change in the SPI shows up in one place
/// and in its pinning test. Runtime metadata is never parsed by hand.
enum FieldReflection {
    /// Calls `body` for each stored field of `type` in declaration order;
    /// returns false when the type's fields could not all be read (then the
    /// caller must not rely on the offsets).
    @discardableResult
    static func forEachField(of type: Any.Type, _ body: (String, Int, Any.Type) -> Void) -> Bool {
        _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            body(String(cString: name), offset, fieldType)
            return true
        }
    }

    /// Whether `type` is a value of the standard library: a type of the
    /// `Swift` module (numbers, strings, optionals, collections, key paths,
    /// ranges, whatever their arguments), a tuple or a function. None
    /// conforms to the engine's protocols or is an `@Observable` model, so
    /// the caller need not ask (each first `as?`/`is` check of a type
    /// against a protocol scans every conformance record of the process).
    /// Told from the type's qualified name: a demangling, once per field of
    /// each view type (the layout is cached), far cheaper than the scans.
    static func isStandardLibraryValue(_ type: Any.Type) -> Bool {
        isStandardLibraryValue(named: _typeName(type, qualified: true))
    }

    private static func isStandardLibraryValue(named name: String) -> Bool {
        name.hasPrefix("Swift.") || name.hasPrefix("(") || name.hasPrefix("@")
    }

    /// Whether `type` may conform to ``DynamicProperty``, so that it must
    /// be asked: not a standard library value (``isStandardLibraryValue(_:)``)
    /// nor a type of the engine other than its own dynamic properties
    /// (``engineDynamicProperties``): the engine's types are known, and a
    /// view's fields are mostly its content (`Text`, stacks, modifiers),
    /// `Color`s and `Binding`s. Each type not asked saves a scan of every
    /// conformance record of the process (~75,000 instructions at start-up,
    /// once per type).
    static func mayBeDynamicProperty(_ type: Any.Type) -> Bool {
        let name = _typeName(type, qualified: true)
        if isStandardLibraryValue(named: name) { return false }
        guard name.hasPrefix("Engine.") else { return true }
        let base = name.dropFirst("Engine.".count).prefix { $0 != "<" }
        return engineDynamicProperties.contains(String(base))
    }

    /// The engine's types that conform to ``DynamicProperty`` (a test holds
    /// this list to the sources).
    static let engineDynamicProperties: Set<String> = ["State", "Environment", "Bindable", "FocusState", "ControlModel"]
}
