/// Views computed from a collection, each identified by an id: a row keeps
/// its node (and state) when others are inserted, removed or moved.
///
/// ```swift
/// ForEach(tasks) { task in Row(task: task) }           // Identifiable
/// ForEach(names, id: \.self) { Text($0) }
/// ForEach(0..<10) { i in Text("row \(i)") }
/// ```
///
/// As in SwiftUI, the same `ForEach` makes a chart's marks from a
/// collection inside a ``Chart`` (its content is then ``ChartContent``,
/// not a view).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable & Sendable, Content> {
    public var data: Data
    let id: (Data.Element) -> ID
    public var content: (Data.Element) -> Content

    init(_ data: Data, idOf id: @escaping (Data.Element) -> ID, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }
}

@MainActor
extension ForEach: View, PrimitiveView where Content: View {
    /// Views for `data`, identified by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, idOf: rowID(id), content: content)
    }

    public static func _makeBehavior() -> NodeBehavior { ForEachBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view.data, id: view.id, content: view.content, node: node, graph: graph)
    }

    /// Reconciles `node`'s children with the rows of `data`, reusing nodes by id.
    ///
    /// - Complexity: O(rows) with no hashing when the ids come in the same
    ///   order as last time, or are increasing integers with no old rows
    ///   left to match (rows of a range appearing); otherwise a few hash
    ///   lookups per row.
    static func reconcile<C: Collection>(_ data: C, id: (Data.Element) -> ID, content: (Data.Element) -> Content,
                                         node: ViewNode, graph: ViewGraph) where C.Element == Data.Element {
        // Fast path: the same ids in the same order (the usual frame).
        let old = node.children
        var matched = 0
        if C.self == Range<Int>.self {
            // `ForEach(0..<n)`: count through the integers. This code is not
            // specialised for the app's types, and going through the
            // collection's generic iterator costs metadata lookups and
            // witness calls per row (a quarter of a tree frame).
            let range = unsafeBitCast(data, to: Range<Int>.self)
            var i = range.lowerBound
            while i < range.upperBound, matched < old.count {
                let element = unsafeBitCast(i, to: Data.Element.self)
                // Unretained: `old` keeps the rows alive.
                let same = old.unretained(at: matched)._withUnsafeGuaranteedRef { row -> Bool in
                    if ID.self == Int.self {
                        // Integer ids are compared in place, no `ExplicitID` made.
                        guard row.key == .integerID(unsafeBitCast(id(element), to: Int.self)) else { return false }
                    } else {
                        guard row.matches(explicit: ExplicitID(id(element))) else { return false }
                    }
                    graph.update(row, with: content(element))
                    return true
                }
                guard same else { break }
                matched += 1
                i += 1
            }
            if matched == old.count && matched == range.count { return }
        } else {
            for element in data {
                let key = ExplicitID(id(element))
                guard matched < old.count, old[matched].matches(explicit: key) else { break }
                graph.update(old[matched], with: content(element))
                matched += 1
            }
            if matched == old.count && matched == data.count { return }
        }
        // Rows were inserted, removed or moved: match the rest by id.
        var rows = KeyedReconciler(parent: node, keeping: matched, expecting: data.count)
        if C.self == Range<Int>.self {
            // Counted through the integers, as above (a range's rows appearing
            // all at once is the common case of this path).
            let range = unsafeBitCast(data, to: Range<Int>.self)
            for i in (range.lowerBound + matched)..<range.upperBound {
                let element = unsafeBitCast(i, to: Data.Element.self)
                let position = rows.children.count
                rows.reconcile(content(element), id: ExplicitID(id(element)), position: position, graph: graph)
            }
        } else {
            for element in data.dropFirst(matched) {
                let position = rows.children.count
                rows.reconcile(content(element), id: ExplicitID(id(element)), position: position, graph: graph)
            }
        }
        // What is left disappeared from the data.
        rows.finish(graph: graph)
        graph.structureChanged(node)
    }
}

final class ForEachBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, ID: Sendable, Content: View {
    /// Views for `Identifiable` data.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, idOf: { $0.id }, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// Views for a range of integers, each identified by its integer.
    public init(_ range: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(range, idOf: { $0 }, content: content)
    }
}

/// The id of a row given a view's `id:` key path: the element itself for
/// `\.self` (applying a key path costs far more than a row's own work),
/// else the key path applied. `ForEach`, `List` and `Table` share it.
///
/// `\.self` is told by the key path's offset, 0 from a type to itself (no
/// stored property of a struct holds the struct itself; a class's or a
/// computed property has no offset), not by comparing with a `\Root.self`
/// literal: in this generic context that literal would be made from its
/// pattern on every call, resolving `Root` by name, about 20,000
/// instructions each time a body builds the view.
func rowID<Root, ID>(_ path: KeyPath<Root, ID>) -> (Root) -> ID {
    if Root.self == ID.self && MemoryLayout<Root>.offset(of: path) == 0 {
        return { unsafeBitCast($0, to: ID.self) }
    }
    nonisolated(unsafe) let path = path
    return { $0[keyPath: path] }
}
