/// One row of a ``List``: the app's row view over the row's background
/// (the selection colour when selected), filling the list's width.
///
/// Equatable when its content is: moving the selection re-evaluates the
/// two rows whose background changed, not every row shown.
///
/// Public only so that an app's module sees its conformance to ``View``:
/// the engine is built with cross-module optimisation, and code specialised
/// there for the app's row type reaches an internal type's `_reconcile`
/// through its witness table, unspecialised, from there on (generic
/// metadata looked up per row, copies and `==` through value witnesses).
/// Its members stay internal; it is no API.
public struct ListRowView<Content: View>: PrimitiveView {
    var content: Content
    var background: Color

    public static func _makeBehavior() -> NodeBehavior { ListRowBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ListRowBehavior.self)
        b.setBackground(view.background, node: node, graph: graph)
        graph.reconcileOnlyChild(view.content, of: node)
    }

    /// The same row when its background is and its content says so (the
    /// content's own ``View/_isSame(_:_:)``, specialised for it: a row of
    /// `Text`s is compared by `Text`'s `==`, not through a conformance
    /// found at run time, which is what the conditional `Equatable` alone
    /// would give every row of every list).
    @inline(__always)
    public static func _isSame(_ a: Self, _ b: Self) -> Bool? {
        guard a.background == b.background else { return false }
        return Content._isSame(a.content, b.content)
    }
}

extension ListRowView: @MainActor Equatable where Content: Equatable {}

/// A row filled with its background colour, which its content paints over.
class RowBackgroundBehavior: NodeBehavior {
    var background = Color.default
    var style: StyleID = 0

    init() { super.init(transparent: false) }

    override func forEachStyleID(_ body: (StyleID) -> Void) { body(style) }

    /// A new background repaints the row, and lays out nothing.
    func setBackground(_ color: Color, node: ViewNode, graph: ViewGraph) {
        guard color != background else { return }
        background = color
        style = graph.canvas.styles.transientID(for: Style(background: color))
        graph.markNeedsPaint(node)
    }

    override func inheritedForChildren(_ inherited: Style) -> Style {
        guard background != .default else { return inherited }
        var s = inherited
        s.background = background
        return s
    }

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        NodeBehavior.fillSpansRows(node, visible: visible, of: region, painted: part)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        // A row without a colour of its own shows what is behind the list.
        guard self.background != .default else { return }
        canvas.fill(clip, with: .blank(style))
    }
}

final class ListRowBehavior: RowBackgroundBehavior {
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let content = ContentLayout.size(node, ProposedSize(width: proposal.width, height: nil), graph: graph)
        let width = proposal.width.map { $0 == .max ? content.width : $0 } ?? content.width
        return Size(width: width, height: Swift.max(1, content.height))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, alignment: .topLeading, graph: graph)
    }
}

/// One row of a ``Table`` (or its header): a text per column, placed in
/// the columns the table worked out, over the row's background.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct TableRowView: PrimitiveView, Equatable {
    var cells: [Text]
    var background: Color

    public static func _makeBehavior() -> NodeBehavior { TableRowBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TableRowBehavior.self)
        b.setBackground(view.background, node: node, graph: graph)
        for (k, cell) in view.cells.enumerated() {
            graph.reconcileChild(cell, of: node, slot: k, key: .position(k))
        }
        graph.trimChildren(of: node, to: view.cells.count)
    }
}

final class TableRowBehavior: RowBackgroundBehavior {
    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        Size(width: proposal.width.map { $0 == .max ? 0 : $0 } ?? 0, height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let table = node.parent?.behavior as? RowViewportBehavior, let viewport = table.viewport,
              let columns = table.columns else { return }
        let xs = viewport.columnX, widths = viewport.columnWidth
        for (k, cell) in node.children.enumerated() {
            guard k < xs.count, k < columns.count else {
                graph.place(cell, in: Rect(x: rect.x, y: rect.y, width: 0, height: 0))
                continue
            }
            let s = graph.size(of: cell, for: ProposedSize(width: widths[k], height: 1))
            let w = Swift.min(s.width, widths[k])
            let x = rect.x + xs[k] + columns[k].alignment.offset(child: w, in: widths[k])
            graph.place(cell, in: Rect(x: x, y: rect.y, width: w, height: Swift.min(1, rect.height)))
        }
    }
}
