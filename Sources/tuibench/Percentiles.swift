/// Nearest-rank percentiles over a sample: p-th percentile is the smallest
/// value with at least p% of the samples at or below it.
struct Percentiles {
    let sorted: [UInt64]

    init<S: Sequence>(_ samples: S) where S.Element == UInt64 {
        sorted = samples.sorted()
    }

    /// `p` in 0...100; 0 for an empty sample.
    func value(_ p: Double) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var median: UInt64 { value(50) }
    var p90: UInt64 { value(90) }
    var p99: UInt64 { value(99) }
    var max: UInt64 { sorted.last ?? 0 }
}

/// The median of `ratios` (the mean of the middle two for an even count);
/// 1 (no change) for none. For per-frame ratios of paired measurements.
func medianRatio(_ ratios: [Double]) -> Double {
    guard !ratios.isEmpty else { return 1 }
    let sorted = ratios.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
