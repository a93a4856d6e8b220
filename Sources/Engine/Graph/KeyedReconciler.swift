/// Reconciles a node's children with rows told apart by explicit ids: a
/// row keeps its node (and state) when rows are inserted, removed or moved.
/// `ForEach`, the lazy stacks' rows and the rows of lists and tables share
/// it, each after its own fast path (the same ids in the same order, no
/// hashing) stopped matching.
///
/// ```swift
/// var rows = KeyedReconciler(parent: node, keeping: matched, firstRow: 0, expecting: data.count)
/// for element in rest { rows.reconcile(content(element), id: ExplicitID(id(element)), position: …, graph: graph) }
/// rows.finish(graph: graph)
/// ```
///
/// Invariants: every node in ``children`` is a child of `parent`, in the
/// order the rows came; no two rows share a key (a repeated id gets a key
/// of its own, by position); a node is either in ``children`` or, when
/// ``finish(graph:)`` runs, detached.
@MainActor
struct KeyedReconciler {
    private let parent: ViewNode
    /// The old children not matched yet, by key.
    private var unmatched: [ExplicitID: ViewNode] = [:]
    /// The ids given to rows so far, once ``increasingIntegers`` is false.
    private var seen: Set<ExplicitID> = []
    /// True while every row's id so far is an integer greater than the one
    /// before it (ranges, indices, sorted keys): no id can have repeated, so
    /// none is hashed into ``seen``, which is filled only when an id breaks
    /// the run.
    private var increasingIntegers = true
    /// The last integer id given while ``increasingIntegers`` holds.
    private var lastInteger = Int.min
    /// Where the rows start in ``children`` (before: a header).
    private let firstRow: Int
    /// The new children so far.
    private(set) var children: [ViewNode]

    /// Starts after `parent`'s first `kept` children, which stay in place;
    /// those from `firstRow` on are rows (before it: a header) whose ids
    /// count as given. `count` is the number of rows expected in all.
    init(parent: ViewNode, keeping kept: Int, firstRow: Int = 0, expecting count: Int) {
        self.parent = parent
        self.firstRow = firstRow
        let old = parent.children
        unmatched.reserveCapacity(old.count - kept)
        for child in old[kept...] {
            if case .explicit(let key) = child.discriminator { unmatched[key] = child }
        }
        children = Array(old[0..<kept])
        children.reserveCapacity(firstRow + count)
        for child in children.dropFirst(firstRow) {
            guard case .explicit(let key) = child.discriminator else { continue }
            if increasingIntegers, case .int(let value) = key.storage, value > lastInteger {
                lastInteger = value
            } else {
                if increasingIntegers { rememberRows(expecting: count) }
                seen.insert(key)
            }
        }
    }

    /// Fills ``seen`` with the rows given so far (while the ids were
    /// increasing integers, each row's key is its id) and stops the
    /// integer run.
    private mutating func rememberRows(expecting count: Int) {
        increasingIntegers = false
        seen.reserveCapacity(count)
        for child in children.dropFirst(firstRow) {
            if case .explicit(let key) = child.discriminator { seen.insert(key) }
        }
    }

    /// Appends the row `view` with id `id`: the old node with its key is
    /// updated, or a node is made. A repeated id is keyed by `position`
    /// (worked out before the lookup, so the same data next frame finds
    /// the same node).
    mutating func reconcile<Row: View>(_ view: Row, id: ExplicitID, position: Int, graph: ViewGraph) {
        let key: ExplicitID
        if increasingIntegers, case .int(let value) = id.storage, value > lastInteger {
            lastInteger = value
            key = id
        } else {
            if increasingIntegers { rememberRows(expecting: children.count) }
            key = seen.contains(id) ? ExplicitID(RepeatedID(id: id, position: position)) : id
            seen.insert(id)
        }
        if !unmatched.isEmpty, let existing = unmatched.removeValue(forKey: key) {
            graph.update(existing, with: view)
            children.append(existing)
        } else {
            let made = graph.makeNode(for: view, parent: parent, discriminator: .explicit(key))
            graph.update(made, with: view, isNew: true)
            children.append(made)
        }
    }

    /// Detaches the old rows no row asked for and gives `parent` its new
    /// children. The caller marks the structure changed where its layout
    /// needs it.
    consuming func finish(graph: ViewGraph) {
        for (_, gone) in unmatched { graph.detach(gone) }
        parent.children = children
    }
}

/// The identity of a row whose id repeats an earlier row's.
struct RepeatedID: Hashable, Sendable {
    var id: ExplicitID
    var position: Int
}
