/// CommonMark's inline syntax (with GFM's strikethrough), parsed into the
/// text it shows and the styled runs over it: what a Markdown literal in
/// ``Text`` and each paragraph of a ``Markdown`` document draw.
///
/// Understood: `*em*` and `_em_`, `**strong**` and `__strong__`,
/// code between backticks, `~~strike~~` (and `~strike~`), `[text](url "title")`
/// and `![alt](url)` (drawn as a link titled by its alt text),
/// `<scheme:autolinks>` and `<user@host>`, and backslash escapes; in a
/// ``Markdown`` document, given its link reference definitions, also
/// reference links: `[text][label]`, `[label][]` and `[label]` (CommonMark
/// 6.3; an inline link takes precedence, links do not nest), raw HTML
/// (CommonMark 6.6: shown as written in the HTML style, comments not at
/// all, never read as Markdown) and entity references (decoded, in text
/// and destinations, not in code spans or autolinks). Emphasis
/// follows CommonMark's delimiter-run rules (left- and right-flanking runs,
/// intraword `_` is never emphasis, the rule of three), so `snake_case_name`
/// and `2 * 3 * 4` stay as written. Everything else is kept byte for byte:
/// whitespace, newlines, in a ``Text`` HTML and entities (`&amp;` is shown
/// as written), and control characters (which ``Text`` draws as harmless
/// pictures). In a document a
/// newline is a paragraph's line ending: a soft break (a space), a hard
/// one after two spaces, and a space in a code span.
///
/// The source is bytes, each either Markdown or verbatim (what a
/// ``LocalizedStringKey`` interpolated): a verbatim byte is always text,
/// never markup, though it counts as a neighbour in the flanking rules.
/// A byte `0xFF` (never in UTF-8) marked verbatim stands for the next of
/// `atoms`, an interpolated ``Text`` kept with its own styles.
///
/// - Complexity: O(n) for most input; the delimiter search is bounded by
///   CommonMark's "openers bottom", so pathological runs of delimiters stay
///   near linear. A reference reads at most the 999 characters of a label
///   after a `]` and of its link text before it.
struct InlineMarkdown {
    /// The placeholder byte of an atom (an interpolated text).
    static let atomByte: UInt8 = 0xFF

    /// How the inline elements are drawn.
    struct Styles {
        var emphasis = Style(attributes: .italic)
        var strong = Style(attributes: .bold)
        var strikethrough = Style(attributes: .strikethrough)
        var code = Style(foreground: Color(role: .code))
        var link = Style(foreground: .accentColor, attributes: .underline)
        /// Raw HTML in a document, shown as written.
        var html = Style(foreground: .secondary)
    }

    private struct Item {
        var bytes: [UInt8]
        var atom = -1
        var isCode = false
        /// Raw HTML (in a document), drawn in the HTML style.
        var isHTML = false
        /// An autolink's target.
        var link: String?
    }

    private struct Delimiter {
        var item: Int
        var char: UInt8
        var count: Int
        var original: Int
        var canOpen: Bool
        var canClose: Bool
        var alive = true
    }

    private struct Bracket {
        var item: Int
        /// The byte after the `[` (or `![`): where the link text starts.
        var textStart: Int
        var delimiterBottom: Int
        var active = true
        var isImage: Bool
    }

    private enum Attribute { case emphasis, strong, strike, link }

    private struct Span {
        var open: Int
        var close: Int
        var attribute: Attribute
        var link: String?
    }

