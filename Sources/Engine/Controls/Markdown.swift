/// A scrolling view of a Markdown document (CommonMark with GFM's tables,
/// task lists and strikethrough), drawn in the theme's colours and wrapped
/// to the width it is offered.
///
/// ```swift
/// Markdown(readme)
/// Markdown(notes, highlighter: nil)       // code blocks in the code colour only
/// ```
///
/// Understood: ATX (`#`) and setext (`===`, `---`) headings; paragraphs,
/// whose soft breaks are spaces and hard breaks (two trailing spaces or a
/// backslash) new lines; block quotes, drawn with a `│` bar; bulleted,
/// numbered and task (`- [x]`) lists, nested; fenced code blocks (the info
/// string's first word goes to the ``SyntaxHighlighter``) and indented ones;
/// thematic breaks, drawn as a rule across the view; GFM tables, columns
/// padded to their widest cell and aligned as the delimiter row says; and
/// everything ``LocalizedStringKey`` understands inline (emphasis, code,
/// strikethrough, links as OSC 8 hyperlinks); and link reference
/// definitions (`[docs]: https://example.com "Title"`, anywhere in the
/// document, in quotes and list items too), which are not shown, and the
/// full (`[the docs][docs]`), collapsed (`[docs][]`) and shortcut
/// (`[docs]`) references that use them, drawn as the inline links are.
/// Labels match whatever their case and spacing; the first definition of
/// a label wins; a title has nowhere to show in a terminal and is dropped.
/// Entity and numeric character references (`&copy;`, `&#35;`, `&#x22;`)
/// are decoded, in text, link destinations and code block info strings,
/// not in code; a decoded control character is drawn as a picture, never
/// sent to the terminal. HTML is recognised but not rendered (a terminal
/// cannot lay it out): an HTML block (all seven kinds of CommonMark §4.6)
/// is shown as its lines, as written, and raw HTML in a paragraph as
/// written, both in ``Color/secondary`` and neither read as Markdown;
/// comments, inline or blocks of comments only, are not shown.
/// Not understood (shown as written): footnotes.
///
/// The parser is tested against the CommonMark 0.31.2 spec's examples
/// and GFM 0.29's tables, task lists and strikethrough: all 664 pass (the
/// Rich text article lists them by section).
///
/// Headings are bold, levels 1 and 2 in the tint colour (level 1
/// underlined too); code is in ``Theme/code``; quote bars and table rules
/// in ``Color/secondary``.
///
/// It scrolls by rows: Up/Down, PageUp/PageDown (a page less one row),
/// Home/End, Space, and the mouse wheel (3 rows), while focused.
///
/// Laying out and drawing cost only the lines shown: each line of the
/// document (a paragraph, a list item's paragraph, a code line, a table
/// row) is built, measured, coloured by the highlighter and drawn only
/// when it is on screen, like ``LogView``'s lines. When the text changes,
/// the document is parsed again from its last top-level block boundary
/// that the change left in place, so text streamed onto the end (an
/// assistant's answer, word by word) re-parses the last block or two, not
/// the document: a blank line followed by a line that is neither indented
/// nor a list item, outside a code fence or an HTML block (a blank line
/// inside an unclosed `<!--` is none), is such a boundary. A definition
/// read after the boundary that resolves a reference before it otherwise
/// than before (a README's definitions streamed in at its end) makes the
/// kept blocks that use that label again, and only those. What is
/// left is a comparison of the unchanged bytes (`memcmp`, so a
/// 10,000-line document costs a few microseconds), and a change before
/// the last boundary parses the document again whole. A ``MarkdownStore``
/// takes appended text without the comparison. A view that shows
/// the end of its document keeps showing it as text is appended (as
/// ``LogView`` follows its tail); scrolled up, it stays where it is.
public struct Markdown: View {
    /// Where the document comes from.
    enum Source {
        case text(String)
        case store(MarkdownStore)
    }

