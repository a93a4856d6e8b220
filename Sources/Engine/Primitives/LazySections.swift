/// A lazy stack's or grid's content read as ``Section``s: each section's
/// header and footer, and its cells (a ``ForEach``'s elements, reached one
/// at a time by offset, or the section's other views).
///
/// Reading it builds view values, never a body: one per section (a
/// ``ForEach`` of sections makes each section's value), none per cell.
/// Views outside any section make headerless sections of their own, one
/// for each run of them.
@MainActor
struct LazySectionList {
    /// One section.
    struct Section {
        /// Its identity: its ``ForEach`` element's id, else its place.
        var key: AnyHashable
        var header: AnyView?
        var footer: AnyView?
        var cells: LazySectionCells
    }

    private(set) var sections: [Section] = []

    /// The sections of `content`; `nil` when it holds no ``Section``.
    init?<Content: View>(_ content: Content) {
        // A `ForEach` of sections (the usual content): its sections are
        // made straight from its data, without a view list of them.
        if let source = content as? any LazySectionSource {
            source.appendSections(to: &sections)
            return
        }
        let list = ViewList(content)
        var found = false
        var loose: [ViewList.Element] = []
        func flushLoose(at place: Int) {
            guard !loose.isEmpty else { return }
            sections.append(Section(key: AnyHashable(LoosePlace(place: place)), header: nil, footer: nil,
                                    cells: LazySectionList.cells(of: loose)))
            loose = []
        }
        for (place, element) in list.elements.enumerated() {
            guard let section = element.value as? any LazySectionValue else {
                loose.append(element)
                continue
            }
            found = true
            flushLoose(at: place)
            sections.append(Section(key: element.tag ?? AnyHashable(place), header: section.lazyHeader,
                                    footer: section.lazyFooter, cells: section.lazyCells))
        }
        flushLoose(at: list.elements.count)
        guard found else { return nil }
    }

    /// The cells of a run of views outside sections. (Made here, not in a
    /// local function: an optimised build's region analysis takes a local
    /// function's captures for task-isolated ones, and refuses to send them
    /// to the main actor's closure.)
    private static func cells(of views: [ViewList.Element]) -> LazySectionCells {
        LazySectionCells(count: views.count, cell: { i in (views[i].tag ?? AnyHashable(i), views[i].view) },
                         index: { key in LazySectionCells.index(of: key, in: views) })
    }

    /// The place of a run of views outside sections (a key no ``ForEach`` id can equal).
    private struct LoosePlace: Hashable {
        var place: Int
    }

    /// How many lines each section takes with `perLine` cells to a line
    /// (its header's, its cells', its footer's), as the first line of
    /// each section and the total.
    ///
    /// - Complexity: O(sections).
    func lines(perLine: Int) -> LazySectionLines {
        var starts: [Int] = []
        starts.reserveCapacity(sections.count)
        var total = 0
        for s in sections {
            starts.append(total)
            // A grid of no columns: its cells take no lines, and neither do its headers.
            guard perLine > 0 else { continue }
            let cellLines = s.cells.count == 0 ? 0 : (s.cells.count - 1) / perLine + 1
            total = total.saturatingSum((s.header == nil ? 0 : 1) + cellLines + (s.footer == nil ? 0 : 1))
        }
        return LazySectionLines(starts: starts, total: total, perLine: Swift.max(1, perLine))
    }

    /// The line of the cell whose id is `key` (its ``ForEach`` id, or its
    /// tag) with `perLine` cells to a line; `nil` when no cell has it.
    ///
    /// - Complexity: O(sections) and a walk of the ids of the sections
    ///   before the one that has it; no view is made.
    func line(of key: ExplicitID, perLine: Int) -> Int? {
        guard perLine > 0 else { return nil }
        for (s, section) in sections.enumerated() {
            guard let i = section.cells.index(key) else { continue }
            let lines = self.lines(perLine: perLine)
            return lines.starts[s] + (section.header == nil ? 0 : 1) + i / lines.perLine
        }
        return nil
    }
}

/// Where each section's lines start, for one number of cells a line.
struct LazySectionLines {
    var starts: [Int]
    var total: Int
    var perLine: Int

