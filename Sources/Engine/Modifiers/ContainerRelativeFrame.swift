/// A frame whose size along some axes is a share of its container's: the
/// nearest container around it, as SwiftUI's list of them — a
/// ``ScrollView`` (its visible size, without its scroll indicators), a
/// ``List`` or ``Table`` (the rows' area), a ``NavigationStack`` (the area
/// below its bar), a column of a ``NavigationSplitView`` — or the window's
/// when none is around it.
///
/// Along the axes it sizes, the content is offered the frame's length and
/// placed inside by `alignment`, as ``View/frame(width:height:alignment:)``
/// does; along the others the frame passes the proposal on and takes its
/// content's size. Where the container's length is not known yet (a scroll
/// view asked for its ideal size before it was first placed), the frame
/// passes that axis's proposal on as well.
public struct ContainerRelativeFrameView<Content: View>: SingleContentView {
    public var axes: Axis.Set
    public var alignment: Alignment
    var length: ContainerRelativeLength
    public var content: Content

    static func makeBehavior() -> ContainerRelativeFrameBehavior { ContainerRelativeFrameBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: ContainerRelativeFrameBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(axes, &b.axes, node: node)
        graph.set(alignment, &b.alignment, node: node)
        if case .custom = length {
            // A closure cannot be compared: it may answer differently now.
            b.length = length
            graph.markNeedsLayout(node)
        } else {
            graph.set(length, &b.length, node: node)
        }
    }
}

/// How a container-relative frame's length follows from its container's.
enum ContainerRelativeLength: Equatable {
    /// The container's whole length.
    case whole
    /// `span` of `count` equal pieces, `spacing` between pieces.
    case grid(count: Int, span: Int, spacing: Int)
    /// What the app's function answers for the container's length and the axis.
    case custom(@MainActor (Int, Axis) -> Int)

    /// The frame's length for a container `container` cells long along
    /// `axis`, never negative. A grid's pieces are whole cells, rounded
    /// down: `count` of them and the spacing between never overflow the
    /// container (the cells left over stay empty).
    @MainActor
    func length(_ container: Int, _ axis: Axis) -> Int {
        switch self {
        case .whole:
            return LayoutLength.clampNonNegative(container)
        case .grid(let count, let span, let spacing):
            // At least one piece and one spanned; lengths clamped where they enter layout.
            let count = Swift.max(1, Swift.min(count, LayoutLength.limit))
            let span = Swift.max(1, Swift.min(span, LayoutLength.limit))
            let spacing = LayoutLength.clamp(spacing)
            let gaps = spacing.saturatingProduct(count - 1)
            let piece = Swift.max(0, container.saturatingSum(-gaps) / count)
            return LayoutLength.clampNonNegative(
                piece.saturatingProduct(span).saturatingSum(spacing.saturatingProduct(span - 1)))
        case .custom(let f):
            return LayoutLength.clampNonNegative(f(container, axis))
        }
    }

    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.whole, .whole): return true
        case let (.grid(c1, s1, p1), .grid(c2, s2, p2)): return c1 == c2 && s1 == s2 && p1 == p2
        default: return false
        }
    }
}

final class ContainerRelativeFrameBehavior: NodeBehavior {
    var axes: Axis.Set = []
    var alignment = Alignment.center
    var length = ContainerRelativeLength.whole

    /// The frame's length along `axis` in `container`, `nil` where it does
    /// not size that axis or the container's length is not known.
    private func frameLength(_ axis: Axis, _ container: ContainerSize) -> Int? {
        guard axes.contains(axis == .horizontal ? .horizontal : .vertical),
              let c = container.length(axis) else { return nil }
        return length.length(c, axis)
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let container = graph.containerSize(of: node)
        let w = frameLength(.horizontal, container), h = frameLength(.vertical, container)
        let c = ContentLayout.size(node, ProposedSize(width: w ?? proposal.width, height: h ?? proposal.height),
                                   graph: graph)
        return Size(width: w ?? c.width, height: h ?? c.height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, alignment: alignment, graph: graph)
    }
}

extension View {
    /// Sizes this view along `axes` to its container's length: the
    /// nearest ``ScrollView``, ``List``, ``Table``, ``NavigationStack`` or
    /// ``NavigationSplitView`` column around it, else the window.
    ///
    /// ```swift
    /// ScrollView {
    ///     VStack(spacing: 0) {
    ///         ForEach(pages) { page in PageView(page).containerRelativeFrame(.vertical) }
    ///     }
    /// }
    /// ```
    ///
    /// SwiftUI's containers also include a navigation stack, a split view's
    /// column, a tab and a `List`; here only a ``ScrollView`` is one
    /// (see <doc:SizeNegotiation>).
    public consuming func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center)
        -> ContainerRelativeFrameView<Self>
    {
        ContainerRelativeFrameView(axes: axes, alignment: alignment, length: .whole, content: self)
    }

    /// Sizes this view along `axes` to `span` of `count` equal pieces of
    /// its container's length, with `spacing` cells between pieces: a
    /// piece is `(length − spacing × (count − 1)) / count` cells, rounded
    /// down, and the view `piece × span + spacing × (span − 1)`.
    ///
    /// ```swift
    /// ScrollView(.horizontal) {
    ///     LazyHStack(spacing: 1) {
    ///         ForEach(cards) { card in
    ///             CardView(card).containerRelativeFrame(.horizontal, count: 3, span: 1, spacing: 1)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// A `count` or `span` below 1 counts as 1.
    public consuming func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: Int,
                                       alignment: Alignment = .center) -> ContainerRelativeFrameView<Self> {
        ContainerRelativeFrameView(axes: axes, alignment: alignment,
                                   length: .grid(count: count, span: span, spacing: spacing), content: self)
    }

    /// Sizes this view along `axes` to what `length` answers for its
    /// container's length along each axis (and that axis): in cells, as
    /// SwiftUI's is in points. A negative answer counts as 0.
    ///
    /// ```swift
    /// Sidebar().containerRelativeFrame(.horizontal) { length, _ in length / 3 }
    /// ```
    public consuming func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping @MainActor (Int, Axis) -> Int)
        -> ContainerRelativeFrameView<Self>
    {
        ContainerRelativeFrameView(axes: axes, alignment: alignment, length: .custom(length), content: self)
    }
}