    let source: Source
    let highlighter: (any SyntaxHighlighter)?
    @ControlModel private var cursor: MarkdownCursor
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.markdownCodeHighlighters) private var codeHighlighters

    /// A view of `source`; code blocks are coloured by `highlighter`
    /// (the built-in ``KeywordHighlighter`` by default, nil for none).
    public init(_ source: String, highlighter: (any SyntaxHighlighter)? = KeywordHighlighter()) {
        self.source = .text(source)
        self.highlighter = highlighter
    }

    /// A view of the document in `store`, which text is appended to (an
    /// answer streamed in): each append costs the text after the
    /// document's last block boundary, whatever the document's length.
    /// Code blocks are coloured by `highlighter`.
    public init(_ store: MarkdownStore, highlighter: (any SyntaxHighlighter)? = KeywordHighlighter()) {
        self.source = .store(store)
        self.highlighter = highlighter
    }

    public var body: some View {
        let cursor = self.cursor, model = _cursor
        let isEnabled = self.isEnabled
        switch source {
        case .text(let text): cursor.load(text, highlighter: highlighter, codeHighlighters: codeHighlighters)
        case .store(let store): cursor.load(store, highlighter: highlighter, codeHighlighters: codeHighlighters)
        }
        return MarkdownViewport(cursor: cursor, version: cursor.version)
            .focusable()
            .onFocusedKey { press in
                guard cursor.handle(press) else { return .ignored }
                model.invalidate()
                return .handled
            }
            .onMouse { event in
                guard isEnabled, cursor.handle(event) else { return .ignored }
                model.invalidate()
                return .handled
            }
    }
}

/// A Markdown view's document and scroll position: the first line shown
/// and how many of its rows are scrolled off the top.
final class MarkdownCursor: ControlModelObject {
    private(set) var document = MarkdownDocument("")
    private var highlighterType: ObjectIdentifier?
    /// Bumped when the document changes, so the viewport lays out again.
    private(set) var version = 0
    var top = 0
    var rowOffset = 0
    /// From the last layout: the view's rows and frame, and the heights of
    /// the lines it measured (at `width`).
    var rows = 1
    var frame = Rect.zero
    var width = -1
    var heights: [Int: Int] = [:]
    /// Whether the last layout showed the document's last row: text
    /// appended then scrolls into view, as new lines do in ``LogView``.
    var showsEnd = true
    /// Lines laid out in the last frame (a test's measure of laziness).
    var linesLaidOut = 0
    let placeholder = ListViewport()

    required init() {}

    /// Reads `source` when it is not the text already read: from the
    /// document's last block boundary on when only text after it changed
    /// (text appended, as an answer streamed in), whole otherwise or when
    /// the highlighters changed. Colours the code blocks whose language
    /// has a ``LineHighlighter`` through ``codeHighlighting``.
    @MainActor
    func load(_ source: String, highlighter: (any SyntaxHighlighter)?,
              codeHighlighters: MarkdownCodeHighlighters = MarkdownCodeHighlighters())
    {
        if reread(nil, highlighter, codeHighlighters) {
            document = MarkdownDocument(source, highlighter: highlighter, lineHighlighted: codeHighlighters.languages)
            loaded(nil)
        } else {
            let count = document.lines.count
            if let change = document.update(source) { loaded(change, previousCount: count) }
        }
    }

    /// Reads the document of `store`: the text appended since the last
    /// load from the kept boundary on, or whole when the store, its text
    /// (set, not appended to) or the highlighters changed.
    @MainActor
    func load(_ store: MarkdownStore, highlighter: (any SyntaxHighlighter)?,
              codeHighlighters: MarkdownCodeHighlighters = MarkdownCodeHighlighters())
    {
        let storeVersion = store.version
        let from = StoreMark(store: ObjectIdentifier(store), generation: store.generation, version: storeVersion)
        if reread(from, highlighter, codeHighlighters) || storeMark?.generation != from.generation {
            document = MarkdownDocument(store.storage, highlighter: highlighter,
                                        lineHighlighted: codeHighlighters.languages, keepsSource: false)
            storeMark = from
            loaded(nil)
        } else if storeMark?.version != storeVersion {
            storeMark = from
            let count = document.lines.count
            loaded(document.update(appendedTo: store.storage), previousCount: count)
        }
    }

    /// The store last read and its state then (nil: a `String` was).
    private struct StoreMark: Equatable {
        var store: ObjectIdentifier
        var generation: Int
        var version: Int
    }
    private var storeMark: StoreMark?

    /// Whether the document must be read whole: the first load, other
    /// highlighters, or a source of another kind or store. Records the
    /// highlighters given.
    private func reread(_ store: StoreMark?, _ highlighter: (any SyntaxHighlighter)?,
                        _ codeHighlighters: MarkdownCodeHighlighters) -> Bool
    {
        let type = highlighter.map { ObjectIdentifier(Swift.type(of: $0)) }
        let whole = type != highlighterType || version == 0 || codeHighlighters != self.codeHighlighters
            || store?.store != storeMark?.store
        highlighterType = type
        self.codeHighlighters = codeHighlighters
        if store == nil { storeMark = nil }
        return whole
    }

