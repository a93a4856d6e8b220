/// The stack itself: the title bar (slot 0), the root (slot 1) and the
/// screens over it (slots 2…), of which only the bar and the top are laid
/// out and painted.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct NavigationStackHost<Root: View>: PrimitiveView {
    var root: Root
    var rootToken: NavigationRootToken
    var entries: [NavigationEntry]
    var pushValue: @MainActor (AnyHashable) -> Void
    var pushView: @MainActor (AnyView) -> NavigationEntryKey?
    var pop: @MainActor (Int) -> Void

    public static func _makeBehavior() -> NodeBehavior { NavigationHostBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: NavigationHostBehavior.self)
        let context = b.context
        let keys = [NavigationEntryKey.root] + view.entries.map { $0.key }
        context.pushValue = view.pushValue
        context.pushView = view.pushView
        context.pop = view.pop
        context.keys = keys
        let reference = NavigationContextReference(context: context)
        // Directly in a split view's column: collapsed, its bar merges into the split view's.
        let link = graph.environmentValue(EnvironmentPaths.navigationSplitColumn, at: node)
        b.splitLink = link
        link.split?.adopt(node, column: link.column)
        if node.childNodes.isEmpty { reconcileBar(titles: [], node: node, graph: graph) }
        // Stacks inside the screens are not directly in the column.
        let noColumn = NavigationSplitColumnLink()
        // The root screen is the stack's `root`: evaluated again only when
        // the stack was given a new value. A push or a pop from inside
        // (a link, Esc, `dismiss`, the stack's own path) evaluates the stack
        // with the value it holds, and the screen below the top (its
        // closures compare unequal to themselves) is shown as it was.
        if b.rootToken !== view.rootToken || node.childNodes.count < 2 {
            graph.reconcileChild(NavigationScreen(content: view.root.environment(EnvironmentPaths.navigationContext, reference)
                                     .environment(EnvironmentPaths.navigationSplitColumn, noColumn)),
                                 of: node, slot: 1, key: .position(1))
            b.rootToken = view.rootToken
        }
        for (i, entry) in view.entries.enumerated() {
            let key = keys[i + 1]
            let content: AnyView
            switch entry {
            case .value(_, let value):
                content = context.destination(for: value)
            case .view(_, let pushed):
                content = pushed
            }
            // The same action for the screen's whole life: readers of
            // `\.dismiss` are not evaluated again for a new one.
            let dismiss = b.dismissActions[key] ?? DismissAction { [weak context] in context?.dismiss(key) }
            b.dismissActions[key] = dismiss
            let screen = content.environment(EnvironmentPaths.dismiss, dismiss).environment(EnvironmentPaths.navigationContext, reference)
                .environment(EnvironmentPaths.navigationSplitColumn, noColumn)
            // A screen keeps its node (and state) while its key stays; a
            // screen whose view is equal to the last is not evaluated.
            graph.reconcileChild(NavigationScreen(content: AnyView(screen)), of: node, slot: i + 2,
                                 discriminator: .explicit(ExplicitID(key)))
        }
        graph.trimChildren(of: node, to: keys.count + 1)
        let screens = Array(node.childNodes.dropFirst())
        graph.setCovered(Array(screens.dropLast()), by: node)
        let titles = screens.map { graph.reducedPreference(NavigationTitleKey.self, in: $0) ?? "" }
        reconcileBar(titles: titles, node: node, graph: graph)
        b.titles = titles
        graph.register(node, for: .preferenceChange)
        if b.keys != keys {
            if !b.keys.isEmpty { moveFocus(from: b.keys, to: keys, node: node, behavior: b, graph: graph) }
            b.keys = keys
            // Another screen is on top: the whole area is painted again (a
            // screen shown again keeps its frame, so placing it paints nothing).
            graph.markNeedsLayout(node)
            graph.markNeedsPaint(node)
        }
    }

    /// The title bar, in slot 0: `‹ ` when something can be popped, the
    /// titles below dimmed, the top's in bold.
    private static func reconcileBar(titles: [String], node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: NavigationHostBehavior.self)
        let context = b.context
        let depth = titles.count
        let bar = NavigationBar(titles: titles, canGoBack: depth > 1,
                                back: { [weak context] in context?.pop(depth - 1) })
        graph.reconcileChild(NavigationScreen(content: bar), of: node, slot: 0, key: .position(0))
    }

    /// A push sends focus to the new top's default focus and remembers
    /// where it was; a pop gives it back to the view that had it then.
    private static func moveFocus(from old: [NavigationEntryKey], to new: [NavigationEntryKey], node: ViewNode,
                                  behavior b: NavigationHostBehavior, graph: ViewGraph) {
        let common = zip(old, new).prefix { $0 == $1 }.count
        if new.count > common {
            b.focusBeforePush[new[common]] = WeakNode(graph.focusedNode)
            // The new top's default focus, not the window's: beside a
            // split view's sidebar, the sidebar is not covered.
            graph.requestFocusAfterFrame(nil, defaultWithin: node.childNodes.last)
        } else if common < old.count {
            graph.requestFocusAfterFrame(b.focusBeforePush[old[common]]?.node)
        }
        let live = Set(new)
        b.focusBeforePush = b.focusBeforePush.filter { live.contains($0.key) }
        b.dismissActions = b.dismissActions.filter { live.contains($0.key) }
    }
}

