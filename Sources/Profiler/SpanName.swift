/// What a span measures — `layout`, `body`, `diff` — interned once to a small
/// integer so that recording a span stores integers only.
///
/// Names live in a process-wide, append-only table: the same string always
/// gives the same ``SpanName``, in every ``Profiler``, so names can be kept in
/// `static let` constants. Interning takes a lock; do it once, at set-up, and
/// keep the value.
///
/// Some names are *phases* of a frame (``evaluate``, ``layout``, ``draw``,
/// ``diff``, ``write``, plus up to 11 of your own from ``phase(_:)``). Time
/// spent inside a phase span is attributed to that phase in the
/// ``FrameRecord`` and its histogram.
///
/// ```swift
/// extension SpanName {
///     static let body = SpanName("body")
///     static let style = SpanName.phase("style")
/// }
/// let token = profiler.begin(.layout)
/// defer { profiler.end(token) }
/// ```
public struct SpanName: Hashable, Sendable, CustomStringConvertible {
    /// Index of the name's string in the process-wide table.
    @usableFromInline let index: UInt32
    /// The phase this name measures, or `NameRegistry.noPhase`.
    @usableFromInline let phaseSlot: UInt8

    @inlinable
    init(index: UInt32, phaseSlot: UInt8) {
        self.index = index
        self.phaseSlot = phaseSlot
    }

    /// Interns `name`. Interning a phase's string returns that phase.
    ///
    /// - Complexity: A lock and a hash lookup; keep the result rather than
    ///   interning on a hot path.
    public init(_ name: String) {
        let (index, slot) = NameRegistry.shared.intern(name)
        self.init(index: index, phaseSlot: slot)
    }

    /// Interns `name` and registers it as a phase of the frame.
    ///
    /// A process may have at most 16 phases, the five built-in ones included;
    /// registering more is a programming error and traps. Registering the
    /// same name twice returns the same phase.
    ///
    /// ```swift
    /// static let style = SpanName.phase("style")
    /// ```
    public static func phase(_ name: String) -> SpanName {
        let (index, slot) = NameRegistry.shared.internPhase(name)
        return SpanName(index: index, phaseSlot: slot)
    }

    /// The root span ``Profiler/beginFrame()`` opens around each frame.
    @inlinable public static var frame: SpanName { SpanName(index: 0, phaseSlot: .max) }
    /// Phase: running view bodies and updating the node graph.
    @inlinable public static var evaluate: SpanName { SpanName(index: 1, phaseSlot: 0) }
    /// Phase: measuring and placing nodes.
    @inlinable public static var layout: SpanName { SpanName(index: 2, phaseSlot: 1) }
    /// Phase: drawing nodes into the cell buffer.
    @inlinable public static var draw: SpanName { SpanName(index: 3, phaseSlot: 2) }
    /// Phase: comparing the new cells with what the terminal shows.
    @inlinable public static var diff: SpanName { SpanName(index: 4, phaseSlot: 3) }
    /// Phase: encoding and writing bytes to the terminal.
    @inlinable public static var write: SpanName { SpanName(index: 5, phaseSlot: 4) }

    /// The five built-in phases, in pipeline order.
    public static var builtInPhases: [SpanName] { [.evaluate, .layout, .draw, .diff, .write] }

    /// Every phase registered so far in this process, in slot order
    /// (the built-in phases first).
    public static var registeredPhases: [SpanName] {
        NameRegistry.shared.phases().map { SpanName(index: $0.index, phaseSlot: $0.slot) }
    }

    /// Whether time inside spans of this name is attributed to a phase.
    @inlinable public var isPhase: Bool { phaseSlot != .max }

    /// The interned string.
    ///
    /// - Complexity: Takes the table's lock; exporters resolve names from a
    ///   ``Profile`` snapshot instead.
    public var string: String { NameRegistry.shared.string(at: index) }

    /// The interned string.
    public var description: String { string }
}
