import Testing
@testable import Engine

// SwiftUI layout conformance: each case is a small view on a small screen,
// the exact rows it must show, and the SwiftUI rule it pins (a short quote
// from Apple's documentation or the rule's name; the rules are written out
// in `Sources/Engine/Engine.docc/SizeNegotiation.md`). Where the terminal forced a
// choice SwiftUI leaves open, the rule says "choice:" and names it.
//
// The cases are split by subject over `LayoutConformanceTests+*.swift`.

/// One conformance case.
struct LayoutCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The SwiftUI rule the case pins.
    let rule: String
    let columns: Int
    let rows: Int
    /// The screen's rows, without trailing spaces (they are added).
    let expected: [String]
    let make: @MainActor @Sendable () -> AnyView
    let sourceLocation: SourceLocation

    init<V: View>(_ name: String, rule: String, _ columns: Int, _ rows: Int, _ expected: [String],
                  sourceLocation: SourceLocation = #_sourceLocation,
                  @ViewBuilder _ view: @escaping @MainActor @Sendable () -> V) {
        self.name = name
        self.rule = rule
        self.columns = columns
        self.rows = rows
        self.expected = expected
        self.make = { AnyView(view()) }
        self.sourceLocation = sourceLocation
    }

    var testDescription: String { name }
}

/// A flexible view that shows the width it was given: SwiftUI's `Color`
/// in the stack examples (it takes all it is offered), made visible.
struct Width: View {
    var body: some View { GeometryReader { proxy in Text("\(proxy.size.width)") } }
}

/// A border around a flexible frame: as wide as it is offered, its edges
/// drawn.
struct Box: View {
    var body: some View { Text("").frame(maxWidth: .infinity).border() }
}

@MainActor
enum Conformance {
    /// Renders the case on a fresh screen and compares its rows; then lays
    /// the same view out again after a resize from a larger screen (every
    /// cache warm from other proposals), which must show the same.
    static func check(_ c: LayoutCase) {
        #expect(c.expected.count == c.rows, "the case lists \(c.expected.count) rows for a \(c.rows)-row screen",
                sourceLocation: c.sourceLocation)
        let expected = (0..<c.rows).map { y in
            let row = y < c.expected.count ? c.expected[y] : ""
            return row + String(repeating: " ", count: Swift.max(0, c.columns - row.count))
        }
        let host = FramePipeline(columns: c.columns, rows: c.rows)
        host.render(c.make())
        #expect(host.textRows == expected, "rule: \(c.rule)", sourceLocation: c.sourceLocation)

        let resized = FramePipeline(columns: c.columns + 5, rows: c.rows + 2)
        resized.render(c.make())
        resized.resize(columns: c.columns, rows: c.rows)
        resized.render(c.make())
        #expect(resized.textRows == expected, "after a resize; rule: \(c.rule)", sourceLocation: c.sourceLocation)
    }
}

@MainActor
@Suite("Layout conformance with SwiftUI")
struct LayoutConformanceTests {
    @Test(arguments: StackCases.all) func stacks(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: SpacerCases.all) func spacers(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: PriorityCases.all) func priorities(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: FrameCases.all) func frames(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: FixedSizeCases.all) func fixedSize(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: InsetCases.all) func paddingAndBorder(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: LayerCases.all) func zstackOverlayBackground(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: DividerCases.all) func dividersAndHidden(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: NestingCases.all) func nestedStacks(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: TextCases.all) func textInStacks(_ c: LayoutCase) { Conformance.check(c) }
    @Test(arguments: TinyCases.all) func zeroAndTinySizes(_ c: LayoutCase) { Conformance.check(c) }

    @Test("the suite has at least 100 cases")
    func count() {
        let all = StackCases.all.count + SpacerCases.all.count + PriorityCases.all.count + FrameCases.all.count
            + FixedSizeCases.all.count + InsetCases.all.count + LayerCases.all.count + DividerCases.all.count
            + NestingCases.all.count + TextCases.all.count + TinyCases.all.count
        #expect(all >= 100)
    }
}
