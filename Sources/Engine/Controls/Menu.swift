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
/// keeps focus while open, like a sheet. Only the ``Button``s written in
/// `content` are listed; nested menus are not supported.
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

/// One row of a menu: a button written in its content.
struct MenuItem {
    var label: AnyView
    var role: ButtonRole?
    var action: () -> Void

    @MainActor
    static func items<Content: View>(of content: Content) -> [MenuItem] {
        ViewList(content).elements.compactMap { element in
            guard let source = element.value as? any DialogButtonSource else { return nil }
            let b = source.dialogButton
            return MenuItem(label: b.label, role: b.role, action: b.action)
        }
    }
}

/// The list a menu drops down: one focusable view that moves a highlight.
struct MenuList: View {
    var items: [MenuItem]
    var close: () -> Void
    @State private var selection = 0
    @Environment(\.theme) private var theme

    var body: some View {
        let items = self.items, close = self.close
        let selected = Swift.min(selection, Swift.max(items.count - 1, 0))
        let select = $selection
        func run(_ i: Int) {
            close()
            items[i].action()
        }
        return VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<items.count) { i in
                HStack(spacing: 0) {
                    Text(i == selected ? "▸ " : "  ")
                    items[i].label
                    Text(" ")
                }
                .foregroundStyle(items[i].role == .destructive ? theme.destructive : .default)
                .background(i == selected ? theme.selectionBackground : .default)
                .onTapGesture { run(i) }
            }
        }
        .focusable()
        .onFocusedKey { press in
            guard press.phase != .up, !items.isEmpty else { return .ignored }
            switch press.key {
            case .up: select.wrappedValue = Swift.max(selected - 1, 0)
            case .down: select.wrappedValue = Swift.min(selected + 1, items.count - 1)
            case .home: select.wrappedValue = 0
            case .end: select.wrappedValue = items.count - 1
            case .enter, .space: run(selected)
            default: return .ignored
            }
            return .handled
        }
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
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems)
        -> ContextMenuView<Self, MenuItems> {
        ContextMenuView(content: self, menuItems: menuItems())
    }
}
