/// What a view can ask of the app it runs in: quit, print a line above an
/// inline region, repaint, suspend. Read it from the environment:
///
/// ```swift
/// @Environment(\.terminal) private var terminal
/// ...
/// .onKeyPress("q") { terminal.quit(); return .handled }
/// ```
///
/// Under ``FramePipeline`` the requests are recorded (``FramePipeline/quitStatus``,
/// ``FramePipeline/printedLines``) so tests can check them.
public struct TerminalActions: Sendable {
    private let target: MainThreadBox<WeakActionTarget>

    init(_ target: TerminalActionTarget?) {
        let weak = WeakActionTarget()
        weak.value = target
        self.target = MainThreadBox(weak)
    }

    @MainActor
    private var actionTarget: TerminalActionTarget? { target.value.value }

    /// Ends the app after the current event: the terminal is restored and
    /// the process exits with `status` (or ``TerminalHost/run(_:options:)`` returns it).
    @MainActor
    public func quit(_ status: Int32 = 0) { actionTarget?.requestQuit(status) }

    /// Prints `text` (its lines) above an inline region, where it stays as
    /// ordinary terminal output. On the alternate screen the lines are
    /// printed after the app ends.
    @MainActor
    public func print(_ text: String) { actionTarget?.requestPrint(text) }

    /// Clears and repaints the whole screen on the next frame.
    @MainActor
    public func repaint() { actionTarget?.requestRepaint() }

    /// Gives the terminal back to the shell (as Ctrl-Z does); the app
    /// resumes with a full repaint on `fg`.
    @MainActor
    public func suspend() { actionTarget?.requestSuspend() }
}

/// The host, held weakly: the environment that carries the actions belongs to the host.
final class WeakActionTarget {
    weak var value: TerminalActionTarget?
}

/// What ``TerminalActions`` calls: the terminal host, or an offscreen host.
@MainActor
protocol TerminalActionTarget: AnyObject {
    func requestQuit(_ status: Int32)
    func requestPrint(_ text: String)
    func requestRepaint()
    func requestSuspend()
}

private struct TerminalActionsKey: EnvironmentKey {
    static let defaultValue = TerminalActions(nil)
}

extension EnvironmentValues {
    /// The running app's actions (quit, print above, repaint, suspend).
    public var terminal: TerminalActions {
        get { self[TerminalActionsKey.self] }
        set { self[TerminalActionsKey.self] = newValue }
    }
}
