/// The behaviour of the lazy stacks and grids (``LazyVStack``,
/// ``LazyHStack``, ``LazyVGrid``, ``LazyHGrid``): cells in *lines* that
/// follow each other along an axis (rows of a vertical stack or grid,
/// columns of a horizontal one), each line split across into *tracks* (a
/// grid's columns or rows; a stack's line is one track as wide as the stack).
///
/// Only the lines in the enclosing scroll view's viewport have nodes: their
/// cells are reconciled from the ``LazyRows`` (an offset range of the
/// ``ForEach``'s elements) as the lines are placed, and cells that leave the
/// viewport are detached (their state with them). Every line is as long
/// along the axis as the longest cell in view.
final class LazyStackBehavior: NodeBehavior {
    /// The axis lines follow each other along (a stack's or grid's growth axis).
    var axis = Axis.vertical
    /// Cells between one line and the next.
    var spacing = 0
    /// Stacks: the component across the axis places a cell narrower than
    /// the stack. Grids: where cells sit in their track (unless the track's
    /// ``GridItem`` says), and where the tracks sit in a wider grid.
    var alignment = Alignment.center
    /// The grid's items (its columns or rows); `nil`: a stack.
    var gridItems: [GridItem]?
    /// The section headers and footers held at the viewport's edges.
    var pinnedViews: PinnedScrollableViews = []
    /// The content's sections, when it has ``Section``s (then ``rows`` is `nil`).
    var sections: LazySectionList?
    /// Where the sections' lines start, counted when their data last
    /// changed and corrected as sections come into view; `nil`: to be
    /// counted (``sectionLines(tracks:)``).
    var countedLines: LazySectionLines?
    /// The numbers a sectioned stack's entries in view are reconciled by.
    var entrySerials = LazyEntrySerials()
    /// A sectioned stack's nodes as last placed, in the holder's order:
    /// each one's place in reading order (its line × cells a line + its
    /// track), and the number of lines and of cells a line.
    var placedEntryOrder: [Int] = []
    var placedLines = (count: 0, perLine: 1)

    /// Where Tab goes in this stack (``ViewGraph/lazyFocusStep(from:next:forward:)``):
    /// the place in reading order of the built node at `child` among the
    /// holder's children, the unit Tab scrolls by (1: a cell; a sectioned
    /// stack's cells a line: a line) and how many units there are.
    func focusPlace(ofChild child: Int) -> (place: Int, unit: Int, units: Int)? {
        if sections != nil {
            guard child < placedEntryOrder.count else { return nil }
            return (placedEntryOrder[child], placedLines.perLine, placedLines.count)
        }
        guard let rows, let placed = placedRows else { return nil }
        return (placed.lowerBound + child, 1, rows.count)
    }
    /// The cells (the content is a ``ForEach``); `nil`: a stack or grid of
    /// the content's views, all evaluated.
    var rows: LazyRows?
    /// The cells (element offsets) placed by the last layout (those in
    /// view), `nil` before the first: a new frame's cells in this range are
    /// reconciled as the stack is evaluated, and the stack is laid out again
    /// only if that changed its nodes.
    var placedRows: Range<Int>?
    /// The length along the axis of every line slot: the longest cell in
    /// view, across the current tracks (found again each layout, so it
    /// shrinks as well as grows: after a resize the list looks as a fresh one
    /// would). Named for the vertical stack: a row's height.
    @exclusivity(unchecked) var rowHeight = 1
    /// The line length ``sizeThatFits(_:node:graph:)`` last answered with.
    @exclusivity(unchecked) var sizedRowHeight = 1
    /// A stack asked for its length across (its width, for a vertical one)
    /// with none offered: what it answers and what its cells measure.
    var idealAcross = IdealAcross()
    /// The last tracks resolved, and the items and length across they were resolved for.
    private var resolved: (items: [GridItem], across: Int?, tracks: GridTracks)?

    /// Distance from one line's start to the next's: never zero or negative.
    var pitch: Int { pitch(rowHeight) }
    func pitch(_ height: Int) -> Int { Swift.max(1, height.saturatingSum(spacing)) }

    /// Sets what a view's value says; changes mark the node for layout.
    func configure(axis: Axis, spacing: Int, alignment: Alignment, gridItems: [GridItem]?,
                   pinnedViews: PinnedScrollableViews = [], node: ViewNode, graph: ViewGraph) {
        self.axis = axis
        graph.set(pinnedViews, &self.pinnedViews, node: node)
        graph.set(LayoutLength.clamp(spacing), &self.spacing, node: node)
        graph.set(alignment, &self.alignment, node: node)
        graph.set(gridItems, &self.gridItems, node: node)
    }

