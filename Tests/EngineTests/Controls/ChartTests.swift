import Testing
@testable import Engine

private struct Sample: Identifiable {
    var id: Int
    var value: Double
}

/// A chart of a series that gains a point each frame.
private struct GrowingChart: View {
    var count: Int
    var body: some View {
        Chart(0..<count, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("v", Double((i * 37) % 100)))
        }
    }
}

@MainActor
@Suite("Chart")
struct ChartTests {
    private func render<V: View>(_ view: V, columns: Int, rows: Int) -> FramePipeline {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        return host
    }

    @Test("ticks step by 1, 2 or 5 times a power of ten, and the domain is extended to whole steps")
    func niceTicks() {
        let a = ChartScale(low: 0, high: 97, maxTicks: 4, nice: true)
        #expect(a.ticks == [0, 50, 100])
        #expect(a.labels == ["0", "50", "100"])
        #expect(a.lower == 0 && a.upper == 100)
        let b = ChartScale(low: -0.3, high: 0.7, maxTicks: 5, nice: true)
        #expect(b.labels == ["-0.4", "-0.2", "0", "0.2", "0.4", "0.6", "0.8"])
        let c = ChartScale(low: 0, high: 1_500_000, maxTicks: 3, nice: true)
        #expect(c.labels == ["0", "0.5M", "1.0M", "1.5M"])
        let d = ChartScale(low: 0, high: 25_000, maxTicks: 5, nice: true)
        #expect(d.labels == ["0", "5k", "10k", "15k", "20k", "25k"])
        // A fixed domain keeps its ends.
        let e = ChartScale(low: 3, high: 17, maxTicks: 3, nice: false)
        #expect(e.lower == 3 && e.upper == 17 && e.ticks == [5, 10, 15])
    }

    @Test("labels of huge, tiny and non-finite values")
    func labels() {
        #expect(ChartScale.label(1e300, decimals: 0) == "1.0e300")
        #expect(ChartScale.label(-2.5e20, decimals: 0) == "-2.5e20")
        #expect(ChartScale.label(0.125, decimals: 2) == "0.13")
        #expect(ChartScale.label(-0.001, decimals: 1) == "0.0")
        #expect(ChartScale.label(.nan, decimals: 0) == "nan")
        let huge = ChartScale(low: -1e308, high: 1e308, maxTicks: 4, nice: true)
        #expect(huge.ticks.count >= 2 && huge.ticks.allSatisfy(\.isFinite))
        #expect(huge.fraction(0) == 0.5)
    }

