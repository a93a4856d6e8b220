/// The rows of a ``List`` or ``Table`` that fit on screen, evaluated by
/// integer index when the viewport is laid out: a list of 100,000 rows has
/// nodes for the few dozen it shows, and a frame costs the same whatever
/// the row count.
///
/// Its children are the header row (tables) and then the visible rows,
/// each keyed by its row's id, so a row keeps its node (and state) while it
/// stays in sight. The viewport takes the space it is offered.
///
/// It is generic over the row view only (a table's rows are one concrete
/// type, so this code is specialized); each row comes with its key from
/// one call, so the app's data, reached through generic code, is read once
/// per row shown.
///
/// Public only so that an app's module sees its conformance to ``View``:
/// the engine is built with cross-module optimisation, and code specialised
/// there for the app's row type reaches an internal type's `_reconcile`
/// through its witness table, unspecialised, from there on (generic
/// metadata looked up per row, copies and `==` through value witnesses).
/// Its members stay internal; it is no API.
public struct RowViewport<Row: View>: PrimitiveView {
    var count: Int
    /// The key (the row's id) and view of row `i`.
    var row: (Int) -> (key: ExplicitID, view: Row)
    /// The header row (tables), laid out above the rows.
    var header: Row?
    /// Column widths and alignments (tables); `nil` for a list.
    var columns: [TableColumnSpec]?
    var viewport: ListViewport
    /// For rows whose view never changes while their key stays (a log's
    /// lines, which are never edited): the key of row `i`, read without
    /// making its view. A row whose key has a node keeps it unevaluated,
    /// and views are made only for rows that came into sight.
    var stableKey: ((Int) -> ExplicitID)? = nil
    /// With ``stableKey``: the first row that may have changed since the
    /// rows shown were made (text appended to a document changes its end);
    /// rows from here on are made and updated as without it.
    var stableBelow = Int.max

    public static func _makeBehavior() -> NodeBehavior { RowViewportBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: RowViewportBehavior.self)
        b.count = view.count
        b.viewport = view.viewport
        b.hasHeader = view.header != nil
        b.indicatorVisibility = graph.environmentValue(EnvironmentPaths.verticalScrollIndicatorVisibility, at: node)
        if b.columns != view.columns {
            b.columns = view.columns
            b.columnsChanged = true
        }
        // Rows are reconciled when the viewport is laid out: only then is
        // its height, so the range of rows it shows, known.
        if Row.self == TableRowView.self {
            // A table's rows are one engine type, but this code is reached
            // through generic code (the app's data type unknown here), so
            // it runs unspecialised: name the type, and the rows are
            // compared and updated by code specialised for it.
            let table = unsafeBitCast(view, to: RowViewport<TableRowView>.self)
            b.reconcile = { range, node, graph in
                RowViewport<TableRowView>.reconcileRows(table, range, node: node, graph: graph)
            }
        } else {
            b.reconcile = { range, node, graph in reconcileRows(view, range, node: node, graph: graph) }
        }
        graph.leafContentChanged(node)
    }

    /// Brings the children up to date with the header and the rows in
    /// `range`, reusing rows by id. Returns whether the children changed.
    ///
    /// - Complexity: O(range) with no hashing when the same rows are shown
    ///   in the same order (the usual frame); one hash lookup per row otherwise.
    static func reconcileRows(_ view: Self, _ range: Range<Int>, node: ViewNode, graph: ViewGraph) -> Bool {
        var changed = false
        var prefix = 0
        if let header = view.header {
            let before = node.children.first
            graph.reconcileChild(header, of: node, slot: 0, key: .position(0))
            changed = before !== node.children[0]
            prefix = 1
        }
        if let key = view.stableKey {
            return reconcileStableRows(view, key: key, range, after: prefix, node: node, graph: graph) || changed
        }
        // The rows are made first, in one observation scope for the
        // viewport: what their closures read of a model is its dependency
        // (see `ForEach.reconcileObserved`). Keys and views wait in two
        // buffers (a buffer of `(key, view)` pairs would make this generic
        // code look up a tuple's metadata on every call).
        let count = range.count
        withUnsafeTemporaryAllocation(of: ExplicitID.self, capacity: Swift.max(count, 1)) { keys in
            withUnsafeTemporaryAllocation(of: Row.self, capacity: Swift.max(count, 1)) { views in
                let keys = keys.baseAddress!, views = views.baseAddress!
                var made = 0
                graph.observing(node) {
                    for i in range {
                        let (key, row) = view.row(i)
                        (keys + made).initialize(to: consume key)
                        (views + made).initialize(to: consume row)
                        made += 1
                    }
                }
                var next = 0
                // Each key and view is consumed as its row is reconciled.
                defer {
                    (keys + next).deinitialize(count: made - next)
                    (views + next).deinitialize(count: made - next)
                }
                // Fast path: the same ids in the same order.
                while next < count, prefix + next < node.children.count,
                      node.children[prefix + next].matches(explicit: keys[next]) {
                    graph.update(node.children[prefix + next], with: (views + next).move())
                    (keys + next).deinitialize(count: 1)
                    next += 1
                }
                if next == count && prefix + next == node.children.count { return }
                // Scrolled, or rows inserted or removed: match the rest by id.
                changed = true
                var rows = KeyedReconciler(parent: node, keeping: prefix + next, firstRow: prefix, expecting: count)
                while next < count {
                    // A repeated id is keyed by its data index: it keeps its node while the list scrolls.
                    rows.reconcile((views + next).move(), id: (keys + next).move(), position: range.lowerBound + next, graph: graph)
                    next += 1
                }
                rows.finish(graph: graph)
            }
        }
        return changed
    }

    /// ``reconcileRows(_:_:node:graph:)`` for rows whose view is fixed by
    /// their key: the keys are read (in the viewport's observation scope),
    /// rows already shown keep their nodes without a view made, compared
    /// or updated, and only rows that came into sight are made. The rows
    /// follow the first `prefix` children (a header).
    ///
    /// - Complexity: O(range) key reads and no view made when the same rows
    ///   are shown; one view made per row that came into sight or may have
    ///   changed (from `stableBelow` on).
    private static func reconcileStableRows(_ view: Self, key: (Int) -> ExplicitID, _ range: Range<Int>,
                                            after prefix: Int, node: ViewNode, graph: ViewGraph) -> Bool {
        let count = range.count
        return withUnsafeTemporaryAllocation(of: ExplicitID.self, capacity: Swift.max(count, 1)) { buffer in
            let keys = buffer.baseAddress!
            graph.observing(node) {
                for (k, i) in range.enumerated() { (keys + k).initialize(to: key(i)) }
            }
            defer { keys.deinitialize(count: count) }
            var same = prefix + count == node.children.count
            var k = 0
            while same && k < count {
                same = node.children[prefix + k].matches(explicit: keys[k])
                k += 1
            }
            // What a row made here reads is the viewport's dependency too.
            @MainActor func made(_ i: Int) -> Row { graph.observing(node) { view.row(i).view } }
            if same {
                for (k, i) in range.enumerated() where i >= view.stableBelow {
                    graph.update(node.children[prefix + k], with: made(i))
                }
                return false
            }
            var rows = KeyedReconciler(parent: node, keeping: prefix, firstRow: prefix, expecting: count)
            for (k, i) in range.enumerated() {
                if i < view.stableBelow {
                    rows.keep(id: keys[k], position: i, graph: graph) { made(i) }
                } else {
                    rows.reconcile(made(i), id: keys[k], position: i, graph: graph)
                }
            }
            rows.finish(graph: graph)
            return true
        }
    }
}

