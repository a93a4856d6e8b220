/// SwiftUI's stack algorithm in whole cells (the article "How views
/// negotiate size" in the documentation walks through it).
///
/// Sizing: with no proposal along the axis each child gets its ideal size.
/// Otherwise the available length (minus spacing) is shared out: children of
/// higher ``NodeBehavior/layoutPriority`` first (a spacer's is the lowest),
/// the less flexible (max − min length) first within a priority, of two
/// unbounded ones the larger minimum first, each offered an equal share of
/// what is left (rounded up) and taking what it needs; lower priorities are
/// held at their minimum until their turn. Spacers take what is offered
/// along the axis and nothing across it. Placement walks the children in
/// order with their lengths, aligning each across the axis.
@MainActor
enum StackLayout {
    @inline(__always)
    static func main(_ s: Size, _ axis: Axis) -> Int { axis == .vertical ? s.height : s.width }
    @inline(__always)
    static func cross(_ s: Size, _ axis: Axis) -> Int { axis == .vertical ? s.width : s.height }
    @inline(__always)
    static func proposal(main: Int?, cross: Int?, _ axis: Axis) -> ProposedSize {
        axis == .vertical ? ProposedSize(width: cross, height: main) : ProposedSize(width: main, height: cross)
    }

    /// A child's size when offered `main` along the axis.
    @inline(__always)
    static func childSize(_ child: ViewNode, main: Int?, cross: Int?, axis: Axis, graph: ViewGraph) -> Size {
        switch child.behavior.stackRole {
        case .plain:
            break
        case .divider:
            let divider = unsafeDowncast(child.behavior, to: DividerBehavior.self)
            if divider.vertical != (axis == .horizontal) {
                divider.vertical = axis == .horizontal
                child.cachedCount = 0
            }
        case .spacer:
            let spacer = unsafeDowncast(child.behavior, to: SpacerBehavior.self)
            let length = Swift.max(main ?? spacer.minLength, spacer.minLength)
            return axis == .vertical ? Size(width: 0, height: length) : Size(width: length, height: 0)
        }
        return graph.size(of: child, for: proposal(main: main, cross: cross, axis))
    }

    /// Each child's length along the axis and its size across it for that
    /// length, written into `lengths` and `crosses` (one per child).
    ///
    /// With a `cache` (a stack of at least ``StackLayoutCache/minimumChildren``
    /// children) the result for a proposal is kept with what each child
    /// answered: asked again, the stack re-asks only the children whose
    /// layout changed since (their ``LayoutCache/generation`` moved), and
    /// when each of them wants the same share as before, every other child's
    /// share is unchanged too and the kept result stands. A relayout after
    /// one row of a long stack changed costs that row, not the stack.
    static func measure(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize, graph: ViewGraph,
                        cache: StackLayoutCache?, childrenVersion: UInt32,
                        lengths: UnsafeMutableBufferPointer<Int>, crosses: UnsafeMutableBufferPointer<Int>) {
        let n = children.count
        let proposedCross = axis == .vertical ? proposal.width : proposal.height
        guard let cache, n >= StackLayoutCache.minimumChildren else {
            allocate(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph,
                     into: lengths, recording: nil)
            for (i, c) in children.enumerated() {
                crosses[i] = cross(childSize(c, main: lengths[i], cross: proposedCross, axis: axis, graph: graph), axis)
            }
            return
        }
        let index = cache.entryIndex(for: proposal, childrenVersion: childrenVersion, count: n)
        if index >= 0 && cache.revalidate(index, axis: axis, children: children, proposal: proposal, graph: graph) {
            cache.entries[index].copy(lengths: lengths, crosses: crosses)
            return
        }
        let slot = cache.slot(replacing: index, proposal: proposal, childrenVersion: childrenVersion, count: n)
        allocate(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph,
                 into: lengths, recording: &cache.entries[slot])
        for (i, c) in children.enumerated() {
            crosses[i] = cross(childSize(c, main: lengths[i], cross: proposedCross, axis: axis, graph: graph), axis)
            cache.entries[slot].record(i, child: c, length: lengths[i], cross: crosses[i])
        }
    }

