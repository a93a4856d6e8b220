/// Measures how wide the terminal draws each disputed kind of grapheme
/// cluster, and whether it pins widths with kitty's text sizing protocol
/// (OSC 66): the queries, and what the answers say.
///
/// For each ``GraphemeWidth/DisputedClass`` the probe moves the cursor home
/// (CUP), prints the class's representative (concealed, SGR 8) and asks
/// where the cursor went (CPR, `CSI 6 n`); last it prints `a` in an OSC 66
/// of width 2 (`ESC ] 66 ; w=2 ; a ESC \`), which moves the cursor two
/// columns only where the protocol is understood. The answers come in the
/// order asked, each `CSI row ; column R`: the column less one is the
/// width drawn. Nothing waits for them: the host sends the probe with its
/// other start-up queries, DA1 last, and draws its first frame at once,
/// which clears the row the probe drew on (and draws again, with the
/// widths measured, once the answers are in).
///
/// A value type with no I/O, so the state machine is tested by feeding it
/// answers.
struct WidthProbe: Equatable {
    /// What an expected cursor report measures.
    enum Step: Equatable {
        case cluster(GraphemeWidth.DisputedClass)
        case textSizing
    }

    /// The answers still expected, in order.
    private(set) var pending: [Step] = []
    /// The widths measured so far.
    private(set) var widths = MeasuredWidths()
    /// Whether OSC 66 moved the cursor as asked; nil until answered.
    private(set) var textSizing: Bool?

    /// The bytes that measure `classes` (and the text sizing protocol), and
    /// the probe waiting for their answers. The pen is left concealed until
    /// the SGR 0 at the end.
    static func start(classes: [GraphemeWidth.DisputedClass] = GraphemeWidth.DisputedClass.allCases,
                      textSizing: Bool = true) -> (query: String, probe: WidthProbe) {
        var probe = WidthProbe()
        var query = TerminalEscapes.conceal
        for kind in classes {
            query += TerminalEscapes.cursorHome + kind.representative + TerminalEscapes.queryCursorPosition
            probe.pending.append(.cluster(kind))
        }
        if textSizing {
            query += TerminalEscapes.cursorHome + TerminalEscapes.textSizingProbe + TerminalEscapes.queryCursorPosition
            probe.pending.append(.textSizing)
        }
        return (query + TerminalEscapes.resetRendition, probe)
    }

    /// Answers are still expected.
    var isWaiting: Bool { !pending.isEmpty }

    /// Takes in a cursor report (1-based, as sent) that answers the oldest
    /// step. A report off the first row (a probe that wrapped, on a very
    /// narrow terminal) or left of where it started measures nothing.
    mutating func cursorReported(row: Int, column: Int) {
        guard !pending.isEmpty else { return }
        let step = pending.removeFirst()
        guard row == 1, column >= 1 else { return }
        let columns = column - 1
        switch step {
        case .cluster(let kind):
            // The emoji pair counts only when both were drawn alike.
            guard columns > 0, columns % kind.representativeCount == 0 else { return }
            widths[kind] = columns / kind.representativeCount
        case .textSizing:
            textSizing = columns == 2
        }
    }

    /// DA1 arrived: every answer the terminal is going to give is in; what
    /// was not answered stays unmeasured.
    mutating func fenced() {
        pending.removeAll()
        if textSizing == nil { textSizing = false }
    }
}

/// The escape sequences the width probe and the text sizing protocol use,
/// each named with its source.
enum TerminalEscapes {
    /// CUP with no parameters: the cursor to row 1, column 1.
    static let cursorHome = "\u{1B}[H"
    /// SGR 8: concealed text (drawn as blanks; the cursor still moves).
    static let conceal = "\u{1B}[8m"
    /// SGR 0: default rendition.
    static let resetRendition = "\u{1B}[0m"
    /// DSR 6: report the cursor position (CPR).
    static let queryCursorPosition = "\u{1B}[6n"
    /// kitty's text sizing protocol (OSC 66), an `a` two cells wide: the
    /// cursor moves two columns only where the protocol is understood
    /// (kitty's documented detection, from a known column).
    static let textSizingProbe = "\u{1B}]66;w=2;a\u{1B}\\"
}