    @Test("a line: braille dots on the plot, the y axis trailing, the x axis and its labels below")
    func lineMark() {
        let host = render(
            Chart {
                LineMark(x: .value("x", 0), y: .value("y", 0))
                LineMark(x: .value("x", 10), y: .value("y", 10))
            }, columns: 12, rows: 6)
        #expect(
            host.textRows == [
                "       ⡠⠊├10",
                "    ⢀⠔⠉  ├5 ",
                "  ⣀⠔⠁    │  ",
                "⡠⠊       ├0 ",
                "┬───┬───┬┘  ",
                "0   5   10  ",
            ])
    }

    @Test("bars on a categorical axis: a band per category, eighth blocks, labels under the bands")
    func barMark() {
        let host = render(
            Chart {
                BarMark(x: .value("disk", "a"), y: .value("used", 4))
                BarMark(x: .value("disk", "b"), y: .value("used", 7))
                BarMark(x: .value("disk", "c"), y: .value("used", 10))
            }
            .chartYAxis(.hidden), columns: 12, rows: 4)
        // 2 rows of 8 eighths for 0…10: 4 → 6 eighths, 7 → 11, 10 → 16.
        #expect(host.textRows == ["    ▃▃▃ ███ ", "▆▆▆ ███ ███ ", "─┬───┬───┬──", " a   b   c  "])
    }

    @Test("bars of one category stack; each series in its palette colour, named in the legend")
    func stackedSeries() {
        let host = render(
            Chart {
                BarMark(x: .value("k", "a"), y: .value("v", 2)).foregroundStyle(by: .value("s", "rx"))
                BarMark(x: .value("k", "a"), y: .value("v", 2)).foregroundStyle(by: .value("s", "tx"))
            }
            .chartYAxis(.hidden).chartXAxis(.hidden), columns: 12, rows: 5)
        // Three quarters of the 12-cell band, centred with the odd cell after it.
        #expect(host.textRows == [" █████████  ", " █████████  ", " █████████  ", " █████████  ", "■ rx  ■ tx  "])
        // rx (the first series: blue) under tx (green).
        #expect(host.styleRows == [".aaaaaaaaa..", ".aaaaaaaaa..", ".bbbbbbbbb..", ".bbbbbbbbb..", "b.....a....."])
        #expect(host.styleLegend == ["a fg=2", "b fg=4"])
    }

    @Test("an area fills down to zero; a point is 2 × 2 dots; rules cross the plot")
    func areaPointRule() {
        let area = render(
            Chart {
                AreaMark(x: .value("x", 0), y: .value("y", 2))
                AreaMark(x: .value("x", 4), y: .value("y", 2))
            }
            .chartXAxis(.hidden).chartYAxis(.hidden).chartXScale(domain: 0...4).chartYScale(domain: 0...4),
            columns: 3, rows: 2)
        // 2 is halfway up 8 dots: the fourth dot row from the top, the first row's bottom.
        #expect(area.textRows == ["⣀⣀⣀", "⣿⣿⣿"])
        let point = render(
            Chart { PointMark(x: .value("x", 0), y: .value("y", 4)) }
                .chartXAxis(.hidden).chartYAxis(.hidden).chartXScale(domain: 0...4).chartYScale(domain: 0...4),
            columns: 3, rows: 2)
        #expect(point.textRows == ["⠛  ", "   "])
        let rules = render(
            Chart {
                RuleMark(y: .value("y", 2))
                RuleMark(x: .value("x", 0))
            }
            .chartXAxis(.hidden).chartYAxis(.hidden).chartXScale(domain: 0...4).chartYScale(domain: 0...4),
            columns: 3, rows: 2)
        #expect(rules.textRows == ["⣇⣀⣀", "⡇  "])
    }

    @Test("colours: .foregroundStyle(_:) per mark; the accent colour otherwise")
    func colours() {
        let host = render(
            Chart {
                RuleMark(y: .value("y", 1)).foregroundStyle(.red)
                RuleMark(y: .value("y", 3))
            }
            .chartXAxis(.hidden).chartYAxis(.hidden).chartYScale(domain: 0...4), columns: 2, rows: 2)
        #expect(host.styleRows == ["aa", "bb"])
        // The theme's accent is cyan.
        #expect(host.styleLegend == ["a fg=6", "b fg=1"])
    }

    @Test("the data forms: Identifiable, id: key path, ForEach and if/else in the builder")
    func dataForms() {
        let samples = [Sample(id: 0, value: 1), Sample(id: 1, value: 3)]
        let identifiable = render(
            Chart(samples) { s in LineMark(x: .value("x", s.id), y: .value("y", s.value)) }, columns: 12, rows: 6)
        let keyed = render(
            Chart(samples, id: \.id) { s in LineMark(x: .value("x", s.id), y: .value("y", s.value)) }, columns: 12,
            rows: 6)
        var flag = true
        let built = render(
            Chart {
                ForEach(samples) { s in LineMark(x: .value("x", s.id), y: .value("y", s.value)) }
                if flag {
                    RuleMark(y: .value("y", 2))
                } else {
                    PointMark(x: .value("x", 0), y: .value("y", 0))
                }
            }, columns: 12, rows: 6)
        #expect(identifiable.textRows == keyed.textRows)
        #expect(built.textRows != keyed.textRows)
        flag = false
        let other = render(
            Chart {
                ForEach(samples) { s in LineMark(x: .value("x", s.id), y: .value("y", s.value)) }
                if flag {
                    RuleMark(y: .value("y", 2))
                } else {
                    PointMark(x: .value("x", 0), y: .value("y", 0))
                }
            }, columns: 12, rows: 6)
        #expect(other.textRows != built.textRows)
        #expect(
            identifiable.textRows == [
                "          ├4",
                "     ⣀⡠⠔⠒⠉├2",
                "⣀⠤⠔⠊⠉     │ ",
                "          ├0",
                "┬────┬───┬┘ ",
                "0   0.5 1.0 ",
            ])
    }

    @Test("hidden axes leave the plot the whole chart; a fixed y domain labels its own ticks")
    func axesAndScales() {
        let bare = render(
            Chart { LineMark(x: .value("x", 0), y: .value("y", 1)); LineMark(x: .value("x", 1), y: .value("y", 1)) }
                .chartXAxis(.hidden).chartYAxis(.hidden).chartYScale(domain: 0...2),
            columns: 4, rows: 2)
        #expect(bare.textRows == ["⣀⣀⣀⣀", "    "])
        let fixed = render(
            Chart { LineMark(x: .value("x", 0), y: .value("y", 1)) }.chartYScale(domain: 0...400).chartXAxis(.hidden),
            columns: 8, rows: 4)
        #expect(fixed.textRows.map { String($0.suffix(4)) } == ["├400", "├200", "│   ", "├0  "])
    }

    @Test("the legend can be hidden; categories keep .chartXScale(domain:)'s order")
    func legendAndCategories() {
        let shown = render(
            Chart { BarMark(x: .value("k", "a"), y: .value("v", 1)).foregroundStyle(by: .value("s", "one")) },
            columns: 12, rows: 6)
        #expect(shown.textRows.last?.hasPrefix("■ one") == true)
        let hidden = render(
            Chart { BarMark(x: .value("k", "a"), y: .value("v", 1)).foregroundStyle(by: .value("s", "one")) }
                .chartLegend(.hidden), columns: 12, rows: 6)
        #expect(!hidden.textRows.joined().contains("■"))
        let ordered = render(
            Chart {
                BarMark(x: .value("k", "a"), y: .value("v", 1))
                BarMark(x: .value("k", "b"), y: .value("v", 2))
            }
            .chartXScale(domain: ["b", "a"]).chartYAxis(.hidden), columns: 4, rows: 4)
        #expect(ordered.textRows.last == "b a ")
    }

    @Test("empty data, NaN and infinite values: nothing drawn for them, nothing crashes")
    func emptyAndNonFinite() {
        let empty = render(Chart { ForEach([Sample]()) { s in LineMark(x: .value("x", s.id), y: .value("y", s.value)) } },
                           columns: 10, rows: 5)
        #expect(!empty.textRows.joined().contains { $0.unicodeScalars.first!.value >= 0x2801 && $0.unicodeScalars.first!.value <= 0x28FF })
        let values: [Double] = [1, .nan, 2, .infinity, 3, -.infinity]
        let host = render(
            Chart {
                ForEach(0..<values.count) { i in
                    LineMark(x: .value("x", i), y: .value("y", values[i]))
                    BarMark(x: .value("x", i), y: .value("y", values[i]))
                    PointMark(x: .value("x", Double.nan), y: .value("y", values[i]))
                }
            }
            .chartXScale(domain: 0...5).chartYScale(domain: 0...4), columns: 20, rows: 8)
        // The same without the values that are not finite: the line broken
        // at each of them leaves its finite points alone (one series each).
        let finite = render(
            Chart {
                ForEach([0, 2, 4], id: \.self) { i in
                    LineMark(x: .value("x", i), y: .value("y", values[i])).foregroundStyle(by: .value("s", "\(i)"))
                    BarMark(x: .value("x", i), y: .value("y", values[i]))
                }
            }
            .chartXScale(domain: 0...5).chartYScale(domain: 0...4).chartLegend(.hidden), columns: 20, rows: 8)
        #expect(host.textRows == finite.textRows)
        #expect(host.textRows.joined().contains("█"))
    }

    @Test("huge and tiny values are scaled and labelled, not trapped")
    func hugeValues() {
        for (low, high) in [(0.0, 1e300), (-1e308, 1e308), (1e-300, 2e-300), (1e15, 1e15 + 1)] {
            let host = render(
                Chart {
                    LineMark(x: .value("x", low), y: .value("y", low))
                    LineMark(x: .value("x", high), y: .value("y", high))
                    BarMark(x: .value("x", "a"), y: .value("y", high))
                    AreaMark(x: .value("x", low), y: .value("y", high))
                }, columns: 30, rows: 8)
            #expect(host.textRows.count == 8)
        }
    }

    @Test("any size from 0 × 0 to 4 × 4 draws without trapping; one row is all plot")
    func tinySizes() {
        for columns in 0...4 {
            for rows in 0...4 {
                let host = FramePipeline(columns: Swift.max(columns, 1), rows: Swift.max(rows, 1))
                host.render(
                    Chart {
                        LineMark(x: .value("x", 0), y: .value("y", 0)).foregroundStyle(by: .value("s", "a"))
                        LineMark(x: .value("x", 1), y: .value("y", 5)).foregroundStyle(by: .value("s", "a"))
                        BarMark(x: .value("x", 1), y: .value("y", 3))
                    }
                    .frame(width: columns, height: rows))
            }
        }
        let oneRow = render(
            Chart {
                LineMark(x: .value("x", 0), y: .value("y", 0))
                LineMark(x: .value("x", 1), y: .value("y", 1))
            }, columns: 2, rows: 1)
        #expect(oneRow.textRows == ["⣀⠤"] || oneRow.textRows[0].unicodeScalars.allSatisfy { $0.value >= 0x2800 && $0.value <= 0x28FF })
    }

    @Test("a line of 100,000 points draws a few strokes per dot column")
    func decimation() {
        var marks: [ChartMark] = []
        for i in 0..<100_000 {
            marks.append(ChartMark(kind: .line, x: .number(Double(i)), y: .number(Double((i * 7919) % 1000))))
        }
        let plan = ChartPlan(marks: marks, options: ChartOptions(), size: Size(width: 40, height: 10))
        #expect(plan.strokes.count <= 2 * 2 * plan.plot.width + 2)
        // Every column reaches the series' top and bottom (each holds all values).
        let low = plan.strokes.map { Swift.min($0.y0, $0.y1) }.min(), high = plan.strokes.map { Swift.max($0.y0, $0.y1) }.max()
        #expect(low != nil && high != nil && low! < 4 && high! >= Int32(plan.plot.height * 4 - 4))
    }

    @Test("a series gaining a point a frame repaints and writes only the cells that changed")
    func growingSeries() {
        let host = FramePipeline(columns: 60, rows: 16)
        // From 1,002 points to 1,040 the x axis stays 0…1,200.
        host.render(GrowingChart(count: 1002))
        var total = 0
        for n in 1003...1040 {
            host.render(GrowingChart(count: n))
            let fresh = FramePipeline(columns: 60, rows: 16)
            fresh.render(GrowingChart(count: n))
            #expect(host.textRows == fresh.textRows, "\(n) points")
            #expect(host.styleRows == fresh.styleRows, "\(n) points")
            total += host.lastBytes.count
            // The whole chart is 60 × 16 cells of about 3 bytes.
            #expect(host.lastBytes.count < 200, "\(n) points: \(host.lastBytes.count) bytes")
        }
        #expect(total > 0)
    }

    @Test("pyte: the bytes of a chart gaining points reproduce every screen", .needsEmulator(.pyte))
    func bytesReproduceScreens() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let host = FramePipeline(columns: 30, rows: 10, capabilities: .xterm)
        var chunks: [[UInt8]] = []
        var wants: [TerminalEmulator.Screen] = []
        for n in 5..<30 {
            host.render(
                Chart(0..<n, id: \.self) { i in
                    LineMark(x: .value("t", i), y: .value("v", (i * 13) % 7)).foregroundStyle(by: .value("s", "a"))
                    BarMark(x: .value("t", i), y: .value("v", i % 3)).foregroundStyle(by: .value("s", "b"))
                })
            chunks.append(host.lastBytes)
            wants.append(TerminalEmulator.expected(host.canvas, level: host.encoder.capabilities.colors))
        }
        let screens = try TerminalEmulator(backend: .pyte).screens(columns: 30, rows: 10, chunks: chunks)
        #expect(screens.count == wants.count)
        for (frame, (got, want)) in zip(screens, wants).enumerated() {
            if let diff = TerminalEmulator.difference(got, want) { Issue.record("frame \(frame): \(diff)") }
        }
    }

    @Test("the plan's rounding agrees with rounded() (halves away from zero) over values, halves and edges")
    func nearestMatchesRounded() {
        var values: [Double] = [0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1e9 + 0.5, -1e9 - 0.5, 7.999999, -8.000001]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = Double(Int64(bitPattern: state >> 11) % 4_000_000) / 997.0 - 2006.0
            values.append(v)
            values.append(v.rounded(.down) + 0.5)
        }
        for v in values {
            #expect(ChartPlan.nearest(v) == Int(v.rounded()), "\(v)")
        }
    }
}
