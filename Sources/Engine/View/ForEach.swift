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
///
/// A `ForEach` whose data, ids and content closure are the same as last
/// time skips its rows altogether, as SwiftUI's does: the same range, or
/// an array with the same storage, and the same closure value (the same
/// code and the same captured context). When the closure captures a value
/// that changed (`self`, most often), it is a new closure and the rows are
/// built again and compared, which gives the same screen, only with more
/// work. Whether a closure literal is the same value each time is up to the
/// compiler: in an optimised build one that captures nothing is, when given
/// to `ForEach(_:id:content:)` or to `ForEach` over `Identifiable` data; the
/// range initializer's `(Int) -> Content` closure is wrapped anew each time,
/// and in a debug build every closure is new. What the closure reads of an
/// `@Observable` model is tracked for the `ForEach`, so a change builds its
/// rows again even when the `ForEach` is the same.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable & Sendable, Content> {
    public var data: Data
    let id: (Data.Element) -> ID
    /// What `id` computes, for telling two values apart: the closure made
    /// from a key path captures it, so is new each time.
    let idSource: RowIDSource
    public var content: (Data.Element) -> Content

    init(_ data: Data, idOf id: @escaping (Data.Element) -> ID, idSource: RowIDSource,
         content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.idSource = idSource
        self.content = content
    }

    /// Whether `a` and `b` make the same rows without calling either's
    /// closure: data that is the same value by its bytes (a range, or an
    /// array's storage), the same ids, and the same content closure and
    /// captures.
    static func sameRows(_ a: Self, _ b: Self) -> Bool {
        guard a.idSource == b.idSource, sameBytes(a.content, b.content) else { return false }
        return hasValueBytes(Data.self) && sameBytes(a.data, b.data)
    }
}

/// Where a `ForEach`'s (or a chart's) row ids come from, as one word, so
/// that copying a `ForEach` copies no reference for it.
struct RowIDSource: Equatable, Sendable {
    private let bits: UInt

    /// A closure: never the same as another.
    static let opaque = RowIDSource(bits: 0)
    /// The element itself (`\.self`, a range's integers).
    static let element = RowIDSource(bits: 1)
    /// The element's `Identifiable` id.
    static let identifiable = RowIDSource(bits: 2)

    private init(bits: UInt) { self.bits = bits }

    /// A key path into the element, told by its identity: a literal key
    /// path is made once and reused, and the id closure keeps it alive, so
    /// its address is not reused while the `ForEach` holding it is. (A key
    /// path made anew each time only makes the rows be built again.)
    init(keyPath: AnyKeyPath) { bits = UInt(bitPattern: ObjectIdentifier(keyPath).hashValue) }

    static func == (a: RowIDSource, b: RowIDSource) -> Bool { a.bits == b.bits && a.bits != 0 }
}

/// The id of a row given a `ForEach`'s `id:` key path (see ``rowID(_:)``),
/// and where it comes from.
func rowIDAndSource<Root, ID>(_ path: KeyPath<Root, ID>) -> ((Root) -> ID, RowIDSource) {
    if Root.self == ID.self && MemoryLayout<Root>.offset(of: path) == 0 {
        return ({ unsafeBitCast($0, to: ID.self) }, .element)
    }
    nonisolated(unsafe) let path = path
    return ({ $0[keyPath: path] }, RowIDSource(keyPath: path))
}

/// Whether two values of `Data` with the same bytes hold the same
/// elements: a range of plain values, or an array (its storage is copied
/// before it is changed while another value shares it). Not any plain
/// collection: an unsafe buffer's bytes stay the same when what it points
/// to changes.
func hasValueBytes<Data>(_: Data.Type) -> Bool {
    (Data.self is any _ValueBytesCollection.Type) && _isPOD(Data.self) || Data.self is any _ValueStorageCollection.Type
}

/// Ranges: the same bounds are the same elements.
protocol _ValueBytesCollection {}
extension Range: _ValueBytesCollection {}
extension ClosedRange: _ValueBytesCollection {}

/// Copy-on-write arrays: the same storage is the same elements.
protocol _ValueStorageCollection {}
extension Array: _ValueStorageCollection {}
extension ContiguousArray: _ValueStorageCollection {}
extension ArraySlice: _ValueStorageCollection {}

@MainActor
extension ForEach: View, PrimitiveView where Content: View {
    /// Views for `data`, identified by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        let (idOf, source) = rowIDAndSource(id)
        self.init(data, idOf: idOf, idSource: source, content: content)
    }

    public static func _makeBehavior() -> NodeBehavior { ForEachBehavior() }

    /// The same rows as last frame (see ``ForEach``): the node skips them.
    public static func _isSame(_ a: Self, _ b: Self) -> Bool? { sameRows(a, b) }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcileObserved(view.data, id: view.id, content: view.content, observedBy: node, node: node, graph: graph)
    }

    /// Reconciles `node`'s children with the rows of `data` (as
    /// ``reconcile(_:id:content:node:graph:)``), making the rows' views
    /// first, in one observation scope for `observer`.
    ///
    /// What a row closure reads of a model (`ForEach(model.items) { item in
    /// Text(item.title) }`) is then `observer`'s dependency, as a body's reads
    /// are its node's, and as in SwiftUI: when it changes, `observer` is
    /// evaluated again and makes its rows again. The rows' own bodies are
    /// evaluated after, as they are reconciled, outside that scope, so their
    /// dependencies stay their own (a scope nested in another adds what it
    /// read to the outer one).
    ///
    /// The views wait in a temporary buffer (on the stack when small) and are
    /// moved out as they are reconciled: no array, and no copy of a row's
    /// view but the one its node keeps. Written out here, not shared through
    /// a generic helper taking closures: this code is specialised for the
    /// app's types, and a helper's closures and generic moves cost about 6%
    /// of the ticker app's event.
    static func reconcileObserved<C: Collection>(_ data: C, id: (Data.Element) -> ID, content: (Data.Element) -> Content,
                                                 observedBy observer: ViewNode, node: ViewNode, graph: ViewGraph)
    where C.Element == Data.Element {
        let count = data.count
        withUnsafeTemporaryAllocation(of: Content.self, capacity: Swift.max(count, 1)) { buffer in
            let base = buffer.baseAddress!
            var made = 0
            graph.observing(observer) {
                if C.self == Range<Int>.self {
                    // Counted through the integers (see `reconcile`).
                    for i in unsafeBitCast(data, to: Range<Int>.self) where made < count {
                        (base + made).initialize(to: content(unsafeBitCast(i, to: Data.Element.self)))
                        made += 1
                    }
                } else {
                    for element in data where made < count {
                        (base + made).initialize(to: content(element))
                        made += 1
                    }
                }
            }
            var next = 0
            defer { (base + next).deinitialize(count: made - next) }
            reconcile(data, id: id, content: { _ in
                // `reconcile` calls this once per element, in order.
                precondition(next < made, "ForEach: the data has more elements than its count")
                defer { next += 1 }
                return (base + next).move()
            }, node: node, graph: graph)
        }
    }

    /// Reconciles `node`'s children with the rows of `data`, reusing nodes by id.
    /// `content` is called once for each element, in order.
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
        self.init(data, idOf: { $0.id }, idSource: .identifiable, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// Views for a range of integers, each identified by its integer.
    public init(_ range: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(range, idOf: { $0 }, idSource: .element, content: content)
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
func rowID<Root, ID>(_ path: KeyPath<Root, ID>) -> (Root) -> ID { rowIDAndSource(path).0 }
