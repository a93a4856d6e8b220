/// A single-line text field: editing that is correct for grapheme clusters
/// and wide characters (``TextEditingState``), horizontal scrolling that
/// keeps the cursor in view, paste as data, a placeholder, and the
/// terminal's cursor placed at the insertion point while it is focused.
///
/// ```swift
/// TextField("New item", text: $draft)
///     .onSubmit { items.append(draft); draft = "" }
/// SecureField("Password", text: $password)
/// ```
///
/// The field takes the width it is offered (ideal 20 cells). The keys are
/// ``TextEditingCommand``'s (readline's and Emacs', with undo on Ctrl-_ or
/// Ctrl-/ and Alt-U, redo on Alt-E); keys that are not editing keys (Tab,
/// Esc, Up/Down, Ctrl-C, Ctrl-Z…) pass on to its ancestors.
public struct TextField: View {
    var placeholder: String
    var text: Binding<String>
    var isSecure: Bool
    @ControlModel private var model: TextFieldModel
    @Environment(\.submitAction) private var submit

    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder
        self.text = text
        isSecure = false
    }

    init(_ placeholder: String, text: Binding<String>, secure: Bool) {
        self.placeholder = placeholder
        self.text = text
        isSecure = secure
    }

    public var body: some View {
        let text = self.text, model = self.model, submit = self.submit, modelSlot = _model
        // The app may change the text: the field follows (cursor to the end).
        // The model is the field's own object, so this is no state write.
        model.state.setText(text.wrappedValue)
        return TextFieldFace(state: model.state.withoutHistory, placeholder: placeholder, isSecure: isSecure)
            .focusable()
            .onFocusedKey { press in
                switch model.state.handle(press, multiline: false) {
                case .ignored: return .ignored
                case .unchanged: return .handled
                case .moved:
                    modelSlot.invalidate()
                case .edited:
                    modelSlot.invalidate()
                    text.wrappedValue = model.state.text
                case .submit:
                    submit?()
                }
                return .handled
            }
            .onFocusedPaste { pasted in
                if model.state.paste(pasted, multiline: false) == .edited {
                    modelSlot.invalidate()
                    text.wrappedValue = model.state.text
                }
            }
    }
}

/// A text field's editing state, kept at its node (``ControlModel``).
final class TextFieldModel: ControlModelObject {
    var state = TextEditingState()
    /// Rows a ``TextEditor`` shows (what PageUp and PageDown move by).
    var visibleRows = 5
    /// Columns a ``TextEditor`` shows (the width its lines wrap at).
    var visibleColumns = 40
    init() {}
}

/// A ``TextField`` that shows a "•" per character.
public struct SecureField: View {
    var placeholder: String
    var text: Binding<String>
    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder
        self.text = text
    }
    public var body: some View { TextField(placeholder, text: text, secure: true) }
}

/// What the field shows: the visible part of the text (or the
/// placeholder), the selection in reverse video, and the cursor as a
/// reversed cell while focused.
struct TextFieldFace: PrimitiveView {
    var state: TextEditingState
    var placeholder: String
    var isSecure: Bool

    static func _makeBehavior() -> NodeBehavior { TextFieldBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TextFieldBehavior.self)
        let look = EditorLook(node: node, graph: graph)
        if b.state != view.state || b.placeholder != view.placeholder || b.isSecure != view.isSecure
            || b.look != look {
            b.state = view.state
            b.placeholder = view.placeholder
            b.isSecure = view.isSecure
            b.look = look
            graph.markNeedsPaint(node)
        }
        b.graph = graph
    }
}

/// What a text field or editor reads from its environment to paint.
struct EditorLook: Equatable {
    var isFocused = false
    var isEnabled = true
    var theme = Theme.standard

    init() {}

    @MainActor
    init(node: ViewNode, graph: ViewGraph) {
        isFocused = graph.environmentValue(EnvironmentPaths.isFocused, at: node)
        isEnabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        theme = graph.environmentValue(EnvironmentPaths.theme, at: node)
    }

