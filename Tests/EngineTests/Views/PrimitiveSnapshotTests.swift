import Testing
@testable import Engine

/// Every primitive and modifier, drawn and compared with its golden.
@MainActor
@Suite("View snapshots")
struct PrimitiveSnapshotTests {
    @Test func textPlain() { assertSnapshot(render(Text("Hello, world")), "text-plain") }

    @Test func textStyled() {
        assertSnapshot(render(VStack(alignment: .leading) {
            Text("bold").bold()
            Text("italic red").italic().foregroundColor(.red)
            Text("underline on blue").underline().backgroundColor(.blue)
            Text("dim strike").dim().strikethrough()
        }), "text-styled")
    }

    @Test func textWrapsAndTruncates() {
        assertSnapshot(render(VStack(alignment: .leading) {
            Text("the quick brown fox jumps over the lazy dog").frame(width: 12)
            Text("truncated at the tail of the line").lineLimit(1).frame(width: 12)
            Text("middle truncation here").singleLine().truncationMode(.middle).frame(width: 12)
        }, columns: 14, rows: 8), "text-wrap-truncate")
    }

    @Test func textMultiLineAndWide() {
        assertSnapshot(render(Text("漢字かな\nline two\ne\u{301}le\u{300}ve"), columns: 12, rows: 4), "text-multiline-wide")
    }

    @Test func hostileTextIsShownNotSent() {
        let host = render(Text("\u{1B}[2Jboom\u{07}"), columns: 12, rows: 1)
        assertSnapshot(host, "text-hostile")
        #expect(!host.lastBytes.contains(0x07))
        #expect(host.lastBytes.filter { $0 == 0x1B }.count <= 1)  // at most our own cursor move
    }

    @Test func vstackAlignmentAndSpacing() {
        assertSnapshot(render(HStack(spacing: 1) {
            VStack(alignment: .leading, spacing: 0) { Text("a"); Text("bbb") }
            VStack(alignment: .center, spacing: 1) { Text("a"); Text("bbb") }
            VStack(alignment: .trailing) { Text("a"); Text("bbb") }
        }, columns: 16, rows: 4), "vstack-alignment-spacing")
    }

    @Test func hstackAlignment() {
        assertSnapshot(render(HStack(alignment: .top) {
            Text("x")
            Text("1\n2\n3")
            HStack(alignment: .bottom, spacing: 0) { Text("y"); Text("4\n5") }
        }, columns: 12, rows: 4), "hstack-alignment")
    }

    @Test func zstackLayers() {
        assertSnapshot(render(ZStack(alignment: .topLeading) {
            Text("background text")
            Text("ON").bold()
        }, columns: 18, rows: 2), "zstack-layers")
    }

    @Test func spacerPushesApart() {
        assertSnapshot(render(HStack { Text("left"); Spacer(); Text("right") }.frame(width: 20), columns: 20, rows: 1),
                       "spacer-hstack")
        assertSnapshot(render(VStack { Text("top"); Spacer(); Text("bottom") }.frame(height: 5), columns: 8, rows: 5),
                       "spacer-vstack")
    }

    @Test func dividers() {
        assertSnapshot(render(VStack { Text("above"); Divider(); Text("below") }.frame(width: 10), columns: 10, rows: 3),
                       "divider-horizontal")
        assertSnapshot(render(HStack { Text("l"); Divider(); Text("r") }.frame(height: 3), columns: 7, rows: 3),
                       "divider-vertical")
    }

    @Test func padding() {
        assertSnapshot(render(Text("pad").padding(1).border(), columns: 9, rows: 5), "padding-all")
        assertSnapshot(render(Text("pad").padding(.leading, 3).border(), columns: 9, rows: 3), "padding-leading")
    }

