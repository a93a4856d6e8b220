/// Chooses one of several values: inline as a segmented row
/// (`‹ Small │ Medium │ Large ›`, Left/Right or a click), or as a pop-up
/// menu (Enter or a click opens a list under it; Up/Down, Enter, Esc).
///
/// ```swift
/// Picker("Size", selection: $size, options: [("S", Size.small), ("M", .medium), ("L", .large)])
/// Picker("Theme", selection: $theme, options: themes.map { ($0.name, $0) }, style: .menu)
/// ```
public struct Picker<Value: Hashable>: View {
    public typealias Style = PickerStyle

    var title: String
    var selection: Binding<Value>
    var options: [(label: String, value: Value)]
    var style: Style
    @State private var isOpen = false
    @State private var highlighted = 0

    public init(_ title: String, selection: Binding<Value>, options: [(String, Value)], style: Style = .segmented) {
        self.title = title
        self.selection = selection
        self.options = options.map { (label: $0.0, value: $0.1) }
        self.style = style
    }

    private var selectedIndex: Int? { options.firstIndex { $0.value == selection.wrappedValue } }

    public var body: some View {
        let selection = self.selection, options = self.options
        let current = selectedIndex ?? 0
        let isOpen = self.$isOpen, highlighted = self.$highlighted
        let labels = options.map(\.label)
        let style = self.style
        return VStack(alignment: .leading, spacing: 0) {
            PickerFace(title: title, labels: labels, selected: selectedIndex, style: style, isOpen: isOpen.wrappedValue)
                .focusable()
                .onFocusedKey { press in
                    guard press.phase != .up, !options.isEmpty,
                          press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return .ignored }
                    if style == .segmented {
                        switch press.key {
                        case .left: selection.wrappedValue = options[max(0, current - 1)].value
                        case .right: selection.wrappedValue = options[min(options.count - 1, current + 1)].value
                        case .home: selection.wrappedValue = options[0].value
                        case .end: selection.wrappedValue = options[options.count - 1].value
                        default: return .ignored
                        }
                        return .handled
                    }
                    if !isOpen.wrappedValue {
                        guard press.key == .enter || press.key == .space || press.key == .down else { return .ignored }
                        highlighted.wrappedValue = current
                        isOpen.wrappedValue = true
                        return .handled
                    }
                    switch press.key {
                    case .up: highlighted.wrappedValue = max(0, highlighted.wrappedValue - 1)
                    case .down: highlighted.wrappedValue = min(options.count - 1, highlighted.wrappedValue + 1)
                    case .enter, .space:
                        selection.wrappedValue = options[min(highlighted.wrappedValue, options.count - 1)].value
                        isOpen.wrappedValue = false
                    case .escape: isOpen.wrappedValue = false
                    case .tab: isOpen.wrappedValue = false; return .ignored
                    default: return .ignored
                    }
                    return .handled
                }
                .onTapGesture { if style == .menu { isOpen.wrappedValue.toggle() } }
            if style == .menu && isOpen.wrappedValue {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(options.indices, id: \.self) { i in
                        PickerMenuRow(label: options[i].label, isHighlighted: i == highlighted.wrappedValue,
                                      isSelected: i == current)
                            .onTapGesture {
                                selection.wrappedValue = options[i].value
                                isOpen.wrappedValue = false
                            }
                    }
                }
                .border(.single)
            }
        }
    }
}

/// How a ``Picker`` shows its choices.
public enum PickerStyle: Sendable {
    /// All choices in a row; Left/Right move the selection.
    case segmented
    /// The selected choice; Enter opens a menu of all of them.
    case menu
}

struct PickerFace: View {
    var title: String
    var labels: [String]
    var selected: Int?
    var style: PickerStyle
    var isOpen: Bool
    @Environment(\.isFocused) private var isFocused
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 1) {
            if !title.isEmpty { Text(title + ":").foregroundColor(isEnabled ? .default : theme.disabled) }
            if style == .segmented {
                HStack(spacing: 0) {
                    ForEach(labels.indices, id: \.self) { i in
                        // The divider is not part of either segment: the
                        // highlight stops at it.
                        if i > 0 { Text("│").foregroundColor(isEnabled ? .default : theme.disabled) }
                        Text(" \(labels[i]) ")
                            .foregroundColor(!isEnabled ? theme.disabled : i == selected ? (isFocused ? theme.focusForeground : .black) : .default)
                            .backgroundColor(i == selected && isEnabled ? (isFocused ? theme.focusBackground : theme.tint) : .default)
                    }
                }
            } else {
                Text("\(selected.map { labels[$0] } ?? "–") \(isOpen ? "▴" : "▾")")
                    .foregroundColor(!isEnabled ? theme.disabled : isFocused ? theme.focusForeground : .default)
                    .backgroundColor(isFocused && isEnabled ? theme.focusBackground : .default)
            }
        }
    }
}

struct PickerMenuRow: View, Equatable {
    var label: String
    var isHighlighted: Bool
    var isSelected: Bool
    var body: some View {
        Text((isSelected ? "• " : "  ") + label + " ")
            .reverse(isHighlighted)
    }
}

extension Text {
    /// Reverse video when `on`.
    func reverse(_ on: Bool) -> Text { on ? reverse() : self }
}

/// Steps a number up and down: `Label: ‹ 3 ›`; Left/Right or -/+ while
/// focused, clicks on the arrows.
public struct Stepper: View {
    var title: String
    var value: Binding<Int>
    var range: ClosedRange<Int>
    var step: Int

    public init(_ title: String, value: Binding<Int>, in range: ClosedRange<Int> = Int.min...Int.max, step: Int = 1) {
        self.title = title
        self.value = value
        self.range = range
        self.step = max(1, step)
    }

    public var body: some View {
        let value = self.value, range = self.range, step = self.step
        func change(_ up: Bool) {
            let v = value.wrappedValue
            let (next, overflow) = up ? v.addingReportingOverflow(step) : v.subtractingReportingOverflow(step)
            value.wrappedValue = overflow ? (up ? range.upperBound : range.lowerBound)
                : min(max(next, range.lowerBound), range.upperBound)
        }
        return StepperFace(title: title, value: value.wrappedValue)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return .ignored }
                switch press.key {
                case .right, .up, "+": change(true)
                case .left, .down, "-": change(false)
                default: return .ignored
                }
                return .handled
            }
    }
}

struct StepperFace: View, Equatable {
    var title: String
    var value: Int
    @Environment(\.isFocused) private var isFocused
    @Environment(\.theme) private var theme
    nonisolated static func == (a: StepperFace, b: StepperFace) -> Bool { a.title == b.title && a.value == b.value }

    var body: some View {
        HStack(spacing: 1) {
            Text(title + ":")
            Text("‹ \(value) ›")
                .foregroundColor(isFocused ? theme.focusForeground : .default)
                .backgroundColor(isFocused ? theme.focusBackground : .default)
        }
    }
}
