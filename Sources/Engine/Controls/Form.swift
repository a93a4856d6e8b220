/// A container for settings and data entry: SwiftUI's `Form`.
///
/// ```swift
/// Form {
///     Section("Account") {
///         LabeledContent("Name", value: "Ada")
///         LabeledContent("Email") { TextField("address", text: $email) }
///         Toggle("Notifications", isOn: $notify)
///     }
/// }
/// ```
///
/// In a terminal a form is a two-column grid: every labelled row
/// (``LabeledContent``, a ``Toggle``) puts its label in the first column,
/// as wide as the widest label, and its value or control after it, two
/// cells further. Other views (a ``Section``'s header and footer, a
/// ``Button``, a ``DisclosureGroup``'s header, a ``Divider``) take a row of
/// their own across both columns. A form takes all the space offered, its
/// rows from the top-leading corner.
public struct Form<Content: View>: View {
    var content: Content

    /// A form of `content`'s rows.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    @ViewBuilder var resolvedBody: FrameView<EnvironmentWriter<Grid<Content>, FormContext>> {
        Grid(alignment: .leading, horizontalSpacing: 2, verticalSpacing: 0) {
            content
        }
        .environment(EnvironmentPaths.formContext, FormContext(isInForm: true, indent: 0))
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
    }
}

/// Where a view stands in a ``Form``: labelled rows become grid rows, and
/// a ``DisclosureGroup`` indents the labels inside it.
struct FormContext: Equatable {
    var isInForm = false
    /// Cells before a label (two per enclosing disclosure group).
    var indent = 0
}

private struct FormContextKey: EnvironmentKey {
    static var defaultValue: FormContext { FormContext() }
}

extension EnvironmentValues {
    var formContext: FormContext {
        get { self[FormContextKey.self] }
        set { self[FormContextKey.self] = newValue }
    }
}

/// A group of rows with an optional header and footer: SwiftUI's `Section`.
///
/// In a ``Form`` (and in a stack) the header is shown in bold on a row of
/// its own, the rows follow, then the footer, dimmed, and a blank row
/// parts it from what comes next. In a ``List`` the header and footer are
/// rows the selection steps over. In a ``LazyVStack``, ``LazyHStack``,
/// ``LazyVGrid`` or ``LazyHGrid`` they are lines across the whole stack,
/// shown as written, and the stack's `pinnedViews` may hold them at the
/// scroll view's edges (``PinnedScrollableViews``).
public struct Section<Parent: View, Content: View, Footer: View>: View {
    var header: Parent
    var content: Content
    var footer: Footer

    /// A section with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
                @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    @ViewBuilder var resolvedBody: TupleView4<InheritedStyleView<Parent>, Content, InheritedStyleView<Footer>, Text> {
        header.bold()
        content
        footer.dim()
        Text(" ")
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header) { EmptyView() }
    }

    /// A section with a header view (SwiftUI's first form, kept there deprecated).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section {
    /// A section with a header view and a footer view (SwiftUI's first form).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { footer })
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }

    /// A section with a footer view (SwiftUI's first form).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section with no header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section headed `title`.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension Section where Parent == Text {
    /// A section headed `title`, with a footer (an addition to SwiftUI's
    /// initializers: a titled section with a footer there needs
    /// `Section { } header: { Text(title) } footer: { }`).
    public init(_ title: String, @ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { Text(title) }, footer: footer)
    }
}

/// A value or control with a label: SwiftUI's `LabeledContent`.
///
/// ```swift
/// LabeledContent("Version", value: "1.2")
/// LabeledContent("Volume") { Stepper("", value: $volume, in: 0...10) }
/// ```
///
/// In a ``Form`` the label goes in the form's label column (as wide as its
/// widest label) and the content after it; elsewhere the two stand side by
/// side, two cells apart.
public struct LabeledContent<Label: View, Content: View>: View {
    var label: Label
    var content: Content
    @Environment(EnvironmentPaths.formContext) private var form

