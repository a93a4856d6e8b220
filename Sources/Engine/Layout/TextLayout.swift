/// The lines a `Text` shows for a proposed width, measured in whole cells.
///
/// Layout follows SwiftUI's `Text`, in cells:
/// - "\n" (and "\r\n") always starts a new line; a trailing "\n" ends with an
///   empty line, and the empty string is one empty line: 0 wide, 1 tall.
/// - With a proposed width, words wrap greedily at spaces (U+0020; a break
///   opportunity follows a run of spaces that follows text). A word wider
///   than the line is broken between grapheme clusters, never inside one, and
///   a wide character never straddles the edge.
/// - Spaces at a soft wrap are dropped, on both sides of it. Other spaces
///   are kept while they fit (indentation, spaces at the end of a "\n"-line)
///   and otherwise hang past the edge, dropped: spaces never cause a wrap.
///   Indentation that leaves no room for the first word is dropped too.
/// - With `lineLimit`, the last kept line shows the rest of its "\n"-line
///   truncated per ``TruncationMode`` when it does not fit; when only later
///   lines were cut, it ends in "…".
/// - With `wraps: false`, each "\n"-line is one line, truncated per
///   ``TruncationMode`` when it does not fit.
/// - A tab ("\t") advances to the next tab stop: the next multiple of
///   `tabSize` columns (8 unless said otherwise), counted from the start of
///   its line as laid out — after a soft wrap, from the start of the
///   continuation line — and always at least one column. For breaking it is
///   a space: a line may break after it, it is dropped at a soft wrap, and
///   one that would pass the edge hangs there instead of wrapping. In a
///   truncated line the part after the "…" keeps its tabs on the line's
///   stops (they are measured where they are drawn). ``Line/text`` shows
///   each tab as the spaces it expands to, and ``Line/width`` counts them.
/// - Other control characters are not interpreted: ``Line/text`` keeps them
///   and they draw as their pictures, one column each, as ``TextSegmenter``
///   shows them ("\u{1B}" draws as "␛").
///
/// The size is the widest line × the number of lines, and the width never
/// exceeds a proposal of 1 or more: a wide character that cannot fit in a
/// one-column line is shown as "…". A proposal of 0 (or less) gives a
/// text's least layout, one line "…" (1×1; none with a line limit of 0),
/// so that a text squeezed out of a stack shows it was cut, unless the text
/// is 0 wide anyway (empty lines), which fits. Proposing the ideal width (or
/// more) gives the ideal layout.
///
/// Measuring never renders, and the same input always gives the same layout.
///
/// ```swift
/// let layout = TextLayout("The quick brown fox", proposedWidth: 10)
/// // layout.lines.map(\.text) == ["The quick", "brown fox"]
/// // layout.size == TextLayout.Size(width: 9, height: 2)
/// ```
///
/// - Complexity: O(n) in the text's UTF-8 length; pure ASCII never calls into
///   C. Allocations: the `lines` array and the line strings (none for a line
///   that is the whole text, or of at most 15 UTF-8 bytes).
public struct TextLayout: Equatable, Sendable {
    /// One laid-out line.
    public struct Line: Equatable, Sendable {
        /// The line's text as drawn: a slice of the source text, with "…"
        /// where it was truncated and each tab replaced by the spaces it
        /// expands to. Other control characters are kept; they draw as
        /// pictures.
        public var text: String
        /// Columns the line occupies when drawn.
        public var width: Int
        /// Where the drawn text came from, as UTF-8 offsets into the source:
        /// `head`, then (when `tail` is set) "…" and `tail`. Lets styled runs
        /// (`Text` concatenation) be drawn over the lines.
        var head: Range<Int>
        var tail: Range<Int>?
        /// 0 when the drawn pieces hold no tab; else the columns between the
        /// stops their tabs were expanded to (drawing from the source again,
        /// as styled runs do, expands them the same way).
        var tabSize: Int

        public init(text: String, width: Int) {
            self.text = text
            self.width = width
            head = 0..<text.utf8.count
            tail = nil
            tabSize = 0
        }

        init(text: String, width: Int, head: Range<Int>, tail: Range<Int>?, tabSize: Int = 0) {
            self.text = text
            self.width = width
            self.head = head
            self.tail = tail
            self.tabSize = tabSize
        }

        /// Lines are equal when they draw the same.
        public static func == (a: Line, b: Line) -> Bool { a.text == b.text && a.width == b.width }
    }

    /// A size in whole cells (the engine's ``Engine/Size``).
    public typealias Size = Engine.Size

    /// The columns between tab stops when none are given: 8, as in
    /// terminals, `expand(1)` and `less`.
    public static let defaultTabSize = 8

    /// The lines, top to bottom.
    public var lines: [Line]
    /// The widest line's width × the number of lines.
    public var size: Size
    /// The line limit changed this layout: without it there would be more
    /// lines, or a last line wrapped instead of truncated. A layout that is
    /// not cut is also the layout for any limit of at least its line count.
    var isCut = false

