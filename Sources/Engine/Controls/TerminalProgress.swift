extension ProgressView {
    /// Also shows this progress in the terminal's own progress indicator
    /// (OSC 9;4, ConEmu's sequence: the tab or taskbar progress of Windows
    /// Terminal, Ghostty, WezTerm, iTerm2 and others; terminals without one
    /// ignore it). Opt-in, since one indicator serves the whole terminal
    /// tab: report from the one progress view that stands for the app's work.
    ///
    /// ```swift
    /// ProgressView("Copying", value: copied, total: files).terminalProgress()
    /// ```
    ///
    /// While determinate it reports the percentage shown in the view
    /// (`9;4;1;n`); an indeterminate view reports busy (`9;4;3`). When the
    /// view goes away, or `isEnabled` becomes false, the indicator is
    /// cleared (`9;4;0`), and leaving the app — however it ends, a signal
    /// included — clears it too.
    public func terminalProgress(_ isEnabled: Bool = true) -> TerminalProgressView {
        TerminalProgressView(progress: self, isEnabled: isEnabled)
    }

    /// What the terminal's indicator shows for this view.
    var terminalState: OperatingSystemCommand.Progress {
        guard let fraction else { return .indeterminate }
        return .determinate(percent: Int((fraction * 100).rounded(.down)))
    }
}

/// A ``ProgressView`` that reports to the terminal's progress indicator
/// (see ``ProgressView/terminalProgress(_:)``).
public struct TerminalProgressView: View {
    var progress: ProgressView
    var isEnabled: Bool
    @Environment(\.terminal) private var terminal

    public var body: some View {
        let terminal = self.terminal
        let isEnabled = self.isEnabled
        return progress
            .onChange(of: isEnabled ? progress.terminalState : .cleared, initial: true) { old, new in
                if isEnabled || old != new { terminal.reportProgress(new) }
            }
            .onDisappear {
                if isEnabled { terminal.reportProgress(.cleared) }
            }
    }
}
