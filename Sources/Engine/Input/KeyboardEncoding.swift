/// How a terminal encodes key presses: what ``KeyPress/terminalBytes(keyboard:)``
/// and ``InputEvent/terminalBytes(keyboard:)`` produce.
///
/// ``InputDecoder`` reads every form without being told which is in use.
public enum KeyboardEncoding: Hashable, Sendable {
    /// xterm's default: text as UTF-8, Control letters as C0 bytes, Alt as
    /// an ESC prefix, special keys as `CSI`/`SS3` sequences with xterm's
    /// modifier parameter (`CSI 1 ; 5 A`). Normal cursor-key mode (`CSI A`,
    /// not `SS3 A`), F1–F4 as `SS3 P`…`S`. Only key presses; keys it has no
    /// bytes for (Shift-Enter, Ctrl-Shift-A, Super with text …) are `nil`.
    case legacy
    /// The kitty keyboard protocol with these enhancements. With no flags
    /// it is the legacy encoding, except that keys legacy cannot send are
    /// sent as `CSI … u`, as kitty does.
    case kitty(KittyKeyboardFlags)
}
