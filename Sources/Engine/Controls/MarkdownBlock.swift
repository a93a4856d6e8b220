/// A block of a Markdown document: CommonMark's block structure with GFM's
/// tables and task list items, parsed line by line (the engine's own
/// parser; see ``Markdown`` for what is understood and what is not).
indirect enum MarkdownBlock: Equatable {
    /// A heading, level 1–6, its inline Markdown.
    case heading(level: Int, text: String)
    /// A paragraph's inline Markdown: its lines (without their leading
    /// whitespace) joined by line endings, which the inline parser makes
    /// soft or hard breaks. The link reference definitions it began with
    /// are not in it (a paragraph of definitions only is no block).
    case paragraph(String)
    /// A fenced or indented code block: the fence's info string (empty for
    /// none) and its lines as written.
    case code(info: String, lines: [String])
    /// A block quote's blocks.
    case quote([MarkdownBlock])
    /// A list: ordered ones number from `start`; a tight list has no blank
    /// line between its items.
    case list(ordered: Bool, start: Int, tight: Bool, items: [MarkdownListItem])
    /// A thematic break (`---`, `***`, `___`).
    case rule
    /// A GFM table: the header's cells, each column's alignment, the rows.
    case table(header: [String], alignments: [TextAlignment?], rows: [[String]])
    /// An HTML block (CommonMark §4.6): its lines as written, not read as
    /// Markdown. A block of comments only is no block (``Markdown`` shows
    /// nothing of it).
    case html([String])
}

/// An item of a Markdown list: its blocks, and for a task item whether it is checked.
struct MarkdownListItem: Equatable {
    var checked: Bool?
    var blocks: [MarkdownBlock]
}

/// Splits a document into blocks.
///
/// - Complexity: O(n) in the document's length, times the nesting depth of
///   quotes and lists (each level re-reads its own lines).
struct MarkdownBlockParser {
    private var lines: [Substring]
    private var i = 0
    /// The link reference definitions found so far, in the document's
    /// order (containers' included).
    private var definitions: [MarkdownLinkDefinition] = []
    /// Whether ``blocks(starts:definitionsBefore:)``'s starts include the
    /// paragraphs of definitions only, which make no block, and the HTML
    /// blocks of comments only, which make none either.
    private var startsDefinitionParagraphs = false
    /// Whether the last ``block()`` read an HTML block of comments only.
    private var readHiddenBlock = false
    /// Whether the last line is what follows the document's last line
    /// break (``lines(of:)``), not a line of a container's content: an
    /// unclosed fence leaves it out when it is empty.
    private let lastLineIsOpen: Bool

    private init(lines: [Substring], lastLineIsOpen: Bool) {
        self.lines = lines
        self.lastLineIsOpen = lastLineIsOpen
    }

    /// The blocks of `source`.
    static func parse(_ source: String) -> [MarkdownBlock] {
        parseDocument(source).blocks
    }

    /// The blocks of `source`, and its link reference definitions (what
    /// its inline Markdown resolves references through).
    static func parseDocument(_ source: String) -> (blocks: [MarkdownBlock], definitions: MarkdownLinkDefinitions) {
        var parser = MarkdownBlockParser(lines: lines(of: source[...]), lastLineIsOpen: true)
        var starts: [Int]?
        var before: [Int]?
        let blocks = parser.blocks(starts: &starts, definitionsBefore: &before)
        return (blocks, MarkdownLinkDefinitions(parser.definitions))
    }

    /// The lines of `text`, without their line breaks (`\n` or `\r\n`).
    /// The last is what follows the last `\n` (empty when `text` ends
    /// with one): the one line that appended text can still change.
    static func lines(of text: Substring) -> [Substring] {
        // Split on the byte, not on Characters: "\n" is never part of
        // another character's bytes (a "\r\n" pair is one Character, which
        // is why a Character split would not find it), and bytes need no
        // grapheme breaking.
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { bytes -> Substring in
            var end = bytes.endIndex
            if bytes.last == 0x0D { end = bytes.index(before: end) }
            return text[bytes.startIndex..<end]
        }
    }

