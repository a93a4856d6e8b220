import Testing
@testable import Engine

// Layout: exact frames for stacks, spacers, priorities, frames and padding;
// properties over seeded random trees (children stay inside their parent,
// wide graphemes are never split, an incremental frame equals a fresh one);
// absurd sizes do not crash.

// MARK: Random trees

/// Builds random view trees of stacks, text, padding, frames, borders and
/// friends from a seed. The structure depends only on the seed; `variant`
/// changes the words some Text leaves show, so consecutive variants are
/// the same tree with some text changed.
@MainActor
private struct RandomTree {
    var shape: SplitMix64
    var words: SplitMix64
    /// Most children of a stack: past ``StackLayoutCache/minimumChildren``
    /// stacks keep their allocations between frames.
    var maxChildren = 4

    static let vocabulary = ["a", "hello", "漢字", "ｱｲｳｴｵ", "e\u{301}", "the quick brown fox", "中x中", "line\nbreak",
                             "", "日本語テキスト", "ok", "wide 漢 and narrow", "  indented", "x"]

    init(seed: UInt64, variant: UInt64 = 0, maxChildren: Int = 4) {
        shape = SplitMix64(seed: seed)
        words = SplitMix64(seed: seed &* 0x9E37_79B9 &+ variant)
        self.maxChildren = maxChildren
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &shape) }
    mutating func chance(_ n: Int) -> Bool { int(0...(n - 1)) == 0 }

    mutating func text() -> Text {
        // The shape generator picks a word; the words generator may swap it.
        var word = RandomTree.vocabulary[int(0...(RandomTree.vocabulary.count - 1))]
        if Int.random(in: 0...2, using: &words) == 0 {
            word = RandomTree.vocabulary[Int.random(in: 0...(RandomTree.vocabulary.count - 1), using: &words)]
        }
        var t = Text(word)
        switch int(0...5) {
        case 0: t = t.bold()
        case 1: t = t.lineLimit(1)
        case 2: t = t.singleLine().truncationMode(.middle)
        case 3: t = t.foregroundColor(.red)
        default: break
        }
        return t
    }

    /// Whether the last view made can answer `Int.max` to an unbounded
    /// proposal (a Spacer in a stack, a frame without a maximum): padding
    /// and borders add to that size and trap (see
    /// spacerStackInsidePaddingInStack), so they are not put around one.
    var unbounded = false

    mutating func children(depth: Int) -> [AnyView] {
        var any = false
        let views = (0..<int(1...maxChildren)).map { _ in
            let v = view(depth: depth - 1)
            any = any || unbounded
            return v
        }
        unbounded = any
        return views
    }

    mutating func vertical() -> VerticalAlignment { [.top, .center, .bottom][int(0...2)] }
    mutating func horizontal() -> HorizontalAlignment { [.leading, .center, .trailing][int(0...2)] }
    mutating func alignment() -> Alignment { Alignment(horizontal: horizontal(), vertical: vertical()) }
    mutating func maybe(_ range: ClosedRange<Int>) -> Int? { chance(2) ? nil : int(range) }

    mutating func view(depth: Int) -> AnyView {
        if depth <= 0 || chance(5) {
            switch int(0...9) {
            case 0:
                unbounded = true
                return AnyView(Spacer(minLength: int(0...2)))
            case 1:
                unbounded = false
                return AnyView(Divider())
            default:
                unbounded = false
                return AnyView(text())
            }
        }
        switch int(0...11) {
        case 0, 1:
            let c = children(depth: depth)
            return AnyView(HStack(alignment: vertical(), spacing: int(0...2)) { ForEach(0..<c.count) { c[$0] } })
        case 2, 3:
            let c = children(depth: depth)
            return AnyView(VStack(alignment: horizontal(), spacing: int(0...1)) { ForEach(0..<c.count) { c[$0] } })
        case 4:
            let c = children(depth: depth)
            return AnyView(ZStack(alignment: alignment()) { ForEach(0..<c.count) { c[$0] } })
        case 5:
            let inner = view(depth: depth - 1)
            if unbounded { return inner }
            return AnyView(inner.padding(EdgeInsets(top: int(0...1), leading: int(0...2), bottom: int(0...1),
                                                    trailing: int(0...2))))
        case 6:
            let inner = view(depth: depth - 1)
            let width = maybe(0...30), height = maybe(0...6)
            if width != nil && height != nil { unbounded = false }
            return AnyView(inner.frame(width: width, height: height, alignment: alignment()))
        case 7:
            let inner = view(depth: depth - 1)
            let minW = maybe(0...10), minH = maybe(0...3)
            let maxW = chance(2) ? Int.infinity : minW.map { $0 + int(0...10) }
            let maxH = chance(2) ? Int.infinity : minH.map { $0 + int(0...4) }
            unbounded = unbounded || maxW != nil || maxH != nil
            return AnyView(inner.frame(minWidth: minW, maxWidth: maxW, minHeight: minH, maxHeight: maxH,
                                       alignment: alignment()))
        case 8:
            let styles: [BorderStyle] = [.single, .rounded, .double, .heavy, .ascii]
            let inner = view(depth: depth - 1)
            if unbounded { return inner }
            return AnyView(inner.border(styles[int(0...4)]))
        case 9:
            let inner = view(depth: depth - 1)
            return AnyView(inner.fixedSize(horizontal: chance(2), vertical: chance(2)))
        case 10:
            return AnyView(view(depth: depth - 1).layoutPriority(Double(int(-1...2))))
        default:
            let inner = view(depth: depth - 1)
            if chance(2) { return AnyView(inner.background(.blue)) }
            let layer = text()
            return chance(2) ? AnyView(inner.overlay(alignment: alignment()) { layer })
                : AnyView(inner.background(alignment: alignment()) { layer })
        }
    }
}

