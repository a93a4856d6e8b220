extension ViewGraph {
    /// `node` must be repainted where it was and where it is.
    @inline(__always)
    func queuePaint(_ node: ViewNode) {
        node.needsPaint = true
        paintQueue.append(node)
    }

    /// Repaints the damaged regions: each is cleared, then every node that
    /// intersects it paints, parents before children, clipped to the region.
    ///
    /// A scrolling container whose content only moved by whole rows has its
    /// region's cells shifted first, and only what did not move with them
    /// is repainted (see ``ScrollBlit``).
    func paint() {
        let blit = takeScrollBlit()
        if let blit { applyScrollBlit(blit.blit, region: blit.region, shift: blit.shift) }
        for node in paintQueue where node.needsPaint && node.isAttached {
            paintDamage.add(node.paintedFrame.map { $0.union(node.frame) } ?? node.frame)
            // Where its old cells went.
            if let blit, let painted = node.paintedFrame {
                paintDamage.add(shifted(painted, by: blit.shift, within: blit.region))
            }
        }
        for node in paintQueue {
            node.needsPaint = false
            node.paintedFrame = node.isAttached ? node.frame : nil
        }
        paintQueue.removeAll(keepingCapacity: true)
        clearScrollRecords()
        guard !paintDamage.isEmpty else { return }
        for region in paintDamage.rects {
            let visible = region.intersection(canvas.bounds)
            guard !visible.isEmpty else { continue }
            let clip = wideTextNodes.isEmpty ? visible : widenedOverWideText(visible)
            canvas.fill(clip, with: .blank())
            recordingBlits = !scrollBlits.isEmpty && beginRecording(clip)
            paintSubtree(root, clip: clip, inherited: .plain)
            if recordingBlits {
                endRecording()
                recordingBlits = false
            }
        }
        paintDamage.removeAll()
    }

    /// `region` grown over the whole frame of every Text that may hold wide
    /// graphemes and that it touches, until it cuts none. A wide grapheme cut
    /// by the region's edge would be drawn as a blank inside it while its
    /// other half, outside, keeps the last frame's cell; a full repaint draws
    /// it whole, so the region must not cut it.
    ///
    /// Frames of texts that are detached, or clipped away, only make the
    /// region larger than it need be: the repaint is the same.
    ///
    /// - Complexity: O(texts that may hold wide graphemes) per growth step,
    ///   whatever the size of the tree.
    private func widenedOverWideText(_ region: Rect) -> Rect {
        var r = region
        var grew = true
        while grew {
            grew = false
            for node in wideTextNodes.values {
                let frame = node.frame
                guard !frame.isEmpty, !r.intersection(frame).isEmpty, !r.contains(frame) else { continue }
                let grown = r.union(frame).intersection(canvas.bounds)
                if grown != r { r = grown; grew = true }
            }
        }
        return r
    }

    private func paintSubtree(_ node: ViewNode, clip: Rect, inherited: Style) {
        if stackGuard.isLow { return stackExhausted(at: node, phase: "painting") }
        let behavior = node.behavior
        if behavior.isTransparent {
            // Among transparent nodes only a style modifier passes anything down.
            let inner = behavior.passesStyle ? behavior.inheritedForChildren(inherited) : inherited
            node.children.forEachUnretained { paintSubtree($0, clip: clip, inherited: inner) }
            return
        }
        let visible = clip.intersection(node.frame)
        guard !visible.isEmpty else { return }
        statistics.paints += 1
        // Scrolling containers whose region this paint meets record who paints there.
        if recordingBlits {
            let entered = recordPaint(node, visible: visible, clip: clip)
            if entered != 0 {
                paintVisible(node, behavior, visible: visible, clip: clip, inherited: inherited)
                endRecordPaint(entered)
                return
            }
        }
        paintVisible(node, behavior, visible: visible, clip: clip, inherited: inherited)
    }

    /// Paints a laid-out node that meets its clip in `visible`, then its children.
    @inline(__always)
    private func paintVisible(_ node: ViewNode, _ behavior: NodeBehavior, visible: Rect, clip: Rect, inherited: Style) {
        if behavior.paintsOnlyChildren {
            // A stack: the four calls below would do just this.
            paintChildren(node.layoutChildren, of: node, clip: visible, inherited: inherited)
            return
        }
        behavior.paint(node, into: canvas, clip: visible, inherited: inherited)
        let childClip = behavior.childClip(node, clip)
        guard !childClip.isEmpty else { return }
        let inner = behavior.inheritedForChildren(inherited)
        paintChildren(behavior.paintOrder(node), of: node, clip: childClip, inherited: inner)
    }

    /// Paints `children` (laid-out descendants of `node`, in paint order)
    /// that meet `childClip`.
    @inline(__always)
    private func paintChildren(_ children: [ViewNode], of node: ViewNode, clip childClip: Rect, inherited inner: Style) {
        let stop = Unmanaged.passUnretained(node).toOpaque()
        children.forEachUnretained { child in
            // Outside the region: nothing to paint, nothing to work out.
            if !child.isTransparent && childClip.intersection(child.frame).isEmpty { return }
            // A laid-out child may sit below transparent nodes (composite
            // views, `.foregroundStyle`): what they pass down applies too.
            let style: Style
            if passesStyles, let parent = child.parentStorage, parent.toOpaque() != stop {
                style = passedDown(through: parent.takeUnretainedValue(), below: node, inner)
            } else {
                style = inner
            }
            paintSubtree(child, clip: childClip, inherited: style)
        }
    }

    /// What the children of `node` inherit, `node` being a transparent
    /// descendant of `top` whose children inherit `base`.
    ///
    /// Only ``InheritedStyleBehavior`` passes anything down among transparent
    /// nodes, and what it passes folds in any order (the innermost colour
    /// wins, attributes add up), so one walk up, innermost first, with no
    /// storage: a loop, not recursion, as thousands of transparent levels
    /// must not exhaust the stack.
    @inline(__always)
    private func passedDown(through node: ViewNode, below top: ViewNode, _ base: Style) -> Style {
        var foreground = Color.default
        var attributes: TextAttributes = []
        // Underline style (of the innermost underline), colour and link: rare, innermost wins.
        var underlineStyle: UnderlineStyle?
        var underlineColor = Color.default
        var link: LinkID = 0
        let stop = Unmanaged.passUnretained(top).toOpaque()
        var current = Unmanaged.passUnretained(node)
        while current.toOpaque() != stop {
            let parent = current._withUnsafeGuaranteedRef { c -> Unmanaged<ViewNode>? in
                if c.behavior.passesStyle {
                    let b = unsafeDowncast(c.behavior, to: InheritedStyleBehavior.self)
                    if foreground == .default { foreground = b.foreground }
                    if underlineStyle == nil && b.attributes.contains(.underline) { underlineStyle = b.underlineStyle }
                    if underlineColor == .default { underlineColor = b.underlineColor }
                    if link == 0 { link = b.link }
                    attributes.formUnion(b.attributes)
                }
                return c.parentStorage
            }
            guard let parent else { break }
            current = parent
        }
        guard foreground != .default || !attributes.isEmpty || underlineColor != .default || link != 0 else {
            return base
        }
        var style = base
        if foreground != .default { style.foreground = foreground }
        if let underlineStyle { style.underlineStyle = underlineStyle }
        if underlineColor != .default { style.underlineColor = underlineColor }
        if link != 0 { style.link = link }
        style.attributes.formUnion(attributes)
        return style
    }

    /// A view passes a style down to what it contains (`.foregroundStyle`,
    /// `.bold()`): from now on painting looks through transparent nodes for it.
    func notePassesStyles() { passesStyles = true }

    /// Whether the text at `node` may hold graphemes wider than one cell
    /// (``NodeBehavior/mayHaveWideGraphemes``): painting grows a damaged
    /// region over those it would cut.
    func setMayHaveWideGraphemes(_ node: ViewNode, _ wide: Bool) {
        wideTextNodes[ObjectIdentifier(node)] = wide ? node : nil
    }
}
