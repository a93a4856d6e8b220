/// The rows a tree shows (its roots, and the children of every expanded
/// node, in depth-first order), indexed by row number without ever being
/// listed: the cost of a lookup, an expansion or a collapse follows what is
/// expanded, never the size of the tree.
///
/// Each expanded node (and the roots) is an ``OutlineLevel``: its children
/// as the app's collection, read once when the node was expanded, and the
/// few of them that are themselves expanded, with the rows each adds. A
/// level of 10⁶ children none of which is expanded costs one collection
/// reference.
///
/// Invariant: a level's `total` is its child count plus the `extra` rows of
/// its expanded children; `starts[k]` is the row (relative to the level) of
/// its `k`th expanded child, `offsets` are increasing, and every expanded
/// child's `extra` equals its sublevel's `total`.
@MainActor
final class OutlineIndex<Data: RandomAccessCollection, ID: Hashable> {
    let id: (Data.Element) -> ID
    let children: (Data.Element) -> Data?
    /// The ids of the expanded nodes, shown or not (a collapsed parent keeps
    /// its expanded descendants expanded, as a disclosure group does).
    private(set) var expandedIDs: Set<ID>
    /// The roots' level.
    private(set) var root: OutlineLevel<Data>
    /// Levels in the index below the root: an expanded id beyond this many
    /// is under a collapsed node (or gone), and only then must a newly read
    /// level look for expanded children among its own.
    private var placedLevels = 0

    /// Children read (one per level built): what the tests count.
    private(set) var childrenReads = 0

    convenience init(data: Data, expanded: Set<ID>, id: @escaping (Data.Element) -> ID,
                     children: @escaping (Data.Element) -> Data?) {
        self.init(roots: .many(data), expanded: expanded, id: id, children: children)
    }

    init(roots: OutlineItems<Data>, expanded: Set<ID>, id: @escaping (Data.Element) -> ID,
         children: @escaping (Data.Element) -> Data?) {
        self.id = id
        self.children = children
        self.expandedIDs = expanded
        self.root = OutlineLevel(items: roots)
        self.root = makeLevel(roots)
    }

    /// Rows shown.
    var count: Int { root.total }

    /// One shown row: its element, depth (0 for a root) and whether it is
    /// expanded.
    struct Row {
        var element: Data.Element
        var depth: Int
        var isExpanded: Bool
    }

    /// The row at `index` (in `0..<count`).
    ///
    /// - Complexity: O(depth × log(expanded siblings)).
    func row(at index: Int) -> Row {
        var level = root
        var i = index
        var depth = 0
        while true {
            switch level.locate(i) {
            case .child(let j):
                return Row(element: level.element(j), depth: depth, isExpanded: false)
            case .expanded(let k):
                return Row(element: level.element(level.offsets[k]), depth: depth, isExpanded: true)
            case .inside(let k, let rest):
                level = level.subs[k]
                i = rest
                depth += 1
            }
        }
    }

    /// The levels and expanded-child slots from the root down to the level
    /// holding row `index`, with the row's offset in that level and the row
    /// number of its parent (nil for a root).
    private func path(to index: Int) -> (steps: [(OutlineLevel<Data>, Int)], level: OutlineLevel<Data>, offset: Int,
                                          parentRow: Int?) {
        var steps: [(OutlineLevel<Data>, Int)] = []
        var level = root
        var i = index
        var base = 0
        var parentRow: Int?
        while true {
            switch level.locate(i) {
            case .child(let j):
                return (steps, level, j, parentRow)
            case .expanded(let k):
                return (steps, level, level.offsets[k], parentRow)
            case .inside(let k, let rest):
                steps.append((level, k))
                parentRow = base + level.starts[k]
                base = parentRow! + 1
                level = level.subs[k]
                i = rest
            }
        }
    }

    /// The row of the parent of row `index`, or nil for a root.
    func parentRow(of index: Int) -> Int? { path(to: index).parentRow }

    /// Whether the element has children (a nil collection is a leaf).
    func hasChildren(_ element: Data.Element) -> Bool { children(element) != nil }

    /// Expands (or collapses) the node at row `index`. Returns the change in
    /// the number of rows shown, or nil when nothing changed (a leaf, or
    /// already in that state).
    ///
    /// - Complexity: expanding reads the node's children once and costs
    ///   O(1) more when no expanded node is hidden under a collapsed one,
    ///   O(children + their expanded descendants' rows) otherwise; both add
    ///   O(depth × expanded siblings) to update the levels above.
    ///   Collapsing costs O(depth × expanded siblings + expanded nodes
    ///   below it).
    func setExpanded(_ expand: Bool, row index: Int) -> Int? {
        let (steps, level, j, _) = path(to: index)
        let element = level.element(j)
        let nodeID = id(element)
        let slot = level.expandedSlot(of: j)
        if expand {
            guard slot == nil, let items = children(element) else { return nil }
            expandedIDs.insert(nodeID)
            placedLevels += 1
            let sub = makeLevel(.many(items))
            level.insert(sub, at: j)
            let delta = sub.total
            for (up, k) in steps { up.grow(k, by: delta) }
            return delta
        } else {
            expandedIDs.remove(nodeID)
            guard let k = slot else { return nil }
            let sub = level.subs[k]
            placedLevels -= 1 + sub.nestedLevels
            let delta = -sub.total
            level.remove(k)
            for (up, k) in steps { up.grow(k, by: delta) }
            return delta
        }
    }

