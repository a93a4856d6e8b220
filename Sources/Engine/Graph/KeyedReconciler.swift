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
/// Old rows keyed by increasing integers (a range scrolled, indices,
/// sorted database keys) are matched to new rows with increasing integer
/// ids by merging the two runs, hashing nothing; the first id that breaks
/// the run puts the old rows not matched yet in a dictionary, and the rest
/// are looked up there.
///
/// Invariants: every node in ``children`` is a child of `parent`, in the
/// order the rows came; no two rows share a key (a repeated id gets a key
/// of its own, by position); a node is either in ``children`` or, when
/// ``finish(graph:)`` runs, detached.
@MainActor
struct KeyedReconciler {
    private let parent: ViewNode
    /// The old children not matched yet, by key, once not merging.
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
    /// Whether old rows are matched by merging (their keys, from the first
    /// kept row on, are increasing integers); once false, they wait in
    /// ``unmatched``.
    private var merging = false
    /// While merging: the old children.
    private var oldRows: [ViewNode] = []
    /// While merging: the first old row not matched or passed over yet.
    private var nextOld = 0
    /// While merging: old rows passed over (no new row had their key so
    /// far), detached at the end unless a later id breaks the merge.
    private var passedOver: [ViewNode] = []

    /// Starts after `parent`'s first `kept` children, which stay in place;
    /// those from `firstRow` on are rows (before it: a header) whose ids
    /// count as given. `count` is the number of rows expected in all.
    init(parent: ViewNode, keeping kept: Int, firstRow: Int = 0, expecting count: Int) {
        self.parent = parent
        self.firstRow = firstRow
        let old = parent.children
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
        // Old rows keyed by increasing integers (a range scrolled, indices,
        // sorted keys) are matched by merging, without hashing, while the
        // new ids increase too; otherwise they wait in a dictionary.
        var previous = Int.min
        var sorted = true
        for child in old[kept...] {
            let key = child.key
            guard key.kind == DiscriminatorKey.integerIDKind, key.value > previous else {
                sorted = false
                break
            }
            previous = key.value
        }
        // With no old row waiting (a new subtree), there is nothing to
        // match: rows are made with no check at all.
        if old.count == kept {
            return
        } else if sorted {
            merging = true
            oldRows = old
            nextOld = kept
        } else {
            fillUnmatched(from: old[kept...])
        }
    }

    /// Puts `rows` into ``unmatched`` by key.
    private mutating func fillUnmatched(from rows: ArraySlice<ViewNode>) {
        unmatched.reserveCapacity(unmatched.count + rows.count)
        for child in rows {
            if case .explicit(let key) = child.discriminator { unmatched[key] = child }
        }
    }

    /// Stops merging: the old rows not matched yet wait in ``unmatched``.
    private mutating func stopMerging() {
        guard merging else { return }
        merging = false
        fillUnmatched(from: passedOver[...])
        fillUnmatched(from: oldRows[nextOld...])
        passedOver = []
        oldRows = []
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
    /// Inlined, as before merging was added: a call per row, with the key
    /// copied through value witnesses, cost `state-churn` 2.9% a frame.
    @inline(__always)
    mutating func reconcile<Row: View>(_ view: Row, id: ExplicitID, position: Int, graph: ViewGraph) {
        let (existing, key) = claim(id, position: position)
        if let existing {
            graph.update(existing, with: view)
            children.append(existing)
        } else {
            make(view, key: key, graph: graph)
        }
    }

    /// Appends the row with id `id` whose view never changes while its id
    /// stays (a log's line): the old node with its key is kept as it is,
    /// or a node is made for the view `make` returns (called only then).
    @inline(__always)
    mutating func keep<Row: View>(id: ExplicitID, position: Int, graph: ViewGraph, orMake make: () -> Row) {
        let (existing, key) = claim(id, position: position)
        if let existing {
            children.append(existing)
        } else {
            self.make(make(), key: key, graph: graph)
        }
    }

    /// The old node keyed like the row with id `id`, taken from those
    /// waiting, or nil; and the key a new node would have.
    @inline(__always)
    private mutating func claim(_ id: ExplicitID, position: Int) -> (ViewNode?, ExplicitID) {
        let key: ExplicitID
        if increasingIntegers, case .int(let value) = id.storage, value > lastInteger {
            lastInteger = value
            key = id
        } else {
            if increasingIntegers { rememberRows(expecting: children.count) }
            key = seen.contains(id) ? ExplicitID(RepeatedID(id: id, position: position)) : id
            seen.insert(id)
        }
        if merging {
            // While ids increase, `key` is the id, the integer just taken
            // as `lastInteger` (read from there: matching `key` again would
            // copy it).
            if increasingIntegers {
                let value = lastInteger
                // Old rows below `value` can no longer be asked for.
                while nextOld < oldRows.count, oldRows[nextOld].key.value < value {
                    passedOver.append(oldRows[nextOld])
                    nextOld += 1
                }
                if nextOld < oldRows.count, oldRows[nextOld].key.value == value {
                    let existing = oldRows[nextOld]
                    nextOld += 1
                    return (existing, key)
                }
                return (nil, key)
            }
            stopMerging()
        }
        if !unmatched.isEmpty, let existing = unmatched.removeValue(forKey: key) { return (existing, key) }
        return (nil, key)
    }

    /// Appends a new node for `view` keyed `key`.
    @inline(__always)
    private mutating func make<Row: View>(_ view: Row, key: ExplicitID, graph: ViewGraph) {
        let made = graph.makeNode(for: view, parent: parent, discriminator: .explicit(key))
        graph.update(made, with: view, isNew: true)
        children.append(made)
    }

    /// Detaches the old rows no row asked for and gives `parent` its new
    /// children. The caller marks the structure changed where its layout
    /// needs it.
    consuming func finish(graph: ViewGraph) {
        if merging {
            for gone in passedOver { graph.detach(gone) }
            for gone in oldRows[nextOld...] { graph.detach(gone) }
        }
        for (_, gone) in unmatched { graph.detach(gone) }
        parent.children = children
    }
}

/// The identity of a row whose id repeats an earlier row's.
struct RepeatedID: Hashable, Sendable {
    var id: ExplicitID
    var position: Int
}