    /// The top-level blocks of a document's `lines` (as ``lines(of:)``
    /// splits it), the line each starts at, the document's link reference
    /// definitions in order, and how many of them come before each block.
    static func parseWithStarts(lines: [Substring])
        -> (blocks: [MarkdownBlock], starts: [Int], definitions: [MarkdownLinkDefinition], definitionsBefore: [Int])
    {
        var parser = MarkdownBlockParser(lines: lines, lastLineIsOpen: true)
        var starts: [Int]? = []
        var before: [Int]? = []
        let blocks = parser.blocks(starts: &starts, definitionsBefore: &before)
        return (blocks, starts ?? [], parser.definitions, before ?? [])
    }

    /// The blocks of a container's content lines (a quote's, a list
    /// item's); the definitions found in them are added to `definitions`.
    /// With `starts`, the line each block starts at, and each paragraph
    /// of definitions only (no block, but a list item's blank line before
    /// it still makes its list loose).
    private static func parseContent(_ lines: [Substring], starts: inout [Int]?,
                                     definitions: inout [MarkdownLinkDefinition]) -> [MarkdownBlock]
    {
        var parser = MarkdownBlockParser(lines: lines, lastLineIsOpen: false)
        parser.startsDefinitionParagraphs = true
        var before: [Int]?
        let blocks = parser.blocks(starts: &starts, definitionsBefore: &before)
        definitions += parser.definitions
        return blocks
    }

    /// Whether the top-level block starting at line `start` of `lines`
    /// ends what is before it whatever follows line `start`: the blocks
    /// before it are parsed the same from `lines[...start]` alone, and the
    /// blocks from it the same from `lines[start...]` alone.
    ///
    /// That holds when the line before is blank and line `start` is not
    /// indented and is no list item: a blank line closes a paragraph, a
    /// table and a block quote; a line that is not indented ends an
    /// indented code block and, when it is no list item either, a list
    /// (whatever comes after it); and a top-level fence open before it
    /// would have kept the line from starting a block. Line `start` must
    /// not be the last line, which text appended to the document can
    /// still change (into a list item, say).
    ///
    /// HTML blocks keep this true because `start` is a block's start in a
    /// parse of the text: an HTML block of kinds 1–5 (`<!--`, `<pre>`, …)
    /// runs over blank lines to its end marker, or to the end of the text
    /// when it has none, so no block starts inside it and a blank line in
    /// it is never before a boundary; one of kinds 6 and 7 ends at a blank
    /// line, as a paragraph does.
    static func isBoundary(_ lines: [Substring], at start: Int) -> Bool {
        start > 0 && start < lines.count - 1 && isBlank(lines[start - 1]) && indent(lines[start]) == 0
            && listMarker(lines[start]) == nil
    }

    // MARK: - Line tests

    /// Columns of leading spaces (a tab counts to the next multiple of 4).
    static func indent(_ line: Substring) -> Int {
        var n = 0
        for c in line.utf8 {
            if c == 0x20 {
                n += 1
            } else if c == 0x09 {
                n += 4 - n % 4
            } else {
                break
            }
        }
        return n
    }

