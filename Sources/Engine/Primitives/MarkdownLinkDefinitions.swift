/// One link reference definition of a Markdown document (`[label]: /url
/// "title"`, CommonMark 0.31.2 §4.7): its label, normalized for matching
/// (``MarkdownLinkDefinitions/key(_:)``), and its destination with
/// backslash escapes removed. The title is read (it decides what a
/// definition is) but not kept: a terminal has nowhere to show it.
struct MarkdownLinkDefinition: Equatable {
    var key: String
    var destination: String
}

/// The link reference definitions of a Markdown document, by normalized
/// label: what the inline parser resolves `[text][label]`, `[label][]`
/// and `[label]` through. The first definition of a label wins.
///
/// Definitions can be read on top of those of the text before them (a
/// streamed document's kept part, ``init(after:)``), which win and are
/// shared, not copied.
struct MarkdownLinkDefinitions: Equatable {
    /// The definitions of the text before, which win.
    private var earlier: [String: String] = [:]
    /// The definitions added, but those of labels `earlier` defines.
    private(set) var destinations: [String: String] = [:]

    init() {}

    init(_ definitions: some Sequence<MarkdownLinkDefinition>) {
        for d in definitions { add(d) }
    }

    /// No definitions yet but those of the text before, `earlier`'s
    /// (`earlier`'s storage is shared, not copied).
    init(after earlier: MarkdownLinkDefinitions) {
        self.earlier = earlier.destinations
        for (key, destination) in earlier.earlier where self.earlier[key] == nil { self.earlier[key] = destination }
    }

    var isEmpty: Bool { earlier.isEmpty && destinations.isEmpty }

    /// Adds `definition` unless its label is defined already.
    mutating func add(_ definition: MarkdownLinkDefinition) {
        if self[definition.key] == nil { destinations[definition.key] = definition.destination }
    }

    subscript(key: String) -> String? { earlier[key] ?? destinations[key] }