    private let bytes: [UInt8]
    private let verbatim: [Bool]
    private var items: [Item] = []
    private var pending: [UInt8] = []
    private var delimiters: [Delimiter] = []
    private var brackets: [Bracket] = []
    private var spans: [Span] = []
    private var atomCount = 0
    /// The document's link reference definitions; nil outside a Markdown
    /// document (a ``Text``), where `[text]` alone is never a link.
    private let definitions: MarkdownLinkDefinitions?
    /// Whether the source is a Markdown document's paragraph, whose line
    /// endings are soft breaks (a space) or, after two spaces, hard ones
    /// (a newline), and are spaces in a code span (CommonMark 6.1, 6.7,
    /// 6.8). In a ``Text`` a newline is a newline, wherever it is.
    private var paragraphLineEndings: Bool { definitions != nil }
    /// The normalized labels looked up in ``definitions``, found or not.
    private(set) var labelsLookedUp: [String] = []
    /// Where searches for raw HTML's terminators found none.
    private var htmlMisses = RawHTML.Misses()

    private init(bytes: [UInt8], verbatim: [Bool], definitions: MarkdownLinkDefinitions? = nil) {
        self.bytes = bytes
        self.verbatim = verbatim
        self.definitions = definitions
    }

    /// Whether `source` holds a byte that may start inline markup
    /// (`\` `` ` `` `*` `_` `~` `[` `<`): if not, it is its own text, and
    /// parsing can be skipped. Every `Text` made from a string literal asks
    /// this of its literal pieces, so it looks at eight bytes at a time.
    static func mayHaveMarkup(_ source: String) -> Bool {
        // A native string is read in place; another (bridged) one is copied.
        if let found = source.utf8.withContiguousStorageIfAvailable({ mayHaveMarkup(bytes: $0) }) { return found }
        var copy = source
        return copy.withUTF8 { mayHaveMarkup(bytes: $0) }
    }

    /// ``mayHaveMarkup(_:)`` of UTF-8 `bytes`.
    @inline(__always)
    static func mayHaveMarkup(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let found =
                zeroByte(word ^ 0x2A2A_2A2A_2A2A_2A2A) | zeroByte(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                | zeroByte(word ^ 0x5B5B_5B5B_5B5B_5B5B) | zeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                | zeroByte(word ^ 0x5F5F_5F5F_5F5F_5F5F) | zeroByte(word ^ 0x6060_6060_6060_6060)
                | zeroByte(word ^ 0x7E7E_7E7E_7E7E_7E7E)
            if found != 0 { return true }
            i += 8
        }
        while i < count {
            switch base[i] {
            case 0x5C, 0x60, 0x2A, 0x5F, 0x7E, 0x5B, 0x3C: return true
            default: i += 1
            }
        }
        return false
    }

