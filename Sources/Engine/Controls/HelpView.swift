/// The keys of the focused context, as Bubble Tea's help and Textual's
/// footer show them: one line in short form,
///
/// ```
/// ↑/↓ move • enter open • ctrl+s save • ? more
/// ```
///
/// cut to the width with `…` where the next binding would not fit; or, in
/// full form, columns of key and description.
///
/// ```swift
/// VStack {
///     content
///     HelpView()
/// }
/// ```
///
/// It lists what the focused view and its ancestors describe
/// (``View/keyHelp(_:_:)``, ``View/onKeyPress(_:help:action:)``), then the
/// keyboard shortcuts input can reach (a ``Button``'s shortcut is listed
/// with its title, ``View/keyboardShortcut(_:modifiers:help:action:)``
/// with its `help`); a key is listed once, the binding nearest the focus
/// winning. `?` switches between the short and the full form (the key is
/// a shortcut: a focused text field types it instead); it is listed last.
///
/// **Cost.** The bindings are collected after a frame's evaluation only
/// when focus moved, a binding was made, changed or left, or a modal came
/// or went; then the help is laid out and painted again, without
/// evaluating a body. A frame in which none of that happened costs one
/// comparison.
///
/// **Size.** Short form: one row, as wide as it is offered (ideally the
/// whole line). Full form: columns of at least four rows (more when the
/// columns would not fit the width), separated by four spaces.
public struct HelpView: View {
    var isExpanded: Binding<Bool>?
    @State private var expandedState = false

    /// A help that `?` switches between its short and full forms.
    public init() {}

    /// A help whose form follows `isExpanded` (`true`: the full form);
    /// `?` toggles it too.
    public init(isExpanded: Binding<Bool>) { self.isExpanded = isExpanded }

    public var body: some View {
        let toggle = isExpanded ?? $expandedState
        let expanded = toggle.wrappedValue
        return KeyHelpDisplay(isExpanded: expanded)
            .keyboardShortcut("?") { toggle.wrappedValue.toggle() }
    }
}

/// The help's lines: a leaf that the graph hands the collected bindings
/// to (``ViewGraph/refreshKeyHelp()``).
struct KeyHelpDisplay: PrimitiveView, Equatable {
    var isExpanded: Bool

    static func _makeBehavior() -> NodeBehavior { HelpDisplayBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: HelpDisplayBehavior.self)
        if !graph.isRegistered(node, for: .helpDisplay) {
            graph.register(node, for: .helpDisplay)
            // A new help is shown the bindings in this frame.
            graph.keyHelpChanged()
        }
        guard b.isExpanded != view.isExpanded else { return }
        b.isExpanded = view.isExpanded
        b.makeLines()
        graph.leafContentChanged(node)
        graph.markNeedsPaint(node)
    }
}

final class HelpDisplayBehavior: NodeBehavior {
    /// The bindings collected (``ViewGraph/collectKeyHelp()``).
    private var collected: [KeyHelpItem] = []
    /// What it shows: the bindings, then its own `?`.
    private(set) var items: [KeyHelpItem] = [KeyHelpItem(key: "?", description: "more")]
    var isExpanded = false
    init() { super.init(transparent: false) }

    /// Shows `items` (laid out and painted again when they differ).
    func show(_ items: [KeyHelpItem], node: ViewNode, graph: ViewGraph) {
        guard items != collected else { return }
        collected = items
        makeLines()
        graph.leafContentChanged(node)
        graph.markNeedsPaint(node)
    }

    /// The bindings, then the help's own `?` (last, as Bubble Tea's help
    /// lists it), unless a binding nearer the focus took `?`.
    func makeLines() {
        items = collected
        if !collected.contains(where: { $0.key == "?" }) {
            items.append(KeyHelpItem(key: "?", description: isExpanded ? "less" : "more"))
        }
    }

    static let separator = " • "
    static let ellipsis = " …"
    static let columnGap = 4

