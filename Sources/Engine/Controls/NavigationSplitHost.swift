/// The split view itself: the title bar it shows when collapsed (slot 0),
/// then the columns with a rule between each two (column `i` in slot
/// `1 + 2i`, the rule after it in slot `2 + 2i`).
///
/// The same nodes serve both looks: layout decides from the width whether
/// the columns stand side by side or one of them is shown as the top of a
/// stack (the others are covered, as a ``NavigationStack`` covers the
/// screens below its top), so a column's state survives collapsing and
/// expanding.
struct NavigationSplitHost: PrimitiveView {
    var columns: [AnyView]
    var visibility: NavigationSplitViewVisibility

    static func _makeBehavior() -> NodeBehavior { NavigationSplitBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: NavigationSplitBehavior.self)
        let count = view.columns.count
        b.node = node
        if b.columnCount != count || b.visibility != view.visibility {
            b.columnCount = count
            b.visibility = view.visibility
            graph.markNeedsLayout(node)
            graph.markNeedsPaint(node)
        }
        b.depth = Swift.min(b.depth, count - 1)
        while b.contexts.count < count { b.contexts.append(NavigationContext()) }
        if node.childNodes.isEmpty { reconcileBar(titles: [], node: node, graph: graph) }
        for (i, column) in view.columns.enumerated() {
            let context = b.contexts[i]
            context.splitColumn = i
            context.pushValue = { [weak b, weak graph] _ in
                guard let b, let graph else { return }
                b.open(after: i, movingFocus: false, graph: graph)
            }
            context.pushView = { [weak b, weak graph] _ in
                guard let b, let graph else { return nil }
                b.open(after: i, movingFocus: false, graph: graph)
                return nil
            }
            // The detail has no links of its own to follow: a stack inside it does.
            let reference = i < count - 1 ? NavigationContextReference(context: context) : NavigationContextReference()
            let keys = NavigationSplitColumnKeys(
                index: i, split: b,
                content: column.environment(\.navigationContext, reference)
                    .environment(\.navigationSplitColumn, NavigationSplitColumnLink(split: b, column: i)))
            graph.reconcileChild(NavigationScreen(content: keys.focusSection()), of: node, slot: 1 + 2 * i,
                                 key: .position(1 + 2 * i))
            if i < count - 1 {
                graph.reconcileChild(NavigationScreen(content: NavigationSplitRule()), of: node, slot: 2 + 2 * i,
                                     key: .position(2 + 2 * i))
            }
        }
        graph.trimChildren(of: node, to: 2 * count)
        let titles = b.columnNodes(node).map { graph.reducedPreference(NavigationTitleKey.self, in: $0) ?? "" }
        b.titles = titles
        reconcileBar(titles: titles, node: node, graph: graph)
        graph.register(node, for: .preferenceChange)
    }

    /// The bar shown when collapsed: `‹ ` when a column can be popped, the
    /// titles of the columns below dimmed, the top's in bold.
    ///
    /// A stack in the column on top merges into it: the bar shows the
    /// stack's titles after the columns below, and `‹` pops the stack
    /// before the column (the stack shows no bar of its own).
    private static func reconcileBar(titles: [String], node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: NavigationSplitBehavior.self)
        let depth = b.depth
        var shown = Array(titles.prefix(depth + 1))
        let stack = b.mergedStack(graph: graph)
        b.mergedTitles = stack?.titles ?? []
        if let stack, !stack.titles.isEmpty { shown = Array(shown.dropLast()) + stack.titles }
        let stackDepth = stack?.titles.count ?? 0
        let bar = NavigationBar(titles: shown, canGoBack: depth > 0 || stackDepth > 1, showsBack: true,
                                back: { [weak b, weak graph, weak stack] in
                                    if let stack, stackDepth > 1 {
                                        stack.context.pop(stackDepth - 1)
                                        return
                                    }
                                    guard let b, let graph else { return }
                                    b.back(from: depth, movingFocus: false, graph: graph)
                                })
        graph.reconcileChild(NavigationScreen(content: bar), of: node, slot: 0, key: .position(0))
    }
}

