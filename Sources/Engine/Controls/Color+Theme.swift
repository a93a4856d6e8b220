/// Colours named by their role, which the theme in the environment turns
/// into terminal colours where a view uses them: `Text("note")
/// .foregroundStyle(.secondary)` is drawn in the theme's ``Theme/secondary``.
///
/// The cells layer knows nothing of themes: a role is a ``Color`` of its
/// own kind (bits 24…31 = 3, the role in the low byte) that the views
/// which take colours — ``Text``, `.foregroundStyle`, `.background`,
/// `.border`, ``Divider`` — resolve through ``Theme/resolve(_:)`` before
/// they paint. One that reached the cells unresolved would draw in the
/// terminal's default colours.
extension Color {
    /// The roles a theme resolves.
    enum Role: UInt8 {
        case primary, secondary, accent, code
    }

    /// The kind (bits 24…31) of a colour that names a role.
    static let roleKind: UInt32 = 3

    init(role: Role) { self.init(bits: Color.roleKind << 24 | UInt32(role.rawValue)) }

    /// The role this colour names, if it names one.
    var role: Role? {
        guard bits >> 24 == Color.roleKind else { return nil }
        return Role(rawValue: UInt8(truncatingIfNeeded: bits))
    }

    /// The colour of primary content: the theme's ``Theme/primary`` (the
    /// terminal's default foreground in the standard theme).
    public static let primary = Color(role: .primary)

    /// The colour of secondary content, less prominent than primary: the
    /// theme's ``Theme/secondary`` (bright black, the terminal's grey, in the
    /// standard theme).
    public static let secondary = Color(role: .secondary)

    // SwiftUI's name, which repeats the type's:
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// The accent colour: the tint in effect (the theme's ``Theme/tint``, as
    /// `.tint(_:)` sets it for a view and what it contains).
    public static let accentColor = Color(role: .accent)
    /// The theme's colour for code (``Theme/code``), for the package's
    /// other modules (EngineFoundation's code runs).
    package static let themeCode = Color(role: .code)
}

extension Style {
    /// Whether the foreground, background or underline colour names a role
    /// or is adaptive (``Color/init(light:dark:)``): the kinds the views
    /// resolve before painting.
    @inline(__always)
    var namesRole: Bool {
        foreground.bits >> 24 >= Color.roleKind || background.bits >> 24 >= Color.roleKind
            || underlineColor.bits >> 24 >= Color.roleKind
    }

    /// Whether a colour of `kind` (bits 24…31) is among the style's three.
    @inline(__always)
    func names(kind: UInt32) -> Bool {
        foreground.bits >> 24 == kind || background.bits >> 24 == kind || underlineColor.bits >> 24 == kind
    }

    /// The style with its adaptive colours resolved for the scheme.
    func resolvingAdaptive(dark isDark: Bool) -> Style {
        var s = self
        s.foreground = s.foreground.resolved(dark: isDark)
        s.background = s.background.resolved(dark: isDark)
        s.underlineColor = s.underlineColor.resolved(dark: isDark)
        return s
    }
}

extension Theme {
    /// `color`, with a role replaced by this theme's colour for it: primary
    /// by ``primary``, secondary by ``secondary``, the accent by ``tint``.
    /// A theme colour that itself names a role resolves to the default.
    public func resolve(_ color: Color) -> Color {
        guard let role = color.role else { return color }
        let resolved: Color
        switch role {
        case .primary: resolved = primary
        case .secondary: resolved = secondary
        case .accent: resolved = tint
        case .code: resolved = code
        }
        return resolved.role == nil ? resolved : .default
    }

    /// `style` with its colours resolved.
    func resolve(_ style: Style) -> Style {
        var s = style
        s.foreground = resolve(s.foreground)
        s.background = resolve(s.background)
        s.underlineColor = resolve(s.underlineColor)
        return s
    }
}

extension ViewGraph {
    /// `style` as `node` draws it: its role colours resolved through the
    /// theme in `node`'s environment, and its adaptive colours through the
    /// colour scheme there (which `node` then reads, so a theme, tint or
    /// scheme change above evaluates it again: a scheme change repaints only
    /// the views that drew an adaptive colour). A style naming neither is
    /// returned as it is, reading nothing.
    @inline(__always)
    func resolvingRoles(_ style: Style, at node: ViewNode) -> Style {
        guard style.namesRole else { return style }
        return themeResolving(style, at: node)
    }

    private func themeResolving(_ style: Style, at node: ViewNode) -> Style {
        var s = style
        // A role's theme colour may be adaptive, and an adaptive colour's
        // side may name a role: two rounds settle both (what is left draws
        // in the default colours).
        for _ in 0..<2 {
            if s.names(kind: Color.roleKind) { s = environmentValue(EnvironmentPaths.theme, at: node).resolve(s) }
            if s.names(kind: Color.adaptiveKind) {
                s = s.resolvingAdaptive(dark: environmentValue(EnvironmentPaths.colorScheme, at: node) == .dark)
            }
        }
        return s
    }

    /// `color` as `node` draws it (see ``resolvingRoles(_:at:)``).
    func resolvingRole(_ color: Color, at node: ViewNode) -> Color {
        guard color.bits >> 24 >= Color.roleKind else { return color }
        return themeResolving(Style(foreground: color), at: node).foreground
    }
}

extension Theme {
    /// `style` with its role colours resolved through this theme and its
    /// adaptive colours for a `dark` scheme or not: what
    /// `ViewGraph.resolvingRoles(_:at:)` does, for a view that read the
    /// theme and scheme when it was reconciled and resolves while painting.
    func resolving(_ style: Style, dark: Bool) -> Style {
        guard style.namesRole else { return style }
        var s = style
        for _ in 0..<2 {
            if s.names(kind: Color.roleKind) { s = resolve(s) }
            if s.names(kind: Color.adaptiveKind) { s = s.resolvingAdaptive(dark: dark) }
        }
        return s
    }
}

/// Sets the tint (``Theme/tint``) for its content.
public struct TintView<Content: View>: PrimitiveView {
    var tint: Color?
    var content: Content

    public static func _makeBehavior() -> NodeBehavior { TintBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TintBehavior.self)
        let tint = view.tint
        // The first value changes nothing: no reader below has read yet.
        let changed = b.configured && b.tint != tint
        b.configured = true
        b.tint = tint
        // Readers of the theme below (controls, views drawing a role colour)
        // are evaluated again.
        if changed { graph.environmentChanged(EnvironmentPaths.theme, below: node) }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class TintBehavior: EnvironmentWriterBehavior {
    var tint: Color?
    var configured = false

    override init() {
        super.init()
        keyPath = EnvironmentPaths.theme
        apply = { [unowned self] env in if let tint = self.tint { env.theme.tint = tint } }
    }
}

extension View {
    /// The tint of the controls in this view (a toggle that is on, the
    /// selected segment of a picker, a progress bar) and the colour
    /// ``Color/accentColor`` takes in it; `nil` keeps the enclosing tint.
    ///
    /// ```swift
    /// Toggle("Armed", isOn: $armed).tint(.red)
    /// ```
    public consuming func tint(_ tint: Color?) -> TintView<Self> { TintView(tint: tint, content: self) }
}
