import Foundation

struct FrameReport: Codable {
    var bytes: Int
    var encodeNanoseconds: UInt64
    /// The thread's CPU time over the encode (median over the iterations):
    /// well below `encodeNanoseconds` means the thread did not run all along.
    var encodeCPUNanoseconds: UInt64?
    /// Heap allocations during this transition's encode, in steady state (a
    /// second pass over the frames with the same encoder).
    var allocations: Int
}

/// One file's replay: per-transition numbers and their summary.
struct FileReport: Codable {
    var path: String
    var columns: Int
    var rows: Int
    var frames: [FrameReport]
    var totalBytes: Int
    var medianBytes: UInt64
    var p90Bytes: UInt64
    var p99Bytes: UInt64
    var medianEncodeNanoseconds: UInt64
    var p90EncodeNanoseconds: UInt64
    var p99EncodeNanoseconds: UInt64
    var medianEncodeCPUNanoseconds: UInt64?
    /// Allocations during encode over all transitions after the first, in steady state.
    var steadyStateAllocations: Int

    init(path: String, columns: Int, rows: Int, frames: [FrameReport]) {
        self.path = path
        self.columns = columns
        self.rows = rows
        self.frames = frames
        totalBytes = frames.reduce(0) { $0 + $1.bytes }
        let b = Percentiles(frames.map { UInt64($0.bytes) })
        let t = Percentiles(frames.map { $0.encodeNanoseconds })
        medianBytes = b.median; p90Bytes = b.p90; p99Bytes = b.p99
        medianEncodeNanoseconds = t.median; p90EncodeNanoseconds = t.p90; p99EncodeNanoseconds = t.p99
        medianEncodeCPUNanoseconds = Percentiles(frames.map { $0.encodeCPUNanoseconds ?? 0 }).median
        steadyStateAllocations = frames.dropFirst().reduce(0) { $0 + $1.allocations }
    }
}

struct ReplayReport: Codable {
    var schemaVersion = 1
    var files: [FileReport]

    init(files: [FileReport]) { self.files = files }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func table(colors: String, sync: Bool, rep: Bool, emojiWidths: String) -> String {
        var rows: [[String]] = [["file", "size", "frames", "total bytes", "bytes p50", "p90", "p99",
                                 "encode p50", "p90", "p99", "cpu p50", "allocs"]]
        for f in files {
            let name = (f.path as NSString).lastPathComponent
            rows.append([name, "\(f.columns)x\(f.rows)", "\(f.frames.count)", "\(f.totalBytes)",
                         "\(f.medianBytes)", "\(f.p90Bytes)", "\(f.p99Bytes)",
                         ReplayReport.duration(f.medianEncodeNanoseconds), ReplayReport.duration(f.p90EncodeNanoseconds),
                         ReplayReport.duration(f.p99EncodeNanoseconds),
                         ReplayReport.duration(f.medianEncodeCPUNanoseconds ?? 0), "\(f.steadyStateAllocations)"])
        }
        var out = "tuibench replay — colours \(colors), sync \(sync ? "on" : "off"), REP \(rep ? "on" : "off"), emoji widths \(emojiWidths)\n"
        out += textTable(rows)
        out += "Columns: encode = wall time of diff + writer per transition (median of iterations), p50/p90/p99 over\n"
        out += "transitions; cpu p50 = this thread's CPU time over the same encodes (CLOCK_THREAD_CPUTIME_ID; well\n"
        out += "below the wall time, the thread was preempted); bytes exclude setup; allocs = heap allocations during\n"
        out += "encode over all transitions but the first, in steady state (a second pass with the same encoder)."
        let doubts = Trust.replayDoubts(self)
        if !doubts.isEmpty { out += "\n" + Trust.section(doubts) }
        return out
    }

    static func duration(_ ns: UInt64) -> String {
        if ns < 1_000 { return "\(ns) ns" }
        if ns < 1_000_000 { return String(format: "%.1f µs", Double(ns) / 1_000) }
        return String(format: "%.2f ms", Double(ns) / 1_000_000)
    }
}
