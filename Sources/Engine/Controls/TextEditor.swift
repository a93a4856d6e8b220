/// A multi-line text editor: the editing of ``TextField`` (grapheme
/// clusters, wide characters, words, paste as data, undo and redo) over
/// lines — Enter inserts a line break, Up and Down keep the visual column,
/// Home and End work on the row, PageUp and PageDown move by the editor's
/// height — and scrolling that keeps the cursor in view.
///
/// As SwiftUI's does, the editor wraps long lines at its width, at word
/// boundaries (the rules are in <doc:TextEditing>), and Up and Down move by
/// the rows on screen. ``View/lineWrappingDisabled(_:)`` keeps
/// each line on one row instead, scrolled horizontally like a code editor.
///
/// ```swift
/// TextEditor(text: $notes)
///     .frame(height: 8)
///     .border(.rounded)
/// TextEditor(text: $source)
///     .lineWrappingDisabled()
/// ```
///
/// ``View/textEditorHighlighter(_:)`` colours the text line by line (a
/// ``LineHighlighter`` such as ``SwiftHighlighter``); the selection is drawn
/// in reverse video over the colours, and the cursor over both.
///
/// The editor takes the space it is offered (ideal 40 × 5). Tab and Esc
/// pass on to its ancestors, so Tab still moves focus. The keys are
/// ``TextEditingCommand``'s; undo is Ctrl-_ (Ctrl-/) or Alt-U, redo Alt-E.
public struct TextEditor: View {
    var text: Binding<String>
    @ControlModel private var model: TextFieldModel
    @Environment(\.isLineWrappingEnabled) private var wraps
    @Environment(\.textEditorHighlighter) private var highlighter

    public init(text: Binding<String>) { self.text = text }

    public var body: some View {
        let text = self.text, model = self.model, modelSlot = _model, wraps = self.wraps
        model.state.setText(text.wrappedValue)
        return TextEditorFace(state: model.state.withoutHistory, wraps: wraps, highlighter: highlighter)
            .focusable()
            .onFocusedKey { press in
                let wrapWidth = wraps ? model.visibleColumns : nil
                // Page keys move by the rows the editor shows.
                if press.key == .pageUp || press.key == .pageDown, press.phase != .up {
                    let rows = Swift.max(1, model.visibleRows)
                    let key = KeyPress(press.key == .pageUp ? .up : .down, modifiers: press.modifiers)
                    var changed = false
                    for _ in 0..<rows where model.state.handle(key, multiline: true, wrapWidth: wrapWidth) == .moved {
                        changed = true
                    }
                    if changed { modelSlot.invalidate() }
                    return .handled
                }
                switch model.state.handle(press, multiline: true, wrapWidth: wrapWidth) {
                case .ignored: return .ignored
                case .unchanged, .submit: return .handled
                case .moved:
                    modelSlot.invalidate()
                case .edited:
                    modelSlot.invalidate()
                    text.wrappedValue = model.state.text
                }
                return .handled
            }
            .onFocusedPaste { pasted in
                if model.state.paste(pasted, multiline: true) == .edited {
                    modelSlot.invalidate()
                    text.wrappedValue = model.state.text
                }
            }
            .onGeometryChange { size in
                model.visibleRows = size.height
                model.visibleColumns = size.width
            }
    }
}

private struct LineWrappingKey: EnvironmentKey {
    static let defaultValue = true
}

extension EnvironmentValues {
    /// Whether text editors inside soft-wrap long lines at their width
    /// (the default, as SwiftUI's `TextEditor` does) or keep each line on
    /// one row and scroll horizontally. Set with
    /// ``View/lineWrappingDisabled(_:)``.
    public var isLineWrappingEnabled: Bool {
        get { self[LineWrappingKey.self] }
        set { self[LineWrappingKey.self] = newValue }
    }
}

extension View {
    /// Turns off soft wrapping in the text editors inside this view: each
    /// line stays on one row, and the editor scrolls horizontally to keep
    /// the cursor in view, like a code editor. (`Text` is not affected: it
    /// has ``Text/lineLimit(_:)`` and ``Text/singleLine()``.)
    ///
    /// ```swift
    /// TextEditor(text: $source).lineWrappingDisabled()
    /// ```
    ///
    /// SwiftUI has no such modifier (its editor always wraps); the name
    /// follows `scrollDisabled(_:)` and `autocorrectionDisabled(_:)`.
    /// - Parameter disabled: Whether wrapping is off (`true` by default).
    public consuming func lineWrappingDisabled(_ disabled: Bool = true) -> EnvironmentWriter<Self, Bool> {
        environment(EnvironmentPaths.isLineWrappingEnabled, !disabled)
    }
}

