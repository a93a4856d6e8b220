import Observation

/// Bindings to the mutable properties of an `@Observable` object, as
/// SwiftUI's `Bindable` makes them: `$model.title` is a `Binding<String>`
/// that reads and writes `model.title`.
///
/// ```swift
/// @Observable final class Note { var title = ""; var body = "" }
///
/// struct NoteEditor: View {
///     @Bindable var note: Note
///     var body: some View {
///         TextField("Title", text: $note.title)
///         TextEditor(text: $note.body)
///     }
/// }
/// ```
///
/// A view that reads a property through the binding re-evaluates when it
/// changes, as when it reads the object directly. Use `Bindable(model)`
/// inline for an object that came from elsewhere (`@State`, the
/// environment, a parameter): `TextField("Title", text: Bindable(note).title)`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    /// The object.
    public var wrappedValue: Value

    /// Bindings to `wrappedValue`'s properties.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// Bindings to `wrappedValue`'s properties.
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// Lets `@Bindable var x: T` be initialised from a `Bindable<T>`.
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    /// Itself: `$model.title` goes through ``subscript(dynamicMember:)``.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to the object's property at `keyPath`.
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>) -> Binding<Member> {
        let object = wrappedValue
        nonisolated(unsafe) let keyPath = keyPath
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// A dynamic property, as in SwiftUI: a view storing one is evaluated under
/// observation tracking, as for a model stored in the view. It needs no
/// binding of its own (the default `_bind`).
extension Bindable: DynamicProperty {}
