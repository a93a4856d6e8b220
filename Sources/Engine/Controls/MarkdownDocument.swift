/// Colours the lines of a code block in a ``Markdown`` document.
///
/// A highlighter turns one line into a ``Text`` with styled runs (build it
/// by concatenation: `Text(verbatim: "let").bold() + Text(verbatim: " x")`),
/// or returns nil to leave the line in the theme's code colour. It sees one
/// line at a time, when the line is first shown, and again after its
/// block's text changes; a ``LineHighlighter`` given with
/// ``View/markdownCodeHighlighter(_:language:)`` is asked only for the
/// lines that changed, and carries state (an open comment) from line to line.
///
/// ```swift
/// struct TodoHighlighter: SyntaxHighlighter {
///     func highlight(_ line: String, language: String) -> Text? {
///         line.hasPrefix("TODO") ? Text(verbatim: line).foregroundColor(.red) : nil
///     }
/// }
/// Markdown(readme, highlighter: TodoHighlighter())
/// ```
public protocol SyntaxHighlighter: Sendable {
    /// `line` of a code block whose info string starts with `language`
    /// (lowercased; empty when the block names none), styled; nil to leave
    /// it plain.
    func highlight(_ line: String, language: String) -> Text?
}

/// A document flattened into the lines a ``Markdown`` view shows: each a
/// ``Text`` (which wraps) after a prefix (a quote's bar, a list's marker,
/// drawn again on each wrapped row as its continuation).
///
/// It is read again in part when its text changes ( ``update(_:)``): the
/// lines of the document up to its last top-level block boundary that text
/// appended later cannot move (``MarkdownBlockParser/isBoundary(_:at:)``)
/// are kept, with what they were turned into, and only the text after it
/// is parsed again: an answer streamed into the view costs its last block,
/// not the document.
///
/// A link reference definition may come after the paragraphs that use it
/// (a README's `[docs]: https://…` at its end), so text read again can
/// change kept lines. The kept top-level blocks that looked up a label the
/// kept text does not define are remembered (``LinkDependencies``); when
/// the text read again resolves such a label otherwise than before, those
/// blocks are made again (their lines keep their places: a reference
/// changes a line's text, never how many lines a block makes). A label the
/// kept text defines cannot change: the first definition wins, and the
/// kept text comes first.
struct MarkdownDocument {
    /// One line of the document as shown: a unit of the view's laziness.
    struct Line: Equatable {
        /// A code line's text is its block's, whatever links resolve to.
        enum Kind: Equatable { case text, rule, code }
        var kind = Kind.text
        /// Drawn before the first row of the text.
        var prefix = ""
        /// Drawn before each further row (as wide as `prefix`).
        var continuation = ""
        var prefixStyle = Style.plain
        var text = Text(verbatim: "")
        /// A code line not yet given to the ``SyntaxHighlighter``: its
        /// block's language. Lines are coloured when first shown
        /// (``colour(_:)``), so a long document costs the lines looked at.
        var pendingLanguage: String?
    }

    /// A code block left for a ``LineHighlighter`` (its language has one):
    /// its lines are `lines[firstLine..<(firstLine + count)]`, drawn plain
    /// until ``MarkdownCursor`` colours them.
    struct CodeBlock: Equatable {
        var language: String
        /// The block's lines joined by line breaks.
        var text: String
        var firstLine: Int
        var count: Int
    }

    /// What an ``update(_:)`` keeps: the source's first `bytes` bytes
    /// (up to a block boundary) were turned into the first `lines` lines
    /// and `codeBlocks` code blocks (every block makes at least one line).
    /// The boundary holds while the first `checkedBytes` bytes (through
    /// the boundary's own line) are unchanged.
    private struct Stable {
        var bytes = 0
        var checkedBytes = 0
        var lines = 0
        var codeBlocks = 0
    }

