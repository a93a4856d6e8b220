/// A distribution of non-negative integers (frame times in nanoseconds, bytes
/// per frame) in bounded memory, with percentiles accurate to better than 1%.
///
/// **Buckets.** Log-linear, as in HdrHistogram: values below 256 each get an
/// exact bucket; above that, every power-of-two range `[2^m, 2^(m+1))` is
/// split into 128 equal sub-buckets of width `2^(m-7)`. A bucket's width is at
/// most 1/128 of its lower bound, so reporting its midpoint is within
/// **±0.39%** (1/256) of any value in it. The whole `UInt64` range needs 7,424
/// buckets (58 KiB); storage grows only to the largest value seen, so
/// microsecond-to-second frame times use about 20 KiB, however many values
/// are recorded. We chose this over keeping exact samples up to a cap because
/// a long benchmark run would overflow any cap, and a percentile over a
/// truncated sample is silently wrong; bounded relative error is not.
///
/// **Percentiles** use the nearest-rank definition: the p-th percentile of
/// `n` values is the value of rank `⌈p/100 · n⌉` (at least 1) in ascending
/// order — always one of the recorded values, never an interpolation. The
/// histogram returns the midpoint of that value's bucket, clamped to
/// [``min``, ``max``]; so it is exact for values below 256, for the minimum
/// (rank 1) and the maximum (p100), and within ±0.39% otherwise.
///
/// ```swift
/// var frameTimes = Histogram()
/// for frame in frames { frameTimes.record(frame.duration) }
/// let s = frameTimes.summary
/// print("p50 \(s.p50) ns, p99 \(s.p99) ns, max \(s.max) ns")
/// ```
public struct Histogram: Hashable, Sendable {
    /// Bits of sub-bucket precision: 2^7 = 128 sub-buckets per power of two.
    static let subBucketBits = 7
    static let subBucketCount = 1 << subBucketBits
    /// Buckets needed to cover every `UInt64`.
    static let bucketCountForAllValues = bucketIndex(of: .max) + 1

    /// The largest relative error of a reported percentile: 1/256.
    public static let maxRelativeError = 1.0 / Double(2 * subBucketCount)

    var buckets: [UInt64] = []
    /// Number of values recorded.
    public private(set) var count = 0
    private var minimum: UInt64 = .max
    private var maximum: UInt64 = 0
    /// Exact sum of the values, as a 128-bit integer.
    private var sumHigh: UInt64 = 0
    private var sumLow: UInt64 = 0

    /// Creates an empty histogram. It allocates on its first ``record(_:)``.
    public init() {}

    /// Creates an empty histogram that, if `preallocated`, allocates storage
    /// for every `UInt64` value now (58 KiB), so that ``record(_:)`` never
    /// allocates: for recording where allocations are being counted.
    ///
    /// ```swift
    /// var frameTimes = Histogram(preallocated: true)
    /// ```
    public init(preallocated: Bool) {
        if preallocated { buckets = [UInt64](repeating: 0, count: Histogram.bucketCountForAllValues) }
    }

    /// Records `value` once.
    ///
    /// - Complexity: O(1); allocates only when `value` is larger than any
    ///   before (at most 7,424 buckets in all), never if ``init(preallocated:)``.
    public mutating func record(_ value: UInt64) {
        record(value, times: 1)
    }

    /// Records `value` `times` times.
    ///
    /// - Complexity: O(1), as ``record(_:)``.
    public mutating func record(_ value: UInt64, times: Int) {
        guard times > 0 else { return }
        let index = Histogram.bucketIndex(of: value)
        if index >= buckets.count { grow(toInclude: index) }
        buckets[index] &+= UInt64(times)
        count += times
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
        let (high, low) = value.multipliedFullWidth(by: UInt64(times))
        let (sum, carry) = sumLow.addingReportingOverflow(low)
        sumLow = sum
        sumHigh &+= high &+ (carry ? 1 : 0)
    }

    /// Adds every value recorded in `other`.
    ///
    /// - Complexity: O(number of buckets of `other`).
    public mutating func merge(_ other: Histogram) {
        guard other.count > 0 else { return }
        if other.buckets.count > buckets.count { grow(toInclude: other.buckets.count - 1) }
        for (index, n) in other.buckets.enumerated() where n > 0 { buckets[index] &+= n }
        count += other.count
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
        let (low, carry) = sumLow.addingReportingOverflow(other.sumLow)
        sumLow = low
        sumHigh &+= other.sumHigh &+ (carry ? 1 : 0)
    }

    /// Forgets every value, keeping the storage.
    public mutating func removeAll() {
        for index in buckets.indices { buckets[index] = 0 }
        count = 0
        minimum = .max
        maximum = 0
        sumHigh = 0
        sumLow = 0
    }

    /// Whether no value has been recorded.
    public var isEmpty: Bool { count == 0 }

    /// The smallest value recorded (exact); 0 when empty.
    public var min: UInt64 { count == 0 ? 0 : minimum }

    /// The largest value recorded (exact); 0 when empty.
    public var max: UInt64 { maximum }

    /// The arithmetic mean of the values (from their exact sum); 0 when empty.
    public var mean: Double {
        guard count > 0 else { return 0 }
        return (Double(sumHigh) * 18_446_744_073_709_551_616.0 + Double(sumLow)) / Double(count)
    }

    private mutating func grow(toInclude index: Int) {
        // Whole power-of-two rows at a time, so growth happens at most once
        // per doubling of the largest value.
        let rowEnd = (index / Histogram.subBucketCount + 1) * Histogram.subBucketCount
        let newCount = Swift.min(Swift.max(rowEnd, 2 * Histogram.subBucketCount), Histogram.bucketCountForAllValues)
        buckets.append(contentsOf: repeatElement(0, count: newCount - buckets.count))
    }
}

extension Histogram {
    /// Histograms are equal when they hold the same values, however much
    /// storage each has allocated.
    public static func == (lhs: Histogram, rhs: Histogram) -> Bool {
        guard lhs.count == rhs.count, lhs.minimum == rhs.minimum, lhs.maximum == rhs.maximum,
            lhs.sumHigh == rhs.sumHigh, lhs.sumLow == rhs.sumLow
        else { return false }
        for index in 0..<Swift.max(lhs.buckets.count, rhs.buckets.count) {
            let left = index < lhs.buckets.count ? lhs.buckets[index] : 0
            let right = index < rhs.buckets.count ? rhs.buckets[index] : 0
            if left != right { return false }
        }
        return true
    }

    /// Hashes the values held, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(minimum)
        hasher.combine(maximum)
        for (index, n) in buckets.enumerated() where n > 0 {
            hasher.combine(index)
            hasher.combine(n)
        }
    }

    /// The bucket `value` falls in.
    static func bucketIndex(of value: UInt64) -> Int {
        // Highest set bit m; values below 2^(subBucketBits + 1) need no shift.
        let magnitude = 63 - value.leadingZeroBitCount
        let shift = Swift.max(0, magnitude - subBucketBits)
        return (shift << subBucketBits) + Int(truncatingIfNeeded: value >> UInt64(shift))
    }

    /// The smallest and largest value that fall in bucket `index`.
    static func bucketRange(_ index: Int) -> ClosedRange<UInt64> {
        let shift = Swift.max(0, (index >> subBucketBits) - 1)
        let subBucket = UInt64(index - (shift << subBucketBits))
        let lowest = subBucket << UInt64(shift)
        return lowest...(lowest + ((UInt64(1) << UInt64(shift)) - 1))
    }
}
