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
    var actionTarget: TerminalActionTarget? { target.value.value }

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

    /// The most text ``copy(_:)`` sends: 100,000 bytes of UTF-8 (about
    /// 133 KB of base64). Terminals cap what they accept (xterm, tmux and
    /// kitty at a few hundred KB or less) and may drop a longer copy whole.
    public static let maximumCopyLength = 100_000

    /// Puts `text` on the clipboard through the terminal (OSC 52: xterm,
    /// kitty, WezTerm, foot, iTerm2, Windows Terminal; tmux with
    /// `set -g set-clipboard on`, which keeps it as a paste buffer and
    /// passes it on to the terminal outside). Works over SSH, since the
    /// terminal, not the host, owns the clipboard.
    ///
    /// The sequence is written at once, between frames. Whether the
    /// terminal honours it cannot be known (none answers): a terminal that
    /// does not speak OSC 52, or has it turned off, ignores it.
    ///
    /// - Returns: ``ClipboardCopyResult/sent``, or
    ///   ``ClipboardCopyResult/tooLarge`` (nothing sent) for more than
    ///   ``maximumCopyLength`` bytes of UTF-8, or
    ///   ``ClipboardCopyResult/unavailable`` outside a running app.
    @MainActor
    @discardableResult
    public func copy(_ text: String) -> ClipboardCopyResult {
        guard text.utf8.count <= TerminalActions.maximumCopyLength else { return .tooLarge }
        guard let target = actionTarget else { return .unavailable }
        target.requestWrite(OperatingSystemCommand.setClipboard(text))
        return .sent
    }

    /// How long ``readClipboard()`` waits for a terminal that answers
    /// neither the read nor the query after it: 2 seconds.
    public static let clipboardReadTimeout: Duration = .seconds(2)

    /// The clipboard's text, read through the terminal (OSC 52 with `?`),
    /// or nil when the terminal does not give it.
    ///
    /// ```swift
    /// Button("Paste") { Task { if let text = await terminal.readClipboard() { draft += text } } }
    /// ```
    ///
    /// The query is sent at once, followed by DA1 (`CSI c`), which every
    /// terminal answers and answers in order: its answer arriving first
    /// means the terminal will not give the clipboard, and the read
    /// resolves to nil then, or after ``clipboardReadTimeout`` when nothing
    /// comes at all. Many terminals refuse reads: xterm unless
    /// `allowWindowOps` (or `disallowedWindowOps` without `GetSelection`)
    /// allows them, tmux unless `set-clipboard` is `on` (it answers with its
    /// own paste buffer), kitty asks the user first (and answers DA1 before
    /// they decide: the read resolves nil). Nothing is sent unless the app
    /// asks. Replies longer than ``InputDecoder/maximumClipboardReplyLength``
    /// bytes, not base64 or not UTF-8 are dropped (nil).
    @MainActor
    public func readClipboard() async -> String? {
        guard let target = actionTarget else { return nil }
        return await withCheckedContinuation { continuation in
            target.requestClipboardRead { continuation.resume(returning: $0) }
        }
    }

    /// Shows `progress` in the terminal's own progress indicator (OSC 9;4);
    /// the host clears it when the app leaves the terminal.
    @MainActor
    func reportProgress(_ progress: OperatingSystemCommand.Progress) { actionTarget?.requestProgress(progress) }
}

/// What became of a ``TerminalActions/copy(_:)``.
public enum ClipboardCopyResult: Sendable, Equatable {
    /// The OSC 52 sequence was written to the terminal.
    case sent
    /// The text is longer than ``TerminalActions/maximumCopyLength``: nothing was sent.
    case tooLarge
    /// No app is running (the actions came from a default environment).
    case unavailable
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
    /// Writes `bytes` (a complete OSC sequence) to the terminal between frames.
    func requestWrite(_ bytes: [UInt8])
    /// Shows `progress` in the terminal's progress indicator (OSC 9;4).
    func requestProgress(_ progress: OperatingSystemCommand.Progress)
    /// Asks the terminal for the clipboard (OSC 52); calls `completion`
    /// once, with the text or nil.
    func requestClipboardRead(_ completion: @escaping @MainActor (String?) -> Void)
    /// Asks the terminal for the palette colours at `indices` (OSC 4,
    /// fenced by DA1); calls `completion` once, with the colours answered.
    func requestPaletteQuery(_ indices: [Int], _ completion: @escaping @MainActor ([PaletteColor]) -> Void)
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
