/// One mark as a chart draws it: what the mark types below reduce to.
struct ChartMark {
    enum Kind: UInt8 {
        case line, bar, area, point, ruleX, ruleY
    }
    var kind: Kind
    /// The x value (`.number(.nan)` for a horizontal rule, which has none).
    var x: PlottedValue
    /// The y value (`.number(.nan)` for a vertical rule, which has none).
    var y: PlottedValue
    /// The colour given with `.foregroundStyle(_:)`; `nil` for the series'
    /// palette colour or the accent colour.
    var color: Color?
    /// The series given with `.foregroundStyle(by:)`.
    var series: String?

    static let none = PlottedValue.number(.nan)
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
    var mark: ChartMark

    /// A point of a line at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMark(kind: .line, x: x.value.plottedValue, y: y.value.plottedValue)
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
    var mark: ChartMark

    /// A bar at `x` as tall as `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMark(kind: .bar, x: x.value.plottedValue, y: y.value.plottedValue)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}

/// The area between a line and zero, filled: Swift Charts' `AreaMark`.
///
/// The area marks of one series are one area, its points joined in the
/// order they are given.
public struct AreaMark: _PrimitiveChartContent {
    var mark: ChartMark

    /// A point of an area's top edge at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMark(kind: .area, x: x.value.plottedValue, y: y.value.plottedValue)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}

/// A point, drawn as a square of 2 × 2 braille dots: Swift Charts' `PointMark`.
public struct PointMark: _PrimitiveChartContent {
    var mark: ChartMark

    /// A point at `x`, `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMark(kind: .point, x: x.value.plottedValue, y: y.value.plottedValue)
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
    var mark: ChartMark

    /// A horizontal rule at `y`.
    public init<Y: Plottable>(y: PlottableValue<Y>) {
        mark = ChartMark(kind: .ruleY, x: ChartMark.none, y: y.value.plottedValue)
    }

    /// A vertical rule at `x`.
    public init<X: Plottable>(x: PlottableValue<X>) {
        mark = ChartMark(kind: .ruleX, x: x.value.plottedValue, y: ChartMark.none)
    }

    public func _collect(into marks: inout _ChartMarks) { marks.append(mark) }
}
