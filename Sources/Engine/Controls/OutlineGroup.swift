/// A tree of data shown as rows that expand and collapse: each row is
/// indented by its depth, and a node with children (a non-nil `children`
/// collection, even an empty one) shows ▶ when collapsed and ▼ when expanded.
///
/// ```swift
/// struct FileItem: Identifiable {
///     let id: String
///     var children: [FileItem]?   // nil: a file
/// }
/// OutlineGroup(roots, children: \.children) { item in Text(item.id) }
/// ```
///
/// Standalone, an outline group is a focusable, scrolling view of its own:
/// its rows are a list's, without selection.
/// `List(_:children:selection:rowContent:)` shows the same tree with a
/// selection, and inside a list built from content (`List(selection:) {
/// OutlineGroup(…) }`, as in SwiftUI) the tree is a run of the list's rows.
///
/// It is lazy at any size: the rows shown are found by row number in an
/// index of the expanded nodes (see <doc:TreesAndLogs>), a node's children
/// are read only when it is expanded (so a tree can read a directory when
/// it is opened), and only the rows on screen are evaluated. Expanding a
/// node costs its children's count at most, never the tree's size.
/// Expanded nodes stay expanded across re-renders (they are kept at the
/// view's identity) and while a parent is collapsed.
///
/// Focused, Up/Down move a cursor; Right expands the cursor row (or goes
/// to its first child when expanded), Left collapses it (or goes to its
/// parent when collapsed or a leaf), Return and Space toggle it; a click on
/// the marker toggles that row.
public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable & Sendable, Content: View>: View {
    let data: OutlineItems<Data>
    let id: (Data.Element) -> ID
    let children: (Data.Element) -> Data?
    let content: (Data.Element) -> Content
    let selection: ListSelection<ID>
    @ControlModel private var model: OutlineModel<Data, ID>
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled

    init(data: OutlineItems<Data>, id: @escaping (Data.Element) -> ID, children: @escaping (Data.Element) -> Data?,
         selection: ListSelection<ID>, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.children = children
        self.selection = selection
        self.content = content
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    var resolvedBody: EventHandlerView<FocusableView<ListFace<OutlineRowLabel<Content>, ID>>> {
        let model = self.model, box = _model, selection = self.selection, isEnabled = self.isEnabled
        let index = model.prepare(data: data, id: id, children: children)
        if let write = model.sync(selection: selection) { box.afterFrame(write) }
        let content = self.content
        // Without a selection, the cursor row of a focused tree is marked
        // (as an empty set selection shows it).
        var marked = selection
        if case .none = selection { marked = .multiple(.constant([])) }
        return ListFace(
            count: index.count,
            row: { i in
                let shown = index.row(at: i)
                let marker: OutlineMarker =
                    shown.isExpanded ? .expanded : index.hasChildren(shown.element) ? .collapsed : .leaf
                return (index.id(shown.element),
                        OutlineRowLabel(depth: shown.depth, marker: marker, content: content(shown.element)))
            },
            selection: marked, cursor: model.cursor
        )
        .focusable()
        .onFocusedKey { press in
            guard model.handle(press, selection: selection) else { return .ignored }
            box.invalidate()
            return .handled
        }
        .onMouse { event in
            guard isEnabled, model.handle(event, selection: selection) else { return .ignored }
            box.invalidate()
            return .handled
        }
    }
}

extension OutlineGroup where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A tree of `Identifiable` data whose children are at the key path
    /// `children` (nil: a leaf).
    public init(_ data: Data, children: KeyPath<Data.Element, Data?>,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: .many(data), id: { $0.id }, children: rowID(children), selection: .none, content: content)
    }

    /// A tree of `Identifiable` data with one root, `root`, whose children
    /// are at the key path `children` (nil: a leaf).
    ///
    /// ```swift
    /// OutlineGroup(home, children: \.children) { item in Text(item.name) }
    /// ```
    public init<DataElement>(_ root: DataElement, children: KeyPath<DataElement, Data?>,
                             @ViewBuilder content: @escaping (DataElement) -> Content)
    where DataElement == Data.Element {
        self.init(data: .one(root), id: { $0.id }, children: rowID(children), selection: .none, content: content)
    }

}

extension OutlineGroup {
    /// A tree of `data` identified by the key path `id`, whose children
    /// are at the key path `children` (nil: a leaf).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: .many(data), id: rowID(id), children: rowID(children), selection: .none, content: content)
    }

    /// A tree with one root, `root`, identified by the key path `id`, whose
    /// children are at the key path `children` (nil: a leaf).
    public init<DataElement>(_ root: DataElement, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
                             @ViewBuilder content: @escaping (DataElement) -> Content)
    where DataElement == Data.Element {
        self.init(data: .one(root), id: rowID(id), children: rowID(children), selection: .none, content: content)
    }
}

/// What a tree row shows before its content: nothing (a leaf), ▶ or ▼.
enum OutlineMarker: Equatable {
    case leaf, collapsed, expanded
}

/// A tree row: the indent for its depth and its marker, painted by the
/// row itself, and the app's row view placed after them (one node more than
/// the row view, whatever the depth).
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct OutlineRowLabel<Content: View>: PrimitiveView {
    var depth: Int
    var marker: OutlineMarker
    var content: Content

    public static func _makeBehavior() -> NodeBehavior { OutlineRowLabelBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: OutlineRowLabelBehavior.self)
        if b.depth != view.depth {
            b.depth = view.depth
            graph.markNeedsLayout(node)
        }
        if b.marker != view.marker {
            b.marker = view.marker
            graph.markNeedsPaint(node)
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }

    /// The same label when its depth and marker are and its content says so
    /// (as ``ListRowView/_isSame(_:_:)``).
    @inline(__always)
    public static func _isSame(_ a: Self, _ b: Self) -> Bool? {
        guard a.depth == b.depth, a.marker == b.marker else { return false }
        return Content._isSame(a.content, b.content)
    }
}

extension OutlineRowLabel: @MainActor Equatable where Content: Equatable {}

final class OutlineRowLabelBehavior: NodeBehavior {
    var depth = 0
    var marker = OutlineMarker.leaf

    init() { super.init(transparent: false) }

    /// Columns before the content: the indent and the marker.
    var lead: Int { (depth + 1) * OutlineModel<[Int], Int>.indent }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let inner = ProposedSize(width: proposal.width.map { $0 == .max ? $0 : Swift.max(0, $0 - lead) },
                                 height: proposal.height)
        let s = ContentLayout.size(node, inner, graph: graph)
        return Size(width: s.width + lead, height: Swift.max(1, s.height))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let lead = Swift.min(self.lead, rect.width)
        ContentLayout.place(node, in: Rect(x: rect.x + lead, y: rect.y, width: rect.width - lead, height: rect.height),
                            alignment: .topLeading, graph: graph)
    }

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        guard f.width > 0, f.height > 0, marker != .leaf else { return }
        let style = canvas.styles.transientID(for: inherited)
        let x = f.x + depth * OutlineModel<[Int], Int>.indent
        canvas.write(marker == .expanded ? "▼" : "▶", x: x, y: f.y, style: style, clip: clip)
    }
}