    @Test func frames() {
        assertSnapshot(render(VStack(spacing: 0) {
            Text("tl").frame(width: 8, height: 2, alignment: .topLeading).border()
            Text("br").frame(width: 8, height: 2, alignment: .bottomTrailing).border()
        }, columns: 12, rows: 8), "frame-fixed-alignment")
        assertSnapshot(render(Text("wide").frame(maxWidth: .infinity).border(), columns: 16, rows: 3),
                       "frame-max-infinity")
        assertSnapshot(render(Text("min").frame(minWidth: 9, minHeight: 3).border(), columns: 16, rows: 5),
                       "frame-min")
    }

    @Test func borders() {
        assertSnapshot(render(HStack(spacing: 0) {
            Text("s").border(.single)
            Text("r").border(.rounded)
            Text("d").border(.double)
            Text("h").border(.heavy)
            Text("a").border(.ascii)
        }, columns: 15, rows: 3), "border-styles")
    }

    @Test func backgroundAndOverlay() {
        assertSnapshot(render(Text("on blue").padding(.horizontal, 1).background(.blue), columns: 12, rows: 1),
                       "background-color")
        assertSnapshot(render(Text("content here").overlay(alignment: .trailing) { Text("!").bold() },
                              columns: 14, rows: 1), "overlay")
        assertSnapshot(render(Text("front").padding(.horizontal, 2).background { Text("·········") },
                              columns: 9, rows: 1), "background-view")
    }

    @Test func fixedSizeAndPriority() {
        assertSnapshot(render(HStack(spacing: 1) {
            Text("this text would wrap").fixedSize()
            Text("squeezed")
        }.frame(width: 24), columns: 24, rows: 2), "fixed-size")
        assertSnapshot(render(HStack(spacing: 1) {
            Text("low priority text")
            Text("high priority text").layoutPriority(1)
        }.frame(width: 24), columns: 24, rows: 3), "layout-priority")
    }

    @Test func hiddenKeepsSpace() {
        assertSnapshot(render(HStack { Text("a"); Text("hidden").hidden(); Text("b") }, columns: 12, rows: 1), "hidden")
    }

    @Test func customModifier() {
        struct Card: ViewModifier {
            func body(content: Content) -> some View {
                content.padding(.horizontal, 1).border(.rounded)
            }
        }
        assertSnapshot(render(Text("card").modifier(Card()), columns: 10, rows: 3), "view-modifier")
    }

    @Test func conditionalsAndOptionals() {
        struct Screen: View {
            var flag: Bool
            var choice: Int
            var body: some View {
                VStack(alignment: .leading) {
                    if flag { Text("flag on") }
                    if flag { Text("yes") } else { Text("no") }
                    switch choice {
                    case 0: Text("zero")
                    case 1: Text("one").bold()
                    default: EmptyView()
                    }
                    Group { Text("g1"); Text("g2") }
                    AnyView(Text("any"))
                }
            }
        }
        assertSnapshot(render(Screen(flag: true, choice: 1), columns: 10, rows: 6), "conditionals-on")
        assertSnapshot(render(Screen(flag: false, choice: 2), columns: 10, rows: 6), "conditionals-off")
    }

    @Test func forEachKinds() {
        struct Item: Identifiable { var id: Int; var name: String }
        assertSnapshot(render(VStack(alignment: .leading) {
            ForEach([Item(id: 1, name: "one"), Item(id: 2, name: "two")]) { Text($0.name) }
            ForEach(["x", "y"], id: \.self) { Text($0) }
            ForEach(0..<2) { Text("#\($0)") }
        }, columns: 6, rows: 6), "foreach")
    }

    @Test func lazyScrollView() {
        let host = render(ScrollView(offset: 10) {
            LazyVStack(alignment: .leading) { ForEach(0..<1000) { Text("row \($0)") } }
        }.scrollIndicators(.hidden), columns: 10, rows: 4)
        assertSnapshot(host, "lazy-scroll")
        // Only the visible rows exist.
        let rows = host.graph.allNodes().filter { host.graph.path(of: $0).hasSuffix("Text.0") || $0.behavior is TextBehavior }
        #expect(rows.count <= 6, "\(rows.count) text nodes for 4 visible rows")
    }
}