    /// Shows the insertion point at (`x`, `y`) while focused and enabled:
    /// the cell there in reverse video, and the terminal's cursor (the
    /// graph's caret). Otherwise takes the caret away if it was inside `frame`.
    @MainActor
    func paintCaret(x: Int, y: Int, frame: Rect, clip: Rect, canvas: CellBuffer, graph: ViewGraph?) {
        guard isFocused && isEnabled else {
            if let caret = graph?.caret, caret.x >= frame.x, caret.x < frame.maxX, caret.y >= frame.y,
               caret.y < frame.maxY {
                graph?.caret = nil
            }
            return
        }
        let cursorRect = Rect(x: x, y: y, width: 1, height: 1).intersection(clip)
        if !cursorRect.isEmpty {
            var reversed = canvas.styles[canvas[x, y].style]
            reversed.attributes.insert(.reverse)
            canvas.restyle(cursorRect, to: canvas.styles.transientID(for: reversed))
        }
        graph?.caret = (x, y)
    }
}

final class TextFieldBehavior: NodeBehavior {
    var state = TextEditingState()
    var placeholder = ""
    var isSecure = false
    var look = EditorLook()
    /// The field's horizontal scroll (kept between frames: it moves only when the cursor would leave the field).
    var scrollOffset = 0
    weak var graph: ViewGraph?
    init() { super.init(transparent: false) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let w = proposal.width.map { $0 == .max ? 20 : max(1, $0) } ?? 20
        return Size(width: w, height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let background = inherited.background
        let frame = node.frame
        guard frame.width > 0, frame.height > 0 else { return }
        let underline = Style(foreground: look.isEnabled ? .default : look.theme.disabled, background: background,
                              attributes: .underline)
        let base = canvas.styles.transientID(for: underline)
        canvas.fill(frame.intersection(clip), with: .blank(base))
        if state.text.isEmpty && !placeholder.isEmpty {
            let style = canvas.styles.transientID(for: Style(foreground: look.theme.placeholder, background: background,
                                                    attributes: .underline))
            canvas.write(placeholder, x: frame.x, y: frame.y, style: style, clip: frame.intersection(clip))
        }
        let line = state.visibleLine(width: frame.width, scrollOffset: &scrollOffset, secure: isSecure)
        if !state.text.isEmpty {
            let area = frame.intersection(clip).intersection(canvas.bounds)
            let end = canvas.write(line.text, x: frame.x, y: frame.y, style: base, clip: area)
            // What a field shows is text, for selection; a secure field's dots are not.
            if !isSecure && frame.y >= area.y && frame.y < area.maxY {
                canvas.markText(y: frame.y, from: area.x, to: Swift.min(end, area.maxX))
            }
            // The selection in reverse video, as a ``TextEditor`` draws it
            // (the cursor's cell, at one of its ends, is reversed after).
            if let selected = line.selectedColumns {
                let cells = Rect(x: frame.x + selected.lowerBound, y: frame.y, width: selected.count, height: 1)
                    .intersection(area)
                for x in cells.x..<cells.maxX {
                    var style = canvas.styles[canvas[x, frame.y].style]
                    style.attributes.insert(.reverse)
                    canvas.restyle(Rect(x: x, y: frame.y, width: 1, height: 1),
                                   to: canvas.styles.transientID(for: style))
                }
            }
        }
        look.paintCaret(x: frame.x + min(line.cursorColumn, frame.width - 1), y: frame.y, frame: frame, clip: clip,
                        canvas: canvas, graph: graph)
    }
}

private struct SubmitActionKey: EnvironmentKey {
    static var defaultValue: (() -> Void)? { nil }
}

extension EnvironmentValues {
    /// What Enter in a text field inside does (`.onSubmit`).
    public var submitAction: (() -> Void)? {
        get { self[SubmitActionKey.self] }
        set { self[SubmitActionKey.self] = newValue }
    }
}

extension View {
    /// Runs `action` when Enter is pressed in a text field inside this view.
    public consuming func onSubmit(_ action: @escaping () -> Void) -> EnvironmentWriter<Self, (() -> Void)?> {
        environment(EnvironmentPaths.submitAction, action)
    }
}