    /// Takes a view's content: its rows when it is a ``ForEach`` (found by
    /// the initializer, or at run time through ``LazyRowSource``), otherwise
    /// its views as one child, all evaluated.
    func reconcile<Content: View>(_ content: Content, rows: LazyRows?, node: ViewNode, graph: ViewGraph) {
        let source = content as? any LazyRowSource
        let rows = source?.rowsAreSections == true ? nil : rows ?? source?.lazyRows
        guard let rows else {
            self.rows = nil
            placedRows = nil
            if let list = LazySectionList(content) {
                // Sections: their lines in view are reconciled as the stack
                // is placed. The same data keeps the lines counted; the
                // sections in view are read again then.
                if let previous = sections, !list.hasSameData(as: previous) || list.count != previous.count {
                    countedLines = nil
                }
                sections = list
                if node.children.isEmpty || !(node.children[0].behavior is ForEachBehavior) {
                    graph.reconcileOnlyChild(LazyRowsHolder(), of: node)
                }
                graph.markNeedsLayout(node)
                return
            }
            sections = nil
            countedLines = nil
            graph.reconcileOnlyChild(content, of: node)
            return
        }
        sections = nil
        countedLines = nil
        update(rows, node: node, graph: graph)
    }

    /// Takes a frame's rows. The rows in view (as last placed) are
    /// reconciled now: a row that changed is evaluated and takes a leaf's
    /// path through layout (only it is laid out again when its size holds).
    /// The stack itself is laid out again when it never was, when the row
    /// count changed, or when rows were created, detached or moved.
    func update(_ rows: LazyRows, node: ViewNode, graph: ViewGraph) {
        let countChanged = self.rows?.count != rows.count
        self.rows = rows
        if node.children.isEmpty {
            let holder = graph.makeNode(for: LazyRowsHolder(), parent: node, discriminator: .position(0))
            node.children.append(holder)
            graph.structureChanged(node)
        }
        guard let shown = placedRows, !countChanged, !node.needsLayout else {
            // Rows are reconciled during layout, when the viewport is known.
            graph.markNeedsLayout(node)
            return
        }
        // Rows created or detached mark the stack (``ViewGraph/structureChanged(_:)``).
        rows.reconcile(shown, node.children[0], graph)
    }

    // MARK: tracks and lines

    /// The tracks across a line `across` cells long (`nil`: ideal); a
    /// stack's one track is as long as the stack.
    func tracks(across: Int?) -> GridTracks {
        guard let gridItems else {
            let length = across ?? 0
            return GridTracks(tracks: [GridTrack(offset: 0, length: length, alignment: nil)], length: length)
        }
        if let resolved, resolved.across == across, resolved.items == gridItems { return resolved.tracks }
        // Default spacing between tracks: a stack's across the lines (1
        // between columns, 0 between rows), as ``Grid``.
        let tracks = GridTracks(gridItems, available: across, defaultSpacing: axis == .vertical ? 1 : 0)
        resolved = (gridItems, across, tracks)
        return tracks
    }

    /// How many lines `count` cells make, `perLine` to a line.
    private func lines(_ count: Int, perLine: Int) -> Int {
        count == 0 || perLine == 0 ? 0 : (count - 1) / perLine + 1
    }

    /// The length along the axis of `lines` lines of `length` cells.
    private func extent(lines: Int, length: Int) -> Int {
        lines == 0 ? 0 : Swift.max(0, (lines - 1).saturatingProduct(pitch(length)).saturatingSum(length))
    }

    /// Where the block of tracks starts across the stack's `across` cells.
    func blockOffset(_ tracks: GridTracks, across: Int) -> Int {
        gridItems == nil ? 0 : crossOffset(alignment, child: tracks.length, in: across)
    }

    func crossOffset(_ a: Alignment, child: Int, in space: Int) -> Int {
        axis == .vertical ? a.horizontal.offset(child: child, in: space) : a.vertical.offset(child: child, in: space)
    }

    func mainOffset(_ a: Alignment, child: Int, in space: Int) -> Int {
        axis == .vertical ? a.vertical.offset(child: child, in: space) : a.horizontal.offset(child: child, in: space)
    }

