/// A chart of marks — lines, bars, areas, points and rules — with axes and
/// a legend: Swift Charts' `Chart`, drawn in braille dots and eighth blocks.
///
/// ```swift
/// Chart {
///     ForEach(samples) { s in
///         LineMark(x: .value("time", s.time), y: .value("cpu", s.cpu))
///     }
///     RuleMark(y: .value("limit", 90)).foregroundStyle(.red)
/// }
/// .chartYScale(domain: 0...100)
/// .frame(height: 10)
///
/// Chart(disks) { d in                                  // Identifiable data
///     BarMark(x: .value("disk", d.name), y: .value("used", d.used))
///         .foregroundStyle(by: .value("kind", d.kind))
/// }
/// ```
///
/// **Drawing.** Lines, areas, points and rules are drawn on a braille grid
/// (2 × 4 dots a cell, through ``Canvas``); bars in eighth blocks
/// (`▁▂▃▄▅▆▇█`) on whole cells. A braille cell has one colour, so where two
/// series cross the later one's colour shows. A line of any number of
/// points draws at most a few strokes per dot column (each column's lowest
/// and highest point).
///
/// **Scales.** Numeric axes take the values' range, extended to whole 1-2-5
/// steps; the y axis includes zero (as Swift Charts' automatic domain
/// does). `.chartXScale(domain:)` and `.chartYScale(domain:)` fix them. A
/// `String` x value makes the x axis categorical: a band per category.
/// Values that are not finite are skipped (they break a line).
///
/// **Axes and legend.** The y axis is on the trailing side with a label
/// per tick (`├50`), the x axis under the plot (`──┬──`) with its labels
/// below; labels are compact (`250`, `0.5`, `12k`, `1.5M`). Hide them with
/// `.chartXAxis(.hidden)` and `.chartYAxis(.hidden)`. A chart with series
/// (``ChartContent/foregroundStyle(by:)``) shows a legend, `■ name`, on
/// its last row (`.chartLegend(.hidden)`). Swift Charts' gridlines are
/// left out: in a terminal they would share cells with the data.
///
/// **Size.** Like Swift Charts' (and ``Canvas``), a chart takes the space
/// it is offered: give it a frame. The axes and legend are left out when
/// they would leave the plot no room.
///
/// **Redrawing.** The marks are collected and the chart laid out each time
/// the chart is evaluated (its parent's body ran) or resized. The plot
/// keeps its drawing between frames and draws again only the dot columns
/// whose strokes changed (the end of a line that gained a point), or the
/// whole plot when a scale, the size or the bars changed; only the cells
/// that changed are repainted, and only those written. See
/// <doc:ChartsAndDrawing>.
public struct Chart<Content: ChartContent>: View {
    var content: Content
    @Environment(EnvironmentPaths.chartXDomain) private var xDomain
    @Environment(EnvironmentPaths.chartYDomain) private var yDomain
    @Environment(EnvironmentPaths.chartXAxis) private var xAxis
    @Environment(EnvironmentPaths.chartYAxis) private var yAxis
    @Environment(EnvironmentPaths.chartLegend) private var legend
    @ControlModel private var cache: ChartPlanCache

    /// A chart of the marks `content` makes.
    public init(@ChartContentBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``):
    /// the marks are collected by code specialised for the app's content.
    var resolvedBody: GeometryReader<ChartLayoutView> {
        let content = self.content
        let options = ChartOptions(xDomain: xDomain, yDomain: yDomain, xAxis: xAxis, yAxis: yAxis, legend: legend)
        let cache = self.cache
        return GeometryReader { proxy in
            ChartLayoutView(plan: Chart.plan(of: content, options: options, size: proxy.size, cache: cache))
        }
    }

    /// The plan of the marks `content` makes, at `size`, carrying on from
    /// the previous frame's (in `cache`) where the marks only grew: a
    /// ``ChartSeriesStore`` makes marks only for its new elements; other
    /// marks are compared with the previous frame's to find how many at
    /// the start are unchanged.
    static func plan(of content: Content, options: ChartOptions, size: Size, cache: ChartPlanCache) -> ChartPlan {
        var marks = _ChartMarks()
        marks.previous = cache
        content._collect(into: &marks)
        marks.previous = nil
        var reused = marks.reused
        if marks.series == nil {
            // Any other data: the start that is the same as last frame's,
            // if the names its marks refer to by index are the same too.
            let old = cache.marks.marks, new = marks.marks
            let n = Swift.min(old.count, new.count)
            reused = 0
            if marks.strings.starts(with: cache.marks.strings) {
                reused = old.withUnsafeBufferPointer { o in
                    new.withUnsafeBufferPointer { m in
                        var k = 0
                        while k < n && o[k].isSame(as: m[k]) { k += 1 }
                        return k
                    }
                }
            }
        }
        let snapshot = marks.series?.end ?? marks.marks.count
        let plan = ChartPlan(marks: marks.marks, strings: marks.strings, options: options, size: size,
                             memo: &cache.memo, reused: reused, snapshot: snapshot)
        cache.marks = marks
        return plan
    }
}

