/// What a button does, for its look: a destructive button is drawn in the
/// theme's destructive colour; a cancel button is the one Esc presses in an alert.
public enum ButtonRole: Hashable, Sendable {
    case destructive
    case cancel
}

/// A control that runs an action: Enter or Space while focused, or a click.
///
/// ```swift
/// Button("Save") { store.save() }
/// Button("Delete", role: .destructive) { items.remove(at: i) }
/// ```
///
/// It is focusable (Tab reaches it); focused, it shows the theme's focus
/// colours; inside `.disabled(true)` it ignores input and takes no focus.
public struct Button<Label: View>: View {
    var action: () -> Void
    var role: ButtonRole?
    var label: Label
    /// The title of a button made with one (what the help lists its shortcut as).
    var title: String?

    public init(role: ButtonRole? = nil, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.role = role
        self.label = label()
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    var resolvedBody: TapGestureView<FocusableView<ButtonFace<Label>>> {
        let action = self.action
        return ButtonFace(role: role, label: label)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]),
                      press.key == .enter || press.key == .space else { return .ignored }
                action()
                return .handled
            }
            .onTapGesture(perform: action)
    }
}

extension Button where Label == Text {
    /// A button with a text label.
    public init(_ title: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
        self.title = title
    }
}

/// A button's look: `[ label ]`, in the focus colours when focused.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct ButtonFace<Label: View>: View {
    var role: ButtonRole?
    var label: Label
    @Environment(EnvironmentPaths.isFocused) private var isFocused
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: BackgroundColorView<InheritedStyleView<HStack<TupleView3<Text, Label, Text>>>> {
        let color: Color = !isEnabled ? theme.disabled : isFocused ? theme.focusForeground
            : role == .destructive ? theme.destructive : .default
        // The label takes the colour too, unless it sets its own: a disabled
        // button's title is dimmed, a destructive one's is red.
        HStack(spacing: 0) {
            Text("[ ")
            label
            Text(" ]")
        }
        .foregroundStyle(color)
        .background(isFocused && isEnabled ? theme.focusBackground : .default)
    }
}

/// A switch: `[x] Label`. Space, Enter or a click flips it.
///
/// In a ``Form`` it is a labelled row: the title in the form's label
/// column, `[x]` after it (the whole row takes focus and clicks).
public struct Toggle: View {
    var title: String
    var isOn: Binding<Bool>
    @Environment(\.formContext) private var form

    public init(_ title: String, isOn: Binding<Bool>) {
        self.title = title
        self.isOn = isOn
    }

    public var body: some View {
        let isOn = self.isOn
        return ToggleRow(title: title, isOn: isOn.wrappedValue, form: form)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]),
                      press.key == .enter || press.key == .space else { return .ignored }
                isOn.wrappedValue.toggle()
                return .handled
            }
            .onTapGesture { isOn.wrappedValue.toggle() }
    }
}

/// A toggle's row: `[x] Title`, or in a form a grid row of the title and `[x]`.
struct ToggleRow: View {
    var title: String
    var isOn: Bool
    var form: FormContext

    var body: some View {
        if form.isInForm {
            GridRow {
                ToggleTitle(title: title).padding(.leading, form.indent)
                ToggleBox(isOn: isOn)
            }
        } else {
            HStack(spacing: 1) {
                ToggleBox(isOn: isOn)
                ToggleTitle(title: title)
            }
        }
    }
}

/// `[x]` or `[ ]`, in the focus colours when the toggle is focused.
struct ToggleBox: View {
    var isOn: Bool
    @Environment(\.isFocused) private var isFocused
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.theme) private var theme

    var body: some View {
        Text(isOn ? "[x]" : "[ ]")
            .foregroundColor(!isEnabled ? theme.disabled : isFocused ? theme.focusForeground : isOn ? theme.tint : .default)
            .backgroundColor(isFocused && isEnabled ? theme.focusBackground : .default)
    }
}

/// A toggle's title, dimmed when disabled.
struct ToggleTitle: View {
    var title: String
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.theme) private var theme

    var body: some View { Text(title).foregroundColor(isEnabled ? .default : theme.disabled) }
}
