/// The axis a stack lays its children along.
public enum Axis: Sendable, Hashable { case horizontal, vertical }

/// SwiftUI's stack algorithm in whole cells.
///
/// Sizing: with no proposal along the axis each child gets its ideal size.
/// Otherwise the available length (minus spacing) is shared out: children of
/// higher ``layoutPriority`` first, the less flexible (max − min length)
/// first within a priority, each offered an equal share of what is left and
/// taking what it needs; lower priorities are held at their minimum until
/// their turn. Spacers take what is offered along the axis and nothing
/// across it. Placement walks the children in order with their shares,
/// aligning each across the axis.
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
        if let divider = child.behavior as? DividerBehavior, divider.vertical != (axis == .horizontal) {
            divider.vertical = axis == .horizontal
            child.cachedCount = 0
        }
        if let spacer = child.behavior as? SpacerBehavior {
            let length = Swift.max(main ?? spacer.minLength, spacer.minLength)
            return axis == .vertical ? Size(width: 0, height: length) : Size(width: length, height: 0)
        }
        return graph.size(of: child, for: proposal(main: main, cross: cross, axis))
    }

    /// The main-axis length each child gets, written into `lengths` (one per child).
    static func allocate(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize,
                         graph: ViewGraph, into lengths: UnsafeMutableBufferPointer<Int>) {
        let n = children.count
        let proposedMain = axis == .vertical ? proposal.height : proposal.width
        let proposedCross = axis == .vertical ? proposal.width : proposal.height
        guard let available = proposedMain else {
            for (i, c) in children.enumerated() {
                lengths[i] = main(childSize(c, main: nil, cross: proposedCross, axis: axis, graph: graph), axis)
            }
            return
        }
        if n == 1 {
            lengths[0] = main(childSize(children[0], main: available, cross: proposedCross, axis: axis, graph: graph), axis)
            return
        }
        var remaining = saturatingSubtract(available, spacing * (n - 1))
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: n) { buffer in
            var order = buffer
            // Order: priority descending, then flexibility ascending.
            for (i, c) in children.enumerated() {
                let lo = main(childSize(c, main: 0, cross: proposedCross, axis: axis, graph: graph), axis)
                let hi = main(childSize(c, main: .max, cross: proposedCross, axis: axis, graph: graph), axis)
                order[i] = Candidate(index: i, priority: c.behavior.layoutPriority, minimum: lo,
                                     flexibility: saturatingSubtract(hi, lo))
            }
            order.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.flexibility < $1.flexibility }
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
                    left = saturatingSubtract(left, got)
                    remaining = saturatingSubtract(remaining, got)
                    count -= 1
                }
                k = groupEnd
            }
        }
    }

    struct Candidate {
        var index: Int
        var priority: Double
        var minimum: Int
        var flexibility: Int
    }

    static func size(axis: Axis, spacing: Int, children: [ViewNode], proposal: ProposedSize, graph: ViewGraph) -> Size {
        guard !children.isEmpty else { return .zero }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: children.count) { lengths in
            allocate(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph, into: lengths)
            let proposedCross = axis == .vertical ? proposal.width : proposal.height
            var total = spacing * (children.count - 1)
            var crossMax = 0
            for (i, c) in children.enumerated() {
                total = saturatingAdd(total, lengths[i])
                crossMax = Swift.max(crossMax, cross(childSize(c, main: lengths[i], cross: proposedCross, axis: axis,
                                                               graph: graph), axis))
            }
            return axis == .vertical ? Size(width: crossMax, height: total) : Size(width: total, height: crossMax)
        }
    }

    static func place(axis: Axis, spacing: Int, alignment: Alignment, children: [ViewNode], in rect: Rect,
                      graph: ViewGraph) {
        guard !children.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: children.count) { lengths in
            let proposal = ProposedSize(width: rect.width, height: rect.height)
            allocate(axis: axis, spacing: spacing, children: children, proposal: proposal, graph: graph, into: lengths)
            let crossSpace = axis == .vertical ? rect.width : rect.height
            var position = axis == .vertical ? rect.y : rect.x
            // Children that asked for more than the stack has are cut at its
            // end, as a single-content container cuts its content: a child's
            // frame never leaves its parent's.
            let end = axis == .vertical ? rect.maxY : rect.maxX
            for (i, c) in children.enumerated() {
                let s = childSize(c, main: lengths[i], cross: crossSpace, axis: axis, graph: graph)
                let childCross = Swift.min(cross(s, axis), crossSpace)
                let length = Swift.min(lengths[i], Swift.max(0, end - position))
                let r: Rect
                if axis == .vertical {
                    r = Rect(x: rect.x + alignment.horizontal.offset(child: childCross, in: crossSpace), y: position,
                             width: childCross, height: length)
                } else {
                    r = Rect(x: position, y: rect.y + alignment.vertical.offset(child: childCross, in: crossSpace),
                             width: length, height: childCross)
                }
                graph.place(c, in: r)
                position = Swift.min(end, saturatingAdd(position, saturatingAdd(length, spacing)))
            }
        }
    }
}