/// How a table column takes its width, with its alignment: what the
/// viewport needs to place cells.
struct TableColumnSpec: Equatable {
    var width: TableColumnWidth
    var alignment: HorizontalAlignment
}

final class RowViewportBehavior: NodeBehavior {
    var count = 0
    var hasHeader = false
    var viewport: ListViewport?
    var columns: [TableColumnSpec]?
    var columnsChanged = false
    var reconcile: ((Range<Int>, ViewNode, ViewGraph) -> Bool)?
    /// The widest row laid out so far (a list's ideal width).
    var widestRow = 0
    /// Whether the scroll indicator shows (from the environment).
    var indicatorVisibility = ScrollIndicatorVisibility.automatic

    /// What ``View/containerRelativeFrame(_:alignment:)`` in a row
    /// measures with: the rows' area (below a table's header, beside the
    /// scroll indicator).
    let container = RelativeFrameContainer()
    /// Rows that scrolled by whole rows have their cells shifted, not repainted.
    let blit = ScrollBlit()

    /// Columns between table cells.
    static let columnSpacing = 1

    override func relativeFrameContainer(for child: ViewNode, of node: ViewNode) -> RelativeFrameContainer? { container }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let pitch = Swift.max(1, viewport?.rowHeight ?? 1)
        let rows = count > Int.max / pitch ? Int.max : count * pitch
        let ideal = Size(width: columns.map { idealTableWidth($0) } ?? widestRow,
                         height: saturatingAdd(hasHeader ? 1 : 0, rows))
        // Greedy: a list takes the space it is offered, and its ideal size
        // when asked for it (or offered "as much as you like").
        return Size(width: proposal.width.map { $0 == .max ? ideal.width : $0 } ?? ideal.width,
                    height: proposal.height.map { $0 == .max ? ideal.height : $0 } ?? ideal.height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let viewport, let reconcile else { return }
        let header = hasHeader ? Swift.min(1, rect.height) : 0
        // The indicator takes the last column while the rows overflow (at
        // the row height known so far).
        let fitting = (rect.height - header) / Swift.max(1, viewport.rowHeight)
        let width = indicatorVisibility.shows(overflowing: count > fitting, width: rect.width) ? rect.width - 1 : rect.width
        let rows = Rect(x: rect.x, y: rect.y + header, width: width, height: rect.height - header)
        viewport.frame = rect
        viewport.rowsFrame = rows
        container.setSize(ContainerSize(width: rows.width, height: rows.height), node: node, graph: graph)
        let before = viewport.indicator
        defer {
            viewport.indicator = width < rect.width
                ? ScrollIndicator(track: Rect(x: rect.maxX - 1, y: rows.y, width: 1, height: rows.height),
                                  content: count, viewport: viewport.pageRows, offset: viewport.offset)
                : nil
            ScrollIndicator.repaintChanges(from: before, to: viewport.indicator, node: node, graph: graph)
        }
        var range = viewport.visibleRows(count: count, height: rows.height)
        var changed = false
        graph.containingLayoutMarks(of: node) { changed = reconcile(range, node, graph) }
        if columns == nil {
            // A list's rows may be taller than one line: the pitch is the
            // tallest row seen; when it grows, fewer rows fit.
            var tallest = viewport.rowHeight
            for row in node.children {
                tallest = Swift.max(tallest, graph.size(of: row, for: ProposedSize(width: width, height: nil)).height)
            }
            if tallest > viewport.rowHeight {
                viewport.rowHeight = tallest
                range = viewport.visibleRows(count: count, height: rows.height)
                graph.containingLayoutMarks(of: node) { if reconcile(range, node, graph) { changed = true } }
            }
        }
        if changed { graph.refreshLayoutChildren(node) }
        let children = node.children
        var first = 0
        if hasHeader, let head = children.first {
            first = 1
            if let columns { layOutColumns(columns, width: width, node: node, graph: graph) }
            graph.place(head, in: Rect(x: rect.x, y: rect.y, width: width, height: header))
        }
        let pitch = viewport.rowHeight
        graph.placeScrolling(node, region: rows, blit: blit) {
            for k in first..<children.count {
                let row = children[k]
                let y = rows.y + (k - first) * pitch
                if columns == nil {
                    widestRow = Swift.max(widestRow, graph.size(of: row, for: ProposedSize(width: nil, height: nil)).width)
                }
                graph.place(row, in: Rect(x: rect.x, y: y, width: width, height: Swift.min(pitch, rows.maxY - y)))
            }
        }
    }