    /// The label `raw` (the bytes between its brackets) normalized for
    /// matching: whitespace runs (spaces, tabs, line endings) collapsed to
    /// one space, the ends stripped, and the rest case-folded. Nil when
    /// nothing but whitespace is left (no label matches it).
    ///
    /// Case folding is Unicode's full folding as the standard library
    /// reaches it: lowercased, uppercased, lowercased again, so `ẞ`, `ß`
    /// and `SS` all match `ss`. It differs from `CaseFolding.txt` only for
    /// scripts folded to upper case (Cherokee), which no label in practice uses.
    static func key(_ raw: some Collection<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var ascii = true
        var space = false
        for b in raw {
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                space = !bytes.isEmpty
                continue
            }
            if space {
                bytes.append(0x20)
                space = false
            }
            if b >= 0x80 { ascii = false }
            bytes.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
        }
        guard !bytes.isEmpty else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return ascii ? text : text.lowercased().uppercased().lowercased()
    }

    // MARK: - Parsing (CommonMark 0.31.2 §4.7)

    /// The link reference definitions that begin a paragraph whose lines
    /// (leading whitespace removed) are `lines`, and how many of the lines
    /// they take: the rest is the paragraph's text. A definition ends at
    /// the end of a line, so the lines it takes are whole.
    ///
    /// - Complexity: O(length of the lines). Only a paragraph whose first
    ///   line starts with `[` is looked at past that byte.
    static func definitions(in lines: some Collection<Substring>) -> (definitions: [MarkdownLinkDefinition], lines: Int) {
        guard lines.first?.utf8.first == 0x5B else { return ([], 0) }
        var bytes: [UInt8] = []
        var lineStarts: [Int] = []
        for line in lines {
            if !lineStarts.isEmpty { bytes.append(0x0A) }
            lineStarts.append(bytes.count)
            bytes.append(contentsOf: line.utf8)
        }
        var found: [MarkdownLinkDefinition] = []
        var at = 0
        while at < bytes.count, bytes[at] == 0x5B, let (definition, end) = definition(in: bytes, at: at) {
            found.append(definition)
            at = end
        }
        guard !found.isEmpty else { return ([], 0) }
        // `at` is a line's start, or the end of the last line.
        var count = lineStarts.count
        for (k, start) in lineStarts.enumerated() where start == at && at < bytes.count {
            count = k
            break
        }
        return (found, count)
    }

    /// The definition starting at `start` (a `[`) of `b`, and where the
    /// line after it starts (or `b.count`).
    private static func definition(in b: [UInt8], at start: Int) -> (MarkdownLinkDefinition, Int)? {
        let n = b.count
        guard let (labelRange, afterLabel) = label(in: b, at: start), afterLabel < n, b[afterLabel] == 0x3A,
              let key = key(b[labelRange])
        else { return nil }
        var i = skipSpace(b, from: afterLabel + 1)
        // The destination: `<…>` (may be empty), or a run of non-space
        // bytes with balanced parentheses.
        var destination: [UInt8] = []
        if i < n, b[i] == 0x3C {
            i += 1
            while true {
                guard i < n, b[i] != 0x0A, b[i] != 0x3C else { return nil }
                if b[i] == 0x3E { break }
                if b[i] == 0x5C, i + 1 < n, InlineMarkdown.isASCIIPunctuation(b[i + 1]) {
                    i += 1
                } else if b[i] == 0x26, let (decoded, end) = HTMLEntities.reference(in: b, at: i) {
                    // Entity references are decoded (CommonMark §2.5).
                    destination += decoded
                    i = end
                    continue
                }
                destination.append(b[i])
                i += 1
            }
            i += 1
        } else {
            var depth = 0
            let destinationStart = i
            while i < n, b[i] > 0x20, b[i] != 0x7F {
                if b[i] == 0x5C, i + 1 < n, InlineMarkdown.isASCIIPunctuation(b[i + 1]) {
                    destination.append(b[i + 1])
                    i += 2
                    continue
                }
                if b[i] == 0x26, let (decoded, end) = HTMLEntities.reference(in: b, at: i) {
                    destination += decoded
                    i = end
                    continue
                }
                if b[i] == 0x28 { depth += 1 }
                if b[i] == 0x29 {
                    if depth == 0 { break }
                    depth -= 1
                }
                destination.append(b[i])
                i += 1
            }
            guard i > destinationStart, depth == 0 else { return nil }
        }
        let definition = MarkdownLinkDefinition(key: key, destination: String(decoding: destination, as: UTF8.self))
        // An optional title, apart from the destination by whitespace, then
        // nothing but spaces to the line's end; without a title, nothing
        // after the destination on its line.
        let beforeTitle = skipSpace(b, from: i)
        if beforeTitle > i, beforeTitle < n, let afterTitle = title(in: b, at: beforeTitle), let end = lineEnd(b, from: afterTitle) {
            return (definition, end)
        }
        guard let end = lineEnd(b, from: i) else { return nil }
        return (definition, end)
    }

    /// A link label (`[…]`, CommonMark §6.3) at `start` of `b`: the range
    /// between its brackets and the index after its `]`. No unescaped
    /// bracket inside, at most 999 characters.
    static func label(in b: [UInt8], at start: Int, isText: (Int) -> Bool = { _ in false }) -> (Range<Int>, Int)? {
        var i = start + 1
        var characters = 0
        while i < b.count {
            let c = b[i]
            let markup = !isText(i)
            if markup && c == 0x5B { return nil }
            if markup && c == 0x5D { return (start + 1..<i, i + 1) }
            if c & 0xC0 != 0x80 { characters += 1 }
            if markup, c == 0x5C, i + 1 < b.count, !isText(i + 1), InlineMarkdown.isASCIIPunctuation(b[i + 1]) {
                // The escaped byte is ASCII: one more character.
                characters += 1
                i += 1
            }
            guard characters <= 999 else { return nil }
            i += 1
        }
        return nil
    }

    /// A link title at `start`: `"…"`, `'…'` or `(…)` (no unescaped `(`
    /// inside), maybe over several lines; the index after it.
    private static func title(in b: [UInt8], at start: Int) -> Int? {
        let open = b[start]
        guard open == 0x22 || open == 0x27 || open == 0x28 else { return nil }
        let close: UInt8 = open == 0x28 ? 0x29 : open
        var i = start + 1
        while i < b.count {
            if b[i] == 0x5C, i + 1 < b.count, InlineMarkdown.isASCIIPunctuation(b[i + 1]) {
                i += 2
                continue
            }
            if b[i] == close { return i + 1 }
            if open == 0x28 && b[i] == 0x28 { return nil }
            i += 1
        }
        return nil
    }

    /// After spaces and tabs, and at most one line ending with the spaces
    /// and tabs after it.
    private static func skipSpace(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        if i < b.count, b[i] == 0x0A {
            i += 1
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        }
        return i
    }

    /// Where the next line starts (or `b.count`) when only spaces and tabs
    /// follow `start` on its line; nil otherwise.
    private static func lineEnd(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        if i == b.count { return i }
        return b[i] == 0x0A ? i + 1 : nil
    }
}
