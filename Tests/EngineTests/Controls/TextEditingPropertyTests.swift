import Testing

@testable import Engine

/// Random key sequences and inserts over hostile international text, with
/// a seeded generator so a failure replays: the invariants hold after every
/// step.
@Suite("Text editing properties: random keys over international text")
struct TextEditingPropertyTests {
    /// Pieces of text to insert: whole clusters, and pieces that join their
    /// neighbours (lone regional indicators, ZWJ, combining marks, jamo),
    /// controls and line breaks.
    static let pieces: [String] = [
        "a", "Z", " ", "7", "-", ",", "ß", "١", "é", "漢", "字", "か", "な", "👩‍👩‍👧‍👦", "🇯🇵", "🇫🇷", "🇯", "🇫",
        "e\u{301}", "\u{301}", "\u{200D}", "👩", "👧", "Z̤͔ͧ̑", "\u{1100}", "\u{1161}", "\u{11A8}", "❤️", "❤",
        "\u{FE0F}", "👍🏽", "\u{1F3FD}", "\n", "\r\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{0}", "漢字かな",
        "x\u{1B}[2Jy", "ab\ncd",
    ]

    static let presses: [KeyPress] = [
        key(.left), key(.right), key(.left, .shift), key(.right, .shift), key(.left, .option),
        key(.right, .control), key(.left, [.shift, .option]), key(.home), key(.end), key(.home, .shift),
        key(.up), key(.down), key(.up, .shift), key(.backspace), key(.delete), key(.backspace, .option),
        key(.character("w"), .control), key(.character("d"), .option), key(.character("u"), .control),
        key(.character("k"), .control), key(.character("a"), .control), key(.character("e"), .control),
        key(.character("b"), .control), key(.character("f"), .option), key(.enter), key(.tab),
        key(.escape), key(.character("c"), .control), key(.function(5)), key(.home, .control),
        key(.character("漢")), key(.character("👩‍👩‍👧‍👦")), key(.character("e\u{301}")), key(.character("x")),
    ]