/// A node held weakly (where focus was when a screen was pushed).
struct WeakNode {
    weak var node: ViewNode?
    init(_ node: ViewNode?) { self.node = node }
}

final class NavigationHostBehavior: PreferenceObserving {
    let context = NavigationContext()
    /// The screens shown at the last evaluation, root first.
    var keys: [NavigationEntryKey] = []
    /// The titles the bar shows, root first.
    var titles: [String] = []
    /// Where focus was when each screen was pushed.
    var focusBeforePush: [NavigationEntryKey: WeakNode] = [:]
    /// Each screen's `\.dismiss`.
    var dismissActions: [NavigationEntryKey: DismissAction] = [:]
    /// The split view column the stack is directly in, if any.
    var splitLink = NavigationSplitColumnLink()
    /// Whether the last layout left the bar to the split view's.
    var isMerged = false
    /// The token of the root last reconciled (``NavigationRootToken``).
    var rootToken: NavigationRootToken?
    /// What ``View/containerRelativeFrame(_:alignment:)`` on a screen
    /// measures with: the area below the bar, once placed (before, its
    /// lengths are not known and a frame passes its proposal on; the
    /// placement then lays it out again).
    let container = RelativeFrameContainer()

    init() { super.init() }

    /// A screen's title changed in place: the bar follows (the stack is
    /// evaluated again; its screens are not).
    override func check(_ node: ViewNode, graph: ViewGraph) -> (() -> Void)? {
        let screens = node.childNodes.dropFirst()
        let titles = screens.map { graph.reducedPreference(NavigationTitleKey.self, in: $0) ?? "" }
        guard titles != self.titles else { return nil }
        return { graph.invalidate(node) }
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let units = node.layoutChildren
        guard units.count >= 2 else { return .zero }
        let bar = graph.size(of: units[0], for: ProposedSize(width: proposal.width, height: nil))
        let rest = proposal.height.map { $0 == .max ? $0 : Swift.max(0, $0 - bar.height) }
        let top = graph.size(of: units[units.count - 1], for: ProposedSize(width: proposal.width, height: rest))
        // Greedy, as SwiftUI's stack: all that is offered (the content's
        // size where the offer is unspecified or infinite).
        let width = proposal.width.flatMap { $0 == .max ? nil : $0 } ?? Swift.max(bar.width, top.width)
        let height = proposal.height.flatMap { $0 == .max ? nil : $0 } ?? bar.height + top.height
        return Size(width: width, height: height)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let units = node.layoutChildren
        guard units.count >= 2 else { return }
        // In a collapsed split view, on top: the split view's bar shows the titles.
        isMerged = splitLink.split?.merges(node, column: splitLink.column) ?? false
        let bar = isMerged ? .zero : graph.size(of: units[0], for: ProposedSize(width: rect.width, height: nil))
        let barHeight = Swift.min(bar.height, rect.height)
        graph.place(units[0], in: Rect(x: rect.x, y: rect.y, width: isMerged ? 0 : rect.width, height: barHeight))
        let area = Rect(x: rect.x, y: rect.y + barHeight, width: rect.width, height: rect.height - barHeight)
        container.setSize(ContainerSize(width: area.width, height: area.height), node: node, graph: graph)
        // Only the top screen is placed: the covered ones keep their frames
        // (shown again at the same size, they need no layout).
        let top = units[units.count - 1]
        let s = graph.size(of: top, for: ProposedSize(width: area.width, height: area.height))
        let w = Swift.min(s.width, area.width), h = Swift.min(s.height, area.height)
        graph.place(top, in: Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2,
                                  width: w, height: h))
    }

    override func relativeFrameContainer(for child: ViewNode, of node: ViewNode) -> RelativeFrameContainer? { container }

    override func paintOrder(_ node: ViewNode) -> [ViewNode] {
        let units = node.layoutChildren
        guard units.count >= 2 else { return units }
        return isMerged ? [units[units.count - 1]] : [units[0], units[units.count - 1]]
    }
}

/// One screen of a stack (or its title bar): laid out and painted as a
/// unit, so the stack shows or covers it whole.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct NavigationScreen<Content: View>: PrimitiveView {
    var content: Content

    public static func _makeBehavior() -> NodeBehavior { NavigationScreenBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// Lays its content out as a vertical stack and paints only its children
/// (the defaults).
final class NavigationScreenBehavior: NodeBehavior {
    init() { super.init(paintsOnlyChildren: true) }
}

/// The stack's title bar: `‹ Settings › Display` with the top title in bold,
/// then a divider.
struct NavigationBar: View {
    var titles: [String]
    var canGoBack: Bool
    /// Whether the bar shows (with `‹ ` alone) when something can be popped
    /// but no screen has a title: a collapsed split view's columns need a
    /// way back even without titles.
    var showsBack = false
    var back: @MainActor () -> Void

    var body: some View {
        let shown = titles.filter { !$0.isEmpty }
        if shown.isEmpty && !(showsBack && canGoBack) {
            EmptyView()
        } else {
            let top = titles.last ?? ""
            let below = (top.isEmpty ? shown : Array(shown.dropLast())).map { $0 + " › " }.joined()
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 0) {
                    if canGoBack { Text("‹ ").bold().onTapGesture(perform: back) }
                    if !below.isEmpty { Text(below).dim().lineLimit(1).truncationMode(.head) }
                    Text(top).bold().lineLimit(1).layoutPriority(1)
                    Spacer()
                }
                Divider()
            }
        }
    }
}