extension Chart {
    /// A chart of the marks `content` makes for each element of `data`,
    /// identified by the key path `id`.
    public init<Data: RandomAccessCollection, ID: Hashable & Sendable, C: ChartContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data, id: id, content: content)
    }

    /// A chart of the marks `content` makes for each element of `Identifiable` data.
    public init<Data: RandomAccessCollection, C: ChartContent>(
        _ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable, Data.Element.ID: Sendable {
        self.content = ForEach(data, content: content)
    }
}

/// A laid-out chart: the plot's canvas with the y axis beside it, the x
/// axis and the legend under it.
///
/// Public only so that an app's module can name it in ``Chart``'s body
/// type. Its members stay internal; it is no API.
public struct ChartLayoutView: View {
    var plan: ChartPlan

    public var body: some View {
        let plan = self.plan
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .top, spacing: 0) {
                ChartPlot(plan: plan)
                    .frame(width: plan.plot.width, height: plan.plot.height)
                if !plan.yAxis.isEmpty {
                    VStack(alignment: .leading, spacing: 0) {
                        ForEach(0..<plan.yAxis.count) { row in Text(plan.yAxis[row]) }
                    }
                    .foregroundColor(.secondary)
                }
            }
            if let line = plan.xAxisLine, let labels = plan.xLabels {
                Text(line).foregroundColor(.secondary)
                Text(labels).foregroundColor(.secondary)
            }
            if !plan.legend.isEmpty {
                HStack(spacing: 2) {
                    ForEach(0..<plan.legend.count) { i in
                        HStack(spacing: 1) {
                            Text("■").foregroundColor(plan.legend[i].color)
                            Text(plan.legend[i].name)
                        }
                    }
                }
            }
        }
    }
}

// MARK: Modifiers

private struct ChartXDomainKey: EnvironmentKey { static let defaultValue: ChartDomain? = nil }
private struct ChartYDomainKey: EnvironmentKey { static let defaultValue: ClosedRange<Double>? = nil }
private struct ChartXAxisKey: EnvironmentKey { static let defaultValue = Visibility.automatic }
private struct ChartYAxisKey: EnvironmentKey { static let defaultValue = Visibility.automatic }
private struct ChartLegendKey: EnvironmentKey { static let defaultValue = Visibility.automatic }

extension EnvironmentValues {
    var chartXDomain: ChartDomain? {
        get { self[ChartXDomainKey.self] }
        set { self[ChartXDomainKey.self] = newValue }
    }
    var chartYDomain: ClosedRange<Double>? {
        get { self[ChartYDomainKey.self] }
        set { self[ChartYDomainKey.self] = newValue }
    }
    var chartXAxis: Visibility {
        get { self[ChartXAxisKey.self] }
        set { self[ChartXAxisKey.self] = newValue }
    }
    var chartYAxis: Visibility {
        get { self[ChartYAxisKey.self] }
        set { self[ChartYAxisKey.self] = newValue }
    }
    var chartLegend: Visibility {
        get { self[ChartLegendKey.self] }
        set { self[ChartLegendKey.self] = newValue }
    }
}

extension View {
    /// Fixes the x axis of the charts inside to `domain` (no nice extension):
    /// `.chartXScale(domain: 0...60)`.
    public consuming func chartXScale<V: BinaryFloatingPoint>(domain: ClosedRange<V>) -> some View {
        environment(\.chartXDomain, .numbers(Double(domain.lowerBound)...Double(domain.upperBound)))
    }

    /// Fixes the x axis of the charts inside to the integers `domain`.
    public consuming func chartXScale<V: BinaryInteger>(domain: ClosedRange<V>) -> some View {
        environment(\.chartXDomain, .numbers(Double(domain.lowerBound)...Double(domain.upperBound)))
    }

    /// Fixes the categories of a categorical x axis, in this order (values
    /// not listed are not drawn): `.chartXScale(domain: ["sda", "sdb"])`.
    public consuming func chartXScale(domain: [String]) -> some View {
        environment(\.chartXDomain, .categories(domain))
    }

    /// Fixes the y axis of the charts inside to `domain` (no nice
    /// extension, zero not added): `.chartYScale(domain: 0...100)`.
    public consuming func chartYScale<V: BinaryFloatingPoint>(domain: ClosedRange<V>) -> some View {
        environment(\.chartYDomain, Double(domain.lowerBound)...Double(domain.upperBound))
    }

    /// Fixes the y axis of the charts inside to the integers `domain`.
    public consuming func chartYScale<V: BinaryInteger>(domain: ClosedRange<V>) -> some View {
        environment(\.chartYDomain, Double(domain.lowerBound)...Double(domain.upperBound))
    }

    /// Shows or hides the x axis of the charts inside (`.hidden`; shown otherwise).
    public consuming func chartXAxis(_ visibility: Visibility) -> EnvironmentWriter<Self, Visibility> {
        environment(\.chartXAxis, visibility)
    }

    /// Shows or hides the y axis of the charts inside (`.hidden`; shown otherwise).
    public consuming func chartYAxis(_ visibility: Visibility) -> EnvironmentWriter<Self, Visibility> {
        environment(\.chartYAxis, visibility)
    }

    /// Shows or hides the legend of the charts inside (`.hidden`; shown
    /// when the chart has series).
    public consuming func chartLegend(_ visibility: Visibility) -> EnvironmentWriter<Self, Visibility> {
        environment(\.chartLegend, visibility)
    }
}
