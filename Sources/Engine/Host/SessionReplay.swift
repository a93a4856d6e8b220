/// Replays a recorded session (``TuiSession``, made with `TUI_RECORD`)
/// against an app's views, headlessly and deterministically: the input
/// bytes go through the same decoder, the app's clock moves at the
/// recorded wake-ups only (a manual clock: no wall time is involved), and
/// at each recorded frame the pipeline renders and its screen is compared
/// with the recorded one, cell by cell: text and style.
///
/// ```swift
/// let replay = try SessionReplay(text: recording, path: "counter.tuisession")
/// let outcome = await replay.run(CounterView())
/// #expect(outcome.mismatch == nil)
/// ```
///
/// The test kit's `assertReplay` reports a mismatch with a side-by-side
/// diff. What a session cannot hold is the app's own world: data read from
/// files, the network or the system while it ran must be the same (or
/// given to the views by the test) for the frames to match.
@MainActor
public final class SessionReplay {
    /// The session, parsed.
    public let session: TuiSession
    /// The pipeline the app is replayed into (its clock is manual).
    public let pipeline: FramePipeline
    /// The key that toggles the performance overlay in the recorded app
    /// (not routed to the views there, so not here): F12 by default.
    public var overlayKey: KeyPress? = KeyPress(.function(12))
    /// Whether an unhandled Ctrl-C ended the recorded app (the default).
    public var quitsOnControlC = true

    /// Parses a session given as text (`path` names it in messages).
    public init(text: String, path: String) throws(TuiFramesError) {
        let styles = StyleTable()
        let graphemes = GraphemeTable()
        session = try TuiSession.parse(text, path: path, styles: styles, graphemes: graphemes)
        sessionStyles = styles
        sessionGraphemes = graphemes
        pipeline = FramePipeline(columns: session.columns, rows: session.rows, capabilities: session.capabilities,
                                 clock: .manual())
    }

    /// The most rounds a replay lets tasks run while it waits for the
    /// session's count of waiting timers and sleeps.
    static let pendingRounds = 20_000

    let sessionStyles: StyleTable
    private let sessionGraphemes: GraphemeTable

