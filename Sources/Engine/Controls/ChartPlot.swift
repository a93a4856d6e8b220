/// The plot of a ``Chart``: its plan's strokes and bars on a braille grid.
///
/// Unlike a ``Canvas``, whose closure is run again whole each time, the
/// plot keeps its drawing from frame to frame and redraws only the dot
/// columns that the strokes which changed cover (a point appended to a
/// line changes the strokes of its last column or two). A plan whose
/// scales, size or bars changed changes every stroke (or its texts): the
/// plot is then drawn whole, as a canvas is.
struct ChartPlot: PrimitiveView {
    var plan: ChartPlan

    static func _makeBehavior() -> NodeBehavior { ChartPlotBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ChartPlotBehavior.self)
        let theme = graph.environmentValue(\.theme, at: node)
        let cells = Size(width: node.frame.width, height: node.frame.height)
        let old = b.plan
        b.plan = view.plan
        guard let old, b.drawn != nil, !b.isStale, b.drawnCells == cells, view.plan.plot == cells, b.theme == theme
        else {
            // Not drawn yet, at another size or in another theme: drawn whole when painted.
            b.theme = theme
            b.isStale = true
            graph.markNeedsPaint(node)
            return
        }
        b.redraw(from: old) { row, first, last in
            graph.markNeedsPaint(
                node, region: Rect(x: node.frame.x + first, y: node.frame.y + row, width: last - first, height: 1))
        }
    }
}

/// A chart plot's node: the drawing of its last plan, brought up to date
/// with each new plan where the two differ (see ``redraw(from:_:)``).
final class ChartPlotBehavior: CanvasBehavior {
    /// The plan ``drawn`` shows (once drawn).
    var plan: ChartPlan?
    /// How many times the plot was drawn whole, and how many times only
    /// some of its columns were (tests read them).
    private(set) var wholeDraws = 0
    private(set) var partialDraws = 0
    /// The cell columns the last partial draw redrew (tests read them).
    private(set) var lastBand: ClosedRange<Int>?
    /// The cells of the redrawn columns before they were redrawn (reused).
    private var bandMasks: [UInt8] = []
    private var bandColors: [Color] = []

    override func render(into context: inout GraphicsContext) {
        wholeDraws += 1
        plan?.draw(into: &context)
    }

    /// Brings the drawing of `old` (this plot's drawing) up to ``plan``,
    /// calling `changed` with each row whose cells changed and the columns
    /// from the first to past the last that did.
    ///
    /// The strokes after the longest start the two plans share are the ones
    /// that changed; the dot columns they cover (old and new) are the only
    /// ones whose dots can differ. Those columns' cells are emptied and
    /// every stroke that crosses them is drawn again there, in order, so
    /// each of their cells ends as a whole drawing would leave it (a cell
    /// shows its last dot's colour: the order matters). Other cells are
    /// left alone. When the texts (bars) changed, or the columns are all
    /// of them, the plot is drawn whole and compared with the last drawing.
    ///
    /// - Complexity: O(strokes) to compare and find those crossing the
    ///   columns, plus the cells of those columns: for a line gaining a
    ///   point, independent of how many points it has.
    func redraw(from old: ChartPlan, _ changed: (Int, Int, Int) -> Void) {
        guard let plan, var context = drawn else { return }
        let cellsWide = context.cells.width, cellsHigh = context.cells.height
        let per = context.resolution.dotsPerCell.width
        guard old.texts == plan.texts, cellsWide > 0, cellsHigh > 0 else { return redrawWhole(changed) }
        let new = plan.strokes, before = old.strokes
        let common = Swift.min(new.count, before.count)
        var same = 0
        while same < common && new[same] == before[same] { same += 1 }
        var low = Int32.max, high = Int32.min
        for s in before[same...] {
            low = Swift.min(low, Swift.min(s.x0, s.x1))
            high = Swift.max(high, Swift.max(s.x0, s.x1))
        }
        for s in new[same...] {
            low = Swift.min(low, Swift.min(s.x0, s.x1))
            high = Swift.max(high, Swift.max(s.x0, s.x1))
        }
        // The dots that changed, on the grid: none when the strokes are the same.
        let firstDot = Swift.max(Int(low), 0), lastDot = Swift.min(Int(high), context.size.width - 1)
        guard firstDot <= lastDot else { return }
        let first = firstDot / per, last = lastDot / per
        if first == 0 && last == cellsWide - 1 { return redrawWhole(changed) }

        // Moved out, so that its storage is not shared while it is changed.
        drawn = nil
        let band = last - first + 1
        bandMasks.removeAll(keepingCapacity: true)
        bandColors.removeAll(keepingCapacity: true)
        for row in 0..<cellsHigh {
            let start = row * cellsWide + first
            bandMasks.append(contentsOf: context.masks[start..<(start + band)])
            bandColors.append(contentsOf: context.colors[start..<(start + band)])
            for i in start..<(start + band) {
                context.masks[i] = 0
                context.colors[i] = .default
            }
        }
        plan.draw(into: &context, columns: (first * per)...(last * per + per - 1))
        partialDraws += 1
        lastBand = first...last
        for row in 0..<cellsHigh {
            let start = row * cellsWide + first
            var from = -1, to = -1
            for k in 0..<band where context.masks[start + k] != bandMasks[row * band + k]
                || context.colors[start + k] != bandColors[row * band + k]
            {
                if from < 0 { from = k }
                to = k
            }
            if from >= 0 { changed(row, first + from, first + to + 1) }
        }
        drawn = context
    }

    /// Draws the plot whole and reports the rows that differ from the last drawing.
    private func redrawWhole(_ changed: (Int, Int, Int) -> Void) {
        guard let cells = drawn?.cells else { return }
        draw(cells: cells)
        forEachChangedRow(changed)
    }
}
