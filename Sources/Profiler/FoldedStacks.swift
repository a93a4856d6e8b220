/// Folded stacks, the input of flamegraph.pl, inferno and speedscope: one
/// line per distinct stack, `frame;evaluate;body[Row] 1234`.
///
/// Each line's value is the stack's *self* time — the time its last frame ran
/// with none of its children open — summed over every occurrence; so the
/// values of all lines starting with a prefix add up to that prefix's total
/// time, and all lines together to the sum of the root spans. Values are
/// integer nanoseconds by default, which keeps these sums exact; in
/// microseconds they are rounded so that the running total stays exact (the
/// sum of all lines is the rounded grand total).
///
/// Frame names are span labels (``Profile/label(of:includeReason:)``) made
/// safe for the format: `;` becomes `:` and whitespace `_`, so every line
/// matches `^[^ ]+ [0-9]+$`. Lines are sorted; stacks with no self time are
/// left out; an empty profile gives an empty string.
///
/// ```swift
/// try FoldedStacks().write(profiler.snapshot(), toFile: "out.folded")
/// // $ inferno-flamegraph out.folded > out.svg
/// ```
public struct FoldedStacks: ProfileFormat {
    /// The unit of the values.
    public enum Unit: String, Hashable, Sendable {
        /// Integer nanoseconds (exact).
        case nanoseconds
        /// Integer microseconds, rounded.
        case microseconds
    }

    /// The unit of each line's value.
    public var unit: Unit
    /// Whether a span's reason is part of its frame name (`body[Row] (state)`),
    /// which splits a view's time by why it ran.
    public var includeReasons: Bool

    /// Creates the format.
    public init(unit: Unit = .nanoseconds, includeReasons: Bool = false) {
        self.unit = unit
        self.includeReasons = includeReasons
    }

    /// `folded`.
    public var fileExtension: String { "folded" }

    /// The folded lines, each ending in a newline.
    ///
    /// - Complexity: O(n log n) for n spans.
    public func render(_ profile: Profile) -> String {
        let stacks = MergedStacks(profile, includeReason: includeReasons)
        var lines: [(stack: String, nanoseconds: UInt64)] = []
        var path: [String] = []
        stacks.walk(
            open: { index in
                guard index != 0 else { return }
                path.append(ExportText.foldedFrame(stacks.nodes[index].label))
                let selfTime = stacks.selfTime(index)
                if selfTime > 0 { lines.append((path.joined(separator: ";"), selfTime)) }
            },
            close: { index in if index != 0 { path.removeLast() } })
        lines.sort { $0.stack < $1.stack }

        var out = ""
        var exactTotal: UInt64 = 0
        var emittedTotal: UInt64 = 0
        for line in lines {
            let value: UInt64
            switch unit {
            case .nanoseconds:
                value = line.nanoseconds
            case .microseconds:
                // Round the running total, not each line, so rounding errors
                // do not accumulate.
                exactTotal += line.nanoseconds
                let target = ExportText.rounded(exactTotal, to: 1_000)
                value = target - emittedTotal
                emittedTotal = target
            }
            guard value > 0 else { continue }
            out += line.stack
            out += " "
            out += String(value)
            out += "\n"
        }
        return out
    }
}