    /// The frame cell `index` has (or would have) when the stack's frame is
    /// `frame`: its slot in its line and track.
    /// In a sectioned stack `index` is a line, and the frame the line's
    /// whole length across.
    func frame(ofCell index: Int, in frame: Rect) -> Rect {
        let across = (axis == .vertical ? frame.width : frame.height)
        if sections != nil {
            let whole = GridTrack(offset: 0, length: across, alignment: nil)
            return slot(line: index, track: whole, block: 0, pitch: pitch, length: rowHeight, in: frame)
        }
        let tracks = self.tracks(across: across)
        guard !tracks.tracks.isEmpty else { return Rect(x: frame.x, y: frame.y, width: 0, height: 0) }
        let perLine = tracks.tracks.count
        let track = tracks.tracks[index % perLine]
        return slot(line: index / perLine, track: track, block: blockOffset(tracks, across: across), pitch: pitch,
                     length: rowHeight, in: frame)
    }

    /// The rect of `track` in line `line`.
    private func slot(line: Int, track: GridTrack, block: Int, pitch: Int, length: Int, in rect: Rect) -> Rect {
        let main = line.saturatingProduct(pitch)
        let cross = block + track.offset
        return axis == .vertical
            ? Rect(x: rect.x + cross, y: saturatingAdd(rect.y, main), width: track.length, height: length)
            : Rect(x: saturatingAdd(rect.x, main), y: rect.y + cross, width: length, height: track.length)
    }

