extension Histogram {
    /// The usual numbers of a distribution, read in one pass.
    ///
    /// ```swift
    /// let s = histogram.summary
    /// print("n=\(s.count) p50=\(s.p50) p99=\(s.p99) max=\(s.max)")
    /// ```
    public struct Summary: Hashable, Sendable {
        /// Number of values.
        public var count: Int
        /// Smallest value (exact).
        public var min: UInt64
        /// Largest value (exact).
        public var max: UInt64
        /// Arithmetic mean (exact sum divided by count).
        public var mean: Double
        /// Median, nearest-rank.
        public var p50: UInt64
        /// 90th percentile, nearest-rank.
        public var p90: UInt64
        /// 95th percentile, nearest-rank.
        public var p95: UInt64
        /// 99th percentile, nearest-rank.
        public var p99: UInt64

        /// Creates a summary from its numbers.
        public init(count: Int, min: UInt64, max: UInt64, mean: Double, p50: UInt64, p90: UInt64, p95: UInt64, p99: UInt64) {
            self.count = count
            self.min = min
            self.max = max
            self.mean = mean
            self.p50 = p50
            self.p90 = p90
            self.p95 = p95
            self.p99 = p99
        }
    }

    /// Count, min, max, mean, p50, p90, p95 and p99; all zero when empty.
    ///
    /// - Complexity: O(number of buckets), one pass.
    public var summary: Summary {
        let values = percentiles([50, 90, 95, 99])
        return Summary(
            count: count, min: min, max: max, mean: mean,
            p50: values[0], p90: values[1], p95: values[2], p99: values[3])
    }

    /// The nearest-rank `percentile` (0...100): the value of rank
    /// `⌈percentile/100 · count⌉` (at least 1), within ±0.39%; 0 when empty.
    ///
    /// `percentile(0)` is the minimum and `percentile(100)` the maximum, both
    /// exact.
    ///
    /// ```swift
    /// var h = Histogram()
    /// for v in 1...100 { h.record(UInt64(v)) }
    /// h.percentile(90)   // 90
    /// ```
    ///
    /// - Complexity: O(number of buckets).
    public func percentile(_ percentile: Double) -> UInt64 {
        percentiles([percentile])[0]
    }

    /// Several nearest-rank percentiles in one pass; see ``percentile(_:)``.
    ///
    /// - Complexity: O(number of buckets + k log k) for k percentiles.
    public func percentiles(_ requested: [Double]) -> [UInt64] {
        guard count > 0 else { return requested.map { _ in 0 } }
        var results = [UInt64](repeating: 0, count: requested.count)
        let ranks = requested.map { rank(ofPercentile: $0) }
        let order = ranks.indices.sorted { ranks[$0] < ranks[$1] }
        var next = 0
        var seen = 0
        for (index, n) in buckets.enumerated() where n > 0 {
            seen += Int(n)
            while next < order.count && ranks[order[next]] <= seen {
                results[order[next]] = representative(ofBucket: index, rank: ranks[order[next]])
                next += 1
            }
            if next == order.count { break }
        }
        return results
    }

    /// The 1-based rank of the nearest-rank `percentile`.
    func rank(ofPercentile percentile: Double) -> Int {
        let p = Swift.min(Swift.max(percentile.isNaN ? 0 : percentile, 0), 100)
        // p·n is exact for the integer percentiles we use (n < 2^53), and a
        // correctly rounded quotient of an exact multiple of 100 is exact, so
        // the ceiling never rounds up by accident.
        let rank = (p * Double(count) / 100).rounded(.up)
        return Swift.min(Swift.max(Int(rank), 1), count)
    }

    /// What to report for the value of `rank`, which lies in bucket `index`.
    private func representative(ofBucket index: Int, rank: Int) -> UInt64 {
        if rank == 1 { return min }
        if rank == count { return max }
        let range = Histogram.bucketRange(index)
        let midpoint = range.lowerBound + (range.upperBound - range.lowerBound) / 2
        return Swift.min(Swift.max(midpoint, min), max)
    }
}