    /// How many of the items the short form shows in `width` cells, and
    /// whether the ellipsis follows them.
    func shortLine(width: Int) -> (count: Int, ellipsis: Bool) {
        var used = 0
        for (i, item) in items.enumerated() {
            let w = (i > 0 ? 3 : 0) + GraphemeWidth.width(of: item.key) + 1 + GraphemeWidth.width(of: item.description)
            if used + w > width {
                return (i, used + 2 <= width && i > 0)
            }
            used += w
        }
        return (items.count, false)
    }

    /// The width the short form takes showing every item.
    var shortWidth: Int {
        items.enumerated().reduce(0) { total, pair in
            total + (pair.offset > 0 ? 3 : 0) + GraphemeWidth.width(of: pair.element.key) + 1
                + GraphemeWidth.width(of: pair.element.description)
        }
    }

    /// The full form's columns for `width` (`nil`: unbounded): rows per
    /// column and, per column, its key width and total width.
    func columns(width: Int?) -> (rows: Int, columns: [(key: Int, total: Int)]) {
        let n = items.count
        guard n > 0 else { return (0, []) }
        var rows = Swift.min(n, 4)
        while true {
            var cols: [(key: Int, total: Int)] = []
            var start = 0
            while start < n {
                let slice = items[start..<Swift.min(start + rows, n)]
                let key = slice.map { GraphemeWidth.width(of: $0.key) }.max() ?? 0
                let desc = slice.map { GraphemeWidth.width(of: $0.description) }.max() ?? 0
                cols.append((key, key + 1 + desc))
                start += rows
            }
            let total = cols.reduce(0) { $0 + $1.total } + HelpDisplayBehavior.columnGap * (cols.count - 1)
            if width == nil || total <= width! || rows >= n { return (rows, cols) }
            rows += 1
        }
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let bounded: Int? = proposal.width.flatMap { $0 == .max ? nil : Swift.max($0, 0) }
        if isExpanded {
            let (rows, cols) = columns(width: bounded)
            let ideal = cols.reduce(0) { $0 + $1.total } + HelpDisplayBehavior.columnGap * Swift.max(cols.count - 1, 0)
            return Size(width: bounded.map { Swift.min($0, ideal) } ?? ideal, height: Swift.max(rows, 1))
        }
        return Size(width: bounded ?? shortWidth, height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        guard f.width > 0, f.height > 0, !items.isEmpty else { return }
        var keyStyle = inherited
        keyStyle.attributes.insert(.bold)
        var dimStyle = inherited
        dimStyle.attributes.insert(.dim)
        let key = canvas.styles.transientID(for: keyStyle)
        let plain = canvas.styles.transientID(for: inherited)
        let dim = canvas.styles.transientID(for: dimStyle)
        if isExpanded {
            let (rows, cols) = columns(width: f.width)
            var x = f.x
            for (c, col) in cols.enumerated() {
                for r in 0..<rows {
                    let i = c * rows + r
                    guard i < items.count, r < f.height else { break }
                    canvas.write(items[i].key, x: x, y: f.y + r, style: key, clip: clip)
                    canvas.write(items[i].description, x: x + col.key + 1, y: f.y + r, style: plain, clip: clip)
                }
                x += col.total + HelpDisplayBehavior.columnGap
            }
            return
        }
        let (count, ellipsis) = shortLine(width: f.width)
        var x = f.x
        for i in 0..<count {
            if i > 0 { x = canvas.write(HelpDisplayBehavior.separator, x: x, y: f.y, style: dim, clip: clip) }
            x = canvas.write(items[i].key, x: x, y: f.y, style: key, clip: clip) + 1
            x = canvas.write(items[i].description, x: x, y: f.y, style: plain, clip: clip)
        }
        if ellipsis { canvas.write(HelpDisplayBehavior.ellipsis, x: x, y: f.y, style: dim, clip: clip) }
    }
}
