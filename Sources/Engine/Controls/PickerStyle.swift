/// How a ``Picker`` shows its options: `.pickerStyle(.segmented)`,
/// `.pickerStyle(.menu)`, or `.automatic` (the default, a menu).
///
/// The engine's styles are the ones below; a type of your own that
/// conforms is drawn as ``PickerStyle/automatic``.
public protocol PickerStyle: Sendable {}

/// The default picker style: a ``MenuPickerStyle``, as SwiftUI's default
/// picker is a pop-up menu on the Mac.
public struct DefaultPickerStyle: PickerStyle {
    public init() {}
}

/// All options in a row, `Size:  S │ M │ L `, the selected one
/// highlighted; Left/Right (Home/End) or a click on an option choose.
public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}

/// The selected option and a marker, `Size: M ▾`; Enter, Space, Down or a
/// click open the list of options under it (Up/Down move, Enter chooses,
/// Esc closes).
public struct MenuPickerStyle: PickerStyle {
    public init() {}
}

extension PickerStyle where Self == DefaultPickerStyle {
    /// The default style: a menu.
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
    /// All options in a row.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    /// The selected option; a list of all of them on Enter or a click.
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle {
    /// Whether a picker in this style is drawn as a menu (every style but
    /// the segmented one).
    var drawsMenu: Bool { !(self is SegmentedPickerStyle) }
}

private struct PickerStyleKey: EnvironmentKey {
    static let defaultValue: any PickerStyle = DefaultPickerStyle()
}

extension EnvironmentValues {
    /// The style of the pickers inside (``View/pickerStyle(_:)``).
    var pickerStyle: any PickerStyle {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the pickers in this view: `.pickerStyle(.segmented)`.
    public consuming func pickerStyle<S: PickerStyle>(_ style: S) -> EnvironmentWriter<Self, any PickerStyle> {
        environment(EnvironmentPaths.pickerStyle, style)
    }
}
