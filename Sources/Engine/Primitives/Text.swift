/// A run of text: one or more lines, wrapped at word boundaries to the
/// width it is offered and truncated with "…" when it must be cut.
///
/// A tab advances to the next tab stop, every 8 columns from the start of
/// its line as laid out (``View/tabSize(_:)`` changes the interval); see
/// ``TextLayout`` for how tabs wrap and truncate. Other control characters
/// and escape sequences in the string are shown as harmless pictures, never
/// sent to the terminal.
///
/// ```swift
/// Text("Status: ok").bold().foregroundColor(.green)
/// Text(longDescription).lineLimit(2).truncationMode(.middle)
/// Text("Disk ") + Text("92%").bold().foregroundColor(.red) + Text(" full")
/// ```
///
/// A string literal is Markdown, as in SwiftUI (it is a
/// ``LocalizedStringKey``): `Text("**Bold** and [a link](https://x.y)")`
/// draws bold, and a link
/// underlined in the tint colour whose cells are one OSC 8 hyperlink, even
/// wrapped onto several rows. Values interpolated into the literal are
/// shown as they are, and a string that is not a literal is never parsed:
/// `Text(name)` and `Text(verbatim: "**")` show their text as written. See
/// ``LocalizedStringKey`` for the syntax understood (code spans are drawn
/// in the theme's ``Theme/code`` colour).
///
/// Where the text sets no colour or attribute of its own, it takes those of
/// enclosing `.foregroundStyle`, `.bold()` and similar modifiers.
///
/// In a layout a text is never narrower than one column (offered none, it
/// is "…", one column and one line; an empty text is 0 wide) nor shorter
/// than one line; its ideal size is its widest line × its lines.
public struct Text: PrimitiveView, Equatable {
    public var content: String
    /// The style of the whole text; in a concatenation, the style each
    /// piece's own style is drawn over.
    public var style: Style
    public var lineLimit: Int?
    public var truncation: TruncationMode
    public var alignment: TextAlignment
    public var wraps: Bool
    /// For a concatenation, each piece's style up to its end (a UTF-8
    /// offset of `content`); `nil` for a text in one style.
    var runs: [Run]?

    struct Run: Equatable {
        var end: Int
        var style: Style
        /// The hyperlink target the piece belongs to (a Markdown link), or nil.
        var link: String?

        init(end: Int, style: Style, link: String? = nil) {
            self.end = end
            self.style = style
            self.link = link
        }
    }

    /// A text showing `content` as it is, with no Markdown: SwiftUI's
    /// `Text(verbatim:)`. Nonisolated, as SwiftUI's is: a text is plain
    /// data, and may be made anywhere (a table's cell closures, a model's
    /// formatting) and shown on the main actor.
    nonisolated public init(verbatim content: String) {
        self.content = content
        style = .plain
        lineLimit = nil
        truncation = .tail
        alignment = .leading
        wraps = true
        runs = nil
    }

