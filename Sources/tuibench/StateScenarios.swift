import Engine

/// Where a benchmark reaches the `@State` it changes: the view that owns the
/// state hands its binding here when its body first runs.
@MainActor
final class StateHandle: @unchecked Sendable {
    // Touched only by the benchmark's single thread.
    var binding: Binding<Int>?
}

// MARK: state-tree

/// A balanced tree like `tree`, whose leaves own `@State`; one leaf's state
/// changes per frame, the root never does.
@MainActor
struct StatefulTree: View {
    var depth: Int
    var fanout: Int
    var index: Int
    var target: Int
    let handle: StateHandle

    var body: some View {
        if depth == 0 {
            StatefulLeaf(index: index, handle: index == target ? handle : nil)
        } else if depth % 2 == 0 {
            VStack { children }
        } else {
            HStack(spacing: 0) { children }
        }
    }

    var children: some View {
        ForEach(0..<fanout) { k in
            StatefulTree(depth: depth - 1, fanout: fanout, index: index * fanout + k, target: target, handle: handle)
        }
    }
}

@MainActor
extension StatefulTree: Equatable {
    nonisolated static func == (a: StatefulTree, b: StatefulTree) -> Bool {
        a.depth == b.depth && a.fanout == b.fanout && a.index == b.index && a.target == b.target && a.handle === b.handle
    }
}

@MainActor
struct StatefulLeaf: View, Equatable {
    var index: Int
    var handle: StateHandle?
    @State private var value = 0

    var body: some View {
        if let handle, handle.binding == nil { handle.binding = $value }
        return Text(value == 0 ? "\(index % 10)" : "\(value % 10)")
    }

    nonisolated static func == (a: StatefulLeaf, b: StatefulLeaf) -> Bool { a.index == b.index && a.handle === b.handle }
}

// MARK: state-churn

/// A subtree of `count` views, each owning `@State`, that appears and
/// disappears with `showing`.
@MainActor
struct ChurnRoot: View, Equatable {
    var showing: Bool
    var count: Int
    var frame: Int

    var body: some View {
        VStack(alignment: .leading) {
            Text("state-churn frame \(frame)")
            if showing { ChurnGroup(first: 0, count: count) }
        }
    }
}

/// Groups of up to 100 stateful cells, nested so no stack has more than 100 children.
@MainActor
struct ChurnGroup: View, Equatable {
    var first: Int
    var count: Int
    var body: some View {
        if count <= 100 {
            HStack(spacing: 0) { ForEach(first..<(first + count)) { ChurnCell(index: $0) } }
        } else {
            let chunk = ChurnGroup.chunk(count)
            VStack {
                ForEach(0..<((count + chunk - 1) / chunk)) { g in
                    ChurnGroup(first: first + g * chunk, count: Swift.min(chunk, count - g * chunk))
                }
            }
        }
    }

    /// The size of each sub-group: a power of 100 below `count`.
    static func chunk(_ count: Int) -> Int {
        var c = 100
        while c * 100 < count { c *= 100 }
        return c
    }
}

@MainActor
struct ChurnCell: View, Equatable {
    var index: Int
    @State private var taps = 0
    var body: some View { EmptyView() }
    nonisolated static func == (a: ChurnCell, b: ChurnCell) -> Bool { a.index == b.index }
}
