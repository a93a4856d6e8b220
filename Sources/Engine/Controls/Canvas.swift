/// A view you draw into with code: points, lines, rectangles, circles and
/// text on a grid of dots finer than a cell — SwiftUI's `Canvas`, in a
/// terminal's terms.
///
/// ```swift
/// Canvas { context, size in                  // size: in dots
///     for (i, v) in samples.enumerated() {
///         context.point(x: i, y: size.height - 1 - Int(v * Double(size.height - 1)), with: .green)
///     }
/// }
/// .frame(height: 8)
///
/// Canvas(resolution: .halfBlock) { context, size in
///     context.fill(Rect(x: 0, y: 0, width: size.width, height: size.height / 2), with: .blue)
/// }
/// ```
///
/// The grid is braille (2 × 4 dots a cell) by default, or half blocks or
/// whole cells (``CanvasResolution``); `size` is the grid's size in dots
/// (the canvas's frame in cells times the dots per cell). A cell shows in
/// the colour of the last dot drawn in it (see ``GraphicsContext``).
///
/// **Size.** Like SwiftUI's, a canvas takes the space it is offered (any
/// width and height, 0 when asked for its ideal size): give it a
/// `.frame`. It is clipped to its frame, and draws at most 1,024 × 1,024
/// cells.
///
/// **When the drawing runs.** The closure is not `Equatable`, so it runs
/// each time the view is re-evaluated (its parent's body ran again), and
/// again when the canvas's size changes; a canvas whose parent is not
/// re-evaluated is not drawn again. Only the cells whose dots, colours or
/// text changed are repainted, and the frame's diff writes only the cells
/// that differ on screen: a canvas where one point moves costs two cells
/// of output.
public struct Canvas: PrimitiveView {
    /// How finely cells are divided into dots.
    public var resolution: CanvasResolution
    var renderer: (inout GraphicsContext, Size) -> Void

    /// A canvas drawn by `renderer`, which receives the context to draw
    /// into and the grid's size in dots.
    public init(
        resolution: CanvasResolution = .braille, renderer: @escaping (inout GraphicsContext, Size) -> Void
    ) {
        self.resolution = resolution
        self.renderer = renderer
    }

    public static func _makeBehavior() -> NodeBehavior { CanvasBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: CanvasBehavior.self)
        b.renderer = view.renderer
        b.theme = graph.environmentValue(\.theme, at: node)
        let cells = Size(width: node.frame.width, height: node.frame.height)
        guard b.drawn != nil, b.resolution == view.resolution, b.drawnCells == cells else {
            // Not drawn yet, or at another size: drawn whole when painted.
            b.resolution = view.resolution
            b.isStale = true
            graph.markNeedsPaint(node)
            return
        }
        b.draw(cells: cells)
        b.forEachChangedRow { row, first, last in
            graph.markNeedsPaint(
                node, region: Rect(x: node.frame.x + first, y: node.frame.y + row, width: last - first, height: 1))
        }
    }
}

/// A canvas's node: its last drawing, kept to find what changed and to
/// paint from. Subclassed by ``ChartPlotBehavior``, which draws a chart's
/// plan instead of a closure and keeps its drawing from frame to frame.
class CanvasBehavior: NodeBehavior {
    var renderer: ((inout GraphicsContext, Size) -> Void)?
    var resolution = CanvasResolution.braille
    var theme = Theme.standard
    /// The last drawing, and the one before it (kept to reuse its storage
    /// and to find the cells that changed).
    var drawn: GraphicsContext?
    var previous: GraphicsContext?
    /// The drawing no longer matches the view: draw again before painting.
    var isStale = true
    /// One row of cells as painted (reused).
    private var run: [Cell] = []

    var drawnCells: Size { drawn?.cells ?? Size(width: -1, height: -1) }

    init() { super.init(transparent: false) }

    /// Runs the drawing closure at `cells`, keeping the last drawing as ``previous``.
    func draw(cells: Size) {
        var context = previous ?? GraphicsContext(resolution: resolution, cells: cells, theme: theme)
        previous = drawn
        if context.resolution == resolution && context.cells == cells {
            context.clear()
            context.theme = theme
        } else {
            context = GraphicsContext(resolution: resolution, cells: cells, theme: theme)
        }
        render(into: &context)
        drawn = context
        isStale = false
    }

    /// Draws the whole picture into `context`, which is empty.
    func render(into context: inout GraphicsContext) {
        renderer?(&context, context.size)
    }

