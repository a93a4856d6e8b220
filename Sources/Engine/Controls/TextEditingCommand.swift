/// One thing a text field can be asked to do, and the key bindings that
/// ask for it.
///
/// ``init(_:multiline:)`` is the whole key table (Emacs/readline bindings
/// plus the usual arrows and editing keys); ``TextEditingState/perform(_:multiline:wrapWidth:)``
/// carries a command out.
///
/// | Keys | Command |
/// |---|---|
/// | a character (Shift allowed) | ``insert(_:)`` |
/// | Enter, Shift-Enter | ``insertNewline`` (multi-line) / ``submit`` (single-line) |
/// | Backspace, Ctrl-H | ``deleteBackward`` |
/// | Delete, Ctrl-D | ``deleteForward`` |
/// | Ctrl-W, Alt-Backspace, Ctrl-Backspace | ``deleteWordBackward`` |
/// | Alt-D, Alt-Delete, Ctrl-Delete | ``deleteWordForward`` |
/// | Ctrl-U | ``deleteToLineStart`` |
/// | Ctrl-K | ``deleteToLineEnd`` |
/// | Left, Ctrl-B / Right, Ctrl-F | move by one cluster |
/// | Alt-Left, Ctrl-Left, Alt-B / Alt-Right, Ctrl-Right, Alt-F | move by word |
/// | Home, Ctrl-A / End, Ctrl-E | start / end of the line (of the text in a single-line field) |
/// | Ctrl-Home / Ctrl-End | start / end of the text |
/// | Up / Down (multi-line only) | previous / next row, same visual column |
/// | Ctrl-_, Ctrl-/, Alt-U | ``undo`` |
/// | Alt-E, Ctrl-Alt-_, Ctrl-Alt-/, Ctrl-Shift-/ | ``redo`` |
///
/// Undo cannot be Ctrl-Z, which suspends a terminal program, nor Ctrl-Y,
/// which readline and Emacs users know as yank: it is Ctrl-_ as in readline,
/// Emacs and bash, which a legacy terminal sends for Ctrl-/ and Ctrl-7 too
/// (byte 0x1F; the kitty keyboard protocol reports Ctrl-/ as such, and
/// Ctrl-_ as Ctrl-Shift-minus, also undo), and Alt-U as in nano. Redo is
/// nano's Alt-E and Emacs' Ctrl-Alt-_ (ESC 0x1F) — or Ctrl-? (Ctrl-Shift-/)
/// where the kitty protocol tells it from Backspace.
///
/// Shift with any motion extends the selection. Everything else is not an
/// editing key and gives `nil`, so it bubbles: Tab, Shift-Tab, Esc, F-keys,
/// Insert, Page Up/Down, Up/Down in a single-line field, other Ctrl and Alt
/// chords (Ctrl-C, Ctrl-Z, Alt-1, …), any chord with Super, Hyper or Meta,
/// and key releases.
public enum TextEditingCommand: Hashable, Sendable {
    /// Where a motion takes the cursor.
    public enum Motion: Hashable, Sendable {
        /// One cluster back.
        case left
        /// One cluster forward.
        case right
        /// To the start of the word before the cursor.
        case wordLeft
        /// To the end of the word after the cursor.
        case wordRight
        /// To the start of the line (of the text, single-line).
        case lineStart
        /// To the end of the line (of the text, single-line).
        case lineEnd
        /// To the previous line, keeping the visual column.
        case up
        /// To the next line, keeping the visual column.
        case down
        /// To the start of the text.
        case textStart
        /// To the end of the text.
        case textEnd
    }

    /// Insert text (typed or pasted; filtered as data).
    case insert(String)
    /// Insert a line break (Enter in a multi-line editor).
    case insertNewline
    /// Enter in a single-line field.
    case submit
    case deleteBackward
    case deleteForward
    case deleteWordBackward
    case deleteWordForward
    case deleteToLineStart
    case deleteToLineEnd
    /// Move the cursor; with `selecting`, extend the selection.
    case move(Motion, selecting: Bool)
    /// Take back the last step of editing (``TextEditingState/undo()``).
    case undo
    /// Re-apply the last undone step (``TextEditingState/redo()``).
    case redo

    /// The command `press` asks of a field, or `nil` when it is not an
    /// editing key (see the table at the type).
    public init?(_ press: KeyPress, multiline: Bool) {
        guard press.phase != .up else { return nil }
        var modifiers = press.modifiers.subtracting([.capsLock, .numLock])
        let shift = modifiers.contains(.shift)
        modifiers.remove(.shift)
        let plain = modifiers.isEmpty
        let control = modifiers == .control
        let alt = modifiers == .option
        if modifiers == [.control, .option] {
            // Emacs' undo-redo: C-M-_ (ESC then 0x1F from a legacy terminal).
            guard case .character(let c) = press.key, c == "_" || c == "/" || (c == "-" && shift) else { return nil }
            self = .redo
            return
        }
        guard plain || control || alt else { return nil }

        switch press.key {
        case .character(let c):
            if plain {
                guard Self.isTypable(c) else { return nil }
                self = .insert(String(c))
            } else if control {
                switch c {
                case "a": self = .move(.lineStart, selecting: shift)
                case "e": self = .move(.lineEnd, selecting: shift)
                case "b": self = .move(.left, selecting: shift)
                case "f": self = .move(.right, selecting: shift)
                case "h": self = .deleteBackward  // BS: legacy Backspace (and kitty's Ctrl-Backspace)
                case "d": self = .deleteForward
                case "w": self = .deleteWordBackward
                case "u": self = .deleteToLineStart
                case "k": self = .deleteToLineEnd
                // 0x1F: Ctrl-_ (and Ctrl-/, Ctrl-7) from a legacy terminal.
                case "_": self = .undo
                // The kitty protocol: Ctrl-/, Ctrl-? (Ctrl-Shift-/), Ctrl-_ (Ctrl-Shift-minus).
                case "/": self = shift ? .redo : .undo
                case "?": self = .redo
                case "-" where shift: self = .undo
                default: return nil
                }
            } else {
                switch c {
                case "b": self = .move(.wordLeft, selecting: shift)
                case "f": self = .move(.wordRight, selecting: shift)
                case "d": self = .deleteWordForward
                case "u" where !shift: self = .undo  // nano
                case "e" where !shift: self = .redo  // nano
                default: return nil
                }
            }
        case .left:
            self = .move(plain ? .left : .wordLeft, selecting: shift)
        case .right:
            self = .move(plain ? .right : .wordRight, selecting: shift)
        case .home:
            guard !alt else { return nil }
            self = .move(plain ? .lineStart : .textStart, selecting: shift)
        case .end:
            guard !alt else { return nil }
            self = .move(plain ? .lineEnd : .textEnd, selecting: shift)
        case .up, .down:
            guard multiline && plain else { return nil }
            self = .move(press.key == .up ? .up : .down, selecting: shift)
        case .backspace:
            self = plain ? .deleteBackward : .deleteWordBackward
        case .delete:
            self = plain ? .deleteForward : .deleteWordForward
        case .enter:
            guard plain else { return nil }
            self = multiline ? .insertNewline : .submit
        case .tab, .escape, .pageUp, .pageDown, .insert, .function:
            return nil
        }
    }

    /// Whether a typed character may be inserted: it holds no control
    /// character (a stray C0 or C1 never reaches the text).
    static func isTypable(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { TextSegmenter.replacement(forControl: $0.value) == nil }
    }
}
