/// The speedscope file format (https://www.speedscope.app/file-format-schema.json),
/// as one *evented* profile: open and close events in time order, the
/// timeline speedscope shows in its "Time Order" view, with "Left Heavy" and
/// "Sandwich" views computed from it.
///
/// Shape: `{"$schema", "shared": {"frames": [{"name"}]}, "profiles": [{"type":
/// "evented", "name", "unit": "nanoseconds", "startValue", "endValue",
/// "events": [{"type": "O"|"C", "frame", "at"}]}], "name",
/// "activeProfileIndex", "exporter"}`. Times are integer nanoseconds from the
/// first span's start (so `startValue` is 0); `at` never decreases and every
/// close matches the innermost open frame, as speedscope requires. Frames are
/// span labels (``Profile/label(of:includeReason:)``), deduplicated.
///
/// ```swift
/// try SpeedscopeJSON(name: "tree").write(profiler.snapshot(), toFile: "tree.speedscope.json")
/// // open https://www.speedscope.app and drop the file in
/// ```
public struct SpeedscopeJSON: ProfileFormat {
    /// The profile's name, shown in speedscope's title bar.
    public var name: String
    /// Whether a span's reason is part of its frame name.
    public var includeReasons: Bool

    /// Creates the format.
    public init(name: String = "Profile", includeReasons: Bool = false) {
        self.name = name
        self.includeReasons = includeReasons
    }

    /// `json` (speedscope also recognises `.speedscope.json`).
    public var fileExtension: String { "json" }

    /// The speedscope document.
    ///
    /// - Complexity: O(n) for n spans.
    public func render(_ profile: Profile) -> String {
        let forest = SpanForest(profile)
        let origin = forest.firstStart
        var frameIndex: [SpanForest.LabelKey: Int] = [:]
        var frameNames: [String] = []
        var events = ""
        events.reserveCapacity(forest.nodes.count * 64)

        func frame(of node: Int) -> Int {
            let key = SpanForest.LabelKey(profile.spans[forest.nodes[node].span], includeReason: includeReasons)
            if let index = frameIndex[key] { return index }
            frameIndex[key] = frameNames.count
            frameNames.append(profile.label(key))
            return frameNames.count - 1
        }
        func event(_ type: String, _ node: Int, at time: UInt64) {
            if !events.isEmpty { events += "," }
            events += "{\"type\":\"\(type)\",\"frame\":\(frame(of: node)),\"at\":\(time - origin)}"
        }
        forest.walk(
            open: { event("O", $0, at: forest.nodes[$0].start) },
            close: { event("C", $0, at: forest.nodes[$0].end) })

        var out = "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\"shared\":{\"frames\":["
        for (index, frameName) in frameNames.enumerated() {
            if index > 0 { out += "," }
            out += "{\"name\":"
            ExportText.appendJSONString(frameName, to: &out)
            out += "}"
        }
        out += "]},\"profiles\":[{\"type\":\"evented\",\"name\":"
        ExportText.appendJSONString(name, to: &out)
        let endValue = forest.nodes.isEmpty ? 0 : forest.lastEnd - origin
        out += ",\"unit\":\"nanoseconds\",\"startValue\":0,\"endValue\":\(endValue),\"events\":["
        out += events
        out += "]}],\"name\":"
        ExportText.appendJSONString(name, to: &out)
        out += ",\"activeProfileIndex\":0,\"exporter\":\"Profiler\"}\n"
        return out
    }
}
