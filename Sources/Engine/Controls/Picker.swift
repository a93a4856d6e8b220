/// Chooses one of several values. Its content lists the options, each
/// tagged with the value it stands for; `.pickerStyle(_:)` chooses the look.
///
/// ```swift
/// Picker("Size", selection: $size) {
///     Text("Small").tag(Size.small)
///     Text("Medium").tag(Size.medium)
///     Text("Large").tag(Size.large)
/// }
/// .pickerStyle(.segmented)
///
/// Picker("Theme", selection: $themeID) {
///     ForEach(themes) { Text($0.name) }   // tagged with each theme's id
/// }
/// ```
///
/// An option's value is its `.tag(_:)`; in a ``ForEach`` an option with
/// no tag is tagged with its row's id, so an `Identifiable` element's id
/// is the value when the selection has the id's type (SwiftUI's implicit
/// tag). An option whose tag is not of the selection's type is shown but
/// cannot be chosen.
///
/// The styles (see <doc:Presentation>):
/// - ``PickerStyle/segmented``: all options in a row, `Size:  S │ M │ L `,
///   the selected one highlighted; Left/Right (Home/End) or a click on an
///   option choose.
/// - ``PickerStyle/menu``: the selected option, `Size: M ▾`; Enter, Space,
///   Down or a click open a list under it (Up/Down, Enter, Esc).
/// - ``PickerStyle/automatic`` (the default): the menu, as SwiftUI's
///   default picker is a pop-up menu on the Mac.
public struct Picker<SelectionValue: Hashable, Content: View>: View {
    var title: String
    var selection: Binding<SelectionValue>
    var content: Content
    /// The style the deprecated `style:` argument asked for (it wins over
    /// the environment's).
    var styleOverride: (any PickerStyle)?
    @Environment(\.pickerStyle) private var environmentStyle
    @State private var isOpen = false
    @State private var highlighted = 0

    /// A picker titled `title` whose options are `content`'s views, each
    /// tagged with its value (`Text("Small").tag(Size.small)`).
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>,
                                   @ViewBuilder content: () -> Content) {
        self.title = String(title)
        self.selection = selection
        self.content = content()
        styleOverride = nil
    }

    public var body: some View {
        let options = ViewList(content).elements.map { PickerOption(label: $0.view, value: $0.tag?.base as? SelectionValue) }
        let selection = self.selection
        let selected = options.firstIndex { $0.value == selection.wrappedValue }
        let isMenu = (styleOverride ?? environmentStyle).drawsMenu
        let isOpen = self.$isOpen, highlighted = self.$highlighted
        // The options that can be chosen, in order.
        let choosable = options.indices.filter { options[$0].value != nil }
        func choose(_ i: Int) { if let value = options[i].value { selection.wrappedValue = value } }
        func step(_ from: Int?, by delta: Int) -> Int? {
            guard !choosable.isEmpty else { return nil }
            guard let from, let at = choosable.firstIndex(of: from) else { return choosable[0] }
            return choosable[min(max(at + delta, 0), choosable.count - 1)]
        }
        return VStack(alignment: .leading, spacing: 0) {
            PickerFace(title: title, labels: options.map(\.label), selected: selected, isMenu: isMenu,
                       isOpen: isOpen.wrappedValue, chooseSegment: choose)
                .focusable()
                .onFocusedKey { press in
                    guard press.phase != .up, !choosable.isEmpty,
                          press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return .ignored }
                    if !isMenu {
                        switch press.key {
                        case .left: if let i = step(selected, by: -1) { choose(i) }
                        case .right: if let i = step(selected, by: 1) { choose(i) }
                        case .home: choose(choosable[0])
                        case .end: choose(choosable[choosable.count - 1])
                        default: return .ignored
                        }
                        return .handled
                    }
                    if !isOpen.wrappedValue {
                        guard press.key == .enter || press.key == .space || press.key == .down else { return .ignored }
                        highlighted.wrappedValue = selected ?? choosable[0]
                        isOpen.wrappedValue = true
                        return .handled
                    }
                    switch press.key {
                    case .up: highlighted.wrappedValue = step(highlighted.wrappedValue, by: -1) ?? 0
                    case .down: highlighted.wrappedValue = step(highlighted.wrappedValue, by: 1) ?? 0
                    case .enter, .space:
                        choose(min(highlighted.wrappedValue, options.count - 1))
                        isOpen.wrappedValue = false
                    case .escape: isOpen.wrappedValue = false
                    case .tab: isOpen.wrappedValue = false; return .ignored
                    default: return .ignored
                    }
                    return .handled
                }
                .onTapGesture { if isMenu { isOpen.wrappedValue.toggle() } }
            if isMenu && isOpen.wrappedValue {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(options.indices, id: \.self) { i in
                        PickerMenuRow(label: options[i].label, isHighlighted: i == highlighted.wrappedValue,
                                      isSelected: i == selected)
                            .onTapGesture {
                                choose(i)
                                isOpen.wrappedValue = false
                            }
                    }
                }
                .border(.single)
            }
        }
    }
}

