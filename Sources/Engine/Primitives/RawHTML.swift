/// CommonMark's raw HTML (§6.6) and the HTML block starts built on it
/// (§4.6): open and closing tags, comments, processing instructions,
/// declarations and CDATA sections, recognised (never interpreted) so that
/// what is inside them is not read as Markdown.
enum RawHTML {
    /// The positions from which a search for each terminator found none:
    /// a later search from there on fails at once, so a document of
    /// 50,000 unclosed `<!--` (or `<a x="`) is read once, not once per
    /// opener (CommonMark's pathological inputs).
    struct Misses {
        fileprivate var found: [Int] = [Int](repeating: .max, count: Terminator.allCases.count)
    }

    private enum Terminator: Int, CaseIterable {
        case comment, instruction, declaration, cdata, doubleQuote, singleQuote

        var bytes: [UInt8] {
            switch self {
            case .comment: [0x2D, 0x2D, 0x3E]  // -->
            case .instruction: [0x3F, 0x3E]  // ?>
            case .declaration: [0x3E]  // >
            case .cdata: [0x5D, 0x5D, 0x3E]  // ]]>
            case .doubleQuote: [0x22]
            case .singleQuote: [0x27]
            }
        }
    }

    /// The raw HTML starting with the `<` at `bytes[start]`: where it ends,
    /// and whether it is a comment. Nil when `<` starts none.
    ///
    /// - Complexity: a tag's scan stops at the next `<` outside a quoted
    ///   value, and the searches for terminators remember their misses:
    ///   O(n) over a paragraph for any input but crafted quotes.
    static func scan(_ bytes: [UInt8], at start: Int, misses: inout Misses) -> (end: Int, isComment: Bool)? {
        let n = bytes.count
        guard start + 1 < n, bytes[start] == 0x3C else { return nil }
        let b = bytes[start + 1]
        if isLetter(b) { return openTag(bytes, at: start, misses: &misses).map { ($0, false) } }
        if b == 0x2F { return closingTag(bytes, at: start).map { ($0, false) } }
        if b == 0x3F { return find(.instruction, in: bytes, from: start + 2, misses: &misses).map { ($0, false) } }
        guard b == 0x21, start + 2 < n else { return nil }
        if has(bytes, start + 2, "--") {
            // `<!-->` and `<!--->` are comments too.
            if start + 4 < n, bytes[start + 4] == 0x3E { return (start + 5, true) }
            if start + 5 < n, bytes[start + 4] == 0x2D, bytes[start + 5] == 0x3E { return (start + 6, true) }
            return find(.comment, in: bytes, from: start + 4, misses: &misses).map { ($0, true) }
        }
        if has(bytes, start + 2, "[CDATA[") { return find(.cdata, in: bytes, from: start + 9, misses: &misses).map { ($0, false) } }
        if isLetter(bytes[start + 2]) { return find(.declaration, in: bytes, from: start + 3, misses: &misses).map { ($0, false) } }
        return nil
    }

    /// An open tag at `start` (`<name`, attributes, optional `/`, `>`):
    /// the index after it.
    static func openTag(_ bytes: [UInt8], at start: Int, misses: inout Misses) -> Int? {
        let n = bytes.count
        var i = start + 1
        guard i < n, isLetter(bytes[i]) else { return nil }
        while i < n, isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == 0x2D { i += 1 }
        while true {
            let spaceStart = i
            skipSpace(bytes, &i)
            guard i > spaceStart, i < n, isLetter(bytes[i]) || bytes[i] == 0x5F || bytes[i] == 0x3A else { break }
            // An attribute: its name, then maybe `=` and a value.
            while i < n, isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == 0x5F || bytes[i] == 0x2E || bytes[i] == 0x3A
                || bytes[i] == 0x2D
            {
                i += 1
            }
            let afterName = i
            skipSpace(bytes, &i)
            guard i < n, bytes[i] == 0x3D else {
                i = afterName
                continue
            }
            i += 1
            skipSpace(bytes, &i)
            guard i < n else { return nil }
            if bytes[i] == 0x22 || bytes[i] == 0x27 {
                guard let end = find(bytes[i] == 0x22 ? .doubleQuote : .singleQuote, in: bytes, from: i + 1, misses: &misses)
                else { return nil }
                i = end
            } else {
                let valueStart = i
                while i < n, !isSpace(bytes[i]), !"\"'=<>`".utf8.contains(bytes[i]) { i += 1 }
                guard i > valueStart else { return nil }
            }
        }
        if i < n, bytes[i] == 0x2F { i += 1 }
        guard i < n, bytes[i] == 0x3E else { return nil }
        return i + 1
    }

