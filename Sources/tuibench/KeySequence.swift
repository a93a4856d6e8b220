import ArgumentParser

/// The keys `tuibench app` sends an app, one per event, in turn.
struct KeySequence: Equatable {
    /// The bytes of each key, as a terminal sends them (xterm's).
    var keys: [[UInt8]]
    /// How it was written on the command line.
    var spelling: String

    /// Named keys: `down`, `up`, `left`, `right`, `enter`, `tab`, `space`,
    /// `backspace`, `escape`, `pageup`, `pagedown`, `home`, `end`; one
    /// printable ASCII character (`x`); or `text:WORDS`, its characters in
    /// turn, then Enter, then again.
    init(_ spelling: String) throws {
        self.spelling = spelling
        if spelling.hasPrefix("text:") {
            let text = spelling.dropFirst(5)
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) else {
                throw ValidationError("--key text: wants printable ASCII characters after the colon")
            }
            keys = text.utf8.map { [$0] } + [[0x0D]]
            return
        }
        if let named = KeySequence.named[spelling.lowercased()] {
            keys = [named]
        } else if spelling.utf8.count == 1, let byte = spelling.utf8.first, (0x21..<0x7F).contains(byte) {
            keys = [[byte]]
        } else {
            throw ValidationError("--key \(spelling) is not a key: give one printable character, text:WORDS, or one of "
                + KeySequence.named.keys.sorted().joined(separator: ", "))
        }
    }

    func key(_ event: Int) -> [UInt8] { keys[event % keys.count] }

    static let named: [String: [UInt8]] = [
        "up": Array("\u{1B}[A".utf8), "down": Array("\u{1B}[B".utf8),
        "right": Array("\u{1B}[C".utf8), "left": Array("\u{1B}[D".utf8),
        "home": Array("\u{1B}[H".utf8), "end": Array("\u{1B}[F".utf8),
        "pageup": Array("\u{1B}[5~".utf8), "pagedown": Array("\u{1B}[6~".utf8),
        "enter": [0x0D], "tab": [0x09], "space": [0x20], "backspace": [0x7F], "escape": [0x1B],
    ]
}