    /// After the document was read again (`change` nil: whole; it had
    /// `previousCount` lines before): drops the heights of lines that
    /// changed, colours code, follows appended text.
    @MainActor
    private func loaded(_ change: MarkdownDocument.Change?, previousCount: Int = 0) {
        if let change {
            // Lines before the change keep their measured heights, but
            // those made again for a reference resolved otherwise.
            for k in change.firstLine..<Swift.max(previousCount, change.firstLine) { heights[k] = nil }
            for range in change.remade {
                for k in range { heights[k] = nil }
            }
            // A view showing the end of its text follows text appended to it.
            if change.appended && showsEnd {
                top = document.lines.count
                rowOffset = 0
            }
        } else {
            heights.removeAll()
        }
        highlightCode(from: change?.firstCodeBlock ?? 0)
        version += 1
        if let change {
            // Code blocks from `firstCodeBlock` on were coloured again, all their lines.
            var first = change.firstLine
            if change.firstCodeBlock < document.codeBlocks.count {
                first = Swift.min(first, document.codeBlocks[change.firstCodeBlock].firstLine)
            }
            for range in change.remade { first = Swift.min(first, range.lowerBound) }
            linesChanged.append((version, first))
            if linesChanged.count > MarkdownCursor.changesKept { linesChanged.removeFirst() }
        } else {
            linesChanged.removeAll()
        }
        top = Swift.min(top, document.lines.count)
    }

    /// For each of the last reads that kept the document's start: the
    /// version it made and the first line it may have changed (oldest
    /// first, consecutive versions; emptied by a whole read).
    private var linesChanged: [(version: Int, line: Int)] = []
    static let changesKept = 16

    /// The first line that may differ from what version `v` showed:
    /// `Int.max` when `v` is the current version, nil when unknown (read
    /// whole since, or too long ago).
    func firstLineChanged(since v: Int) -> Int? {
        if v == version { return Int.max }
        guard v < version, let oldest = linesChanged.first, oldest.version <= v + 1 else { return nil }
        var line = Int.max
        for entry in linesChanged.reversed() {
            if entry.version <= v { break }
            line = Swift.min(line, entry.line)
        }
        return line
    }

    /// The line highlighters the document was coloured with.
    private var codeHighlighters = MarkdownCodeHighlighters()
    /// Per code block left for a line highlighter (in the document's
    /// order), the highlighter's memory of its lines, kept between parses:
    /// text appended to a block colours its new and changed lines only.
    private(set) var codeHighlighting: [any EditorHighlighting] = []

    /// Colours the document's ``MarkdownDocument/codeBlocks`` from `first` on.
    @MainActor
    private func highlightCode(from first: Int) {
        let blocks = document.codeBlocks
        if codeHighlighting.count > blocks.count { codeHighlighting.removeLast(codeHighlighting.count - blocks.count) }
        for j in first..<Swift.max(first, blocks.count) {
            let block = blocks[j]
            guard let highlighter = codeHighlighters.highlighter(for: block.language) else { continue }
            if j == codeHighlighting.count {
                codeHighlighting.append(makeHighlighting(highlighter))
            } else if !codeHighlighting[j].isMade(by: highlighter) {
                codeHighlighting[j] = makeHighlighting(highlighter)
            }
            let memory = codeHighlighting[j]
            memory.update(block.text)
            var lineStart = block.text.startIndex
            for k in 0..<block.count {
                let lineEnd = block.text[lineStart...].firstIndex(of: "\n") ?? block.text.endIndex
                document.lines[block.firstLine + k].text = MarkdownDocument.codeText(
                    block.text[lineStart..<lineEnd], runs: memory.runs(ofLine: k))
                lineStart = lineEnd < block.text.endIndex ? block.text.index(after: lineEnd) : lineEnd
            }
        }
    }

    /// Gives the code lines in `range` not yet coloured to the view's
    /// ``SyntaxHighlighter``: lines are coloured when first laid out.
    func colour(_ range: Range<Int>) { document.colour(range) }

    func height(_ line: Int) -> Int { heights[line] ?? 1 }

