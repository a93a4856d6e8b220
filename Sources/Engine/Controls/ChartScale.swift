/// A numeric axis of a chart: its domain, its ticks (1-2-5 steps) and
/// their labels.
struct ChartScale: Equatable {
    /// The values at the two ends of the axis.
    var lower: Double
    var upper: Double
    /// The values that get a tick and a label, in increasing order.
    var ticks: [Double] = []
    /// The ticks' labels, formatted compactly (`250`, `1.5k`, `0.25`).
    var labels: [String] = []

    /// A scale over the finite values `low…high` (nice-extended to whole
    /// steps when `nice`), with at most about `maxTicks` ticks.
    init(low: Double, high: Double, maxTicks: Int, nice: Bool) {
        var low = low, high = high
        if !(low <= high) || !low.isFinite || !high.isFinite {
            low = 0
            high = 1
        }
        if low == high {
            let pad = low == 0 ? 1 : Swift.abs(low) * 0.1
            low -= pad
            high += pad
        }
        lower = low
        upper = high
        let span = high - low
        guard span.isFinite, span > 0 else {
            // A span beyond Double's range: its two ends are its ticks.
            ticks = [low, high]
            labels = ticks.map { ChartScale.label($0, decimals: 0) }
            return
        }
        let (step, exponent) = ChartScale.niceStep(span / Double(Swift.max(1, maxTicks)))
        if nice {
            let l = (low / step).rounded(.down) * step, u = (high / step).rounded(.up) * step
            if l.isFinite && u.isFinite {
                lower = l
                upper = u
            }
        }
        var k = (lower / step).rounded(.up)
        while ticks.count < 64 {
            let v = k * step
            guard v <= upper + step * 1e-9 else { break }
            ticks.append(v == 0 ? 0 : v)  // no "-0"
            k += 1
        }
        labels = ChartScale.labels(ticks, stepExponent: exponent)
    }

    /// Where `value` lies from `lower` (0) to `upper` (1); beyond them for
    /// values outside. Halved first, so spans near Double's limit do not overflow.
    @inline(__always)
    func fraction(_ value: Double) -> Double {
        (value * 0.5 - lower * 0.5) / (upper * 0.5 - lower * 0.5)
    }

    /// The 1-2-5 step (1, 2 or 5 times a power of ten) at least `raw`, and
    /// its power of ten.
    static func niceStep(_ raw: Double) -> (step: Double, exponent: Int) {
        guard raw.isFinite, raw > 0 else { return (1, 0) }
        var power = 1.0, exponent = 0
        while power * 10 <= raw && power < 1e307 {
            power *= 10
            exponent += 1
        }
        while power > raw && power > 1e-307 {
            power /= 10
            exponent -= 1
        }
        for m in [1.0, 2.0, 5.0] where m * power >= raw { return (m * power, exponent) }
        return (power * 10, exponent + 1)
    }

    /// Labels of `ticks` (`k` from ten thousand up, `M`/`G`/`T` from a million, as many
    /// decimals as the step needs).
    static func labels(_ ticks: [Double], stepExponent: Int) -> [String] {
        let largest = ticks.reduce(0) { Swift.max($0, Swift.abs($1)) }
        var divisor = 1.0, suffix = "", divisorExponent = 0
        for (exponent, s) in [(12, "T"), (9, "G"), (6, "M"), (3, "k")] {
            var d = 1.0
            for _ in 0..<exponent { d *= 10 }
            // Thousands stay whole up to 9999 (as short as "9.9k").
            if largest >= (exponent == 3 ? d * 10 : d) && largest < 1e15 {
                divisor = d
                suffix = s
                divisorExponent = exponent
                break
            }
        }
        let decimals = Swift.min(Swift.max(0, divisorExponent - stepExponent), 6)
        return ticks.map { $0 == 0 ? "0" : label($0 / divisor, decimals: decimals) + suffix }
    }

    /// `value` with `decimals` digits after the point; in `e` notation from
    /// 10¹⁵ on (or where the digits would not fit an integer).
    static func label(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (Swift.abs(value) * scale).rounded()
        guard scaled < 1e15 else {
            var mantissa = Swift.abs(value), exponent = 0
            while mantissa >= 10 {
                mantissa /= 10
                exponent += 1
            }
            return (value < 0 ? "-" : "") + label(mantissa, decimals: 1) + "e\(exponent)"
        }
        let n = Int(scaled), unit = Int(scale)
        var text = value < 0 && n != 0 ? "-" : ""
        text += String(n / unit)
        if decimals > 0 {
            let fraction = String(n % unit)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
