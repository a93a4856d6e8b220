/// Where a line that does not fit loses its text to an ellipsis ("…", U+2026).
///
/// The cut always falls between grapheme clusters and never through a wide
/// character; spaces next to the ellipsis are dropped.
///
/// ```
/// "start of the end" in 9 columns:
///   .head    "…the end"
///   .middle  "star…end"
///   .tail    "start of…"
/// ```
public enum TruncationMode: Sendable, Hashable {
    /// Keep the end: "…end".
    case head
    /// Keep both ends: "sta…end". The start gets the odd column.
    case middle
    /// Keep the start: "start…".
    case tail
}
