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
    enum Segment: Equatable {
        case markdown(String)
        case verbatim(String)
        case text(Text)
    }

    /// The text of a key made of one literal (then `segments` is empty):
    /// held apart, so a `Text("literal")` made in every evaluation of a
    /// body allocates no array.
    var literal: String
    /// The pieces of a literal with interpolations.
    var segments: [Segment]

    /// A key whose text is `value`, Markdown and all.
    public init(_ value: String) {
        literal = value
        segments = []
    }

    /// A key whose text is the literal `value`.
    public init(stringLiteral value: String) {
        literal = value
        segments = []
    }

    /// A key made of a literal with interpolations: the literal's pieces
    /// are Markdown, the interpolated values are not.
    public init(stringInterpolation: StringInterpolation) {
        literal = ""
        segments = stringInterpolation.segments
    }

    /// The pieces of a string literal with interpolations while it is being
    /// built: the compiler calls these.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            segments.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Appends a piece of the literal (Markdown).
        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            segments.append(.markdown(literal))
        }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T>(_ value: T) {
            segments.append(.verbatim(String(describing: value)))
        }

        /// Appends a string, shown as it is.
        public mutating func appendInterpolation(_ string: String) { segments.append(.verbatim(string)) }

        /// Appends a text with its own styles, drawn over the Markdown's.
        public mutating func appendInterpolation(_ text: Text) { segments.append(.text(text)) }
    }

    /// The text the key draws: its Markdown parsed, its interpolations kept.
    nonisolated func resolved() -> Text {
        if segments.isEmpty {
            guard InlineMarkdown.mayHaveMarkup(literal.utf8) else { return Text(verbatim: literal) }
            return InlineMarkdown.text(literal)
        }
        // The common cases, a literal or one with interpolated values and no
        // markup, need no parse.
        var plain = ""
        var simple = true
        for segment in segments {
            switch segment {
            case .markdown(let s):
                if InlineMarkdown.mayHaveMarkup(s.utf8) { simple = false }
                plain += s
            case .verbatim(let s): plain += s
            case .text: simple = false
            }
            if !simple { break }
        }
        if simple { return Text(verbatim: plain) }
        var bytes: [UInt8] = []
        var verbatim: [Bool] = []
        var atoms: [Text] = []
        for segment in segments {
            switch segment {
            case .markdown(let s):
                bytes.append(contentsOf: s.utf8)
                verbatim.append(contentsOf: repeatElement(false, count: s.utf8.count))
            case .verbatim(let s):
                bytes.append(contentsOf: s.utf8)
                verbatim.append(contentsOf: repeatElement(true, count: s.utf8.count))
            case .text(let t):
                bytes.append(InlineMarkdown.atomByte)
                verbatim.append(true)
                atoms.append(t)
            }
        }
        return InlineMarkdown.text(bytes: bytes, verbatim: verbatim, atoms: atoms)
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
