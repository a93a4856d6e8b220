/// A scrolling view of a ``LogStore`` that follows its tail.
///
/// ```swift
/// @State private var query = ""
/// let log: LogStore
/// VStack {
///     LogView(log, searchText: query)
///     TextField("search", text: $query)
/// }
/// ```
///
/// It shows the newest lines and keeps showing them as lines are appended,
/// until the user scrolls away (Up, PageUp, Home, the wheel): then the
/// lines shown stay put while more come in (or until the line limit drops
/// them). Scrolling back to the last line, or End, follows again.
///
/// Lines are one row each, scrolled sideways with Left/Right
/// (``horizontalStep`` columns a press), unless `wrapsLines` is true: then
/// a long line wraps onto several rows, the view scrolls by lines, and
/// while following, a line too tall for the rows left at the top is cut
/// off at the top.
///
/// Search is driven by the app: give the text to look for as
/// `searchText` (from a text field, say). Its matches in the lines shown
/// are highlighted (ASCII letters match either case), and n / N scroll to
/// the next / previous line holding a match.
///
/// The view costs what it shows: it builds the rows on screen only, and an
/// appended line while following moves them up by one (which the writer
/// sends as a scroll, not a repaint).
public struct LogView: View {
    let store: LogStore
    let wrapsLines: Bool
    let searchText: String
    @ControlModel private var cursor: LogCursor
    @Environment(\.isEnabled) private var isEnabled

    /// A view of `store`; long lines wrap when `wrapsLines` is true and
    /// are scrolled sideways otherwise; lines holding `searchText` (when
    /// not empty) show it highlighted.
    public init(_ store: LogStore, wrapsLines: Bool = false, searchText: String = "") {
        self.store = store
        self.wrapsLines = wrapsLines
        self.searchText = searchText
    }

    /// Columns Left/Right scroll an unwrapped log by.
    public static var horizontalStep: Int { 4 }

    /// The style of a search match.
    public static var matchStyle: Style { Style(foreground: .black, background: .yellow) }

    public var body: some View {
        _ = store.version
        let store = self.store, cursor = self.cursor, model = _cursor, query = self.searchText
        let isEnabled = self.isEnabled
        cursor.sync(count: store.count, first: store.firstSequence)
        return LogViewport(store: store, wrapsLines: wrapsLines, query: query, cursor: cursor)
            .focusable()
            .onFocusedKey { press in
                guard cursor.handle(press, store: store, query: query) else { return .ignored }
                model.invalidate()
                return .handled
            }
            .onMouse { event in
                guard isEnabled, cursor.handle(event) else { return .ignored }
                model.invalidate()
                return .handled
            }
    }
}

/// Where a log view is scrolled to: following the tail, or showing a
/// given line (by sequence number) at the top.
final class LogCursor: ControlModelObject {
    /// Showing the newest lines, and the ones appended from now on.
    var isFollowing = true
    /// The top line's sequence number when not following.
    var top = 0
    /// Columns scrolled sideways (unwrapped lines).
    var column = 0
    /// From the last layout: the rows and width of the view, the first
    /// line shown, and the store's lines.
    var rows = 1
    var width = 0
    var firstShown = 0
    var count = 0
    var first = 0
    var frame = Rect.zero
    /// What RowViewport's row reconciliation is given (it does not read it).
    let placeholder = ListViewport()

    required init() {}

    /// Keeps the top line among the lines stored.
    func sync(count: Int, first: Int) {
        self.count = count
        self.first = first
        if !isFollowing { top = Swift.max(first, Swift.min(top, first + count - 1)) }
    }

    /// Scrolls by `lines` (negative: up); reaching the last page follows again.
    func scroll(by lines: Int) {
        let from = isFollowing ? firstShown : top
        let target = Swift.max(first, Swift.min(from + lines, first + count - 1))
        if target >= first + count - rows {
            isFollowing = true
        } else {
            isFollowing = false
            top = target
        }
    }

