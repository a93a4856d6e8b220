/// Passes a foreground colour and text attributes down to the text inside
/// (see ``View/foregroundStyle(_:)``, ``View/bold(_:)``).
///
/// It takes no part in layout: like a `Group`, its content's views are laid
/// out where it stands, one by one. A change repaints what the content
/// painted and re-evaluates nothing.
public struct InheritedStyleView<Content: View>: PrimitiveView {
    /// The colour the text inside takes where it sets none (`.default`: no change).
    public var foreground: Color
    /// Attributes added to the text inside.
    public var attributes: TextAttributes
    public var content: Content
    /// The underline's style, for an underline this view adds.
    public var underlineStyle: UnderlineStyle = .single
    /// The underline's colour (`.default`: no change).
    public var underlineColor: Color = .default
    /// The hyperlink target the text inside belongs to (``Link``), or nil.
    var linkDestination: String?

    init(foreground: Color, attributes: TextAttributes, content: Content, underlineStyle: UnderlineStyle = .single,
         underlineColor: Color = .default, linkDestination: String? = nil) {
        self.foreground = foreground
        self.attributes = attributes
        self.content = content
        self.underlineStyle = underlineStyle
        self.underlineColor = underlineColor
        self.linkDestination = linkDestination
    }

    public static func _makeBehavior() -> NodeBehavior { InheritedStyleBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: InheritedStyleBehavior.self)
        let foreground = graph.resolvingRole(view.foreground, at: node)
        let underlineColor = view.underlineColor == .default ? .default : graph.resolvingRole(view.underlineColor, at: node)
        // Links are interned once per target and kept: the id is stable.
        let link = view.linkDestination.map { graph.canvas.styles.linkID(for: $0) } ?? 0
        if b.foreground != foreground || b.attributes != view.attributes || b.underlineStyle != view.underlineStyle
            || b.underlineColor != underlineColor || b.link != link
        {
            b.link = link
            b.foreground = foreground
            b.attributes = view.attributes
            b.underlineStyle = view.underlineStyle
            b.underlineColor = underlineColor
            // A new node paints anyway; an existing one repaints what it covers.
            if b.configured { graph.markSubtreeNeedsPaint(node) }
        }
        b.configured = true
        // A style that changes nothing (a button's default colour) leaves
        // painting's walk through transparent nodes off.
        if foreground != .default || !view.attributes.isEmpty || underlineColor != .default || link != 0 {
            graph.notePassesStyles()
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class InheritedStyleBehavior: NodeBehavior {
    var foreground = Color.default
    var attributes: TextAttributes = []
    var underlineStyle = UnderlineStyle.single
    var underlineColor = Color.default
    var link: LinkID = 0
    var configured = false

    init() { super.init(transparent: true, passesStyle: true) }

    override func inheritedForChildren(_ inherited: Style) -> Style {
        var s = inherited
        if foreground != .default { s.foreground = foreground }
        if attributes.contains(.underline) { s.underlineStyle = underlineStyle }
        if underlineColor != .default { s.underlineColor = underlineColor }
        if link != 0 { s.link = link }
        s.attributes.formUnion(attributes)
        return s
    }
}

extension View {
    /// The colour of the text (and borders, dividers) inside that set no
    /// colour of their own. The innermost setting wins.
    ///
    /// ```swift
    /// VStack {
    ///     Text("Disk")          // red
    ///     Text("ok").foregroundColor(.green)
    /// }
    /// .foregroundStyle(.red)
    /// ```
    public consuming func foregroundStyle(_ color: Color) -> InheritedStyleView<Self> {
        InheritedStyleView(foreground: color, attributes: [], content: self)
    }

    /// The same as ``View/foregroundStyle(_:)``.
    public consuming func foregroundColor(_ color: Color) -> InheritedStyleView<Self> {
        InheritedStyleView(foreground: color, attributes: [], content: self)
    }

    /// Text attributes for everything inside: added to each text's own.
    public consuming func textAttributes(_ attributes: TextAttributes) -> InheritedStyleView<Self> {
        InheritedStyleView(foreground: .default, attributes: attributes, content: self)
    }

    /// Bold text inside (when `isActive`).
    public consuming func bold(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .bold : []) }
    /// Italic text inside (when `isActive`).
    public consuming func italic(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .italic : []) }
    /// Underlined text inside (when `isActive`), the line drawn in
    /// `pattern` and `color` (`nil`: the text's colour), as SwiftUI's
    /// `underline(_:pattern:color:)`. See ``Text/LineStyle/Pattern`` for how
    /// patterns map to a terminal's underline styles.
    ///
    /// ```swift
    /// VStack { Text("teh"); Text("recieve") }
    ///     .underline(pattern: .curly, color: .red)
    /// ```
    public consuming func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)
        -> InheritedStyleView<Self>
    {
        InheritedStyleView(foreground: .default, attributes: isActive ? .underline : [], content: self,
                           underlineStyle: pattern.underlineStyle, underlineColor: isActive ? color ?? .default : .default)
    }

    /// A line over the text inside (when `isActive`): SGR 53, which
    /// terminals without it ignore. SwiftUI has no overline; terminals draw
    /// one, and it sets off a heading or a total without a rule of its own.
    public consuming func overline(_ isActive: Bool = true) -> InheritedStyleView<Self> {
        textAttributes(isActive ? .overline : [])
    }
    /// Struck-through text inside (when `isActive`), as SwiftUI's
    /// `strikethrough(_:pattern:color:)`: SGR 9, a solid line in the
    /// text's colour. Terminals have no strikethrough pattern or colour
    /// (see ``Text/strikethrough(_:pattern:color:)``): `pattern` and
    /// `color` are accepted for SwiftUI's sake and not drawn.
    public consuming func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)
        -> InheritedStyleView<Self>
    {
        textAttributes(isActive ? .strikethrough : [])
    }
    /// Dim (faint) text inside (when `isActive`).
    public consuming func dim(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .dim : []) }
    /// Reverse-video text inside (when `isActive`).
    public consuming func reverse(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .reverse : []) }
}