    /// The section holding line `line` (`0..<total`).
    ///
    /// - Complexity: O(log sections).
    func section(ofLine line: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= line { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The line after section `s`'s last.
    func end(of s: Int) -> Int { s + 1 < starts.count ? starts[s + 1] : total }
}

/// Content that is a ``ForEach`` of ``Section``s.
@MainActor
protocol LazySectionSource {
    /// Appends its sections, each keyed by its element's id.
    func appendSections(to sections: inout [LazySectionList.Section])
}

extension ForEach: LazySectionSource where Content: LazySectionValue {
    func appendSections(to sections: inout [LazySectionList.Section]) {
        sections.reserveCapacity(sections.count + data.count)
        for element in data {
            let section = content(element)
            sections.append(LazySectionList.Section(key: AnyHashable(id(element)), header: section.lazyHeader,
                                                    footer: section.lazyFooter, cells: section.lazyCells))
        }
    }
}

/// A section's cells: how many, cell `i`'s id and view, and the offset of
/// the cell with an id (found without making views).
struct LazySectionCells {
    var count: Int
    var cell: @MainActor (Int) -> (AnyHashable, AnyView)
    var index: @MainActor (ExplicitID) -> Int?

    /// The offset of the view in `views` whose tag is `key`.
    @MainActor
    static func index(of key: ExplicitID, in views: [ViewList.Element]) -> Int? {
        let wanted = key.anyHashable
        return views.firstIndex { $0.tag == wanted }
    }
}

/// A ``Section`` as a lazy stack reads it.
@MainActor
protocol LazySectionValue {
    var lazyHeader: AnyView? { get }
    var lazyFooter: AnyView? { get }
    var lazyCells: LazySectionCells { get }
}

extension Section: LazySectionValue {
    // A header or footer that stands for no view (`EmptyView`, an `if`
    // that is false) takes no line.
    var lazyHeader: AnyView? { ViewList(header).elements.isEmpty ? nil : AnyView(header) }
    var lazyFooter: AnyView? { ViewList(footer).elements.isEmpty ? nil : AnyView(footer) }

    /// A ``ForEach``'s elements, each made when it is shown; other
    /// content's views, each a cell.
    var lazyCells: LazySectionCells {
        if let source = content as? any LazyCellSource { return source.lazyCells }
        let views = ViewList(content).elements
        return LazySectionCells(count: views.count, cell: { i in (views[i].tag ?? AnyHashable(i), views[i].view) },
                                index: { key in LazySectionCells.index(of: key, in: views) })
    }
}

/// Content whose cells a lazy section makes one at a time (``ForEach``).
@MainActor
protocol LazyCellSource {
    var lazyCells: LazySectionCells { get }
}

extension ForEach: LazyCellSource where Content: View {
    var lazyCells: LazySectionCells {
        let data = self.data, id = self.id, content = self.content
        return LazySectionCells(
            count: data.count,
            cell: { i in
                let element = data[data.index(data.startIndex, offsetBy: i)]
                return (AnyHashable(id(element)), AnyView(content(element)))
            },
            index: { key in
                var offset = 0
                for element in data {
                    if ExplicitID(id(element)).matches(key) { return offset }
                    offset += 1
                }
                return nil
            })
    }
}

/// The identity of a lazy section's header, cell or footer among a lazy
/// stack's nodes: its section's key, its role, and a cell's id.
struct LazyEntryKey: Hashable, @unchecked Sendable {
    // The keys are ForEach ids (`Hashable & Sendable`) and places.
    enum Role: UInt8 { case header, cell, footer }
    var section: AnyHashable
    var role: Role
    var id: AnyHashable
}

/// A header, cell or footer of a sectioned lazy stack in view, and where it goes.
struct LazyEntry {
    var key: LazyEntryKey
    var view: AnyView
    /// Its section, its line, and its track in the line (a header's or footer's: 0).
    var section: Int
    var line: Int
    var track: Int
    /// Held at the viewport's edge (``PinnedScrollableViews``).
    var isPinned = false
    var isHeaderOrFooter: Bool { key.role != .cell }
}

/// A section's header or footer in a lazy stack: it fills its line with
/// blanks before its content draws, so that the cells a pinned one covers
/// do not show through, and places its content by `alignment`.
struct LazySectionBar<Content: View>: PrimitiveView {
    var alignment: Alignment
    var content: Content

    static func _makeBehavior() -> NodeBehavior { LazySectionBarBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: LazySectionBarBehavior.self)
        graph.set(view.alignment, &b.alignment, node: node)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class LazySectionBarBehavior: NodeBehavior {
    var alignment = Alignment.leading

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        ContentLayout.size(node, proposal, graph: graph)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: rect, alignment: alignment, graph: graph)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let visible = clip.intersection(node.frame)
        guard !visible.isEmpty else { return }
        canvas.fill(visible, with: .blank(canvas.styles.transientID(for: inherited)))
    }
}
