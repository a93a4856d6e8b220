/// Scrolling into view: focus and `scrollTo` ask the scroll views around
/// a target to show it; the wheel scrolls the one under the pointer.
extension ViewGraph {
    /// Scrolls the scroll views around `request`'s target (those that keep
    /// their own offset) at the next layout, so that it shows.
    func requestScroll(_ request: ScrollRequest) {
        let start: ViewNode
        switch request.target {
        case .node(let n): start = n
        case .lazyRow(let stack, _): start = stack
        }
        var found = false
        var n = start.parent
        while let current = n {
            if let scroll = current.behavior as? ScrollBehavior, !scroll.isFixed {
                markNeedsLayout(current)
                found = true
            }
            n = current.parent
        }
        guard found else { return }
        setScrollRequest(request)
        requestFrame()
    }

    /// The target's frame as now laid out, when it lies inside `scrollView`.
    func scrollTarget(_ request: ScrollRequest, below scrollView: ViewNode) -> Rect? {
        switch request.target {
        case .node(let node):
            guard isLive(node), isDescendant(node, of: scrollView) else { return nil }
            let r = layoutBounds(of: node)
            return r.height > 0 ? r : nil
        case .lazyRow(let stack, let index):
            guard isLive(stack), isDescendant(stack, of: scrollView),
                  let lazy = stack.behavior as? LazyStackBehavior else { return nil }
            return lazy.scrollFrame(ofCell: index, in: stack.frame)
        }
    }

    /// The wheel over a scroll view that keeps its own offset scrolls the
    /// deepest one under the pointer (three rows or columns a notch);
    /// returns whether one moved. The vertical wheel scrolls the deepest
    /// vertically scrollable view, or a horizontal one when no vertical
    /// one is under the pointer; the horizontal wheel (tilt: buttons 6 and
    /// 7, which the decoder reports as ``MouseEvent/Kind/scrollLeft`` and
    /// ``MouseEvent/Kind/scrollRight``), or the vertical one with Shift
    /// held, scrolls only horizontally scrollable ones. A scroll view of
    /// both axes takes either.
    func scrollUnderPointer(_ event: MouseEvent) -> Bool { wheelScroll(event) != nil }

    /// ``scrollUnderPointer(_:)``, telling what moved: the scroll view's
    /// frame, its axis, and by how many rows or columns what it shows
    /// moved (positive: the content moved up or left); nil when none moved.
    func wheelScroll(_ event: MouseEvent) -> (frame: Rect, axis: Axis, moved: Int)? {
        let delta: Int
        var sideways: Bool
        switch event.kind {
        case .scrollUp: (delta, sideways) = (-ScrollBehavior.wheelRows, false)
        case .scrollDown: (delta, sideways) = (ScrollBehavior.wheelRows, false)
        case .scrollLeft: (delta, sideways) = (-ScrollBehavior.wheelRows, true)
        case .scrollRight: (delta, sideways) = (ScrollBehavior.wheelRows, true)
        default: return nil
        }
        if event.modifiers.contains(.shift) { sideways = true }
        // The deepest of each axis under the pointer.
        var best: [Axis: (path: [Int], node: ViewNode, scroll: ScrollBehavior)] = [:]
        let modal = activeModal
        for node in registeredNodes(for: .wheelScrolling) {
            if !isReachable(node, modal: modal) { continue }
            let f = node.frame
            guard event.column >= f.x, event.column < f.maxX, event.row >= f.y, event.row < f.maxY,
                  let scroll = node.behavior as? ScrollBehavior else { continue }
            var path: [Int]?
            for axis in [Axis.vertical, .horizontal]
            where scroll.axes.contains(axis == .vertical ? .vertical : .horizontal) {
                let p = path ?? treePath(of: node)
                path = p
                if best[axis] == nil || best[axis]!.path.lexicographicallyPrecedes(p) { best[axis] = (p, node, scroll) }
            }
        }
        let axis: Axis
        if sideways {
            axis = .horizontal
        } else {
            axis = best[.vertical] != nil ? .vertical : .horizontal
        }
        guard let target = best[axis] else { return nil }
        let before = target.scroll.visibleOffset(axis)
        guard target.scroll.scroll(axis, to: before + delta, node: target.node, graph: self) else { return nil }
        return (target.node.frame, axis, target.scroll.visibleOffset(axis) - before)
    }

    /// A press on the indicator of a scroll view that keeps its own offset
    /// (the deepest under the pointer), or a drag or release while one's
    /// thumb is held, wherever the pointer is: returns whether an indicator
    /// took the event.
    func routeScrollIndicator(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .drag, .release:
            for node in registeredNodes(for: .wheelScrolling) {
                if let scroll = node.behavior as? ScrollBehavior, scroll.isDraggingThumb {
                    return scroll.handleIndicator(event, node: node, graph: self)
                }
            }
            return false
        case .press:
            var best: (path: [Int], node: ViewNode)?
            let modal = activeModal
            for node in registeredNodes(for: .wheelScrolling) {
                guard let scroll = node.behavior as? ScrollBehavior,
                      scroll.indicatorHit(column: event.column, row: event.row) != nil,
                      isReachable(node, modal: modal) else { continue }
                let path = treePath(of: node)
                if best == nil || best!.path.lexicographicallyPrecedes(path) { best = (path, node) }
            }
            guard let node = best?.node, let scroll = node.behavior as? ScrollBehavior else { return false }
            return scroll.handleIndicator(event, node: node, graph: self)
        default:
            return false
        }
    }
}