    static func isBlank(_ line: Substring) -> Bool { line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

    /// `line` without up to `columns` columns of leading whitespace.
    ///
    /// Tab stops are every 4 columns of `line`. A tab only partly removed
    /// leaves the columns it had left as spaces, and when what is left
    /// starts off a tab stop, its leading tabs become spaces, so that the
    /// result's columns count from its own start (CommonMark's tabs in
    /// containers). Only such lines are copied.
    static func dedent(_ line: Substring, _ columns: Int) -> Substring {
        var n = 0
        var index = line.startIndex
        while index < line.endIndex, n < columns {
            let c = line[index]
            if c == " " {
                n += 1
            } else if c == "\t" {
                let width = 4 - n % 4
                if n + width > columns { return expandingTabs(line[index...], at: n, dropping: columns - n) }
                n += width
            } else {
                break
            }
            index = line.index(after: index)
        }
        return rebased(line[index...], at: n)
    }

    /// `text`, which starts at column `column` of its line, such that its
    /// columns count from its own start: its leading tabs as spaces when
    /// `column` is off a tab stop.
    private static func rebased(_ text: Substring, at column: Int) -> Substring {
        guard column % 4 != 0, text.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") else { return text }
        return expandingTabs(text, at: column, dropping: 0)
    }

    /// `text`, which starts at column `column`, with its leading
    /// whitespace as spaces and the first `dropping` of them removed.
    private static func expandingTabs(_ text: Substring, at column: Int, dropping: Int) -> Substring {
        var out = ""
        var n = column
        var index = text.startIndex
        while index < text.endIndex, text[index] == " " || text[index] == "\t" {
            let width = text[index] == " " ? 1 : 4 - n % 4
            out.append(String(repeating: " ", count: width))
            n += width
            index = text.index(after: index)
        }
        out.removeFirst(Swift.min(dropping, out.count))
        out += text[index...]
        return out[...]
    }

    static func trimmed(_ s: Substring) -> Substring {
        var t = s
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return t
    }

    static func isRule(_ line: Substring) -> Bool {
        guard indent(line) < 4 else { return false }
        let t = trimmed(line)
        guard let c = t.first, c == "-" || c == "*" || c == "_" else { return false }
        var count = 0
        for x in t {
            if x == c {
                count += 1
            } else if x != " " && x != "\t" {
                return false
            }
        }
        return count >= 3
    }

    /// `(level, text)` of an ATX heading line.
    static func atxHeading(_ line: Substring) -> (Int, String)? {
        guard indent(line) < 4 else { return nil }
        let t = trimmed(line)
        let level = t.prefix { $0 == "#" }.count
        guard level >= 1, level <= 6 else { return nil }
        var rest = t.dropFirst(level)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        rest = trimmed(rest)
        // A closing run of #s preceded by a space is not part of the heading.
        let closing = rest.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let before = rest.dropLast(closing)
            if before.isEmpty || before.last == " " || before.last == "\t" { rest = trimmed(before) }
        }
        return (level, String(rest))
    }

    /// `(character, length, info)` of a code fence line.
    static func fence(_ line: Substring) -> (Character, Int, String)? {
        guard indent(line) < 4 else { return nil }
        let t = trimmed(line)
        guard let c = t.first, c == "`" || c == "~" else { return nil }
        let n = t.prefix { $0 == c }.count
        guard n >= 3 else { return nil }
        let info = trimmed(t.dropFirst(n))
        if c == "`" && info.contains("`") { return nil }
        // Entity references in an info string are decoded (CommonMark §2.5).
        return (c, n, HTMLEntities.decoding(String(info)))
    }

    /// Whether `line` closes a fence of `n` `c`s: as many or more, and no info string.
    static func closesFence(_ line: Substring, _ c: Character, _ n: Int) -> Bool {
        guard let (c2, n2, info) = fence(line) else { return false }
        return c2 == c && n2 >= n && info.isEmpty
    }

    /// A list marker: whether ordered, its number, the content's indent
    /// (columns from the line's start), and the content.
    static func listMarker(_ line: Substring) -> (ordered: Bool, number: Int, bullet: Character, contentIndent: Int, content: Substring)? {
        let lead = indent(line)
        guard lead < 4 else { return nil }
        let t = dedent(line, lead)
        var ordered = false
        var number = 0
        var markerWidth = 0
        var bullet: Character = "-"
        if let c = t.first, c == "-" || c == "+" || c == "*" {
            markerWidth = 1
            bullet = c
        } else {
            let digits = t.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9 else { return nil }
            let after = t.dropFirst(digits.count)
            guard let d = after.first, d == "." || d == ")" else { return nil }
            ordered = true
            number = Int(digits) ?? 0
            markerWidth = digits.count + 1
            bullet = d
        }
        var rest = t.dropFirst(markerWidth)
        if rest.isEmpty || isBlank(rest) { return (ordered, number, bullet, lead + markerWidth + 1, "") }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        // A tab after the marker reaches the tab stop of the line's column.
        rest = rebased(rest, at: lead + markerWidth)
        var spaces = indent(rest)
        // Five or more spaces: the content is indented code, one space is the marker's.
        if spaces > 4 { spaces = 1 }
        return (ordered, number, bullet, lead + markerWidth + spaces, dedent(rest, spaces))
    }

