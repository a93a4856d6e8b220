import Testing
@testable import Engine

/// Wraps its subviews into rows as wide as the proposal (SwiftUI's
/// canonical custom-layout example: tags that flow onto the next line).
struct TagFlow: Layout {
    var spacing = 1

    /// Each subview's origin relative to the layout's, and the whole size.
    func arrange(_ width: Int?, _ subviews: Subviews) -> (origins: [Point], size: Size) {
        let limit = width ?? .max
        var origins: [Point] = []
        var x = 0, y = 0, rowHeight = 0, widest = 0
        for subview in subviews {
            let s = subview.sizeThatFits(.unspecified)
            if x > 0 && x + s.width > limit {
                x = 0
                y += rowHeight
                rowHeight = 0
            }
            origins.append(Point(x: x, y: y))
            widest = Swift.max(widest, x + s.width)
            x += s.width + spacing
            rowHeight = Swift.max(rowHeight, s.height)
        }
        return (origins, Size(width: widest, height: y + rowHeight))
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        arrange(proposal.width, subviews).size
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let origins = arrange(bounds.width, subviews).origins
        for (subview, origin) in zip(subviews, origins) {
            subview.place(at: Point(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: .unspecified)
        }
    }
}

/// How far a subview of ``IndentedColumn`` is indented.
struct Indent: LayoutValueKey {
    static let defaultValue = 0
}

/// A column, each subview indented by its ``Indent`` value; subviews of
/// higher layout priority come first. Keeps each subview's ideal size in
/// its cache.
struct IndentedColumn: Layout {
    struct Cache {
        var sizes: [Size]
        var order: [Int]
    }

    func makeCache(subviews: Subviews) -> Cache {
        let order = subviews.indices.sorted {
            let (a, b) = (subviews[$0].priority, subviews[$1].priority)
            return a != b ? a > b : $0 < $1
        }
        return Cache(sizes: subviews.map { $0.sizeThatFits(.unspecified) }, order: order)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> Size {
        var width = 0, height = 0
        for i in subviews.indices {
            width = Swift.max(width, subviews[i][Indent.self] + cache.sizes[i].width)
            height += cache.sizes[i].height
        }
        return Size(width: width, height: height)
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var y = bounds.minY
        for i in cache.order {
            subviews[i].place(at: Point(x: bounds.minX + subviews[i][Indent.self], y: y), proposal: .unspecified)
            y += cache.sizes[i].height
        }
    }
}

/// Counts how often a layout is asked.
@MainActor
final class LayoutCalls {
    var sizes = 0
    var placements = 0
}

/// A vertical column that counts its calls; equal while it counts into
/// the same ``LayoutCalls``.
struct CountingColumn: Layout, Equatable {
    let calls: LayoutCalls

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        calls.sizes += 1
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.reduce(0) { $0 + $1.height })
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        calls.placements += 1
        var y = bounds.minY
        for subview in subviews {
            subview.place(at: Point(x: bounds.minX, y: y), proposal: .unspecified)
            y += subview.sizeThatFits(.unspecified).height
        }
    }

    nonisolated static func == (a: CountingColumn, b: CountingColumn) -> Bool { a.calls === b.calls }
}

/// A layout that places nothing: SwiftUI puts such subviews at the centre.
struct PlacesNothing: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

@MainActor
@Suite("The Layout protocol")
struct CustomLayoutTests {
    static let tags = ["swift", "terminal", "layout", "grid", "ui"]

    struct Tags: View {
        var body: some View {
            TagFlow {
                ForEach(CustomLayoutTests.tags, id: \.self) { Text("[\($0)]") }
            }
        }
    }

    @Test("a flow layout wraps tags onto the next row where the width runs out")
    func flowWraps() {
        let host = FramePipeline(columns: 20, rows: 3)
        host.render(Tags())
        // [swift] [terminal] is 18 wide; [layout] would end at 27: next row.
        #expect(host.textRows == ["[swift] [terminal]  ", "[layout] [grid] [ui]", "                    "])
    }

