import Foundation

struct FrameReport: Codable {
    var bytes: Int
    var encodeNanoseconds: UInt64
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

    func table(colors: String, sync: Bool, rep: Bool) -> String {
        var rows: [[String]] = [["file", "size", "frames", "total bytes", "bytes p50", "p90", "p99",
                                 "encode p50", "p90", "p99", "allocs"]]
        for f in files {
            let name = (f.path as NSString).lastPathComponent
            rows.append([name, "\(f.columns)x\(f.rows)", "\(f.frames.count)", "\(f.totalBytes)",
                         "\(f.medianBytes)", "\(f.p90Bytes)", "\(f.p99Bytes)",
                         ReplayReport.duration(f.medianEncodeNanoseconds), ReplayReport.duration(f.p90EncodeNanoseconds),
                         ReplayReport.duration(f.p99EncodeNanoseconds), "\(f.steadyStateAllocations)"])
        }
        var out = "tuibench replay — colours \(colors), sync \(sync ? "on" : "off"), REP \(rep ? "on" : "off")\n"
        out += textTable(rows)
        out += "encode = diff + writer per transition (median of iterations); bytes exclude setup;\n"
        out += "allocs = heap allocations during encode over all transitions but the first, in steady state\n"
        out += "(a second pass over the frames with the same encoder)."
        return out
    }

    static func duration(_ ns: UInt64) -> String {
        if ns < 1_000 { return "\(ns) ns" }
        if ns < 1_000_000 { return String(format: "%.1f µs", Double(ns) / 1_000) }
        return String(format: "%.2f ms", Double(ns) / 1_000_000)
    }
}