    static func randomText(_ rng: inout SplitMix64, upTo count: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...count, using: &rng) { text += pieces.randomElement(using: &rng)! }
        return text
    }

    /// The checks after each step, for a single-line field.
    static func checkField(_ state: TextEditingState, width: Int, offset: inout Int, secure: Bool,
                           multiline: Bool, context: String) {
        #expect(state.isOnBoundaries, "\(context)")
        // Nothing typed or pasted adds a control; only an editor adds line breaks.
        let allowed: Set<UInt32> = multiline ? [0x0A] : []
        #expect(state.text.unicodeScalars.allSatisfy {
            allowed.contains($0.value) || TextSegmenter.replacement(forControl: $0.value) == nil
        }, "\(context)")
        if let max = state.maxLength { #expect(state.text.count <= max, "\(context)") }
        guard !multiline else { return }

        let line = state.visibleLine(width: width, scrollOffset: &offset, secure: secure)
        #expect(line.cells <= width, "\(context)")
        #expect(line.cursorColumn >= 0 && line.cursorColumn < width, "\(context)")
        let first = state.index(utf8Offset: offset)
        #expect(first == state.text.endIndex || state.text.indices.contains(first), "\(context)")
        #expect(first <= state.cursor, "\(context)")
        if secure {
            #expect(line.text.allSatisfy { $0 == "•" } && line.text.count == line.cells, "\(context)")
            #expect(line.cursorColumn == state.text[first..<state.cursor].count, "\(context)")
        } else {
            // The engine measures what is drawn exactly as the field counted it...
            #expect(GraphemeWidth.width(of: line.text) == line.cells, "\(context)")
            // ...and it is whole clusters from the scroll position, a wide one
            // cut by the edge replaced by one space.
            var drawn = Substring(line.text)
            let shownSource = state.text[first...]
            if !shownSource.hasPrefix(drawn) {
                #expect(drawn.last == " ", "\(context)")
                drawn = drawn.dropLast()
                #expect(shownSource.hasPrefix(drawn), "\(context)")
                let end = state.text.index(first, offsetBy: drawn.count)
                #expect(end < state.text.endIndex && state.cellWidth(from: end, to: state.text.index(after: end)) == 2,
                        "\(context)")
            }
            #expect(state.cellWidth(from: first, to: state.cursor) == line.cursorColumn, "\(context)")
        }
    }

    @Test("random keys and inserts in a single-line field", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func field(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<12 {
            let secure = round % 4 == 3
            var state = TextEditingState(maxLength: round % 3 == 2 ? Int.random(in: 1...20, using: &rng) : nil)
            var offset = 0
            let width = Int.random(in: 1...12, using: &rng)
            for step in 0..<150 {
                let context = "seed \(seed) round \(round) step \(step): \(state.text.debugDescription) width \(width)"
                if Bool.random(using: &rng) {
                    _ = state.insert(Self.randomText(&rng, upTo: 3), multiline: false)
                } else {
                    _ = state.handle(Self.presses.randomElement(using: &rng)!, multiline: false)
                }
                Self.checkField(state, width: width, offset: &offset, secure: secure, multiline: false, context: context)
            }
        }
    }

    @Test("random keys and inserts in an editor", arguments: [11, 12, 13] as [UInt64])
    func editor(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<8 {
            var state = TextEditingState()
            var scroll = TextEditingState.EditorScroll()
            let width = Int.random(in: 1...10, using: &rng)
            let height = Int.random(in: 1...4, using: &rng)
            var offset = 0
            for step in 0..<150 {
                let context = "seed \(seed) round \(round) step \(step): \(state.text.debugDescription)"
                if Bool.random(using: &rng) {
                    _ = state.insert(Self.randomText(&rng, upTo: 3), multiline: true)
                } else {
                    _ = state.handle(Self.presses.randomElement(using: &rng)!, multiline: true)
                }
                Self.checkField(state, width: width, offset: &offset, secure: false, multiline: true, context: context)
                let view = state.visibleLines(width: width, height: height, scroll: &scroll)
                #expect(view.lines.count <= height && view.cursorRow >= 0 && view.cursorRow < view.lines.count,
                        "\(context)")
                #expect(view.cursorColumn >= 0 && view.cursorColumn < width, "\(context)")
                #expect(view.lines.allSatisfy { GraphemeWidth.width(of: $0) <= width }, "\(context)")
            }
        }
    }

    @Test("Backspace right after typing a cluster that stays separate restores text and cursor",
          arguments: [21, 22, 23] as [UInt64])
    func backspaceRestores(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<300 {
            var state = TextEditingState(text: Self.randomText(&rng, upTo: 6))
            for _ in 0..<Int.random(in: 0...6, using: &rng) { _ = state.handle(key(.left), multiline: false) }
            let before = state
            let cluster = Self.pieces.randomElement(using: &rng)!
            guard state.insert(cluster, multiline: false) == .edited else { continue }
            let inserted = TextEditingState.sanitized(cluster, multiline: false)
            // When the insertion joined a neighbour, Backspace removes the joined cluster: skip those.
            guard state.text.count == before.text.count + inserted.count,
                  state.text[..<state.cursor].hasSuffix(inserted) else { continue }
            for _ in 0..<inserted.count { state.deleteBackward() }
            #expect(state.text == before.text, "\(before.text.debugDescription) + \(cluster.debugDescription)")
            #expect(state.cursor == before.cursor)
        }
    }

    @Test("random keys and inserts in a wrapping editor: rows fit the width, the cursor is on its row",
          arguments: [31, 32, 33] as [UInt64])
    func wrappingEditor(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<8 {
            var state = TextEditingState()
            var scroll = TextEditingState.EditorScroll()
            let width = Int.random(in: 1...10, using: &rng)
            let height = Int.random(in: 1...4, using: &rng)
            var offset = 0
            for step in 0..<150 {
                let context = "seed \(seed) round \(round) step \(step) width \(width): \(state.text.debugDescription)"
                if Bool.random(using: &rng) {
                    _ = state.insert(Self.randomText(&rng, upTo: 3), multiline: true)
                } else {
                    _ = state.handle(Self.presses.randomElement(using: &rng)!, multiline: true, wrapWidth: width)
                }
                Self.checkField(state, width: width, offset: &offset, secure: false, multiline: true, context: context)
                let view = state.visibleLines(width: width, height: height, scroll: &scroll, wrapping: true)
                #expect(view.lines.count <= height && view.cursorRow >= 0 && view.cursorRow < view.lines.count,
                        "\(context)")
                #expect(view.cursorColumn >= 0 && view.cursorColumn < width, "\(context)")
                #expect(view.lines.allSatisfy { GraphemeWidth.width(of: $0) <= width }, "\(context)")
                Self.checkRows(state, width: width, context: context)
            }
        }
    }

    /// Every line's rows: contiguous, covering the line, within the width
    /// (but for a single cluster wider than it); every position on them has
    /// a cell, and the cursor's row shows the text before it.
    static func checkRows(_ state: TextEditingState, width: Int, context: String) {
        let text = state.text
        var start = text.startIndex
        while true {
            let rows = state.rows(ofLineFrom: start, width: width)
            let end = state.lineEnd(of: start)
            #expect(rows.first?.lowerBound == start && rows.last?.upperBound == end, "\(context)")
            for (row, next) in zip(rows, rows.dropFirst()) { #expect(row.upperBound == next.lowerBound, "\(context)") }
            for (r, row) in rows.enumerated() {
                let cells = state.cellWidth(from: row.lowerBound, to: row.upperBound)
                #expect(cells <= width || text[row].count == 1, "\(context) row \(String(text[row]).debugDescription)")
                #expect(!row.isEmpty || r == rows.count - 1, "\(context)")
                // Positions on the row have a cell: before its last cluster,
                // or (the line's end) after it when there is room.
                if r == rows.count - 1 && !row.isEmpty { #expect(cells < width, "\(context)") }
            }
            if rows.count > 1 && state.cursor >= start && state.cursor <= end {
                let r = state.rowIndex(of: state.cursor, in: rows)
                #expect(rows[r].lowerBound <= state.cursor && (state.cursor < rows[r].upperBound
                    || (r == rows.count - 1 && state.cursor == end)), "\(context)")
            }
            guard end < text.endIndex else { break }
            start = text.index(after: end)
        }
    }

    @Test("after any random edits, undoing everything restores the first text exactly; redoing restores the last",
          arguments: [41, 42, 43, 44] as [UInt64])
    func undoRestores(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<40 {
            let multiline = round % 2 == 1
            let initial = Self.randomText(&rng, upTo: 5)
            var state = TextEditingState(text: initial)
            // Texts after each step boundary are checked against undo one step at a time.
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: _ = state.insert(Self.randomText(&rng, upTo: 3), multiline: multiline)
                case 1: _ = state.paste(Self.randomText(&rng, upTo: 4), multiline: multiline)
                default: _ = state.handle(Self.presses.randomElement(using: &rng)!, multiline: multiline, wrapWidth: 5)
                }
            }
            let final = state.text
            let context = "seed \(seed) round \(round): \(initial.debugDescription) → \(final.debugDescription)"
            var texts = [state.text]
            while state.undo() == .edited {
                texts.append(state.text)
                #expect(state.isOnBoundaries, "\(context)")
            }
            #expect(state.text.unicodeScalars.elementsEqual(initial.unicodeScalars), "\(context)")
            #expect(texts.count - 1 <= TextEditingHistory.limit, "\(context)")
            var redone = [state.text]
            while state.redo() == .edited {
                redone.append(state.text)
                #expect(state.isOnBoundaries, "\(context)")
            }
            #expect(state.text.unicodeScalars.elementsEqual(final.unicodeScalars), "\(context)")
            // Redo walks back through the very texts undo went through.
            #expect(redone.reversed().map { Array($0.unicodeScalars) } == texts.map { Array($0.unicodeScalars) },
                    "\(context)")
        }
    }

    @Test("undo then redo of one step returns the text and the cursor; the history keeps the newest steps only")
    func undoRedoPairs() {
        var rng = SplitMix64(seed: 51)
        var state = TextEditingState()
        for _ in 0..<400 {
            _ = state.insert(Self.randomText(&rng, upTo: 2), multiline: true)
            _ = state.handle(Self.presses.randomElement(using: &rng)!, multiline: true)
            let before = state
            guard state.undo() == .edited else { continue }
            #expect(state.redo() == .edited)
            #expect(state.text.unicodeScalars.elementsEqual(before.text.unicodeScalars))
            #expect(state.isOnBoundaries)
        }
        // 150 steps (a word, then a move) keep the newest 100.
        state = TextEditingState()
        for i in 0..<150 {
            _ = state.insert("w\(i) ", multiline: false)
            _ = state.move(.left, selecting: false, multiline: false)
            _ = state.move(.right, selecting: false, multiline: false)
        }
        var undone = 0
        while state.undo() == .edited { undone += 1 }
        #expect(undone == TextEditingHistory.limit)
        #expect(state.text == (0..<50).map { "w\($0) " }.joined())
    }

    @Test("typing through a long text keeps each frame's work to the field: the offset follows in cells")
    func typingAtTheEnd() {
        var state = TextEditingState()
        var offset = 0
        var rng = SplitMix64(seed: 99)
        for _ in 0..<2_000 {
            state.insert(Self.pieces[Int.random(in: 0..<17, using: &rng)], multiline: false)
            let line = state.visibleLine(width: 20, scrollOffset: &offset)
            // The cursor is at the end: the text shown ends just before it.
            #expect(line.cursorColumn == line.cells)
            #expect(state.text[state.index(utf8Offset: offset)...].hasPrefix(line.text))
            #expect((line.cells >= 18 || state.text.count < 20) && line.cells <= 19)
        }
    }
}