    // MARK: layout

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let proposedAcross = axis == .vertical ? proposal.width : proposal.height
        let across = proposedAcross == .max ? nil : proposedAcross
        if gridItems == nil && (rows != nil || sections != nil) {
            idealAcross.isAsked = across == nil
            idealAcross.sized = idealAcross.widest
        }
        if let sections {
            sizedRowHeight = rowHeight
            return sectionedSize(sections, across: across)
        }
        guard let rows else {
            guard gridItems != nil else {
                return StackLayout.size(axis: axis, spacing: spacing, children: node.layoutChildren,
                                        proposal: proposal, graph: graph)
            }
            let tracks = self.tracks(across: across)
            let cells = node.layoutChildren
            let length = longestCell(cells, first: 0, tracks: tracks, graph: graph)
            let main = extent(lines: lines(cells.count, perLine: tracks.tracks.count), length: length)
            return size(main: main, cross: across ?? tracks.length)
        }
        sizedRowHeight = rowHeight
        let tracks = self.tracks(across: across)
        let main = extent(lines: lines(rows.count, perLine: tracks.tracks.count), length: rowHeight)
        // A stack is as wide as offered, else as its widest cell in view
        // (``IdealAcross``); a grid as its tracks when not.
        return size(main: main, cross: across ?? (gridItems == nil ? idealAcross.widest : tracks.length))
    }

    private func size(main: Int, cross: Int) -> Size {
        axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let across = (axis == .vertical ? rect.width : rect.height)
        if let sections, let holder = node.children.first {
            placeSections(sections, holder: holder, node: node, in: rect, graph: graph)
            return
        }
        guard let rows, let holder = node.children.first else {
            placedRows = nil
            guard gridItems != nil else {
                StackLayout.place(axis: axis, spacing: spacing, alignment: alignment, children: node.layoutChildren,
                                  in: rect, graph: graph)
                return
            }
            let tracks = self.tracks(across: across)
            let cells = node.layoutChildren
            let length = longestCell(cells, first: 0, tracks: tracks, graph: graph)
            _ = placeCells(cells, first: 0, tracks: tracks, pitch: pitch(length), length: length, in: rect, graph: graph)
            return
        }
        let tracks = self.tracks(across: across)
        let perLine = tracks.tracks.count
        // Cells outside 0..<count do not exist: a viewport past the end shows none.
        let n = rows.count
        let lineCount = lines(n, perLine: perLine)
        settleLineLength(in: rect, graph: graph) { length, pitch, visible in
            let lines = visible(lineCount)
            let range = Swift.min(n, lines.lowerBound * perLine)..<Swift.min(n, lines.upperBound.saturatingProduct(perLine))
            // Cells created or detached here are placed here: their marks
            // stop at this stack, which is being laid out now.
            graph.containingLayoutMarks(of: node) { rows.reconcile(range, holder, graph) }
            placedRows = range
            if holder.structureChanged || node.structureChanged { graph.refreshLayoutChildren(node) }
            return placeCells(holder.children, first: range.lowerBound, tracks: tracks, pitch: pitch,
                              length: length, in: rect, graph: graph)
        }
        settle(node, graph: graph)
    }

    /// Settles the line length while placing the lines in view in `rect`.
    ///
    /// The line length is the longest cell in view across the tracks, and
    /// which lines are in view depends on it: `place` places the lines in
    /// view with a length (and pitch) and returns the longest cell it
    /// placed; starting from the last length, it runs again with that one
    /// until the two agree (one round when no cell changed length), at
    /// most five rounds. `place` finds the lines in view, of a count, with
    /// the function it is given.
    func settleLineLength(in rect: Rect, graph: ViewGraph,
                          _ place: (_ length: Int, _ pitch: Int, _ visible: (Int) -> Range<Int>) -> Int) {
        let (visibleStart, visibleEnd) = visibleRange(in: rect, graph: graph)
        let start = axis == .vertical ? rect.y : rect.x
        var length = rowHeight
        idealAcross.placed = 0
        for attempt in 0..<5 {
            let pitch = self.pitch(length)
            let longest = place(length, pitch) { count in
                let first = Swift.min(count, Swift.max(0, (visibleStart - start) / pitch))
                let last = Swift.min(count, saturatingAdd(visibleEnd - start, pitch - 1) / pitch)
                return first..<Swift.max(first, last)
            }
            if longest == length || attempt == 4 { break }
            // Not settled after a few rounds (cells of very different
            // lengths): the longer, so that no cell is cut.
            length = attempt == 3 ? Swift.max(length, longest) : longest
        }
        rowHeight = length
    }

    /// After the cells in view were placed: when the size this stack
    /// answered assumed another line length, or another widest cell (asked
    /// for its ideal length across), lays out again from the root this
    /// frame (``ViewGraph/layoutRoot()``).
    func settle(_ node: ViewNode, graph: ViewGraph, linesChanged: Bool = false) {
        var changed = linesChanged || rowHeight != sizedRowHeight
        if idealAcross.isAsked && gridItems == nil {
            idealAcross.widest = idealAcross.placed
            changed = changed || idealAcross.widest != idealAcross.sized
        }
        if changed {
            graph.markNeedsLayout(node)
            graph.requestLayoutPass()
        }
    }

    /// Where along the axis the enclosing scroll view's viewport shows
    /// `rect` (the whole of it outside any): the lines there are built.
    /// Only the axis counts: a stack that is still 0 wide (asked for its
    /// ideal width before its cells were measured) builds the lines in
    /// view, to learn its width from them.
    func visibleRange(in rect: Rect, graph: ViewGraph) -> (start: Int, end: Int) {
        let outer = graph.enclosingViewport ?? rect
        return axis == .vertical
            ? (Swift.max(outer.y, rect.y), Swift.min(outer.maxY, rect.maxY))
            : (Swift.max(outer.x, rect.x), Swift.min(outer.maxX, rect.maxX))
    }

    /// What a cell is offered: its track's length across, its ideal along.
    func proposal(_ track: GridTrack) -> ProposedSize {
        StackLayout.proposal(main: nil, cross: track.length, axis)
    }

    /// A cell's length across when it is offered none (its ideal).
    private func idealCross(of cell: ViewNode, graph: ViewGraph) -> Int {
        if cell.isTransparent && cell.structureChanged { graph.refreshLayoutChildren(cell) }
        let units = cell.isTransparent ? cell.layoutChildren : [cell]
        let s = units.count == 1
            ? graph.size(of: units[0], for: .unspecified)
            : StackLayout.size(axis: axis, spacing: 0, children: units, proposal: .unspecified, graph: graph)
        return StackLayout.cross(s, axis)
    }

    /// The longest cell (along the axis) of `cells`, the first of which is
    /// cell `first`; at least 1.
    private func longestCell(_ cells: [ViewNode], first: Int, tracks: GridTracks, graph: ViewGraph) -> Int {
        let perLine = tracks.tracks.count
        guard perLine > 0 else { return 1 }
        var longest = 1
        for (k, cell) in cells.enumerated() {
            let s = graph.size(of: cell, for: proposal(tracks.tracks[(first + k) % perLine]))
            longest = Swift.max(longest, StackLayout.main(s, axis))
        }
        return longest
    }

    /// Places the cells (cell `first` on) in their lines `pitch` apart and
    /// their tracks, each line `length` long; returns the longest cell's
    /// length along the axis (at least 1).
    private func placeCells(_ cells: [ViewNode], first: Int, tracks: GridTracks, pitch: Int, length: Int,
                            in rect: Rect, graph: ViewGraph) -> Int {
        let perLine = tracks.tracks.count
        guard perLine > 0 else { return 1 }
        let across = (axis == .vertical ? rect.width : rect.height)
        let block = blockOffset(tracks, across: across)
        var longest = 1
        for (k, cell) in cells.enumerated() {
            let index = first + k
            let track = tracks.tracks[index % perLine]
            let area = slot(line: index / perLine, track: track, block: block, pitch: pitch, length: length, in: rect)
            longest = Swift.max(longest, placeCell(cell, track: track, in: area, graph: graph))
        }
        return longest
    }

    /// Places one cell in its slot `area` of `track`; returns its length
    /// along the axis. A section's header or footer (`fills`) takes the
    /// whole slot.
    func placeCell(_ cell: ViewNode, track: GridTrack, in area: Rect, graph: ViewGraph, fills: Bool = false) -> Int {
        let isStack = gridItems == nil
        var track = track
        if isStack && idealAcross.isAsked {
            // Asked for its ideal length across: the widest cell's ideal
            // decides it, and a cell is offered at least its own ideal (so
            // that a first layout, before the stack knows its widest cell,
            // measures lines as the settled one does).
            let ideal = idealCross(of: cell, graph: graph)
            idealAcross.placed = Swift.max(idealAcross.placed, ideal)
            if !fills && ideal > track.length { track.length = ideal }
        }
        // A stack's cells fill their slot along the axis (a row as tall
        // as its line) and sit across by the stack's alignment; a grid's
        // cells are placed at their size, aligned in their slot.
        let cellAlignment = isStack
            ? (axis == .vertical ? Alignment(horizontal: alignment.horizontal, vertical: .top)
                                 : Alignment(horizontal: .leading, vertical: alignment.vertical))
            : track.alignment ?? (axis == .vertical ? Alignment(horizontal: alignment.horizontal, vertical: .center)
                                                    : Alignment(horizontal: .center, vertical: alignment.vertical))
        if cell.isTransparent && cell.structureChanged { graph.refreshLayoutChildren(cell) }
        // A cell that is (or whose body is) one laid-out view: place that view.
        let single: ViewNode? = !cell.isTransparent ? cell : (cell.layoutChildren.count == 1 ? cell.layoutChildren[0] : nil)
        guard let view = single else {
            // A composite cell of several views: they stack along the axis inside the cell's slot.
            let units = cell.layoutChildren
            let s = StackLayout.size(axis: axis, spacing: 0, children: units, proposal: proposal(track), graph: graph)
            StackLayout.place(axis: axis, spacing: 0, alignment: cellAlignment, children: units, in: area,
                              graph: graph)
            return Swift.max(1, StackLayout.main(s, axis))
        }
        let s = graph.size(of: view, for: proposal(track))
        let main = StackLayout.main(s, axis)
        if fills {
            graph.place(view, in: area)
            return Swift.max(1, main)
        }
        let lineLength = axis == .vertical ? area.height : area.width
        let cross = Swift.min(StackLayout.cross(s, axis), track.length)
        let along = isStack ? lineLength : Swift.min(main, lineLength)
        let dc = crossOffset(cellAlignment, child: cross, in: track.length)
        let dm = isStack ? 0 : mainOffset(cellAlignment, child: along, in: lineLength)
        graph.place(view, in: axis == .vertical
            ? Rect(x: area.x + dc, y: area.y + dm, width: cross, height: along)
            : Rect(x: area.x + dm, y: area.y + dc, width: along, height: cross))
        return Swift.max(1, main)
    }
}

