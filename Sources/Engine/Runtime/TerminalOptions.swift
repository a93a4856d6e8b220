/// How an app uses the terminal: which screen, which input modes, how
/// often it may draw.
///
/// ```swift
/// try await TerminalHost.run(Dashboard(), options: TerminalOptions(mouse: .buttons))
/// try await TerminalHost.run(Progress(), options: TerminalOptions(screen: .inline()))
/// ```
public struct TerminalOptions: Sendable {
    /// Where the app draws.
    public enum Screen: Sendable, Equatable {
        /// The alternate screen, full size; the user's screen comes back at exit.
        case alternate
        /// A region below the cursor, as tall as the content (at most
        /// `maxHeight` rows, or the screen), growing as it grows; lines can
        /// be printed above it (``TerminalActions/print(_:)``) and the last
        /// frame stays on screen at exit.
        case inline(maxHeight: Int? = nil)
    }

    /// Which mouse events the terminal reports (SGR encoding).
    public enum MouseTracking: Sendable, Equatable {
        case off
        /// Presses, releases, drags and the wheel (xterm modes 1000, 1002).
        case buttons
        /// Also motion with no button held (mode 1003).
        case allMotion
    }

    public var screen: Screen
    public var mouse: MouseTracking
    /// Pasted text arrives as one ``ViewEvent/paste(_:)`` (DECSET 2004), never as keys.
    public var bracketedPaste: Bool
    /// Report when the terminal window gains or loses focus (DECSET 1004).
    public var focusEvents: Bool
    /// Ask for the kitty keyboard protocol's "disambiguate" flag where the
    /// terminal supports it: Esc, Alt and Ctrl combinations arrive unambiguously.
    public var enhancedKeyboard: Bool
    /// At most this many frames a second (many changes coalesce into one frame).
    public var maxFramesPerSecond: Int
    /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
    public var escapeTimeout: Duration
    /// How long an inline app's start-up waits for the terminal to answer
    /// its queries (it needs the cursor's row before it can draw; a
    /// terminal that answers nothing costs this much, once). The alternate
    /// screen never waits: it draws at once and applies answers as they come.
    public var queryTimeout: Duration
    /// Ctrl-C ends the app (status 130) unless a view handles it.
    public var quitsOnControlC: Bool
    /// Ctrl-Z suspends the app to the shell unless a view handles it.
    public var suspendsOnControlZ: Bool
    /// The key that shows and hides the performance overlay; `nil` for none.
    /// `TUI_OVERLAY=1` in the environment shows it from the start.
    public var performanceOverlayKey: KeyPress?
    /// Colours and features to assume; `nil` detects them from the environment.
    public var capabilities: TerminalCapabilities?
    /// Frames are paced to the link: over a slow connection (SSH across
    /// the world), a frame is held while the terminal has not yet read
    /// enough of the ones before it, and the next one shows everything
    /// that changed meanwhile — intermediate frames are dropped, never
    /// queued. Measured with DA1 round trips after frames (see the
    /// performance overlay). `TUI_PACING=0` in the environment turns it off.
    public var pacesFrames = true
    /// The key that copies the mouse selection (OSC 52) while one is shown,
    /// besides the copy on release; `nil` for none. Ctrl-Shift-C by
    /// default, which terminals tell apart from Ctrl-C only with the kitty
    /// keyboard protocol (``enhancedKeyboard``); elsewhere choose a key
    /// the terminal sends, such as `KeyPress(.character("y"))`.
    public var selectionCopyKey: KeyPress? = FramePipeline.defaultSelectionCopyKey

    public init(screen: Screen = .alternate, mouse: MouseTracking = .off, bracketedPaste: Bool = true,
                focusEvents: Bool = false, enhancedKeyboard: Bool = true, maxFramesPerSecond: Int = 120,
                escapeTimeout: Duration = .milliseconds(25), queryTimeout: Duration = .milliseconds(200),
                quitsOnControlC: Bool = true, suspendsOnControlZ: Bool = true,
                performanceOverlayKey: KeyPress? = KeyPress(.function(12)),
                capabilities: TerminalCapabilities? = nil) {
        self.screen = screen
        self.mouse = mouse
        self.bracketedPaste = bracketedPaste
        self.focusEvents = focusEvents
        self.enhancedKeyboard = enhancedKeyboard
        self.maxFramesPerSecond = maxFramesPerSecond
        self.escapeTimeout = escapeTimeout
        self.queryTimeout = queryTimeout
        self.quitsOnControlC = quitsOnControlC
        self.suspendsOnControlZ = suspendsOnControlZ
        self.performanceOverlayKey = performanceOverlayKey
        self.capabilities = capabilities
    }
}
