/// A terminal app: the shape a SwiftUI user types first.
///
/// ```swift
/// import Engine
///
/// @main
/// struct CounterApp: App {
///     @State private var count = 0
///     @Environment(\.terminal) private var terminal
///
///     var body: some View {
///         Text("Count: \(count)")
///             .onKeyPress("+") { count += 1; return .handled }
///             .onKeyPress("q") { terminal.quit(); return .handled }
///     }
/// }
/// ```
///
/// `main()` runs the app on the main thread until it quits (Ctrl-C quits
/// too, unless a view handles it), restores the terminal and exits with the
/// app's status. ``options`` chooses the screen (alternate, or inline below
/// the prompt), mouse reporting and the frame cap. An app is a view: its
/// `@State` lives as any view's does.
public protocol App: View {
    init()
    /// How the app uses the terminal. The default: the alternate screen, no mouse.
    var options: TerminalOptions { get }
}

extension App {
    public var options: TerminalOptions { TerminalOptions() }

    /// Runs the app; never returns (the process exits with its status).
    @MainActor
    public static func main() {
        let app = Self()
        TerminalHost.runMain(app, options: app.options)
    }
}