    func handle(_ press: KeyPress, store: LogStore, query: String) -> Bool {
        guard press.phase != .up else { return false }
        guard press.modifiers.subtracting([.capsLock, .numLock, .shift]).isEmpty else { return false }
        switch press.key {
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -Swift.max(1, rows - 1))
        case .pageDown: scroll(by: Swift.max(1, rows - 1))
        case .home:
            isFollowing = count <= rows
            top = first
        case .end: isFollowing = true
        case .left: column = Swift.max(0, column - LogView.horizontalStep)
        case .right: column += LogView.horizontalStep
        case .character("n"), .character("N"):
            guard !query.isEmpty else { return false }
            let forward = press.key == .character("n")
            let from = (isFollowing ? firstShown : top) - first
            var i = forward ? from + 1 : from - 1
            while i >= 0 && i < count {
                if !LogMatches.ranges(of: query, in: store.line(i).text).isEmpty {
                    isFollowing = false
                    top = first + i
                    if top >= first + count - rows { isFollowing = true }
                    return true
                }
                i += forward ? 1 : -1
            }
            return true
        default:
            return false
        }
        return true
    }

    func handle(_ event: MouseEvent) -> Bool {
        let f = frame
        guard event.column >= f.x, event.column < f.maxX, event.row >= f.y, event.row < f.maxY else { return false }
        switch event.kind {
        case .scrollUp: scroll(by: -3)
        case .scrollDown: scroll(by: 3)
        case .scrollLeft: column = Swift.max(0, column - LogView.horizontalStep)
        case .scrollRight: column += LogView.horizontalStep
        default: return false
        }
        return true
    }
}

/// Where a query occurs in a line.
enum LogMatches {
    /// The UTF-8 ranges of `query` in `text`, not overlapping; ASCII
    /// letters match either case.
    ///
    /// - Complexity: O(text × query) in the worst case.
    static func ranges(of query: String, in text: String) -> [Range<Int>] {
        let needle = Array(query.utf8)
        guard !needle.isEmpty else { return [] }
        var result: [Range<Int>] = []
        let hay = Array(text.utf8)
        guard hay.count >= needle.count else { return [] }
        @inline(__always) func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        var i = 0
        while i + needle.count <= hay.count {
            var k = 0
            while k < needle.count && fold(hay[i + k]) == fold(needle[k]) { k += 1 }
            if k == needle.count {
                result.append(i..<(i + k))
                i += k
            } else {
                i += 1
            }
        }
        return result
    }

    /// `runs` (or one plain run over `length` bytes) with `matches` drawn in `style`.
    static func highlight(_ runs: [Text.Run]?, length: Int, matches: [Range<Int>], style: Style) -> [Text.Run] {
        let base = runs ?? [Text.Run(end: length, style: .plain)]
        var result: [Text.Run] = []
        var start = 0
        var m = 0
        for run in base {
            var position = start
            while position < run.end {
                while m < matches.count && matches[m].upperBound <= position { m += 1 }
                if m < matches.count && matches[m].lowerBound <= position {
                    let end = Swift.min(run.end, matches[m].upperBound)
                    result.append(Text.Run(end: end, style: style.drawn(over: run.style)))
                    position = end
                } else {
                    let end = m < matches.count ? Swift.min(run.end, matches[m].lowerBound) : run.end
                    result.append(Text.Run(end: end, style: run.style))
                    position = end
                }
            }
            start = run.end
        }
        return result
    }
}

/// The lines of a log view on screen, built when the view is laid out
/// (only then is its height known), each keyed by its sequence number so a
/// line keeps its node while it scrolls.
struct LogViewport: PrimitiveView {
    var store: LogStore
    var wrapsLines: Bool
    var query: String
    var cursor: LogCursor

    static func _makeBehavior() -> NodeBehavior { LogViewportBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LogViewportBehavior.self)
        b.view = view
        graph.leafContentChanged(node)
    }

    /// The text of the `i`th line kept.
    func text(_ i: Int) -> Text {
        let line = store.line(i)
        var text = Text(line.text)
        text.wraps = wrapsLines
        if !query.isEmpty {
            let matches = LogMatches.ranges(of: query, in: line.text)
            if !matches.isEmpty {
                text.runs = LogMatches.highlight(line.runs, length: line.text.utf8.count, matches: matches,
                                                 style: LogView.matchStyle)
                return text
            }
        }
        text.runs = line.runs
        return text
    }
}

