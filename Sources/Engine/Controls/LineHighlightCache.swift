/// A text editor's highlighting memory, whatever its highlighter's state
/// type: the runs and states of the lines highlighted so far.
@MainActor
protocol EditorHighlighting: AnyObject {
    /// Whether this memory was made by `highlighter` (an equal one).
    func isMade(by highlighter: any LineHighlighter) -> Bool
    /// Takes in the editor's text now: forgets the lines that changed.
    func update(_ text: String)
    /// The runs of line `line` (0-based) of the text last given to
    /// `update`: sorted, not overlapping, inside the line.
    func runs(ofLine line: Int) -> [HighlightRun]
}

/// Makes the memory for `highlighter` (opens the existential).
@MainActor
func makeHighlighting<H: LineHighlighter>(_ highlighter: H) -> any EditorHighlighting {
    LineHighlightCache(highlighter)
}

/// The runs and end states of a text's lines under one highlighter, kept
/// between frames.
///
/// A line's entry holds the state it started in, its runs and the state it
/// ended in. The entries `0..<validThrough` are known to chain: each
/// started in the state the previous one ended in. A change of the text
/// drops the entries of the lines it touched (found from the bytes the old
/// and new texts share at both ends) and shifts the ones after; asking for
/// a line walks the chain up to it, highlighting only lines with no entry
/// or whose entry started in another state — so an edit inside a line
/// highlights that line, and an edit that opens a block comment the lines
/// down to the one asked for.
///
/// - Complexity: ``update(_:)`` compares the texts (`memcmp` speed) and
///   shifts one integer per line after the change; ``runs(ofLine:)``
///   compares one state per line it walks and highlights as said.
@MainActor
final class LineHighlightCache<H: LineHighlighter>: EditorHighlighting {
    struct Entry {
        var start: H.State
        var end: H.State
        var runs: [HighlightRun]
    }

    let highlighter: H
    private(set) var text = ""
    /// The UTF-8 offset each line starts at.
    private(set) var lineStarts: [Int] = [0]
    private var entries: [Entry?] = [nil]
    private(set) var validThrough = 0
    /// How many times a line was highlighted (for tests).
    private(set) var highlightCount = 0

    init(_ highlighter: H) { self.highlighter = highlighter }

    func isMade(by other: any LineHighlighter) -> Bool { (other as? H) == highlighter }

    func update(_ newText: String) {
        if newText == text { return }
        var new = newText
        new.makeContiguousUTF8()
        let (prefix, suffix) = LineHighlightCache.sharedEnds(text, new)
        let oldCount = text.utf8.count, newCount = new.utf8.count
        let oldEnd = oldCount - suffix, newEnd = newCount - suffix
        let firstLine = line(at: prefix)
        let lastOldLine = line(at: oldEnd)
        // Where the lines inside the changed bytes start.
        var starts: [Int] = []
        new.utf8.withContiguousStorageIfAvailable { bytes in
            for k in prefix..<newEnd where bytes[k] == 0x0A { starts.append(k + 1) }
        }
        let delta = newCount - oldCount
        var lines = Array(lineStarts[0...firstLine])
        lines.append(contentsOf: starts)
        lines.reserveCapacity(lines.count + lineStarts.count - lastOldLine)
        for s in lineStarts[(lastOldLine + 1)...] { lines.append(s + delta) }
        var kept = Array(entries[0..<firstLine])
        kept.append(contentsOf: repeatElement(nil, count: 1 + starts.count))
        kept.append(contentsOf: entries[(lastOldLine + 1)...])
        lineStarts = lines
        entries = kept
        validThrough = Swift.min(validThrough, firstLine)
        text = new
    }

    func runs(ofLine line: Int) -> [HighlightRun] {
        guard line >= 0, line < entries.count else { return [] }
        while validThrough <= line {
            let i = validThrough
            let start = i == 0 ? highlighter.initialState : entries[i - 1]!.end
            validThrough += 1
            if let entry = entries[i], entry.start == start { continue }
            var state = start
            let substring = lineText(i)
            let runs = highlighter.highlight(substring, state: &state)
            highlightCount += 1
            entries[i] = Entry(start: start, end: state,
                               runs: LineHighlightCache.flattened(runs, length: substring.utf8.count))
        }
        return entries[line]!.runs
    }

    /// The text of line `i`, without its line break.
    func lineText(_ i: Int) -> Substring {
        let utf8 = text.utf8
        let from = lineStarts[i]
        let to = i + 1 < lineStarts.count ? lineStarts[i + 1] - 1 : utf8.count
        return text[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)]
    }

    /// The line holding UTF-8 offset `offset` (the last line starting at or before it).
    private func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// How many bytes `a` and `b` share at their start, and then at their
    /// end (not overlapping the start).
    static func sharedEnds(_ a: String, _ b: String) -> (prefix: Int, suffix: Int) {
        var a = a, b = b
        a.makeContiguousUTF8()
        b.makeContiguousUTF8()
        return a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let n = Swift.min(x.count, y.count)
                var prefix = 0
                // A block at a time while equal, then byte by byte.
                let block = 256
                while prefix + block <= n,
                      Platform.bytesEqual(x.baseAddress! + prefix, y.baseAddress! + prefix, count: block) {
                    prefix += block
                }
                while prefix < n && x[prefix] == y[prefix] { prefix += 1 }
                var suffix = 0
                let limit = n - prefix
                while suffix + block <= limit,
                      Platform.bytesEqual(x.baseAddress! + (x.count - suffix - block),
                                          y.baseAddress! + (y.count - suffix - block), count: block) {
                    suffix += block
                }
                while suffix < limit && x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }!!
    }

    /// `runs` cut to `0..<length`, later runs over earlier ones, as sorted
    /// runs that do not overlap.
    static func flattened(_ runs: [HighlightRun], length: Int) -> [HighlightRun] {
        var out: [HighlightRun] = []
        out.reserveCapacity(runs.count)
        var sorted = true
        var end = 0
        for run in runs {
            let lower = Swift.min(Swift.max(run.range.lowerBound, 0), length)
            let upper = Swift.min(Swift.max(run.range.upperBound, lower), length)
            guard lower < upper else { continue }
            if lower < end { sorted = false }
            end = upper
            out.append(HighlightRun(lower..<upper, run.style))
        }
        if sorted { return out }
        // Overlapping or out of order: paint each run over the bytes, in order.
        var styleAt = [Int32](repeating: -1, count: length)
        for (k, run) in out.enumerated() {
            for b in run.range { styleAt[b] = Int32(k) }
        }
        var flat: [HighlightRun] = []
        var b = 0
        while b < length {
            let k = styleAt[b]
            var e = b + 1
            while e < length && styleAt[e] == k { e += 1 }
            if k >= 0 { flat.append(HighlightRun(b..<e, out[Int(k)].style)) }
            b = e
        }
        return flat
    }
}