    /// Non-zero when one of `word`'s eight bytes is zero (the high bit of
    /// some byte set; which one is not exact, whether there is one is).
    @inline(__always)
    private static func zeroByte(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// Parses `bytes` (`verbatim[i]`: byte `i` is text, never markup) into
    /// a ``Text``; atoms are the interpolated texts, in order.
    static func text(bytes: [UInt8], verbatim: [Bool], atoms: [Text] = [], styles: Styles = Styles()) -> Text {
        var parser = InlineMarkdown(bytes: bytes, verbatim: verbatim)
        parser.tokenize()
        parser.processEmphasis(bottom: 0)
        return parser.flatten(atoms: atoms, styles: styles)
    }

    /// Parses Markdown `source` (no verbatim bytes, no atoms).
    static func text(_ source: String, styles: Styles = Styles()) -> Text {
        let bytes = Array(source.utf8)
        return text(bytes: bytes, verbatim: [Bool](repeating: false, count: bytes.count), styles: styles)
    }

    /// Parses Markdown `source`, the inline text of a Markdown document
    /// with link reference `definitions`: reference links resolve through
    /// them. The labels looked up (normalized, whether found or not) are
    /// added to `labelsLookedUp`: what the text shown depends on.
    static func text(_ source: String, definitions: MarkdownLinkDefinitions, labelsLookedUp: inout [String],
                     styles: Styles = Styles()) -> Text
    {
        let bytes = Array(source.utf8)
        var parser = InlineMarkdown(bytes: bytes, verbatim: [Bool](repeating: false, count: bytes.count),
                                    definitions: definitions)
        parser.tokenize()
        parser.processEmphasis(bottom: 0)
        labelsLookedUp += parser.labelsLookedUp
        return parser.flatten(atoms: [], styles: styles)
    }

    // MARK: - Tokens

    private func isMarkup(_ i: Int) -> Bool { i < bytes.count && !verbatim[i] }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        items.append(Item(bytes: pending))
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func tokenize() {
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if verbatim[i] {
                if b == InlineMarkdown.atomByte {
                    flush()
                    items.append(Item(bytes: [], atom: atomCount))
                    atomCount += 1
                } else {
                    pending.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case 0x5C:  // \
                if isMarkup(i + 1), InlineMarkdown.isASCIIPunctuation(bytes[i + 1]) {
                    pending.append(bytes[i + 1])
                    i += 2
                } else if isMarkup(i + 1), bytes[i + 1] == 0x0A {
                    // A hard line break: the newline, without its backslash.
                    pending.append(0x0A)
                    i += 2
                } else {
                    pending.append(b)
                    i += 1
                }
            case 0x0A where paragraphLineEndings:
                lineEnding()
                i += 1
            case 0x60:  // `
                i = codeSpan(at: i)
            case 0x2A, 0x5F, 0x7E:  // * _ ~
                i = delimiterRun(at: i)
            case 0x21 where isMarkup(i + 1) && bytes[i + 1] == 0x5B:  // ![
                flush()
                brackets.append(Bracket(item: items.count, textStart: i + 2, delimiterBottom: delimiters.count, isImage: true))
                items.append(Item(bytes: [0x21, 0x5B]))
                i += 2
            case 0x5B:  // [
                flush()
                brackets.append(Bracket(item: items.count, textStart: i + 1, delimiterBottom: delimiters.count, isImage: false))
                items.append(Item(bytes: [0x5B]))
                i += 1
            case 0x5D:  // ]
                i = closeBracket(at: i)
            case 0x3C:  // <
                i = autolink(at: i)
            case 0x26 where paragraphLineEndings:  // & in a document: an entity reference, or text
                if let (decoded, end) = HTMLEntities.reference(in: bytes, at: i) {
                    // A line ending is whitespace, as in HTML: a space (only
                    // the paragraph's own line endings break its lines).
                    for d in decoded { pending.append(d == 0x0A || d == 0x0D ? 0x20 : d) }
                    i = end
                } else {
                    pending.append(b)
                    i += 1
                }
            default:
                pending.append(b)
                i += 1
            }
        }
        flush()
    }

    /// A paragraph's line ending: a hard break (a newline) after two or
    /// more spaces, a soft break (a space) otherwise; the spaces and tabs
    /// before it are not shown. (The block parser took those after it.)
    private mutating func lineEnding() {
        var spaces = 0
        while pending.last == 0x20 {
            spaces += 1
            pending.removeLast()
        }
        while let last = pending.last, last == 0x20 || last == 0x09 { pending.removeLast() }
        pending.append(spaces >= 2 ? 0x0A : 0x20)
    }

    /// The length of the run of markup byte `b` starting at `i`.
    private func runLength(of b: UInt8, at i: Int) -> Int {
        var j = i
        while isMarkup(j), bytes[j] == b { j += 1 }
        return j - i
    }

    /// A code span opened by the backtick run at `i`, closed by the next
    /// run of as many (CommonMark 6.1); returns where parsing goes on.
    private mutating func codeSpan(at i: Int) -> Int {
        let k = runLength(of: 0x60, at: i)
        var j = i + k
        while j < bytes.count {
            guard isMarkup(j), bytes[j] == 0x60 else {
                j += 1
                continue
            }
            let m = runLength(of: 0x60, at: j)
            if m == k {
                var content = Array(bytes[(i + k)..<j])
                // A paragraph's line endings are spaces in a code span.
                if paragraphLineEndings {
                    for x in content.indices where content[x] == 0x0A { content[x] = 0x20 }
                }
                // One space each side is stripped when both are there and the
                // span is not all spaces.
                if content.count >= 2, content.first == 0x20, content.last == 0x20, content.contains(where: { $0 != 0x20 }) {
                    content.removeFirst()
                    content.removeLast()
                }
                flush()
                // A verbatim placeholder cannot be code: it is text.
                items.append(Item(bytes: content.filter { $0 != InlineMarkdown.atomByte }, isCode: true))
                return j + m
            }
            j += m
        }
        pending.append(contentsOf: repeatElement(0x60, count: k))
        return i + k
    }

    /// A run of `*`, `_` or `~` at `i`: a delimiter when it can open or
    /// close (CommonMark 6.2's flanking rules), text otherwise.
    private mutating func delimiterRun(at i: Int) -> Int {
        let b = bytes[i]
        let k = runLength(of: b, at: i)
        let before = classify(before: i)
        let after = classify(at: i + k)
        let left = after != .whitespace && (after != .punctuation || before != .other)
        let right = before != .whitespace && (before != .punctuation || after != .other)
        let canOpen: Bool
        let canClose: Bool
        if b == 0x5F {
            canOpen = left && (!right || before == .punctuation)
            canClose = right && (!left || after == .punctuation)
        } else {
            canOpen = left
            canClose = right
        }
        let run = [UInt8](repeating: b, count: k)
        if (b == 0x7E && k > 2) || !(canOpen || canClose) {
            pending.append(contentsOf: run)
            return i + k
        }
        flush()
        delimiters.append(Delimiter(item: items.count, char: b, count: k, original: k, canOpen: canOpen, canClose: canClose))
        items.append(Item(bytes: run))
        return i + k
    }

    /// A `]` at `i`: closes the innermost `[` as a link when an inline
    /// destination follows or, in a document, a reference resolves;
    /// otherwise it is text.
    private mutating func closeBracket(at i: Int) -> Int {
        guard let opener = brackets.last else {
            pending.append(0x5D)
            return i + 1
        }
        guard opener.active, let (destination, end) = inlineDestination(at: i + 1) ?? reference(text: opener.textStart, close: i)
        else {
            brackets.removeLast()
            pending.append(0x5D)
            return i + 1
        }
        flush()
        let close = items.count
        items.append(Item(bytes: []))
        items[opener.item].bytes = []
        processEmphasis(bottom: opener.delimiterBottom)
        spans.append(Span(open: opener.item, close: close, attribute: .link, link: destination))
        brackets.removeLast()
        // No links in links (CommonMark 6.3): earlier openers become text.
        if !opener.isImage { for k in brackets.indices where !brackets[k].isImage { brackets[k].active = false } }
        return end
    }

    /// A reference link whose text runs from `start` to the `]` at `close`
    /// (CommonMark 6.3): a full reference `[label]` after it, or the text
    /// itself as the label when `[]` (collapsed) or no label (shortcut)
    /// follows. The destination and where the link ends; nil when the
    /// label is not defined, or outside a document.
    private mutating func reference(text start: Int, close: Int) -> (String, Int)? {
        guard let definitions else { return nil }
        var label = start..<close
        var end = close + 1
        if isMarkup(close + 1), bytes[close + 1] == 0x5B,
           let (range, after) = MarkdownLinkDefinitions.label(in: bytes, at: close + 1, isText: { !isMarkup($0) })
        {
            // A full reference; `[]` makes it collapsed (the text is the label).
            if !range.isEmpty { label = range }
            end = after
        }
        if label == start..<close {
            // The text as a label: no unescaped bracket inside, at most 999 characters.
            guard let (range, _) = MarkdownLinkDefinitions.label(in: bytes, at: start - 1, isText: { !isMarkup($0) }),
                  range.upperBound == close
            else { return nil }
        }
        guard let key = MarkdownLinkDefinitions.key(bytes[label].filter { $0 != InlineMarkdown.atomByte }) else { return nil }
        labelsLookedUp.append(key)
        guard let destination = definitions[key] else { return nil }
        return (destination, end)
    }

    /// The entity reference at `i` in a document's destination (decoded
    /// there, CommonMark §2.5), and where it ends.
    private func entity(at i: Int) -> ([UInt8], Int)? {
        guard paragraphLineEndings, isMarkup(i), bytes[i] == 0x26 else { return nil }
        return HTMLEntities.reference(in: bytes, at: i)
    }

    /// `(destination "title")` at `i`: the destination and where it ends.
    private func inlineDestination(at start: Int) -> (String, Int)? {
        guard isMarkup(start), bytes[start] == 0x28 else { return nil }
        var i = start + 1
        func skipSpace() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A { i += 1 } }
        skipSpace()
        var destination: [UInt8] = []
        if isMarkup(i), bytes[i] == 0x3C {
            i += 1
            while i < bytes.count, bytes[i] != 0x3E {
                if bytes[i] == 0x0A || (isMarkup(i) && bytes[i] == 0x3C) { return nil }
                if isMarkup(i), bytes[i] == 0x5C, isMarkup(i + 1), InlineMarkdown.isASCIIPunctuation(bytes[i + 1]) {
                    i += 1
                } else if let (decoded, end) = entity(at: i) {
                    destination += decoded
                    i = end
                    continue
                }
                destination.append(bytes[i])
                i += 1
            }
            guard i < bytes.count else { return nil }
            i += 1
        } else {
            var depth = 0
            while i < bytes.count {
                let b = bytes[i]
                if b <= 0x20 || b == 0x7F { break }
                if isMarkup(i) {
                    if b == 0x5C, isMarkup(i + 1), InlineMarkdown.isASCIIPunctuation(bytes[i + 1]) {
                        destination.append(bytes[i + 1])
                        i += 2
                        continue
                    }
                    if let (decoded, end) = entity(at: i) {
                        destination += decoded
                        i = end
                        continue
                    }
                    if b == 0x28 { depth += 1 }
                    if b == 0x29 {
                        if depth == 0 { break }
                        depth -= 1
                    }
                }
                destination.append(b)
                i += 1
            }
            guard depth == 0 else { return nil }
        }
        let afterDestination = i
        skipSpace()
        // An optional title, which a terminal has nowhere to show.
        if i > afterDestination, i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 || bytes[i] == 0x28 {
            let closing: UInt8 = bytes[i] == 0x28 ? 0x29 : bytes[i]
            i += 1
            while i < bytes.count, bytes[i] != closing {
                if bytes[i] == 0x5C { i += 1 }
                i += 1
            }
            guard i < bytes.count else { return nil }
            i += 1
            skipSpace()
        }
        guard isMarkup(i), bytes[i] == 0x29 else { return nil }
        return (String(decoding: destination.filter { $0 != InlineMarkdown.atomByte }, as: UTF8.self), i + 1)
    }

