import Testing
@testable import Engine

/// The measured width table: which class a disputed cluster belongs to,
/// and what a class measured in the terminal does to the engine's width
/// rule (and what it leaves alone). Each test sets its table for its own
/// task only (`withMeasuredWidths`), never the process's.
@Suite("Measured widths")
struct MeasuredWidthsTests {
    private func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    private func measure(_ s: String, _ table: MeasuredWidths) -> GraphemeWidth.Measure {
        GraphemeWidth.withMeasuredWidths(table) { GraphemeWidth.measure(scalars: scalars(s)) }
    }

    @Test("each class's representative, and other members, fall in that class; settled clusters in none")
    func classes() {
        let cases: [(String, GraphemeWidth.DisputedClass?)] = [
            ("😀", .emojiPresentation), ("🫠", .emojiPresentation),
            ("❤️", .emojiVariation), ("☺️", .emojiVariation),
            ("1️⃣", .keycap), ("#️⃣", .keycap),
            ("🇯🇵", .flag), ("🇩🇪", .flag),
            ("👍🏽", .skinTone), ("☝🏻", .skinTone),
            ("👩‍💻", .zeroWidthJoinerSequence), ("👨‍👩‍👧", .zeroWidthJoinerSequence),
            ("a", nil), ("漢", nil), ("é", nil), ("○", nil), ("❤", nil), ("🇯", nil), ("❤︎", nil),
        ]
        for (cluster, kind) in cases {
            #expect(GraphemeWidth.disputedClass(of: scalars(cluster)) == kind, "\(cluster)")
        }
        for kind in GraphemeWidth.DisputedClass.allCases where kind != .emojiPresentation && kind != .eastAsianAmbiguous {
            #expect(GraphemeWidth.disputedClass(of: scalars(kind.representative)) == kind, "\(kind)")
        }
    }

    @Test("a class measured at one or two columns takes that width and is no longer disputed")
    func measuredClassSettles() {
        var table = MeasuredWidths()
        table[.emojiVariation] = 1
        table[.zeroWidthJoinerSequence] = 2
        #expect(measure("❤️", table) == .init(width: 1, isUncertain: false))
        #expect(measure("👨‍👩‍👧", table) == .init(width: 2, isUncertain: false))
        // Classes not measured keep the engine's rule, disputed.
        #expect(measure("1️⃣", table) == .init(width: 2, isUncertain: true))
        #expect(measure("🇯🇵", table) == .init(width: 2, isUncertain: true))
        // Without a table, the engine's rule.
        #expect(measure("❤️", MeasuredWidths()) == .init(width: 2, isUncertain: true))
    }

    @Test("a class measured wider than a cell keeps the engine's width, disputed (the writer re-anchors)")
    func widerThanACell() {
        var table = MeasuredWidths()
        table[.zeroWidthJoinerSequence] = 6
        table[.skinTone] = 4
        #expect(measure("👩‍💻", table) == .init(width: 2, isUncertain: true))
        #expect(measure("👍🏽", table) == .init(width: 2, isUncertain: true))
    }

    @Test("ASCII, settled wide characters and East Asian Ambiguous are never changed by the table")
    func untouched() {
        var table = MeasuredWidths()
        for kind in GraphemeWidth.DisputedClass.allCases { table[kind] = 1 }
        table[.eastAsianAmbiguous] = 2
        #expect(measure("a", table) == .init(width: 1, isUncertain: false))
        #expect(measure("漢", table) == .init(width: 2, isUncertain: false))
        #expect(measure("○", table) == .init(width: 1, isUncertain: false))
        #expect(GraphemeWidth.withMeasuredWidths(table) { GraphemeWidth.width(of: "box ─┼─ ok") } == 10)
        // Single emoji measured narrow are one column.
        #expect(measure("😀", table) == .init(width: 1, isUncertain: false))
    }

    @Test("the table keeps 1…7 columns a class; other values clear the class")
    func tableValues() {
        var table = MeasuredWidths()
        #expect(table.isEmpty)
        table[.flag] = 7
        table[.keycap] = 1
        #expect(table[.flag] == 7 && table[.keycap] == 1 && table[.skinTone] == nil)
        table[.flag] = 8
        #expect(table[.flag] == nil)
        table[.keycap] = 0
        #expect(table[.keycap] == nil && table.isEmpty)
        table[.eastAsianAmbiguous] = 2
        #expect(table.description == "MeasuredWidths(east-asian-ambiguous=2)")
    }

    @Test("text laid out under a measured table takes the measured widths")
    @MainActor
    func layoutUsesTheTable() {
        var table = MeasuredWidths()
        table[.emojiVariation] = 1
        #expect(GraphemeWidth.withMeasuredWidths(table) { GraphemeWidth.width(of: "a❤️b❤️c") } == 5)
        #expect(GraphemeWidth.width(of: "a❤️b❤️c") == 7)
        /// Columns from the first heart to the bar.
        func span(_ table: MeasuredWidths) -> Int? {
            let pipeline = FramePipeline(columns: 12, rows: 1)
            GraphemeWidth.withMeasuredWidths(table) { _ = pipeline.render(Text("❤️❤️|")) }
            let row = (0..<12).map { pipeline.canvas.text(x: $0, y: 0) }
            guard let heart = row.firstIndex(of: "❤️"), let bar = row.firstIndex(of: "|") else { return nil }
            return bar - heart
        }
        #expect(span(table) == 2)
        #expect(span(MeasuredWidths()) == 4)
    }

    @Test("after the widths change, a text that later shrinks clears the cells it vacates")
    @MainActor
    func vacatedCellsAfterWidthsChange() {
        let pipeline = FramePipeline(columns: 10, rows: 1)
        func header(_ text: String) -> some View { Text(text).frame(maxWidth: .max, alignment: .trailing) }
        _ = pipeline.render(header("abcdefgh"))
        pipeline.graph.graphemeWidthsChanged()
        _ = pipeline.render(header("abcdefgh"))
        _ = pipeline.render(header("xy"))
        #expect(pipeline.textRows == ["        xy"])
    }

    @Test("after a repaint the app asked for, or a resize that keeps a node in place, a text that shrinks clears what it vacates")
    @MainActor
    func vacatedCellsAfterRepaintAndResize() {
        func header(_ text: String) -> some View { Text(text).frame(maxWidth: .max, alignment: .trailing) }
        let repainted = FramePipeline(columns: 10, rows: 1)
        _ = repainted.render(header("abcdefgh"))
        repainted.requestRepaint()
        _ = repainted.render(header("abcdefgh"))
        _ = repainted.render(header("xy"))
        #expect(repainted.textRows == ["        xy"])

        // A resize in the other dimension: the text keeps its frame.
        func column(_ text: String) -> some View {
            VStack(spacing: 0) {
                Text(text).frame(maxWidth: .max, alignment: .leading)
                Spacer()
            }
        }
        let resized = FramePipeline(columns: 10, rows: 2)
        _ = resized.render(column("abcdefgh"))
        resized.resize(columns: 10, rows: 3)
        _ = resized.render(column("abcdefgh"))
        _ = resized.render(column("xy"))
        #expect(resized.textRows == ["xy        ", "          ", "          "])
    }
}
