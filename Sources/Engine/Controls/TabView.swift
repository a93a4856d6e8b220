/// Tabs: a bar of titles over the selected tab's content. Left/Right (or
/// a click on a title) switch while the bar is focused; Ctrl-PageUp and
/// Ctrl-PageDown switch from anywhere inside.
///
/// ```swift
/// TabView(selection: $tab, titles: ["Processes", "Logs"]) { index in
///     if index == 0 { ProcessList() } else { LogView() }
/// }
/// ```
///
/// Each tab's content has its own identity (`.id(index)`): its state starts
/// fresh when it is shown again.
public struct TabView<Content: View>: View {
    var selection: Binding<Int>
    var titles: [String]
    var content: (Int) -> Content

    public init(selection: Binding<Int>, titles: [String], @ViewBuilder content: @escaping (Int) -> Content) {
        self.selection = selection
        self.titles = titles
        self.content = content
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``):
    /// the selected tab's content is reconciled by code specialised for it.
    var resolvedBody: EventHandlerView<VStack<TupleView3<
        FocusableView<HStack<TupleView2<ForEach<Range<Int>, Int, TapGestureView<TabTitle>>, Spacer>>>,
        Divider, IDView<Content, Int>>>> {
        let selection = self.selection, count = titles.count
        let current = count == 0 ? 0 : min(max(selection.wrappedValue, 0), count - 1)
        func select(_ i: Int) -> KeyPress.Result {
            guard count > 0 else { return .ignored }
            selection.wrappedValue = min(max(i, 0), count - 1)
            return .handled
        }
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 0) {
                ForEach(0..<count) { i in
                    TabTitle(title: titles[i], isSelected: i == current)
                        .onTapGesture { _ = select(i) }
                }
                Spacer()
            }
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return .ignored }
                switch press.key {
                case .left: return select(current - 1)
                case .right: return select(current + 1)
                default: return .ignored
                }
            }
            Divider()
            content(current).id(current)
        }
        .onKeyPress(phases: .down) { press in
            guard press.modifiers == .control else { return .ignored }
            switch press.key {
            case .pageUp: return select((current + count - 1) % max(count, 1))
            case .pageDown: return select((current + 1) % max(count, 1))
            default: return .ignored
            }
        }
    }
}

struct TabTitle: View {
    var title: String
    var isSelected: Bool
    @Environment(\.isFocused) private var barFocused
    @Environment(\.theme) private var theme

    var body: some View {
        Text(" \(title) ")
            .bold(isSelected)
            .foregroundColor(isSelected ? (barFocused ? theme.focusForeground : .black) : .default)
            .backgroundColor(isSelected ? (barFocused ? theme.focusBackground : theme.tint) : .default)
    }
}

extension Text {
    func bold(_ on: Bool) -> Text { on ? bold() : self }
}