    /// `<scheme:…>` or `<user@host>` at `i` (CommonMark 6.5): a link showing
    /// its address; otherwise `<` is text.
    private mutating func autolink(at i: Int) -> Int {
        var j = i + 1
        while j < bytes.count, isMarkup(j), bytes[j] != 0x3E, bytes[j] != 0x3C, bytes[j] > 0x20, bytes[j] != 0x7F { j += 1 }
        guard isMarkup(j), bytes[j] == 0x3E, j > i + 1 else { return rawHTML(at: i) }
        let body = Array(bytes[(i + 1)..<j])
        let target: String
        if InlineMarkdown.isURI(body) {
            target = String(decoding: body, as: UTF8.self)
        } else if InlineMarkdown.isEmail(body) {
            target = "mailto:" + String(decoding: body, as: UTF8.self)
        } else {
            return rawHTML(at: i)
        }
        flush()
        items.append(Item(bytes: body, link: target))
        return j + 1
    }

    /// Raw HTML at `i` in a document (CommonMark 6.6): shown as written
    /// in the HTML style, a comment not at all; a paragraph's line endings
    /// in it are spaces. Otherwise (or in a ``Text``) `<` is text.
    private mutating func rawHTML(at i: Int) -> Int {
        guard paragraphLineEndings, let (end, isComment) = RawHTML.scan(bytes, at: i, misses: &htmlMisses) else {
            pending.append(0x3C)
            return i + 1
        }
        flush()
        if !isComment {
            items.append(Item(bytes: bytes[i..<end].map { $0 == 0x0A ? 0x20 : $0 }, isHTML: true))
        }
        return end
    }