// MARK: Checks

/// The nearest ancestor that takes part in layout (the root counts: its frame is the screen).
@MainActor
private func layoutParent(of node: ViewNode, in graph: ViewGraph) -> ViewNode? {
    var n = node.parent
    while let current = n, current.isTransparent, current !== graph.rootNode { n = current.parent }
    return n
}

/// Nodes laid out this frame whose frame leaves their layout parent's, except
/// below `.fixedSize` and `ScrollView`, which place content at its own size.
@MainActor
private func overflows(_ graph: ViewGraph) -> [String] {
    var out: [String] = []
    for node in graph.allNodes() where !node.isTransparent && !node.frame.isEmpty {
        guard let parent = layoutParent(of: node, in: graph) else { continue }
        if parent.behavior is FixedSizeBehavior || parent.behavior is ScrollBehavior { continue }
        if !parent.frame.contains(node.frame) {
            out.append("\(graph.path(of: node)) \(node.frame) outside \(graph.path(of: parent)) \(parent.frame)")
        }
    }
    return out
}

/// A continuation cell without its lead, or a lead without its continuation.
@MainActor
private func splitGraphemes(_ canvas: CellBuffer) -> String? {
    if let problem = canvas.checkInvariants() { return problem }
    for y in 0..<canvas.rows {
        for x in 0..<canvas.columns where canvas[x, y].isContinuation {
            if x == 0 || canvas[x - 1, y].width != 2 { return "continuation without its lead at (\(x),\(y))" }
        }
    }
    return nil
}

@MainActor
private func frames(_ host: FramePipeline, texts: [String]) -> [Rect] {
    texts.map { content in
        host.graph.allNodes().first { ($0.behavior as? TextBehavior)?.content == content }?.frame ?? Rect(x: -1, y: -1,
            width: 0, height: 0)
    }
}

@MainActor
@Suite("Layout")
struct LayoutPropertyTests {
    // MARK: Exact frames

