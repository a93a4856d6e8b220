import Engine

/// A canvas filling the screen with one point that moves each frame: what
/// a redrawn canvas costs when almost nothing in it changed (the closure
/// runs over the whole grid; the two cells that changed are repainted).
@MainActor
struct MovingPointCanvas: View {
    var frame: Int

    var body: some View {
        Canvas { context, size in
            guard size.width > 0, size.height > 0 else { return }
            // A diagonal walk that visits every column and wraps.
            context.point(x: frame % size.width, y: (frame / 3) % size.height, with: .green)
        }
    }
}

/// A line chart filling the screen whose series gains one point each
/// frame: what a live chart costs (the marks are read, decimated to the
/// plot's dot columns, and only the cells that changed are repainted).
@MainActor
struct GrowingLineChart: View {
    var points: Int

    var body: some View {
        Chart(0..<points, id: \.self) { i in
            // A wave with a slow drift: every dot column holds a spread of values.
            LineMark(x: .value("t", i), y: .value("cpu", Double((i &* 2_654_435_761) % 1000) / 20 + Double(i % 200)))
        }
    }
}

/// The line of ``GrowingLineChart`` over a ``ChartSeriesStore`` that gains
/// one point each frame: the content closure runs for the new point only,
/// and the plot carries its dot columns over from the last frame.
@MainActor
struct StoreLineChart: View {
    var store: ChartSeriesStore<Int>

    var body: some View {
        Chart(store, id: \.self) { i in
            LineMark(x: .value("t", i), y: .value("cpu", Double((i &* 2_654_435_761) % 1000) / 20 + Double(i % 200)))
        }
    }
}

/// The store a `line-chart-store` run appends to, frame after frame.
// Safe: made once when the scenario is, then read and written only by its
// render closure, which runs on the main actor.
final class ChartStoreBox: @unchecked Sendable {
    var store: ChartSeriesStore<Int>
    init(_ store: ChartSeriesStore<Int>) { self.store = store }
}

extension Scenarios {
    static func makeChart(_ name: String, rows: Int?) -> Scenario? {
        switch name {
        case "canvas":
            return Scenario(name: name, parameters: [:], root: { MovingPointCanvas(frame: $0) },
                            summary: "a braille canvas filling the screen; one point moves each frame")
        case "line-chart":
            let n = rows ?? 1000
            return Scenario(name: name, parameters: ["rows": n], root: { GrowingLineChart(points: n + $0) },
                            summary: "a line chart of --rows \(n) points filling the screen; one point appended a frame")
        case "line-chart-store":
            let n = rows ?? 1000
            let box = ChartStoreBox(ChartSeriesStore(0..<n))
            return Scenario(name: name, parameters: ["rows": n], render: { frame, host in
                // A new host starts again at frame 0: so does its store.
                if box.store.count > n + frame { box.store = ChartSeriesStore(0..<(n + frame)) }
                while box.store.count < n + frame { box.store.append(box.store.count) }
                host.render(StoreLineChart(store: box.store), keepBytes: false)
            }, summary: "line-chart's line in a ChartSeriesStore of --rows \(n) points; one point appended a frame")
        default:
            return nil
        }
    }
}
