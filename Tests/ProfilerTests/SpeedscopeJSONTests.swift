import Foundation
import Profiler
import Testing

// Fixtures/speedscope-schema.json is a copy of speedscope's published file
// format schema, https://www.speedscope.app/file-format-schema.json
// (github.com/jlfwong/speedscope, MIT licence, © Jamie Wong).

@Suite("Speedscope JSON")
struct SpeedscopeJSONTests {
    static let schemaPath = fixturesDirectory.appendingPathComponent("speedscope-schema.json").path

    /// Runs python's jsonschema on `document`; returns the validator's output
    /// on failure, nil when valid.
    func schemaErrors(_ document: String) throws -> String? {
        let instance = try TemporaryFile.write(document, name: "speedscope.json")
        defer { try? FileManager.default.removeItem(atPath: instance) }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.validators.validator_for(schema).check_schema(schema)
            jsonschema.validate(json.load(open(sys.argv[2])), schema)
            """
        let result = Python.run(["-c", script, Self.schemaPath, instance])
        return result.status == 0 ? nil : result.output
    }

    /// What speedscope's importer requires beyond the schema: `at` never
    /// decreases, every close matches the innermost open frame, frames are
    /// valid indices, and everything opened is closed.
    func checkEvents(_ document: String) throws -> (events: Int, frames: [String]) {
        let root = try jsonObject(document)
        let shared = try #require(root["shared"] as? [String: Any])
        let frames = try #require(shared["frames"] as? [[String: Any]]).map { $0["name"] as? String ?? "" }
        let profiles = try #require(root["profiles"] as? [[String: Any]])
        #expect(profiles.count == 1)
        let profile = try #require(profiles.first)
        #expect(profile["type"] as? String == "evented")
        #expect(profile["unit"] as? String == "nanoseconds")
        let events = try #require(profile["events"] as? [[String: Any]])
        let endValue = try #require(profile["endValue"] as? Double)
        var stack: [Int] = []
        var last = 0.0
        for event in events {
            let at = try #require(event["at"] as? Double)
            let frame = try #require(event["frame"] as? Int)
            #expect(at >= last && at <= endValue)
            #expect(frames.indices.contains(frame))
            last = at
            switch event["type"] as? String {
            case "O": stack.append(frame)
            case "C": #expect(stack.popLast() == frame)
            default: Issue.record("unknown event type")
            }
        }
        #expect(stack.isEmpty)
        return (events.count, frames)
    }

    @Test("the export validates against the speedscope schema", .enabled(if: Python.hasJSONSchema))
    func validatesAgainstSchema() throws {
        let document = SpeedscopeJSON(name: "synthetic \"app\"").render(SyntheticApp.profile(frames: 20))
        let errors = try schemaErrors(document)
        #expect(errors == nil, "\(errors ?? "")")
        #expect(try schemaErrors(SpeedscopeJSON().render(.empty)) == nil)
    }

    @Test("the schema check is not vacuous: a file without `shared` fails it", .enabled(if: Python.hasJSONSchema))
    func schemaRejectsInvalid() throws {
        let invalid = #"{"$schema":"https://www.speedscope.app/file-format-schema.json","profiles":[]}"#
        #expect(try schemaErrors(invalid) != nil)
        let badEvent = SpeedscopeJSON().render(SyntheticApp.profile(frames: 1))
            .replacingOccurrences(of: "\"type\":\"C\"", with: "\"type\":\"X\"")
        #expect(try schemaErrors(badEvent) != nil)
    }

    @Test("events are balanced, ordered, and one open/close pair per span")
    func eventsBalanced() throws {
        let profile = SyntheticApp.profile(frames: 20)
        let (events, frames) = try checkEvents(SpeedscopeJSON().render(profile))
        #expect(events == 2 * profile.spans.count)
        #expect(Set(frames).count == frames.count)
        #expect(frames.contains("body[Weird;name <&>\"' \u{1}]"))
        #expect(frames.contains("frame") && frames.contains("layout"))
    }

    @Test("times are nanoseconds from the first span; endValue is the last end")
    func times() throws {
        let a = SpanName("a"), b = SpanName("b")
        let profile = Profile(spans: [
            Span(name: a, start: 1_000, end: 1_500, depth: 0),
            Span(name: b, start: 1_100, end: 1_100, depth: 1),
            Span(name: a, start: 2_000, end: 2_250, depth: 0),
        ])
        let document = SpeedscopeJSON().render(profile)
        #expect(document.contains(#""startValue":0,"endValue":1250,"#))
        #expect(document.contains(
            #"[{"type":"O","frame":0,"at":0},{"type":"O","frame":1,"at":100},{"type":"C","frame":1,"at":100},"#
                + #"{"type":"C","frame":0,"at":500},{"type":"O","frame":0,"at":1000},{"type":"C","frame":0,"at":1250}]"#))
    }

    @Test("an empty profile is a valid, empty document")
    func empty() throws {
        let (events, frames) = try checkEvents(SpeedscopeJSON().render(.empty))
        #expect(events == 0 && frames.isEmpty)
    }
}
