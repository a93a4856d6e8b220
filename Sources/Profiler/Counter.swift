/// A per-frame count the engine pushes into the profiler — nodes evaluated,
/// cells diffed, bytes written, heap allocations — or one of your own.
///
/// The profiler only stores counts: it never measures allocations or bytes
/// itself. Counts accumulate between frames and are captured by
/// ``Profiler/endFrame()``. A process may register up to 16 counters, the four
/// built-in ones included.
///
/// ```swift
/// profiler.add(evaluated, to: .nodesEvaluated)
/// static let glyphsShaped = Counter("glyphsShaped")
/// ```
public struct Counter: Hashable, Sendable, CustomStringConvertible {
    /// The counter's slot in a ``FrameRecord``.
    @usableFromInline let slot: UInt8

    @inlinable
    init(slot: UInt8) { self.slot = slot }

    /// Finds or registers the counter called `name`.
    ///
    /// Registering a 17th counter is a programming error and traps.
    public init(_ name: String) {
        self.init(slot: NameRegistry.shared.counterSlot(name))
    }

    /// View bodies (or nodes) evaluated in the frame.
    @inlinable public static var nodesEvaluated: Counter { Counter(slot: 0) }
    /// Cells compared by the diff.
    @inlinable public static var cellsDiffed: Counter { Counter(slot: 1) }
    /// Bytes written to the terminal.
    @inlinable public static var bytesWritten: Counter { Counter(slot: 2) }
    /// Heap allocations made during the frame.
    @inlinable public static var heapAllocations: Counter { Counter(slot: 3) }

    /// Every counter registered so far, in slot order (built-ins first).
    public static var registered: [Counter] {
        (0..<NameRegistry.shared.counterCount).map { Counter(slot: UInt8($0)) }
    }

    /// The counter's name (`bytesWritten`).
    public var name: String { NameRegistry.shared.counterName(slot) }

    /// The counter's name.
    public var description: String { name }
}
