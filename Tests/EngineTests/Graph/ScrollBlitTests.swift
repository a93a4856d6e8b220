import Testing
import Foundation

@testable import Engine

/// What a scene scrolls, chosen per seed.
private enum BlitKind: CaseIterable {
    case log, wrappedLog, list, table, scrollView, lazySections, markdown
}

/// The decorations around the scrolling container, chosen per frame or
/// per seed: what must stop a blit (an overlay drawn over the content, a
/// header that changes), and what must not (a background, a border).
private struct BlitDecor: Equatable {
    var bordered = false
    var background = false
    var header = "header"
    /// A toast drawn over the content, this many rows down.
    var toast: Int?
    /// A pinned row at the top of a scroll view's content (does not move).
    var stripe = false
}

private func lineText(_ i: Int, _ random: inout SplitMix64) -> String {
    switch random.next() % 6 {
    case 0: return "line \(i) 漢字と かな \(i % 7)"
    case 1: return "line \(i) \u{1B}[31mred\u{1B}[0m and \u{1B}[1;32mbold green\u{1B}[0m"
    case 2: return String(repeating: "word\(i) ", count: 1 + Int(random.next() % 9))
    case 3: return "🙂 \(i) emoji 👍🏽 wide"
    case 4: return ""
    default: return "line \(i)"
    }
}

private struct BlitRow: View {
    var i: Int
    var body: some View {
        HStack {
            Text("row \(i)").foregroundStyle(i % 3 == 0 ? Color.red : Color.default)
            Spacer()
            Text(i % 4 == 0 ? "漢字 \(i)" : "value \(i * 7)")
        }
    }
}

private struct BlitScene: View {
    var kind: BlitKind
    var log: LogStore
    var decor: BlitDecor
    var offset: Int
    var markdown: String
    var count: Int
    @State private var selection: Int? = 0

    @ViewBuilder var content: some View {
        switch kind {
        case .log: LogView(log)
        case .wrappedLog: LogView(log, wrapsLines: true)
        case .list:
            List(0..<count, id: \.self, selection: $selection) { i in BlitRow(i: i) }
        case .table:
            Table(Array(0..<count).map { BlitItem(id: $0) }, selection: $selection) {
                TableColumn("id") { (item: BlitItem) in Text("\(item.id)") }
                TableColumn("name") { (item: BlitItem) in Text(item.id % 5 == 0 ? "漢字\(item.id)" : "name \(item.id)") }
            }
        case .scrollView:
            ScrollView(offset: offset) {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<count, id: \.self) { i in BlitRow(i: i) }
                }
            }
        case .lazySections:
            ScrollView(offset: offset) {
                LazyVStack(alignment: .leading, pinnedViews: .sectionHeaders) {
                    ForEach(0..<(count / 10 + 1), id: \.self) { s in
                        Section {
                            ForEach(0..<10, id: \.self) { i in BlitRow(i: s * 10 + i) }
                        } header: {
                            Text("section \(s)").bold()
                        }
                    }
                }
            }
        case .markdown: Markdown(markdown)
        }
    }

    @ViewBuilder var decorated: some View {
        if decor.bordered && decor.background {
            content.border(.rounded).background(Color.blue)
        } else if decor.bordered {
            content.border(.rounded)
        } else if decor.background {
            content.background(Color.blue)
        } else {
            content
        }
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(decor.header)
            decorated
                .overlay(alignment: .topLeading) {
                    if let toast = decor.toast { Text("** toast \(toast) **").padding(.top, toast).padding(.leading, 3) }
                }
            Text("footer")
        }
    }
}

private struct BlitItem: Identifiable {
    var id: Int
}

/// Two hosts fed the same frames and keys, one allowed to shift a
/// scrolling container's cells and one made to repaint them: every frame
/// must be the same screen, text and styles.
@MainActor
private final class BlitPair {
    let shifting: FramePipeline
    let painting: FramePipeline
    let logs: (LogStore, LogStore)
    var blits = 0

    init(columns: Int, rows: Int) {
        shifting = FramePipeline(columns: columns, rows: rows)
        painting = FramePipeline(columns: columns, rows: rows)
        painting.graph.scrollBlitsEnabled = false
        logs = (LogStore(), LogStore())
    }

    func render(_ make: (LogStore) -> BlitScene) {
        shifting.render(make(logs.0))
        blits += shifting.graph.statistics.scrollBlits
        painting.render(make(logs.1))
    }

    func press(_ key: Key) {
        _ = shifting.press(key)
        blits += shifting.graph.statistics.scrollBlits
        _ = painting.press(key)
    }