    /// A closing tag at `start` (`</name`, optional whitespace, `>`): the
    /// index after it.
    static func closingTag(_ bytes: [UInt8], at start: Int) -> Int? {
        let n = bytes.count
        var i = start + 2
        guard i < n, bytes[start + 1] == 0x2F, isLetter(bytes[i]) else { return nil }
        while i < n, isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == 0x2D { i += 1 }
        skipSpace(bytes, &i)
        guard i < n, bytes[i] == 0x3E else { return nil }
        return i + 1
    }

    /// The index after the first `terminator` at or after `from`.
    private static func find(_ terminator: Terminator, in bytes: [UInt8], from: Int, misses: inout Misses) -> Int? {
        guard from < misses.found[terminator.rawValue] else { return nil }
        let pattern = terminator.bytes
        var i = from
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0] {
                var k = 1
                while k < pattern.count, bytes[i + k] == pattern[k] { k += 1 }
                if k == pattern.count { return i + k }
            }
            i += 1
        }
        misses.found[terminator.rawValue] = from
        return nil
    }

    private static func has(_ bytes: [UInt8], _ at: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for k in 0..<count where bytes[at + k] != text.utf8Start[k] { return false }
        return true
    }

    /// Spaces, tabs and line endings (a paragraph's lines are joined by `\n`).
    private static func skipSpace(_ bytes: [UInt8], _ i: inout Int) {
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    // MARK: - HTML blocks (§4.6)

    /// The block-level elements whose tags start an HTML block of kind 6.
    private static let blockNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
        "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// The elements whose blocks (kind 1) run to their closing tag,
    /// blank lines included.
    private static let rawTextNames: [String] = ["pre", "script", "style", "textarea"]

    /// The kind (1–7, the spec's start conditions) of the HTML block
    /// `line` starts, nil for none. A line that does not start with `<`
    /// after up to three spaces costs that byte check.
    static func blockStart(_ line: Substring) -> Int? {
        let utf8 = line.utf8
        var index = utf8.startIndex
        var spaces = 0
        while index < utf8.endIndex, utf8[index] == 0x20, spaces < 3 {
            index = utf8.index(after: index)
            spaces += 1
        }
        guard index < utf8.endIndex, utf8[index] == 0x3C else { return nil }
        let bytes = Array(utf8[index...])
        let n = bytes.count
        guard n >= 2 else { return nil }
        if bytes[1] == 0x21 {
            if has(bytes, 2, "--") { return 2 }
            if has(bytes, 2, "[CDATA[") { return 5 }
            if n > 2, isLetter(bytes[2]) { return 4 }
            return nil
        }
        if bytes[1] == 0x3F { return 3 }
        let closing = bytes[1] == 0x2F
        var i = closing ? 2 : 1
        let nameStart = i
        guard i < n, isLetter(bytes[i]) else { return nil }
        while i < n, isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == 0x2D { i += 1 }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
        let ends = i == n || bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x3E
        if !closing, ends, rawTextNames.contains(name) { return 1 }
        if blockNames.contains(name), ends || (i + 1 < n && bytes[i] == 0x2F && bytes[i + 1] == 0x3E) { return 6 }
        // Kind 7: a whole open or closing tag, then only spaces and tabs
        // (`<pre/>` and `</pre>` too, as the spec's reference parsers read it).
        var misses = Misses()
        guard let end = closing ? closingTag(bytes, at: 0) : openTag(bytes, at: 0, misses: &misses),
              bytes[end...].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        return 7
    }

    /// Whether `line` ends an HTML block of kind `kind` (1–5; the others
    /// end before a blank line).
    static func blockEnds(_ kind: Int, _ line: Substring) -> Bool {
        switch kind {
        case 1:
            let lower = line.lowercased()
            return rawTextNames.contains { lower.contains("</\($0)>") }
        case 2: return line.contains("-->")
        case 3: return line.contains("?>")
        case 4: return line.contains(">")
        case 5: return line.contains("]]>")
        default: return false
        }
    }

    /// Whether `lines` (an HTML block's) hold comments only, and spaces
    /// between them: a block ``Markdown`` does not show.
    static func isCommentsOnly(_ lines: [String]) -> Bool {
        let bytes = Array(lines.joined(separator: "\n").utf8)
        var i = 0
        var misses = Misses()
        var sawComment = false
        while i < bytes.count {
            if isSpace(bytes[i]) {
                i += 1
                continue
            }
            guard let (end, isComment) = scan(bytes, at: i, misses: &misses), isComment else { return false }
            sawComment = true
            i = end
        }
        return sawComment
    }
}
