import Testing
@testable import Engine

/// Layout with the most extreme values an app can pass: nothing traps, and
/// each value lays out as what it means once it enters layout. Lengths are
/// clamped to ±2²⁴ (``LayoutLength``), so `Int.max`, `Int.max − 1` and
/// 2⁴⁰ lay out alike, as do `Int.min`, `Int.min + 1` and −2⁴⁰; a frame's
/// `Int.max` is infinity, and its negative sizes are zero.
@MainActor
@Suite("Layout with extreme modifier values")
struct ExtremeLayoutTests {
    nonisolated static let extremes = [Int.max, Int.max - 1, Int.min, Int.min + 1, -1, 0, 1, 1 << 40, -(1 << 40)]

    /// What a value means to layout.
    enum Meaning { case infinity, huge, hugeNegative, minusOne, zero, one }

    /// `v`'s meaning; `Int.max` is infinity only where `frame` says so.
    static func meaning(_ v: Int, frame: Bool = false) -> Meaning {
        if v == .max && frame { return .infinity }
        if v >= LayoutLength.limit { return .huge }
        if v <= -LayoutLength.limit { return .hugeNegative }
        switch v {
        case -1: return .minusOne
        case 0: return .zero
        default: return .one
        }
    }

    /// A screen `columns` wide and `rows` tall showing `text` on the given rows.
    static func screen(_ columns: Int, _ rows: Int, _ text: [Int: String] = [:]) -> [String] {
        (0..<rows).map { y in
            let row = text[y] ?? ""
            return row + String(repeating: " ", count: columns - row.count)
        }
    }

    /// The screens of `view` on 12×5 (drawn twice: the second frame reuses
    /// caches and must show the same) and on 7×3 after a resize (which must
    /// show what a fresh 7×3 screen shows).
    func render<V: View>(_ view: V, sourceLocation: SourceLocation = #_sourceLocation) -> (large: [String], small: [String]) {
        let host = FramePipeline(columns: 12, rows: 5)
        host.render(view)
        let large = host.textRows
        host.render(view)
        #expect(host.textRows == large, "the second frame differs", sourceLocation: sourceLocation)
        host.resize(columns: 7, rows: 3)
        host.render(view)
        let fresh = FramePipeline(columns: 7, rows: 3)
        fresh.render(view)
        #expect(host.textRows == fresh.textRows, "the resized screen differs from a fresh one", sourceLocation: sourceLocation)
        #expect(host.canvas.checkInvariants() == nil, sourceLocation: sourceLocation)
        return (large, host.textRows)
    }

    func expect<V: View>(_ view: V, large: [Int: String], small: [Int: String], sourceLocation: SourceLocation = #_sourceLocation) {
        let got = render(view, sourceLocation: sourceLocation)
        #expect(got.large == Self.screen(12, 5, large), sourceLocation: sourceLocation)
        #expect(got.small == Self.screen(7, 3, small), sourceLocation: sourceLocation)
    }

    /// Content is centred on the screen at its size, cut to the screen;
    /// padding adds to the size (negative padding takes away, never below
    /// zero) and content is cut to its parent's frame.
    @Test("padding", arguments: extremes)
    func padding(_ v: Int) {
        switch Self.meaning(v) {
        case .zero:
            // "ab" alone, centred.
            expect(Text("ab").padding(v), large: [2: "     ab"], small: [1: "  ab"])
        case .one:
            // 4×3, centred: "ab" at (5, 2) of 12×5 and (2, 1) of 7×3.
            expect(Text("ab").padding(v), large: [2: "     ab"], small: [1: "  ab"])
        default:
            // Huge: the content sits 2²⁴ cells inside a frame cut to the
            // screen. Negative: the size shrinks to zero and the content,
            // cut to it, shows nothing.
            expect(Text("ab").padding(v), large: [:], small: [:])
        }

        let stack = VStack { Text("a").padding(.leading, v); Text("b").padding(EdgeInsets(top: v, leading: 1, bottom: v, trailing: v)) }
        switch Self.meaning(v) {
        case .zero:
            // "a" (1 wide) over " b" (2 wide), centred in a 2×2 stack.
            expect(stack, large: [1: "     a", 2: "      b"], small: [0: "  a", 1: "   b"])
        case .one:
            // " a" over a 3×3 " b " box: 3×4, at (4, 0) of 12×5. On 7×3 the
            // box gets the two rows left, its text none.
            expect(stack, large: [0: "     a", 2: "     b"], small: [0: "   a"])
        default:
            // Huge: each child is offset 2²⁴ cells inside its frame (the first
            // by its leading padding, the second by its top). Negative: "a" is
            // 0 wide, the box 0 tall.
            expect(stack, large: [:], small: [:])
        }

        let row = HStack { Text("a").padding(.horizontal, v); Spacer() }.padding(.vertical, v)
        switch Self.meaning(v) {
        case .zero:
            // A full-width row (the spacer), one tall, centred.
            expect(row, large: [2: "a"], small: [1: "a"])
        case .one:
            // " a " then the spacer; three rows tall with the padding.
            expect(row, large: [2: " a"], small: [1: " a"])
        default:
            expect(row, large: [:], small: [:])
        }
    }