    /// Layouts are equal when they draw the same lines.
    public static func == (a: TextLayout, b: TextLayout) -> Bool { a.lines == b.lines && a.size == b.size }

    /// Lays out `text` for a proposed width.
    ///
    /// - Parameters:
    ///   - text: The text, with "\n" between lines.
    ///   - proposedWidth: Columns available; `nil` asks for the ideal layout,
    ///     where lines break only at "\n". Negative counts as 0.
    ///   - lineLimit: The most lines to keep (`nil`: no limit; 0 or less:
    ///     none). The last kept line is truncated with "…" when text was cut.
    ///   - truncation: Where a line that does not fit loses text.
    ///   - wraps: `false` keeps each "\n"-line on one line, truncated to the
    ///     width.
    ///   - tabSize: Columns between tab stops (less than 1 counts as 1).
    /// - Complexity: O(n) in the UTF-8 length of `text` (O(n log n) for a
    ///   line truncated at its head or middle with tabs after the cut).
    public init(
        _ text: String, proposedWidth: Int?, lineLimit: Int? = nil, truncation: TruncationMode = .tail,
        wraps: Bool = true, tabSize: Int = TextLayout.defaultTabSize
    ) {
        self.init(text, proposedWidth: proposedWidth, lineLimit: lineLimit, truncation: truncation, wraps: wraps,
                  tabSize: tabSize, hasTabs: nil)
    }

    /// ``init(_:proposedWidth:lineLimit:truncation:wraps:tabSize:)`` for a
    /// caller that knows whether `text` has a tab (`nil`: look).
    init(
        _ text: String, proposedWidth: Int?, lineLimit: Int?, truncation: TruncationMode, wraps: Bool, tabSize: Int,
        hasTabs: Bool?
    ) {
        let limit = lineLimit.map { Swift.max($0, 0) } ?? Int.max
        var width = proposedWidth.map { Swift.max($0, 0) } ?? Int.max
        if width == 0 {
            // No columns: a text with something to draw is "…", one column
            // and one line, the least it can be (it shows that it was cut);
            // only a text with nothing to draw (empty lines) fits as it is.
            guard TextLayout.idealSize(of: text, tabSize: tabSize, hasTabs: hasTabs).width == 0 else {
                self.init(lines: limit > 0 ? TextLayout.leastLines : [])
                return
            }
            width = Int.max
        }
        guard limit > 0 else {
            self.init(lines: [])
            isCut = true
            return
        }
        // The common case: one line of printable ASCII that fits. It is
        // itself, one column per byte: no segmentation, no line breaking.
        if TextLayout.isOneLineOfPrintableASCII(text, fittingIn: width) {
            let count = text.utf8.count
            self.init(lines: [Line(text: text, width: count, head: 0..<count, tail: nil)])
            return
        }
        let (lines, cut) = TextLayout.withSource(text, tabSize: tabSize, hasTabs: hasTabs) { source in
            var breaker = LineBreaker(source: source, text: text, width: width, lineLimit: limit,
                                      truncation: truncation)
            if wraps { breaker.wrapAll() } else { breaker.truncateAll() }
            return (breaker.lines, breaker.cut)
        }
        self.init(lines: lines)
        isCut = cut
    }

    /// A layout of the given lines, its size computed from them.
    public init(lines: [Line]) {
        self.lines = lines
        var widest = 0
        for line in lines { widest = Swift.max(widest, line.width) }
        size = Size(width: widest, height: lines.count)
    }

    /// A text's least layout, for a proposal of no columns: one line "…".
    /// Shared, so that measuring a squeezed text allocates nothing.
    static let leastLines = [Line(text: "…", width: 1, head: 0..<0, tail: 0..<0)]

    /// Whether `text` is at most `width` bytes, all of them printable ASCII
    /// (U+0020…U+007E): no line breaks, no controls, one column each.
    @inline(__always)
    static func isOneLineOfPrintableASCII(_ text: String, fittingIn width: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.count <= width && bytes.isPrintableASCII
        }
    }

    /// The ideal size of `text`: no width constraint, lines break only at
    /// "\n". The empty string is 0×1. Tabs expand to stops every `tabSize`
    /// columns.
    ///
    /// - Complexity: O(n) in the UTF-8 length; no allocation (pure ASCII
    ///   makes no C calls either).
    public static func idealSize(of text: String, tabSize: Int = defaultTabSize) -> Size {
        idealSize(of: text, tabSize: tabSize, hasTabs: nil)
    }

    static func idealSize(of text: String, tabSize: Int, hasTabs: Bool?) -> Size {
        withSource(text, tabSize: tabSize, hasTabs: hasTabs) { source in
            var size = Size.zero
            source.forEachHardLine { start, end, _ in
                var width = end - start
                if !source.isASCII || source.containsTab(start, end) {
                    width = 0
                    source.forEachCluster(from: start, to: end) { width += source.advance($0, at: width); return true }
                }
                size.width = Swift.max(size.width, width)
                size.height += 1
                return true
            }
            return size
        }
    }
}