    /// Only the indicator paints here; its thumb differs from row to row.
    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        viewport?.indicator?.track.intersection(region).isEmpty ?? true
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        viewport?.indicator?.paint(into: canvas, clip: clip, inherited: inherited)
    }

    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect {
        ScrollIndicator.childClip(clip, frame: node.frame, indicator: viewport?.indicator)
    }

    /// Works out the table's column widths: fixed ones as given, fitted ones
    /// to their widest visible cell or header, flexible ones sharing what is
    /// left. When they change, every shown row is laid out again.
    private func layOutColumns(_ columns: [TableColumnSpec], width: Int, node: ViewNode, graph: ViewGraph) {
        guard let viewport else { return }
        var fitted = [Int](repeating: 0, count: columns.count)
        for (c, spec) in columns.enumerated() where spec.width == .fitted {
            for row in node.children where c < row.children.count {
                let s = graph.size(of: row.children[c], for: .unspecified)
                fitted[c] = Swift.max(fitted[c], s.width)
            }
        }
        let widths = TableColumnWidth.allocate(columns.map(\.width), fitted: fitted, width: width,
                                               spacing: RowViewportBehavior.columnSpacing)
        guard widths != viewport.columnWidth || columnsChanged else { return }
        columnsChanged = false
        var x = 0
        var starts: [Int] = []
        for w in widths {
            starts.append(x)
            x += w + RowViewportBehavior.columnSpacing
        }
        viewport.columnWidth = widths
        viewport.columnX = starts
        for row in node.children {
            row.needsLayout = true
            graph.markNeedsPaint(row)
        }
    }

    private func idealTableWidth(_ columns: [TableColumnSpec]) -> Int {
        guard let viewport, viewport.columnWidth.count == columns.count else {
            return columns.reduce(0) { sum, c in
                switch c.width {
                case .fixed(let w): return sum + w + 1
                case .flexible(let lo, _): return sum + lo + 1
                case .fitted: return sum + 8 + 1
                }
            }
        }
        return viewport.columnWidth.reduce(0, +) + RowViewportBehavior.columnSpacing * Swift.max(0, columns.count - 1)
    }
}
