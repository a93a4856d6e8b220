/// A ``LineHighlighter`` for Swift source: keywords bold in the tint
/// colour, string literals green (single-line, multi-line `"""` and raw
/// `#"…"#`), comments in ``Color/secondary`` (`//` and nested `/* */`),
/// numbers magenta (decimal, hexadecimal, octal, binary, with `_` and
/// exponents), attributes (`@MainActor`, `@State`) yellow, and `#if`-style
/// directives as keywords.
///
/// ```swift
/// TextEditor(text: $source)
///     .lineWrappingDisabled()
///     .textEditorHighlighter(SwiftHighlighter())
/// ```
///
/// It is a lexer, not a parser: contextual keywords (`get`, `set`,
/// `willSet`, `some`) are coloured wherever they appear as words, and a
/// string's interpolations are coloured as the string.
public struct SwiftHighlighter: LineHighlighter {
    /// What a line leaves open.
    public enum State: Hashable, Sendable {
        /// Nothing: the next line starts in code.
        case code
        /// Inside `/* */` comments nested `depth` deep (at least 1).
        case blockComment(depth: Int)
        /// Inside a multi-line string literal opened with `"""` after
        /// `hashes` `#` signs (a raw string's delimiter).
        case multilineString(hashes: Int)
    }

    /// Keywords.
    public var keywordStyle = Style(foreground: .accentColor, attributes: .bold)
    /// String literals.
    public var stringStyle = Style(foreground: .green)
    /// Comments.
    public var commentStyle = Style(foreground: .secondary)
    /// Number literals.
    public var numberStyle = Style(foreground: .magenta)
    /// Attributes (`@name`).
    public var attributeStyle = Style(foreground: .yellow)

    /// A highlighter in the default colours.
    public init() {}

    public var initialState: State { .code }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "actor", "any", "some", "get", "set", "willSet", "didSet", "lazy", "mutating", "nonmutating",
        "override", "final", "required", "convenience", "dynamic", "weak", "unowned", "indirect", "nonisolated",
        "package", "consuming", "borrowing", "each", "macro", "sending",
    ]

    public func highlight(_ line: Substring, state: inout State) -> [HighlightRun] {
        let bytes = Array(line.utf8)
        var runs: [HighlightRun] = []
        let n = bytes.count
        var i = 0
        func add(_ range: Range<Int>, _ style: Style) {
            if !range.isEmpty { runs.append(HighlightRun(range, style)) }
        }
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
                || b >= 0x80
        }
        func at(_ k: Int, _ text: String) -> Bool {
            var k = k
            for b in text.utf8 {
                guard k < n, bytes[k] == b else { return false }
                k += 1
            }
            return true
        }
        /// The end of a block comment that is `depth` deep at `from`, or nil
        /// (the line ends inside it; `depth` is then what is left open).
        func blockCommentEnd(from: Int, depth: inout Int) -> Int? {
            var k = from
            while k < n {
                if at(k, "/*") {
                    depth += 1
                    k += 2
                } else if at(k, "*/") {
                    depth -= 1
                    k += 2
                    if depth == 0 { return k }
                } else {
                    k += 1
                }
            }
            return nil
        }
        /// Where a string whose closing delimiter is `close` followed by
        /// `hashes` `#`s ends, from `from`; nil if not on this line.
        func stringEnd(from: Int, quotes: Int, hashes: Int) -> Int? {
            var k = from
            while k < n {
                if bytes[k] == 0x5C && hashes == 0 {
                    k += 2  // an escape: the next byte is not a delimiter
                    continue
                }
                if bytes[k] == 0x22 {
                    var q = 0
                    while k + q < n && bytes[k + q] == 0x22 && q < quotes { q += 1 }
                    if q == quotes {
                        var h = 0
                        while k + q + h < n && bytes[k + q + h] == 0x23 && h < hashes { h += 1 }
                        if h == hashes { return k + q + h }
                    }
                    k += Swift.max(q, 1)
                    continue
                }
                k += 1
            }
            return nil
        }

        // What the previous line left open.
        switch state {
        case .code:
            break
        case .blockComment(var depth):
            if let end = blockCommentEnd(from: 0, depth: &depth) {
                add(0..<end, commentStyle)
                state = .code
                i = end
            } else {
                add(0..<n, commentStyle)
                state = .blockComment(depth: depth)
                return runs
            }
        case .multilineString(let hashes):
            if let end = stringEnd(from: 0, quotes: 3, hashes: hashes) {
                add(0..<end, stringStyle)
                state = .code
                i = end
            } else {
                add(0..<n, stringStyle)
                return runs
            }
        }

        while i < n {
            let b = bytes[i]
            if at(i, "//") {
                add(i..<n, commentStyle)
                return runs
            }
            if at(i, "/*") {
                var depth = 1
                if let end = blockCommentEnd(from: i + 2, depth: &depth) {
                    add(i..<end, commentStyle)
                    i = end
                    continue
                }
                add(i..<n, commentStyle)
                state = .blockComment(depth: depth)
                return runs
            }
            // Strings: optional #s, then """ or ".
            if b == 0x22 || b == 0x23 {
                var hashes = 0
                while i + hashes < n && bytes[i + hashes] == 0x23 { hashes += 1 }
                let q = i + hashes
                if q < n && bytes[q] == 0x22 {
                    if at(q, "\"\"\"") {
                        if let end = stringEnd(from: q + 3, quotes: 3, hashes: hashes) {
                            add(i..<end, stringStyle)
                            i = end
                            continue
                        }
                        add(i..<n, stringStyle)
                        state = .multilineString(hashes: hashes)
                        return runs
                    }
                    // A single-line string ends at its quote or the line's end.
                    let end = stringEnd(from: q + 1, quotes: 1, hashes: hashes) ?? n
                    add(i..<end, stringStyle)
                    i = end
                    continue
                }
                if hashes > 0 {
                    // A directive (#if, #available): the word after the #s.
                    var j = q
                    while j < n && isWordByte(bytes[j]) { j += 1 }
                    add(i..<j, j > q ? keywordStyle : Style.plain)
                    i = Swift.max(j, i + hashes)
                    continue
                }
            }
            if b == 0x40, i + 1 < n, isWordByte(bytes[i + 1]) {
                var j = i + 1
                while j < n && isWordByte(bytes[j]) { j += 1 }
                add(i..<j, attributeStyle)
                i = j
                continue
            }
            if isWordByte(b) {
                var j = i
                while j < n && isWordByte(bytes[j]) { j += 1 }
                if b >= 0x30 && b <= 0x39 {
                    // A number: its word, then a fraction (".5") or a signed
                    // exponent (e-3; p+2 in hexadecimal) and their digits.
                    let hex = b == 0x30 && i + 1 < n && bytes[i + 1] | 0x20 == 0x78
                    while j < n {
                        let c = bytes[j], previous = bytes[j - 1] | 0x20
                        let exponent = (c == 0x2B || c == 0x2D) && previous == (hex ? 0x70 : 0x65)
                        let fraction = c == 0x2E && j + 1 < n && bytes[j + 1] >= 0x30 && bytes[j + 1] <= 0x39
                        guard exponent || fraction else { break }
                        j += 1
                        while j < n && isWordByte(bytes[j]) { j += 1 }
                    }
                    add(i..<j, numberStyle)
                } else if j - i <= 15, SwiftHighlighter.keywords.contains(String(decoding: bytes[i..<j], as: UTF8.self)) {
                    add(i..<j, keywordStyle)
                }
                i = j
                continue
            }
            i += 1
        }
        return runs
    }
}
