import Testing

@testable import Engine

/// A chart over a series store: marks made once per element.
private struct StoreChart: View {
    var store: ChartSeriesStore<Int>
    var body: some View {
        Chart(store, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("v", Double((i * 37) % 100)))
        }
    }
}

/// The same line over an array (a range): marks made every frame.
private struct ArrayChart: View {
    var count: Int
    var body: some View {
        Chart(0..<count, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("v", Double((i * 37) % 100)))
        }
    }
}

/// Counts how many times a chart's content closure runs (main actor only).
@MainActor
private final class Calls {
    var count = 0
}

@MainActor
@Suite("Chart: a growing series carries its plot's columns from frame to frame")
struct ChartIncrementalTests {
    let size = Size(width: 40, height: 10)

    /// The plan of `count` points of a wave, over an array, with `cache`.
    func arrayPlan(_ count: Int, cache: ChartPlanCache, yDomain: ClosedRange<Double>? = nil) -> ChartPlan {
        let chart = Chart(0..<count, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("v", Double((i &* 2_654_435_761) % 1000) / 20 + Double(i % 200)))
        }
        return Chart.plan(of: chart.content, options: ChartOptions(yDomain: yDomain), size: size, cache: cache)
    }

    func fromScratch(_ count: Int, yDomain: ClosedRange<Double>? = nil) -> ChartPlan {
        arrayPlan(count, cache: ChartPlanCache(), yDomain: yDomain)
    }

    @Test("appending a point reads only the new marks, and draws what a plan from scratch draws")
    func resumesOnAppend() {
        let cache = ChartPlanCache()
        _ = arrayPlan(1000, cache: cache)
        var resumed = 0
        for n in 1001...1300 {
            let plan = arrayPlan(n, cache: cache)
            let fresh = fromScratch(n)
            #expect(plan.strokes == fresh.strokes, "\(n) points")
            #expect(plan.yAxis == fresh.yAxis && plan.xLabels == fresh.xLabels, "\(n) points")
            if plan.resumedFrom == n - 1 { resumed += 1 } else { #expect(plan.resumedFrom == 0) }
        }
        // The x scale (nice steps of 0…1,400 or so) changes rarely: most frames carry on.
        #expect(resumed >= 290, "\(resumed) of 300 frames resumed")
    }

    @Test("a changed y domain, a changed size or a changed early point redoes the columns")
    func redoes() {
        let cache = ChartPlanCache()
        _ = arrayPlan(500, cache: cache)
        #expect(arrayPlan(501, cache: cache).resumedFrom == 500)
        let rescaled = arrayPlan(502, cache: cache, yDomain: 0...500)
        #expect(rescaled.resumedFrom == 0)
        #expect(rescaled.strokes == fromScratch(502, yDomain: 0...500).strokes)
        // A point changed at the start: the marks share no prefix.
        let changed = Chart(0..<503, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("v", i == 0 ? 99.0 : Double((i &* 2_654_435_761) % 1000) / 20 + Double(i % 200)))
        }
        let plan = Chart.plan(of: changed.content, options: ChartOptions(yDomain: 0...500), size: size, cache: cache)
        #expect(plan.resumedFrom == 0)
    }

    @Test("a renamed series is not carried over: the marks are the same, their names are not")
    func renamedSeries() {
        let cache = ChartPlanCache()
        func plan(_ name: String, _ count: Int) -> ChartPlan {
            let chart = Chart(0..<count, id: \.self) { i in
                LineMark(x: .value("t", i), y: .value("v", i % 7)).foregroundStyle(by: .value("s", name))
            }
            return Chart.plan(of: chart.content, options: ChartOptions(), size: size, cache: cache)
        }
        #expect(plan("cpu", 100).legend.map(\.name) == ["cpu"])
        #expect(plan("cpu", 101).resumedFrom == 100)
        let renamed = plan("mem", 102)
        #expect(renamed.legend.map(\.name) == ["mem"])
        #expect(renamed.resumedFrom == 0)
    }

    @Test("over a ChartSeriesStore the content closure runs once per element, not once per frame")
    func storeMakesMarksOnce() {
        let calls = Calls()
        let cache = ChartPlanCache()
        var store = ChartSeriesStore<Int>()
        for i in 0..<1000 { store.append(i) }
        func plan() -> ChartPlan {
            let chart = Chart(store, id: \.self) { i in
                calls.count += 1
                return LineMark(x: .value("t", i), y: .value("v", Double((i * 37) % 100)))
            }
            return Chart.plan(of: chart.content, options: ChartOptions(), size: size, cache: cache)
        }
        _ = plan()
        #expect(calls.count == 1000)
        for i in 1000..<1100 {
            store.append(i)
            let p = plan()
            #expect(p.strokes == fromScratchStore(i + 1).strokes, "\(i + 1) points")
        }
        #expect(calls.count == 1100)
        // Emptied: a new storage, drawn from scratch.
        store.removeAll()
        store.append(5)
        _ = plan()
        #expect(calls.count == 1101)
    }

    func fromScratchStore(_ count: Int) -> ChartPlan {
        let chart = Chart(0..<count, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("v", Double((i * 37) % 100)))
        }
        return Chart.plan(of: chart.content, options: ChartOptions(), size: size, cache: ChartPlanCache())
    }

    @Test("on screen, a store chart gaining points matches an array chart of the same points")
    func screens() {
        let host = FramePipeline(columns: 60, rows: 16)
        var store = ChartSeriesStore(0..<1002)
        host.render(StoreChart(store: store))
        for n in 1003...1030 {
            store.append(n - 1)
            host.render(StoreChart(store: store))
            let fresh = FramePipeline(columns: 60, rows: 16)
            fresh.render(ArrayChart(count: n))
            #expect(host.textRows == fresh.textRows, "\(n) points")
            #expect(host.styleRows == fresh.styleRows, "\(n) points")
        }
    }

    @Test("a store is a value: a copy keeps its elements when another copy appends")
    func storeValueSemantics() {
        var a = ChartSeriesStore([1, 2, 3])
        let b = a
        a.append(4)
        var c = b
        c.append(9)
        #expect(Array(a) == [1, 2, 3, 4] && Array(b) == [1, 2, 3] && Array(c) == [1, 2, 3, 9])
        // c copied on its append (a had grown the shared storage): a's prefix is untouched.
        #expect(a.storage !== c.storage && a.storage === b.storage)
    }
}
