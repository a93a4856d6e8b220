/// The kinds of views a lazy stack or grid keeps pinned to the edges of
/// its scroll view's visible area while their section scrolls under them:
/// pass it as `pinnedViews` to ``LazyVStack``, ``LazyHStack``,
/// ``LazyVGrid`` or ``LazyHGrid``.
///
/// ```swift
/// ScrollView {
///     LazyVStack(alignment: .leading, pinnedViews: [.sectionHeaders]) {
///         ForEach(groups) { group in
///             Section {
///                 ForEach(group.items) { ItemRow(item: $0) }
///             } header: {
///                 Text(group.name).bold()
///             }
///         }
///     }
/// }
/// ```
///
/// A pinned header stays at the top of the visible area (the leading edge
/// of a horizontal one) while any of its section shows, until the next
/// section's header pushes it out; a pinned footer stays at the bottom
/// (the trailing edge) until its section's start passes it.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The header view of each ``Section`` is pinned.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    /// The footer view of each ``Section`` is pinned.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}
