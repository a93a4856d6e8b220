import Engine

// MARK: outline-expand

/// A node of a generated tree: `fanout` roots of `fanout` children each,
/// made when read (no node is stored), so the tree's size costs nothing
/// until it is shown.
struct BenchNode: Identifiable, Equatable {
    let id: Int
    let isRoot: Bool
    let fanout: Int

    var children: BenchNodes? { isRoot ? BenchNodes(parent: id, fanout: fanout) : nil }
}

struct BenchNodes: RandomAccessCollection {
    /// The parent's id, or -1 for the roots.
    let parent: Int
    let fanout: Int
    var startIndex: Int { 0 }
    var endIndex: Int { fanout }
    subscript(i: Int) -> BenchNode { BenchNode(id: (parent + 1) * fanout + i, isRoot: parent < 0, fanout: fanout) }
}

@MainActor
struct OutlineScreen: View {
    var roots: BenchNodes
    @State private var selected: Int?
    var body: some View {
        List(roots, children: \.children, selection: $selected) { node in Text("node \(node.id)") }
    }
}

// MARK: log-append

/// What the log benchmark appends: a line of the length and colours of a
/// build log's.
@MainActor
struct LogScreen: View {
    var store: LogStore
    var body: some View { LogView(store) }
}

// MARK: markdown-scroll

/// What the Markdown benchmark scrolls: a document of headings,
/// paragraphs, lists and code.
@MainActor
struct MarkdownScreen: View {
    var source: String
    var body: some View { Markdown(source) }
}

/// The text of `markdown-stream`: a document that gains one word a frame.
@MainActor
final class MarkdownStream {
    private(set) var text: String
    private var frame = 0

    /// Made where the scenarios are listed, off the main actor.
    nonisolated init(document: String) { text = document + "Answer:" }

    /// Appends a word for each frame up to `frame` (none for a frame seen
    /// before: `--change none` renders the same text again).
    func advance(to frame: Int) {
        while self.frame < frame {
            let words = Scenarios.streamedWords
            let word = words[self.frame % words.count]
            text += text.last == "\n" ? word : " " + word
            self.frame += 1
        }
    }
}

extension Scenarios {
    static let dataNames = ["outline-expand", "log-append", "markdown-scroll", "markdown-stream"]

    /// A Markdown document of about `lines` lines: sections of a heading,
    /// a paragraph with inline markup, a list and a code block.
    static func markdownDocument(lines: Int) -> String {
        var doc = ""
        var n = 0
        var section = 0
        while n < lines {
            doc += "## Section \(section)\n\nSome *emphasis*, **strong** and `code` in paragraph \(section), long enough "
            doc += "to wrap on a narrow terminal, with [a link](https://example.com/\(section)).\n\n"
            doc += "- item one\n- item two\n\n```swift\nlet x = \(section) // note\n```\n\n"
            n += 12
            section += 1
        }
        return doc
    }

    /// `outline-expand`: a `List(_:children:selection:)` over a tree of
    /// about --rows nodes (√rows roots of √rows children); each frame
    /// expands the selected root (Right) or collapses it and selects the
    /// next (Left, Down). `log-append`: a `LogView` following a store of
    /// --rows lines (line limit 10⁶); each frame appends one.
    static func makeData(_ name: String, rows: Int?) -> Scenario? {
        guard dataNames.contains(name) else { return nil }
        if name == "markdown-stream" {
            let lines = Swift.max(rows ?? 10_000, 12)
            let stream = MarkdownStream(document: markdownDocument(lines: lines))
            return Scenario(name: name, parameters: ["rows": lines],
            render: { frame, host in
                stream.advance(to: frame)
                host.render(MarkdownScreen(source: stream.text), keepBytes: false)
            }, summary: "a Markdown view of a \(lines)-line document (--rows) showing its end; each frame appends one word of a streamed answer (paragraphs, a list, a code block), and the root view is rendered again with the longer text")
        }
        if name == "markdown-scroll" {
            let lines = Swift.max(rows ?? 10_000, 12)
            let source = markdownDocument(lines: lines)
            return Scenario(name: name, parameters: ["rows": lines], summary: "a Markdown view of a \(lines)-line document; each frame scrolls it down one row",
            start: { host in
                host.render(MarkdownScreen(source: source), keepBytes: false)
                host.graph.dispatch(.key(KeyPress(.tab)))
            }, act: { _, host in host.graph.dispatch(.key(KeyPress(.down))) })
        }
        let n = Swift.max(rows ?? 1_000_000, 4)
        if name == "log-append" {
            let store = LogStore(lineLimit: 1_000_000)
            return Scenario(name: name, parameters: ["rows": n], summary: "a log view following a store of \(n) lines (line limit 10⁶); one line is appended a frame",
            start: { host in
                // Filled here, on the main actor, in the first (warm-up) frame.
                if store.count == 0 { for i in 0..<n { store.append(Scenarios.logLine(i)) } }
                host.render(LogScreen(store: store), keepBytes: false)
            }, act: { frame, _ in store.append(Scenarios.logLine(n + frame)) })
        }
        var fanout = 1
        while fanout * fanout < n { fanout += 1 }
        let roots = BenchNodes(parent: -1, fanout: fanout)
        return Scenario(name: name, parameters: ["rows": n], summary: "a tree list of \(fanout) roots of \(fanout) children (\(fanout * fanout + fanout) nodes, at least --rows); each frame expands the selected root (\(fanout) rows appear) or collapses it and selects the next",
        start: { host in
            host.render(OutlineScreen(roots: roots), keepBytes: false)
            host.graph.dispatch(.key(KeyPress(.tab)))
            host.graph.dispatch(.key(KeyPress(.down)))
        }, act: { frame, host in
            if frame % 2 == 0 {
                host.graph.dispatch(.key(KeyPress(.right)))
            } else {
                host.graph.dispatch(.key(KeyPress(.left)))
                // Down the roots shown, then back to the first.
                let step = (frame / 2) % Swift.max(1, host.canvas.rows - 1)
                host.graph.dispatch(.key(KeyPress(step == 0 ? .home : .down)))
            }
        })
    }

    /// The words of an answer streamed into a Markdown view, one a frame,
    /// as an assistant's output arrives: paragraphs, a list and a code block
    /// in turn.
    static let streamedWords = [
        "The", "engine", "reads", "the", "document", "again", "from", "its", "last", "boundary.\n\n", "-", "first",
        "item\n-", "second", "item\n\n```swift\nlet", "x", "=", "1\nprint(x)\n```\n\nThen", "it", "goes", "on",
        "with", "*emphasis*", "and", "`code`.\n\n",
    ]

    static func logLine(_ i: Int) -> String {
        "\u{1B}[32m[info]\u{1B}[0m step \(i): compiled module \(i % 97) in \(i % 1000) ms"
    }
}
