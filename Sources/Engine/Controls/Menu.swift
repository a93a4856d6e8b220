/// A button that opens a list of its buttons below it.
///
/// ```swift
/// Menu("File") {
///     Button("Open") { open() }
///     Button("Save") { save() }
///     Button("Delete", role: .destructive) { delete() }
/// }
/// ```
///
/// It looks like a button with `▾` after its label; Enter, Space or a click
/// opens the list, which drops down below it (above it when there is no
/// room below). In the list Up and Down move, Enter (or a click on a row)
/// runs that button's action and closes the list, Esc closes it. The list
/// keeps focus while open, like a sheet. The ``Button``s written in
/// `content` are listed, and each `Menu` written in it is a submenu, as in
/// SwiftUI:
///
/// ```swift
/// Menu("File") {
///     Button("Open") { open() }
///     Menu("Export") {
///         Button("PDF") { export(.pdf) }
///         Button("HTML") { export(.html) }
///     }
/// }
/// ```
///
/// A submenu's row ends in `›`; Right, Enter or Space on it (or a click)
/// opens the submenu to the right of the list, its first row beside the
/// row that opened it, and the keys then move in the submenu; Left or Esc
/// closes it (one level), leaving the row that opened it highlighted. The
/// rows that lead to the open submenu keep a dim highlight. Hovering does
/// not open a submenu: most terminals report motion only with a button
/// held, so the mouse opens one with a click.
public struct Menu<Label: View, Content: View>: View {
    var label: Label
    var content: Content
    @State private var isOpen = false

    /// A menu of `content`'s buttons, shown as `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let open = $isOpen
        let items = MenuItem.items(of: content)
        return SheetPresenter(
            content: Button(action: { open.wrappedValue = true }) {
                HStack(spacing: 0) {
                    label
                    Text(" ▾")
                }
            },
            sheet: isOpen ? MenuList(items: items) { open.wrappedValue = false } : nil,
            dismiss: { open.wrappedValue = false }, dropsDown: true)
    }
}

extension Menu where Label == Text {
    /// A menu titled `title`.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// One row of a menu: a button written in its content, or a menu nested
/// in it (its rows in ``submenu``).
struct MenuItem {
    var label: AnyView
    var role: ButtonRole?
    var action: () -> Void
    /// The rows of a nested menu; nil for a button.
    var submenu: [MenuItem]?

    @MainActor
    static func items<Content: View>(of content: Content) -> [MenuItem] {
        ViewList(content).elements.compactMap { element in
            if let menu = element.value as? any SubmenuSource { return menu.submenuItem }
            guard let source = element.value as? any DialogButtonSource else { return nil }
            let b = source.dialogButton
            return MenuItem(label: b.label, role: b.role, action: b.action)
        }
    }
}

/// A view a menu lists as a submenu (a ``Menu`` in a menu's content).
@MainActor
protocol SubmenuSource {
    var submenuItem: MenuItem { get }
}

extension Menu: SubmenuSource {
    var submenuItem: MenuItem {
        MenuItem(label: AnyView(label), role: nil, action: {}, submenu: MenuItem.items(of: content))
    }
}

/// Where the keys are in an open menu: the highlighted row of the list and
/// of each open submenu, outermost first.
struct MenuPath: Equatable {
    var rows: [Int] = [0]

    /// The lists shown, outermost first: `items`, then each open submenu.
    /// Rows out of range (the items changed) are clamped, and a path into
    /// a row that is no longer a submenu is cut there.
    func levels(_ items: [MenuItem]) -> (lists: [[MenuItem]], rows: [Int]) {
        var lists = [items]
        var rows: [Int] = []
        for (k, r) in self.rows.enumerated() {
            let list = lists[k]
            let row = Swift.min(Swift.max(r, 0), Swift.max(list.count - 1, 0))
            rows.append(row)
            guard k + 1 < self.rows.count, row < list.count, let sub = list[row].submenu, !sub.isEmpty else { break }
            lists.append(sub)
        }
        return (lists, rows)
    }
}

/// The list a menu drops down, with its open submenus to its right: one
/// focusable view that moves a highlight (``MenuPath``).
struct MenuList: View {
    var items: [MenuItem]
    var close: () -> Void
    @State private var path = MenuPath()
    @Environment(\.theme) private var theme

