/// A mark as a chart's plan reads it: plain values only (no strings), so
/// the plan's passes over 10⁵ marks copy bytes, not references.
struct ChartMark: Equatable {
    enum Kind: UInt8 {
        case line, bar, area, point, ruleX, ruleY
    }
    var kind: Kind
    /// The x value (not a number for a horizontal rule, which has none).
    var x: ChartValue
    /// The y value (not a number for a vertical rule, which has none).
    var y: ChartValue
    /// The colour given with `.foregroundStyle(_:)`; `nil` for the series'
    /// palette colour or the accent colour.
    var color: Color?
    /// The series given with `.foregroundStyle(by:)`: its name's index in
    /// the chart's strings (``_ChartMarks/strings``), or -1 for none.
    var series: Int32 = -1

    static let none = ChartValue.number(.nan)

    /// Whether `other` is this mark, its numbers compared bit for bit (a
    /// NaN is the same as itself; 0 and -0 are not the same): cheaper than
    /// `==`, and what a chart needs to know that a mark made again is the
    /// one it drew last frame.
    @inline(__always)
    func isSame(as other: ChartMark) -> Bool {
        x.number.bitPattern == other.x.number.bitPattern && y.number.bitPattern == other.y.number.bitPattern
            && x.category == other.x.category && y.category == other.y.category && kind == other.kind
            && series == other.series && color == other.color
    }
}

/// A ``PlottedValue`` without its string: a number, or a category by its
/// name's index in the chart's strings (``_ChartMarks/strings``).
struct ChartValue: Hashable {
    var number: Double
    /// The category's index in the chart's strings; -1 for a number.
    var category: Int32

    static func number(_ value: Double) -> ChartValue { ChartValue(number: value, category: -1) }
    // Zero, not NaN: the value is a dictionary key (bars stack per x), and NaN is not equal to itself.
    static func category(_ index: Int32) -> ChartValue { ChartValue(number: 0, category: index) }

    var isCategory: Bool { category >= 0 }
}

/// What a mark holds until it is collected: its kind and values as given.
struct ChartMarkSpec {
    var kind: ChartMark.Kind
    var x: PlottedValue
    var y: PlottedValue
}

/// A series of points joined by straight lines, in the order they are
/// given: Swift Charts' `LineMark`.
///
/// ```swift
/// Chart(samples) { s in
///     LineMark(x: .value("time", s.time), y: .value("cpu", s.cpu))
/// }
/// ```
///
/// The line marks of one series (`.foregroundStyle(by:)`; all of them
/// when the chart has no series) are one line. A point whose value is not
/// finite breaks the line.
public struct LineMark: _PrimitiveChartContent {
    var mark: ChartMarkSpec

    /// A point of a line at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMarkSpec(kind: .line, x: x.value.plottedValue, y: y.value.plottedValue)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}

/// A bar from zero to a value, in eighths of a cell: Swift Charts' `BarMark`.
///
/// ```swift
/// Chart(usage) { u in
///     BarMark(x: .value("disk", u.name), y: .value("used", u.gigabytes))
/// }
/// ```
///
/// Bars are vertical: `x` is a category (a band per name) or a number (a
/// one-cell bar at that position), `y` the bar's height. Bars of one `x`
/// stack, in the order they are given.
public struct BarMark: _PrimitiveChartContent {
    var mark: ChartMarkSpec

    /// A bar at `x` as tall as `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMarkSpec(kind: .bar, x: x.value.plottedValue, y: y.value.plottedValue)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}

/// The area between a line and zero, filled: Swift Charts' `AreaMark`.
///
/// The area marks of one series are one area, its points joined in the
/// order they are given.
public struct AreaMark: _PrimitiveChartContent {
    var mark: ChartMarkSpec

    /// A point of an area's top edge at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMarkSpec(kind: .area, x: x.value.plottedValue, y: y.value.plottedValue)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}

/// A point, drawn as a square of 2 × 2 braille dots: Swift Charts' `PointMark`.
public struct PointMark: _PrimitiveChartContent {
    var mark: ChartMarkSpec

    /// A point at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMarkSpec(kind: .point, x: x.value.plottedValue, y: y.value.plottedValue)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}

/// A line across the whole plot at one value: Swift Charts' `RuleMark`.
///
/// ```swift
/// RuleMark(y: .value("limit", 90)).foregroundStyle(.red)   // horizontal
/// RuleMark(x: .value("deploy", 42))                        // vertical
/// ```
public struct RuleMark: _PrimitiveChartContent {
    var mark: ChartMarkSpec

    /// A horizontal rule at `y`.
    public init<Y: Plottable>(y: PlottableValue<Y>) {
        mark = ChartMarkSpec(kind: .ruleY, x: .number(.nan), y: y.value.plottedValue)
    }

    /// A vertical rule at `x`.
    public init<X: Plottable>(x: PlottableValue<X>) {
        mark = ChartMarkSpec(kind: .ruleX, x: x.value.plottedValue, y: .number(.nan))
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}