    /// What the kept lines' links depend on beyond the kept text: what a
    /// read must check the text after the boundary against.
    private struct LinkDependencies {
        /// A kept top-level block that looked up a label the kept text
        /// does not define: the block, and its first line.
        struct Dependent {
            var block: MarkdownBlock
            var firstLine: Int
            var labels: [String]
        }
        /// The kept text's definitions.
        var kept = MarkdownLinkDefinitions()
        /// Labels kept lines looked up that the kept text does not define,
        /// and the destination the text after it gave them then; those it
        /// did not define are in `unresolved`.
        var resolved: [String: String] = [:]
        var unresolved: Set<String> = []
        var dependents: [Dependent] = []
    }

    /// What changed in an ``update(_:)``: the lines and code blocks from
    /// these indices on were made again.
    struct Change: Equatable {
        var firstLine: Int
        var firstCodeBlock: Int
        /// Whether the new text is the old with text added at its end.
        var appended: Bool
        /// Kept lines (before `firstLine`) made again: the blocks whose
        /// references the text read resolves otherwise. Their count is
        /// unchanged, and their code lines are left as they were.
        var remade: [Range<Int>] = []
    }

    var lines: [Line] = []
    var codeBlocks: [CodeBlock] = []
    /// The text the lines were made from.
    private(set) var source = ""
    private var stable = Stable()
    private var links = LinkDependencies()
    /// The definitions the lines being made resolve references through,
    /// and the labels they looked up (both for one ``read(_:keep:)``).
    private var definitions = MarkdownLinkDefinitions()
    private var labelsLookedUp: [String] = []
    /// Source lines parsed by the last read (a test's measure of how much
    /// of the document an update parsed again).
    private(set) var linesParsed = 0
    /// Kept top-level blocks the last read made again because the text
    /// after the boundary resolved their references otherwise (a test's
    /// measure of the link rule).
    private(set) var blocksRemade = 0
    private let highlighter: (any SyntaxHighlighter)?
    /// The languages whose code blocks go to ``codeBlocks`` instead of the
    /// ``SyntaxHighlighter``.
    private let lineHighlighted: Set<String>

    static let headingStyles: [Style] = [
        Style(foreground: .accentColor, attributes: [.bold, .underline]),
        Style(foreground: .accentColor, attributes: .bold),
        Style(attributes: .bold),
    ]
    static let quoteStyle = Style(foreground: .secondary)
    static let codeStyle = Style(foreground: Color(role: .code))
    /// An HTML block's lines, shown as written (a terminal renders no HTML).
    static let htmlStyle = Style(foreground: .secondary)
    static let bullets = ["•", "◦", "▪"]

    /// The document of `source`; with `keepsSource` false the text is not
    /// kept (``update(appendedTo:)`` follows, not ``update(_:)``).
    init(_ source: String, highlighter: (any SyntaxHighlighter)? = nil, lineHighlighted: Set<String> = [],
         keepsSource: Bool = true)
    {
        self.highlighter = highlighter
        self.lineHighlighted = lineHighlighted
        read(source, keep: keepsSource)
    }

    /// Reads `source`, the document's text with text appended to what was
    /// read last (a ``MarkdownStore``'s): from the kept boundary on, with
    /// nothing compared; `source` is not kept, so its owner can go on
    /// growing it in place.
    mutating func update(appendedTo source: String) -> Change {
        var change = Change(firstLine: stable.lines, firstCodeBlock: stable.codeBlocks, appended: true)
        change.remade = read(source, keep: false)
        return change
    }

    /// Reads `source`, the document's new text: from the kept boundary on
    /// when `source` starts with the text the boundary was found in,
    /// whole otherwise. Nil when `source` is the text already read.
    ///
    /// - Complexity: a byte comparison of the kept part, and a parse of
    ///   the rest: O(1) parsing for text appended to a long document.
    mutating func update(_ source: String) -> Change? {
        let old = self.source
        // One comparison in the common cases: text appended (the old text is
        // a prefix of the new), or the same text again.
        let appended = MarkdownDocument.startsWith(source, old, count: old.utf8.count)
        if appended && source.utf8.count == old.utf8.count { return nil }
        if !appended && !MarkdownDocument.startsWith(source, old, count: stable.checkedBytes) { stable = Stable() }
        var change = Change(firstLine: stable.lines, firstCodeBlock: stable.codeBlocks, appended: appended)
        change.remade = read(source)
        return change
    }