    /// Scrolls by `delta` rows (negative: up), line by line through the
    /// heights measured (a line not yet measured counts as one row).
    func scroll(by delta: Int) {
        var n = delta
        let count = document.lines.count
        while n > 0, top < count {
            let h = height(top)
            if rowOffset + n < h {
                rowOffset += n
                n = 0
            } else {
                n -= h - rowOffset
                top += 1
                rowOffset = 0
            }
        }
        while n < 0 {
            if rowOffset > 0 {
                let step = Swift.min(rowOffset, -n)
                rowOffset -= step
                n += step
            } else if top > 0 {
                top -= 1
                rowOffset = height(top) - 1
                n += 1
            } else {
                break
            }
        }
        top = Swift.min(top, Swift.max(0, count - 1))
    }

    func handle(_ press: KeyPress) -> Bool {
        guard press.phase != .up else { return false }
        guard press.modifiers.subtracting([.capsLock, .numLock, .shift]).isEmpty else { return false }
        let page = Swift.max(1, rows - 1)
        switch press.key {
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown, .character(" "): scroll(by: page)
        case .home:
            top = 0
            rowOffset = 0
        case .end:
            top = document.lines.count
            rowOffset = 0
        default: return false
        }
        return true
    }

    func handle(_ event: MouseEvent) -> Bool {
        let f = frame
        guard event.column >= f.x, event.column < f.maxX, event.row >= f.y, event.row < f.maxY else { return false }
        switch event.kind {
        case .scrollUp: scroll(by: -3)
        case .scrollDown: scroll(by: 3)
        default: return false
        }
        return true
    }
}

/// The lines of a Markdown view on screen, built when the view is laid
/// out, each keyed by its index so a line keeps its node while it scrolls.
struct MarkdownViewport: PrimitiveView {
    var cursor: MarkdownCursor
    var version: Int

    static func _makeBehavior() -> NodeBehavior { MarkdownViewportBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: MarkdownViewportBehavior.self)
        b.cursor = view.cursor
        graph.leafContentChanged(node)
    }
}

