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
}