    /// A fixed or minimum size replaces the proposal, a maximum caps it;
    /// infinity and 2²⁴ are both cut to the screen, with the content aligned
    /// in what shows; a size of zero or less shows nothing.
    @Test("frame", arguments: extremes)
    func frame(_ v: Int) {
        let fixed = Text("ab").frame(width: v, height: v)
        let flexible = Text("ab").frame(minWidth: v, idealWidth: v, maxWidth: v, minHeight: v, idealHeight: v, maxHeight: v)
        for view in [AnyView(fixed), AnyView(flexible)] {
            switch Self.meaning(v, frame: true) {
            case .infinity, .huge:
                // The whole screen, "ab" centred in it.
                expect(view, large: [2: "     ab"], small: [1: "  ab"])
            case .one:
                // One cell: "ab" truncated to its ellipsis.
                expect(view, large: [2: "     …"], small: [1: "   …"])
            default:
                expect(view, large: [:], small: [:])
            }
        }

        let corner = Text("ab").frame(minWidth: v, maxWidth: .infinity, minHeight: 0, maxHeight: v, alignment: .bottomTrailing)
        switch Self.meaning(v, frame: true) {
        case .infinity, .huge:
            // The whole screen, "ab" in its bottom trailing corner.
            expect(corner, large: [4: "          ab"], small: [2: "     ab"])
        case .one:
            // Full width, one row, centred; "ab" at its trailing end.
            expect(corner, large: [2: "          ab"], small: [1: "     ab"])
        default:
            // No height.
            expect(corner, large: [:], small: [:])
        }

        let pair = HStack { Text("a").frame(width: v); Text("b").frame(maxWidth: v) }
        switch Self.meaning(v, frame: true) {
        case .infinity, .huge:
            // "a"'s frame asks for more than the screen: it takes the whole
            // row (its text centred in it) and "b" is cut at the stack's end.
            expect(pair, large: [2: "     a"], small: [1: "   a"])
        case .one:
            // "a", the stack's spacing, "b": 3 wide, centred.
            expect(pair, large: [2: "    a b"], small: [1: "  a b"])
        default:
            expect(pair, large: [:], small: [:])
        }

        let tall = ScrollView { Text("a").frame(height: v) }.scrollIndicators(.hidden)
        switch Self.meaning(v, frame: true) {
        case .one:
            // The content at the scroll view's top leading corner.
            expect(tall, large: [0: "a"], small: [0: "a"])
        default:
            // Huge or infinite: "a" is centred 2²³ or more rows down its
            // frame, far below the viewport. Zero or less: no height.
            expect(tall, large: [:], small: [:])
        }
    }

