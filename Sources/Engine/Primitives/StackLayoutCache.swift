/// What a stack answered for its last few proposals, and what each child
/// answered to get there, so that laying the stack out again after some of
/// its children changed asks only those children (``StackLayout/measure``).
///
/// An entry is valid while the stack's children are the same nodes (the
/// node's ``ViewNode/layoutChildrenVersion``). A child whose layout cache was
/// cleared since (its ``LayoutCache/generation`` moved) is asked again for
/// its least and greatest length and for its share; when all three are what
/// the entry recorded, the shares of the children after it in the
/// allocation order are unchanged too (the allocation depends on the others
/// only through those numbers), so the entry stands with that child's new
/// size across the axis. Otherwise the stack allocates from scratch.
@MainActor
final class StackLayoutCache {
    /// Stacks with fewer children allocate from scratch: the bookkeeping
    /// would cost about what it saves.
    static let minimumChildren = 8
    /// Proposals kept: a parent asks for the least, the greatest and the
    /// share, and the stack is then placed in one of them.
    static let capacity = 4
    /// Recorded as the offer of a child asked for its ideal length (no
    /// proposal along the axis).
    nonisolated static let idealOffer = Int.min

    struct Entry {
        var proposal: ProposedSize
        var childrenVersion: UInt32
        /// Per child: its layout cache's generation when it last answered.
        var stamps: [UInt32]
        var minimum: [Int]
        var maximum: [Int]
        var priority: [Double]
        var offers: [Int]
        var lengths: [Int]
        var crosses: [Int]

        init(proposal: ProposedSize, childrenVersion: UInt32, count n: Int) {
            self.proposal = proposal
            self.childrenVersion = childrenVersion
            stamps = Array(repeating: 0, count: n)
            minimum = Array(repeating: 0, count: n)
            maximum = Array(repeating: 0, count: n)
            priority = Array(repeating: 0, count: n)
            offers = Array(repeating: StackLayoutCache.idealOffer, count: n)
            lengths = Array(repeating: 0, count: n)
            crosses = Array(repeating: 0, count: n)
        }

        /// Records child `i`'s answers after the allocation (which recorded
        /// its bounds, priority and offer).
        @MainActor
        mutating func record(_ i: Int, child: ViewNode, length: Int, cross: Int) {
            lengths[i] = length
            crosses[i] = cross
            stamps[i] = child.layoutCache.generation
        }

        func copy(lengths l: UnsafeMutableBufferPointer<Int>, crosses c: UnsafeMutableBufferPointer<Int>) {
            lengths.withUnsafeBufferPointer { _ = l.initialize(fromContentsOf: $0) }
            crosses.withUnsafeBufferPointer { _ = c.initialize(fromContentsOf: $0) }
        }
    }

    var entries: [Entry] = []
    private var next = 0

    /// The entry for `proposal` over the same children, or -1.
    func entryIndex(for proposal: ProposedSize, childrenVersion: UInt32, count: Int) -> Int {
        for i in 0..<entries.count
        where entries[i].proposal == proposal && entries[i].childrenVersion == childrenVersion
            && entries[i].lengths.count == count
        {
            return i
        }
        return -1
    }

    /// The entry to record a fresh allocation in: entry `index` when it is
    /// one, else a new or the oldest; its arrays are reused when they have
    /// the right length (every field is written by the allocation).
    func slot(replacing index: Int, proposal: ProposedSize, childrenVersion: UInt32, count: Int) -> Int {
        var slot = index
        if slot < 0 {
            if entries.count < StackLayoutCache.capacity {
                entries.append(Entry(proposal: proposal, childrenVersion: childrenVersion, count: count))
                return entries.count - 1
            }
            slot = next
            next = (next + 1) % StackLayoutCache.capacity
        }
        if entries[slot].lengths.count != count {
            entries[slot] = Entry(proposal: proposal, childrenVersion: childrenVersion, count: count)
        } else {
            entries[slot].proposal = proposal
            entries[slot].childrenVersion = childrenVersion
        }
        return slot
    }

    /// Asks the children whose layout changed since entry `index` was made;
    /// true when the entry still holds (updated with their new sizes across
    /// the axis).
    func revalidate(_ index: Int, axis: Axis, children: [ViewNode], proposal: ProposedSize, graph: ViewGraph) -> Bool {
        let proposedMain = axis == .vertical ? proposal.height : proposal.width
        let proposedCross = axis == .vertical ? proposal.width : proposal.height
        for i in 0..<children.count {
            let child = children[i]
            let generation = child.layoutCache.generation
            if generation == entries[index].stamps[i] { continue }
            if proposedMain != nil && children.count > 1 {
                let (lo, hi) = StackLayout.bounds(child, cross: proposedCross, axis: axis, graph: graph)
                guard lo == entries[index].minimum[i], hi == entries[index].maximum[i],
                      child.behavior.layoutPriority == entries[index].priority[i]
                else { return false }
            }
            let offer = entries[index].offers[i]
            let got = StackLayout.main(StackLayout.childSize(child, main: offer == StackLayoutCache.idealOffer ? nil : offer,
                                                             cross: proposedCross, axis: axis, graph: graph), axis)
            guard got == entries[index].lengths[i] else { return false }
            entries[index].crosses[i] = StackLayout.cross(
                StackLayout.childSize(child, main: got, cross: proposedCross, axis: axis, graph: graph), axis)
            // Asking filled the child's cache; its generation is unchanged.
            entries[index].stamps[i] = child.layoutCache.generation
        }
        return true
    }
}
