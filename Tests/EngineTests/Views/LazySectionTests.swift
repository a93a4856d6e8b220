import Testing
@testable import Engine

/// Counts the bodies of ``CountedRow`` evaluated.
private final class Evaluations: @unchecked Sendable {
    var count = 0
}

/// A row whose body counts its evaluations; equal when its label is.
private struct CountedRow: View, Equatable {
    var label: String
    let evaluations: Evaluations
    var body: some View {
        evaluations.count += 1
        return Text(label)
    }
    nonisolated static func == (a: Self, b: Self) -> Bool { a.label == b.label && a.evaluations === b.evaluations }
}

/// Three sections "H0"… of three rows "r<section>.<row>" in a lazy stack,
/// scrolled to `offset`.
private struct Sections: View {
    var offset: Int
    var pinned: PinnedScrollableViews = []
    var footers = false
    var body: some View {
        ScrollView(offset: offset) {
            LazyVStack(alignment: .leading, pinnedViews: pinned) {
                ForEach(0..<3, id: \.self) { s in
                    Section {
                        ForEach(0..<3, id: \.self) { i in Text("r\(s).\(i)") }
                    } header: {
                        Text("H\(s)")
                    } footer: {
                        if footers { Text("F\(s)") }
                    }
                }
            }
        }
        .scrollIndicators(.hidden)
    }
}


/// A section of ``Chapters``: its id, header and number of rows.
private struct Chapter: Hashable, Sendable {
    var id: Int
    var title: String
    var rows: Int
}

/// Counts the calls of ``Chapters``' section closure.
private final class SectionReads: @unchecked Sendable {
    var count = 0
}

/// Sections from data (rows "r<id>.<row>" under a header of the chapter's
/// title), pinned headers, scrolled to `offset`.
private struct Chapters: View {
    var chapters: [Chapter]
    var offset: Int
    var reads = SectionReads()
    var body: some View {
        ScrollView(offset: offset) {
            LazyVStack(alignment: .leading, pinnedViews: .sectionHeaders) {
                ForEach(chapters, id: \.id) { c in
                    reads.count += 1
                    return Section {
                        ForEach(0..<c.rows, id: \.self) { i in Text("r\(c.id).\(i)") }
                    } header: {
                        Text(c.title)
                    }
                }
            }
        }
        .scrollIndicators(.hidden)
    }
}

@MainActor
@Suite("Sections in lazy stacks and grids, pinned headers and footers")
struct LazySectionTests {
    func screen(_ view: some View, columns: Int = 6, rows: Int = 4) -> [String] {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        host.renderIfNeeded()
        return host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func headersAreLinesOfTheirOwnAndScrollWithTheRows() {
        #expect(screen(Sections(offset: 0)) == ["H0", "r0.0", "r0.1", "r0.2"])
        #expect(screen(Sections(offset: 3)) == ["r0.2", "H1", "r1.0", "r1.1"])
    }

    @Test func aPinnedHeaderStaysAtTheTopWhileItsSectionShowsAndTheNextOneTakesOver() {
        let pinned = PinnedScrollableViews.sectionHeaders
        #expect(screen(Sections(offset: 0, pinned: pinned)) == ["H0", "r0.0", "r0.1", "r0.2"])
        // r0.0 scrolled under the header.
        #expect(screen(Sections(offset: 1, pinned: pinned)) == ["H0", "r0.1", "r0.2", "H1"])
        #expect(screen(Sections(offset: 2, pinned: pinned)) == ["H0", "r0.2", "H1", "r1.0"])
        // The section's last row under it: the header goes no further down than its section.
        #expect(screen(Sections(offset: 3, pinned: pinned)) == ["H0", "H1", "r1.0", "r1.1"])
        #expect(screen(Sections(offset: 4, pinned: pinned)) == ["H1", "r1.0", "r1.1", "r1.2"])
        #expect(screen(Sections(offset: 6, pinned: pinned)) == ["H1", "r1.2", "H2", "r2.0"])
    }

    @Test func aPinnedFooterStaysAtTheBottomUntilItsSectionsStartPassesIt() {
        let pinned = PinnedScrollableViews.sectionFooters
        // Lines: H0 r0.0 r0.1 r0.2 F0 H1 …; F0 held on the last row.
        #expect(screen(Sections(offset: 0, pinned: pinned, footers: true)) == ["H0", "r0.0", "r0.1", "F0"])
        #expect(screen(Sections(offset: 1, pinned: pinned, footers: true)) == ["r0.0", "r0.1", "r0.2", "F0"])
        // Section 1 reaches the bottom: its footer is held there.
        #expect(screen(Sections(offset: 3, pinned: pinned, footers: true)) == ["r0.2", "F0", "H1", "F1"])
        // Pinned footer and header together.
        #expect(screen(Sections(offset: 3, pinned: [.sectionHeaders, .sectionFooters], footers: true))
                == ["H0", "F0", "H1", "F1"])
    }