/// A column's content with the keys that move between columns (Right,
/// Return, Left, Esc), seen when the focused view inside does not take them.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct NavigationSplitColumnKeys<Content: View>: PrimitiveView {
    var index: Int
    var split: NavigationSplitBehavior
    var content: Content

    public static func _makeBehavior() -> NodeBehavior { EventHandlerBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: EventHandlerBehavior.self)
        let index = view.index
        b.handler = { [weak split = view.split, weak graph] event in
            guard let split, let graph, case .key(let press) = event, press.phase != .up,
                  press.modifiers.isDisjoint(with: [.control, .option, .command, .shift])
            else { return .ignored }
            return split.handle(press.key, in: index, graph: graph) ? .handled : .ignored
        }
        graph.register(node, for: .eventHandling)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// The `│` between two columns (a divider in a row runs down it).
struct NavigationSplitRule: View, Equatable {
    var body: some View {
        HStack(spacing: 0) { Divider() }
    }
}

final class NavigationSplitBehavior: PreferenceObserving {
    weak var node: ViewNode?
    var columnCount = 0
    var visibility = NavigationSplitViewVisibility.automatic
    /// The column shown when collapsed (0: the sidebar): the last one
    /// opened.
    var depth = 0
    /// Whether the last layout showed one column at a time.
    var collapsed = false
    /// Each column's context: links in it open the next column.
    var contexts: [NavigationContext] = []
    /// The columns' titles, sidebar first.
    var titles: [String] = []
    /// Where focus was when each column was pushed (collapsed).
    var focusBeforePush: [Int: WeakNode] = [:]
    /// The navigation stack directly in each column, if any: collapsed,
    /// the one in the column on top merges its bar into the split view's.
    var stacks: [Int: WeakNode] = [:]
    /// The merged stack's titles the bar shows.
    var mergedTitles: [String] = []

    /// The stack at `node` is the outermost in `column`.
    func adopt(_ node: ViewNode, column: Int) {
        if stacks[column]?.node !== node { stacks[column] = WeakNode(node) }
    }

    /// Whether the stack at `node` merges its bar into the split view's:
    /// collapsed, its column on top.
    func merges(_ node: ViewNode, column: Int) -> Bool {
        collapsed && column == depth && stacks[column]?.node === node
    }

    /// The stack in the column on top, if it is in the tree.
    func mergedStack(graph: ViewGraph) -> NavigationHostBehavior? {
        guard let stack = stacks[depth]?.node, graph.isLive(stack) else { return nil }
        return stack.behavior as? NavigationHostBehavior
    }

    init() { super.init() }

    /// The column nodes, sidebar first.
    func columnNodes(_ node: ViewNode) -> [ViewNode] {
        let units = node.layoutChildren
        return stride(from: 1, to: units.count, by: 2).map { units[$0] }
    }

    /// The keys that move between columns; true when one did.
    func handle(_ key: Key, in column: Int, graph: ViewGraph) -> Bool {
        switch key {
        case .enter, .right:
            guard column < columnCount - 1 else { return false }
            return open(after: column, movingFocus: true, graph: graph)
        case .left:
            guard column > 0 else { return false }
            return back(from: column, movingFocus: true, graph: graph)
        case .escape:
            guard collapsed, column > 0 else { return false }
            return back(from: column, movingFocus: true, graph: graph)
        default:
            return false
        }
    }

    /// Opens the column after `column`: collapsed, it is pushed; side by
    /// side, focus moves into it (when `movingFocus`). Either way a later
    /// collapse shows it.
    @discardableResult
    func open(after column: Int, movingFocus: Bool, graph: ViewGraph) -> Bool {
        guard let node, column + 1 < columnCount else { return false }
        let wasCollapsed = collapsed
        if wasCollapsed { focusBeforePush[column + 1] = WeakNode(graph.focusedNode) }
        setDepth(column + 1, graph: graph)
        if wasCollapsed {
            graph.requestFocusAfterFrame(nil, defaultWithin: columnNodes(node)[column + 1])
            return true
        }
        guard movingFocus else { return false }
        return focusFirst(in: column + 1, step: 1, node: node, graph: graph)
    }

