/// A series drawn as a row of bars in eighths of a cell: `▁▂▃▄▅▆▇█`.
///
/// ```swift
/// Sparkline(values: cpuHistory)                    // ▂▃▅▇█▆▃▂
/// Sparkline(values: latencies, range: 0...100).foregroundStyle(.green)
/// ```
///
/// It shows the last values that fit its width, the oldest at the leading
/// edge, each scaled to the range of the values shown (from their minimum,
/// `▁`, to their maximum, `█`) or to `range` when given (values beyond it
/// are clamped). A series whose shown values are all equal is drawn at
/// the lowest level, `▁`. NaN and infinite values are drawn as blanks, and
/// take no part in the scale. It is drawn in the colour enclosing views pass
/// down (`.foregroundStyle`).
///
/// **Size.** One row high; as wide as it is offered (ideally one cell a
/// value; a narrower sparkline shows the newest values).
public struct Sparkline: PrimitiveView, Equatable {
    /// The series, oldest first.
    public var values: [Double]
    /// The values drawn as `▁` and `█`; `nil` for the shown values' own range.
    public var range: ClosedRange<Double>?

    /// A sparkline of `values`, oldest first, scaled to `range` or, without
    /// one, to the minimum and maximum of the values shown.
    public init(values: [Double], range: ClosedRange<Double>? = nil) {
        self.values = values
        self.range = range
    }

    /// A sparkline of floating-point `values` of any type.
    public init<V: BinaryFloatingPoint>(values: [V], range: ClosedRange<V>? = nil) {
        self.init(values: values.map { Double($0) }, range: range.map { Double($0.lowerBound)...Double($0.upperBound) })
    }

    /// A sparkline of integer `values`.
    public init<V: BinaryInteger>(values: [V], range: ClosedRange<V>? = nil) {
        self.init(values: values.map { Double($0) }, range: range.map { Double($0.lowerBound)...Double($0.upperBound) })
    }

    /// The bars by level, 0 (lowest) to 7 (a full cell).
    static let levels: [UInt32] = [0x2581, 0x2582, 0x2583, 0x2584, 0x2585, 0x2586, 0x2587, 0x2588]

    /// The scalar each of `values` is drawn as, scaled to `range` or their
    /// own finite minimum…maximum; a space for a value that is not finite.
    static func scalars(_ values: ArraySlice<Double>, range: ClosedRange<Double>?) -> [UInt32] {
        var low = Double.infinity, high = -Double.infinity
        if let range, range.lowerBound.isFinite, range.upperBound.isFinite {
            low = range.lowerBound
            high = range.upperBound
        } else {
            for v in values where v.isFinite {
                low = Swift.min(low, v)
                high = Swift.max(high, v)
            }
        }
        let span = high - low
        return values.map { v in
            guard v.isFinite else { return 0x20 }
            guard span > 0, span.isFinite else { return levels[0] }
            let level = ((Swift.min(Swift.max(v, low), high) - low) / span * 7).rounded()
            return levels[Swift.min(Swift.max(Int(level), 0), 7)]
        }
    }

    public static func _makeBehavior() -> NodeBehavior { SparklineBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: SparklineBehavior.self)
        guard b.values != view.values || b.range != view.range || !b.configured else { return }
        let countChanged = b.values.count != view.values.count || !b.configured
        b.values = view.values
        b.range = view.range
        b.configured = true
        // Its ideal width is its count.
        if countChanged { graph.leafContentChanged(node) }
        graph.markNeedsPaint(node)
    }
}

final class SparklineBehavior: NodeBehavior {
    var values: [Double] = []
    var range: ClosedRange<Double>?
    var configured = false
    init() { super.init(transparent: false) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let width: Int
        if let w = proposal.width, w != .max { width = Swift.max(w, 0) } else { width = values.count }
        return Size(width: width, height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        guard f.width > 0, f.height > 0, !values.isEmpty else { return }
        let shown = values.suffix(f.width)
        let style = canvas.styles.transientID(for: inherited)
        var text = ""
        text.unicodeScalars.append(
            contentsOf: Sparkline.scalars(shown, range: range).map { Unicode.Scalar($0)! })
        canvas.write(text, x: f.x, y: f.y, style: style, clip: clip)
    }
}