    /// Whether `text`'s first `count` bytes are `prefix`'s first `count`.
    private static func startsWith(_ text: String, _ prefix: String, count: Int) -> Bool {
        var a = text, b = prefix
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count >= count, y.count >= count else { return false }
                guard count > 0, let p = x.baseAddress, let q = y.baseAddress else { return true }
                // The same storage (the view given the string it read last,
                // as on every scrolled frame): nothing to compare.
                if p == q { return true }
                return Platform.bytesEqual(p, q, count: count)
            }
        }
    }

    /// Makes the lines of `source` from the kept boundary on, and moves
    /// the boundary to the last one in the text read; keeps `source` for
    /// the next ``update(_:)`` to compare with. Kept lines whose links the
    /// text read resolves otherwise are made again: returns their ranges.
    @discardableResult
    private mutating func read(_ source: String, keep: Bool = true) -> [Range<Int>] {
        self.source = keep ? source : ""
        if stable.lines == 0 { links = LinkDependencies() }
        lines.removeSubrange(stable.lines...)
        codeBlocks.removeSubrange(stable.codeBlocks...)
        let utf8 = source.utf8
        let tailStart = utf8.index(utf8.startIndex, offsetBy: stable.bytes)
        let tail = MarkdownBlockParser.lines(of: source[tailStart...])
        let parsed = MarkdownBlockParser.parseWithStarts(lines: tail)
        let (blocks, starts) = (parsed.blocks, parsed.starts)
        linesParsed = tail.count
        // The kept text's definitions come first, so they win.
        definitions = MarkdownLinkDefinitions(after: links.kept)
        for d in parsed.definitions { definitions.add(d) }
        let remade = remakeDependents()
        // The last block after which nothing appended can change what is
        // before it (0: none past the kept one).
        var boundary = 0
        for k in stride(from: blocks.count - 1, to: 0, by: -1) where MarkdownBlockParser.isBoundary(tail, at: starts[k]) {
            boundary = k
            break
        }
        var next = stable
        var newlyKept: ArraySlice<MarkdownLinkDefinition> = []
        let oldDependents = links.dependents.count
        for (k, block) in blocks.enumerated() {
            if boundary > 0 && k == boundary {
                let start = starts[k]
                next = Stable(bytes: utf8.distance(from: utf8.startIndex, to: tail[start].startIndex),
                              checkedBytes: utf8.distance(from: utf8.startIndex, to: tail[start + 1].startIndex),
                              lines: lines.count, codeBlocks: codeBlocks.count)
                newlyKept = parsed.definitions[..<parsed.definitionsBefore[k]]
            }
            // Blocks are a blank line apart, the first kept one's included.
            if k > 0 || stable.lines > 0 { blank("") }
            let firstLine = lines.count
            labelsLookedUp.removeAll(keepingCapacity: true)
            append(block, prefix: "", continuation: "", depth: 0)
            if k < boundary && !labelsLookedUp.isEmpty {
                links.dependents.append(LinkDependencies.Dependent(block: block, firstLine: firstLine, labels: labelsLookedUp))
            }
        }
        if boundary > 0 { keepLinks(newlyKept, from: oldDependents) }
        definitions = MarkdownLinkDefinitions()
        stable = next
        return remade
    }

    /// Makes again the kept blocks that looked up a label ``definitions``
    /// (the kept text's and the text read's) resolves otherwise than when
    /// they were made; returns the lines made again.
    private mutating func remakeDependents() -> [Range<Int>] {
        var changed: Set<String> = []
        for (label, destination) in links.resolved where definitions[label] != destination { changed.insert(label) }
        if !links.unresolved.isEmpty {
            // The labels the text read defines (not the kept text's).
            for label in definitions.destinations.keys where links.unresolved.contains(label) { changed.insert(label) }
        }
        blocksRemade = 0
        guard !changed.isEmpty else { return [] }
        for label in changed {
            if let destination = definitions[label] {
                links.resolved[label] = destination
                links.unresolved.remove(label)
            } else {
                links.resolved[label] = nil
                links.unresolved.insert(label)
            }
        }
        var remade: [Range<Int>] = []
        for k in links.dependents.indices where links.dependents[k].labels.contains(where: changed.contains) {
            let dependent = links.dependents[k]
            blocksRemade += 1
            // Made on their own, then put in place; code lines (and the
            // code blocks for a line highlighter) are left as they are.
            var kept: [Line] = []
            swap(&kept, &lines)
            let codeBlockCount = codeBlocks.count
            labelsLookedUp.removeAll(keepingCapacity: true)
            append(dependent.block, prefix: "", continuation: "", depth: 0)
            swap(&kept, &lines)
            codeBlocks.removeSubrange(codeBlockCount...)
            for (j, line) in kept.enumerated() where line.kind != .code && dependent.firstLine + j < lines.count {
                lines[dependent.firstLine + j] = line
            }
            remade.append(dependent.firstLine..<Swift.min(lines.count, dependent.firstLine + kept.count))
            // The labels looked up this time (a reference resolved
            // otherwise may leave another to be looked up).
            links.dependents[k].labels = labelsLookedUp.filter { links.kept[$0] == nil }
            for label in links.dependents[k].labels where links.resolved[label] == nil {
                if let destination = definitions[label] {
                    links.resolved[label] = destination
                    links.unresolved.remove(label)
                } else {
                    links.unresolved.insert(label)
                }
            }
        }
        return remade
    }

    /// After the boundary moved: `newlyKept` are the definitions of the
    /// text now kept, and the dependents from `firstNew` on were added for
    /// blocks now kept, with every label they looked up: those the kept
    /// text defines are dropped (they resolve the same whatever follows),
    /// the others are remembered with what they resolved to.
    private mutating func keepLinks(_ newlyKept: ArraySlice<MarkdownLinkDefinition>, from firstNew: Int) {
        var newKeys: Set<String> = []
        for d in newlyKept where links.kept[d.key] == nil {
            newKeys.insert(d.key)
            // Defined by the kept text now: no longer depends on what follows.
            links.resolved[d.key] = nil
            links.unresolved.remove(d.key)
        }
        var kept: [LinkDependencies.Dependent] = []
        for var dependent in links.dependents[firstNew...] {
            dependent.labels.removeAll { links.kept[$0] != nil || newKeys.contains($0) }
            guard !dependent.labels.isEmpty else { continue }
            for label in dependent.labels {
                if let destination = definitions[label] {
                    links.resolved[label] = destination
                } else {
                    links.unresolved.insert(label)
                }
            }
            kept.append(dependent)
        }
        links.dependents.replaceSubrange(firstNew..., with: kept)
        // `definitions` shares the kept definitions' storage: let it go so
        // they grow in place.
        definitions = MarkdownLinkDefinitions()
        for d in newlyKept { links.kept.add(d) }
    }

    /// Gives the code lines in `range` not yet coloured to the
    /// ``SyntaxHighlighter``.
    mutating func colour(_ range: Range<Int>) {
        for k in range.clamped(to: lines.indices) {
            guard let language = lines[k].pendingLanguage else { continue }
            lines[k].pendingLanguage = nil
            guard let highlighted = highlighter?.highlight(lines[k].text.content, language: language) else { continue }
            var text = highlighted
            if text.runs == nil && text.style == .plain { text.style = MarkdownDocument.codeStyle }
            text.wraps = false
            lines[k].text = text
        }
    }

    /// The text of inline Markdown `s`, its references resolved through
    /// ``definitions``; the labels it looked up are added to ``labelsLookedUp``.
    private mutating func inline(_ s: String) -> Text {
        InlineMarkdown.text(s, definitions: definitions, labelsLookedUp: &labelsLookedUp)
    }

    /// A blank line between blocks, with the enclosing quotes' bars.
    private mutating func blank(_ continuation: String) {
        var bar = continuation
        while bar.last == " " { bar.removeLast() }
        lines.append(Line(prefix: bar, continuation: bar, prefixStyle: MarkdownDocument.quoteStyle))
    }

    private mutating func append(_ blocks: [MarkdownBlock], prefix: String, continuation: String, depth: Int, tight: Bool) {
        for (k, block) in blocks.enumerated() {
            let first = k == 0 ? prefix : continuation
            if k > 0 && !tight { blank(continuation) }
            append(block, prefix: first, continuation: continuation, depth: depth)
        }
    }

    private mutating func append(_ block: MarkdownBlock, prefix: String, continuation: String, depth: Int) {
        let prefixStyle = MarkdownDocument.quoteStyle
        switch block {
        case .paragraph(let s):
            lines.append(Line(prefix: prefix, continuation: continuation, prefixStyle: prefixStyle, text: inline(s)))
        case .heading(let level, let s):
            var text = inline(s)
            text.style = MarkdownDocument.headingStyles[Swift.min(level, 3) - 1]
            lines.append(Line(prefix: prefix, continuation: continuation, prefixStyle: prefixStyle, text: text))
        case .code(let info, let code):
            let language = String(info.prefix { $0 != " " && $0 != "{" }).lowercased()
            let byLine = lineHighlighted.contains(language)
            if byLine && !code.isEmpty {
                codeBlocks.append(CodeBlock(language: language, text: code.joined(separator: "\n"), firstLine: lines.count,
                                            count: code.count))
            }
            let pending = byLine || highlighter == nil ? nil : language
            for (k, line) in code.enumerated() {
                var text = Text(verbatim: line)
                text.style = MarkdownDocument.codeStyle
                text.wraps = false
                lines.append(Line(kind: .code, prefix: (k == 0 ? prefix : continuation) + "  ", continuation: continuation + "  ",
                                  prefixStyle: prefixStyle, text: text, pendingLanguage: pending))
            }
            if code.isEmpty { lines.append(Line(prefix: prefix, continuation: continuation, prefixStyle: prefixStyle)) }
        case .quote(let blocks):
            let bar = "│ "
            if blocks.isEmpty { lines.append(Line(prefix: prefix + bar, continuation: continuation + bar, prefixStyle: prefixStyle)) }
            append(blocks, prefix: prefix + bar, continuation: continuation + bar, depth: depth, tight: false)
        case .list(let ordered, let start, let tight, let items):
            let widest = ordered ? "\(start + items.count - 1). ".count : 2
            for (k, item) in items.enumerated() {
                if k > 0 && !tight { blank(continuation) }
                var marker = ordered ? "\(start + k). " : MarkdownDocument.bullets[depth % 3] + " "
                while marker.count < widest { marker = " " + marker }
                if let checked = item.checked { marker += checked ? "[x] " : "[ ] " }
                let pad = String(repeating: " ", count: marker.count)
                let first = (k == 0 ? prefix : continuation) + marker
                if item.blocks.isEmpty {
                    lines.append(Line(prefix: first, continuation: continuation + pad, prefixStyle: prefixStyle))
                    continue
                }
                append(item.blocks, prefix: first, continuation: continuation + pad, depth: depth + 1, tight: tight)
            }
        case .rule:
            lines.append(Line(kind: .rule, prefix: prefix, continuation: continuation, prefixStyle: prefixStyle))
        case .table(let header, let alignments, let rows):
            appendTable(header: header, alignments: alignments, rows: rows, prefix: prefix, continuation: continuation)
        case .html(let html):
            for (k, line) in html.enumerated() {
                var text = Text(verbatim: line)
                text.style = MarkdownDocument.htmlStyle
                lines.append(Line(prefix: k == 0 ? prefix : continuation, continuation: continuation, prefixStyle: prefixStyle,
                                  text: text))
            }
        }
    }

    /// A table as rows of padded cells joined by `│`, the header bold over
    /// a `─┼─` rule; its rows are not wrapped.
    private mutating func appendTable(header: [String], alignments: [TextAlignment?], rows: [[String]], prefix: String,
                                      continuation: String)
    {
        var headerTexts: [Text] = []
        for cell in header { headerTexts.append(inline(cell)) }
        var rowTexts: [[Text]] = []
        for cells in rows {
            var texts: [Text] = []
            for cell in cells { texts.append(inline(cell)) }
            rowTexts.append(texts)
        }
        var widths = headerTexts.map { GraphemeWidth.width(of: $0.content) }
        for row in rowTexts {
            for (c, cell) in row.enumerated() where c < widths.count { widths[c] = Swift.max(widths[c], GraphemeWidth.width(of: cell.content)) }
        }
        let separator = Text(verbatim: " │ ").foregroundColor(.secondary)
        func row(_ cells: [Text], bold: Bool) -> Text {
            var line = Text(verbatim: "")
            for (c, cell) in cells.enumerated() {
                if c > 0 { line += separator }
                let gap = widths[c] - GraphemeWidth.width(of: cell.content)
                let alignment = c < alignments.count ? alignments[c] : nil
                let left = alignment == .trailing ? gap : alignment == .center ? gap / 2 : 0
                var piece = cell
                if bold { piece = piece.bold() }
                line += Text(verbatim: String(repeating: " ", count: left)) + piece
                    + Text(verbatim: String(repeating: " ", count: gap - left))
            }
            line.wraps = false
            return line
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
        var ruleText = Text(verbatim: rule)
        ruleText.style = Style(foreground: .secondary)
        ruleText.wraps = false
        lines.append(Line(prefix: prefix, continuation: continuation, prefixStyle: MarkdownDocument.quoteStyle,
                          text: row(headerTexts, bold: true)))
        lines.append(Line(prefix: continuation, continuation: continuation, prefixStyle: MarkdownDocument.quoteStyle, text: ruleText))
        for cells in rowTexts {
            lines.append(Line(prefix: continuation, continuation: continuation, prefixStyle: MarkdownDocument.quoteStyle,
                              text: row(cells, bold: false)))
        }
    }
}