    /// The cells of a table row (`| a | b |`), escaped pipes kept as `|`.
    static func cells(_ line: Substring) -> [String] {
        var t = trimmed(line)
        if t.first == "|" { t = t.dropFirst() }
        if t.last == "|", !t.hasSuffix("\\|") { t = t.dropLast() }
        var cells: [String] = []
        var current = ""
        var escaped = false
        for c in t {
            if escaped {
                if c != "|" { current.append("\\") }
                current.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "|" {
                cells.append(String(trimmed(current[...])))
                current = ""
            } else {
                current.append(c)
            }
        }
        if escaped { current.append("\\") }
        cells.append(String(trimmed(current[...])))
        return cells
    }

    /// The alignments of a table's delimiter row, or nil if `line` is not one.
    static func delimiterRow(_ line: Substring) -> [TextAlignment?]? {
        guard line.contains("-"), line.contains("|") || line.contains(":") else { return nil }
        var result: [TextAlignment?] = []
        for cell in cells(line) {
            let c = cell[...]
            guard !c.isEmpty, c.allSatisfy({ $0 == "-" || $0 == ":" }), c.contains("-") else { return nil }
            let left = c.first == ":", right = c.last == ":"
            result.append(left && right ? .center : right ? .trailing : left ? .leading : nil)
        }
        return result
    }

    /// Whether `line` starts a block that ends a paragraph (an HTML block
    /// of kinds 1–6: a lone tag of kind 7 does not).
    static func interruptsParagraph(_ line: Substring) -> Bool {
        if isRule(line) || atxHeading(line) != nil || fence(line) != nil { return true }
        if let kind = RawHTML.blockStart(line), kind != 7 { return true }
        if indent(line) < 4, dedent(line, 3).first == ">" { return true }
        if let m = listMarker(line), !m.content.isEmpty, !m.ordered || m.number == 1 { return true }
        return false
    }

    // MARK: - Blocks

    /// The blocks from line `i` on; with `starts`, the line each begins
    /// at; with `definitionsBefore`, how many definitions come before each.
    private mutating func blocks(starts: inout [Int]?, definitionsBefore: inout [Int]?) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        while i < lines.count {
            let start = i
            let defined = definitions.count
            readHiddenBlock = false
            if let block = block() {
                result.append(block)
                starts?.append(start)
                definitionsBefore?.append(defined)
            } else if startsDefinitionParagraphs && (definitions.count > defined || readHiddenBlock) {
                starts?.append(start)
            }
        }
        return result
    }

    /// The block starting at line `i` (nil for a blank line), leaving `i` after it.
    private mutating func block() -> MarkdownBlock? {
        let line = lines[i]
        let rules = MarkdownBlockParser.self
        if rules.isBlank(line) {
            i += 1
            return nil
        }
        if rules.indent(line) >= 4 { return indentedCode() }
        if let kind = RawHTML.blockStart(line) { return htmlBlock(kind) }
        if let (c, n, info) = rules.fence(line) { return fencedCode(c, n, info, indent: rules.indent(line)) }
        if let (level, text) = rules.atxHeading(line) {
            i += 1
            return .heading(level: level, text: text)
        }
        if rules.isRule(line) {
            i += 1
            return .rule
        }
        if rules.dedent(line, 3).first == ">" { return quote() }
        if rules.listMarker(line) != nil { return list() }
        if i + 1 < lines.count, line.contains("|"), let alignments = rules.delimiterRow(lines[i + 1]),
           rules.cells(line).count == alignments.count
        {
            return table(alignments)
        }
        return paragraph()
    }

