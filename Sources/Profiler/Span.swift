/// One completed span of a ``Profile``: what ran, with what detail and reason,
/// from when to when, and how deeply nested.
///
/// ```swift
/// for span in profile.spans where span.name == .layout {
///     print(span.duration)
/// }
/// ```
public struct Span: Hashable, Sendable {
    /// What the span measured.
    public var name: SpanName
    /// What it measured it for, such as the view type whose body ran.
    public var detail: SpanLabel?
    /// Why it ran, such as "state changed".
    public var reason: SpanLabel?
    /// Start, in the profiler clock's nanoseconds.
    public var start: UInt64
    /// End, in the profiler clock's nanoseconds.
    public var end: UInt64
    /// Nesting depth: 0 for a root (a frame), 1 for its children, and so on.
    public var depth: Int

    /// Creates a span.
    public init(
        name: SpanName, detail: SpanLabel? = nil, reason: SpanLabel? = nil,
        start: UInt64, end: UInt64, depth: Int
    ) {
        self.name = name
        self.detail = detail
        self.reason = reason
        self.start = start
        self.end = end
        self.depth = depth
    }

    /// The span's length in nanoseconds (0 if it ends before it starts).
    public var duration: UInt64 { end > start ? end - start : 0 }
}