/// What the editor shows: the lines in view, coloured by the highlighter
/// if there is one, the selection in reverse video, the cursor as a
/// reversed cell while focused.
struct TextEditorFace: PrimitiveView {
    var state: TextEditingState
    var wraps: Bool
    var highlighter: (any LineHighlighter)?

    static func _makeBehavior() -> NodeBehavior { TextEditorBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TextEditorBehavior.self)
        let look = EditorLook(node: node, graph: graph)
        var repaint = false
        if let highlighter = view.highlighter {
            if b.highlighting?.isMade(by: highlighter) != true {
                b.highlighting = makeHighlighting(highlighter)
                repaint = true
            }
            // Only a highlighted editor reads the colour scheme (for adaptive colours in its runs).
            let dark = graph.environmentValue(EnvironmentPaths.colorScheme, at: node) == .dark
            if b.isDark != dark {
                b.isDark = dark
                repaint = true
            }
        } else if b.highlighting != nil {
            b.highlighting = nil
            repaint = true
        }
        if repaint || b.state != view.state || b.look != look || b.wraps != view.wraps {
            b.state = view.state
            b.look = look
            b.wraps = view.wraps
            graph.markNeedsPaint(node)
        }
        b.graph = graph
    }
}

final class TextEditorBehavior: NodeBehavior {
    var state = TextEditingState()
    var wraps = true
    var look = EditorLook()
    /// The highlighter's memory of the lines it coloured, kept between frames.
    var highlighting: (any EditorHighlighting)?
    var isDark = false
    /// Kept between frames: it moves only when the cursor would leave the view.
    var scroll = TextEditingState.EditorScroll()
    weak var graph: ViewGraph?
    init() { super.init(transparent: false) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        func length(_ proposed: Int?, ideal: Int) -> Int {
            guard let proposed, proposed != .max else { return ideal }
            return Swift.max(1, proposed)
        }
        return Size(width: length(proposal.width, ideal: 40), height: length(proposal.height, ideal: 5))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let frame = node.frame
        guard frame.width > 0, frame.height > 0 else { return }
        let visible = frame.intersection(clip)
        let base = canvas.styles.transientID(for: Style(foreground: look.isEnabled ? .default : look.theme.disabled,
                                               background: inherited.background))
        canvas.fill(visible, with: .blank(base))
        let view = state.visibleLines(width: frame.width, height: frame.height, scroll: &scroll, wrapping: wraps)
        let baseStyle = canvas.styles[base]
        if let highlighting { highlighting.update(state.text) }
        for (row, line) in view.lines.enumerated() {
            let y = frame.y + row
            canvas.write(line, x: frame.x, y: y, style: base, clip: visible)
            let source = view.sources[row]
            let runs = highlighting?.runs(ofLine: source.line) ?? []
            let spans = state.styledSpans(of: source, width: frame.width, runs: runs)
            for span in spans.styled {
                let style = look.theme.resolving(span.style.drawn(over: baseStyle), dark: isDark)
                let rect = Rect(x: frame.x + span.columns.lowerBound, y: y, width: span.columns.count, height: 1)
                canvas.restyle(rect.intersection(visible), to: canvas.styles.transientID(for: style))
            }
            if let selected = spans.selected {
                for x in (frame.x + selected.lowerBound)..<(frame.x + selected.upperBound) {
                    let cell = Rect(x: x, y: y, width: 1, height: 1).intersection(visible)
                    guard !cell.isEmpty else { continue }
                    var style = canvas.styles[canvas[x, y].style]
                    style.attributes.insert(.reverse)
                    canvas.restyle(cell, to: canvas.styles.transientID(for: style))
                }
            }
        }
        look.paintCaret(x: frame.x + view.cursorColumn, y: frame.y + view.cursorRow, frame: frame, clip: clip,
                        canvas: canvas, graph: graph)
    }
}