    /// Goes back from `column` to the one before it: collapsed, `column`
    /// is popped; side by side, focus moves into the one before.
    @discardableResult
    func back(from column: Int, movingFocus: Bool, graph: ViewGraph) -> Bool {
        guard let node, column > 0 else { return false }
        setDepth(column - 1, graph: graph)
        if collapsed {
            graph.requestFocusAfterFrame(focusBeforePush[column]?.node)
            focusBeforePush = focusBeforePush.filter { $0.key < column }
            return true
        }
        guard movingFocus else { return false }
        return focusFirst(in: column - 1, step: -1, node: node, graph: graph)
    }

    private func setDepth(_ depth: Int, graph: ViewGraph) {
        guard depth != self.depth, let node else { return }
        self.depth = depth
        // The bar follows; when collapsed, another column is on top.
        graph.invalidate(node)
        graph.markNeedsLayout(node)
        graph.markNeedsPaint(node)
    }

    /// Focuses the first view that can take focus in column `index`, or
    /// the next shown column in the direction of `step`.
    private func focusFirst(in index: Int, step: Int, node: ViewNode, graph: ViewGraph) -> Bool {
        let columns = columnNodes(node)
        var i = index
        let order = graph.focusOrder()
        while i >= 0 && i < columns.count {
            if let target = order.first(where: { graph.isDescendant($0, of: columns[i]) }) {
                graph.focus(target)
                return true
            }
            i += step
        }
        return false
    }

    /// A column's title changed in place: the bar follows; its width
    /// changed: the columns are laid out again.
    override func check(_ node: ViewNode, graph: ViewGraph) -> (() -> Void)? {
        let columns = columnNodes(node)
        let widths = widths(columns, graph: graph)
        if widths != lastWidths {
            let first = lastWidths.isEmpty
            lastWidths = widths
            if !first {
                graph.markNeedsLayout(node)
                graph.markNeedsPaint(node)
            }
        }
        let titles = columns.map { graph.reducedPreference(NavigationTitleKey.self, in: $0) ?? "" }
        let merged = mergedStack(graph: graph)?.titles ?? []
        guard titles != self.titles || merged != mergedTitles else { return nil }
        return { graph.invalidate(node) }
    }

    /// The widths the columns asked for when last checked.
    private var lastWidths: [NavigationSplitColumnWidth] = []

    /// The widths the columns ask for.
    private func widths(_ columns: [ViewNode], graph: ViewGraph) -> [NavigationSplitColumnWidth] {
        columns.enumerated().map { i, column in
            (graph.reducedPreference(NavigationSplitColumnWidthKey.self, in: column) ?? nil)
                ?? .standard(i, of: columns.count)
        }
    }

