/// What a scrolling container (a list, a log, a scroll view, a Markdown
/// view) keeps so that a frame in which its content only moved by whole
/// rows shifts the canvas's cells (a blit) instead of repainting them.
///
/// The blit is exact, not a guess: painting afterwards gives the cells a
/// full repaint would. That holds because
/// - the canvas's cells in the container's region were last painted by the
///   container's subtree over painters that paint every row of the region
///   alike (a background fill, a border's sides), which painting checks
///   and records as it goes (``verified``);
/// - only nodes that were placed at their painted frame moved by the
///   blit's shift, and nothing else changed about them, are left unpainted;
///   every other change (a node that stayed put, moved by another amount,
///   changed its content, appeared or went) is repainted where it was
///   before the shift, where that went, and where it is now;
/// - the rows the shift exposes are repainted.
final class ScrollBlit {
    /// The region the content scrolls in (absolute), from the last layout.
    var region = Rect.zero
    /// The region's visible part (the region within its ancestors' clips)
    /// whose cells a paint found drawn only by the container's subtree over
    /// row-uniform painters; `nil` until a paint covers the region again.
    var verified: Rect?
    /// The container's node while it is registered with the graph (weak:
    /// the node's behaviour owns this object).
    weak var node: ViewNode?
    /// Shifts proposed by this layout's moved nodes, with how many nodes
    /// moved by each.
    var votes: [(shift: Int, count: Int)] = []
    /// Nodes placed at their painted frame moved by whole rows (inside the
    /// container, or inside a scrolling container within it).
    var moved: [ViewNode] = []
    /// Registered in ``ViewGraph/scrollBlits`` (painting records for it).
    var isRegistered = false
    /// In ``ViewGraph/pendingBlits`` for this frame.
    var isPending = false

    // While a damaged region is painted:
    /// The region painted meets the container's region.
    var recording = false
    /// The region painted holds the container's whole region.
    var covering = false
    /// Painting is inside the container's subtree.
    var inside = false
    /// A painter outside the container drew something row-dependent in the region.
    var violated = false
    /// The container's region within the clip it was painted with.
    var seen: Rect?
    /// The part of the region the damaged region being painted holds.
    var part = Rect.zero

    init() {}

    /// Most votes: the shift most moved nodes agree on.
    var shift: Int? {
        var best: (shift: Int, count: Int)?
        for v in votes where v.count > (best?.count ?? 0) { best = v }
        return best?.shift
    }

    func vote(_ shift: Int) {
        for i in votes.indices where votes[i].shift == shift {
            votes[i].count += 1
            return
        }
        votes.append((shift, 1))
    }
}

extension ViewGraph {
    /// Runs `place`, which places the children of `node`, a container whose
    /// content scrolls vertically in `region` (absolute; the part of its
    /// frame the content shows in, without a header or an indicator).
    /// Children placed at their painted frame moved by whole rows are
    /// remembered, so that painting can shift the region's cells instead of
    /// repainting them (see ``ScrollBlit``). `blit` is the container's own,
    /// kept from one layout to the next.
    func placeScrolling(_ node: ViewNode, region: Rect, blit: ScrollBlit, _ place: () -> Void) {
        if !blit.isRegistered {
            blit.isRegistered = true
            scrollBlits.append(blit)
        }
        blit.node = node
        if blit.region != region {
            blit.region = region
            blit.verified = nil
        }
        let outer = scrollPlacement
        scrollPlacement = blit
        let movedBefore = blit.moved.count
        place()
        scrollPlacement = outer
        // What moved here moved inside the enclosing container too.
        if let outer, blit.moved.count > movedBefore { outer.moved.append(contentsOf: blit.moved[movedBefore...]) }
        if !blit.votes.isEmpty && !blit.isPending {
            blit.isPending = true
            pendingBlits.append(blit)
        }
        // Nothing of its own moved: painting will not shift it, and what a
        // container inside it moved is kept by that one.
        if !blit.isPending { blit.moved.removeAll(keepingCapacity: true) }
    }

    /// Called by ``place(_:in:)`` when `node` moves to `rect`: inside a
    /// scrolling container, a node that only moved by whole rows since it
    /// was painted is remembered instead of repainted outright.
    @inline(__always)
    func queueMove(_ node: ViewNode, to rect: Rect) {
        if let blit = scrollPlacement, !node.needsPaint, let painted = node.paintedFrame, painted == node.frame,
           rect.x == painted.x, rect.width == painted.width, rect.height == painted.height,
           !node.behavior.repaintsWhenMoved {
            queuePaint(node)
            node.movedOnly = true
            blit.moved.append(node)
            blit.vote(rect.y - painted.y)
        } else {
            queuePaint(node)
        }
    }

    /// The blit painting applies this frame, if any: the pending container
    /// with the most moved nodes whose region is verified and whose shift
    /// leaves rows to keep. Clears every pending container's layout record.
    func takeScrollBlit() -> (blit: ScrollBlit, region: Rect, shift: Int)? {
        guard scrollBlitsEnabled, !pendingBlits.isEmpty else { return nil }
        var chosen: (blit: ScrollBlit, region: Rect, shift: Int)?
        var most = 0
        for blit in pendingBlits {
            guard let node = blit.node, node.isAttached, let shift = blit.shift, shift != 0 else { continue }
            guard let region = blit.verified else {
                // Repaint the region whole, so that the next scroll can be a blit.
                paintDamage.add(blit.region)
                continue
            }
            guard abs(shift) < region.height, blit.moved.count > most, canvas.bounds.contains(region),
                  canvas.canShiftRows(region) else { continue }
            most = blit.moved.count
            chosen = (blit, region, shift)
        }
        return chosen
    }

