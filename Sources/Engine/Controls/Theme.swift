/// The colours controls take their look from, through the environment:
/// `.environment(\.theme, Theme(tint: .magenta))` restyles every control
/// inside. No control reads a global.
public struct Theme: Equatable, Sendable {
    /// Accent: progress bars, selected segments, toggles that are on, and
    /// ``Color/accentColor``; `.tint(_:)` sets it for a view's content.
    public var tint: Color
    /// Background of the focused control.
    public var focusBackground: Color
    /// Foreground of the focused control.
    public var focusForeground: Color
    /// Background of selected rows.
    public var selectionBackground: Color
    /// Background of selected rows while their list is not focused.
    public var inactiveSelectionBackground: Color
    /// Foreground of disabled controls.
    public var disabled: Color
    /// Destructive buttons.
    public var destructive: Color
    /// Placeholder text in empty fields.
    public var placeholder: Color
    /// What ``Color/primary`` draws in. The standard theme's is the
    /// terminal's default foreground, which leaves the foreground to an
    /// enclosing `.foregroundStyle` (as SwiftUI's hierarchical `.primary`
    /// does).
    public var primary: Color
    /// What ``Color/secondary`` draws in.
    public var secondary: Color
    /// Code in Markdown text (code spans in a ``Text`` literal, code
    /// spans and blocks in a ``Markdown`` document).
    public var code: Color

    public init(tint: Color = .cyan, focusBackground: Color = .blue, focusForeground: Color = .brightWhite,
                selectionBackground: Color = .blue, inactiveSelectionBackground: Color = .brightBlack,
                disabled: Color = .brightBlack, destructive: Color = .red, placeholder: Color = .brightBlack,
                primary: Color = .default, secondary: Color = .brightBlack, code: Color = .yellow) {
        self.tint = tint
        self.focusBackground = focusBackground
        self.focusForeground = focusForeground
        self.selectionBackground = selectionBackground
        self.inactiveSelectionBackground = inactiveSelectionBackground
        self.disabled = disabled
        self.destructive = destructive
        self.placeholder = placeholder
        self.primary = primary
        self.secondary = secondary
        self.code = code
    }

    public static let standard = Theme()
}

private struct ThemeKey: EnvironmentKey { static let defaultValue = Theme.standard }

extension EnvironmentValues {
    /// The controls' colours.
    public var theme: Theme {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}