    /// A description of how the two screens differ, or nil.
    func difference() -> String? {
        if shifting.textRows == painting.textRows && shifting.styleRows == painting.styleRows
            && shifting.styleLegend == painting.styleLegend { return nil }
        return "shifted:\n\(shifting.textRows.joined(separator: "\n"))\n\(shifting.styleRows.joined(separator: "\n"))\n"
            + "repainted:\n\(painting.textRows.joined(separator: "\n"))\n\(painting.styleRows.joined(separator: "\n"))"
    }
}

@MainActor
@Suite("Scroll blits")
struct ScrollBlitTests {
    static let keys: [Key] = [.down, .down, .down, .up, .pageDown, .pageUp, .end, .home, .down]

    @Test("a frame whose scrolled cells were shifted is the frame repainting them gives", arguments: 0..<24)
    func shiftedEqualsRepainted(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 13)
        let kind = BlitKind.allCases[seed % BlitKind.allCases.count]
        let columns = 20 + Int(random.next() % 40), rows = 10 + Int(random.next() % 14)
        let pair = BlitPair(columns: columns, rows: rows)
        var decor = BlitDecor()
        decor.bordered = random.next() % 2 == 0
        decor.background = random.next() % 3 == 0
        var offset = 0
        var lines = 0
        var markdown = ""
        for i in 0..<40 {
            markdown += i % 9 == 0 ? "## Heading \(i)\n\n" : "Paragraph \(i) with *emphasis* and `code` 漢字 \(i).\n\n"
        }
        let count = 30 + Int(random.next() % 60)
        func append(_ n: Int) {
            for _ in 0..<n {
                var r = random
                let text = lineText(lines, &r)
                random = r
                pair.logs.0.append(text)
                pair.logs.1.append(text)
                lines += 1
            }
        }
        append(rows)
        func scene(_ log: LogStore) -> BlitScene {
            BlitScene(kind: kind, log: log, decor: decor, offset: offset, markdown: markdown, count: count)
        }
        pair.render(scene)
        pair.press(.tab)
        var differing: [String] = []
        for frame in 0..<80 {
            // Mostly scrolls; now and then something that must stop a blit.
            switch random.next() % 20 {
            case 0: decor.toast = decor.toast == nil ? Int(random.next() % UInt64(rows)) : nil
            case 1, 2: decor.header = "header \(frame)"
            case 3, 4: pair.press(Self.keys[Int(random.next() % UInt64(Self.keys.count))])
            case 5, 6: offset = Swift.max(0, offset - 1 - Int(random.next() % 3))
            default:
                offset += 1 + Int(random.next() % 2)
                append(1 + Int(random.next() % 2))
                if kind != .log && kind != .wrappedLog { pair.press(.down) }
            }
            pair.render(scene)
            if let d = pair.difference() { differing.append("frame \(frame):\n\(d)") }
        }
        #expect(differing.isEmpty, "seed \(seed) (\(kind)): \(differing.count) frames differ; first:\n\(differing.first ?? "")")
        // The path under test was taken.
        #expect(pair.blits > 0, "seed \(seed) (\(kind)): no frame shifted cells")
    }

    @Test("a log that follows its tail shifts its rows and paints one line a frame")
    func logPaintsOneLine() {
        func run(shifting: Bool) -> (painted: [Int], shifted: [Int], rows: [String], asPainted: [Int], hashed: [Int]) {
            let log = LogStore()
            for i in 0..<50 { log.append("line \(i)") }
            let host = FramePipeline(columns: 30, rows: 10)
            host.graph.scrollBlitsEnabled = shifting
            host.render(LogView(log))
            var painted: [Int] = [], shifted: [Int] = [], asPainted: [Int] = [], hashed: [Int] = []
            for i in 50..<55 {
                log.append("line \(i)")
                host.renderIfNeeded()
                painted.append(host.graph.statistics.paints)
                shifted.append(host.graph.statistics.scrollBlits)
                asPainted.append(host.encoder.statistics.scrollsAsPainted)
                hashed.append(host.encoder.statistics.rowsHashed)
            }
            return (painted, shifted, host.textRows, asPainted, hashed)
        }
        let shifting = run(shifting: true), painting = run(shifting: false)
        #expect(shifting.shifted == [1, 1, 1, 1, 1])
        #expect(painting.shifted == [0, 0, 0, 0, 0])
        // The writer takes the scroll painting made, without hashing a row;
        // repainted, it finds the scroll by hashing the rows.
        #expect(shifting.asPainted == [1, 1, 1, 1, 1])
        #expect(shifting.hashed == [0, 0, 0, 0, 0])
        #expect(painting.asPainted == [0, 0, 0, 0, 0])
        #expect(painting.hashed.allSatisfy { $0 == 10 })
        // The log view and what wraps it (focus, keys), and its one new
        // line; repainting paints every line shown.
        #expect(shifting.painted == [4, 4, 4, 4, 4])
        #expect(painting.painted == [11, 11, 11, 11, 11])
        #expect(shifting.rows == painting.rows)
        #expect(shifting.rows.first?.hasPrefix("line 45") == true)
        #expect(shifting.rows.last?.hasPrefix("line 54") == true)
    }

    @Test("rows scrolling under a pinned section header: the header stays, the rows shift")
    func pinnedHeaderStays() {
        let pair = BlitPair(columns: 24, rows: 12)
        var offset = 0
        func scene(_ log: LogStore) -> BlitScene {
            BlitScene(kind: .lazySections, log: log, decor: BlitDecor(), offset: offset, markdown: "", count: 60)
        }
        pair.render(scene)
        var differing: [String] = []
        for frame in 0..<30 {
            offset += 1
            pair.render(scene)
            if let d = pair.difference() { differing.append("frame \(frame):\n\(d)") }
        }
        #expect(differing.isEmpty, "\(differing.count) frames differ; first:\n\(differing.first ?? "")")
        #expect(pair.blits > 10)
        // The header pinned at the top, the rows of its section below it.
        #expect(pair.shifting.textRows[1].hasPrefix("section 2"))
        #expect(pair.shifting.textRows[2].hasPrefix("row 2"))
    }

    @Test("a view inside the content that stays put while the content scrolls is repainted where it was and where its cells went")
    func stayingViewRepainted() {
        var offset = 0
        var shifted = 0
        let hosts = (FramePipeline(columns: 20, rows: 10), FramePipeline(columns: 20, rows: 10))
        hosts.1.graph.scrollBlitsEnabled = false
        func view() -> some View {
            ScrollView(offset: offset) {
                ZStack(alignment: .topLeading) {
                    VStack(alignment: .leading, spacing: 0) {
                        ForEach(0..<40, id: \.self) { i in Text("row \(i)") }
                    }
                    StayingLabel(text: "stays at row 4", row: 4)
                }
            }
        }
        var differing: [Int] = []
        for frame in 0..<12 {
            offset = frame
            hosts.0.render(view())
            shifted += hosts.0.graph.statistics.scrollBlits
            hosts.1.render(view())
            if hosts.0.textRows != hosts.1.textRows { differing.append(frame) }
        }
        #expect(shifted > 5)
        #expect(differing.isEmpty, "frames \(differing): \(hosts.0.textRows)")
        #expect(hosts.0.textRows[4].hasPrefix("stays at row 4"))
    }

    @Test("pyte: the bytes of shifted frames reproduce every frame", .needsEmulator(.pyte), arguments: [BlitKind.log, .markdown, .list, .scrollView])
    fileprivate func shiftedBytesReproduceFrames(_ kind: BlitKind) throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        var random = SplitMix64(seed: 99)
        let columns = 40, rows = 14
        let host = FramePipeline(columns: columns, rows: rows, capabilities: .xterm)
        let log = LogStore()
        var markdown = ""
        for i in 0..<40 { markdown += "Paragraph \(i) with *emphasis* and `code` 漢字 \(i).\n\n" }
        // pyte takes an emoji modifier for a grapheme of its own: none here.
        func line(_ i: Int) -> String { lineText(i, &random).replacingOccurrences(of: "👍🏽", with: "👍") }
        for i in 0..<20 { log.append(line(i)) }
        var decor = BlitDecor()
        decor.bordered = kind == .markdown
        var offset = 0
        var chunks: [[UInt8]] = [], screens: [TerminalEmulator.Screen] = []
        var recorded = -1
        func record() {
            // Only a frame drawn since the last one recorded (a key may draw none).
            guard host.graph.frameNumber != recorded else { return }
            recorded = host.graph.frameNumber
            chunks.append(host.lastBytes)
            screens.append(TerminalEmulator.expected(host.canvas, level: host.encoder.capabilities.colors))
        }
        func view() -> BlitScene { BlitScene(kind: kind, log: log, decor: decor, offset: offset, markdown: markdown, count: 80) }
        host.render(view())
        record()
        _ = host.press(.tab)
        record()
        var shifted = 0, asPainted = 0
        for frame in 0..<40 {
            if frame % 13 == 5 { decor.toast = decor.toast == nil ? 3 : nil }
            offset += 1
            log.append(line(100 + frame))
            host.render(view())
            shifted += host.graph.statistics.scrollBlits
            asPainted += host.encoder.statistics.scrollsAsPainted
            record()
            if kind == .markdown || kind == .list {
                _ = host.press(.down)
                shifted += host.graph.statistics.scrollBlits
                asPainted += host.encoder.statistics.scrollsAsPainted
                record()
            }
        }
        #expect(shifted > 10)
        // The writer took painting's scroll (a list's and a scroll view's
        // region leaves out the indicator's column: the rows beside it are
        // put back by the diff).
        #expect(asPainted > 10)
        try TerminalEmulator.expectFrames(chunks, show: screens, columns: columns, rows: rows, in: .pyte)
    }

    @Test("a list inside a scroll view shifts its rows; the scroll view keeps nothing of them")
    func nestedContainers() {
        struct Nested: View {
            var offset: Int
            @State private var selection: Int? = 0
            var body: some View {
                ScrollView(offset: offset) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text("above the list")
                        List(0..<200, id: \.self, selection: $selection) { i in Text("row \(i)") }
                            .frame(height: 10)
                        ForEach(0..<30, id: \.self) { i in Text("below \(i)") }
                    }
                }
            }
        }
        let hosts = (FramePipeline(columns: 30, rows: 14), FramePipeline(columns: 30, rows: 14))
        hosts.1.graph.scrollBlitsEnabled = false
        var offset = 0
        hosts.0.render(Nested(offset: offset))
        hosts.1.render(Nested(offset: offset))
        _ = hosts.0.press(.tab)
        _ = hosts.1.press(.tab)
        var shifted = 0
        var differing: [Int] = []
        for frame in 0..<40 {
            if frame % 10 == 9 { offset += 1 }
            _ = hosts.0.press(.down)
            shifted += hosts.0.graph.statistics.scrollBlits
            _ = hosts.1.press(.down)
            hosts.0.render(Nested(offset: offset))
            hosts.1.render(Nested(offset: offset))
            if hosts.0.textRows != hosts.1.textRows || hosts.0.styleRows != hosts.1.styleRows { differing.append(frame) }
            // Only a container being shifted holds moved nodes, and only until painting ends.
            #expect(hosts.0.graph.scrollBlits.allSatisfy { $0.moved.isEmpty && !$0.isPending })
        }
        #expect(shifted > 10)
        #expect(differing.isEmpty, "frames \(differing)")
    }

    @Test("a scrolling container that goes away is forgotten, and its node freed")
    func containerGoesAway() {
        let log = LogStore()
        for i in 0..<40 { log.append("line \(i)") }
        let host = FramePipeline(columns: 20, rows: 6)
        host.render(VStack { LogView(log) })
        #expect(host.graph.scrollBlits.count == 1)
        weak let node = host.graph.scrollBlits.first?.node
        #expect(node != nil)
        host.render(VStack { Text("gone") })
        for _ in 0..<5 { host.render(VStack { Text("gone \(Int.random(in: 0..<1000))") }) }
        #expect(host.graph.scrollBlits.isEmpty)
        #expect(node == nil)
    }

    @Test("a toast over a log stops the blit while it shows, and the log shifts again once it is gone")
    func overlayStopsBlit() {
        let log = LogStore()
        for i in 0..<50 { log.append("line \(i)") }
        let host = FramePipeline(columns: 30, rows: 10)
        func view(_ toast: Bool) -> some View {
            LogView(log).overlay(alignment: .top) { if toast { Text("toast") } }
        }
        host.render(view(false))
        log.append("line 50")
        host.render(view(false))
        #expect(host.graph.statistics.scrollBlits == 1)
        host.render(view(true))
        log.append("line 51")
        host.render(view(true))
        #expect(host.graph.statistics.scrollBlits == 0)
        #expect(host.textRows[0].contains("toast"))
        host.render(view(false))
        // The first scroll after the toast went repaints the region whole
        // (painting only the toast's cells proves nothing about the rest);
        // the next one shifts again.
        log.append("line 52")
        host.render(view(false))
        #expect(host.graph.statistics.scrollBlits == 0)
        log.append("line 53")
        host.render(view(false))
        #expect(host.graph.statistics.scrollBlits == 1)
        #expect(host.textRows.first?.hasPrefix("line 44") == true)
        #expect(host.textRows.last?.hasPrefix("line 53") == true)
    }
}

/// A label its parent places at a fixed row of the screen, wherever the
/// parent is: a node inside a scrolling container that does not move with
/// its content (as no engine view does today; a custom behaviour could).
private struct StayingLabel: PrimitiveView {
    var text: String
    var row: Int

    static func _makeBehavior() -> NodeBehavior { StayingLabelBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: StayingLabelBehavior.self)
        b.row = view.row
        graph.reconcileOnlyChild(Text(view.text), of: node)
    }
}

private final class StayingLabelBehavior: NodeBehavior {
    var row = 0

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        // As tall as the content, so that it is painted wherever it scrolled.
        Size(width: proposal.width.map { $0 == .max ? 20 : $0 } ?? 20, height: 40)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        for child in node.layoutChildren { graph.place(child, in: Rect(x: 0, y: row, width: rect.width, height: 1)) }
    }

    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect { clip }
}
