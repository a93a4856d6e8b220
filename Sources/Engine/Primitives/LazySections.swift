/// A lazy stack's or grid's content read as ``Section``s: each section's
/// header and footer, and its cells (a ``ForEach``'s elements, reached one
/// at a time by offset, or the section's other views).
///
/// A ``ForEach`` of sections (the usual content) is read one section at a
/// time, by offset: making the list builds no section, and reading one
/// builds its value (its header, footer and cells' count), never a body.
/// Other content is read as it is written: each ``Section`` among its
/// views, and views outside any section as headerless sections of their
/// own, one for each run of them.
@MainActor
struct LazySectionList {
    /// One section.
    struct Section {
        /// Its identity: its ``ForEach`` element's id, else its place.
        var key: ExplicitID
        var header: AnyView?
        var footer: AnyView?
        var cells: LazySectionCells
    }

    /// How many sections there are.
    let count: Int
    /// The ``ForEach`` of sections; `nil`: content of written-out views.
    private let source: (any LazySectionSource)?
    /// The sections of written-out content.
    private let written: [Section]

    /// Section `s` (`0..<count`).
    ///
    /// - Complexity: one section's value made (for a ``ForEach``: its
    ///   content closure called once).
    subscript(s: Int) -> Section { source?.section(at: s) ?? written[s] }

