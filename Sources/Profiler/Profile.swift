/// A snapshot of what a ``Profiler`` recorded — complete span trees and frame
/// records — which the exporters turn into files.
///
/// Spans are in start order, each parent before its children (a preorder walk
/// of each tree), and every tree is complete: ``Profiler/snapshot()`` never
/// includes a frame that is still open or was partly overwritten. The
/// snapshot also captures the interned strings, so exporting it takes no lock.
///
/// You can build one by hand too; the exporters then clamp any span that
/// breaks nesting (starts before its parent, or ends after it or after its
/// next sibling starts) so that their output always nests strictly.
///
/// ```swift
/// let profile = profiler.snapshot()
/// try FlameGraphSVG(title: "tree").write(profile, toFile: "tree.svg")
/// ```
public struct Profile: Sendable {
    /// Completed spans, in start order (preorder).
    public var spans: [Span]
    /// Completed frames, oldest first.
    public var frames: [FrameRecord]
    /// What the profiler recorded and dropped, at the time of the snapshot.
    public var statistics: ProfilerStatistics
    /// Interned strings, indexed like ``SpanName`` and ``SpanLabel``.
    let strings: [String]

    /// Creates a profile from spans in start order (each parent before its
    /// children, with `depth` one more than the parent's).
    public init(spans: [Span], frames: [FrameRecord] = [], statistics: ProfilerStatistics = ProfilerStatistics()) {
        self.spans = spans
        self.frames = frames
        self.statistics = statistics
        self.strings = NameRegistry.shared.snapshotStrings()
    }

    /// A profile with no spans and no frames.
    public static var empty: Profile { Profile(spans: []) }

    /// Whether the profile has no spans.
    public var isEmpty: Bool { spans.isEmpty }

    /// The string of `name`.
    public func string(for name: SpanName) -> String { string(at: name.index) }

    /// The string of `label`.
    public func string(for label: SpanLabel) -> String { string(at: label.index) }

    func string(at index: UInt32) -> String {
        Int(index) < strings.count ? strings[Int(index)] : NameRegistry.shared.string(at: index)
    }

    /// How exporters name a span: `name`, `name[detail]` with a detail, and
    /// `name[detail] (reason)` with a reason when `includeReason` is set.
    ///
    /// ```swift
    /// profile.label(of: span)   // "body[CounterView]"
    /// ```
    public func label(of span: Span, includeReason: Bool = false) -> String {
        label(SpanForest.LabelKey(span, includeReason: includeReason))
    }

    func label(_ key: SpanForest.LabelKey) -> String {
        var text = string(at: key.name)
        if key.detail != NameRegistry.noLabel {
            text += "[" + string(at: key.detail) + "]"
        }
        if key.reason != NameRegistry.noLabel {
            text += " (" + string(at: key.reason) + ")"
        }
        return text
    }

    /// Total nanoseconds of the root spans (depth 0), after the exporters'
    /// clamping: the value the root `all` of a flame graph shows, and the sum
    /// of every line of ``FoldedStacks``.
    ///
    /// - Complexity: O(n) for n spans.
    public var rootTotal: UInt64 { SpanForest(self).rootTotal }
}
