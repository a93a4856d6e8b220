/// A small highlighter for code blocks in Swift, JSON and shell: keywords
/// bold in the tint colour, strings green, numbers magenta, comments in
/// ``Color/secondary``. It reads one line at a time, so a string or
/// comment spanning lines is coloured on its first line only.
///
/// Languages, by a code fence's info string: `swift`; `json`; `sh`,
/// `bash`, `shell`, `zsh`, `console`. Other languages are left plain.
public struct KeywordHighlighter: SyntaxHighlighter {
    static let keywords: [String: Set<String>] = [
        "swift": ["let", "var", "func", "struct", "class", "enum", "protocol", "extension", "import", "return", "if",
                  "else", "guard", "for", "in", "while", "switch", "case", "default", "break", "continue", "public",
                  "private", "internal", "static", "self", "Self", "true", "false", "nil", "some", "any", "init",
                  "throws", "try", "await", "async", "where", "do", "catch", "final", "mutating", "inout"],
        "json": ["true", "false", "null"],
        "sh": ["if", "then", "else", "elif", "fi", "for", "in", "do", "done", "while", "case", "esac", "function",
               "return", "export", "local", "echo", "cd"],
    ]

    /// A highlighter for Swift, JSON and shell.
    public init() {}

    static func family(_ language: String) -> String? {
        switch language {
        case "swift": return "swift"
        case "json": return "json"
        case "sh", "bash", "shell", "zsh", "console": return "sh"
        default: return nil
        }
    }

    public func highlight(_ line: String, language: String) -> Text? {
        guard let family = KeywordHighlighter.family(language), let keywords = KeywordHighlighter.keywords[family] else {
            return nil
        }
        let comment: [UInt8] = family == "swift" ? [0x2F, 0x2F] : family == "sh" ? [0x23] : []
        let bytes = Array(line.utf8)
        var result = Text(verbatim: "")
        var plainStart = 0
        var i = 0
        func piece(_ range: Range<Int>) -> Text { Text(verbatim: String(decoding: bytes[range], as: UTF8.self)) }
        func flushPlain(upTo end: Int) {
            if end > plainStart { result += piece(plainStart..<end).foregroundColor(Color(role: .code)) }
        }
        func isWord(_ b: UInt8) -> Bool { InlineMarkdown.isASCIILetter(b) || (b >= 0x30 && b <= 0x39) || b == 0x5F }
        while i < bytes.count {
            let b = bytes[i]
            if !comment.isEmpty, bytes[i...].starts(with: comment), family != "sh" || i == 0 || bytes[i - 1] == 0x20 {
                flushPlain(upTo: i)
                result += piece(i..<bytes.count).foregroundColor(.secondary)
                return result
            }
            if b == 0x22 || (b == 0x27 && family == "sh") {
                var j = i + 1
                while j < bytes.count, bytes[j] != b {
                    if bytes[j] == 0x5C { j += 1 }
                    j += 1
                }
                j = Swift.min(j + 1, bytes.count)
                flushPlain(upTo: i)
                result += piece(i..<j).foregroundColor(.green)
                i = j
                plainStart = j
                continue
            }
            if isWord(b), i == 0 || !isWord(bytes[i - 1]) {
                var j = i
                while j < bytes.count, isWord(bytes[j]) { j += 1 }
                let word = String(decoding: bytes[i..<j], as: UTF8.self)
                if b >= 0x30 && b <= 0x39 {
                    flushPlain(upTo: i)
                    result += piece(i..<j).foregroundColor(.magenta)
                    plainStart = j
                } else if keywords.contains(word) {
                    flushPlain(upTo: i)
                    result += piece(i..<j).bold().foregroundColor(.accentColor)
                    plainStart = j
                }
                i = j
                continue
            }
            i += 1
        }
        flushPlain(upTo: bytes.count)
        return result
    }
}
