/// The text of a string literal given to ``Text``, whose Markdown is drawn:
/// SwiftUI's `LocalizedStringKey`, with the same shape and the same part in
/// choosing an initializer. A string literal passed to `Text(_:)` is one
/// of these; a `String` value is not (it is shown as written), and neither
/// is `Text(verbatim:)`.
///
/// ```swift
/// Text("**Disk** 92% — see `df -h` or [the wiki](https://wiki.example/disk)")
/// Text("Saved ~~draft~~ **\(fileName)**")   // fileName shown as written, in bold
/// Text(fileName)                            // a String: no Markdown
/// ```
///
/// The engine has no localization tables: the key is the text. What is
/// understood is CommonMark's inline syntax and GFM's strikethrough, as
/// SwiftUI interprets a literal (inline only, whitespace and newlines kept):
///
/// | Markdown | drawn |
/// |---|---|
/// | `*em*`, `_em_` | italic (SGR 3) |
/// | `**strong**`, `__strong__` | bold (SGR 1) |
/// | `~~strike~~`, `~strike~` | struck through (SGR 9) |
/// | code between backticks | the theme's ``Theme/code`` colour |
/// | `[title](url)`, `![alt](url)`, `<https://…>`, `<a@b.c>` | underlined in the tint colour, one OSC 8 hyperlink |
/// | `\*` (a backslash before ASCII punctuation) | the punctuation itself |
///
/// Emphasis follows CommonMark's flanking rules, so `snake_case_name`,
/// `2 * 3` and `a*b` outside a pair stay as written; anything that is not
/// markup (HTML, entities, block syntax such as `# ` or `- `) is shown as
/// written.
///
/// Interpolated values are shown as they are, never parsed: in
/// `"**\(name)**"` the name is bold whatever it holds. An interpolated
/// ``Text`` keeps its own styles, drawn over the Markdown's.
public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// The key's text: its literal pieces and its interpolated values, in
    /// order (an interpolated ``Text`` is not in it: see `atoms`).
    var text: String
    /// Whether a literal piece holds a byte that may start or close
    /// markup; without one the text is drawn as it is, with no parse.
    var mayHaveMarkup: Bool
    /// Where the interpolated values are in `text` (UTF-8 offsets): they
    /// are shown as they are, never parsed.
    var verbatim: VerbatimRanges
    /// The interpolated texts, in order, each with the UTF-8 offset in
    /// `text` where it stands; nil when there are none.
    var atoms: [Atom]?

    struct Atom: Equatable {
        var offset: Int
        var text: Text
    }

    /// A key whose text is `value`, Markdown and all.
    public init(_ value: String) {
        text = value
        mayHaveMarkup = InlineMarkdown.mayHaveMarkup(value)
        verbatim = VerbatimRanges()
        atoms = nil
    }

    /// A key whose text is the literal `value`.
    public init(stringLiteral value: String) { self.init(value) }

    /// A key made of a literal with interpolations: the literal's pieces
    /// are Markdown, the interpolated values are not.
    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        mayHaveMarkup = stringInterpolation.mayHaveMarkup
        verbatim = stringInterpolation.verbatim
        atoms = stringInterpolation.atoms
    }

    /// UTF-8 ranges of a key's text, the first two held inline so that the
    /// usual literal with one or two interpolated values allocates nothing
    /// for them.
    struct VerbatimRanges: Equatable {
        private var first: Range<Int>?
        private var second: Range<Int>?
        /// Nil, not empty, when there are no more: a key is copied as it
        /// is built, and a nil array costs no reference counting.
        private var rest: [Range<Int>]?

        mutating func append(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if first == nil {
                first = range
            } else if second == nil {
                second = range
            } else {
                if rest == nil { rest = [range] } else { rest!.append(range) }
            }
        }

        /// Calls `body` with each range, in order.
        func visit(_ body: (Range<Int>) -> Void) {
            if let first { body(first) }
            if let second { body(second) }
            for range in rest ?? [] { body(range) }
        }
    }

    /// The pieces of a string literal with interpolations while it is being
    /// built: the compiler calls these. The pieces are joined as they come,
    /// so a literal whose pieces hold no markup becomes its text with no
    /// more work than a `String` interpolation.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var mayHaveMarkup = false
        var verbatim = VerbatimRanges()
        var atoms: [Atom]?

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        /// Appends a piece of the literal (Markdown).
        public mutating func appendLiteral(_ literal: String) {
            if !mayHaveMarkup, InlineMarkdown.mayHaveMarkup(literal) { mayHaveMarkup = true }
            text.append(literal)
        }

        /// Appends a string, shown as it is.
        public mutating func appendInterpolation(_ string: String) { appendVerbatim(string) }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T: TextOutputStreamable & CustomStringConvertible>(_ value: T) {
            let start = text.utf8.count
            value.write(to: &text)
            verbatim.append(start..<text.utf8.count)
        }

        /// Appends `value`, shown as it is.
        public mutating func appendInterpolation<T: TextOutputStreamable>(_ value: T) {
            let start = text.utf8.count
            value.write(to: &text)
            verbatim.append(start..<text.utf8.count)
        }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            appendVerbatim(value.description)
        }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T>(_ value: T) { appendVerbatim(String(describing: value)) }

        /// Appends a text with its own styles, drawn over the Markdown's.
        public mutating func appendInterpolation(_ text: Text) {
            let atom = Atom(offset: self.text.utf8.count, text: text)
            if atoms == nil { atoms = [atom] } else { atoms!.append(atom) }
        }

        private mutating func appendVerbatim(_ string: String) {
            let start = text.utf8.count
            text.append(string)
            verbatim.append(start..<text.utf8.count)
        }
    }

    /// The text the key draws: its Markdown parsed, its interpolations kept.
    nonisolated func resolved() -> Text {
        // The common cases, a literal or one with interpolated values whose
        // literal pieces hold no markup, need no parse.
        guard mayHaveMarkup || atoms != nil else { return Text(verbatim: text) }
        var isVerbatim = [Bool](repeating: false, count: text.utf8.count)
        verbatim.visit { range in
            for i in range { isVerbatim[i] = true }
        }
        guard let atoms else {
            return InlineMarkdown.text(bytes: Array(text.utf8), verbatim: isVerbatim)
        }
        // Each interpolated text stands in the parse as one verbatim byte
        // 0xFF (never in UTF-8), at its offset.
        var bytes: [UInt8] = []
        var flags: [Bool] = []
        bytes.reserveCapacity(isVerbatim.count + atoms.count)
        flags.reserveCapacity(isVerbatim.count + atoms.count)
        var next = 0
        for (i, byte) in text.utf8.enumerated() {
            while next < atoms.count, atoms[next].offset == i {
                bytes.append(InlineMarkdown.atomByte)
                flags.append(true)
                next += 1
            }
            bytes.append(byte)
            flags.append(isVerbatim[i])
        }
        for _ in next..<atoms.count {
            bytes.append(InlineMarkdown.atomByte)
            flags.append(true)
        }
        return InlineMarkdown.text(bytes: bytes, verbatim: flags, atoms: atoms.map(\.text))
    }
}

extension Text {
    /// A text showing `key`'s Markdown drawn (SwiftUI's `Text(_:tableName:bundle:comment:)`
    /// without tables): a string literal given to `Text` is a
    /// ``LocalizedStringKey``. See it for the syntax understood.
    ///
    /// ```swift
    /// Text("Press **q** to quit, `?` for help")
    /// ```
    nonisolated public init(_ key: LocalizedStringKey) { self = key.resolved() }
}
