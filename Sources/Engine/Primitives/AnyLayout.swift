/// A type-erased ``Layout``: switch between layouts while the subviews keep
/// their identity and state.
///
/// ```swift
/// let layout = wide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())
/// layout { Counter(); Counter() }   // each counter keeps its count across the switch
/// ```
///
/// As SwiftUI's documentation puts it: "You can switch between type-erased
/// layouts without losing the state of the subviews." The container is the
/// same view type (`AnyLayout`) whichever layout it holds, so its children
/// are the same nodes; only their positions change.
public struct AnyLayout: Layout {
    let storage: AnyLayoutStorage

    /// Wraps `layout`.
    public init<L: Layout>(_ layout: L) {
        if let erased = layout as? AnyLayout {
            storage = erased.storage
        } else {
            storage = LayoutStorage(layout)
        }
    }

    /// The wrapped layout's cache, with the type of layout that made it.
    public struct Cache {
        var layoutType: ObjectIdentifier
        var value: Any
    }

    public func makeCache(subviews: Subviews) -> Cache {
        Cache(layoutType: storage.layoutType, value: storage.makeCache(subviews: subviews))
    }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        if cache.layoutType == storage.layoutType {
            storage.updateCache(&cache.value, subviews: subviews)
        } else {
            cache = makeCache(subviews: subviews)
        }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> Size {
        if cache.layoutType != storage.layoutType { cache = makeCache(subviews: subviews) }
        return storage.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache.value)
    }

    public func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        if cache.layoutType != storage.layoutType { cache = makeCache(subviews: subviews) }
        storage.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache.value)
    }
}

/// The box behind ``AnyLayout``: one subclass per wrapped layout type.
@MainActor
class AnyLayoutStorage {
    var layoutType: ObjectIdentifier { fatalError("abstract") }
    func same(as other: AnyLayoutStorage) -> Bool { fatalError("abstract") }
    func makeCache(subviews: LayoutSubviews) -> Any { fatalError("abstract") }
    func updateCache(_ cache: inout Any, subviews: LayoutSubviews) { fatalError("abstract") }
    func sizeThatFits(proposal: ProposedSize, subviews: LayoutSubviews, cache: inout Any) -> Size {
        fatalError("abstract")
    }
    func placeSubviews(in bounds: Rect, proposal: ProposedSize, subviews: LayoutSubviews, cache: inout Any) {
        fatalError("abstract")
    }
}

final class LayoutStorage<L: Layout>: AnyLayoutStorage {
    let layout: L
    init(_ layout: L) { self.layout = layout }

    override var layoutType: ObjectIdentifier { ObjectIdentifier(L.self) }

    override func same(as other: AnyLayoutStorage) -> Bool {
        if other === self { return true }
        guard let other = other as? LayoutStorage<L> else { return false }
        return LayoutBehavior<L>.same(layout, other.layout)
    }

    override func makeCache(subviews: LayoutSubviews) -> Any { layout.makeCache(subviews: subviews) }

    override func updateCache(_ cache: inout Any, subviews: LayoutSubviews) {
        var typed = cache as! L.Cache
        layout.updateCache(&typed, subviews: subviews)
        cache = typed
    }

    override func sizeThatFits(proposal: ProposedSize, subviews: LayoutSubviews, cache: inout Any) -> Size {
        var typed = cache as! L.Cache
        defer { cache = typed }
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &typed)
    }

    override func placeSubviews(in bounds: Rect, proposal: ProposedSize, subviews: LayoutSubviews, cache: inout Any) {
        var typed = cache as! L.Cache
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
        cache = typed
    }
}