    @Test("an HStack puts its spacing between children and is centred on the screen")
    func hstackSpacing() {
        let host = render(HStack(spacing: 2) { Text("ab"); Text("cde"); Text("f") }, columns: 20, rows: 3)
        #expect(frames(host, texts: ["ab", "cde", "f"]) == [Rect(x: 5, y: 1, width: 2, height: 1),
                                                            Rect(x: 9, y: 1, width: 3, height: 1),
                                                            Rect(x: 14, y: 1, width: 1, height: 1)])
        #expect(host.textRows[1] == "     ab  cde  f     ")
    }

    @Test("a VStack aligns children leading, centre or trailing", arguments: [
        (HorizontalAlignment.leading, 3), (.center, 4), (.trailing, 6),
    ])
    func vstackAlignment(alignment: HorizontalAlignment, x: Int) {
        let host = render(VStack(alignment: alignment, spacing: 1) { Text("a"); Text("bbbb") }, columns: 10, rows: 5)
        #expect(frames(host, texts: ["a", "bbbb"]) == [Rect(x: x, y: 1, width: 1, height: 1),
                                                       Rect(x: 3, y: 3, width: 4, height: 1)])
    }

    @Test("an HStack aligns children top, centre or bottom", arguments: [
        (VerticalAlignment.top, 0), (.center, 1), (.bottom, 2),
    ])
    func hstackAlignment(alignment: VerticalAlignment, y: Int) {
        let host = render(HStack(alignment: alignment, spacing: 0) { Text("1\n2\n3"); Text("x") }, columns: 4, rows: 3)
        #expect(frames(host, texts: ["1\n2\n3", "x"]) == [Rect(x: 1, y: 0, width: 1, height: 3),
                                                          Rect(x: 2, y: y, width: 1, height: 1)])
    }

    @Test("spacers share what the stack can spare equally")
    func spacersDistribute() {
        let host = render(HStack(spacing: 0) { Text("a"); Spacer(); Text("b"); Spacer(); Text("c") }, columns: 11,
                          rows: 1)
        #expect(host.textRows == ["a    b    c"])
        #expect(frames(host, texts: ["a", "b", "c"]).map(\.x) == [0, 5, 10])

        // An odd remainder: one spacer gets one more cell, nothing is lost.
        let odd = render(HStack(spacing: 0) { Text("a"); Spacer(); Text("b"); Spacer(); Text("c") }, columns: 10,
                         rows: 1)
        let spacers = odd.graph.allNodes().filter { $0.behavior is SpacerBehavior }.map(\.frame.width)
        #expect(spacers.sorted() == [3, 4])
        #expect(odd.textRows[0].first == "a" && odd.textRows[0].last == "c")

        let vertical = render(VStack { Text("top"); Spacer(); Text("bottom") }, columns: 8, rows: 5)
        #expect(frames(vertical, texts: ["top", "bottom"]).map(\.y) == [0, 4])

        let minimum = render(HStack(spacing: 0) { Text("ab"); Spacer(minLength: 3); Text("cd") }, columns: 20, rows: 1)
        #expect(minimum.textRows == ["ab                cd"])
        let ideal = render(HStack(spacing: 0) { Text("ab"); Spacer(minLength: 3); Text("cd") }.fixedSize(),
                           columns: 20, rows: 1)
        #expect(ideal.textRows == ["      ab   cd       "])
    }

    @Test("a higher layout priority gets its ideal size first; the rest share what is left")
    func layoutPriority() {
        let host = render(HStack(alignment: .top, spacing: 1) {
            Text("aaaa bbbb")
            Text("cccc dddd").layoutPriority(1)
        }, columns: 13, rows: 4)
        let f = frames(host, texts: ["aaaa bbbb", "cccc dddd"])
        #expect(f[1].width == 9, "the high-priority text is cut: \(f)")
        #expect(f[0].width == 3)
        #expect(f[0].maxX + 1 == f[1].x)
        #expect(host.textRows[0].hasSuffix("cccc dddd"))

        // Without the priority, the same texts share the width.
        let even = render(HStack(alignment: .top, spacing: 1) { Text("aaaa bbbb"); Text("cccc dddd") }, columns: 13,
                          rows: 4)
        #expect(frames(even, texts: ["aaaa bbbb", "cccc dddd"]).map(\.width) == [4, 4])
    }

    @Test("frames align their content; padding and border inset it")
    func framesPaddingBorder() {
        let corner = render(Text("x").frame(width: 5, height: 3, alignment: .bottomTrailing), columns: 5, rows: 3)
        #expect(frames(corner, texts: ["x"]) == [Rect(x: 4, y: 2, width: 1, height: 1)])

        let boxed = render(Text("hi").padding(1).border(), columns: 6, rows: 5)
        #expect(frames(boxed, texts: ["hi"]) == [Rect(x: 2, y: 2, width: 2, height: 1)])
        #expect(boxed.graph.allNodes().first { $0.behavior is BorderBehavior }?.frame == Rect(x: 0, y: 0, width: 6,
                                                                                               height: 5))
        #expect(boxed.textRows == ["┌────┐", "│    │", "│ hi │", "│    │", "└────┘"])

        let flexible = render(Text("w").frame(maxWidth: .infinity, alignment: .leading).border(), columns: 8, rows: 3)
        #expect(flexible.textRows == ["┌──────┐", "│w     │", "└──────┘"])
    }

    @Test("a bordered text above another text keeps its line when the screen has room")
    func textIsNotSqueezedBelowOneLine() {
        let host = render(VStack { Text("hello").border(); Text("x") }, columns: 20, rows: 10)
        #expect(host.textRows[3...6] == ["      ┌─────┐       ", "      │hello│       ", "      └─────┘       ",
                                         "         x          "])
        // Proposing a stack exactly the height it asked for gives the same layout.
        let exact = render(VStack { Text("hello").border(); Text("x") }, columns: 20, rows: 4)
        #expect(exact.textRows == ["      ┌─────┐       ", "      │hello│       ", "      └─────┘       ",
                                   "         x          "])
    }

    @Test("content larger than the screen is clipped the same way along both axes")
    func oversizedFrameBothAxes() {
        let wide = render(Text("b").frame(width: 30), columns: 20, rows: 4)
        let tall = render(Text("b").frame(height: 10), columns: 20, rows: 4)
        #expect(wide.textRows.joined().contains("b"))
        #expect(tall.textRows.joined().contains("b"), "a frame taller than the screen hides its centred content")
    }

    // MARK: Properties over random trees

    @Test("children stay inside their parent's frame (random trees, sizes 1x1 to 80x24)")
    func childrenStayInsideParent() {
        var sizes = SplitMix64(seed: 2024)
        var failures = 0
        for seed in UInt64(1)...300 {
            var tree = RandomTree(seed: seed)
            let view = tree.view(depth: 4)
            let columns = Int.random(in: 1...80, using: &sizes), rows = Int.random(in: 1...24, using: &sizes)
            let host = FramePipeline(columns: columns, rows: rows)
            host.render(view)
            let problems = overflows(host.graph)
            if !problems.isEmpty {
                failures += 1
                if failures <= 3 {
                    Issue.record("seed \(seed) at \(columns)x\(rows): \(problems.count) overflow(s), first: \(problems[0])")
                }
            }
        }
        #expect(failures == 0, "\(failures) of 300 trees had a child outside its parent")
    }

    @Test("children stay inside their parent when a stack's fixed-size children do not fit")
    func stackOverflowIsClamped() {
        let host = render(HStack(spacing: 1) { Text("abc").frame(width: 10); Text("def").frame(width: 10) }
            .border(), columns: 15, rows: 3)
        #expect(overflows(host.graph).isEmpty, "\(overflows(host.graph))")
        let tall = render(VStack { Text("1").frame(height: 3); Text("2").frame(height: 3) }.border(), columns: 5,
                          rows: 5)
        #expect(overflows(tall.graph).isEmpty, "\(overflows(tall.graph))")
    }

    @Test("wide graphemes are never split, and an incremental frame equals a fresh render (random trees)")
    func incrementalFramesMatchFreshRenders() {
        Self.checkIncrementalFrames(seeds: 1...150, depth: 4, maxChildren: 4)
    }

    @Test("stacks of many children relaid out from what they kept equal a fresh render (random wide trees)")
    func wideStacksMatchFreshRenders() {
        Self.checkIncrementalFrames(seeds: 1...60, depth: 3, maxChildren: 16)
    }

    static func checkIncrementalFrames(seeds: ClosedRange<UInt64>, depth: Int, maxChildren: Int) {
        var sizes = SplitMix64(seed: 77)
        var reported = 0
        for seed in seeds {
            let columns = Int.random(in: 1...80, using: &sizes), rows = Int.random(in: 1...24, using: &sizes)
            let host = FramePipeline(columns: columns, rows: rows)
            for variant in UInt64(0)..<5 {
                var tree = RandomTree(seed: seed, variant: variant, maxChildren: maxChildren)
                let view = tree.view(depth: depth)
                host.render(view)
                if let problem = splitGraphemes(host.canvas) {
                    Issue.record("seed \(seed) variant \(variant) \(columns)x\(rows): \(problem)")
                    reported += 1
                }
                var again = RandomTree(seed: seed, variant: variant, maxChildren: maxChildren)
                let fresh = FramePipeline(columns: columns, rows: rows)
                fresh.render(again.view(depth: depth))
                if fresh.textRows != host.textRows || fresh.styleRows != host.styleRows, reported < 3 {
                    reported += 1
                    let differing = (0..<rows).filter {
                        fresh.textRows[$0] != host.textRows[$0] || fresh.styleRows[$0] != host.styleRows[$0]
                    }
                    let lines = differing.map { y in
                        """
                        row \(y) incremental |\(host.textRows[y])| |\(host.styleRows[y])|
                               fresh       |\(fresh.textRows[y])| |\(fresh.styleRows[y])|
                        """
                    }
                    Issue.record("""
                        seed \(seed) variant \(variant) \(columns)x\(rows): the incremental frame differs from a fresh render
                        \(lines.joined(separator: "\n"))
                        legend incremental \(host.styleLegend), fresh \(fresh.styleLegend)
                        """)
                }
            }
        }
    }

    @Test("a sibling that shrinks uncovers a wide grapheme it had cut: the grapheme is drawn whole again")
    func uncoveredWideGraphemeIsRepainted() {
        struct Layered: View {
            var cover: String
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Text("漢字漢字")
                    Text(cover)
                }
            }
        }
        let host = FramePipeline(columns: 8, rows: 1)
        host.render(Layered(cover: "abc"))
        #expect(host.textRows == ["abc 漢字"])
        host.render(Layered(cover: "a"))
        #expect(splitGraphemes(host.canvas) == nil)
        #expect(host.textRows == render(Layered(cover: "a"), columns: 8, rows: 1).textRows)
        #expect(host.textRows == ["a 字漢字"])
    }

    @Test("wide graphemes at the edges of stacks, frames and borders are never split")
    func wideGraphemesAtEdges() {
        let views: [AnyView] = [
            AnyView(HStack(spacing: 0) { Text("x"); Text("漢字漢字").fixedSize().frame(width: 4) }),
            AnyView(Text("漢字漢字").fixedSize().frame(width: 3).border()),
            AnyView(HStack(spacing: 0) { Text("漢字"); Text("漢字").frame(width: 3) }.border()),
            AnyView(VStack { Text("ｱｲｳｴｵ"); Text("a漢b").frame(width: 2) }.padding(.leading, 1)),
            AnyView(ZStack(alignment: .topLeading) { Text("漢字漢字"); Text("|").padding(.leading, 3) }),
            AnyView(Text("a漢字").singleLine().frame(width: 4)),
        ]
        for (i, view) in views.enumerated() {
            for columns in 1...9 {
                let host = render(view, columns: columns, rows: 3)
                #expect(splitGraphemes(host.canvas) == nil, "view \(i) at \(columns) columns")
            }
        }
        let cut = render(Text("漢字漢字").fixedSize().frame(width: 3), columns: 3, rows: 1)
        #expect(cut.textRows == ["漢 "])
    }

    // MARK: Degenerate sizes

    @Test("a 0x0 host renders without crashing, and draws once it has room")
    func zeroSizeHost() {
        let view = VStack { Text("hello").border(); HStack { Text("漢字"); Divider() } }.padding(1)
        let host = FramePipeline(columns: 0, rows: 0)
        host.render(view)
        #expect(host.textRows.isEmpty)
        host.resize(columns: 1, rows: 1)
        host.render(view)
        #expect(splitGraphemes(host.canvas) == nil)
        host.resize(columns: 20, rows: 10)
        host.render(view)
        #expect(host.textRows == render(view, columns: 20, rows: 10).textRows)
        #expect(host.textRows.joined().contains("hello"))
        host.resize(columns: 0, rows: 0)
        host.render(view)
        #expect(host.textRows.isEmpty)
    }

    @Test("huge text lays out and draws only what fits")
    func hugeText() {
        let words = String(repeating: "word ", count: 200_000)
        let host = render(Text(words), columns: 20, rows: 4)
        #expect(host.textRows[0] == "word word word word ")
        #expect(host.textRows[3].hasSuffix("…"))
        let wide = render(Text(String(repeating: "漢", count: 100_000)).singleLine(), columns: 20, rows: 1)
        #expect(wide.textRows == ["漢漢漢漢漢漢漢漢漢… "])
        #expect(splitGraphemes(wide.canvas) == nil)
    }

    // Each in its own process (an exit test): a trap fails the test, not the run.

    @Test("a fixed width of .infinity in an HStack does not crash")
    func infiniteWidthInStack() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 4)
                host.render(HStack { Text("a"); Text("b").frame(width: .infinity) })
            }
        }
    }

    @Test("a fixed height of .infinity in a VStack does not crash")
    func infiniteHeightInStack() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 4)
                host.render(VStack { Text("a"); Text("b").frame(height: .infinity) })
            }
        }
    }

    @Test("an infinite minimum size inside a border does not crash")
    func infiniteMinimumInBorder() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 4)
                host.render(Text("b").frame(minWidth: .infinity, minHeight: .infinity).border().padding(1))
            }
        }
    }

    @Test("a flexible frame (maxWidth: .infinity) inside padding in a stack does not crash")
    func infiniteMaxWidthInPadding() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 4)
                host.render(HStack { Text("a"); Text("b").frame(maxWidth: .infinity).padding(1) })
            }
        }
    }

    @Test("a flexible frame (maxHeight: .infinity) inside a border in a stack does not crash")
    func infiniteMaxHeightInBorder() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 6)
                host.render(VStack { Text("a"); Text("b").frame(maxHeight: .infinity).border() })
            }
        }
    }

    @Test("a stack with a Spacer, padded, inside another stack does not crash")
    func spacerStackInsidePaddingInStack() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 4)
                host.render(HStack { HStack { Text("title"); Spacer() }.padding(1); Text("x") })
            }
        }
    }

    @Test("a stack with a Spacer, bordered, inside another stack does not crash")
    func spacerStackInsideBorderInStack() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 6)
                host.render(VStack { VStack { Text("title"); Spacer() }.border(); Text("x") })
            }
        }
    }

    @Test("huge padding does not crash")
    func hugePadding() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 20, rows: 4)
                host.render(HStack { Text("a").padding(1_000_000_000); Text("b") }.border())
            }
        }
    }

    @Test("a lazy list scrolled past its end does not crash")
    func scrolledPastTheEnd() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 10, rows: 4)
                host.render(ScrollView(offset: 2000) { LazyVStack { ForEach(0..<1000) { Text("row \($0)") } } })
            }
        }
    }

    @Test("a lazy list scrolled by Int.max does not crash")
    func scrolledByIntMax() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let host = FramePipeline(columns: 10, rows: 4)
                host.render(ScrollView(offset: .max) { LazyVStack { ForEach(0..<1000) { Text("row \($0)") } } })
            }
        }
    }

    @Test("a lazy list scrolled to its last page shows its last rows")
    func scrolledToTheEnd() {
        let host = render(ScrollView(offset: 996) { LazyVStack { ForEach(0..<1000) { Text("row \($0)") } } }
                              .scrollIndicators(.hidden),
                          columns: 10, rows: 4)
        #expect(host.textRows == [" row 996  ", " row 997  ", " row 998  ", " row 999  "])
    }
}
