import Testing
@testable import Engine

/// A subtree of `count` stateful views (one node each) behind a flag.
private struct Toggled: View {
    var shown: Bool
    var count: Int
    var body: some View {
        VStack {
            Text("top")
            if shown {
                HStack(spacing: 0) { ForEach(0..<count) { Holder(index: $0) } }
            }
        }
    }
}

/// Owns state and draws nothing: one node, no child.
private struct Holder: View, @MainActor Equatable {
    var index: Int
    @State private var value = 0
    var body: some View { EmptyView() }
    static func == (a: Holder, b: Holder) -> Bool { a.index == b.index }
}

/// Keeps the binding of the view it is given.
private final class Kept {
    var binding: Binding<Int>?
}

private struct Keeper: View {
    let kept: Kept
    @State private var value = 7
    var body: some View {
        kept.binding = $value
        return Text("\(value)")
    }
}

private struct MaybeKeeper: View {
    var shown: Bool
    let kept: Kept
    var body: some View {
        VStack {
            Text("root")
            if shown { VStack { VStack { Keeper(kept: kept) } } }
        }
    }
}

@MainActor
@Suite("Incremental reclamation of detached subtrees")
struct ReclamationTests {
    @Test("a view whose body is EmptyView is one node, not two")
    func emptyBodyMakesNoNode() {
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(Toggled(shown: true, count: 10))
        let holders = host.graph.allNodes().filter { host.graph.path(of: $0).contains("Holder") }
        #expect(holders.count == 10)
        #expect(holders.allSatisfy { $0.childNodes.isEmpty })
        #expect(host.graph.stateSlotCount == 10)
    }

    @Test("a frame that only removes keeps to the budget of nodes and finishes over later frames")
    func budgetSpreadsTheWork() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Toggled(shown: true, count: 5000))
        let live = host.graph.liveNodes
        host.graph.reclamationBudget = 700
        host.render(Toggled(shown: false, count: 5000))
        // Exactly the budget, far from all 5,000, whatever the clock says.
        #expect(host.graph.statistics.nodesReclaimed == 700)
        #expect(host.graph.liveNodes > live - 1000)
        var frames = 0
        while host.graph.pendingReclamation > 0 && frames < 100 {
            host.render(Toggled(shown: false, count: 5000))
            frames += 1
        }
        #expect(host.graph.pendingReclamation == 0)
        #expect(host.graph.stateSlotCount == 0)
        #expect(frames > 3)
    }

    @Test("a frame that creates nodes while others wait reclaims at least as many: memory stays bounded")
    func creationPaysForReclamation() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.graph.reclamationBudget = 0
        host.render(Toggled(shown: true, count: 2000))
        let steadyLive = host.graph.liveNodes, steadyIDs = host.graph.identities.capacity
        var peak = 0
        for frame in 0..<60 {
            host.render(Toggled(shown: frame % 2 == 1, count: 2000))
            let stats = host.graph.statistics
            if stats.nodesCreated > 0 {
                // As many as it made, or the whole backlog when that is smaller.
                #expect(stats.nodesReclaimed >= stats.nodesCreated || host.graph.pendingReclamation == 0)
            }
            peak = max(peak, host.graph.liveNodes)
        }
        // Without pacing the backlog would grow by a subtree every other frame.
        #expect(peak <= 2 * steadyLive + 10)
        #expect(host.graph.identities.capacity <= 2 * steadyIDs + 10)
        host.graph.reclaimAll()
        #expect(host.graph.stateSlotCount == 2000)
        #expect(host.graph.liveNodes == steadyLive)
    }

    @Test("a binding kept after its view was reclaimed writes nowhere and asks for no frame")
    func bindingOutlivesItsView() {
        let kept = Kept()
        let host = FramePipeline(columns: 10, rows: 2)
        var frames = 0
        host.graph.onNeedsFrame = { frames += 1 }
        host.render(MaybeKeeper(shown: true, kept: kept))
        let binding = kept.binding!
        #expect(binding.wrappedValue == 7)
        host.render(MaybeKeeper(shown: false, kept: kept))
        // Detached but not reclaimed yet, then reclaimed: neither may schedule work.
        binding.wrappedValue = 8
        host.graph.reclaimAll()
        binding.wrappedValue = 9
        #expect(binding.wrappedValue == 9)
        #expect(frames == 0)
        #expect(!host.graph.needsFrame)
        // A view that returns starts with fresh state.
        host.render(MaybeKeeper(shown: true, kept: kept))
        #expect(kept.binding!.wrappedValue == 7)
        #expect(host.textRows.contains { $0.contains("7") })
    }

    @Test("a binding kept after the whole graph went away is safe to use")
    func bindingOutlivesTheGraph() {
        let kept = Kept()
        do {
            let host = FramePipeline(columns: 10, rows: 2)
            host.render(MaybeKeeper(shown: true, kept: kept))
        }
        kept.binding!.wrappedValue = 3
        #expect(kept.binding!.wrappedValue == 3)
    }

    @Test("children of a reclaimed node no longer reach it: state set below a freed parent is ignored")
    func childrenAreCutFromFreedParents() {
        let kept = Kept()
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(MaybeKeeper(shown: true, kept: kept))
        let binding = kept.binding!
        host.render(MaybeKeeper(shown: false, kept: kept))
        // Reclaim one node at a time: after each step, a write from the
        // binding walks only to nodes that still exist.
        while host.graph.pendingReclamation > 0 {
            host.graph.reclaim(budget: 1)
            binding.wrappedValue += 1
            #expect(!host.graph.needsFrame)
        }
    }
}
