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
    /// order (an interpolated ``Text`` is not in it: see ``Markup/atoms``).
    var text: String
    /// What drawing the key needs besides its text, when it is more than
    /// the text as it is: nil when no literal piece holds a byte that may
    /// start or close markup and no ``Text`` is interpolated (the usual
    /// key, which is then two words, copied with no more than its
    /// string's reference count).
    var markup: Markup?

    /// A key's Markdown: which bytes are interpolated values (never
    /// parsed) and the interpolated texts.
    final class Markup: Equatable, Sendable {
        /// Whether a literal piece holds a byte that may start or close markup.
        let mayHaveMarkup: Bool
        /// Where the interpolated values are in the key's text (UTF-8
        /// offsets): they are shown as they are, never parsed.
        let verbatim: VerbatimRanges
        /// The interpolated texts, in order, each with the UTF-8 offset in
        /// the key's text where it stands; nil when there are none.
        let atoms: [Atom]?

        init(mayHaveMarkup: Bool, verbatim: VerbatimRanges, atoms: [Atom]?) {
            self.mayHaveMarkup = mayHaveMarkup
            self.verbatim = verbatim
            self.atoms = atoms
        }

        static func == (a: Markup, b: Markup) -> Bool {
            a === b || (a.mayHaveMarkup == b.mayHaveMarkup && a.verbatim == b.verbatim && a.atoms == b.atoms)
        }
    }

    struct Atom: Equatable, Sendable {
        var offset: Int
        var text: Text
    }

    /// A key whose text is `value`, Markdown and all.
    public init(_ value: String) {
        text = value
        markup = InlineMarkdown.mayHaveMarkup(value)
            ? Markup(mayHaveMarkup: true, verbatim: VerbatimRanges(), atoms: nil) : nil
    }

    /// A key whose text is the literal `value`.
    public init(stringLiteral value: String) { self.init(value) }

    /// A key made of a literal with interpolations: the literal's pieces
    /// are Markdown, the interpolated values are not.
    public init(stringInterpolation: consuming StringInterpolation) {
        text = stringInterpolation.bytes.string()
        if stringInterpolation.mayHaveMarkup || stringInterpolation.atoms != nil {
            markup = Markup(mayHaveMarkup: stringInterpolation.mayHaveMarkup, verbatim: stringInterpolation.verbatim,
                            atoms: stringInterpolation.atoms)
        } else {
            markup = nil
        }
    }

    /// UTF-8 ranges of a key's text, the first two held inline so that the
    /// usual literal with one or two interpolated values allocates nothing
    /// for them.
    struct VerbatimRanges: Equatable, Sendable {
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
    /// built: the compiler calls these. The pieces' bytes are copied into
    /// a buffer held in the value (spilled to the heap past 64 bytes),
    /// integers are written there as digits,
    /// and the key's `String` is made once at the end: a row's
    /// `Text("row \(i): item \(name)")` costs one allocation, not one per
    /// piece.
    public struct StringInterpolation: StringInterpolationProtocol {
        var bytes = KeyBytes()
        var mayHaveMarkup = false
        var verbatim = VerbatimRanges()
        var atoms: [Atom]?

        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Appends a piece of the literal (Markdown).
        public mutating func appendLiteral(_ literal: String) {
            // The compiler ends a literal that ends in a value with an empty piece.
            if literal.isEmpty { return }
            if let found = literal.utf8.withContiguousStorageIfAvailable({ piece -> Bool in
                bytes.append(piece)
                return InlineMarkdown.mayHaveMarkup(bytes: piece)
            }) {
                if found { mayHaveMarkup = true }
                return
            }
            if InlineMarkdown.mayHaveMarkup(literal) { mayHaveMarkup = true }
            bytes.write(literal)
        }

        /// Appends a string, shown as it is.
        public mutating func appendInterpolation(_ string: String) {
            let start = bytes.count
            bytes.write(string)
            verbatim.append(start..<bytes.count)
        }

        /// Appends `value` in decimal digits, shown as it is.
        public mutating func appendInterpolation(_ value: Int) {
            let start = bytes.count
            bytes.appendDecimal(value)
            verbatim.append(start..<bytes.count)
        }

        /// Appends `value` in decimal digits, shown as it is.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            let start = bytes.count
            if let small = Int(exactly: value) {
                bytes.appendDecimal(small)
            } else {
                bytes.write(value.description)
            }
            verbatim.append(start..<bytes.count)
        }

        /// Appends `value` formatted by `specifier`, a printf format of one
        /// number (`"%.1f"`, `"%5d"`, `"%x"`, `"%.0f%%"`), shown as it is:
        /// SwiftUI's `Text("\(count, specifier: "%03d")")`. A specifier that
        /// is not one (flags `-+ #0`, a width and a precision up to 256, and
        /// one of `d i u o x X f F e E g G a A`, with text and `%%` around
        /// it; not `%s`, `%n`, two conversions or a `*` width) shows
        /// `value`'s description.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
            appendInterpolation(FormatSpecifier(specifier)?.format(value) ?? value.description)
        }

        /// Appends `value` formatted by `specifier`, a printf format of one
        /// number, shown as it is: SwiftUI's
        /// `Text("\(progress, specifier: "%.1f")%")`. A specifier that is not
        /// one shows `value`'s description.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            appendInterpolation(FormatSpecifier(specifier)?.format(value) ?? "\(value)")
        }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T: TextOutputStreamable & CustomStringConvertible>(_ value: T) {
            let start = bytes.count
            value.write(to: &bytes)
            verbatim.append(start..<bytes.count)
        }

        /// Appends `value`, shown as it is.
        public mutating func appendInterpolation<T: TextOutputStreamable>(_ value: T) {
            let start = bytes.count
            value.write(to: &bytes)
            verbatim.append(start..<bytes.count)
        }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            appendInterpolation(value.description)
        }

        /// Appends `value`'s description, shown as it is.
        public mutating func appendInterpolation<T>(_ value: T) { appendInterpolation(String(describing: value)) }

        /// Appends a text with its own styles, drawn over the Markdown's.
        public mutating func appendInterpolation(_ text: Text) {
            let atom = Atom(offset: bytes.count, text: text)
            if atoms == nil { atoms = [atom] } else { atoms!.append(atom) }
        }
    }

    /// The UTF-8 bytes of a key being built: the first
    /// ``inlineCapacity`` in the value itself (a key is built on the
    /// stack), the rest in an array made when they no longer fit.
    struct KeyBytes: TextOutputStream {
        static let inlineCapacity = 64
        private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        /// All the bytes, once they outgrew ``inline``.
        private var spill: [UInt8]?
        private(set) var count = 0

        mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
            guard let source = piece.baseAddress, !piece.isEmpty else { return }
            if spill == nil && count + piece.count <= KeyBytes.inlineCapacity {
                let at = count
                withUnsafeMutableBytes(of: &inline) { raw in
                    (raw.baseAddress! + at).copyMemory(from: source, byteCount: piece.count)
                }
            } else {
                if spill == nil {
                    var moved: [UInt8] = []
                    moved.reserveCapacity(Swift.max(2 * KeyBytes.inlineCapacity, count + piece.count))
                    let kept = count
                    withUnsafeBytes(of: &inline) { raw in moved.append(contentsOf: raw[..<kept]) }
                    spill = moved
                }
                spill!.append(contentsOf: piece)
            }
            count += piece.count
        }

        /// Appends `string`'s UTF-8.
        mutating func write(_ string: String) {
            if string.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
            var copy = string
            copy.withUTF8 { append($0) }
        }

        /// Appends `value` in decimal digits (a minus sign first when negative).
        mutating func appendDecimal(_ value: Int) {
            // 19 digits and a sign at most.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var magnitude = value.magnitude
                var i = 20
                repeat {
                    i -= 1
                    digits[i] = UInt8(truncatingIfNeeded: 0x30 &+ magnitude % 10)
                    magnitude /= 10
                } while magnitude != 0
                if value < 0 {
                    i -= 1
                    digits[i] = 0x2D
                }
                append(UnsafeBufferPointer(rebasing: digits[i...]))
            }
        }

        /// The bytes as a string (one allocation past 15 bytes, none below).
        func string() -> String {
            if let spill { return String(decoding: spill, as: UTF8.self) }
            var copy = inline
            return withUnsafeBytes(of: &copy) { raw in
                String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<count]).assumingMemoryBound(to: UInt8.self),
                       as: UTF8.self)
            }
        }
    }

    /// The text the key draws: its Markdown parsed, its interpolations kept.
    nonisolated func resolved() -> Text {
        // The common cases, a literal or one with interpolated values whose
        // literal pieces hold no markup, need no parse.
        guard let markup else { return Text(verbatim: text) }
        let verbatim = markup.verbatim, atoms = markup.atoms
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
    nonisolated public init(_ key: LocalizedStringKey) {
        // The common cases, a literal or one with interpolated values whose
        // literal pieces hold no markup, need no parse.
        if key.markup == nil {
            self.init(verbatim: key.text)
        } else {
            self = key.resolved()
        }
    }
}