    /// A text showing `content` (any string or substring) as it is, with
    /// no Markdown, as SwiftUI's `Text(_:)` for a string that is not a
    /// literal: `Text(fileName)` shows `my_file*.txt` as written.
    ///
    /// Disfavoured, as SwiftUI's is, so that a string literal
    /// (`Text("**Bold**")`) is a ``LocalizedStringKey`` and its Markdown is
    /// drawn; see ``LocalizedStringKey``.
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ content: S) { self.init(verbatim: String(content)) }

    public static func _makeBehavior() -> NodeBehavior { TextBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TextBehavior.self)
        // Role colours (`.secondary`) are resolved through the theme here;
        // a text naming none reads nothing.
        let style = graph.resolvingRoles(view.style, at: node)
        let styleID = graph.canvas.styles.transientID(for: style)
        var layoutChanged = false
        if b.content != view.content || b.lineLimit != view.lineLimit || b.truncation != view.truncation
            || b.wraps != view.wraps
        {
            let wasWide = b.mayHaveWideGraphemes
            b.content = view.content
            if b.mayHaveWideGraphemes != wasWide { graph.setMayHaveWideGraphemes(node, !wasWide) }
            b.lineLimit = view.lineLimit
            b.truncation = view.truncation
            b.wraps = view.wraps
            layoutChanged = true
        }
        if b.hasTabs {
            // Only a text with tabs reads (and so depends on) the tab size.
            let tabSize = Swift.max(graph.environmentValue(EnvironmentPaths.tabSize, at: node), 1)
            if b.tabSize != tabSize {
                b.tabSize = tabSize
                layoutChanged = true
            }
        }
        if layoutChanged {
            b.layouts.removeAll(keepingCapacity: true)
            graph.leafContentChanged(node)
            graph.markNeedsPaint(node)
        }
        if b.styleID != styleID || b.alignment != view.alignment {
            b.styleID = styleID
            b.alignment = view.alignment
            graph.markNeedsPaint(node)
        }
        if view.runs != nil || b.runs != nil {
            let runs = view.runs?.map { run in
                var drawn = graph.resolvingRoles(run.style.drawn(over: style), at: node)
                // Links are interned once per target and kept: the id is stable.
                if let link = run.link { drawn.link = graph.canvas.styles.linkID(for: link) }
                return TextLayout.StyledRun(end: run.end, style: graph.canvas.styles.transientID(for: drawn))
            }
            if b.runs != runs {
                b.runs = runs
                graph.markNeedsPaint(node)
            }
        }
    }

    /// The pieces of `self` with their styles drawn over its own.
    nonisolated var resolvedRuns: [Run] {
        guard let runs else { return [Run(end: content.utf8.count, style: style)] }
        return runs.map { Run(end: $0.end, style: $0.style.drawn(over: style), link: $0.link) }
    }

    /// One text showing `lhs` then `rhs`, each piece in its own style:
    /// `Text("a") + Text("b").bold()`. Modifiers on the result apply to the
    /// whole (under each piece's own); line limit, truncation, alignment and
    /// wrapping come from `lhs`.
    nonisolated public static func + (lhs: Text, rhs: Text) -> Text {
        var result = lhs
        let offset = lhs.content.utf8.count
        result.content = lhs.content + rhs.content
        result.style = .plain
        result.runs = lhs.resolvedRuns + rhs.resolvedRuns.map { Run(end: $0.end + offset, style: $0.style, link: $0.link) }
        return result
    }

    /// Appends `rhs` to `lhs` (see ``+(_:_:)``), in place once `lhs` is a
    /// concatenation: building a text of n pieces this way is O(n).
    nonisolated public static func += (lhs: inout Text, rhs: Text) {
        guard lhs.runs != nil, lhs.style == .plain else {
            lhs = lhs + rhs
            return
        }
        let offset = lhs.content.utf8.count
        lhs.content += rhs.content
        for run in rhs.resolvedRuns { lhs.runs!.append(Run(end: run.end + offset, style: run.style, link: run.link)) }
    }
}

extension Style {
    /// `self` where it sets something, `base` where it does not; the
    /// attributes of both.
    func drawn(over base: Style) -> Style {
        var s = self
        if s.foreground == .default { s.foreground = base.foreground }
        if s.background == .default { s.background = base.background }
        // The underline's style comes with whichever underline is drawn: the
        // style's own when it has one.
        if !s.attributes.contains(.underline) { s.underlineStyle = base.underlineStyle }
        if s.underlineColor == .default { s.underlineColor = base.underlineColor }
        if s.link == 0 { s.link = base.link }
        s.attributes.formUnion(base.attributes)
        return s
    }
}