extension ViewGraph {
    /// The viewport of `scrollView` changed while its content may keep its
    /// frame (the scroll view grew or shrank): the lazy stacks inside, and
    /// the nodes between, place their rows again.
    ///
    /// - Complexity: a walk of the scroll view's live nodes; run only when
    ///   its frame changes.
    func markLazyStacksNeedPlacement(in scrollView: ViewNode) {
        var pending = scrollView.children
        while let n = pending.popLast() {
            if n.behavior is LazyStackBehavior {
                var m: ViewNode? = n
                while let current = m, current !== scrollView {
                    if !current.isTransparent { current.needsLayout = true }
                    m = current.parent
                }
            }
            pending.append(contentsOf: n.children)
        }
    }
}

/// What a lazy stack asked for its length across with none offered (in a
/// scroll view of both axes, which offers its content nothing either way)
/// answers: as ``VStack`` does, the longest of its cells' ideal lengths
/// across — of the cells in view, the only ones built (SwiftUI's lazy stack
/// too sizes to the views it has made). Found again each layout, as the
/// line length is, so it shrinks as well as grows as the stack scrolls.
struct IdealAcross {
    /// The last size asked had no length across.
    var isAsked = false
    /// The widest cell in view, as last placed, and as last answered.
    var widest = 0
    var sized = 0
    /// The widest cell placed so far in this layout.
    var placed = 0
}