    /// Content with a label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    @ViewBuilder var resolvedBody: ConditionalContent<GridRow<TupleView2<PaddingView<Label>, Content>>,
                                           HStack<TupleView2<Label, Content>>> {
        if form.isInForm {
            GridRow {
                label.padding(.leading, form.indent)
                content
            }
        } else {
            HStack(alignment: .top, spacing: 2) {
                label
                content
            }
        }
    }
}

extension LabeledContent where Label == Text {
    /// Content labelled `title`.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A value labelled `title`, shown as text.
    public init<S: StringProtocol>(_ title: String, value: S) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }
}

/// A header that shows or hides its content: SwiftUI's `DisclosureGroup`.
///
/// ```swift
/// DisclosureGroup("Advanced", isExpanded: $showAdvanced) {
///     Toggle("Debug logging", isOn: $debug)
/// }
/// ```
///
/// The header is `▶ Title` when collapsed and `▼ Title` when expanded; it
/// is focusable, and Enter, Space or a click toggles it (Right expands,
/// Left collapses). The content is indented by two cells; in a ``Form`` its
/// labelled rows stay in the form's columns, their labels indented.
public struct DisclosureGroup<Label: View, Content: View>: View {
    var label: Label
    var content: Content
    var isExpanded: Binding<Bool>?
    @State private var ownExpanded = false
    @Environment(EnvironmentPaths.formContext) private var form

    /// A group whose expansion follows `isExpanded`.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.content = content()
        self.label = label()
    }

    /// A group that keeps its own expansion (collapsed at first).
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        isExpanded = nil
        self.content = content()
        self.label = label()
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The focusable header, as ``resolvedBody`` makes it.
    typealias Header = TapGestureView<FocusableView<DisclosureHeader<Label>>>

    /// The body's type, as ``resolvedBody`` makes it.
    typealias ResolvedBody = ConditionalContent<TupleView2<PaddingView<Header>, EnvironmentWriter<Content, FormContext>?>,
                                                VStack<TupleView2<Header, PaddingView<Content>?>>>

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    @ViewBuilder var resolvedBody: ResolvedBody {
        let expanded = isExpanded ?? $ownExpanded
        let isOpen = expanded.wrappedValue
        let header = DisclosureHeader(label: label, isExpanded: isOpen)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]) else {
                    return .ignored
                }
                switch press.key {
                case .enter, .space: expanded.wrappedValue.toggle()
                case .right where !isOpen: expanded.wrappedValue = true
                case .left where isOpen: expanded.wrappedValue = false
                default: return .ignored
                }
                return .handled
            }
            .onTapGesture { expanded.wrappedValue.toggle() }
        if form.isInForm {
            // Rows of the form's grid: the header across it, the content's
            // labelled rows in its columns.
            header.padding(.leading, form.indent)
            if isOpen {
                content.environment(EnvironmentPaths.formContext, FormContext(isInForm: true, indent: form.indent + 2))
            }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                header
                if isOpen { content.padding(.leading, 2) }
            }
        }
    }
}

extension DisclosureGroup where Label == Text {
    /// A group titled `title` whose expansion follows `isExpanded`.
    public init(_ title: String, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }

    /// A group titled `title` that keeps its own expansion.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// A disclosure group's header: the marker and the label, in the focus
/// colours when focused.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct DisclosureHeader<Label: View>: View {
    var label: Label
    var isExpanded: Bool
    @Environment(EnvironmentPaths.isFocused) private var isFocused
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: BackgroundColorView<InheritedStyleView<HStack<TupleView2<Text, Label>>>> {
        HStack(spacing: 1) {
            Text(isExpanded ? "▼" : "▶")
            label
        }
        .foregroundStyle(!isEnabled ? theme.disabled : isFocused ? theme.focusForeground : .default)
        .background(isFocused && isEnabled ? theme.focusBackground : .default)
    }
}
