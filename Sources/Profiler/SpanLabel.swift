/// A small interned string attached to a span: a *detail* such as the view
/// type whose body ran, or a *reason* such as why it was re-evaluated.
///
/// Labels share the process-wide table with ``SpanName`` and cost the same:
/// intern once, record the integer.
///
/// ```swift
/// extension SpanLabel {
///     static let stateChanged = SpanLabel("state changed")
/// }
/// let body = SpanName("body")
/// let counterView = SpanLabel(describing: CounterView.self)   // once per view type
///
/// let token = profiler.begin(body, detail: counterView, reason: .stateChanged)
/// ```
public struct SpanLabel: Hashable, Sendable, CustomStringConvertible {
    /// Index of the label's string in the process-wide table.
    @usableFromInline let index: UInt32

    @inlinable
    init(index: UInt32) { self.index = index }

    /// Interns `label`.
    ///
    /// - Complexity: A lock and a hash lookup; keep the result.
    public init(_ label: String) {
        self.init(index: NameRegistry.shared.intern(label).index)
    }

    /// Interns the name of a type, as `String(describing:)` spells it
    /// (`CounterView`, `VStack<Text>`).
    public init(describing type: Any.Type) {
        self.init(String(describing: type))
    }

    /// The interned string.
    public var string: String { NameRegistry.shared.string(at: index) }

    /// The interned string.
    public var description: String { string }
}