extension Text {
    nonisolated private consuming func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }
    nonisolated public consuming func bold() -> Text { with { $0.style.attributes.insert(.bold) } }
    nonisolated public consuming func italic() -> Text { with { $0.style.attributes.insert(.italic) } }
    /// Underlined (when `isActive`), the line drawn in `pattern` and `color`
    /// (`nil`: the text's colour), as SwiftUI's `underline(_:pattern:color:)`.
    /// See ``Text/LineStyle/Pattern`` for how patterns map to a terminal's
    /// underline styles.
    ///
    /// ```swift
    /// Text("recieve").underline(pattern: .curly, color: .red)
    /// ```
    nonisolated public consuming func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        guard isActive else { return self }
        return with {
            $0.style.attributes.insert(.underline)
            $0.style.underlineStyle = pattern.underlineStyle
            if let color { $0.style.underlineColor = color }
        }
    }
    /// A line over the text (when `isActive`): SGR 53, which terminals
    /// without it ignore. SwiftUI has no overline; terminals draw one.
    nonisolated public consuming func overline(_ isActive: Bool = true) -> Text {
        guard isActive else { return self }
        return with { $0.style.attributes.insert(.overline) }
    }
    /// Struck through (when `isActive`), as SwiftUI's
    /// `strikethrough(_:pattern:color:)`: SGR 9, a solid line in the
    /// text's colour. Terminals draw no other: no pattern and no colour of
    /// their own for the line (SGR 9 has no sub-parameters, and there is no
    /// strikethrough counterpart of the underline colour, SGR 58), so
    /// `pattern` and `color` are accepted for SwiftUI's sake and not drawn.
    ///
    /// ```swift
    /// Text("old price").strikethrough(color: .red)   // a line in the text's colour
    /// ```
    nonisolated public consuming func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        guard isActive else { return self }
        return with { $0.style.attributes.insert(.strikethrough) }
    }
    nonisolated public consuming func dim() -> Text { with { $0.style.attributes.insert(.dim) } }
    nonisolated public consuming func blink() -> Text { with { $0.style.attributes.insert(.blink) } }
    nonisolated public consuming func reverse() -> Text { with { $0.style.attributes.insert(.reverse) } }
    nonisolated public consuming func foregroundColor(_ color: Color) -> Text { with { $0.style.foreground = color } }
    /// The text's own background (the cells its glyphs occupy).
    nonisolated public consuming func backgroundColor(_ color: Color) -> Text { with { $0.style.background = color } }
    /// At most `n` lines; the last is truncated with "…".
    nonisolated public consuming func lineLimit(_ n: Int?) -> Text { with { $0.lineLimit = n } }
    /// Where "…" goes when a line is cut.
    nonisolated public consuming func truncationMode(_ mode: TruncationMode) -> Text { with { $0.truncation = mode } }
    /// How lines are aligned within the text's frame.
    nonisolated public consuming func multilineTextAlignment(_ alignment: TextAlignment) -> Text { with { $0.alignment = alignment } }
    /// One line per "\n"-separated line, truncated instead of wrapped.
    nonisolated public consuming func singleLine() -> Text { with { $0.wraps = false } }
}

final class TextBehavior: NodeBehavior {
    /// What the text shows; setting it finds out what one pass over its
    /// bytes tells (``narrowLineWidth``, ``NodeBehavior/mayHaveWideGraphemes``,
    /// ``hasTabs``).
    var content = "" { didSet { scanContent() } }
    /// The content's width when it is one line of narrow scalars
    /// (``NarrowScalars``: printable ASCII, Latin, punctuation such as `·`
    /// and `…`, box drawing, Braille): one column per scalar, nothing to
    /// segment or break; -1 otherwise.
    var narrowLineWidth = 0
    /// The content holds a tab: its layout depends on ``tabSize``.
    var hasTabs = false
    /// Columns between tab stops (the environment's ``EnvironmentValues/tabSize``),
    /// read only while the content has tabs.
    var tabSize = TextLayout.defaultTabSize
    var lineLimit: Int?
    var truncation = TruncationMode.tail
    var wraps = true
    var alignment = TextAlignment.leading
    var styleID: StyleID = 0
    /// For a concatenation, the pieces' styles (``Text/runs`` interned).
    var runs: [TextLayout.StyledRun]?
    /// Layouts by (width, line limit), small and cleared when the content changes.
    var layouts: [(width: Int?, limit: Int?, layout: TextLayout)] = []

    /// Whether the content may hold wide graphemes, and its width when it
    /// is one line of printable ASCII: one pass over its bytes.
    private func scanContent() {
        // A copy: `withUTF8` is mutating, and this runs in `content`'s didSet.
        var text = content
        let (printable, ascii) = text.withUTF8 { PrintableASCII.scan($0) }
        if printable {
            narrowLineWidth = text.utf8.count
            mayHaveWideGraphemes = false
            hasTabs = false
            return
        }
        // Not one line of printable ASCII: a line of other narrow scalars
        // (a status line with `·`, a border) is as simple.
        let narrow = ascii ? nil : text.withUTF8 { NarrowScalars.width(of: $0) }
        narrowLineWidth = narrow ?? -1
        mayHaveWideGraphemes = !ascii && narrow == nil
        hasTabs = narrow == nil && text.withUTF8 { $0.containsByte(0x09) }
    }

