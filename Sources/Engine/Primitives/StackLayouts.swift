/// The layout of an ``HStack`` as a ``Layout`` value, for ``AnyLayout``:
/// `AnyLayout(HStackLayout())` lays its subviews out as `HStack` does.
public struct HStackLayout: Layout {
    public var alignment: VerticalAlignment
    /// Columns between subviews; `nil` is `HStack`'s default (1).
    public var spacing: Int?

    public init(alignment: VerticalAlignment = .center, spacing: Int? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        StackLayout.size(axis: .horizontal, spacing: LayoutLength.clamp(spacing ?? 1), children: subviews.nodes,
                         proposal: proposal, graph: subviews.graph)
    }

    public func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        StackLayout.place(axis: .horizontal, spacing: LayoutLength.clamp(spacing ?? 1),
                          alignment: Alignment(horizontal: .center, vertical: alignment), children: subviews.nodes,
                          in: bounds, graph: subviews.graph)
        subviews.markAllPlaced()
    }
}

/// The layout of a ``VStack`` as a ``Layout`` value, for ``AnyLayout``.
public struct VStackLayout: Layout {
    public var alignment: HorizontalAlignment
    /// Rows between subviews; `nil` is `VStack`'s default (0).
    public var spacing: Int?

    public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        StackLayout.size(axis: .vertical, spacing: LayoutLength.clamp(spacing ?? 0), children: subviews.nodes,
                         proposal: proposal, graph: subviews.graph)
    }

    public func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        StackLayout.place(axis: .vertical, spacing: LayoutLength.clamp(spacing ?? 0),
                          alignment: Alignment(horizontal: alignment, vertical: .center), children: subviews.nodes,
                          in: bounds, graph: subviews.graph)
        subviews.markAllPlaced()
    }
}

/// The layout of a ``ZStack`` as a ``Layout`` value, for ``AnyLayout``.
public struct ZStackLayout: Layout {
    public var alignment: Alignment

    public init(alignment: Alignment = .center) { self.alignment = alignment }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        var w = 0, h = 0
        for node in subviews.nodes {
            let s = subviews.graph.size(of: node, for: proposal)
            w = Swift.max(w, s.width)
            h = Swift.max(h, s.height)
        }
        return Size(width: w, height: h)
    }

    public func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        ZStackBehavior.place(subviews.nodes, in: bounds, alignment: alignment, graph: subviews.graph)
        subviews.markAllPlaced()
    }
}