    /// Runs the session against `root`: returns how many frames matched
    /// and the first one that did not, if any. Replaying the same session
    /// against the same views gives the same outcome every time.
    public func run<Root: View>(_ root: Root) async -> SessionReplayOutcome {
        // Work other code left on the main queue runs first, not in the middle.
        for _ in 0..<TuiSession.settleRounds { await Task.yield() }
        var decoder = InputDecoder()
        var rendered = false
        var ended = false
        var early: [ViewEvent] = []
        var framesMatched = 0
        var printed = 0
        let graph = pipeline.graph
        var inlineScreenRows = session.rows
        if case .inline(let maxHeight) = session.screen {
            graph.rootAlignment = .topLeading
            pipeline.restingCursor = (0, 0)
            graph.beforeLayout = { [pipeline] graph in
                MainActor.assumeIsolated {
                    // As the terminal host sizes an inline region: the content's height, clamped.
                    let columns = pipeline.canvas.columns
                    let wanted = graph.contentSize(for: ProposedSize(width: columns, height: nil)).height
                    let limit = max(1, min(maxHeight ?? inlineScreenRows, inlineScreenRows))
                    let h = min(max(1, wanted), limit)
                    if h != pipeline.canvas.rows {
                        pipeline.canvas.resize(columns: columns, rows: h)
                        graph.invalidateLayout()
                        pipeline.encoder.invalidate()
                    }
                }
            }
        }
        func deliver(_ events: [InputEvent]) {
            for event in events {
                guard !ended, let viewEvent = event.viewEvent else { continue }
                guard rendered else {
                    early.append(viewEvent)  // as the host does: after the first frame
                    continue
                }
                dispatch(viewEvent)
            }
        }
        func dispatch(_ viewEvent: ViewEvent) {
            if case .key(let press) = viewEvent, let key = overlayKey, press.key == key.key,
               press.modifiers == key.modifiers, press.phase == .down { return }
            let handled = graph.dispatch(viewEvent)
            if !handled, quitsOnControlC, case .key(let press) = viewEvent, press.phase == .down,
               press.modifiers.subtracting([.capsLock, .numLock]) == .control, press.key == .character("c") {
                ended = true
            }
        }
        for (index, record) in session.records.enumerated() {
            switch record.event {
            case .input(let bytes):
                deliver(decoder.decode(bytes))
            case .expectsCursorReport(let expects):
                decoder.expectsCursorPositionReport = expects
            case .flush:
                deliver(decoder.flush())
            case .pasteStalled:
                var events: [InputEvent] = []
                decoder.deliverStalledPaste(into: &events)
                deliver(events)
            case .resize(let columns, let rows):
                guard rendered else { continue }
                if case .inline = session.screen {
                    inlineScreenRows = rows
                    pipeline.canvas.resize(columns: columns, rows: pipeline.canvas.rows)
                    graph.invalidateLayout()
                    graph.setRootEnvironment(\.screenSize, Size(width: columns, height: rows))
                } else {
                    pipeline.resize(columns: columns, rows: rows)
                }
                pipeline.encoder.invalidate()
                graph.dispatch(.resize(columns: columns, rows: rows))
            case .clock(let recorded, let pending):
                let fired = pipeline.clock.advance(to: .nanoseconds(Int64(record.time)))
                if fired != recorded {
                    return SessionReplayOutcome(
                        framesMatched: framesMatched,
                        mismatch: SessionMismatch(frame: nil, line: record.line, expected: nil, actual: nil,
                                                  reason: "the clock woke \(fired) timers and sleeps at \(record.time / 1000) µs; the session woke \(recorded)"))
                }
                // What the host's wake-up does next: tasks made ready run —
                // until as many timers and sleeps wait as did in the session
                // (the tasks woken are asleep again, or done), and then as
                // many rounds as the host ran.
                if let pending {
                    var rounds = 0
                    while pipeline.clock.pendingCount != pending && rounds < SessionReplay.pendingRounds {
                        await Task.yield()
                        rounds += 1
                    }
                }
                for _ in 0..<TuiSession.settleRounds { await Task.yield() }
            case .frame(let number, let columns, let rows, let cells):
                if rendered {
                    pipeline.update(keepBytes: false)
                } else {
                    pipeline.render(root, keepBytes: false)
                    rendered = true
                    let events = early
                    early = []
                    for e in events { dispatch(e) }
                }
                if let mismatch = compare(number: number, record: index, columns: columns, rows: rows, cells: cells) {
                    return SessionReplayOutcome(framesMatched: framesMatched, mismatch: mismatch)
                }
                framesMatched += 1
            case .output:
                continue
            case .print(let text):
                let lines = pipeline.printedLines
                if printed >= lines.count || lines[printed] != text {
                    let got = printed < lines.count ? lines[printed].debugDescription : "nothing"
                    return SessionReplayOutcome(
                        framesMatched: framesMatched,
                        mismatch: SessionMismatch(frame: nil, line: record.line, expected: nil, actual: nil,
                                                  reason: "the app printed \(got); the session printed \(text.debugDescription)"))
                }
                printed += 1
            case .end(let status):
                if let asked = pipeline.quitStatus, asked != status {
                    return SessionReplayOutcome(
                        framesMatched: framesMatched,
                        mismatch: SessionMismatch(frame: nil, line: record.line, expected: nil, actual: nil,
                                                  reason: "the app quit with status \(asked); the session ended with \(status)"))
                }
                return SessionReplayOutcome(framesMatched: framesMatched, mismatch: nil)
            }
        }
        return SessionReplayOutcome(framesMatched: framesMatched, mismatch: nil)
    }

    /// The recorded screen against the pipeline's: nil when every cell's
    /// text and style are the same.
    private func compare(number: Int, record: Int, columns: Int, rows: Int, cells: [Cell]) -> SessionMismatch? {
        let canvas = pipeline.canvas
        // Both screens as text only when they differ (a replay compares every frame).
        func mismatch(_ reason: String) -> SessionMismatch {
            var keys: [String: Character] = [:]
            let expected = ScreenText(cells: cells, columns: columns, rows: rows, styles: sessionStyles,
                                      graphemes: sessionGraphemes, keys: &keys)
            return SessionMismatch(frame: number, line: session.records[record].line, expected: expected,
                                   actual: ScreenText(canvas, keys: &keys), reason: reason)
        }
        guard canvas.columns == columns, canvas.rows == rows else {
            return mismatch("the app's screen is \(canvas.columns)x\(canvas.rows); the session's is \(columns)x\(rows)")
        }
        for y in 0..<rows {
            for x in 0..<columns {
                let a = canvas[x, y]
                let e = cells[y * columns + x]
                let sameText = a.content == e.content && !a.isCluster
                    || (a.isCluster == e.isCluster && a.width == e.width && a.isCluster
                        && canvas.graphemes.string(a.payload) == sessionGraphemes.string(e.payload))
                guard sameText, sameStyle(canvas.styles[a.style], sessionStyles[e.style]) else {
                    return mismatch("frame \(number) differs first at column \(x + 1), row \(y + 1)")
                }
            }
        }
        return nil
    }
}