    /// Forgets this frame's layout records (after painting).
    func clearScrollRecords() {
        for blit in pendingBlits {
            blit.isPending = false
            blit.votes.removeAll(keepingCapacity: true)
            for node in blit.moved { node.movedOnly = false }
            blit.moved.removeAll(keepingCapacity: true)
        }
        pendingBlits.removeAll(keepingCapacity: true)
    }

    /// Shifts the canvas's cells of `region` by `shift` rows for `blit`'s
    /// container and works out the damage that is left: the rows exposed,
    /// and, for everything that did not move with the content, where it
    /// was, where its old cells went, and where it is now.
    func applyScrollBlit(_ blit: ScrollBlit, region: Rect, shift: Int) {
        // Nodes that moved by exactly the shift, with nothing else to paint:
        // their cells move with the blit.
        for node in blit.moved where node.movedOnly && node.needsPaint && node.isAttached {
            guard let painted = node.paintedFrame,
                  node.frame == Rect(x: painted.x, y: painted.y + shift, width: painted.width, height: painted.height)
            else {
                node.movedOnly = false
                continue
            }
            node.needsPaint = false
            node.paintedFrame = node.frame
        }
        // Damage already recorded this frame (nodes that went, regions of a
        // node's paint) is where cells were before the shift: those cells
        // have moved too.
        for rect in paintDamage.rects { paintDamage.add(shifted(rect, by: shift, within: region)) }
        // A node that stayed put inside the container while its content
        // moved: its old cells went with the shift.
        if let container = blit.node { damageStayed(below: container, region: region, shift: shift) }
        canvas.shiftRows(region, by: shift)
        let exposed = shift > 0
            ? Rect(x: region.x, y: region.y, width: region.width, height: shift)
            : Rect(x: region.x, y: region.maxY + shift, width: region.width, height: -shift)
        paintDamage.add(exposed)
        statistics.scrollBlits += 1
    }

    /// The part of `rect` inside `region` moved by `shift` rows, kept inside `region`.
    func shifted(_ rect: Rect, by shift: Int, within region: Rect) -> Rect {
        let inside = rect.intersection(region)
        guard !inside.isEmpty else { return .zero }
        return Rect(x: inside.x, y: inside.y + shift, width: inside.width, height: inside.height).intersection(region)
    }

    /// Adds, for every node below `container` that is neither queued for
    /// paint nor moving with the blit, its painted frame and that frame
    /// shifted, where they meet `region`. A loop with an explicit stack: a
    /// deep subtree must not exhaust the call stack.
    private func damageStayed(below container: ViewNode, region: Rect, shift: Int) {
        var stack: [ViewNode] = container.children
        while let node = stack.popLast() {
            stack.append(contentsOf: node.children)
            guard !node.isTransparent, !node.movedOnly, !node.needsPaint, let painted = node.paintedFrame else { continue }
            let here = painted.intersection(region)
            guard !here.isEmpty else { continue }
            paintDamage.add(here)
            paintDamage.add(shifted(painted, by: shift, within: region))
        }
    }

    /// Before a damaged region is painted: which scrolling containers'
    /// regions it meets (those record what paints there). Returns whether any does.
    func beginRecording(_ clip: Rect) -> Bool {
        var any = false
        var k = 0
        while k < scrollBlits.count {
            let blit = scrollBlits[k]
            guard let node = blit.node, node.isAttached else {
                blit.isRegistered = false
                blit.node = nil
                blit.verified = nil
                scrollBlits.swapAt(k, scrollBlits.count - 1)
                scrollBlits.removeLast()
                continue
            }
            k += 1
            blit.part = clip.intersection(blit.region)
            blit.recording = !blit.part.isEmpty
            blit.covering = clip.contains(blit.region)
            blit.inside = false
            blit.violated = false
            blit.seen = nil
            if blit.recording { any = true }
        }
        return any
    }

    /// After a damaged region is painted: a container whose region a
    /// painter outside it drew into unevenly is no longer verified; one
    /// whose whole region was painted cleanly is, over the part shown.
    func endRecording() {
        for blit in scrollBlits where blit.recording {
            blit.recording = false
            if blit.violated {
                blit.verified = nil
            } else if blit.covering {
                blit.verified = blit.seen.flatMap { $0.isEmpty ? nil : $0 }
            }
        }
    }

    /// While recording: `node` is about to paint `visible` (its frame within
    /// its clip; `clip` is what it was given). Marks entering a container,
    /// and checks a painter outside every container whose region it meets.
    /// Returns the containers entered, to leave after the node's children.
    @inline(__always)
    func recordPaint(_ node: ViewNode, visible: Rect, clip: Rect) -> Int {
        var entered = 0
        for (k, blit) in scrollBlits.enumerated() where blit.recording {
            if blit.inside { continue }
            if !visible.intersection(blit.region).isEmpty,
               !node.behavior.paintIsRowUniform(node, visible: visible, over: blit.region, painted: blit.part) {
                blit.violated = true
            }
            if node === blit.node {
                blit.inside = true
                blit.seen = blit.region.intersection(clip)
                entered |= 1 << Swift.min(k, 62)
            }
        }
        return entered
    }

    /// Leaves the containers ``recordPaint(_:visible:clip:)`` entered.
    @inline(__always)
    func endRecordPaint(_ entered: Int) {
        guard entered != 0 else { return }
        for (k, blit) in scrollBlits.enumerated() where entered & (1 << Swift.min(k, 62)) != 0 { blit.inside = false }
    }
}