    private mutating func indentedCode() -> MarkdownBlock {
        var code: [String] = []
        while i < lines.count, MarkdownBlockParser.isBlank(lines[i]) || MarkdownBlockParser.indent(lines[i]) >= 4 {
            code.append(String(MarkdownBlockParser.dedent(lines[i], 4)))
            i += 1
        }
        while let last = code.last, MarkdownBlockParser.isBlank(last[...]) { code.removeLast() }
        return .code(info: "", lines: code)
    }

    private mutating func fencedCode(_ c: Character, _ n: Int, _ info: String, indent: Int) -> MarkdownBlock {
        i += 1
        var code: [String] = []
        while i < lines.count {
            let line = lines[i]
            i += 1
            if MarkdownBlockParser.closesFence(line, c, n) { return .code(info: info, lines: code) }
            code.append(String(MarkdownBlockParser.dedent(line, indent)))
        }
        // Unclosed: the block runs to the end of the document, whose last
        // line, when empty, is no line but the end of the one before it.
        if lastLineIsOpen, lines.last?.isEmpty == true, code.last?.isEmpty == true { code.removeLast() }
        return .code(info: info, lines: code)
    }

    /// An HTML block of `kind` (1–7) from line `i`: kinds 1–5 to the line
    /// with their end marker (or the end of the text), 6 and 7 to a blank
    /// line. Nil (and ``readHiddenBlock``) for comments only.
    private mutating func htmlBlock(_ kind: Int) -> MarkdownBlock? {
        var block: [String] = []
        while i < lines.count {
            let line = lines[i]
            if kind >= 6 && MarkdownBlockParser.isBlank(line) { break }
            block.append(String(line))
            i += 1
            if kind <= 5 && RawHTML.blockEnds(kind, line) { break }
        }
        // Unclosed at the end of the text, whose last line, when empty, is
        // no line but the end of the one before it.
        if kind <= 5, i == lines.count, lastLineIsOpen, block.count > 1, lines.last?.isEmpty == true,
           block.last?.isEmpty == true
        {
            block.removeLast()
        }
        if RawHTML.isCommentsOnly(block) {
            readHiddenBlock = true
            return nil
        }
        return .html(block)
    }

    private mutating func quote() -> MarkdownBlock {
        var inner: [Substring] = []
        var paragraph = OpenParagraph()
        let rules = MarkdownBlockParser.self
        while i < lines.count {
            let line = lines[i]
            let d = rules.dedent(line, 3)
            if rules.indent(line) < 4, d.first == ">" {
                // The optional space after `>` may be one column of a tab.
                let column = rules.indent(line) + 1
                var rest = d.dropFirst()
                if rest.first == "\t" {
                    rest = rules.expandingTabs(rest, at: column, dropping: 1)
                } else {
                    if rest.first == " " { rest = rest.dropFirst() }
                    rest = rules.rebased(rest, at: column + 1)
                }
                inner.append(rest)
            } else if !rules.isBlank(line), paragraph.isOpen, !rules.interruptsParagraph(line) {
                // A lazy continuation of the quote's paragraph.
                inner.append(rules.lazyLine(line))
            } else {
                break
            }
            paragraph.add(inner[inner.count - 1])
            i += 1
        }
        var starts: [Int]?
        return .quote(rules.parseContent(inner, starts: &starts, definitions: &definitions))
    }

