/// Dismisses the presentation a view is in: the screen a
/// ``NavigationStack`` pushed (it is popped, with everything above it), or
/// the sheet it is shown in. Outside any, it does nothing.
///
/// ```swift
/// struct Detail: View {
///     @Environment(\.dismiss) private var dismiss
///     var body: some View { Button("Done") { dismiss() } }
/// }
/// ```
///
/// Two actions are equal when they dismiss the same presentation (SwiftUI's
/// is not `Equatable`; here equality lets a screen that reads `\.dismiss`
/// be skipped when its stack is evaluated again).
public struct DismissAction: Equatable {
    let target: DismissTarget?

    init(_ action: @escaping () -> Void) { target = DismissTarget(action) }
    init(target: DismissTarget?) { self.target = target }

    /// Dismisses the presentation (call it as `dismiss()`).
    @MainActor
    public func callAsFunction() { target?.action() }

    public static func == (a: Self, b: Self) -> Bool { a.target === b.target }
}

/// What a ``DismissAction`` runs; its identity is the presentation's.
final class DismissTarget {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction(target: nil) }
}

extension EnvironmentValues {
    /// Dismisses the current presentation: a pushed screen or a sheet.
    public internal(set) var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}
