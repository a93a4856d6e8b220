import Testing
@testable import Engine

@MainActor
@Suite("Sparkline and Gauge")
struct SparklineGaugeTests {
    private func render<V: View>(_ view: V, columns: Int, rows: Int = 1) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        return host
    }

    @Test("0…7 is the eight levels, one a cell")
    func eightLevels() {
        let host = render(Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7] as [Double]), columns: 10)
        #expect(host.textRows == ["▁▂▃▄▅▆▇█  "])
    }

    @Test("integer and Float values, scaled to a given range and clamped to it")
    func rangeAndGenerics() {
        let ints = render(Sparkline(values: [0, 50, 100, 200, -5], range: 0...100), columns: 5)
        #expect(ints.textRows == ["▁▅██▁"])
        let floats = render(Sparkline(values: [Float(2), 4, 6]), columns: 3)
        #expect(floats.textRows == ["▁▅█"])
    }

    @Test("the newest values that fit are shown, scaled to their own range")
    func narrowShowsNewest() {
        let host = render(Sparkline(values: [100, 0, 1, 2, 3] as [Double]).frame(width: 4), columns: 4)
        // 100 is not shown, so it takes no part in the scale.
        #expect(host.textRows == ["▁▃▆█"])
    }

    @Test("NaN and infinite values are blanks and out of the scale; empty and flat series do not crash")
    func nonFinite() {
        let host = render(
            VStack(alignment: .leading, spacing: 0) {
                Sparkline(values: [0, .nan, 7, .infinity, -.infinity, 3.5])
                Sparkline(values: [] as [Double])
                Sparkline(values: [5, 5, 5] as [Double])
                Sparkline(values: [.nan, .nan])
                Sparkline(values: [1, 2], range: -Double.infinity...Double.infinity)
            }, columns: 6, rows: 5)
        #expect(host.textRows == ["▁ █  ▅", "      ", "▁▁▁   ", "      ", "▁█    "])
    }

    @Test("ideal width is the count, height 1; .foregroundStyle colours it")
    func sizeAndColour() {
        let host = render(
            HStack(spacing: 1) {
                Sparkline(values: [1, 2, 3] as [Double]).foregroundStyle(.green)
                Text("|")
            }.fixedSize(), columns: 8)
        // (The root is centred; the odd column is left of it.)
        #expect(host.textRows == [" ▁▅█ |  "])
        #expect(host.styleRows == [".aaa...."])
        #expect(host.styleLegend == ["a fg=2"])
    }

    @Test("a sparkline whose values change repaints, and equals a fresh render")
    func updates() {
        let host = FramePipeline(columns: 6, rows: 1)
        var values: [Double] = []
        for v in [3.0, 1, 4, 1, 5, 9, 2, 6, 5, 3] {
            values.append(v)
            host.render(Sparkline(values: values))
            let fresh = FramePipeline(columns: 6, rows: 1)
            fresh.render(Sparkline(values: values))
            #expect(host.textRows == fresh.textRows)
        }
        // The last six, 5 9 2 6 5 3, over 2…9.
        #expect(host.textRows == ["▄█▁▅▄▂"])
    }

    @Test("a gauge at 0, ½, 1 and out of range: the progress bar, clamped")
    func gaugeValues() {
        func bar(_ value: Double, in range: ClosedRange<Double> = 0...1) -> String {
            render(Gauge(value: value, in: range) { EmptyView() }, columns: 8).textRows[0]
        }
        #expect(bar(0) == "········")
        #expect(bar(0.5) == "████····")
        #expect(bar(1) == "████████")
        #expect(bar(1.5) == "████████")
        #expect(bar(-3) == "········")
        #expect(bar(.nan) == "········")
        #expect(bar(5, in: 0...80) == "▌·······")
        #expect(bar(3, in: 3...3) == "········")
    }

    @Test("label above with the current value at its end; bounds labels at the bar's ends")
    func gaugeLabels() {
        let host = render(
            Gauge(value: 75.0, in: 0...150) {
                Text("Speed")
            } currentValueLabel: {
                Text("75")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("150")
            }, columns: 16, rows: 3)
        #expect(host.textRows == ["Speed         75", "0 █████····· 150", "                "])
        // The bar is in the theme's tint.
        #expect(host.styleRows[1] == "..aaaaaaaaaa....")
    }

    @Test("a gauge with a label only; and the one-row accessory style")
    func gaugeStyles() {
        let labelled = render(Gauge(value: 0.25) { Text("CPU") }, columns: 8, rows: 2)
        #expect(labelled.textRows == ["CPU     ", "██······"])
        let oneRow = render(
            Gauge(value: 0.5) { Text("CPU") } currentValueLabel: { Text("50%") }
                .gaugeStyle(.accessoryLinearCapacity), columns: 16, rows: 2)
        #expect(oneRow.textRows == ["CPU ████···· 50%", "                "])
    }
}
