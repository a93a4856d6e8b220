/// Colours a text one line at a time, carrying what a line leaves open (a
/// block comment, a multi-line string) to the next as a state: what a
/// ``TextEditor`` uses for syntax highlighting
/// (``View/textEditorHighlighter(_:)``).
///
/// The editor asks for a line's runs with the state its line starts in,
/// and keeps both the runs and the state the line ends in. Editing a line
/// highlights that line again; the lines after it are highlighted again
/// only while the state they start in came out different (typing `/*`
/// re-colours the lines down to the comment's end, or the screen's), and
/// lines never shown are never highlighted.
///
/// ```swift
/// struct TodoHighlighter: LineHighlighter {
///     var initialState: Bool { false }
///     func highlight(_ line: Substring, state: inout Bool) -> [HighlightRun] {
///         guard let r = line.utf8.firstRange(of: "TODO".utf8) else { return [] }
///         let start = line.utf8.distance(from: line.startIndex, to: r.lowerBound)
///         return [HighlightRun(start..<(start + 4), Style(foreground: .yellow, attributes: .bold))]
///     }
/// }
/// TextEditor(text: $notes).textEditorHighlighter(TodoHighlighter())
/// ```
///
/// ``SwiftHighlighter`` is one for Swift. (Markdown code blocks use the
/// simpler, stateless ``SyntaxHighlighter``.)
public protocol LineHighlighter: Equatable, Sendable {
    /// What one line leaves open for the next: `Equatable`, since the
    /// editor stops highlighting again at the first line whose start state
    /// came out as before.
    associatedtype State: Equatable & Sendable

    /// The state the first line starts in.
    var initialState: State { get }

    /// The styled runs of `line` (without its line break), which starts in
    /// `state`; sets `state` to the state the next line starts in.
    ///
    /// Runs are UTF-8 offsets into `line`; bytes no run covers are drawn
    /// plain. Runs may come in any order; where two overlap, the later one
    /// wins; ranges past the line's end are cut to it. A run's style is
    /// drawn over the editor's (its background shows where the run sets none).
    func highlight(_ line: Substring, state: inout State) -> [HighlightRun]
}

/// A styled stretch of a highlighted line: ``LineHighlighter``'s output.
public struct HighlightRun: Hashable, Sendable {
    /// The bytes styled: UTF-8 offsets from the line's start.
    public var range: Range<Int>
    /// How they are drawn.
    public var style: Style

    /// The bytes `range` of a line, drawn in `style`.
    public init(_ range: Range<Int>, _ style: Style) {
        self.range = range
        self.style = style
    }
}

private struct TextEditorHighlighterKey: EnvironmentKey {
    static let defaultValue: (any LineHighlighter)? = nil
}

extension EnvironmentValues {
    /// The highlighter that colours the text editors inside (nil: plain
    /// text). Set with ``View/textEditorHighlighter(_:)``.
    public var textEditorHighlighter: (any LineHighlighter)? {
        get { self[TextEditorHighlighterKey.self] }
        set { self[TextEditorHighlighterKey.self] = newValue }
    }
}

extension View {
    /// Colours the text of the ``TextEditor``s inside with `highlighter`,
    /// line by line (nil: plain text, the default).
    ///
    /// ```swift
    /// TextEditor(text: $source)
    ///     .lineWrappingDisabled()
    ///     .textEditorHighlighter(SwiftHighlighter())
    /// ```
    ///
    /// SwiftUI's `TextEditor` takes an `AttributedString` for styled text
    /// and has no highlighter; in a terminal editor over a plain `String`
    /// binding, a highlighter that styles lines as they are shown is what
    /// keeps a large file's keystrokes cheap. The name follows
    /// `textEditorStyle(_:)`. See <doc:TextEditing>.
    public consuming func textEditorHighlighter(_ highlighter: (any LineHighlighter)?)
        -> EnvironmentWriter<Self, (any LineHighlighter)?>
    {
        environment(\.textEditorHighlighter, highlighter)
    }
}
