/// A value within a range, shown as a bar filled in eighths of a cell:
/// SwiftUI's `Gauge`.
///
/// ```swift
/// Gauge(value: 0.4) { Text("Battery") }
/// Gauge(value: speed, in: 0...150) {
///     Text("Speed")
/// } currentValueLabel: {
///     Text("\(Int(speed)) km/h")
/// } minimumValueLabel: {
///     Text("0")
/// } maximumValueLabel: {
///     Text("150")
/// }
/// ```
///
/// draws, 30 columns wide,
///
/// ```
/// Speed                  75 km/h
/// 0 ████████████▌·········· 150
/// ```
///
/// **Layout** (``GaugeStyle/linearCapacity``, the default): SwiftUI puts
/// the label above the bar, the current value label below it and the
/// bounds labels at its two ends. To keep to two rows, the engine puts the
/// current value label at the trailing end of the label's row; a gauge
/// with neither label is one row, the bar and its bounds labels. The bar
/// takes the width left (at least 1 cell; ideal 20) and is the same bar as
/// ``ProgressView``'s, in the theme's tint (`.tint(_:)`).
/// ``GaugeStyle/accessoryLinearCapacity`` puts everything on one row:
/// label, bounds labels around the bar, then the current value label.
///
/// A value outside the range is clamped to it; a value that is not finite,
/// or an empty range, shows an empty bar.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View>: View {
    /// How full the bar is, 0…1.
    public let fraction: Double
    var label: Label
    var currentValueLabel: CurrentValueLabel
    var minimumValueLabel: BoundsLabel
    var maximumValueLabel: BoundsLabel
    @Environment(\.gaugeStyle) private var style

    /// A gauge of `value` within `bounds`, described by all four labels.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        fraction = Gauge.fraction(Double(value), Double(bounds.lowerBound), Double(bounds.upperBound))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    /// `value`'s place in `lower…upper`, clamped to 0…1; 0 where it is not
    /// finite or the range is empty.
    static func fraction(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        let span = upper - lower
        guard value.isFinite, lower.isFinite, span.isFinite, span > 0 else { return 0 }
        return Swift.min(Swift.max((value - lower) / span, 0), 1)
    }

    public var body: some View {
        let hasTopRow = Label.self != EmptyView.self || CurrentValueLabel.self != EmptyView.self
        if style is AccessoryLinearCapacityGaugeStyle {
            HStack(spacing: 1) {
                label
                minimumValueLabel
                ProgressBar(fraction: fraction)
                maximumValueLabel
                currentValueLabel
            }
        } else if hasTopRow {
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    label
                    Spacer(minLength: 0)
                    currentValueLabel
                }
                bar
            }
        } else {
            bar
        }
    }

    private var bar: some View {
        HStack(spacing: 1) {
            minimumValueLabel
            ProgressBar(fraction: fraction)
            maximumValueLabel
        }
    }
}

extension Gauge where BoundsLabel == EmptyView {
    /// A gauge of `value` within `bounds`, described by `label` and the
    /// current value's label.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
            minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    /// A gauge of `value` within `bounds`, described by `label`.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(
            value: value, in: bounds, label: label, currentValueLabel: { EmptyView() },
            minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

/// How a ``Gauge`` is drawn: `.gaugeStyle(.linearCapacity)`,
/// `.gaugeStyle(.accessoryLinearCapacity)`, or `.automatic` (the default,
/// the linear capacity style). A type of your own that conforms is drawn
/// as ``GaugeStyle/automatic``.
public protocol GaugeStyle: Sendable {}

/// The default gauge style: ``LinearCapacityGaugeStyle``, as SwiftUI's
/// default gauge is on iOS and macOS.
public struct DefaultGaugeStyle: GaugeStyle {
    public init() {}
}

/// A bar that fills from the leading edge as the value rises: the label and
/// the current value label on one row, the bar between the bounds labels
/// on the next.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
}

/// The linear capacity bar on one row: label, minimum label, bar, maximum
/// label, current value label.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
}

extension GaugeStyle where Self == DefaultGaugeStyle {
    /// The default style: linear capacity.
    public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() }
}

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    /// A bar with its labels on two rows.
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}

extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    /// A bar with its labels on one row.
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle {
        AccessoryLinearCapacityGaugeStyle()
    }
}

private struct GaugeStyleKey: EnvironmentKey {
    static let defaultValue: any GaugeStyle = DefaultGaugeStyle()
}

extension EnvironmentValues {
    /// The style of the gauges inside (``View/gaugeStyle(_:)``).
    var gaugeStyle: any GaugeStyle {
        get { self[GaugeStyleKey.self] }
        set { self[GaugeStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the gauges in this view: `.gaugeStyle(.linearCapacity)`.
    public consuming func gaugeStyle<S: GaugeStyle>(_ style: S) -> EnvironmentWriter<Self, any GaugeStyle> {
        environment(\.gaugeStyle, style)
    }
}
