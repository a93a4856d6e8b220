import Foundation
import Testing
@testable import Engine

/// The interning tables stay as large as what is in use, not as large as
/// everything ever drawn: a truecolor fade makes a new style every frame,
/// distinct clusters a new arena entry; compaction between frames frees
/// what no cell and no view references, without changing a cell on screen.
@MainActor
@Suite("Style and grapheme table compaction", .serialized)
struct TableCompactionTests {
    /// A colour fade: the text's colour is new every frame; a divider, a
    /// border and a background keep ids the view graph caches (the text over
    /// the background is drawn in a derived style, so its own id lives only
    /// in its behaviour).
    struct Fade: View {
        var frame: Int
        var background: Color = .blue
        var body: some View {
            VStack(spacing: 0) {
                Text("fade \(frame % 10)")
                    .foregroundColor(.rgb(UInt8(frame & 255), UInt8((frame >> 8) & 255), UInt8((frame >> 16) & 255) ^ 99))
                Divider(color: .rgb(1, 2, 3))
                Text("steady").foregroundColor(.red).bold().background(background)
                Text("boxed").border(color: .green)
            }
        }
    }

    @Test("a long truecolor fade keeps the style table bounded")
    func fadeKeepsStylesBounded() {
        let host = FramePipeline(columns: 20, rows: 8)
        host.canvas.styles.compactionSlack = 256
        for frame in 0..<20_000 { host.render(Fade(frame: frame), keepBytes: false) }
        // Without compaction: one style per frame (20,000+).
        #expect(host.canvas.styles.count < 600, "\(host.canvas.styles.count) styles held")
        #expect(host.canvas.styles.liveCount < 600)
    }

    @Test("compaction changes no cell: every frame equals a fresh render, styles included")
    func compactionKeepsRendering() {
        let host = FramePipeline(columns: 20, rows: 8)
        host.canvas.styles.compactionSlack = 8
        var compactions = 0
        var generation = host.canvas.styles.generation
        for frame in 0..<300 {
            // The background changes now and then: the steady text repaints
            // from its cached id, which must still mean red bold.
            let view = Fade(frame: frame, background: frame % 37 < 20 ? .blue : .palette(22))
            host.render(view, keepBytes: false)
            if host.canvas.styles.generation != generation {
                compactions += 1
                generation = host.canvas.styles.generation
            }
            let fresh = FramePipeline(columns: 20, rows: 8)
            fresh.render(view, keepBytes: false)
            #expect(host.textRows == fresh.textRows, "frame \(frame)")
            #expect(host.styleRows == fresh.styleRows && host.styleLegend == fresh.styleLegend, "frame \(frame)")
            #expect(host.encoder.screen.textRows == host.canvas.textRows)
        }
        #expect(compactions > 10)
    }

    @Test("pyte: the bytes of a fade across many compactions reproduce the last frame", .needsEmulator(.pyte))
    func compactionKeepsBytesRight() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let host = FramePipeline(columns: 20, rows: 8, capabilities: .xterm)
        host.canvas.styles.compactionSlack = 8
        var chunks: [[UInt8]] = []
        var view = Fade(frame: 0)
        for frame in 0..<200 {
            view = Fade(frame: frame, background: frame % 37 < 20 ? .blue : .palette(22))
            host.render(view)
            chunks.append(host.lastBytes)
        }
        let screens = try TerminalEmulator(backend: .pyte).screens(columns: 20, rows: 8, chunks: [chunks.flatMap { $0 }])
        let want = TerminalEmulator.expected(host.canvas, level: host.encoder.capabilities.colors)
        if let diff = TerminalEmulator.difference(screens[0], want) { Issue.record("\(diff)") }
    }

    @Test("ids from the public API are pinned: compaction never frees or reuses them")
    func publicIDsArePinned() {
        let table = StyleTable()
        let canvas = CellBuffer(columns: 4, rows: 1, styles: table)
        let kept = table.id(for: Style(foreground: .red))
        let transient = table.transientID(for: Style(foreground: .green))
        canvas.write("ab", x: 0, y: 0, style: table.transientID(for: Style(foreground: .blue)))
        table.compact(keeping: [canvas])
        #expect(table[kept] == Style(foreground: .red))
        #expect(table.liveCount == 3)  // plain, red, blue: green is freed
        #expect(table[transient] == .plain)
        // A freed id is reused; a pinned one is never handed out again.
        let next = table.transientID(for: Style(foreground: .yellow))
        #expect(next == transient && next != kept)
        #expect(table.id(for: Style(foreground: .red)) == kept)
    }

    @Test("distinct clusters every frame keep the grapheme arena bounded, and the screen right")
    func clustersKeepArenaBounded() {
        let host = FramePipeline(columns: 20, rows: 2)
        host.canvas.graphemes.compactionSlack = 64
        let marks: [UInt32] = Array(0x300...0x36F)
        for frame in 0..<5_000 {
            let a = Character(Unicode.Scalar(0x61 + UInt32(frame % 26))!)
            let m1 = Character(Unicode.Scalar(marks[frame % marks.count])!)
            let m2 = Character(Unicode.Scalar(marks[(frame / marks.count) % marks.count])!)
            let text = "\(a)\(m1)\(m2) x"
            host.render(Text(text), keepBytes: false)
            if frame % 500 == 0 {
                let fresh = FramePipeline(columns: 20, rows: 2)
                fresh.render(Text(text), keepBytes: false)
                #expect(host.textRows == fresh.textRows)
                #expect(host.encoder.screen.textRows == host.canvas.textRows)
            }
        }
        #expect(host.canvas.graphemes.count < 200, "\(host.canvas.graphemes.count) clusters held")
    }

    @Test("a full grapheme arena refuses with U+FFFD instead of trapping")
    func fullArenaRefuses() {
        let table = GraphemeTable()
        table.byteCapacity = 12
        let canvas = CellBuffer(columns: 20, rows: 1, graphemes: table)
        canvas.write("e\u{301}o\u{308}u\u{308}a\u{301}👍🏽", x: 0, y: 0)
        // Four 3-byte clusters fill the 12 bytes; the emoji (8 bytes) does not fit.
        #expect(table.count == 4)
        #expect(canvas.text(x: 0, y: 0) == "e\u{301}")
        #expect(canvas.checkInvariants() == nil)
        #expect(canvas.text(row: 0).contains("\u{FFFD}"))
        #expect(table.needsCompaction)
        var s = "i\u{301}"
        #expect(s.withUTF8 { table.internIfRoom($0, isUncertain: false) } == nil)
        // Compaction keeping nothing gives the room back.
        table.compact(keeping: [])
        #expect(s.withUTF8 { table.internIfRoom($0, isUncertain: false) } == 0)
    }
}

