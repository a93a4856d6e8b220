/// The key paths of the environment values the engine's own views read and
/// write, each made once.
///
/// A key path literal is made from its pattern every time it runs, and in
/// a generic context (a view generic over its content, a `View`
/// extension) the context's generic arguments are first resolved by name:
/// a few hundred instructions each time, on every frame that evaluates the
/// view. Through these constants it is one load.
///
/// And a function holding a key path literal is not serialised by
/// cross-module optimisation, so an app's module cannot specialise it for
/// its own types: generic views use these constants, also in their
/// `@Environment` properties (whose initialisers are part of the view's
/// `init`).
@MainActor
enum EnvironmentPaths {
    static let isEnabled: WritableKeyPath<EnvironmentValues, Bool> = \.isEnabled
    static let isFocused: WritableKeyPath<EnvironmentValues, Bool> = \.isFocused
    static let submitAction: WritableKeyPath<EnvironmentValues, (() -> Void)?> = \.submitAction
    static let tabSize: WritableKeyPath<EnvironmentValues, Int> = \.tabSize
    static let theme: WritableKeyPath<EnvironmentValues, Theme> = \.theme
    static let colorScheme: WritableKeyPath<EnvironmentValues, ColorScheme> = \.colorScheme
    static let typeToSelect: WritableKeyPath<EnvironmentValues, Bool> = \.typeToSelect
    static let pickerStyle: WritableKeyPath<EnvironmentValues, any PickerStyle> = \.pickerStyle
    static let isLineWrappingEnabled: WritableKeyPath<EnvironmentValues, Bool> = \.isLineWrappingEnabled
    static let navigationSplitColumn: WritableKeyPath<EnvironmentValues, NavigationSplitColumnLink> =
        \.navigationSplitColumn
    static let verticalScrollIndicatorVisibility: WritableKeyPath<EnvironmentValues, ScrollIndicatorVisibility> =
        \.verticalScrollIndicatorVisibility
    static let horizontalScrollIndicatorVisibility: WritableKeyPath<EnvironmentValues, ScrollIndicatorVisibility> =
        \.horizontalScrollIndicatorVisibility
    static let clock: WritableKeyPath<EnvironmentValues, RuntimeClock> = \.clock
    static let chartXDomain: WritableKeyPath<EnvironmentValues, ChartDomain?> = \.chartXDomain
    static let chartYDomain: WritableKeyPath<EnvironmentValues, ClosedRange<Double>?> = \.chartYDomain
    static let chartXAxis: WritableKeyPath<EnvironmentValues, Visibility> = \.chartXAxis
    static let chartYAxis: WritableKeyPath<EnvironmentValues, Visibility> = \.chartYAxis
    static let chartLegend: WritableKeyPath<EnvironmentValues, Visibility> = \.chartLegend
    static let navigationContext: WritableKeyPath<EnvironmentValues, NavigationContextReference> =
        \.navigationContext
    static let openURL: WritableKeyPath<EnvironmentValues, OpenURLAction> = \.openURL
    static let formContext: WritableKeyPath<EnvironmentValues, FormContext> = \.formContext
    static let dismiss: WritableKeyPath<EnvironmentValues, DismissAction> = \.dismiss
    static let listRowSelector: WritableKeyPath<EnvironmentValues, ListRowSelector> = \.listRowSelector

    /// The key paths above that read or write one key of their own (a
    /// getter and setter of `self[Key.self]`): a change to one of them
    /// changes no other's value.
    static let known: [AnyKeyPath] = [
        isEnabled, isFocused, submitAction, tabSize, theme, colorScheme, typeToSelect, pickerStyle,
        isLineWrappingEnabled, navigationSplitColumn, verticalScrollIndicatorVisibility,
        horizontalScrollIndicatorVisibility,
    ]

    /// The index of `keyPath` in ``known``, or -1 (any other key path: an
    /// app's key, or a path through a value, such as `\.theme.tint`).
    static func knownKey(_ keyPath: AnyKeyPath) -> Int {
        known.firstIndex { $0 === keyPath } ?? known.firstIndex { $0 == keyPath } ?? -1
    }
}