    /// Stacks place children one after another, `spacing` apart (negative
    /// spacing overlaps them, later ones painted over earlier ones), and cut
    /// them at their end; a scroll offset is clamped to 0…(content − viewport);
    /// a lazy stack's rows are at least one row apart.
    @Test("spacing and offsets", arguments: extremes)
    func spacing(_ v: Int) {
        let column = VStack(spacing: v) { Text("a"); Text("b"); Text("c") }
        switch Self.meaning(v) {
        case .huge:
            // "b" and "c" start 2²⁴ rows down: only "a" shows, at the top.
            expect(column, large: [0: "     a"], small: [0: "   a"])
        case .one:
            // 5 rows: a, gap, b, gap, c. On 7×3 "c" is cut at the end.
            expect(column, large: [0: "     a", 2: "     b", 4: "     c"], small: [0: "   a", 2: "   b"])
        case .zero:
            expect(column, large: [1: "     a", 2: "     b", 3: "     c"], small: [0: "   a", 1: "   b", 2: "   c"])
        case .minusOne:
            // All three on one row, "c" painted last.
            expect(column, large: [2: "     c"], small: [1: "   c"])
        default:
            // The spacing leaves the stack no rows.
            expect(column, large: [:], small: [:])
        }

        let row = HStack(spacing: v) { Text("a"); Spacer(minLength: v); Text("c") }
        switch Self.meaning(v) {
        case .huge:
            // The spacing alone is wider than the screen: what is left to
            // share out is negative, so each text is offered no width and
            // takes its least, one column ("a" whole); the spacing and the
            // spacer's minimum push "c" off the screen.
            expect(row, large: [2: "a"], small: [1: "a"])
        default:
            // The spacer takes what the texts and the spacing leave, so "c"
            // ends at the trailing edge whatever the spacing (overlapping
            // spacing widens the spacer by as much).
            expect(row, large: [2: "a          c"], small: [1: "a     c"])
        }

        let list = ScrollView(offset: v) { VStack { ForEach(0..<20) { Text("row \($0)") } } }.scrollIndicators(.hidden)
        switch Self.meaning(v) {
        case .huge:
            // The offset stops at the last row: 20 − 5 and 20 − 3.
            expect(list, large: [0: "row 15", 1: "row 16", 2: "row 17", 3: "row 18", 4: "row 19"],
                   small: [0: "row 17", 1: "row 18", 2: "row 19"])
        case .one:
            expect(list, large: [0: "row 1", 1: "row 2", 2: "row 3", 3: "row 4", 4: "row 5"],
                   small: [0: "row 1", 1: "row 2", 2: "row 3"])
        default:
            // Zero or less: the top.
            expect(list, large: [0: "row 0", 1: "row 1", 2: "row 2", 3: "row 3", 4: "row 4"],
                   small: [0: "row 0", 1: "row 1", 2: "row 2"])
        }

        let lazy = ScrollView(offset: v) { LazyVStack(spacing: v) { ForEach(0..<20) { Text("row \($0)") } } }.scrollIndicators(.hidden)
        switch Self.meaning(v) {
        case .huge:
            // Rows 2²⁴ + 1 apart, scrolled down 2²⁴: row 1 on the second line.
            // (The lazy stack takes the width offered; "row 1" is centred in
            // the width of "row 10".)
            expect(lazy, large: [1: "   row 1"], small: [1: " row 1"])
        case .one:
            // Rows 2 apart scrolled down 1: row 1 on line 1, row 2 on line 3.
            expect(lazy, large: [1: "   row 1", 3: "   row 2"], small: [1: " row 1"])
        default:
            // Rows one apart (the least), from the top.
            expect(lazy, large: [0: "   row 0", 1: "   row 1", 2: "   row 2", 3: "   row 3", 4: "   row 4"],
                   small: [0: " row 0", 1: " row 1", 2: " row 2"])
        }
    }

    @Test("a lazy stack whose spacing makes its pitch zero or negative shows rows, does not divide by zero")
    func zeroPitch() {
        let rows = render(ScrollView { LazyVStack(spacing: -1) { ForEach(0..<20) { Text("row \($0)") } } }).small
        #expect(rows[0].contains("row 0"))
        _ = render(ScrollView(offset: 5) { LazyVStack(spacing: -3) { ForEach(0..<20) { Text("row \($0)") } } })
    }

    @Test("a lazy stack of Int.max rows")
    func hugeRowCount() {
        let rows = render(ScrollView(offset: Int.max) { LazyVStack(spacing: 1) { ForEach(0..<Int.max) { Text("row \($0)") } } }).small
        #expect(rows.count == 3)
    }

    /// Random views of extreme values, each drawn again with every value
    /// swapped for another of the same meaning (`Int.max − 1` ↔ 2⁴⁰,
    /// `Int.min` → −2⁴⁰ → `Int.min + 1` → `Int.min`): the screens must be
    /// the same, and the same after caching and a resize as fresh.
    @Test("random extreme combinations lay out as their clamped values", arguments: 0..<4)
    func randomCombinations(_ seed: Int) {
        func equivalent(_ v: Int) -> Int {
            switch v {
            case .max - 1: return 1 << 40
            case 1 << 40: return .max - 1
            case .min: return -(1 << 40)
            case -(1 << 40): return .min + 1
            case .min + 1: return .min
            default: return v
            }
        }
        var random = SplitMix64(seed: UInt64(seed))
        for _ in 0..<30 {
            let picks = (0..<17).map { _ in Self.extremes[Int(random.next() % UInt64(Self.extremes.count))] }
            func view(_ value: @escaping (Int) -> Int) -> some View {
                VStack(spacing: value(0)) {
                    Text("x").padding(value(1)).frame(minWidth: value(2), maxWidth: value(3), minHeight: value(4), maxHeight: value(5))
                    HStack(spacing: value(6)) { Text("y").padding(.leading, value(7)); Spacer(minLength: value(8)) }
                    ScrollView(offset: value(9)) {
                        // A small top padding from the value's remainder (−2…2), the same in both.
                        LazyVStack(spacing: value(10)) { ForEach(0..<50) { Text("\($0)").padding(.top, picks[11] % 3) } }
                    }
                }
            }
            let given = render(view { picks[$0] })
            let swapped = render(view { equivalent(picks[$0]) })
            #expect(given.large == swapped.large && given.small == swapped.small, "\(picks)")
        }
    }
}
