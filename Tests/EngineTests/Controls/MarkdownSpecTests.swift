import Foundation
import Testing

@testable import Engine

/// One example of the CommonMark (or GFM) spec, its expected HTML already
/// turned into the block-tree notation by Fixtures/tools/commonmark_trees.py.
struct SpecExample: Decodable {
    var id: String
    var section: String
    var markdown: String
    var tree: String
}

/// The CommonMark 0.31.2 spec's examples, and GFM 0.29's for tables, task
/// list items and strikethrough (Fixtures/commonmark/README.md), run
/// through ``MarkdownBlockParser`` and, for the inline text of each
/// paragraph, heading and table cell, ``InlineMarkdown``. The block tree
/// and the text shown are compared with what the spec's HTML says, not the
/// HTML itself (the engine draws cells, not HTML).
@MainActor
@Suite("Markdown CommonMark spec")
struct MarkdownSpecTests {
    /// Sections whose features ``Markdown`` does not claim: their examples
    /// are parsed (nothing may crash or hang) but not compared. None: the
    /// HTML sections are compared by what a terminal shows of HTML (its
    /// text as written; Fixtures/tools/commonmark_trees.py).
    static let skippedSections: [String: String] = [:]

    /// Examples of the claimed sections the engine does not pass, each
    /// with the reason. The test asserts this exact set: a fix or a
    /// regression both change it.
    static let knownFailures: [String: String] = [:]

    static func examples() throws -> [SpecExample] {
        // Tests/EngineTests/Controls/MarkdownSpecTests.swift → the package's Fixtures/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("Fixtures/commonmark/trees.json")
        return try JSONDecoder().decode([SpecExample].self, from: Data(contentsOf: url))
    }

    @Test("every claimed section's examples parse to the spec's tree, but the known failures")
    func claimedSections() throws {
        let examples = try Self.examples()
        #expect(examples.count == 664)
        var failures: [String: String] = [:]
        var passed: [String: Int] = [:]
        var total: [String: Int] = [:]
        var order: [String] = []
        for example in examples {
            let (blocks, definitions) = MarkdownBlockParser.parseDocument(example.markdown)
            let tree = Self.tree(blocks, definitions)
            guard Self.skippedSections[example.section] == nil else { continue }
            if total[example.section] == nil { order.append(example.section) }
            total[example.section, default: 0] += 1
            if tree == example.tree {
                passed[example.section, default: 0] += 1
            } else {
                failures[example.id] = "expected \(example.tree)\n  got      \(tree)\n  from     \(Self.quoted(example.markdown))"
            }
        }
        var summary = "CommonMark spec, passed/examples by section:"
        for section in order { summary += "\n  \(section): \(passed[section, default: 0])/\(total[section, default: 0])" }
        print(summary)
        let unexpected = failures.keys.filter { Self.knownFailures[$0] == nil }.sorted { Self.order($0, $1) }
        let fixed = Self.knownFailures.keys.filter { failures[$0] == nil }.sorted { Self.order($0, $1) }
        let report = unexpected.map { "example \($0):\n  \(failures[$0] ?? "")" }.joined(separator: "\n")
        #expect(unexpected.isEmpty, "failures not in the known list:\n\(report)")
        #expect(fixed.isEmpty, "known failures that now pass (take them off the list): \(fixed)")
    }

    @Test("the known failures are all in claimed sections")
    func knownFailuresAreClaimed() throws {
        let sections = Dictionary(uniqueKeysWithValues: try Self.examples().map { ($0.id, $0.section) })
        for id in Self.knownFailures.keys {
            let section = try #require(sections[id], "no example \(id)")
            #expect(Self.skippedSections[section] == nil, "example \(id) is in a skipped section")
        }
    }

