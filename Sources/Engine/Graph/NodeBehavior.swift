/// How a node measures, places its children and paints itself.
///
/// Primitive views create one behaviour object per node and update it in
/// place when their value changes; composite views share `TransparentBehavior`.
@MainActor
public class NodeBehavior {
    /// Contributes its children to the parent's layout instead of being laid out itself.
    /// Stored so the hot path reads a field instead of making a virtual call.
    final let isTransparent: Bool
    /// An ``InheritedStyleBehavior``: a transparent node that passes a style
    /// down (read by painting for every transparent node it walks through).
    final let passesStyle: Bool
    /// A ``TextBehavior`` whose content is not all ASCII, so it may draw
    /// two-column graphemes: painting must not cut it at a damage edge.
    /// Kept here, not only on the text, so that reclaiming a node tells
    /// whether to drop it from ``ViewGraph/wideTextNodes`` without a cast.
    @exclusivity(unchecked) final var mayHaveWideGraphemes = false
    /// How a stack sizes this node: asked (most nodes), or without asking
    /// (a spacer), or turned across the stack's axis first (a divider).
    final let stackRole: StackRole

    enum StackRole: UInt8 { case plain, spacer, divider }

    /// Paints nothing of its own, clips its children to its frame, passes
    /// down what it inherits and paints its children in layout order: what
    /// the defaults of ``paint(_:into:clip:inherited:)``,
    /// ``childClip(_:_:)``, ``inheritedForChildren(_:)`` and
    /// ``paintOrder(_:)`` do. Painting then makes none of those four calls.
    /// Set only by a final behaviour that overrides none of them (stacks).
    final let paintsOnlyChildren: Bool
    /// The behaviour is an ``EnvironmentWriterBehavior``: reading the
    /// environment looks for these on every ancestor, and a stored flag
    /// costs a load where a dynamic cast costs a metadata lookup.
    final let writesEnvironment: Bool

    /// The size for `proposal`. The default lays the children out as a
    /// vertical stack without spacing (a multi-view body in a single-child place).
    func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        StackLayout.size(axis: .vertical, spacing: 0, children: node.layoutChildren, proposal: proposal, graph: graph)
    }

    /// Places the children within `rect` (the node's own frame).
    func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        StackLayout.place(axis: .vertical, spacing: 0, alignment: .center, children: node.layoutChildren, in: rect,
                          graph: graph)
    }

    /// Paints the node's own content (not its children) within `clip`.
    /// `inherited` is what enclosing views passed down: its background is
    /// the colour an enclosing `.background` filled in (which text and lines
    /// with a default background show through), its foreground and
    /// attributes come from `.foregroundStyle`, `.bold()` and the like on an
    /// ancestor, for the text inside to take where it sets none of its own.
    func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {}

    /// Whether what ``paint(_:into:clip:inherited:)`` draws in `visible`
    /// (the node's frame within its clip) is the same on every row of
    /// `region`, a scrolling container's region the node is outside of, of
    /// which this paint covers `part` (the damaged region being painted
    /// there): a background filled across all of its rows, a border whose
    /// top and bottom lie outside it. The container's cells are then shifted
    /// by a scroll (``ScrollBlit``) with this node's paint among them;
    /// `false` makes the container repaint instead. The default paints
    /// nothing, so it is `true`; every behaviour that overrides `paint`
    /// overrides this too (`Fixtures/tools/check_paint_uniform.py` checks it).
    func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { true }

    /// Whether a node moved by a scroll must paint again even though its
    /// content did not change (an image, whose placement the encoder keeps
    /// where it last painted).
    var repaintsWhenMoved: Bool { false }

    /// Whether a fill of `node`'s `visible` part is the same on every row
    /// of `region`: its frame spans all of the region's rows, and nothing
    /// clips it within the rows of `part` being painted. (A fill that
    /// changed was damaged whole, so its `part` holds all its rows.)
    static func fillSpansRows(_ node: ViewNode, visible: Rect, of region: Rect, painted part: Rect) -> Bool {
        node.frame.y <= region.y && node.frame.maxY >= region.maxY && visible.y <= part.y && visible.maxY >= part.maxY
    }

    /// What its children inherit (see ``paint(_:into:clip:inherited:)``).
    /// Among transparent nodes only ``InheritedStyleBehavior`` (`passesStyle`)
    /// passes anything down: painting folds those without calling this.
    func inheritedForChildren(_ inherited: Style) -> Style { inherited }

    /// How eagerly a stack gives this node space (`.layoutPriority`).
    var layoutPriority: Double { 0 }

    /// The container ``View/containerRelativeFrame(_:alignment:)`` inside
    /// `child` (one of `node`'s children) measures with, if this node is one
    /// for it (a scroll view, a navigation stack, a split view's column, a
    /// list); `nil` (the default) looks further up.
    func relativeFrameContainer(for child: ViewNode, of node: ViewNode) -> RelativeFrameContainer? { nil }

    /// The order children paint in (later on top).
    func paintOrder(_ node: ViewNode) -> [ViewNode] { node.layoutChildren }

    /// The clip for children: by default the node's frame.
    func childClip(_ node: ViewNode, _ clip: Rect) -> Rect { clip.intersection(node.frame) }

    /// Reports every ``StyleID`` this behaviour keeps between frames, so
    /// that style-table compaction keeps them alive
    /// (``ViewGraph/forEachCachedStyleID(_:)``). A behaviour that caches an
    /// id must override this.
    func forEachStyleID(_ body: (StyleID) -> Void) {}

    /// The widths graphemes are measured with changed
    /// (``ViewGraph/graphemeWidthsChanged()``): drop what was measured with
    /// the old ones. Called only on behaviours with
    /// ``mayHaveWideGraphemes``.
    func graphemeWidthsChanged() {}

    init(transparent: Bool = false, passesStyle: Bool = false, stackRole: StackRole = .plain,
         paintsOnlyChildren: Bool = false, writesEnvironment: Bool = false) {
        isTransparent = transparent
        self.passesStyle = passesStyle
        self.stackRole = stackRole
        self.paintsOnlyChildren = paintsOnlyChildren
        self.writesEnvironment = writesEnvironment
    }
}

/// The behaviour of composite views and view lists: nothing of their own.
final class TransparentBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
    static let shared = TransparentBehavior()
}