extension MarkdownDocument {
    /// A code line's text: `line` in the code style, with `runs` (sorted,
    /// not overlapping, inside the line: a ``LineHighlightCache``'s) drawn
    /// over it. A run's ends inside a character are moved to its end.
    static func codeText(_ line: Substring, runs: [HighlightRun]) -> Text {
        var text = Text(verbatim: String(line))
        text.style = codeStyle
        text.wraps = false
        guard !runs.isEmpty else { return text }
        let utf8 = Array(line.utf8)
        /// `offset`, or the next scalar's start after it.
        func boundary(_ offset: Int) -> Int {
            var k = Swift.min(Swift.max(offset, 0), utf8.count)
            while k < utf8.count && utf8[k] & 0xC0 == 0x80 { k += 1 }
            return k
        }
        var pieces: [Text.Run] = []
        var at = 0
        for run in runs {
            let lower = boundary(run.range.lowerBound), upper = boundary(run.range.upperBound)
            guard lower >= at, upper > lower else { continue }
            if lower > at { pieces.append(Text.Run(end: lower, style: .plain)) }
            pieces.append(Text.Run(end: upper, style: run.style))
            at = upper
        }
        if at < utf8.count { pieces.append(Text.Run(end: utf8.count, style: .plain)) }
        if !pieces.isEmpty { text.runs = pieces }
        return text
    }
}