    /// The main-axis length each child gets, written into `lengths` (one per
    /// child); each child's bounds and offer (``StackLayoutCache/idealOffer``
    /// when none) into the `recording` entry, when given.
    static func allocate(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize,
                         graph: ViewGraph, into lengths: UnsafeMutableBufferPointer<Int>,
                         recording: UnsafeMutablePointer<StackLayoutCache.Entry>?) {
        let n = children.count
        let proposedMain = axis == .vertical ? proposal.height : proposal.width
        let proposedCross = axis == .vertical ? proposal.width : proposal.height
        guard let available = proposedMain else {
            for (i, c) in children.enumerated() {
                lengths[i] = main(childSize(c, main: nil, cross: proposedCross, axis: axis, graph: graph), axis)
                recording?.pointee.offers[i] = StackLayoutCache.idealOffer
            }
            return
        }
        if n == 1 {
            lengths[0] = main(childSize(children[0], main: available, cross: proposedCross, axis: axis, graph: graph), axis)
            recording?.pointee.offers[0] = available
            return
        }
        var remaining = saturatingSubtract(available, spacing * (n - 1))
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: n) { buffer in
            var order = buffer
            // Order: priority descending, then flexibility ascending.
            for (i, c) in children.enumerated() {
                let (lo, hi) = bounds(c, cross: proposedCross, axis: axis, graph: graph)
                let priority = c.behavior.layoutPriority
                recording?.pointee.minimum[i] = lo
                recording?.pointee.maximum[i] = hi
                recording?.pointee.priority[i] = priority
                order[i] = Candidate(index: i, priority: priority, minimum: lo, flexibility: saturatingSubtract(hi, lo))
            }
            // Proposed exactly the children's ideal lengths (a stack placed at
            // the size it measured): each gets its ideal. Shared out in order,
            // the least flexible child could be offered less than its ideal
            // though all fit, and the stack would not lay out as it measured.
            // (With more room, views that fill what they are offered, a List,
            // take part in sharing it out as usual.)
            var ideal = 0
            for i in 0..<n { ideal = saturatingAdd(ideal, saturatingAdd(order[i].minimum, order[i].flexibility)) }
            if ideal == remaining && remaining != .max {
                for i in 0..<n {
                    let c = order[i]
                    let offer = saturatingAdd(c.minimum, c.flexibility)
                    lengths[c.index] = main(childSize(children[c.index], main: offer, cross: proposedCross, axis: axis,
                                                      graph: graph), axis)
                    recording?.pointee.offers[c.index] = offer
                }
                return
            }
            order.sort(by: Candidate.sizedBefore)
            var k = 0
            while k < n {
                var groupEnd = k
                while groupEnd < n && order[groupEnd].priority == order[k].priority { groupEnd += 1 }
                // Lower priorities keep their minimum for now.
                var reserved = 0
                for j in groupEnd..<n { reserved += order[j].minimum }
                var left = saturatingSubtract(remaining, reserved)
                var count = groupEnd - k
                for j in k..<groupEnd {
                    // Round up: earlier children get the leftover cells rather than
                    // the first ones getting nothing.
                    let offer = left == .max ? Int.max : (left + count - 1) / count
                    let got = main(childSize(children[order[j].index], main: offer, cross: proposedCross, axis: axis,
                                             graph: graph), axis)
                    lengths[order[j].index] = got
                    recording?.pointee.offers[order[j].index] = offer
                    left = saturatingSubtract(left, got)
                    remaining = saturatingSubtract(remaining, got)
                    count -= 1
                }
                k = groupEnd
            }
        }
    }

    /// A child's least and greatest length along the axis (offered 0 and the most).
    @inline(__always)
    static func bounds(_ c: ViewNode, cross: Int?, axis: Axis, graph: ViewGraph) -> (Int, Int) {
        (main(childSize(c, main: 0, cross: cross, axis: axis, graph: graph), axis),
         main(childSize(c, main: .max, cross: cross, axis: axis, graph: graph), axis))
    }

    struct Candidate {
        var index: Int
        var priority: Double
        var minimum: Int
        /// Greatest length − least; `Int.max` when unbounded.
        var flexibility: Int

        /// The order children are offered space in: higher priority first;
        /// within a priority the less flexible first; of two unbounded
        /// ones the larger minimum first (SwiftUI's order: the one that
        /// cannot take a small share goes before the one that can); else
        /// the order of the children.
        @inline(__always)
        static func sizedBefore(_ a: Candidate, _ b: Candidate) -> Bool {
            if a.priority != b.priority { return a.priority > b.priority }
            if a.flexibility != b.flexibility { return a.flexibility < b.flexibility }
            if a.flexibility == .max && a.minimum != b.minimum { return a.minimum > b.minimum }
            return a.index < b.index
        }
    }

    static func size(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize, graph: ViewGraph,
                     cache: StackLayoutCache? = nil, childrenVersion: UInt32 = 0) -> Size {
        measuredSize(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph, cache: cache,
                     childrenVersion: childrenVersion) { _, _ in }
    }

    /// ``size(axis:spacing:children:proposal:graph:cache:childrenVersion:)``
    /// of a small stack, keeping what it measured in `measurements` (stamped
    /// `stamp`) for placing the stack at that size.
    static func size(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize, graph: ViewGraph,
                     measurements: inout StackMeasurements, stamp: UInt64) -> Size {
        measuredSize(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph, cache: nil,
                     childrenVersion: 0) { lengths, crosses in
            measurements.record(proposal, stamp: stamp, count: lengths.count, lengths: lengths, crosses: crosses)
        }
    }

    /// The stack's size from its children measured into a temporary
    /// buffer, which `keep` sees before the size is summed.
    @inline(__always)
    private static func measuredSize(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize,
                                     graph: ViewGraph, cache: StackLayoutCache?, childrenVersion: UInt32,
                                     keep: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Int>) -> Void)
        -> Size
    {
        guard !children.isEmpty else { return .zero }
        let n = children.count
        return withLengths(n) { lengths, crosses in
            measure(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph, cache: cache,
                    childrenVersion: childrenVersion, lengths: lengths, crosses: crosses)
            keep(lengths, crosses)
            return total(axis: axis, spacing: spacing, lengths: lengths, crosses: crosses)
        }
    }

    /// Runs `body` with two temporary buffers of `n` integers: the
    /// children's lengths along the axis and across it.
    @inline(__always)
    private static func withLengths<R>(_ n: Int, _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Int>) -> R)
        -> R
    {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { buffer in
            body(UnsafeMutableBufferPointer(rebasing: buffer[0..<n]), UnsafeMutableBufferPointer(rebasing: buffer[n...]))
        }
    }

    /// The stack's size from its children's lengths and crosses.
    @inline(__always)
    private static func total(axis: Axis, spacing: Int, lengths: UnsafeMutableBufferPointer<Int>,
                              crosses: UnsafeMutableBufferPointer<Int>) -> Size {
        var total = spacing * (lengths.count - 1)
        var crossMax = 0
        for i in 0..<lengths.count {
            total = saturatingAdd(total, lengths[i])
            crossMax = Swift.max(crossMax, crosses[i])
        }
        return axis == .vertical ? Size(width: crossMax, height: total) : Size(width: total, height: crossMax)
    }

    static func place(axis: Axis, spacing: Int, alignment: Alignment, children: [ViewNode], in rect: Rect,
                      graph: ViewGraph, cache: StackLayoutCache? = nil, childrenVersion: UInt32 = 0) {
        guard !children.isEmpty else { return }
        let n = children.count
        withLengths(n) { lengths, crosses in
            let proposal = ProposedSize(width: rect.width, height: rect.height)
            measure(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph, cache: cache,
                    childrenVersion: childrenVersion, lengths: lengths, crosses: crosses)
            placeMeasured(axis: axis, spacing: spacing, alignment: alignment, children: children, in: rect,
                          graph: graph, lengths: lengths, crosses: crosses)
        }
    }

    /// ``place(axis:spacing:alignment:children:in:graph:cache:childrenVersion:)``
    /// of a small stack: when `measurements` holds what the stack measured
    /// for `rect`'s size (stamped `stamp`), the children are placed with it,
    /// not measured again; otherwise what it measures is kept there.
    static func place(axis: Axis, spacing: Int, alignment: Alignment, children: [ViewNode], in rect: Rect,
                      graph: ViewGraph, measurements: inout StackMeasurements, stamp: UInt64) {
        guard !children.isEmpty else { return }
        let n = children.count
        withLengths(n) { lengths, crosses in
            let proposal = ProposedSize(width: rect.width, height: rect.height)
            let slot = measurements.slot(for: proposal, stamp: stamp, count: n)
            if slot >= 0 {
                measurements.copy(slot, count: n, lengths: lengths, crosses: crosses)
            } else {
                // Placed at a size it was not measured for (offered more
                // than it took): kept too, for the next placement there.
                measure(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph,
                        cache: nil, childrenVersion: 0, lengths: lengths, crosses: crosses)
                measurements.record(proposal, stamp: stamp, count: n, lengths: lengths, crosses: crosses)
            }
            placeMeasured(axis: axis, spacing: spacing, alignment: alignment, children: children, in: rect,
                          graph: graph, lengths: lengths, crosses: crosses)
        }
    }

    /// Places `children` in `rect` with the lengths and crosses measured for it.
    @inline(__always)
    private static func placeMeasured(axis: Axis, spacing: Int, alignment: Alignment, children: [ViewNode],
                                      in rect: Rect, graph: ViewGraph, lengths: UnsafeMutableBufferPointer<Int>,
                                      crosses: UnsafeMutableBufferPointer<Int>) {
        let crossSpace = axis == .vertical ? rect.width : rect.height
        var position = axis == .vertical ? rect.y : rect.x
        // Children that asked for more than the stack has are cut at its
        // end, as a single-content container cuts its content: a child's
        // frame never leaves its parent's. The next child still starts
        // after the whole length it asked for: with negative spacing a
        // child cut at the end is followed by one that comes back (a
        // spacer between two texts), where the stack's size put it.
        let end = axis == .vertical ? rect.maxY : rect.maxX
        for (i, c) in children.enumerated() {
            let childCross = Swift.min(crosses[i], crossSpace)
            let start = Swift.min(position, end)
            let length = Swift.min(lengths[i], Swift.max(0, end - start))
            let r: Rect
            if axis == .vertical {
                r = Rect(x: rect.x + alignment.horizontal.offset(child: childCross, in: crossSpace), y: start,
                         width: childCross, height: length)
            } else {
                r = Rect(x: start, y: rect.y + alignment.vertical.offset(child: childCross, in: crossSpace),
                         width: length, height: childCross)
            }
            graph.place(c, in: r)
            position = saturatingAdd(position, saturatingAdd(lengths[i], spacing))
        }
    }
}