extension SessionReplay {
    /// Two styles from the two tables are the same: every field, and a link
    /// to the same target (link numbers are each table's own).
    func sameStyle(_ a: Style, _ b: Style) -> Bool {
        var x = a, y = b
        let linkA = a.link == 0 ? "" : pipeline.canvas.styles.linkURI(a.link)
        let linkB = b.link == 0 ? "" : sessionStyles.linkURI(b.link)
        x.link = 0
        y.link = 0
        return x == y && linkA == linkB
    }
}

/// What a replay found.
public struct SessionReplayOutcome: Sendable {
    /// Frames whose screens matched, from the first.
    public var framesMatched: Int
    /// The first difference, or nil when the whole session matched.
    public var mismatch: SessionMismatch?
}

/// Where a replay first differed from its session.
public struct SessionMismatch: Sendable, CustomStringConvertible {
    /// The recorded frame's number (nil for a printed line or the status).
    public var frame: Int?
    /// The record's line in the session file.
    public var line: Int
    /// The recorded screen and the replayed one (for a frame).
    public var expected: ScreenText?
    public var actual: ScreenText?
    /// What differed, in a sentence.
    public var reason: String

    /// The reason, then the rows that differ side by side (recorded on the
    /// left), each row's styles under it when they differ.
    public var description: String {
        var out = "line \(line): \(reason)"
        guard let expected, let actual else { return out }
        let width = max(expected.columns, 8)
        out += "\n     " + "recorded".padded(to: width + 1) + "replayed"
        for y in 0..<max(expected.rows, actual.rows) {
            let e = y < expected.rows ? expected.text[y] : ""
            let a = y < actual.rows ? actual.text[y] : ""
            let es = y < expected.rows ? expected.styles[y] : ""
            let `as` = y < actual.rows ? actual.styles[y] : ""
            let mark = e != a || es != `as` ? ">" : " "
            out += "\n\(mark)" + String(y + 1).leftPadded(to: 3) + "|" + e.padded(to: width) + "|" + a + "|"
            if es != `as` {
                out += "\n    " + es.padded(to: width + 1) + " " + `as`
            }
        }
        let legend = Set(expected.legend).union(actual.legend).sorted()
        if !legend.isEmpty { out += "\n  styles: " + legend.joined(separator: "; ") }
        return out
    }
}

/// A screen as text rows and style rows (one character per column; `.`
/// the default style), with a legend naming each style in the tuiframes
/// words, the same in both screens of a comparison.
public struct ScreenText: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var text: [String]
    public var styles: [String]
    public var legend: [String]

    /// `keys` names each style by a letter, in order of first appearance;
    /// share it between the two screens of a comparison.
    init(_ canvas: CellBuffer, keys: inout [String: Character]) {
        self.init(columns: canvas.columns, rows: canvas.rows, cell: { canvas[$0, $1] }, styles: canvas.styles,
                  graphemes: canvas.graphemes, keys: &keys)
    }

    init(cells: [Cell], columns: Int, rows: Int, styles: StyleTable, graphemes: GraphemeTable,
         keys: inout [String: Character]) {
        self.init(columns: columns, rows: rows, cell: { cells[$1 * columns + $0] }, styles: styles,
                  graphemes: graphemes, keys: &keys)
    }

    private init(columns: Int, rows: Int, cell: (Int, Int) -> Cell, styles table: StyleTable,
                 graphemes: GraphemeTable, keys: inout [String: Character]) {
        self.columns = columns
        self.rows = rows
        var text: [String] = []
        var styles: [String] = []
        var names: Set<String> = []
        for y in 0..<rows {
            var row = ""
            var rowKeys = ""
            for x in 0..<columns {
                let c = cell(x, y)
                if c.isContinuation { continue }
                row += c.isCluster ? graphemes.string(c.payload) : String(Character(Unicode.Scalar(c.payload) ?? "\u{FFFD}"))
                let style = table[c.style]
                let key = ScreenText.key(for: style, links: table, in: &keys)
                if key != "." { names.insert("\(key)=\(StyleDescription(style, links: table))") }
                rowKeys += String(key) + (c.width == 2 ? "." : "")
            }
            text.append(row)
            styles.append(rowKeys)
        }
        self.text = text
        self.styles = styles
        legend = names.sorted()
    }

    /// The style's key: `.` for the default style, else a letter given in
    /// order of first appearance (`?` past 52 styles).
    static func key(for style: Style, links: StyleTable, in keys: inout [String: Character]) -> Character {
        if style == .plain { return "." }
        let words = StyleDescription(style, links: links).description
        if let k = keys[words] { return k }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let k = keys.count < letters.count ? letters[keys.count] : "?"
        keys[words] = k
        return k
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        let w = count
        return w >= width ? self : self + String(repeating: " ", count: width - w)
    }

    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