@MainActor
extension TableCompactionTests {
    /// The bound the table's documentation promises, with the default
    /// slack: compaction runs after the frame whose new ids pass the slack
    /// (the fade makes one a frame, so slack + 1 new ids), and freed ids are
    /// reused before the table grows; the newest id (this frame's colour)
    /// stays live, so the table keeps its length. Between frames it never
    /// holds more than the most styles live after a compaction + the slack
    /// + 1, and reaches that at the second compaction. (What the fade costs
    /// in memory is for tuibench to measure, not a test.)
    @Test("a fade with the default slack holds at most the live styles + the slack + 1, compacting once per slack + 1 new styles")
    func fadeHoldsLivePlusSlack() {
        let host = FramePipeline(columns: 20, rows: 8)
        let styles = host.canvas.styles
        let slack = styles.compactionSlack
        #expect(slack == 4096)
        var generation = styles.generation, compactions = 0
        var mostLive = 1, mostHeld = 0
        for frame in 0..<9_000 {
            host.render(Fade(frame: frame), keepBytes: false)
            if styles.generation != generation {
                generation = styles.generation
                compactions += 1
                mostLive = max(mostLive, styles.liveCount)
            }
            mostHeld = max(mostHeld, styles.count)
            if styles.count > mostLive + slack + 1 {
                Issue.record("frame \(frame): \(styles.count) styles held, \(mostLive) live + \(slack) slack, \(compactions) compactions, \(styles.liveCount) live now")
                break
            }
        }
        // The first frame's few styles and then one a frame: the slack is
        // passed after frames about 4,090 and 8,187 (4,097 apart), and never
        // again before 9,000.
        #expect(compactions == 2)
        #expect(mostLive < 16, "\(mostLive) styles live after a compaction")
        #expect(mostHeld == mostLive + slack + 1)
    }
}

@MainActor
extension TableCompactionTests {
    /// A fade through what views pass down: `.foregroundStyle` over plain
    /// texts and a concatenation, a border and a divider that inherit.
    struct InheritedFade: View {
        var frame: Int
        var body: some View {
            VStack(spacing: 0) {
                Text("a") + Text("b").bold()
                Text("plain").border()
                Divider()
            }
            .foregroundStyle(.rgb(UInt8(frame & 255), UInt8((frame >> 8) & 255), 7))
            .background(frame % 3 == 0 ? .blue : .default)
        }
    }

    @Test("a fade through .foregroundStyle keeps the table bounded and every frame equals a fresh render")
    func inheritedFade() {
        let host = FramePipeline(columns: 12, rows: 6)
        host.canvas.styles.compactionSlack = 16
        for frame in 0..<3_000 {
            let view = InheritedFade(frame: frame)
            host.render(view, keepBytes: false)
            if frame % 97 == 0 {
                let fresh = FramePipeline(columns: 12, rows: 6)
                fresh.render(view, keepBytes: false)
                #expect(host.textRows == fresh.textRows, "frame \(frame)")
                #expect(host.styleRows == fresh.styleRows && host.styleLegend == fresh.styleLegend, "frame \(frame)")
            }
        }
        #expect(host.canvas.styles.count < 200, "\(host.canvas.styles.count) styles held")
    }
}
