/// What ``Profiler/begin(_:detail:reason:)`` returns and
/// ``Profiler/end(_:)`` takes: which open span to close.
///
/// Eight bytes of plain data: the span's depth and a serial number that
/// identifies it among the spans begun at that depth, so that ending a token
/// twice, or a token from before the profiler was disabled or reset, is
/// noticed and ignored rather than closing some other span.
///
/// ```swift
/// let token = profiler.begin(.diff)
/// diff(previous, current)
/// profiler.end(token)
/// ```
public struct SpanToken: Hashable, Sendable {
    /// Serial number of the span; 0 for a span that was never recorded.
    @usableFromInline let serial: UInt32
    /// The span's nesting depth (0 for a root).
    @usableFromInline let depth: UInt32

    @inlinable
    init(serial: UInt32, depth: UInt32) {
        self.serial = serial
        self.depth = depth
    }

    /// The token returned while profiling is off.
    @inlinable
    public static var disabled: SpanToken { SpanToken(serial: 0, depth: 0) }

    /// Whether this token came from a profiler that was recording.
    @inlinable
    public var isRecording: Bool { serial != 0 }
}
