import Engine
import Foundation

/// A Markdown viewer: the file named on the command line (or a built-in
/// page about the viewer) in a ``Markdown`` view. Up/Down, PageUp/PageDown,
/// Space, Home/End and the mouse wheel scroll; a drag selects text, shown
/// in reverse video, and copies it to the clipboard (OSC 52) when the
/// button is let go (Shift-drag is the terminal's own selection); Esc or a
/// click clears it; `q` quits.
///
/// With `--stream`, the document arrives a word every 15 ms, as an
/// assistant's answer does, appended to a ``MarkdownStore``: the view
/// follows the end while it is shown, and parses only the last block.
@main
struct MarkdownViewerApp: App {
    @State private var document = MarkdownViewerApp.load()
    /// The document being streamed in (`--stream`), or nil.
    @State private var stream: MarkdownStore? = CommandLine.arguments.contains("--stream") ? MarkdownStore() : nil
    @State private var streaming = false
    @FocusState private var focused: Bool
    @Environment(\.terminal) private var terminal

    init() {}

    /// The mouse is captured: the wheel scrolls, a drag selects.
    var options: TerminalOptions { TerminalOptions(mouse: .buttons) }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("\(document.title) · \(streaming ? "streaming…" : "\(lineCount) lines")")
                .reverse()
            Group {
                if let stream {
                    Markdown(stream)
                } else {
                    Markdown(document.text)
                }
            }
            .focused($focused)
            .task {
                guard let stream else { return }
                streaming = true
                for word in MarkdownViewerApp.words(of: document.text) {
                    stream.append(word)
                    try? await Task.sleep(for: .milliseconds(15))
                }
                streaming = false
            }
            Text("↑↓ PgUp PgDn Home End scroll · drag copies · **q** quit").foregroundStyle(.secondary)
                .textSelection(.disabled)
        }
        .onAppear { focused = true }
        .onKeyPress("q") {
            terminal.quit()
            return .handled
        }
    }

    var lineCount: Int { document.text.split(separator: "\n", omittingEmptySubsequences: false).count }

    /// `text` cut after each run of spaces and line ends: the pieces an
    /// answer streams in.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for c in text {
            if !(c == " " || c.isNewline), let last = word.last, last == " " || last.isNewline {
                words.append(word)
                word = ""
            }
            word.append(c)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    static func load() -> (title: String, text: String) {
        guard let path = CommandLine.arguments.dropFirst().first(where: { !$0.hasPrefix("--") }) else {
            return ("markdown-viewer", builtIn)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (path, "# Cannot read `\(path)`\n\nThe file does not exist or cannot be read.")
        }
        return (path, String(decoding: data, as: UTF8.self))
    }

    static let builtIn = """
        # markdown-viewer

        An example of the engine's **Markdown** view: give it a file, as in
        `markdown-viewer README.md`, or read this page.

        ## What it draws

        - Headings, *emphasis*, **strong**, ~~strikethrough~~ and `code`
        - Links such as [the CommonMark spec](https://spec.commonmark.org), which
          a terminal that understands OSC 8 opens on Ctrl- or Cmd-click
        - Nested lists
          1. numbered
          2. and [x] task lists
        - [x] block quotes
        - [ ] footnotes (not yet)
        - Drag over any text to select it; letting go copies it to the
          clipboard (OSC 52)

        > A block quote wraps with its bar
        > on every row.

        ```swift
        let view = Markdown(readme)  // lazy: only lines on screen are built
        ```

        | Key | Action |
        |:----|-------:|
        | ↑ ↓ | one row |
        | PgUp PgDn | a page |
        | q | quit |

        ---

        The end.
        """
}