    /// A level for `items`, with the children that are expanded (when any
    /// expanded id is not placed yet) expanded in turn.
    private func makeLevel(_ items: OutlineItems<Data>) -> OutlineLevel<Data> {
        childrenReads += 1
        let level = OutlineLevel(items: items)
        guard expandedIDs.count > placedLevels else { return level }
        items.enumerate { j, element in
            guard expandedIDs.contains(id(element)), let kids = children(element) else { return }
            placedLevels += 1
            level.insert(makeLevel(.many(kids)), at: j)
        }
        return level
    }
}

/// The children of one expanded node (or the roots) and which of them are
/// expanded: see ``OutlineIndex``.
@MainActor
final class OutlineLevel<Data: RandomAccessCollection> {
    let items: OutlineItems<Data>
    let itemCount: Int
    /// Child offsets of the expanded children, increasing.
    private(set) var offsets: [Int] = []
    /// The row (relative to this level) of each expanded child.
    private(set) var starts: [Int] = []
    /// Each expanded child's level.
    private(set) var subs: [OutlineLevel<Data>] = []
    /// Rows shown by this level and the expanded levels below it.
    private(set) var total: Int

    init(items: OutlineItems<Data>) {
        self.items = items
        self.itemCount = items.count
        self.total = itemCount
    }

    func element(_ j: Int) -> Data.Element { items.element(j) }

    /// Levels below this one.
    var nestedLevels: Int { subs.reduce(subs.count) { $0 + $1.nestedLevels } }

    enum Location {
        /// A child that is not expanded, by offset.
        case child(Int)
        /// The `k`th expanded child itself.
        case expanded(Int)
        /// Row `rest` of the `k`th expanded child's level.
        case inside(Int, rest: Int)
    }

    /// Where relative row `i` falls.
    ///
    /// - Complexity: O(log(expanded children)).
    func locate(_ i: Int) -> Location {
        // The last expanded child starting at or before row i.
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= i { lo = mid + 1 } else { hi = mid }
        }
        let k = lo - 1
        guard k >= 0 else { return .child(i) }
        let start = starts[k]
        if i == start { return .expanded(k) }
        let end = start + 1 + subs[k].total
        if i < end { return .inside(k, rest: i - start - 1) }
        return .child(offsets[k] + 1 + (i - end))
    }

    /// The slot of child `j` among the expanded children, if it is one.
    func expandedSlot(of j: Int) -> Int? {
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] < j { lo = mid + 1 } else { hi = mid }
        }
        return lo < offsets.count && offsets[lo] == j ? lo : nil
    }

    /// Records child `j` as expanded with level `sub`.
    ///
    /// - Complexity: O(expanded children).
    func insert(_ sub: OutlineLevel<Data>, at j: Int) {
        var k = offsets.count
        while k > 0 && offsets[k - 1] > j { k -= 1 }
        let start = k == 0 ? j : starts[k - 1] + 1 + subs[k - 1].total + (j - offsets[k - 1] - 1)
        offsets.insert(j, at: k)
        starts.insert(start, at: k)
        subs.insert(sub, at: k)
        for m in (k + 1)..<starts.count { starts[m] += sub.total }
        total += sub.total
    }

    /// Forgets the `k`th expanded child (collapsed).
    func remove(_ k: Int) {
        let rows = subs[k].total
        offsets.remove(at: k)
        starts.remove(at: k)
        subs.remove(at: k)
        for m in k..<starts.count { starts[m] -= rows }
        total -= rows
    }

    /// The `k`th expanded child's level grew by `delta` rows (a node below
    /// it was expanded or collapsed).
    func grow(_ k: Int, by delta: Int) {
        for m in (k + 1)..<starts.count { starts[m] += delta }
        total += delta
    }
}

/// A level's items: the app's collection, or the one root of a
/// single-root tree (`OutlineGroup(root, children:)`).
enum OutlineItems<Data: RandomAccessCollection> {
    case many(Data)
    case one(Data.Element)

    var count: Int {
        switch self {
        case .many(let items): items.count
        case .one: 1
        }
    }

    func element(_ j: Int) -> Data.Element {
        switch self {
        case .many(let items): items[items.index(items.startIndex, offsetBy: j)]
        case .one(let root): root
        }
    }

    /// Calls `body` with each item and its offset, in order.
    func enumerate(_ body: (Int, Data.Element) -> Void) {
        switch self {
        case .many(let items):
            var j = 0
            for element in items {
                body(j, element)
                j += 1
            }
        case .one(let root):
            body(0, root)
        }
    }
}