    var body: some View {
        let items = self.items, close = self.close
        let (lists, rows) = path.levels(items)
        let setPath = $path
        func activate(level k: Int, row i: Int) {
            let item = lists[k][i]
            if let sub = item.submenu {
                // Opens the submenu (an empty one opens nothing).
                setPath.wrappedValue = MenuPath(rows: Array(rows.prefix(k)) + (sub.isEmpty ? [i] : [i, 0]))
            } else {
                close()
                item.action()
            }
        }
        return HStack(alignment: .top, spacing: 1) {
            ForEach(0..<lists.count) { k in
                MenuColumn(items: lists[k], selected: rows[k], isActive: k == lists.count - 1,
                           theme: theme) { i in activate(level: k, row: i) }
                    // A submenu's first row beside the row that opened it.
                    .padding(.top, rows.prefix(k).reduce(0, +))
            }
        }
        .focusable()
        .onFocusedKey { press in
            guard press.phase != .up, let list = lists.last, !list.isEmpty else { return .ignored }
            let k = lists.count - 1
            let selected = rows[k]
            @MainActor func select(_ row: Int) {
                var p = Array(rows.prefix(k))
                p.append(row)
                setPath.wrappedValue = MenuPath(rows: p)
            }
            switch press.key {
            case .up: select(Swift.max(selected - 1, 0))
            case .down: select(Swift.min(selected + 1, list.count - 1))
            case .home: select(0)
            case .end: select(list.count - 1)
            case .enter, .space: activate(level: k, row: selected)
            case .right:
                guard list[selected].submenu?.isEmpty == false else { return .ignored }
                activate(level: k, row: selected)
            case .left, .escape:
                // One level: the menu itself closes on Esc as a sheet does.
                guard k > 0 else { return .ignored }
                setPath.wrappedValue = MenuPath(rows: Array(rows.prefix(k)))
            default: return .ignored
            }
            return .handled
        }
    }
}

/// One list of an open menu: its rows, the highlighted one marked `▸`
/// (in the selection colour where the keys are, dim on the way to an open
/// submenu), a submenu's row ending in `›`.
struct MenuColumn: View {
    var items: [MenuItem]
    var selected: Int
    var isActive: Bool
    var theme: Theme
    var activate: (Int) -> Void

    var body: some View {
        let hasSubmenus = items.contains { $0.submenu != nil }
        return VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<items.count) { i in
                HStack(spacing: 0) {
                    Text(i == selected ? "▸ " : "  ")
                    items[i].label
                    if hasSubmenus {
                        // The `›`s line up at the column's right edge.
                        Spacer(minLength: 0)
                        Text(items[i].submenu != nil ? " ›" : "  ")
                    } else {
                        Text(" ")
                    }
                }
                .foregroundStyle(items[i].role == .destructive ? theme.destructive : .default)
                .background(i == selected
                    ? (isActive ? theme.selectionBackground : theme.inactiveSelectionBackground) : .default)
                .onTapGesture { activate(i) }
            }
        }
        .fixedSize()
    }
}

/// A view with a context menu (``View/contextMenu(menuItems:)``).
public struct ContextMenuView<Content: View, MenuItems: View>: View {
    var content: Content
    var menuItems: MenuItems
    @State private var isOpen = false

    public var body: some View {
        let open = $isOpen
        let items = MenuItem.items(of: menuItems)
        return SheetPresenter(
            content: TapGestureView(content: content, count: 1, action: { open.wrappedValue = true }, button: .right)
                .onEvent { event in
                    guard case .key(let press) = event, press.phase != .up, press.key == .function(10),
                          press.modifiers.subtracting([.capsLock, .numLock]) == .shift
                    else { return .ignored }
                    open.wrappedValue = true
                    return .handled
                },
            sheet: isOpen ? MenuList(items: items) { open.wrappedValue = false } : nil,
            dismiss: { open.wrappedValue = false }, dropsDown: true)
    }
}

extension View {
    /// Adds a context menu of the buttons in `menuItems`: a right click on
    /// the view, or Shift-F10 while focus is on it or inside it, opens it
    /// below the view (as ``Menu``'s list: Up, Down, Enter, Esc).
    ///
    /// Shift-F10 is the context-menu key of Windows and GTK; the keyboard's
    /// Menu key reaches a terminal app only under the kitty keyboard
    /// protocol, so it is not used. The mouse needs the app to ask for
    /// mouse reporting.
    public consuming func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems)
        -> ContextMenuView<Self, MenuItems> {
        ContextMenuView(content: self, menuItems: menuItems())
    }
}
