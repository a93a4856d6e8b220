@testable import Engine

/// Pictures of an editing state: the text with one "|" where the cursor is,
/// so a test reads `"漢字|かな"`.
extension TextEditingState {
    /// A state from a picture; the "|" (taken as a UTF-8 position, so it may
    /// sit before a combining mark) is rounded down to a cluster boundary.
    init(picture: String, maxLength: Int? = nil) {
        let bytes = Array(picture.utf8)
        let bar = bytes.firstIndex(of: UInt8(ascii: "|")) ?? bytes.count
        var withoutBar = bytes
        if bar < bytes.count { withoutBar.remove(at: bar) }
        self.init(text: String(decoding: withoutBar, as: UTF8.self), maxLength: maxLength)
        moveCursor(to: index(utf8Offset: bar))
    }

    /// The text with "|" at the cursor.
    var picture: String { String(text[..<cursor]) + "|" + String(text[cursor...]) }

    /// Whether the cursor and the anchor are cluster boundaries, by
    /// `String.Index` comparison against `text.indices`.
    var isOnBoundaries: Bool {
        func onBoundary(_ i: String.Index) -> Bool { i == text.endIndex || text.indices.contains(i) }
        return onBoundary(cursor) && (selectionAnchor.map(onBoundary) ?? true)
    }
}

/// A key press, for tables of keys.
func key(_ key: Key, _ modifiers: EventModifiers = []) -> KeyPress { KeyPress(key, modifiers: modifiers) }

/// Applies `presses` to the state pictured by `picture`; the result's picture.
func afterKeys(_ presses: [KeyPress], into picture: String, multiline: Bool = false) -> String {
    var state = TextEditingState(picture: picture)
    for press in presses { _ = state.handle(press, multiline: multiline) }
    return state.picture
}

/// Key presses that type `text`, one per cluster.
func keys(typing text: String) -> [KeyPress] { text.map { KeyPress(.character($0)) } }