/// One option of a picker: its label, and the value its tag gives (nil:
/// no tag of the selection's type).
struct PickerOption<Value> {
    var label: AnyView
    var value: Value?
}

struct PickerFace: View {
    var title: String
    var labels: [AnyView]
    var selected: Int?
    var isMenu: Bool
    var isOpen: Bool
    /// A click on a segment chooses its option.
    var chooseSegment: (Int) -> Void
    @Environment(\.isFocused) private var isFocused
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 1) {
            if !title.isEmpty { Text(title + ":").foregroundColor(isEnabled ? .default : theme.disabled) }
            if !isMenu {
                HStack(spacing: 0) {
                    ForEach(labels.indices, id: \.self) { i in
                        // The divider is not part of either segment: the
                        // highlight stops at it.
                        if i > 0 { Text("│").foregroundColor(isEnabled ? .default : theme.disabled) }
                        HStack(spacing: 0) {
                            Text(" ")
                            labels[i]
                            Text(" ")
                        }
                        .foregroundStyle(!isEnabled ? theme.disabled
                                         : i == selected ? (isFocused ? theme.focusForeground : .black) : .default)
                        .background(i == selected && isEnabled ? (isFocused ? theme.focusBackground : theme.tint) : .default)
                        .onTapGesture { chooseSegment(i) }
                    }
                }
            } else {
                HStack(spacing: 0) {
                    if let selected { labels[selected] } else { Text("–") }
                    Text(isOpen ? " ▴" : " ▾")
                }
                .foregroundStyle(!isEnabled ? theme.disabled : isFocused ? theme.focusForeground : .default)
                .background(isFocused && isEnabled ? theme.focusBackground : .default)
            }
        }
    }
}

struct PickerMenuRow: View {
    var label: AnyView
    var isHighlighted: Bool
    var isSelected: Bool
    var body: some View {
        HStack(spacing: 0) {
            Text(isSelected ? "• " : "  ")
            label
            Text(" ")
        }
        .reverse(isHighlighted)
    }
}

extension Picker {
    /// A picker of `(label, value)` pairs.
    @available(*, deprecated, message: "use Picker(_:selection:content:) with Text(label).tag(value) options and .pickerStyle(_:)")
    public init<S: PickerStyle>(_ title: String, selection: Binding<SelectionValue>,
                                options: [(String, SelectionValue)], style: S = SegmentedPickerStyle())
    where Content == ForEach<Range<Int>, Int, TaggedView<Text, SelectionValue>> {
        self.title = title
        self.selection = selection
        content = ForEach(0..<options.count) { i in Text(options[i].0).tag(options[i].1) }
        styleOverride = style
    }

    /// The picker styles.
    @available(*, deprecated, renamed: "PickerStyle")
    public typealias Style = PickerStyle
}
