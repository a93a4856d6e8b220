/// The Chrome trace event format (JSON object form), which Perfetto
/// (ui.perfetto.dev), chrome://tracing and speedscope load.
///
/// Each span is a complete event, `{"name", "cat", "ph": "X", "ts", "dur",
/// "pid", "tid", "args"}`, preceded by `process_name` and `thread_name`
/// metadata events. `name` is the span's label (`body[Row]`), `cat` its bare
/// name (`body`), and `args` carries the detail and reason separately.
///
/// **Time.** `ts` and `dur` are microseconds, as the format requires, written
/// as exact decimals with three fractional digits (nanosecond resolution) and
/// measured from the first span's start. Because they are exact, a child's
/// `[ts, ts + dur]` lies within its parent's and siblings never overlap —
/// strict nesting, which Perfetto needs to build its slice stacks. Perfetto
/// reads fractional values as `llround(value × 1000)` nanoseconds, which
/// recovers our integers exactly. Events are in preorder (parent before
/// child), so zero-length children also land under the right parent. Set
/// ``style`` to ``Style/beginEnd`` for `B`/`E` pairs instead.
///
/// ```swift
/// try ChromeTrace().write(profiler.snapshot(), toFile: "trace.json")
/// // open https://ui.perfetto.dev and drop the file in
/// ```
public struct ChromeTrace: ProfileFormat {
    /// How spans become events.
    public enum Style: String, Hashable, Sendable {
        /// One complete event (`"ph":"X"`, `ts` and `dur`) per span.
        case complete
        /// A begin event (`"B"`) and an end event (`"E"`) per span.
        case beginEnd
    }

    /// How spans become events.
    public var style: Style
    /// Process name shown by the viewer.
    public var processName: String
    /// Thread name shown by the viewer.
    public var threadName: String
    /// The `pid` of every event.
    public var pid: Int
    /// The `tid` of every event.
    public var tid: Int

    /// Creates the format.
    public init(
        style: Style = .complete, processName: String = "Profiler", threadName: String = "render",
        pid: Int = 1, tid: Int = 1
    ) {
        self.style = style
        self.processName = processName
        self.threadName = threadName
        self.pid = pid
        self.tid = tid
    }

    /// `json`.
    public var fileExtension: String { "json" }

    /// The trace document.
    ///
    /// - Complexity: O(n) for n spans.
    public func render(_ profile: Profile) -> String {
        let forest = SpanForest(profile)
        let origin = forest.firstStart
        let ids = "\"pid\":\(pid),\"tid\":\(tid)"
        var out = "{\"traceEvents\":[\n"
        out.reserveCapacity(forest.nodes.count * 160)
        out += "{\"name\":\"process_name\",\"ph\":\"M\",\(ids),\"args\":{\"name\":"
        ExportText.appendJSONString(processName, to: &out)
        out += "}},\n{\"name\":\"thread_name\",\"ph\":\"M\",\(ids),\"args\":{\"name\":"
        ExportText.appendJSONString(threadName, to: &out)
        out += "}}"

        func microseconds(_ nanoseconds: UInt64) -> String {
            ExportText.decimal(nanoseconds, fractionDigits: 3)
        }
        func openEvent(_ node: Int, phase: String) {
            let span = profile.spans[forest.nodes[node].span]
            out += ",\n{\"name\":"
            ExportText.appendJSONString(profile.label(of: span), to: &out)
            out += ",\"cat\":"
            ExportText.appendJSONString(profile.string(for: span.name), to: &out)
            out += ",\"ph\":\"\(phase)\",\"ts\":" + microseconds(forest.nodes[node].start - origin)
            if phase == "X" { out += ",\"dur\":" + microseconds(forest.nodes[node].duration) }
            out += "," + ids
            var args: [(String, String)] = []
            if let detail = span.detail { args.append(("detail", profile.string(for: detail))) }
            if let reason = span.reason { args.append(("reason", profile.string(for: reason))) }
            if !args.isEmpty {
                out += ",\"args\":{"
                for (index, arg) in args.enumerated() {
                    if index > 0 { out += "," }
                    out += "\"\(arg.0)\":"
                    ExportText.appendJSONString(arg.1, to: &out)
                }
                out += "}"
            }
            out += "}"
        }

        switch style {
        case .complete:
            for node in forest.nodes.indices { openEvent(node, phase: "X") }
        case .beginEnd:
            forest.walk(
                open: { openEvent($0, phase: "B") },
                close: { node in
                    out += ",\n{\"ph\":\"E\",\"ts\":" + microseconds(forest.nodes[node].end - origin) + "," + ids + "}"
                })
        }
        out += "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"exporter\":\"Profiler\"}}\n"
        return out
    }
}