    @Test func aGridsHeaderSpansItAndItsCellsStartAgainAtTheFirstColumn() {
        struct Grid: View {
            var body: some View {
                ScrollView {
                    LazyVGrid(columns: [GridItem(.fixed(3)), GridItem(.fixed(3))], alignment: .leading) {
                        Section(header: Text("Head0")) { ForEach(0..<3, id: \.self) { Text("c\($0)") } }
                        Section(header: Text("Head1"), footer: Text("end")) {
                            ForEach(0..<2, id: \.self) { Text("d\($0)") }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        #expect(screen(Grid(), columns: 8, rows: 7) == ["Head0", "c0  c1", "c2", "Head1", "d0  d1", "end", ""])
    }

    @Test func aLazyHStacksHeadersAreColumns() {
        struct Strip: View {
            var body: some View {
                ScrollView(.horizontal) {
                    LazyHStack(alignment: .top, pinnedViews: .sectionHeaders) {
                        ForEach(0..<3, id: \.self) { s in
                            Section(header: Text("S\(s)")) { ForEach(0..<2, id: \.self) { i in Text("\(s)\(i)") } }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        #expect(screen(Strip(), columns: 12, rows: 1) == ["S0 00 01 S1"])
    }

    @Test func a100000ItemSectionedStackEvaluatesOnlyWhatShows() {
        struct Big: View {
            let evaluations: Evaluations
            var body: some View {
                ScrollView {
                    LazyVStack(alignment: .leading, pinnedViews: .sectionHeaders) {
                        ForEach(0..<1_000, id: \.self) { s in
                            Section {
                                ForEach(0..<100, id: \.self) { i in
                                    CountedRow(label: "\(s).\(i)", evaluations: evaluations)
                                }
                            } header: {
                                Text("Section \(s)")
                            }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
        }
        let evaluations = Evaluations()
        let host = FramePipeline(columns: 12, rows: 10)
        host.render(Big(evaluations: evaluations))
        host.renderIfNeeded()
        #expect(host.textRows[0].hasPrefix("Section 0"))
        // The header and nine rows in view: nine rows evaluated.
        #expect(evaluations.count == 9)
        #expect(host.graph.liveNodes < 100, "\(host.graph.liveNodes)")
        // One notch of the wheel: three lines; the three rows that came into view are evaluated.
        evaluations.count = 0
        host.scroll(column: 1, row: 1, lines: 1)
        #expect(evaluations.count == 3)
        #expect(host.textRows[0].hasPrefix("Section 0"))
        #expect(host.textRows[1].hasPrefix("0.3"), "\(host.textRows)")
        // Five notches more: fifteen rows came into view, fifteen evaluated.
        evaluations.count = 0
        for _ in 0..<5 { host.scroll(column: 1, row: 1, lines: 1) }
        #expect(evaluations.count == 15)
        // An unchanged frame evaluates nothing.
        evaluations.count = 0
        host.update()
        #expect(evaluations.count == 0)
        #expect(host.graph.liveNodes < 100, "\(host.graph.liveNodes)")
    }

    /// The screen of `host` with trailing blanks dropped.
    func rows(_ host: FramePipeline) -> [String] {
        host.textRows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// `host`'s screen after it renders ``Chapters`` of `data` at `offset`.
    fileprivate func shown(_ host: FramePipeline, _ data: [Chapter], offset: Int) -> [String] {
        host.render(Chapters(chapters: data, offset: offset))
        return rows(host)
    }

    fileprivate func chapters(_ n: Int, rows: Int = 3) -> [Chapter] {
        (0..<n).map { Chapter(id: $0, title: "H\($0)", rows: rows) }
    }

    @Test func sectionsInsertedAndRemovedShowTheNextFrameWithTheirPinnedHeader() {
        let host = FramePipeline(columns: 6, rows: 4)
        var data = chapters(3)
        // Lines: H0 r0.0 r0.1 r0.2 H1 r1.0 …: line 5 (r1.0) under H1, pinned.
        #expect(shown(host, data, offset: 5) == ["H1", "r1.1", "r1.2", "H2"])
        // A section of two rows before the others: everything after it moves three lines down.
        data.insert(Chapter(id: 9, title: "H9", rows: 2), at: 0)
        #expect(shown(host, data, offset: 5) == ["H0", "r0.2", "H1", "r1.0"])
        // Section 0 removed: section 1 follows section 9.
        data.remove(at: 1)
        #expect(shown(host, data, offset: 5) == ["H1", "r1.2", "H2", "r2.0"])
        // A section removed at the end: the stack is shorter, the screen the same.
        data.removeLast()
        #expect(shown(host, data, offset: 3) == ["H1", "r1.0", "r1.1", "r1.2"])
    }

    @Test func rowsAppendedToASectionOutOfViewMoveTheSectionsAfterIt() {
        let host = FramePipeline(columns: 8, rows: 4)
        var data = chapters(100)
        // Section 50 starts at line 200: its header pinned over it, its rows below.
        #expect(shown(host, data, offset: 201) == ["H50", "r50.1", "r50.2", "H51"])
        // Two rows more in section 2, far above: section 50 starts two lines
        // later, and line 201 is section 49's last row, under its header.
        data[2].rows = 5
        #expect(shown(host, data, offset: 201) == ["H49", "H50", "r50.0", "r50.1"])
        // Three rows appended to the section in view.
        data[49].rows = 6
        #expect(shown(host, data, offset: 201) == ["H49", "r49.3", "r49.4", "r49.5"])
        // The last section's end is where the counted lines say: 100 sections of 4 lines, 5 more.
        #expect(shown(host, data, offset: 10_000) == ["H99", "r99.0", "r99.1", "r99.2"])
    }

    @Test func aChangedHeaderShowsPinnedTheNextFrame() {
        let host = FramePipeline(columns: 8, rows: 4)
        var data = chapters(3)
        #expect(shown(host, data, offset: 2) == ["H0", "r0.2", "H1", "r1.0"])
        data[0].title = "First"
        data[1].title = "Second"
        #expect(shown(host, data, offset: 2) == ["First", "r0.2", "Second", "r1.0"])
        // Scrolled on: the second header pinned, with its new title.
        #expect(shown(host, data, offset: 5) == ["Second", "r1.1", "r1.2", "H2"])
    }

    @Test func aSectionInViewIsReadAgainWhenItsContentChangesWithTheSameData() {
        // The same range of sections each frame; the content closure reads `footers`.
        let host = FramePipeline(columns: 6, rows: 4)
        host.render(Sections(offset: 3))
        #expect(rows(host) == ["r0.2", "H1", "r1.0", "r1.1"])
        host.render(Sections(offset: 3, footers: true))
        // Lines: H0 r0.0 r0.1 r0.2 F0 H1 r1.0 …
        #expect(rows(host) == ["r0.2", "F0", "H1", "r1.0"])
        host.render(Sections(offset: 9, footers: true))
        #expect(rows(host) == ["F1", "H2", "r2.0", "r2.1"])
        host.render(Sections(offset: 9, pinned: .sectionHeaders, footers: true))
        #expect(rows(host) == ["H1", "H2", "r2.0", "r2.1"])
    }

    @Test func aFrameWithTheSameSectionDataReadsOnlyTheSectionsInView() {
        let host = FramePipeline(columns: 10, rows: 6)
        let data = chapters(10_000, rows: 10)
        let reads = SectionReads()
        host.render(Chapters(chapters: data, offset: 0, reads: reads))
        // The first frame counts every section's lines.
        #expect(reads.count >= 10_000)
        // Scrolled: the same array, so the counted lines hold; only the sections in view are read.
        for offset in [1, 55, 50_000, 109_990] {
            reads.count = 0
            host.render(Chapters(chapters: data, offset: offset, reads: reads))
            #expect(reads.count <= 3, "\(offset): \(reads.count)")
        }
        // Section 5000 starts at line 55000.
        host.render(Chapters(chapters: data, offset: 55_000, reads: reads))
        #expect(rows(host) == ["H5000", "r5000.0", "r5000.1", "r5000.2", "r5000.3", "r5000.4"])
        // A new array (one row more in the last section): every section counted again.
        var changed = data
        changed[9_999].rows = 11
        reads.count = 0
        host.render(Chapters(chapters: changed, offset: 55_000, reads: reads))
        #expect(reads.count >= 10_000)
        #expect(rows(host) == ["H5000", "r5000.0", "r5000.1", "r5000.2", "r5000.3", "r5000.4"])
    }

    @Test func noColumnsEmptySectionsAndHugeSpacingNeitherTrapNorHang() {
        struct Hostile: View {
            var columns: [GridItem]
            var body: some View {
                ScrollView {
                    LazyVGrid(columns: columns, spacing: .max, pinnedViews: [.sectionHeaders, .sectionFooters]) {
                        Section(header: Text("A")) { ForEach(0..<0, id: \.self) { Text("\($0)") } }
                        Section { ForEach(0..<0, id: \.self) { Text("\($0)") } }
                        Section(header: Text("B"), footer: Text("b")) { ForEach(0..<100_000, id: \.self) { Text("\($0)") } }
                    }
                }
            }
        }
        let none = FramePipeline(columns: 6, rows: 3)
        none.render(Hostile(columns: []))
        #expect(none.textRows.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        let one = FramePipeline(columns: 6, rows: 3)
        one.render(Hostile(columns: [GridItem(.flexible(minimum: 1))]))
        one.scroll(column: 1, row: 1, lines: 5)
        #expect(one.textRows.count == 3)
        #expect(one.graph.liveNodes < 100, "\(one.graph.liveNodes)")
    }
}