    @Test("the flow is laid out again for each width: 12 columns make four rows")
    func flowRewrapsOnResize() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Tags())
        host.resize(columns: 12, rows: 4)
        host.render(Tags())
        // The widest row is "[grid] [ui]" (11): the flow is 11 wide, at x 0.
        #expect(host.textRows == ["[swift]     ", "[terminal]  ", "[layout]    ", "[grid] [ui] "])
        host.resize(columns: 40, rows: 4)
        host.render(Tags())
        // One row of 39 columns, centred as any root content: at x 0
        // ((40 - 39) / 2), y 1 ((4 - 1) / 2).
        let blank = String(repeating: " ", count: 40)
        #expect(host.textRows == [blank, "[swift] [terminal] [layout] [grid] [ui] ", blank, blank])
    }

    @Test("layout values and priorities reach the layout; its cache is made from the subviews")
    func layoutValuesAndPriority() {
        let host = FramePipeline(columns: 8, rows: 3)
        host.render(
            IndentedColumn {
                Text("a").layoutValue(key: Indent.self, value: 2)
                Text("b").padding(.leading, 0).layoutValue(key: Indent.self, value: 4).layoutPriority(0)
                Text("c").layoutPriority(1)
            })
        // "c" has the highest priority: first. "b" is found through the
        // priority modifier around its layout value. Widest: 4 + 1.
        #expect(host.textRows == [" c      ", "   a    ", "     b  "])
    }

    struct Indented: View {
        var indent: Int
        var body: some View {
            IndentedColumn {
                Text("a").layoutValue(key: Indent.self, value: indent)
                Text("b")
            }
        }
    }

    @Test("a changed layout value lays the layout out again")
    func changedLayoutValue() {
        let host = FramePipeline(columns: 6, rows: 2)
        host.render(Indented(indent: 1))
        // 2 wide, at x 2: "a" one further.
        #expect(host.textRows == ["   a  ", "  b   "])
        host.render(Indented(indent: 4))
        // Now 5 wide: at x 0.
        #expect(host.textRows == ["    a ", "b     "])
        host.render(Indented(indent: 0))
        #expect(host.textRows == ["  a   ", "  b   "])
    }

    @Test("a subview the layout does not place is put at the centre at its ideal size")
    func unplacedSubviewsAreCentred() {
        let host = FramePipeline(columns: 10, rows: 3)
        host.render(PlacesNothing { Text("abcd") }.frame(width: 10, height: 3))
        #expect(host.textRows == ["          ", "   abcd   ", "          "])
    }

    struct Counted: View {
        let calls: LayoutCalls
        var word: String
        var body: some View {
            CountingColumn(calls: calls) {
                Text(word)
                Text("fixed")
            }
        }
    }

    @Test("a custom layout is asked again only when a subview's size or the proposal changes")
    func askedOnlyWhenSizesChange() {
        let calls = LayoutCalls()
        let host = FramePipeline(columns: 10, rows: 2)
        host.render(Counted(calls: calls, word: "abc"))
        #expect(host.textRows == ["  abc     ", "  fixed   "])
        let first = (calls.sizes, calls.placements)
        #expect(first.0 > 0 && first.1 == 1)

        // Same size, new text: the text is laid out again on its own.
        host.render(Counted(calls: calls, word: "xyz"))
        #expect(host.textRows == ["  xyz     ", "  fixed   "])
        #expect(calls.sizes == first.0 && calls.placements == first.1)

        // Nothing changed: nothing asked.
        host.render(Counted(calls: calls, word: "xyz"))
        #expect(calls.sizes == first.0 && calls.placements == first.1)

        // A wider text: the layout is measured and placed again.
        host.render(Counted(calls: calls, word: "abcdefg"))
        #expect(host.textRows == [" abcdefg  ", " fixed    "])
        #expect(calls.sizes > first.0 && calls.placements == first.1 + 1)

        // A new proposal: asked again.
        let before = (calls.sizes, calls.placements)
        host.resize(columns: 12, rows: 2)
        host.render(Counted(calls: calls, word: "abcdefg"))
        #expect(host.textRows == ["  abcdefg   ", "  fixed     "])
        #expect(calls.sizes > before.0 && calls.placements == before.1 + 1)
    }

    struct CountingCache: Layout, Equatable {
        let calls: LayoutCalls
        nonisolated static func == (a: CountingCache, b: CountingCache) -> Bool { a.calls === b.calls }
        func makeCache(subviews: Subviews) -> Int {
            calls.placements += 1000
            return subviews.count
        }
        func updateCache(_ cache: inout Int, subviews: Subviews) {
            calls.placements += 1
            cache = subviews.count
        }
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) -> Size {
            Size(width: cache, height: 1)
        }
        func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) {
            for (i, s) in subviews.enumerated() { s.place(at: Point(x: bounds.minX + i, y: bounds.minY), proposal: .unspecified) }
        }
    }

    struct CacheHost: View {
        let calls: LayoutCalls
        var count: Int
        var body: some View {
            CountingCache(calls: calls) { ForEach(0..<count, id: \.self) { Text("\($0)") } }
        }
    }

    @Test("the cache is made once and updated when the subviews change")
    func cacheMadeThenUpdated() {
        let calls = LayoutCalls()
        let host = FramePipeline(columns: 6, rows: 1)
        host.render(CacheHost(calls: calls, count: 3))
        #expect(calls.placements == 1000)
        #expect(host.textRows == [" 012  "])
        host.render(CacheHost(calls: calls, count: 5))
        #expect(calls.placements == 1001)
        #expect(host.textRows == ["01234 "])
    }
}