final class MarkdownViewportBehavior: NodeBehavior {
    var cursor: MarkdownCursor?
    /// The document the lines shown were made from (the cursor held, so
    /// its address is not reused while compared).
    struct LinesMade {
        var cursor: MarkdownCursor
        var version: Int
    }
    var linesMade: LinesMade?
    /// Lines scrolled by whole rows have their cells shifted, not repainted.
    let blit = ScrollBlit()

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // Greedy, as a list: the space offered.
        let lines = cursor?.document.lines.count ?? 0
        return Size(width: proposal.width.map { $0 == .max ? 80 : $0 } ?? 80,
                    height: proposal.height.map { $0 == .max ? lines : $0 } ?? lines)
    }

    /// Reconciles the lines in `range` and returns their heights at `width`.
    private func layOut(_ range: Range<Int>, node: ViewNode, graph: ViewGraph, width: Int) -> [Int] {
        guard let cursor else { return [] }
        cursor.colour(range)
        let document = cursor.document
        var rows = RowViewport<MarkdownLineView>(count: document.lines.count,
                                                 row: { (ExplicitID($0), MarkdownLineView(line: document.lines[$0])) },
                                                 header: nil, columns: nil, viewport: cursor.placeholder)
        // Until the document is read again, a line's view stays what it
        // was made (its code was coloured before it was first shown): a
        // line still shown keeps its node unevaluated.
        // A read that kept the document's start (text appended) changed
        // only lines from its first changed one on: those above it keep
        // their nodes too.
        if let previous = linesMade, previous.cursor === cursor,
           let firstChanged = cursor.firstLineChanged(since: previous.version)
        {
            rows.stableKey = { ExplicitID($0) }
            rows.stableBelow = firstChanged
        }
        linesMade = LinesMade(cursor: cursor, version: cursor.version)
        var changed = false
        graph.containingLayoutMarks(of: node) {
            changed = RowViewport<MarkdownLineView>.reconcileRows(rows, range, node: node, graph: graph)
        }
        if changed { graph.refreshLayoutChildren(node) }
        var heights: [Int] = []
        for (k, child) in node.children.enumerated() {
            let h = Swift.max(1, graph.size(of: child, for: ProposedSize(width: width, height: nil)).height)
            heights.append(h)
            cursor.heights[range.lowerBound + k] = h
        }
        return heights
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        guard let cursor else { return }
        let count = cursor.document.lines.count
        if cursor.width != rect.width { cursor.heights.removeAll() }
        cursor.width = rect.width
        cursor.rows = Swift.max(1, rect.height)
        cursor.frame = rect
        cursor.top = Swift.max(0, Swift.min(cursor.top, count))
        /// Shows the last page full, as a pager does: from line `k` of
        /// `range` (`offset` rows of it not yet counted, `shown` rows below
        /// it already shown), lines above are added until the view is full.
        func fillFromBottom(_ range: Range<Int>, _ heights: [Int], k: Int, offset: Int, shown: Int) {
            var k = k, offset = offset, shown = shown
            while shown < rect.height, k > 0 || offset > 0 {
                if offset == 0 {
                    k -= 1
                    offset = heights[k]
                }
                let step = Swift.min(offset, rect.height - shown)
                offset -= step
                shown += step
            }
            cursor.top = range.lowerBound + k
            cursor.rowOffset = offset
        }
        var range: Range<Int>
        var heights: [Int]
        if cursor.top >= count {
            // At the end (End, or following text appended): the last lines,
            // laid out once. Each line is at least one row.
            range = Swift.max(0, count - rect.height)..<count
            heights = layOut(range, node: node, graph: graph, width: rect.width)
            fillFromBottom(range, heights, k: range.count, offset: 0, shown: 0)
        } else {
            // The rows from the top line need at most as many lines as rows
            // (plus the one partly scrolled off).
            range = cursor.top..<Swift.min(count, cursor.top + rect.height + 1)
            heights = layOut(range, node: node, graph: graph, width: rect.width)
            cursor.rowOffset = Swift.min(cursor.rowOffset, Swift.max(0, (heights.first ?? 1) - 1))
            let shown = heights.reduce(0, +) - cursor.rowOffset
            if shown < rect.height, cursor.top > 0 || cursor.rowOffset > 0 {
                // Past the end: the last page is shown full.
                let start = Swift.max(0, cursor.top - rect.height)
                range = start..<Swift.min(count, cursor.top + rect.height + 1)
                heights = layOut(range, node: node, graph: graph, width: rect.width)
                fillFromBottom(range, heights, k: cursor.top - start, offset: cursor.rowOffset, shown: shown)
            }
        }
        cursor.linesLaidOut = range.count
        var y = rect.y
        var cut = range.upperBound < count
        graph.placeScrolling(node, region: rect, blit: blit) {
            for (k, child) in node.children.enumerated() {
                let index = range.lowerBound + k
                guard index >= cursor.top, y < rect.maxY else {
                    if index >= cursor.top { cut = true }
                    graph.place(child, in: Rect(x: rect.x, y: rect.y, width: 0, height: 0))
                    continue
                }
                let offset = index == cursor.top ? cursor.rowOffset : 0
                graph.place(child, in: Rect(x: rect.x, y: y - offset, width: rect.width, height: heights[k]))
                y += heights[k] - offset
            }
        }
        cursor.showsEnd = !cut && y <= rect.maxY
    }

    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect { clip.intersection(node.frame) }
}

/// One line of a Markdown document: its prefix on each row (a quote's bar,
/// a list's marker), then its text wrapped in the columns left; a rule is
/// drawn across.
struct MarkdownLineView: PrimitiveView, Equatable {
    var line: MarkdownDocument.Line

    static func _makeBehavior() -> NodeBehavior { MarkdownLineBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: MarkdownLineBehavior.self)
        let style = graph.resolvingRoles(view.line.prefixStyle, at: node)
        if b.prefix != view.line.prefix || b.continuation != view.line.continuation || b.kind != view.line.kind {
            b.prefix = view.line.prefix
            b.continuation = view.line.continuation
            b.kind = view.line.kind
            b.indent = Swift.max(GraphemeWidth.width(of: b.prefix), GraphemeWidth.width(of: b.continuation))
            graph.markNeedsLayout(node)
            graph.markNeedsPaint(node)
        }
        graph.setPaint(style, &b.style, node: node)
        graph.reconcileOnlyChild(view.line.text, of: node)
    }
}

final class MarkdownLineBehavior: NodeBehavior {
    var prefix = ""
    var continuation = ""
    var kind = MarkdownDocument.Line.Kind.text
    var style = Style.plain
    var indent = 0

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let width = proposal.width.map { $0 == .max ? 80 : $0 } ?? 80
        if kind == .rule { return Size(width: width, height: 1) }
        let inner = ProposedSize(width: Swift.max(1, width - indent), height: nil)
        let s = ContentLayout.size(node, inner, graph: graph)
        return Size(width: Swift.min(width, s.width + indent), height: Swift.max(1, s.height))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: Rect(x: rect.x + indent, y: rect.y, width: Swift.max(0, rect.width - indent),
                                           height: rect.height), alignment: .topLeading, graph: graph)
    }

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        let style = canvas.styles.transientID(canvas.styles.transientID(for: style), inheriting: inherited)
        let area = clip.intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        for row in 0..<f.height {
            let text = row == 0 ? prefix : continuation
            if !text.isEmpty { _ = canvas.write(text, x: f.x, y: f.y + row, style: style, clip: area) }
        }
        if kind == .rule {
            let x = f.x + indent
            let width = f.maxX - x
            if width > 0 { _ = canvas.write(String(repeating: "─", count: width), x: x, y: f.y, style: style, clip: area) }
        }
    }
}

