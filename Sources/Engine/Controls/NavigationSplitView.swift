/// A view that shows two or three columns side by side — a sidebar, an
/// optional content column and a detail — and collapses into a stack of
/// them when it is too narrow: SwiftUI's `NavigationSplitView`.
///
/// ```swift
/// @State private var selected: Folder.ID?
///
/// NavigationSplitView {
///     List(folders, selection: $selected) { folder in Text(folder.name) }
///         .navigationTitle("Folders")
/// } detail: {
///     if let selected { FolderView(id: selected) } else { Text("Pick a folder") }
/// }
/// ```
///
/// The sidebar drives the detail the way SwiftUI's does: a
/// `List(selection:)` in the sidebar writes the selection the detail reads,
/// and a ``NavigationLink`` with a value in a selectable list's row selects
/// that row. A ``NavigationStack`` inside the detail column keeps its own
/// screens.
///
/// In a terminal:
/// - Columns are separated by a `│` rule. The sidebar and content columns
///   are as wide as their ``View/navigationSplitViewColumnWidth(_:)``
///   (ideal width; by default 24 cells for the sidebar, 30 for the content
///   column); the detail takes the rest. When the rest is narrower than the
///   detail's minimum, the other columns shrink towards their minimums.
/// - Each column is a ``View/focusSection()``: Tab and Shift-Tab go through
///   one column, then the next. Right (or Return), when the focused view
///   does not take it, moves focus into the next column; Left moves it
///   back, as the arrow keys move between a Mac's column views.
/// - **Collapsing.** When the view is narrower than the sum of every
///   column's minimum width plus one cell per rule (16 + 1 + 24 = 41 cells
///   for two default columns, 16 + 1 + 20 + 1 + 24 = 62 for three), it shows
///   one column at a time, as a ``NavigationStack`` does: a title bar on
///   top, Return or Right in a column (when its focused view does not take
///   the key), or a ``NavigationLink`` in it, pushes the next column; Esc,
///   Left or a click on `‹` pops back. Widening the view again shows the
///   columns side by side: every column keeps its state, and the app's
///   selection is untouched. Collapsed, the view shows the column last
///   opened with Return, Right or a link, so narrowing a window while
///   reading the detail keeps the detail on screen.
/// - `columnVisibility` hides the sidebar (`.doubleColumn` in three
///   columns, `.detailOnly`); hidden columns keep their state. The
///   terminal has no toolbar button to show them again: the app changes
///   the binding.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    var sidebar: Sidebar
    var content: Content?
    var detail: Detail
    var columnVisibility: Binding<NavigationSplitViewVisibility>?

    /// A three-column split view: sidebar, content and detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
                @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
    }

    /// A three-column split view whose visible columns follow
    /// `columnVisibility`.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, content: content, detail: detail)
        self.columnVisibility = columnVisibility
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``):
    /// the columns are erased there, so each is reconciled by code specialised for it.
    var resolvedBody: NavigationSplitHost {
        var columns = [AnyView(sidebar)]
        if let content { columns.append(AnyView(content)) }
        columns.append(AnyView(detail))
        return NavigationSplitHost(columns: columns, visibility: columnVisibility?.wrappedValue ?? .automatic)
    }
}

extension NavigationSplitView where Content == EmptyView {
    /// A two-column split view: sidebar and detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        content = nil
        self.detail = detail()
    }

    /// A two-column split view whose visible columns follow
    /// `columnVisibility`.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, detail: detail)
        self.columnVisibility = columnVisibility
    }
}

/// Which columns of a ``NavigationSplitView`` are shown side by side.
public struct NavigationSplitViewVisibility: Equatable, Hashable, Sendable, Codable {
    enum Kind: Int, Codable { case automatic, all, doubleColumn, detailOnly }
    let kind: Kind

    /// Every column.
    public static let all = Self(kind: .all)
    /// The content and detail columns of a three-column view; in a
    /// two-column view, both columns.
    public static let doubleColumn = Self(kind: .doubleColumn)
    /// The detail column alone.
    public static let detailOnly = Self(kind: .detailOnly)
    /// The view's own choice: in a terminal, every column.
    public static let automatic = Self(kind: .automatic)

    /// Whether column `index` of `count` is shown side by side.
    func shows(_ index: Int, of count: Int) -> Bool {
        switch kind {
        case .automatic, .all: true
        case .doubleColumn: count == 2 || index > 0
        case .detailOnly: index == count - 1
        }
    }
}

/// The width a column of a ``NavigationSplitView`` asks for, in cells.
struct NavigationSplitColumnWidth: Equatable {
    var min: Int
    var ideal: Int
    var max: Int

    /// The defaults of column `index` of `count`: sidebar 16…24…40, content
    /// column 20…30…50, detail at least 24.
    static func standard(_ index: Int, of count: Int) -> Self {
        if index == count - 1 { return Self(min: 24, ideal: 24, max: .max) }
        if index == 0 { return Self(min: 16, ideal: 24, max: 40) }
        return Self(min: 20, ideal: 30, max: 50)
    }
}

/// The width a split view's column asks for (the innermost
/// ``View/navigationSplitViewColumnWidth(_:)`` in it).
struct NavigationSplitColumnWidthKey: PreferenceKey {
    static var defaultValue: NavigationSplitColumnWidth? { nil }
}

extension View {
    /// Sets the width of the ``NavigationSplitView`` column this view is in,
    /// in cells (a fixed width: minimum, ideal and maximum alike).
    public consuming func navigationSplitViewColumnWidth(_ width: Int) -> some View {
        let w = Swift.max(1, width)
        return preference(key: NavigationSplitColumnWidthKey.self,
                          value: NavigationSplitColumnWidth(min: w, ideal: w, max: w))
    }

    /// Sets the minimum, ideal and maximum width of the
    /// ``NavigationSplitView`` column this view is in, in cells. The
    /// minimums decide when the split view collapses to one column.
    public consuming func navigationSplitViewColumnWidth(min: Int? = nil, ideal: Int, max: Int? = nil) -> some View {
        let lo = Swift.max(1, Swift.min(min ?? ideal, ideal))
        let hi = Swift.max(ideal, max ?? ideal)
        return preference(key: NavigationSplitColumnWidthKey.self,
                          value: NavigationSplitColumnWidth(min: lo, ideal: ideal, max: hi))
    }
}