    private mutating func list() -> MarkdownBlock? {
        let rules = MarkdownBlockParser.self
        guard let first = rules.listMarker(lines[i]) else { return paragraph() }
        var items: [MarkdownListItem] = []
        var tight = true
        var sawBlankBetween = false
        // A thematic break ends the list, though `* * *` reads as a marker too.
        while i < lines.count, !rules.isRule(lines[i]), let m = rules.listMarker(lines[i]), m.ordered == first.ordered,
              m.bullet == first.bullet
        {
            if sawBlankBetween { tight = false }
            var inner: [Substring] = [m.content]
            var paragraph = OpenParagraph()
            paragraph.add(m.content)
            // An item may begin with one blank line, not two: after a
            // marker and a blank line, the item is empty.
            var ended = false
            i += 1
            while i < lines.count {
                let line = lines[i]
                if rules.isBlank(line) {
                    if inner.count == 1 && rules.isBlank(inner[0]) { ended = true }
                    inner.append("")
                    paragraph.add("")
                    i += 1
                    continue
                }
                if ended { break }
                if rules.indent(line) >= m.contentIndent {
                    inner.append(rules.dedent(line, m.contentIndent))
                    paragraph.add(inner[inner.count - 1])
                    i += 1
                    continue
                }
                // A lazy continuation line of the item's paragraph.
                if paragraph.isOpen, !rules.interruptsParagraph(line), rules.listMarker(line) == nil {
                    inner.append(rules.lazyLine(line))
                    paragraph.add(line)
                    i += 1
                    continue
                }
                break
            }
            // Trailing blank lines belong between items, not in this one
            // (an empty first line is the item's own).
            var trailing = 0
            while inner.count > 1, let last = inner.last, rules.isBlank(last) {
                inner.removeLast()
                trailing += 1
            }
            sawBlankBetween = trailing > 0
            var checked: Bool?
            if var firstLine = inner.first {
                if firstLine.hasPrefix("[ ] ") || firstLine == "[ ]" {
                    checked = false
                } else if firstLine.hasPrefix("[x] ") || firstLine.hasPrefix("[X] ") || firstLine == "[x]" || firstLine == "[X]" {
                    checked = true
                }
                if checked != nil {
                    firstLine = firstLine.dropFirst(Swift.min(4, firstLine.count))
                    inner[0] = firstLine
                }
            }
            var starts: [Int]? = []
            let blocks = rules.parseContent(inner, starts: &starts, definitions: &definitions)
            // A blank line between two of the item's own blocks makes the
            // list loose; one inside a block (a nested list, a fence) does not.
            for start in (starts ?? []).dropFirst() where rules.isBlank(inner[start - 1]) { tight = false }
            items.append(MarkdownListItem(checked: checked, blocks: blocks))
            if trailing > 0, i < lines.count, rules.listMarker(lines[i]) == nil { break }
        }
        // Blank lines after the last item leave the list where it ended.
        return .list(ordered: first.ordered, start: first.number, tight: tight, items: items)
    }

    private mutating func table(_ alignments: [TextAlignment?]) -> MarkdownBlock {
        let rules = MarkdownBlockParser.self
        let header = rules.cells(lines[i])
        i += 2
        var rows: [[String]] = []
        while i < lines.count, !rules.isBlank(lines[i]), !rules.interruptsParagraph(lines[i]) {
            var row = rules.cells(lines[i])
            // Rows have the header's cells: extra ones are dropped, missing ones empty.
            if row.count > header.count { row.removeLast(row.count - header.count) }
            while row.count < header.count { row.append("") }
            rows.append(row)
            i += 1
        }
        return .table(header: header, alignments: alignments, rows: rows)
    }

    /// A paragraph, or the setext heading it turns into. The link
    /// reference definitions its lines begin with are taken out of it
    /// (into ``definitions``); nil when nothing else is left.
    private mutating func paragraph() -> MarkdownBlock? {
        let rules = MarkdownBlockParser.self
        // The lines without their leading whitespace.
        var content: [Substring] = []
        // Only a paragraph whose first line starts with `[` can begin with
        // definitions: the one test paragraphs without them pay.
        let mayDefine = rules.trimmed(lines[i]).utf8.first == 0x5B
        while i < lines.count {
            let line = lines[i]
            if rules.isBlank(line) { break }
            if !content.isEmpty {
                // A setext underline makes the paragraph a heading; `---` is
                // one before it is a thematic break.
                let t = rules.trimmed(line)
                if rules.indent(line) < 4, !t.isEmpty, t.allSatisfy({ $0 == "=" }) || t.allSatisfy({ $0 == "-" }) {
                    let (found, defined) = mayDefine ? MarkdownLinkDefinitions.definitions(in: content) : ([], 0)
                    if defined < content.count {
                        definitions += found
                        i += 1
                        return .heading(level: t.first == "=" ? 1 : 2, text: rules.paragraphText(content[defined...]))
                    }
                    // Definitions only: no heading to underline (CommonMark
                    // §4.7). A rule ends them; `===` is a line of text, and
                    // the definitions are read again when the paragraph ends.
                    if rules.isRule(line) {
                        definitions += found
                        return nil
                    }
                } else if rules.interruptsParagraph(line) {
                    break
                }
            }
            content.append(line.drop { $0 == " " || $0 == "\t" })
            i += 1
        }
        guard mayDefine else { return .paragraph(rules.paragraphText(content[...])) }
        let (found, defined) = MarkdownLinkDefinitions.definitions(in: content)
        definitions += found
        return defined < content.count ? .paragraph(rules.paragraphText(content[defined...])) : nil
    }

