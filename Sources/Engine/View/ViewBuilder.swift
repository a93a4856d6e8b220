/// Builds views from a block of view expressions: any number of children,
/// `if`, `if`/`else`, `switch`, optionals and `#available`.
///
/// Its functions take their views `consuming`: a block's views are
/// temporaries, moved into the block's value rather than copied (a copy
/// retains every reference in a view, a body's whole tree once per level).
@resultBuilder @MainActor
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: consuming V) -> V { view }

    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<V: View>(_ view: consuming V) -> V { view }

    public static func buildBlock<each V: View>(_ views: repeat each V) -> TupleView<repeat each V> {
        TupleView(repeat each views)
    }

    /// `if` without `else`.
    public static func buildIf<V: View>(_ view: consuming V?) -> V? { view }

    /// `if`/`else` and `switch`: the first branch.
    public static func buildEither<T: View, F: View>(first: consuming T) -> ConditionalContent<T, F> { .init(.first(first)) }

    /// `if`/`else` and `switch`: the second branch.
    public static func buildEither<T: View, F: View>(second: consuming F) -> ConditionalContent<T, F> { .init(.second(second)) }

    /// `if #available`: the branch is type-erased.
    public static func buildLimitedAvailability<V: View>(_ view: V) -> AnyView { AnyView(view) }
}
