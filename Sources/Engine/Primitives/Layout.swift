/// A type that measures and places the views it contains: SwiftUI's
/// `Layout` protocol, in whole cells.
///
/// Write a layout as a struct with ``sizeThatFits(proposal:subviews:cache:)``
/// and ``placeSubviews(in:proposal:subviews:cache:)``, then use it like a
/// container view:
///
/// ```swift
/// struct Column: Layout {
///     func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
///         let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
///         return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.reduce(0) { $0 + $1.height })
///     }
///     func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
///         var y = bounds.minY
///         for subview in subviews {
///             subview.place(at: Point(x: bounds.minX, y: y), proposal: .unspecified)
///             y += subview.sizeThatFits(.unspecified).height
///         }
///     }
/// }
///
/// Column { Text("one"); Text("two") }
/// ```
///
/// Sizes, bounds and points are whole cells (``Size``, ``Rect``, ``Point``)
/// where SwiftUI's are `CGSize`, `CGRect` and `CGPoint`; ``ProposedViewSize``
/// is the engine's ``ProposedSize``. `explicitAlignment` is left out: the
/// engine's alignments are fixed edges and centres, without alignment guides.
///
/// A layout is asked again only when what it depends on changed: the
/// proposal, a subview's size, the subviews themselves or the layout's own
/// value (compared as a view's is: `Equatable`, or bitwise for plain data).
/// A subview whose content changed without changing its size is laid out
/// again on its own, as in a stack.
@MainActor
public protocol Layout {
    /// Data kept between calls, made by ``makeCache(subviews:)``; `Void`
    /// when the layout keeps none.
    associatedtype Cache = Void
    /// The layout's subviews.
    typealias Subviews = LayoutSubviews

    /// The size the layout wants for `proposal`, from its subviews' sizes.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> Size

    /// Places each subview (``LayoutSubview/place(at:anchor:proposal:)``)
    /// within `bounds`, the region the layout's parent gave it (screen
    /// coordinates: use `bounds.minX` and `bounds.minY` as the origin). A
    /// subview left unplaced is put at the centre of `bounds` at its ideal
    /// size, as SwiftUI does.
    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)

    /// Makes the cache for `subviews`.
    func makeCache(subviews: Subviews) -> Cache

    /// Brings `cache` up to date after the subviews or their sizes changed.
    /// The default makes a new one with ``makeCache(subviews:)``.
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    /// Uses the layout as a container view of `content`: `MyLayout { … }`.
    public func callAsFunction<Content: View>(@ViewBuilder _ content: () -> Content) -> LayoutView<Self, Content> {
        LayoutView(layout: self, content: content())
    }
}

/// A key for a value that a view gives the layout around it
/// (``View/layoutValue(key:value:)``), read as `subviews[i][Key.self]`.
public protocol LayoutValueKey {
    associatedtype Value
    /// What a subview that sets no value answers.
    static var defaultValue: Value { get }
}

/// A width and a height, as a subview answers them for a proposal
/// (``LayoutSubview/dimensions(in:)``). SwiftUI's also answers alignment
/// guides; the engine has none.
public struct ViewDimensions: Hashable, Sendable {
    public var width: Int
    public var height: Int
}