    /// A lazy continuation line as the container's content reads it: it
    /// continues a paragraph and is never a setext underline (CommonMark
    /// §4.3: "the setext heading underline cannot be a lazy continuation
    /// line"), so a line of `=` gets a backslash before its first `=`,
    /// which the inline parser drops again (`\=` is an escaped `=`). A `-`
    /// line interrupts a paragraph (a thematic break) and is never lazy.
    static func lazyLine(_ line: Substring) -> Substring {
        let t = trimmed(line)
        guard indent(line) < 4, !t.isEmpty, t.allSatisfy({ $0 == "=" }),
              let first = line.firstIndex(of: "=") else { return line }
        return Substring(String(line[..<first]) + "\\" + String(line[first...]))
    }

    /// The text of a paragraph's `lines` (their leading whitespace
    /// removed): the lines joined by line endings, the last without its
    /// trailing whitespace. Whether a line ending is a soft break or a
    /// hard one (after two spaces or a backslash) is the inline parser's
    /// to say: inside a code span it is neither, but a space.
    static func paragraphText(_ lines: ArraySlice<Substring>) -> String {
        var text = ""
        for (k, line) in lines.enumerated() {
            if k > 0 { text += "\n" }
            text += k == lines.count - 1 ? trimmed(line) : line
        }
        return text
    }
}

/// Whether the lines of a container so far leave a paragraph open: a lazy
/// continuation line (one without the container's `>` or indentation)
/// continues a paragraph, and no other block. It follows fences, and reads
/// through the markers of quotes and list items the lines open.
struct OpenParagraph {
    private var fence: (Character, Int)?
    /// The kind of the HTML block the lines are in.
    private var html: Int?
    private(set) var isOpen = false

    mutating func add(_ line: Substring) {
        let rules = MarkdownBlockParser.self
        if let (c, n) = fence {
            if rules.closesFence(line, c, n) { fence = nil }
            return
        }
        if let kind = html {
            if kind <= 5 ? RawHTML.blockEnds(kind, line) : rules.isBlank(line) { html = nil }
            return
        }
        var l = line
        while rules.indent(l) < 4 {
            let d = rules.dedent(l, 3)
            if d.first == ">" {
                l = d.dropFirst()
            } else if !isOpen, let m = rules.listMarker(l), !m.content.isEmpty {
                l = m.content
            } else {
                break
            }
        }
        if rules.isBlank(l) {
            isOpen = false
        } else if rules.indent(l) < 4, let kind = RawHTML.blockStart(l), !isOpen || kind != 7 {
            isOpen = false
            if kind >= 6 || !RawHTML.blockEnds(kind, l) { html = kind }
        } else if let (c, n, _) = rules.fence(l) {
            fence = (c, n)
            isOpen = false
        } else if rules.indent(l) >= 4 {
            // Indented code, unless it continues a paragraph.
        } else if rules.atxHeading(l) != nil || rules.isRule(l) || (isOpen && rules.trimmed(l).allSatisfy { $0 == "=" }) {
            isOpen = false
        } else {
            isOpen = true
        }
    }
}
