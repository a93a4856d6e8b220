import Foundation
import Profiler
import Testing

@Suite("Folded stacks")
struct FoldedStacksTests {
    let profile = SyntheticApp.profile(frames: 40)

    func parse(_ folded: String) throws -> [(frames: [String], value: UInt64)] {
        let line = try Regex("^[^ ]+( [0-9]+)$")
        return try folded.split(separator: "\n").map { text in
            #expect(text.wholeMatch(of: line) != nil, "unparseable line: \(text)")
            let space = try #require(text.lastIndex(of: " "))
            let value = try #require(UInt64(text[text.index(after: space)...]))
            return (text[..<space].split(separator: ";", omittingEmptySubsequences: false).map(String.init), value)
        }
    }

    @Test("every line parses, and the values add up to the root totals")
    func linesSumToRoots() throws {
        let folded = FoldedStacks().render(profile)
        #expect(folded.hasSuffix("\n"))
        let lines = try parse(folded)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { !$0.frames.contains("") })
        #expect(lines.reduce(0) { $0 + $1.value } == profile.rootTotal)
        // Every root here is a frame; all lines start with it.
        #expect(lines.allSatisfy { $0.frames.first == "frame" })
        // A prefix's lines add up to that stack's total time.
        let evaluateTotal = profile.spans.filter { $0.name == .evaluate }.reduce(0) { $0 + $1.duration }
        #expect(lines.filter { $0.frames.count >= 2 && $0.frames[1] == "evaluate" }.reduce(0) { $0 + $1.value } == evaluateTotal)
        // Lines are sorted and distinct stacks.
        let stacks = lines.map { $0.frames.joined(separator: ";") }
        #expect(stacks == stacks.sorted())
    }

    @Test("view types appear as details, made safe for the format")
    func detailsSanitised() throws {
        let lines = try parse(FoldedStacks().render(profile))
        let frames = Set(lines.flatMap(\.frames))
        #expect(frames.contains("body[ContentView]"))
        #expect(frames.contains("body[VStack<TupleView<(Text,_Text)>>]"))
        #expect(frames.contains("body[Weird:name_<&>\"'__]"))
        #expect(frames.contains("body[漢字ビュー]"))
    }

    @Test("with reasons, a view's time is split by why it ran")
    func reasons() throws {
        let lines = try parse(FoldedStacks(includeReasons: true).render(profile))
        #expect(lines.contains { $0.frames.last == "body[Row]_(state_changed)" })
        #expect(lines.reduce(0) { $0 + $1.value } == profile.rootTotal)
    }

    @Test("in microseconds the running total is rounded, so the sum stays exact")
    func microseconds() throws {
        let lines = try parse(FoldedStacks(unit: .microseconds).render(profile))
        let total = lines.reduce(0) { $0 + $1.value }
        let exact = Double(profile.rootTotal) / 1_000
        #expect(Double(total) == exact.rounded())
    }

    @Test("hand-checked output of a small profile")
    func small() {
        let a = SpanName("a"), b = SpanName("b"), c = SpanName("c")
        let profile = Profile(spans: [
            Span(name: a, start: 0, end: 100, depth: 0),
            Span(name: b, start: 10, end: 40, depth: 1),
            Span(name: c, start: 20, end: 30, depth: 2),
            Span(name: b, start: 50, end: 60, depth: 1),
            Span(name: c, start: 200, end: 205, depth: 0),
        ])
        #expect(FoldedStacks().render(profile) == "a 60\na;b 30\na;b;c 10\nc 5\n")
    }

    @Test("an empty profile gives an empty file")
    func empty() throws {
        #expect(FoldedStacks().render(.empty) == "")
        let path = TemporaryFile.path("empty.folded")
        try FoldedStacks().write(.empty, toFile: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    }
}