    static func isURI(_ body: [UInt8]) -> Bool {
        guard let colon = body.firstIndex(of: 0x3A), colon >= 2, colon <= 32, isASCIILetter(body[0]) else { return false }
        return body[1..<colon].allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2E || $0 == 0x2D }
    }

    static func isEmail(_ body: [UInt8]) -> Bool {
        guard let at = body.firstIndex(of: 0x40), at > 0, at < body.count - 1 else { return false }
        let local = body[..<at]
        let domain = body[(at + 1)...]
        let localOK = local.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || ".!#$%&'*+/=?^_`{|}~-".utf8.contains($0) }
        let domainOK = domain.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }
        return localOK && domainOK && domain.first != 0x2E && domain.last != 0x2E
    }

    // MARK: - Emphasis (CommonMark appendix: "process emphasis")

    private mutating func processEmphasis(bottom: Int) {
        // The lowest delimiter index worth searching for an opener, per closer
        // kind (character, whether it can open, its length mod 3).
        var openersBottom = [Int](repeating: bottom, count: 18)
        var c = bottom
        while c < delimiters.count {
            let closer = delimiters[c]
            guard closer.alive, closer.canClose else {
                c += 1
                continue
            }
            let kind = closer.char == 0x2A ? 0 : closer.char == 0x5F ? 1 : 2
            let key = kind * 6 + (closer.canOpen ? 3 : 0) + closer.original % 3
            var found = -1
            var o = c - 1
            while o >= openersBottom[key] {
                let opener = delimiters[o]
                if opener.alive, opener.canOpen, opener.char == closer.char {
                    if closer.char == 0x7E {
                        if opener.count == closer.count {
                            found = o
                            break
                        }
                    } else {
                        let ruleOfThree = (closer.canOpen || opener.canClose) && (opener.original + closer.original) % 3 == 0
                            && !(opener.original % 3 == 0 && closer.original % 3 == 0)
                        if !ruleOfThree {
                            found = o
                            break
                        }
                    }
                }
                o -= 1
            }
            guard found >= 0 else {
                openersBottom[key] = c
                if !closer.canOpen { delimiters[c].alive = false }
                c += 1
                continue
            }
            let opener = delimiters[found]
            let used = closer.char == 0x7E ? closer.count : (opener.count >= 2 && closer.count >= 2 ? 2 : 1)
            let attribute: Attribute = closer.char == 0x7E ? .strike : used == 2 ? .strong : .emphasis
            delimiters[found].count -= used
            delimiters[c].count -= used
            items[opener.item].bytes.removeLast(used)
            items[closer.item].bytes.removeFirst(used)
            spans.append(Span(open: opener.item, close: closer.item, attribute: attribute))
            for k in (found + 1)..<c { delimiters[k].alive = false }
            if delimiters[found].count == 0 { delimiters[found].alive = false }
            if delimiters[c].count == 0 {
                delimiters[c].alive = false
                c += 1
            }
        }
        for k in bottom..<delimiters.count { delimiters[k].alive = false }
    }

    // MARK: - Output

    /// The items drawn in order, each in the style of the spans around it.
    private func flatten(atoms: [Text], styles: Styles) -> Text {
        var startsAfter = [[Int]](repeating: [], count: items.count)
        var endsBefore = [[Int]](repeating: [], count: items.count)
        for (k, span) in spans.enumerated() {
            startsAfter[span.open].append(k)
            endsBefore[span.close].append(k)
        }
        var emphasis = 0, strong = 0, strike = 0
        var links: [String] = []
        var out: [UInt8] = []
        var runs: [Text.Run] = []
        var styled = false

        func append(_ bytes: some Collection<UInt8>, style: Style, link: String?) {
            guard !bytes.isEmpty else { return }
            out.append(contentsOf: bytes)
            if style != .plain || link != nil { styled = true }
            if let last = runs.last, last.style == style, last.link == link {
                runs[runs.count - 1].end = out.count
            } else {
                runs.append(Text.Run(end: out.count, style: style, link: link))
            }
        }

        func apply(_ k: Int, _ delta: Int) {
            let span = spans[k]
            switch span.attribute {
            case .emphasis: emphasis += delta
            case .strong: strong += delta
            case .strike: strike += delta
            case .link:
                if delta > 0 {
                    links.append(span.link ?? "")
                } else if !links.isEmpty {
                    links.removeLast()
                }
            }
        }

        for (index, item) in items.enumerated() {
            for k in endsBefore[index] { apply(k, -1) }
            var style = Style.plain
            if emphasis > 0 { style = styles.emphasis.drawn(over: style) }
            if strong > 0 { style = styles.strong.drawn(over: style) }
            if strike > 0 { style = styles.strikethrough.drawn(over: style) }
            var link = links.last
            if item.link != nil { link = item.link }
            if link != nil { style = styles.link.drawn(over: style) }
            if item.isCode { style = styles.code.drawn(over: style) }
            if item.isHTML { style = styles.html.drawn(over: style) }
            if item.atom >= 0 {
                if item.atom < atoms.count {
                    let atom = atoms[item.atom]
                    var start = atom.content.utf8.startIndex
                    for run in atom.resolvedRuns {
                        let end = atom.content.utf8.index(atom.content.utf8.startIndex, offsetBy: run.end)
                        append(atom.content.utf8[start..<end], style: run.style.drawn(over: style), link: run.link ?? link)
                        start = end
                    }
                }
            } else {
                append(item.bytes, style: style, link: link)
            }
            for k in startsAfter[index] { apply(k, 1) }
        }
        var text = Text(verbatim: String(decoding: out, as: UTF8.self))
        if styled { text.runs = runs }
        return text
    }

    // MARK: - Characters

    private enum CharacterClass { case whitespace, punctuation, other }

    /// The class of the character ending just before byte `i` (the start
    /// of the text counts as whitespace).
    private func classify(before i: Int) -> CharacterClass {
        guard i > 0 else { return .whitespace }
        var s = i - 1
        while s > 0, bytes[s] & 0xC0 == 0x80 { s -= 1 }
        return classify(scalarAt: s)
    }

    /// The class of the character starting at byte `i` (the end counts as
    /// whitespace).
    private func classify(at i: Int) -> CharacterClass {
        guard i < bytes.count else { return .whitespace }
        return classify(scalarAt: i)
    }

    private func classify(scalarAt i: Int) -> CharacterClass {
        let b = bytes[i]
        if b == InlineMarkdown.atomByte { return .other }
        if b < 0x80 {
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) { return .whitespace }
            return InlineMarkdown.isASCIIPunctuation(b) ? .punctuation : .other
        }
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        var decoded = String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars.makeIterator()
        guard let scalar = decoded.next() else { return .other }
        if scalar.properties.isWhitespace { return .whitespace }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return .punctuation
        default:
            return .other
        }
    }

    static func isASCIIPunctuation(_ b: UInt8) -> Bool {
        (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
    }

    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
