/// Interns ``Style`` values so cells can hold a 32-bit ``StyleID``.
///
/// The same style always gets the same id for the table's lifetime, so two
/// cells compare equal exactly when their bits do. Id `0` is ``Style/plain``.
public final class StyleTable {
    private var styles: [Style] = [.plain]
    private var ids: [Style: StyleID] = [.plain: 0]

    public init() {}

    /// The id of `style`, interning it on first use.
    ///
    /// - Complexity: one hash lookup.
    @inline(__always)
    public func id(for style: Style) -> StyleID {
        if let id = ids[style] { return id }
        let id = StyleID(styles.count)
        styles.append(style)
        ids[style] = id
        return id
    }

    /// `id`'s style shown over `background`: when the style's own background
    /// is the default, the given one shows through.
    @inline(__always)
    public func id(_ id: StyleID, over background: Color) -> StyleID {
        if background == .default { return id }
        guard Int(id) < styles.count else { return self.id(for: Style(background: background)) }
        var s = styles[Int(id)]
        guard s.background == .default else { return id }
        s.background = background
        return self.id(for: s)
    }

    /// `id`'s style under what enclosing views pass down (`inherited`): its
    /// own foreground and background win where set, the inherited ones show
    /// where it has none, and the attributes are both sets together.
    @inline(__always)
    public func id(_ id: StyleID, inheriting inherited: Style) -> StyleID {
        if inherited.foreground == .default && inherited.attributes.isEmpty {
            return self.id(id, over: inherited.background)
        }
        guard Int(id) < count else { return self.id(for: inherited) }
        return self.id(for: self[id].drawn(over: inherited))
    }

    /// The style behind `id`.
    @inline(__always)
    public subscript(id: StyleID) -> Style { styles[Int(id)] }

    /// How many distinct styles have been interned.
    public var count: Int { styles.count }
}