    /// The sections of `content`; `nil` when it holds no ``Section``.
    init?<Content: View>(_ content: Content) {
        if let source = content as? any LazySectionSource {
            self.source = source
            count = source.sectionCount
            written = []
            return
        }
        let list = ViewList(content)
        var sections: [Section] = []
        var found = false
        var loose: [ViewList.Element] = []
        func flushLoose(at place: Int) {
            guard !loose.isEmpty else { return }
            sections.append(Section(key: ExplicitID(LoosePlace(place: place)), header: nil, footer: nil,
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
            sections.append(Section(key: element.tag.map(ExplicitID.init(tag:)) ?? ExplicitID(place),
                                    header: section.lazyHeader, footer: section.lazyFooter, cells: section.lazyCells))
        }
        flushLoose(at: list.elements.count)
        guard found else { return nil }
        source = nil
        written = sections
        count = sections.count
    }

    /// Whether `other` reads the same sections from the same data: both
    /// are a ``ForEach`` of the same type whose data is the same value by
    /// its bytes (a range, or an array's storage: see ``ForEach``) with the
    /// same ids. Content written out is never the same (it is read again).
    ///
    /// - Complexity: O(1): no element is compared.
    func hasSameData(as other: LazySectionList) -> Bool {
        guard let source, let previous = other.source else { return false }
        return source.hasSameSectionData(as: previous)
    }

    /// The cells of a run of views outside sections. (Made here, not in a
    /// local function: an optimised build's region analysis takes a local
    /// function's captures for task-isolated ones, and refuses to send them
    /// to the main actor's closure.)
    private static func cells(of views: [ViewList.Element]) -> LazySectionCells {
        LazySectionCells(count: views.count, cell: { i in (views[i].tag.map(ExplicitID.init(tag:)) ?? ExplicitID(i), views[i].view) },
                         index: { key in LazySectionCells.index(of: key, in: views) })
    }

    /// The place of a run of views outside sections (a key no ``ForEach`` id can equal).
    private struct LoosePlace: Hashable, Sendable {
        var place: Int
    }

    /// The line of the cell whose id is `key` (its ``ForEach`` id, or its
    /// tag), placed by `lines`; `nil` when no cell has it.
    ///
    /// - Complexity: each section made, up to the one that has it, and a
    ///   walk of their ids; no cell's view is made.
    func line(of key: ExplicitID, in lines: LazySectionLines) -> Int? {
        guard lines.tracks > 0 else { return nil }
        for s in 0..<Swift.min(count, lines.shapes.count) {
            let section = self[s]
            guard let i = section.cells.index(key) else { continue }
            return lines.starts[s] + (section.header == nil ? 0 : 1) + i / lines.perLine
        }
        return nil
    }
}

extension ExplicitID {
    /// A view's tag (made from a `Hashable & Sendable` value) as an id.
    init(tag: AnyHashable) {
        storage = .other(tag)
    }
}

/// What of a section decides its lines: whether it has a header and a
/// footer, and how many cells it has.
struct LazySectionShape: Equatable {
    var hasHeader: Bool
    var cells: Int
    var hasFooter: Bool

    init(_ section: LazySectionList.Section) {
        hasHeader = section.header != nil
        cells = section.cells.count
        hasFooter = section.footer != nil
    }

    /// Its lines with `tracks` cells to a line (none with none: a grid of
    /// no columns shows no cells, and no headers either).
    func lines(tracks: Int) -> Int {
        guard tracks > 0 else { return 0 }
        let cellLines = cells <= 0 ? 0 : (cells - 1) / tracks + 1
        return (hasHeader ? 1 : 0).saturatingSum(cellLines).saturatingSum(hasFooter ? 1 : 0)
    }
}

/// Where each section's lines start, for one number of cells a line: the
/// sections' shapes, and the first line of each (a prefix sum), kept by the
/// stack while its sections' data stays the same (``LazyStackBehavior``).
struct LazySectionLines {
    private(set) var shapes: [LazySectionShape]
    private(set) var starts: [Int]
    private(set) var total = 0
    /// The cells a line the lines were counted for (0: a grid of no
    /// columns, whose sections take no lines).
    private(set) var tracks: Int
    /// Cells a line, at least 1 (for dividing).
    var perLine: Int { Swift.max(1, tracks) }

    /// - Complexity: O(sections).
    init(shapes: [LazySectionShape], tracks: Int) {
        self.shapes = shapes
        self.tracks = tracks
        starts = []
        recount(from: 0)
    }

    /// The same shapes with `tracks` cells a line.
    ///
    /// - Complexity: O(sections), none of them made.
    func with(tracks: Int) -> LazySectionLines {
        tracks == self.tracks ? self : LazySectionLines(shapes: shapes, tracks: tracks)
    }

    /// Section `s` has `shape` (read again as it came into view); returns
    /// whether that changed its lines' count, and then moves the sections
    /// after it.
    ///
    /// - Complexity: O(1) when its shape is the same; else O(sections after it).
    mutating func set(_ shape: LazySectionShape, of s: Int) -> Bool {
        guard shapes[s] != shape else { return false }
        let before = shapes[s].lines(tracks: tracks)
        shapes[s] = shape
        guard shape.lines(tracks: tracks) != before else { return false }
        recount(from: s)
        return true
    }

    /// Counts the starts of section `first` on (and the total) again.
    private mutating func recount(from first: Int) {
        starts.removeSubrange(Swift.min(first, starts.count)...)
        starts.reserveCapacity(shapes.count)
        var line = first == 0 ? 0 : starts[first - 1].saturatingSum(shapes[first - 1].lines(tracks: tracks))
        for s in first..<shapes.count {
            starts.append(line)
            line = line.saturatingSum(shapes[s].lines(tracks: tracks))
        }
        total = line
    }

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
    /// How many sections (its data's count).
    var sectionCount: Int { get }
    /// Section `offset`, keyed by its element's id.
    func section(at offset: Int) -> LazySectionList.Section
    /// `other` is a ``ForEach`` of the same type, with data that is the same
    /// value by its bytes (``hasValueBytes(_:)``) and the same ids.
    func hasSameSectionData(as other: any LazySectionSource) -> Bool
}

extension ForEach: LazySectionSource where Content: LazySectionValue {
    var sectionCount: Int { data.count }

    func section(at offset: Int) -> LazySectionList.Section {
        let element = data[data.index(data.startIndex, offsetBy: offset)]
        let section = content(element)
        return LazySectionList.Section(key: ExplicitID(id(element)), header: section.lazyHeader,
                                       footer: section.lazyFooter, cells: section.lazyCells)
    }

    func hasSameSectionData(as other: any LazySectionSource) -> Bool {
        guard let other = other as? Self, idSource == other.idSource else { return false }
        return hasValueBytes(Data.self) && sameBytes(data, other.data)
    }
}

/// A section's cells: how many, cell `i`'s id and view, and the offset of
/// the cell with an id (found without making views).
struct LazySectionCells {
    var count: Int
    var cell: @MainActor (Int) -> (ExplicitID, AnyView)
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
        return LazySectionCells(count: views.count,
                                cell: { i in (views[i].tag.map(ExplicitID.init(tag:)) ?? ExplicitID(i), views[i].view) },
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
                return (ExplicitID(id(element)), AnyView(content(element)))
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
///
/// ``ExplicitID``s, not `AnyHashable`s: integer ids (ranges, indices) are
/// compared as integers, without unboxing.
struct LazyEntryKey: Hashable, Sendable {
    enum Role: UInt8 { case header, cell, footer }
    var section: ExplicitID
    var role: Role
    var id: ExplicitID

    static func == (a: Self, b: Self) -> Bool {
        a.role == b.role && a.id.matches(b.id) && a.section.matches(b.section)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(section)
        hasher.combine(role)
        hasher.combine(id)
    }
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
    /// The number its node is reconciled by, one to a key while the key
    /// stays in view (``LazyEntrySerials``).
    var serial = 0
    var isHeaderOrFooter: Bool { key.role != .cell }
}

/// A number for each key of a sectioned stack's entries in view, kept while
/// the key stays in view: the entries' nodes are reconciled by it, an
/// integer id, where an ``ExplicitID`` of a ``LazyEntryKey`` would be an
/// `AnyHashable`, unboxed by a dynamic cast (and its metadata looked up)
/// on every comparison of the reconciler's lookups: about 4,400
/// instructions each, a million a frame for a screen of rows.
struct LazyEntrySerials {
    private var serials: [LazyEntryKey: Int] = [:]
    private var last = 0

    /// Gives each of `entries` its key's number (a new one to a key not in
    /// view last time), and forgets the keys no longer in view.
    mutating func number(_ entries: inout [LazyEntry]) {
        var kept = [LazyEntryKey: Int](minimumCapacity: entries.count)
        for i in entries.indices {
            let key = entries[i].key
            let serial: Int
            if let known = serials[key] ?? kept[key] {
                serial = known
            } else {
                last += 1
                serial = last
            }
            kept[key] = serial
            entries[i].serial = serial
        }
        serials = kept
    }
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

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        NodeBehavior.fillSpansRows(node, visible: visible, of: region, painted: part)
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let visible = clip.intersection(node.frame)
        guard !visible.isEmpty else { return }
        canvas.fill(visible, with: .blank(canvas.styles.transientID(for: inherited)))
    }
}
