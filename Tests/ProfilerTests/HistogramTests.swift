import Foundation
@testable import Profiler
import Testing

@Suite("Histogram")
struct HistogramTests {
    /// Nearest-rank percentile of sorted `values`, the definition the
    /// histogram documents.
    func nearestRank(_ sorted: [UInt64], _ p: Double) -> UInt64 {
        let rank = max(1, Int((p * Double(sorted.count) / 100).rounded(.up)))
        return sorted[min(rank, sorted.count) - 1]
    }

    @Test("1...100: nearest-rank percentiles, exact")
    func oneToHundred() {
        var histogram = Histogram()
        var random = SplitMix64(seed: 1)
        for value in (1...100).shuffled(using: &random) { histogram.record(UInt64(value)) }
        let s = histogram.summary
        #expect(s.count == 100)
        #expect(s.min == 1 && s.max == 100)
        #expect(s.mean == 50.5)
        #expect([s.p50, s.p90, s.p95, s.p99] == [50, 90, 95, 99])
        #expect(histogram.percentile(0) == 1)
        #expect(histogram.percentile(100) == 100)
        #expect(histogram.percentile(0.5) == 1)
        #expect(histogram.percentile(50.5) == 51)
    }

    @Test("the textbook nearest-rank example: 15, 20, 35, 40, 50")
    func textbook() {
        var histogram = Histogram()
        for value: UInt64 in [50, 15, 40, 20, 35] { histogram.record(value) }
        // Ranks ⌈p·5/100⌉: p5→1, p30→2, p40→2, p50→3, p100→5.
        #expect(histogram.percentiles([5, 30, 40, 50, 100]) == [15, 20, 20, 35, 50])
    }

    @Test("repeated values and record(_:times:)")
    func repeated() {
        var histogram = Histogram()
        histogram.record(7, times: 99)
        histogram.record(1_000_000, times: 1)
        #expect(histogram.count == 100)
        #expect(histogram.summary.p99 == 7)
        #expect(histogram.percentile(99.5) == 1_000_000)
        let expectedMean: Double = (7 * 99 + 1_000_000) / 100
        #expect(histogram.mean == expectedMean)
    }

    @Test("large values: every percentile within 1% (in fact 1/256) of the exact nearest rank")
    func relativeError() {
        var random = SplitMix64(seed: 7)
        var histogram = Histogram()
        var values: [UInt64] = []
        for _ in 0..<20_000 {
            // Log-uniform from 1 µs to 100 ms, like frame and phase times.
            let value = UInt64(pow(10, Double.random(in: 3...8, using: &random)))
            values.append(value)
            histogram.record(value)
        }
        values.sort()
        for p in [1.0, 10, 25, 50, 75, 90, 95, 99, 99.9, 100] {
            let exact = Double(nearestRank(values, p))
            let reported = Double(histogram.percentile(p))
            let error = abs(reported - exact) / exact
            #expect(error <= Histogram.maxRelativeError, "p\(p): \(reported) vs \(exact)")
        }
        #expect(histogram.min == values.first && histogram.max == values.last)
        let exactMean = values.reduce(0.0) { $0 + Double($1) } / Double(values.count)
        #expect(abs(histogram.mean - exactMean) / exactMean < 1e-12)
    }

    @Test("every value falls in a bucket whose range contains it, at most 1/128 wide")
    func buckets() {
        var values: [UInt64] = Array(0...5_000)
        var random = SplitMix64(seed: 3)
        for shift in 0..<64 {
            let base = UInt64(1) << UInt64(shift)
            values += [base, base - 1, base + 1, base | (random.next() & (base - 1))]
        }
        values.append(.max)
        var previous = (value: UInt64(0), index: 0)
        for value in values.sorted() {
            let index = Histogram.bucketIndex(of: value)
            let range = Histogram.bucketRange(index)
            #expect(range.contains(value), "\(value) not in \(range)")
            #expect(index >= previous.index)
            if value < 256 {
                #expect(range.lowerBound == range.upperBound)
            } else {
                let width = Double(range.upperBound - range.lowerBound) + 1
                #expect(width / Double(range.lowerBound) <= 1.0 / 128)
            }
            previous = (value, index)
        }
        #expect(Histogram.bucketIndex(of: .max) == 7_423)
    }

    @Test("merging equals recording everything into one")
    func merge() {
        var a = Histogram(), b = Histogram(), all = Histogram()
        var random = SplitMix64(seed: 11)
        for i in 0..<1_000 {
            let value = random.next() % (i % 2 == 0 ? 1_000 : 10_000_000_000)
            if i % 3 == 0 { a.record(value) } else { b.record(value) }
            all.record(value)
        }
        var merged = Histogram(preallocated: true)
        merged.merge(a)
        merged.merge(b)
        #expect(merged == all)   // equal values, though storage differs
        #expect(merged.hashValue == all.hashValue)
        #expect(merged != a)
        #expect(merged.summary == all.summary)
        #expect(merged.percentiles([10, 20, 30, 40]) == all.percentiles([10, 20, 30, 40]))
    }

    @Test("an empty histogram reports zeros")
    func empty() {
        var histogram = Histogram()
        #expect(histogram.isEmpty)
        let zero = Histogram.Summary(count: 0, min: 0, max: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0)
        #expect(histogram.summary == zero)
        histogram.record(5)
        histogram.removeAll()
        #expect(histogram.isEmpty && histogram.percentile(50) == 0)
    }

    @Test("the sum stays exact past UInt64")
    func hugeSum() {
        var histogram = Histogram()
        histogram.record(.max, times: 4)
        #expect(histogram.mean == Double(UInt64.max))
    }
}