/// The ``LineHighlighter``s that colour a ``Markdown`` view's code blocks,
/// by language (see ``View/markdownCodeHighlighter(_:language:)``).
public struct MarkdownCodeHighlighters: Equatable, Sendable {
    private var entries: [(language: String, highlighter: any LineHighlighter)] = []

    /// No line highlighters: code blocks go to the view's ``SyntaxHighlighter``.
    public init() {}

    /// The highlighter of code blocks in `language` (lowercased), if any.
    public func highlighter(for language: String) -> (any LineHighlighter)? {
        entries.first { $0.language == language }?.highlighter
    }

    /// The languages that have a highlighter.
    var languages: Set<String> { Set(entries.map(\.language)) }

    /// These highlighters, with `highlighter` for `language` (nil: none).
    func setting(_ highlighter: (any LineHighlighter)?, for language: String) -> MarkdownCodeHighlighters {
        var result = self
        result.entries.removeAll { $0.language == language }
        if let highlighter { result.entries.append((language, highlighter)) }
        return result
    }

    public static func == (a: MarkdownCodeHighlighters, b: MarkdownCodeHighlighters) -> Bool {
        guard a.entries.count == b.entries.count else { return false }
        for (x, y) in zip(a.entries, b.entries) {
            let h: any LineHighlighter = x.highlighter
            guard x.language == y.language, same(h, y.highlighter) else { return false }
        }
        return true
    }

    private static func same<H: LineHighlighter>(_ a: H, _ b: any LineHighlighter) -> Bool { (b as? H) == a }
}

private struct MarkdownCodeHighlightersKey: EnvironmentKey {
    static let defaultValue = MarkdownCodeHighlighters()
}

extension EnvironmentValues {
    /// The line highlighters of the ``Markdown`` views inside, by code
    /// block language. Set with ``View/markdownCodeHighlighter(_:language:)``.
    public var markdownCodeHighlighters: MarkdownCodeHighlighters {
        get { self[MarkdownCodeHighlightersKey.self] }
        set { self[MarkdownCodeHighlightersKey.self] = newValue }
    }
}

/// A view whose ``Markdown`` views colour `language`'s code blocks with a
/// line highlighter: what ``View/markdownCodeHighlighter(_:language:)`` makes.
public struct _MarkdownCodeHighlighterView<Content: View>: View {
    var content: Content
    var highlighter: (any LineHighlighter)?
    var language: String
    @Environment(\.markdownCodeHighlighters) private var highlighters

    public var body: some View {
        content.environment(\.markdownCodeHighlighters, highlighters.setting(highlighter, for: language))
    }
}

extension View {
    /// Colours the code blocks in `language` of the ``Markdown`` views
    /// inside with `highlighter`, line by line (nil: back to the view's
    /// ``SyntaxHighlighter``). Each call adds a language; the innermost
    /// call for a language wins.
    ///
    /// ```swift
    /// Markdown(answer)
    ///     .markdownCodeHighlighter(SwiftHighlighter(), language: "swift")
    /// ```
    ///
    /// `language` is matched with the first word of a fenced block's info
    /// string, lowercased (`swift` for a block fenced as `~~~ swift`). The
    /// highlighter keeps, per code block, the runs and end state of each
    /// line (as a ``TextEditor``'s does): when the document's text changes, as when
    /// an answer is streamed into it, only the lines that changed are
    /// highlighted again, and the lines after them only while the state
    /// they start in came out different. SwiftUI has no Markdown view; the
    /// name follows ``View/textEditorHighlighter(_:)``. See <doc:TextEditing>.
    public consuming func markdownCodeHighlighter(_ highlighter: (any LineHighlighter)?, language: String)
        -> _MarkdownCodeHighlighterView<Self>
    {
        _MarkdownCodeHighlighterView(content: self, highlighter: highlighter, language: language.lowercased())
    }
}