    /// The width under which the view collapses: every column's minimum
    /// and a cell per rule.
    func collapseWidth(_ columns: [ViewNode], graph: ViewGraph) -> Int {
        widths(columns, graph: graph).reduce(0) { $0 + $1.min } + Swift.max(0, columns.count - 1)
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let columns = columnNodes(node)
        guard !columns.isEmpty else { return .zero }
        // Greedy, as SwiftUI's: all that is offered (the columns' ideal
        // widths and tallest height where the offer is unspecified).
        let ideal = widths(columns, graph: graph).enumerated().reduce(columns.count - 1) { sum, item in
            sum + (item.offset == columns.count - 1 ? item.element.min : item.element.ideal)
        }
        let width = proposal.width.flatMap { $0 == .max ? nil : $0 } ?? ideal
        let height = proposal.height.flatMap { $0 == .max ? nil : $0 }
            ?? columns.map { graph.size(of: $0, for: ProposedSize(width: nil, height: nil)).height }.max() ?? 0
        return Size(width: width, height: height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let units = node.layoutChildren
        let columns = columnNodes(node)
        guard units.count == 2 * columns.count, !columns.isEmpty else { return }
        let hidden = Rect(x: rect.x, y: rect.y, width: 0, height: 0)
        let isCollapsed = rect.width < collapseWidth(columns, graph: graph)
        var shown: [ViewNode] = []
        // Known before the columns are placed: a stack in the column on
        // top asks whether it merges its bar into this one.
        let wasCollapsed = collapsed
        collapsed = isCollapsed
        if isCollapsed {
            let bar = graph.size(of: units[0], for: ProposedSize(width: rect.width, height: nil))
            let barHeight = Swift.min(bar.height, rect.height)
            graph.place(units[0], in: Rect(x: rect.x, y: rect.y, width: rect.width, height: barHeight))
            let topIndex = Swift.min(depth, columns.count - 1)
            let top = columns[topIndex]
            for unit in units.dropFirst() where unit !== top { graph.place(unit, in: hidden) }
            place(column: topIndex, top,
                  in: Rect(x: rect.x, y: rect.y + barHeight, width: rect.width, height: rect.height - barHeight),
                  node: node, graph: graph)
            shown = [units[0], top]
        } else {
            graph.place(units[0], in: hidden)
            let visible = columns.indices.filter { visibility.shows($0, of: columns.count) }
            let w = allot(rect.width, to: visible, widths: widths(columns, graph: graph))
            var x = rect.x
            for (n, i) in visible.enumerated() {
                let width = w[n]
                place(column: i, columns[i], in: Rect(x: x, y: rect.y, width: width, height: rect.height), node: node,
                      graph: graph)
                shown.append(columns[i])
                x += width
                if n < visible.count - 1 {
                    // The rule after column i (its slot follows the column's).
                    let rule = units[2 * i + 2]
                    graph.place(rule, in: Rect(x: x, y: rect.y, width: 1, height: rect.height))
                    shown.append(rule)
                    x += 1
                }
            }
            for unit in units.dropFirst() where !shown.contains(where: { $0 === unit }) { graph.place(unit, in: hidden) }
        }
        let covered = columns.filter { column in !shown.contains { $0 === column } }
        graph.setCovered(covered, by: node)
        if isCollapsed != wasCollapsed {
            // Another look: the whole area is painted again.
            graph.markNeedsPaint(node)
        }
        shownUnits = shown
    }

    /// The units painted at the last layout.
    private var shownUnits: [ViewNode] = []

    /// What ``View/containerRelativeFrame(_:alignment:)`` in each column
    /// measures with: the column's area (below the bar when collapsed).
    private var columnContainers: [RelativeFrameContainer] = []

    override func relativeFrameContainer(for child: ViewNode, of node: ViewNode) -> RelativeFrameContainer? {
        // Columns are the units at odd positions (a rule follows each).
        let units = node.layoutChildren
        guard let i = units.firstIndex(where: { $0 === child }), i % 2 == 1 else { return nil }
        return columnContainer((i - 1) / 2)
    }

    private func columnContainer(_ index: Int) -> RelativeFrameContainer {
        while columnContainers.count <= index { columnContainers.append(RelativeFrameContainer()) }
        return columnContainers[index]
    }

    /// Places column `index`'s screen in `rect`, its content centred in it
    /// (as SwiftUI centres a column's content), after giving the frames
    /// inside it `rect`'s size as their container's.
    private func place(column index: Int, _ column: ViewNode, in rect: Rect, node: ViewNode, graph: ViewGraph) {
        columnContainer(index).setSize(ContainerSize(width: rect.width, height: rect.height), node: node, graph: graph)
        let s = graph.size(of: column, for: ProposedSize(width: rect.width, height: rect.height))
        let w = Swift.min(s.width, rect.width), h = Swift.min(s.height, rect.height)
        graph.place(column, in: Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2,
                                     width: w, height: h))
    }

    /// The widths of the `visible` columns in `total` cells: each but the
    /// last at its ideal width, the last (the detail) the rest; when the
    /// rest is under the detail's minimum, the others shrink towards
    /// theirs, the sidebar first.
    private func allot(_ total: Int, to visible: [Int], widths: [NavigationSplitColumnWidth]) -> [Int] {
        guard let last = visible.last else { return [] }
        var w = visible.dropLast().map { widths[$0].ideal }
        let rules = visible.count - 1
        var rest = total - rules - w.reduce(0, +)
        var n = 0
        while rest < widths[last].min && n < w.count {
            let give = Swift.min(widths[last].min - rest, w[n] - widths[visible[n]].min)
            if give > 0 {
                w[n] -= give
                rest += give
            }
            n += 1
        }
        return w + [Swift.max(0, rest)]
    }

    override func paintOrder(_ node: ViewNode) -> [ViewNode] { shownUnits }
}
