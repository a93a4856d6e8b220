/// One key binding as the help shows it: the key as a user reads it
/// (`ctrl+s`, `↑/↓`, `q`) and what it does.
public struct KeyHelpItem: Hashable, Sendable {
    /// The key, as shown (`ctrl+s`, `↑/↓`, `?`).
    public var key: String
    /// What the key does (`save`, `move`).
    public var description: String

    /// A binding of `key` (as shown) that does `description`.
    public init(key: String, description: String) {
        self.key = key
        self.description = description
    }
}

/// Whether what the help shows may have changed since the help views were
/// last told: a counter bumped by everything that can change the bindings
/// of the focused context (focus moved, a binding was made, changed its
/// text or left the tree, a help view appeared).
///
/// The graph keeps one; the help views are brought up to date after a
/// frame's evaluation only when the counter moved, so a frame in which
/// neither focus nor a binding changed costs one integer comparison
/// (`Graph/ViewGraph+KeyHelp.swift`).
///
/// Invariant: ``shown`` ≤ ``generation``; they are equal exactly when every
/// help view in the tree shows what ``ViewGraph/collectKeyHelp()`` returns now.
struct KeyHelpTracker {
    /// Bumped by every change that may alter the collected bindings.
    private(set) var generation = 0
    /// The generation the help views show.
    private(set) var shown = 0

    /// Something that may change the collected bindings happened.
    @inline(__always)
    mutating func changed() { generation &+= 1 }

    /// Whether the help views may be out of date.
    var isStale: Bool { generation != shown }

    /// The help views show the current generation.
    mutating func markShown() { shown = generation }
}