final class LogViewportBehavior: NodeBehavior {
    var view: LogViewport?
    /// What makes a line's text besides the line itself (the store held,
    /// so its address is not reused while compared).
    struct LineDrawing: Equatable {
        var store: LogStore
        var wrapsLines: Bool
        var query: String

        static func == (a: Self, b: Self) -> Bool {
            a.store === b.store && a.wrapsLines == b.wrapsLines && a.query == b.query
        }
    }
    /// How the lines shown were drawn (nil before the first layout).
    var linesDrawn: LineDrawing?
    /// A line appended while following moves the lines shown up: their cells are shifted, not repainted.
    let blit = ScrollBlit()

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // Greedy, as a list: the space offered, or a line's width by the lines.
        let lines = view?.store.count ?? 0
        return Size(width: proposal.width.map { $0 == .max ? 80 : $0 } ?? 80,
                    height: proposal.height.map { $0 == .max ? lines : $0 } ?? lines)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let view else { return }
        let cursor = view.cursor
        let count = view.store.count, first = view.store.firstSequence
        cursor.rows = Swift.max(1, rect.height)
        cursor.width = rect.width
        cursor.frame = rect
        cursor.sync(count: count, first: first)
        // Following: at most one line a row, from the end. Scrolled: from the top line.
        let range: Range<Int>
        if cursor.isFollowing {
            range = Swift.max(0, count - rect.height)..<count
        } else {
            let top = cursor.top - first
            range = top..<Swift.min(count, top + rect.height)
        }
        // A line never changes once appended, and its sequence number is
        // never given to another: while the lines are drawn the same way
        // (wrapping, the search), a line shown keeps its node unevaluated.
        let drawing = LineDrawing(store: view.store, wrapsLines: view.wrapsLines, query: view.query)
        var rows = RowViewport<Text>(count: count, row: { (ExplicitID(first + $0), view.text($0)) }, header: nil,
                                     columns: nil, viewport: cursor.placeholder)
        if drawing == linesDrawn { rows.stableKey = { ExplicitID(first + $0) } }
        linesDrawn = drawing
        var changed = false
        graph.containingLayoutMarks(of: node) {
            changed = RowViewport<Text>.reconcileRows(rows, range, node: node, graph: graph)
        }
        if changed { graph.refreshLayoutChildren(node) }
        let children = node.children
        var heights = [Int](repeating: 1, count: children.count)
        if view.wrapsLines {
            for (k, child) in children.enumerated() {
                heights[k] = Swift.max(1, graph.size(of: child, for: ProposedSize(width: rect.width, height: nil)).height)
            }
        }
        var ys = [Int](repeating: 0, count: children.count)
        if cursor.isFollowing {
            var y = rect.maxY
            for k in stride(from: children.count - 1, through: 0, by: -1) {
                y -= heights[k]
                ys[k] = y
            }
            // Fewer lines than rows: they start at the top.
            if y > rect.y { for k in ys.indices { ys[k] -= y - rect.y } }
        } else {
            var y = rect.y
            for k in children.indices {
                ys[k] = y
                y += heights[k]
            }
        }
        cursor.firstShown = first + range.lowerBound
        for k in children.indices where ys[k] + heights[k] > rect.y && ys[k] < rect.maxY {
            cursor.firstShown = first + range.lowerBound + k
            break
        }
        graph.placeScrolling(node, region: rect, blit: blit) {
            for (k, child) in children.enumerated() {
                guard ys[k] + heights[k] > rect.y, ys[k] < rect.maxY else {
                    graph.place(child, in: Rect(x: rect.x, y: rect.y, width: 0, height: 0))
                    continue
                }
                if view.wrapsLines {
                    graph.place(child, in: Rect(x: rect.x, y: ys[k], width: rect.width, height: heights[k]))
                } else {
                    let w = graph.size(of: child, for: ProposedSize(width: nil, height: 1)).width
                    graph.place(child, in: Rect(x: rect.x - cursor.column, y: ys[k], width: Swift.max(w, 0), height: 1))
                }
            }
        }
    }
}
