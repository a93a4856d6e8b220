/// The transparent node under a lazy stack that owns the visible rows.
struct LazyRowsHolder: PrimitiveView, Equatable {
    static func _makeBehavior() -> NodeBehavior { ForEachBehavior() }
    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {}
}

/// A ``ForEach``'s rows, reached one range at a time by integer offset.
///
/// The closures are made by ``init(_:)``: called where the ForEach's types
/// are known (the ``LazyVStack`` initializer that takes a ``ForEach``), it
/// is specialised for them, and so is the code they run.
@usableFromInline
struct LazyRows {
    /// How many rows there are.
    @usableFromInline let count: Int
    /// Reconciles the rows in a range as the children of a holder node,
    /// reusing rows by id.
    @usableFromInline let reconcile: @MainActor (Range<Int>, _ holder: ViewNode, ViewGraph) -> Void
    /// The offset of the row whose id is the one given, if any.
    ///
    /// - Complexity: O(rows) (a walk of the data's ids).
    @usableFromInline let index: @MainActor (ExplicitID) -> Int?

    @inlinable @MainActor
    init<Data, ID, Row: View>(_ rows: ForEach<Data, ID, Row>) {
        count = rows.data.count
        reconcile = { range, holder, graph in rows.reconcileRows(range, holder: holder, graph: graph) }
        index = { rows.rowIndex(of: $0) }
    }
}

/// Content whose rows a lazy stack can evaluate one at a time (``ForEach``),
/// for a ``LazyVStack`` whose initializer did not know it was one.
@MainActor
protocol LazyRowSource {
    var lazyRows: LazyRows { get }
    /// Its rows are ``Section``s: the stack reads them as sections.
    var rowsAreSections: Bool { get }
}

@MainActor
extension ForEach: LazyRowSource where Content: View {
    var lazyRows: LazyRows { LazyRows(self) }
    var rowsAreSections: Bool { Content.self is any LazySectionValue.Type }

    /// The offset of the row whose id is `key`, if any.
    @usableFromInline
    func rowIndex(of key: ExplicitID) -> Int? {
        var index = 0
        for element in data {
            if ExplicitID(id(element)) == key { return index }
            index += 1
        }
        return nil
    }

    /// Reconciles the rows `range` (offsets into the data) as the children
    /// of `holder`, reusing rows by id.
    @usableFromInline
    func reconcileRows(_ range: Range<Int>, holder: ViewNode, graph: ViewGraph) {
        let start = data.index(data.startIndex, offsetBy: range.lowerBound)
        let end = data.index(start, offsetBy: range.count)
        // The stack (the holder's parent) depends on what the closure reads,
        // as an eager ForEach does.
        ForEach.reconcileObserved(data[start..<end], id: id, content: content, observedBy: holder.parent ?? holder,
                                  node: holder, graph: graph)
    }
}