    /// Calls `body` with each row (relative to the frame) whose cells differ
    /// between ``previous`` and ``drawn``, and the columns from the first to
    /// past the last that differ. Text is compared as a whole: the rows
    /// where either drawing has text are reported whole when the texts differ.
    func forEachChangedRow(_ body: (Int, Int, Int) -> Void) {
        guard let new = drawn, let old = previous, new.cells == old.cells, new.resolution == old.resolution else {
            return
        }
        let width = new.cells.width
        guard width > 0 else { return }
        let texts = new.texts == old.texts ? nil : Set((new.texts + old.texts).map(\.row))
        let halves = new.resolution == .halfBlock
        for row in 0..<new.cells.height {
            if let texts, texts.contains(row) {
                body(row, 0, width)
                continue
            }
            let base = row * width
            // Most rows are unchanged: compared as memory first.
            if rowsEqual(new.masks, old.masks, base, width) && rowsEqual(new.colors, old.colors, base, width)
                && (!halves || rowsEqual(new.lowerColors, old.lowerColors, base, width))
            {
                continue
            }
            var first = -1, last = -1
            for column in 0..<width {
                let i = base + column
                if new.masks[i] != old.masks[i] || new.colors[i] != old.colors[i]
                    || (halves && new.lowerColors[i] != old.lowerColors[i])
                {
                    if first < 0 { first = column }
                    last = column
                }
            }
            if first >= 0 { body(row, first, last + 1) }
        }
    }

    /// Whether `a[start..<start + count]` and `b`'s are the same bytes (for
    /// plain values, such as dot masks and colours, the same values).
    @inline(__always)
    private func rowsEqual<T>(_ a: [T], _ b: [T], _ start: Int, _ count: Int) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                Platform.bytesEqual(x.baseAddress! + start, y.baseAddress! + start, count: count * MemoryLayout<T>.stride)
            }
        }
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // All that is offered (`.max` too, as a flexible frame would take);
        // nothing for an ideal-size question.
        Size(width: Swift.max(0, proposal.width ?? 0), height: Swift.max(0, proposal.height ?? 0))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let frame = node.frame
        let cells = Size(width: frame.width, height: frame.height)
        if isStale || drawnCells != cells { draw(cells: cells) }
        guard let context = drawn else { return }
        let area = clip.intersection(frame).intersection(
            Rect(x: frame.x, y: frame.y, width: context.cells.width, height: context.cells.height))
        guard !area.isEmpty else { return }
        var styles = CellStyles(table: canvas.styles, inherited: inherited)
        let width = context.cells.width
        if run.count < width { run = Array(repeating: .blank(), count: width) }
        for y in area.y..<area.maxY {
            let base = (y - frame.y) * width
            var start = -1
            for x in area.x..<area.maxX {
                let column = x - frame.x
                let i = base + column
                let mask = context.masks[i]
                if mask != 0 {
                    run[column] = cell(mask, i, context, &styles)
                    if start < 0 { start = column }
                } else if start >= 0 {
                    canvas.putNarrow(run, start..<column, x: frame.x, y: y)
                    start = -1
                }
            }
            if start >= 0 { canvas.putNarrow(run, start..<(area.maxX - frame.x), x: frame.x, y: y) }
        }
        for label in context.texts {
            let style = styles.id(label.color, inherited.background)
            canvas.write(label.text, x: frame.x + label.column, y: frame.y + label.row, style: style, clip: area)
        }
    }

    /// The cell that shows `mask`, cell `i` of `context`.
    @inline(__always)
    private func cell(_ mask: UInt8, _ i: Int, _ context: GraphicsContext, _ styles: inout CellStyles) -> Cell {
        switch context.resolution {
        case .braille:
            return Cell(scalar: 0x2800 + UInt32(mask), width: 1, style: styles.id(context.colors[i], styles.background))
        case .cell:
            return Cell(scalar: 0x2588, width: 1, style: styles.id(context.colors[i], styles.background))
        case .halfBlock:
            let upper = styles.color(context.colors[i]), lower = styles.color(context.lowerColors[i])
            switch mask {
            case 1: return Cell(scalar: 0x2580, width: 1, style: styles.id(upper, styles.background))  // ▀
            case 2: return Cell(scalar: 0x2584, width: 1, style: styles.id(lower, styles.background))  // ▄
            default:
                if upper == lower { return Cell(scalar: 0x2588, width: 1, style: styles.id(upper, styles.background)) }
                // The terminal's default foreground cannot be a background:
                // the half in it is the glyph's.
                return lower == .default
                    ? Cell(scalar: 0x2584, width: 1, style: styles.id(lower, upper))  // ▄ over the upper colour
                    : Cell(scalar: 0x2580, width: 1, style: styles.id(upper, lower))  // ▀ over the lower colour
            }
        }
    }
}

/// Style ids for a canvas's cells while it paints: the inherited
/// foreground where a dot's colour is the default, the inherited
/// background and attributes, and the last id looked up remembered (runs of
/// one colour are the common case).
private struct CellStyles {
    let table: StyleTable
    let inherited: Style
    var background: Color { inherited.background }
    private var last: (foreground: Color, background: Color, id: StyleID)?

    init(table: StyleTable, inherited: Style) {
        self.table = table
        self.inherited = inherited
    }

    @inline(__always)
    func color(_ c: Color) -> Color { c == .default ? inherited.foreground : c }

    @inline(__always)
    mutating func id(_ foreground: Color, _ background: Color) -> StyleID {
        let fg = color(foreground)
        if let last, last.foreground == fg, last.background == background { return last.id }
        let id = table.transientID(
            for: Style(foreground: fg, background: background, attributes: inherited.attributes))
        last = (fg, background, id)
        return id
    }
}
