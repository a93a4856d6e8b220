/// Shows the first of its views whose ideal size fits the space offered
/// along `axes`, or the last one when none fits.
///
/// As SwiftUI's documentation puts it, `ViewThatFits` "selects the first
/// child whose ideal size on the constrained axes fits within the proposed
/// size". Each view is asked for its ideal size along `axes` (a `nil`
/// proposal there) and for the offered size across them; the choice is
/// made again for every new proposal, so a resize can pick another view.
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     Text("Downloading 3 of 10 files")
///     Text("3/10")
/// }
/// ```
///
/// The views not chosen keep their nodes and state; they are placed with an
/// empty frame and draw nothing. When none fits, the last is shown (SwiftUI
/// leaves this case unspecified; the last, usually the smallest, is the one
/// most likely to show something useful).
public struct ViewThatFits<Content: View>: SingleContentView {
    public var axes: Axis.Set
    public var content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    static func makeBehavior() -> ViewThatFitsBehavior { ViewThatFitsBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: ViewThatFitsBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(axes, &b.axes, node: node)
    }
}

final class ViewThatFitsBehavior: NodeBehavior {
    var axes: Axis.Set = [.horizontal, .vertical]
    init() { super.init(paintsOnlyChildren: true) }

    /// The index of the child shown for `proposal`.
    private func choice(_ children: [ViewNode], _ proposal: ProposedSize, graph: ViewGraph) -> Int {
        let horizontal = axes.contains(.horizontal), vertical = axes.contains(.vertical)
        let ideal = ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        for (i, child) in children.enumerated().dropLast() {
            let s = graph.size(of: child, for: ideal)
            if horizontal, let w = proposal.width, s.width > w { continue }
            if vertical, let h = proposal.height, s.height > h { continue }
            return i
        }
        return children.count - 1
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let children = node.layoutChildren
        guard !children.isEmpty else { return .zero }
        return graph.size(of: children[choice(children, proposal, graph: graph)], for: proposal)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let children = node.layoutChildren
        guard !children.isEmpty else { return }
        let shown = choice(children, ProposedSize(width: rect.width, height: rect.height), graph: graph)
        for (i, child) in children.enumerated() where i != shown {
            graph.place(child, in: Rect(x: rect.x, y: rect.y, width: 0, height: 0))
        }
        let child = children[shown]
        let s = graph.size(of: child, for: ProposedSize(width: rect.width, height: rect.height))
        let w = Swift.min(s.width, rect.width), h = Swift.min(s.height, rect.height)
        graph.place(child, in: Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2,
                                    width: w, height: h))
    }
}
