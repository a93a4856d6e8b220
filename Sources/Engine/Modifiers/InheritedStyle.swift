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

    public static func _makeBehavior() -> NodeBehavior { InheritedStyleBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: InheritedStyleBehavior.self)
        let foreground = graph.resolvingRole(view.foreground, at: node)
        if b.foreground != foreground || b.attributes != view.attributes {
            b.foreground = foreground
            b.attributes = view.attributes
            // A new node paints anyway; an existing one repaints what it covers.
            if b.configured { graph.markSubtreeNeedsPaint(node) }
        }
        b.configured = true
        // A style that changes nothing (a button's default colour) leaves
        // painting's walk through transparent nodes off.
        if foreground != .default || !view.attributes.isEmpty { graph.notePassesStyles() }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class InheritedStyleBehavior: NodeBehavior {
    var foreground = Color.default
    var attributes: TextAttributes = []
    var configured = false

    init() { super.init(transparent: true, passesStyle: true) }

    override func inheritedForChildren(_ inherited: Style) -> Style {
        var s = inherited
        if foreground != .default { s.foreground = foreground }
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
    public func foregroundStyle(_ color: Color) -> InheritedStyleView<Self> {
        InheritedStyleView(foreground: color, attributes: [], content: self)
    }

    /// The same as ``foregroundStyle(_:)``.
    public func foregroundColor(_ color: Color) -> InheritedStyleView<Self> {
        InheritedStyleView(foreground: color, attributes: [], content: self)
    }

    /// Text attributes for everything inside: added to each text's own.
    public func textAttributes(_ attributes: TextAttributes) -> InheritedStyleView<Self> {
        InheritedStyleView(foreground: .default, attributes: attributes, content: self)
    }

    /// Bold text inside (when `isActive`).
    public func bold(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .bold : []) }
    /// Italic text inside (when `isActive`).
    public func italic(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .italic : []) }
    /// Underlined text inside (when `isActive`).
    public func underline(_ isActive: Bool = true) -> InheritedStyleView<Self> {
        textAttributes(isActive ? .underline : [])
    }
    /// Struck-through text inside (when `isActive`).
    public func strikethrough(_ isActive: Bool = true) -> InheritedStyleView<Self> {
        textAttributes(isActive ? .strikethrough : [])
    }
    /// Dim (faint) text inside (when `isActive`).
    public func dim(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .dim : []) }
    /// Reverse-video text inside (when `isActive`).
    public func reverse(_ isActive: Bool = true) -> InheritedStyleView<Self> { textAttributes(isActive ? .reverse : []) }
}