    func layout(width: Int?, height: Int?) -> TextLayout {
        var w = width == .max ? nil : width
        // Proposing the ideal width or more gives the ideal layout
        // (``TextLayout``), and a text of n UTF-8 bytes is at most n columns
        // wide: every proposal at least that wide shares one layout (a stack
        // asks a text for many sizes, and a text that changed is measured
        // again for each). A tab may be wider than its byte: not with tabs.
        if let proposed = w, proposed > 0, content.utf8.count <= proposed, !hasTabs { w = nil }
        var limit = lineLimit
        if let h = height, h != .max { limit = Swift.min(limit ?? .max, Swift.max(h, 1)) }
        // By index: a `for entry in` would copy (retain and release) each layout.
        for i in layouts.indices where layouts[i].width == w {
            if layouts[i].limit == limit { return layouts[i].layout }
            // A layout its limit did not cut is the layout for any limit that
            // keeps as many lines: a one-line text asked for heights 1 and 60
            // lays out once.
            if !layouts[i].layout.isCut && layouts[i].layout.lines.count <= (limit ?? .max) { return layouts[i].layout }
        }
        let l = TextLayout(content, proposedWidth: w, lineLimit: limit, truncation: truncation, wraps: wraps,
                           tabSize: tabSize, hasTabs: hasTabs)
        if layouts.count >= 4 { layouts.removeFirst() }
        layouts.append((w, limit, l))
        return l
    }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // One line of narrow scalars that fits is itself (as ``TextLayout``
        // would lay it out): its size needs no layout. Text that changed is
        // measured again for every proposal its ancestors made.
        let n = narrowLineWidth
        if n >= 0, n <= (proposal.width ?? .max), (lineLimit ?? 1) > 0 {
            return Size(width: n, height: 1)
        }
        return measure(proposal)
    }

    /// The size past the fast path, out of line so that the fast path
    /// stays as short as it was. Offered no columns (a stack asking for its
    /// least width), one line of narrow scalars is "…", 1 × 1, as
    /// ``TextLayout`` lays it out: the size needs no layout.
    @inline(never)
    private func measure(_ proposal: ProposedSize) -> Size {
        if narrowLineWidth > 0, let w = proposal.width, w <= 0, (lineLimit ?? 1) > 0 {
            return Size(width: 1, height: 1)
        }
        return layout(width: proposal.width, height: proposal.height).size
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func graphemeWidthsChanged() { layouts.removeAll() }

    override func forEachStyleID(_ body: (StyleID) -> Void) {
        body(styleID)
        if let runs { for run in runs { body(run.style) } }
    }

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        let n = narrowLineWidth
        if runs == nil, n >= 0, n <= f.width, (lineLimit ?? 1) > 0 {
            // One line of narrow scalars that fits is its own layout (as
            // ``sizeThatFits`` answers without one): drawn as
            // ``TextLayout/draw(into:x:y:width:style:alignment:clip:)`` would.
            let style = canvas.styles.transientID(styleID, inheriting: inherited)
            let area = clip.intersection(canvas.bounds)
            guard !area.isEmpty else { return }
            let offset: Int
            switch alignment {
            case .leading: offset = 0
            case .center: offset = (f.width - n) >> 1
            case .trailing: offset = f.width - n
            }
            canvas.write(content, x: f.x + offset, y: f.y, style: style, clip: area)
            // The cells it covers are text, for selection.
            if f.y >= area.y && f.y < area.maxY {
                canvas.markText(y: f.y, from: Swift.max(f.x + offset, area.x), to: Swift.min(f.x + offset + n, area.maxX))
            }
            return
        }
        let l = layout(width: f.width, height: f.height)
        if let runs {
            let styled = runs.map { TextLayout.StyledRun(end: $0.end, style: canvas.styles.transientID($0.style, inheriting: inherited)) }
            l.draw(into: canvas, source: content, runs: styled, x: f.x, y: f.y, width: f.width, alignment: alignment,
                   clip: clip)
        } else {
            l.draw(into: canvas, x: f.x, y: f.y, width: f.width,
                   style: canvas.styles.transientID(styleID, inheriting: inherited), alignment: alignment, clip: clip)
        }
        l.markText(in: canvas, source: content, x: f.x, y: f.y, width: f.width, alignment: alignment, clip: clip)
    }
}
