/// What `strace -c` and callgrind leave in their output files.
enum TraceSummaries {
    /// Calls per system call from a `strace -c` (or `-f -c`) summary:
    ///
    ///     % time     seconds  usecs/call     calls    errors syscall
    ///     ------ ----------- ----------- --------- --------- ----------------
    ///      28.96    0.000267           8        30        13 openat
    ///     ...
    ///     100.00    0.000922           8       111        15 total
    ///
    /// Columns are right-aligned under their headings and errors may be
    /// blank, so the calls are the number that ends where "calls" ends. The
    /// `total` row is left out. Nil when there is no header.
    static func straceCalls(_ text: String) -> [String: Int]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { $0.contains("calls") && $0.contains("syscall") }),
              let callsRange = lines[header].range(of: "calls")
        else { return nil }
        let callsEnd = lines[header].distance(from: lines[header].startIndex, to: callsRange.upperBound)
        var calls: [String: Int] = [:]
        for line in lines[(header + 1)...] {
            let characters = Array(line)
            guard let name = line.split(separator: " ").last, !line.hasPrefix("-"), name != "total",
                  characters.count > callsEnd
            else { continue }
            // The number ending at the column where the heading ends.
            var start = callsEnd
            while start > 0 && characters[start - 1] != " " { start -= 1 }
            guard let n = Int(String(characters[start..<callsEnd])) else { continue }
            calls[String(name), default: 0] += n
        }
        return calls
    }

    /// Instructions executed from a callgrind output file: its `totals:`
    /// line, or the `summary:` line an older file has, first event (Ir).
    static func callgrindInstructions(_ text: String) -> UInt64? {
        var summary: UInt64?
        for line in text.split(separator: "\n") {
            for prefix in ["totals:", "summary:"] where line.hasPrefix(prefix) {
                let value = line.dropFirst(prefix.count).split(separator: " ").first.flatMap { UInt64($0) }
                if prefix == "totals:", let value { return value }
                summary = summary ?? value
            }
        }
        return summary
    }
}
