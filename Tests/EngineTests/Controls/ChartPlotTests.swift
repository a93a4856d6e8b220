import Testing

@testable import Engine

/// The value of point `i` of the test series: a wave that drifts up, so
/// that the y scale grows now and then as points are appended.
private func wave(_ i: Int) -> Double { Double((i &* 2_654_435_761) % 1000) / 20 + Double(i % 300) + Double(i / 40) }

/// What the chart under test shows: a line over a store, and optionally a
/// rule, a moving point and bars after it, in a tint, with a y domain.
private struct Scene {
    var store: ChartSeriesStore<Int>
    var color: Color? = nil
    var rule: Double? = nil
    var point: Int? = nil
    var yDomain: ClosedRange<Double>? = nil
    var bars: [Int]? = nil
}

/// The scene over a ``ChartSeriesStore`` (marks made once, plot kept).
private struct StoreScene: View {
    var scene: Scene
    var body: some View {
        let chart = Chart {
            ForEach(scene.store, id: \.self) { i in LineMark(x: .value("t", i), y: .value("v", wave(i))) }
            if let rule = scene.rule { RuleMark(y: .value("limit", rule)).foregroundStyle(.red) }
            if let p = scene.point { PointMark(x: .value("t", p), y: .value("v", wave(p))).foregroundStyle(.green) }
            if let bars = scene.bars {
                ForEach(0..<bars.count, id: \.self) { k in BarMark(x: .value("t", k * 50), y: .value("v", bars[k])) }
            }
        }
        return Group {
            if let yDomain = scene.yDomain {
                chart.chartYScale(domain: yDomain)
            } else {
                chart
            }
        }
        .tint(scene.color)
    }
}

/// The same scene over an array: its marks made from scratch.
private struct ArrayScene: View {
    var scene: Scene
    var body: some View {
        StoreScene(scene: Scene(store: ChartSeriesStore(Array(scene.store)), color: scene.color, rule: scene.rule,
                                point: scene.point, yDomain: scene.yDomain, bars: scene.bars))
    }
}

@MainActor
@Suite("Chart plot: kept between frames, redrawn in the columns that changed")
struct ChartPlotTests {
    /// The plot behaviours in `host`'s graph.
    private func plots(_ host: FramePipeline) -> [ChartPlotBehavior] {
        host.graph.allNodes().compactMap { $0.behavior as? ChartPlotBehavior }
    }

    /// Checks that `host` shows what a fresh host of its size shows for `scene`.
    private func expectFresh(_ host: FramePipeline, _ scene: Scene, columns: Int, rows: Int, _ note: String) {
        let fresh = FramePipeline(columns: columns, rows: rows)
        fresh.render(ArrayScene(scene: scene))
        #expect(host.textRows == fresh.textRows, "\(note)")
        #expect(host.styleRows == fresh.styleRows, "\(note)")
    }

    @Test("over many appends, rescales, resizes and style changes the kept plot equals one drawn afresh")
    func keptEqualsFresh() {
        var columns = 50, rows = 14
        let host = FramePipeline(columns: columns, rows: rows)
        var scene = Scene(store: ChartSeriesStore(0..<300))
        host.render(StoreScene(scene: scene))
        for frame in 0..<400 {
            scene.store.append(scene.store.count)
            switch frame {
            case 60: scene.rule = 200
            case 90: scene.point = 17
            case 120: scene.yDomain = 0...400
            case 150: scene.yDomain = nil
            case 180:
                columns = 64
                rows = 18
                host.resize(columns: columns, rows: rows)
            case 210: scene.color = .cyan
            case 240: scene.rule = nil
            case 260: scene.bars = [30, 80, 5]
            case 280: scene.bars = [30, 90, 5]
            case 300: scene.bars = nil
            case 330:
                columns = 40
                rows = 9
                host.resize(columns: columns, rows: rows)
            default: break
            }
            if let p = scene.point { scene.point = p + 3 }
            host.render(StoreScene(scene: scene))
            expectFresh(host, scene, columns: columns, rows: rows, "frame \(frame), \(scene.store.count) points")
        }
        // Most frames redrew a few columns (or none: a point inside its
        // column's span changes no stroke); rescales, resizes, the tint and
        // the bars' changes drew the plot whole.
        let plot = plots(host)
        #expect(plot.count == 1)
        let partial = plot.first?.partialDraws ?? 0, whole = plot.first?.wholeDraws ?? 0
        #expect(partial >= 150, "\(partial) partial, \(whole) whole")
        #expect(whole >= 5 && whole <= 40, "\(partial) partial, \(whole) whole")
    }

