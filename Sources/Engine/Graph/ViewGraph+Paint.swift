extension ViewGraph {
    /// `node` must be repainted where it was and where it is.
    @inline(__always)
    func queuePaint(_ node: ViewNode) {
        node.needsPaint = true
        paintQueue.append(node)
    }

    /// Repaints the damaged regions: each is cleared, then every node that
    /// intersects it paints, parents before children, clipped to the region.
    func paint() {
        for node in paintQueue where node.needsPaint && node.isAttached {
            paintDamage.add(node.paintedFrame.map { $0.union(node.frame) } ?? node.frame)
        }
        for node in paintQueue {
            node.needsPaint = false
            node.paintedFrame = node.isAttached ? node.frame : nil
        }
        paintQueue.removeAll(keepingCapacity: true)
        guard !paintDamage.isEmpty else { return }
        for region in paintDamage.rects {
            let clip = region.intersection(canvas.bounds)
            guard !clip.isEmpty else { continue }
            canvas.fill(clip, with: .blank())
            paintSubtree(root, clip: clip, background: .default)
        }
        paintDamage.removeAll()
    }

    private func paintSubtree(_ node: ViewNode, clip: Rect, background: Color) {
        if node.isTransparent {
            for child in node.children { paintSubtree(child, clip: clip, background: background) }
            return
        }
        let visible = clip.intersection(node.frame)
        guard !visible.isEmpty else { return }
        statistics.paints += 1
        node.behavior.paint(node, into: canvas, clip: visible, background: background)
        let childClip = node.behavior.childClip(node, clip)
        guard !childClip.isEmpty else { return }
        let inner = node.behavior.backgroundForChildren(background)
        for child in node.behavior.paintOrder(node) { paintSubtree(child, clip: childClip, background: inner) }
    }
}