    /// Beyond example 93: the trees the reference parsers (cmark, markdown-it) give.
    @Test("a lazy line of `=` continues the paragraph of a quote or a list item at any depth; inside the container it underlines")
    func lazySetextLines() {
        let cases: [(String, String)] = [
            ("> foo\nbar\n===\n", #"quote[para("foo bar ===")]"#),
            ("> foo\n===\n", #"quote[para("foo ===")]"#),
            ("> foo\nbar\n   ===  \n", #"quote[para("foo bar ===")]"#),
            ("- foo\nbar\n===\n", #"list(bullet,tight)[item[para("foo bar ===")]]"#),
            ("> - foo\nbar\n===\n", #"quote[list(bullet,tight)[item[para("foo bar ===")]]]"#),
            ("- foo\n  ===\n", #"list(bullet,tight)[item[heading(1,"foo")]]"#),
            ("> foo\n> ===\n", #"quote[heading(1,"foo")]"#),
        ]
        for (markdown, expected) in cases {
            let (blocks, definitions) = MarkdownBlockParser.parseDocument(markdown)
            #expect(Self.tree(blocks, definitions) == expected, "from \(Self.quoted(markdown))")
        }
    }

    /// Example ids in the spec's order: CommonMark's numbers, then GFM's.
    static func order(_ a: String, _ b: String) -> Bool {
        let ga = a.hasPrefix("gfm-"), gb = b.hasPrefix("gfm-")
        if ga != gb { return gb }
        return (Int(a.dropFirst(ga ? 4 : 0)) ?? 0) < (Int(b.dropFirst(gb ? 4 : 0)) ?? 0)
    }

    // MARK: - The notation (Fixtures/tools/commonmark_trees.py writes the same)

    static func tree(_ blocks: [MarkdownBlock], _ definitions: MarkdownLinkDefinitions) -> String {
        blocks.map { tree($0, definitions) }.joined(separator: ",")
    }

    static func tree(_ block: MarkdownBlock, _ definitions: MarkdownLinkDefinitions) -> String {
        switch block {
        case .heading(let level, let text):
            return "heading(\(level),\(quoted(shown(text, definitions))))"
        case .paragraph(let text):
            return "para(\(quoted(shown(text, definitions))))"
        case .code(let info, let lines):
            // HTML keeps the info string's first word.
            let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            return "code(\(quoted(InlineMarkdown.text(word).content)),[\(lines.map(quoted).joined(separator: ","))])"
        case .quote(let blocks):
            return "quote[\(tree(blocks, definitions))]"
        case .list(let ordered, let start, let tight, let items):
            // HTML shows looseness only as <p> around the items' paragraphs.
            let paragraphs = items.contains { $0.blocks.contains { if case .paragraph = $0 { true } else { false } } }
            let kind = ordered ? "ordered \(start)" : "bullet"
            let items = items.map { item in
                let check = item.checked.map { $0 ? "(checked)" : "(unchecked)" } ?? ""
                return "item\(check)[\(tree(item.blocks, definitions))]"
            }
            return "list(\(kind),\(!tight && paragraphs ? "loose" : "tight"))[\(items.joined(separator: ","))]"
        case .rule:
            return "rule"
        case .table(let header, let alignments, let rows):
            let names = alignments.map { a -> String in
                switch a {
                case .leading?: "left"
                case .center?: "center"
                case .trailing?: "right"
                case nil: "none"
                }
            }
            let cells = ([header] + rows).map { "row[\($0.map { quoted(shown($0, definitions)) }.joined(separator: ","))]" }
            return "table(\(names.joined(separator: ",")))[\(cells.joined(separator: ","))]"
        case .html(let lines):
            // Shown as written (a block of comments only is no block).
            return "html[\(lines.map(quoted).joined(separator: ","))]"
        }
    }

    /// The text inline Markdown shows, in a document with `definitions`.
    static func shown(_ markdown: String, _ definitions: MarkdownLinkDefinitions) -> String {
        var labels: [String] = []
        return InlineMarkdown.text(markdown, definitions: definitions, labelsLookedUp: &labels).content
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