    @Test("a point appended redraws only the columns at the line's end")
    func appendDamagesTheEnd() {
        let host = FramePipeline(columns: 60, rows: 16)
        var scene = Scene(store: ChartSeriesStore(0..<20), yDomain: 0...400)
        // A fixed x domain: the scales stay, every append is drawn in place.
        host.render(StoreScene(scene: scene).chartXScale(domain: 0...150))
        var partial = 0
        for _ in 0..<100 {
            let x = scene.store.count
            scene.store.append(x)
            host.render(StoreScene(scene: scene).chartXScale(domain: 0...150))
            let fresh = FramePipeline(columns: 60, rows: 16)
            fresh.render(ArrayScene(scene: scene).chartXScale(domain: 0...150))
            #expect(host.textRows == fresh.textRows)
            #expect(host.styleRows == fresh.styleRows)
            // Only the columns near the new point's were redrawn (and so
            // only their cells can be damaged and written).
            let plot = plots(host).first
            let plotWidth = plot?.drawn?.cells.width ?? 0
            let end = ChartPlan.nearest(Double(x) / 150 * Double(plotWidth * 2 - 1)) / 2
            if let band = plot?.lastBand, plot?.partialDraws != partial {
                #expect(band.lowerBound >= end - 2 && band.upperBound <= end, "columns \(band), point \(x) at \(end)")
            }
            partial = plot?.partialDraws ?? 0
        }
        let plot = plots(host).first
        #expect(plot?.wholeDraws == 1)
        #expect(partial >= 60, "\(partial) of 100 appends redrew columns")
    }

    @Test("tuibench's line-chart-store data on its 200 × 60 screen: a thousand appends redraw the plot whole rarely")
    func scenarioRescalesRarely() {
        let host = FramePipeline(columns: 200, rows: 60)
        var store = ChartSeriesStore(0..<1000)
        func show() {
            host.render(Chart(store, id: \.self) { i in
                LineMark(x: .value("t", i), y: .value("cpu", Double((i &* 2_654_435_761) % 1000) / 20 + Double(i % 200)))
            })
        }
        show()
        for _ in 0..<1000 {
            store.append(store.count)
            show()
        }
        let plot = plots(host).first
        let whole = (plot?.wholeDraws ?? 0) - 1, partial = plot?.partialDraws ?? 0
        // The x axis's nice end moves a step every few hundred points (4
        // times from 1,000 to 2,000); the other appends redraw a column or
        // two, or nothing (a point inside its column's span).
        #expect(whole <= 8 && partial >= 800, "\(whole) whole, \(partial) partial of 1,000 appends")
    }

    @Test("pyte: the bytes of a growing chart reproduce every screen", .needsEmulator(.pyte))
    func bytesReproduceScreens() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let host = FramePipeline(columns: 40, rows: 10, capabilities: .xterm)
        var scene = Scene(store: ChartSeriesStore(0..<500), rule: 150)
        var chunks: [[UInt8]] = []
        var wants: [TerminalEmulator.Screen] = []
        for _ in 0..<40 {
            scene.store.append(scene.store.count)
            host.render(StoreScene(scene: scene))
            chunks.append(host.lastBytes)
            wants.append(TerminalEmulator.expected(host.canvas, level: host.encoder.capabilities.colors))
        }
        let screens = try TerminalEmulator(backend: .pyte).screens(columns: 40, rows: 10, chunks: chunks)
        #expect(screens.count == wants.count)
        for (frame, (got, want)) in zip(screens, wants).enumerated() {
            if let diff = TerminalEmulator.difference(got, want) { Issue.record("frame \(frame): \(diff)") }
        }
    }
}
