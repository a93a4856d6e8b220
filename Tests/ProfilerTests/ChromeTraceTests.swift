import Foundation
import Profiler
import Testing

@Suite("Chrome trace events")
struct ChromeTraceTests {
    struct Interval {
        var start: Int64
        var end: Int64
        var name: String
    }

    /// The complete events, in file order, with times in nanoseconds read the
    /// way Perfetto reads them: `llround(µs × 1000)` of the parsed double.
    func events(_ document: String) throws -> [Interval] {
        let root = try jsonObject(document)
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        return try events.filter { $0["ph"] as? String == "X" }.map { event in
            let ts = try #require(event["ts"] as? Double)
            let dur = try #require(event["dur"] as? Double)
            #expect(event["pid"] as? Int == 1 && event["tid"] as? Int == 1)
            let start = Int64((ts * 1_000).rounded())
            return Interval(start: start, end: start + Int64((dur * 1_000).rounded()), name: event["name"] as? String ?? "")
        }
    }

    /// The same, read exactly from the decimal text of `"ts":` and `"dur":`.
    func exactEvents(_ document: String) throws -> [Interval] {
        let number = try Regex(#""ts":([0-9]+)\.([0-9]{3}),"dur":([0-9]+)\.([0-9]{3})"#)
        return try document.matches(of: number).map { match in
            func ns(_ whole: Int, _ fraction: Int) throws -> Int64 {
                let text = try #require(match.output[whole].substring) + "." + (try #require(match.output[fraction].substring))
                let parts = text.split(separator: ".")
                let w = try #require(Int64(parts[0]))
                let f = try #require(Int64(parts[1]))
                return w * 1_000 + f
            }
            let start = try ns(1, 2)
            return Interval(start: start, end: start + (try ns(3, 4)), name: "")
        }
    }

    /// Strict nesting: in file order, every event lies within the innermost
    /// enclosing event still open, or starts at or after its end — never
    /// straddles it. Returns the maximum depth seen.
    @discardableResult
    func expectStrictNesting(_ intervals: [Interval]) -> Int {
        var stack: [Interval] = []
        var deepest = 0
        var lastStart = Int64.min
        for event in intervals {
            #expect(event.start >= lastStart, "events out of order")
            #expect(event.end >= event.start)
            lastStart = event.start
            while let top = stack.last, event.start >= top.end, !(event.start == top.start && event.end <= top.end) {
                stack.removeLast()
            }
            if let top = stack.last {
                #expect(top.start <= event.start && event.end <= top.end, "\(event) straddles \(top)")
            }
            stack.append(event)
            deepest = max(deepest, stack.count)
        }
        return deepest
    }

    @Test("complete events nest strictly, read exactly and read as Perfetto does")
    func strictNesting() throws {
        let profile = SyntheticApp.profile(frames: 30)
        let document = ChromeTrace().render(profile)
        let perfetto = try events(document)
        let exact = try exactEvents(document)
        #expect(perfetto.count == profile.spans.count)
        #expect(exact.map(\.start) == perfetto.map(\.start))
        #expect(exact.map(\.end) == perfetto.map(\.end))
        let depth = expectStrictNesting(exact)
        #expect(depth == profile.spans.map(\.depth).max()! + 1)
        // Relative to the first span, exactly as recorded.
        let origin = profile.spans[0].start
        #expect(exact.map { UInt64($0.start) + origin } == profile.spans.map(\.start))
        #expect(exact.map { UInt64($0.end) + origin } == profile.spans.map(\.end))
    }

    @Test("names are labels, the category the bare name, details and reasons in args")
    func namesAndArgs() throws {
        let document = ChromeTrace().render(SyntheticApp.profile(frames: 10))
        let root = try jsonObject(document)
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        let weird = try #require(events.first { ($0["name"] as? String)?.hasPrefix("body[Weird") == true })
        #expect(weird["name"] as? String == "body[Weird;name <&>\"' \u{1}]")
        #expect(weird["cat"] as? String == "body")
        let args = try #require(weird["args"] as? [String: Any])
        #expect(args["detail"] as? String == "Weird;name <&>\"' \u{1}")
        #expect(SyntheticApp.reasons.map(\.string).contains(args["reason"] as? String ?? ""))
        let metadata = events.filter { $0["ph"] as? String == "M" }.compactMap { $0["name"] as? String }
        #expect(metadata == ["process_name", "thread_name"])
        #expect(root["displayTimeUnit"] as? String == "ns")
    }

    @Test("a hand-built profile that breaks nesting is clamped into strict nesting")
    func clampsBadInput() throws {
        let a = SpanName("a"), b = SpanName("b")
        let profile = Profile(spans: [
            Span(name: a, start: 100, end: 200, depth: 0),
            Span(name: b, start: 90, end: 150, depth: 1),    // starts before its parent
            Span(name: b, start: 140, end: 260, depth: 1),   // overlaps its sibling, outlives its parent
            Span(name: a, start: 150, end: 300, depth: 0),   // overlaps the previous root
            Span(name: b, start: 400, end: 350, depth: 5),   // ends before it starts, depth skips
        ])
        let intervals = try exactEvents(ChromeTrace().render(profile))
        #expect(intervals.count == 5)
        expectStrictNesting(intervals)
        #expect(intervals.map(\.start) == [0, 0, 50, 100, 200])
        #expect(intervals.map(\.end) == [100, 50, 100, 200, 200])
    }

    @Test("begin/end style emits balanced pairs in order")
    func beginEnd() throws {
        let profile = SyntheticApp.profile(frames: 5)
        let root = try jsonObject(ChromeTrace(style: .beginEnd).render(profile))
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        var open = 0
        var last = -1.0
        var pairs = 0
        for event in events where event["ph"] as? String != "M" {
            let ts = try #require(event["ts"] as? Double)
            #expect(ts >= last)
            last = ts
            switch event["ph"] as? String {
            case "B": open += 1
            case "E":
                open -= 1
                pairs += 1
                #expect(open >= 0)
            default: Issue.record("unexpected phase \(event["ph"] ?? "nil")")
            }
        }
        #expect(open == 0 && pairs == profile.spans.count)
    }

    @Test("an empty profile is a valid trace with only metadata")
    func empty() throws {
        let root = try jsonObject(ChromeTrace().render(.empty))
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        #expect(events.count == 2)
    }

    @Test("writing to a file gives the rendered text; a bad path throws")
    func writeFile() throws {
        let profile = SyntheticApp.profile(frames: 2)
        let path = TemporaryFile.path("trace.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ChromeTrace().write(profile, toFile: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ChromeTrace().render(profile))
        #expect(throws: ProfileWriteError.self) {
            try ChromeTrace().write(profile, toFile: "/nonexistent-directory/trace.json")
        }
        do {
            try ChromeTrace().write(profile, toFile: "/nonexistent-directory/trace.json")
        } catch {
            #expect(error.code == ENOENT)
            #expect(error.description.hasPrefix("cannot write /nonexistent-directory/trace.json: "))
        }
    }
}
