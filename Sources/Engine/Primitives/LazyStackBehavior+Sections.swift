/// Sections in a lazy stack or grid: headers and footers as lines of their
/// own (across the whole stack; a grid's cells start again at its first
/// track after a header), and the pinned ones held at the viewport's edges.
///
/// Only the lines in view, and the pinned header and footer of the
/// sections at the viewport's two edges, have nodes; they are reconciled
/// by key (section, role, cell id) as the stack is placed, so a cell keeps
/// its node while it stays in view.
extension LazyStackBehavior {
    /// The lines of the sections with `tracks` cells a line: as counted
    /// while their data stays the same, else counted again (every section
    /// read).
    ///
    /// - Complexity: O(1) when counted for these tracks; O(sections) for
    ///   other tracks (no section read); each section read (its value
    ///   made) when their data changed.
    func sectionLines(_ list: LazySectionList, tracks: Int) -> LazySectionLines {
        if let counted = countedLines {
            guard counted.tracks != tracks else { return counted }
            let lines = counted.with(tracks: tracks)
            countedLines = lines
            return lines
        }
        var shapes: [LazySectionShape] = []
        shapes.reserveCapacity(list.count)
        for s in 0..<list.count { shapes.append(LazySectionShape(list[s])) }
        let lines = LazySectionLines(shapes: shapes, tracks: tracks)
        countedLines = lines
        return lines
    }

    /// The size of a sectioned stack: its lines, each ``rowHeight`` long.
    func sectionedSize(_ list: LazySectionList, across: Int?) -> Size {
        let tracks = self.tracks(across: across)
        let lines = sectionLines(list, tracks: tracks.tracks.count)
        let main = lines.total == 0
            ? 0 : Swift.max(0, (lines.total - 1).saturatingProduct(pitch).saturatingSum(rowHeight))
        let cross = across ?? (gridItems == nil ? idealAcross.widest : tracks.length)
        return axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    /// The line of the cell whose id is `key` in this sectioned stack, as
    /// last placed; `nil` when no cell has it (``ScrollViewProxy``).
    ///
    /// - Complexity: the sections up to the one that has it made, and a
    ///   walk of their ids.
    func sectionLine(of key: ExplicitID) -> Int? {
        guard let sections, let lines = countedLines else { return nil }
        return sections.line(of: key, in: lines)
    }

    /// What to bring into view for line `line` of a sectioned stack whose
    /// frame is `frame` (``frame(ofCell:in:)``), with room for its
    /// section's pinned header before it and pinned footer after it, so
    /// that neither covers it; any other stack's cell `line` as it is.
    func scrollFrame(ofCell line: Int, in frame: Rect) -> Rect {
        let r = self.frame(ofCell: line, in: frame)
        guard sections != nil, let lines = countedLines, !pinnedViews.isEmpty else { return r }
        guard line >= 0, line < lines.total else { return r }
        let s = lines.section(ofLine: line)
        let shape = lines.shapes[s]
        let before = pinnedViews.contains(.sectionHeaders) && shape.hasHeader && line != lines.starts[s]
            ? pitch : 0
        let after = pinnedViews.contains(.sectionFooters) && shape.hasFooter && line != lines.end(of: s) - 1
            ? pitch : 0
        return axis == .vertical
            ? Rect(x: r.x, y: r.y - before, width: r.width, height: r.height + before + after)
            : Rect(x: r.x - before, y: r.y, width: r.width + before + after, height: r.height)
    }

    /// The sections read while a sectioned stack is placed: each read
    /// (its value made, from this frame's content) once, and its shape
    /// checked against the lines counted. A section whose data stayed the
    /// same can still show other rows (its content closure reads more than
    /// its element): the sections in view are the ones read, so what shows
    /// is this frame's.
    @MainActor
    private struct SectionReader {
        let list: LazySectionList
        var lines: LazySectionLines
        private var read: [(index: Int, section: LazySectionList.Section)] = []
        /// Some section's lines were not as counted: the lines after it moved.
        var moved = false

        init(_ list: LazySectionList, _ lines: LazySectionLines) {
            self.list = list
            self.lines = lines
        }

        mutating func section(_ s: Int) -> LazySectionList.Section {
            if let hit = read.first(where: { $0.index == s }) { return hit.section }
            let section = list[s]
            if lines.set(LazySectionShape(section), of: s) { moved = true }
            read.append((s, section))
            return section
        }
    }

    /// The entries of line `line`: a header, a footer, or a line of cells.
    private func appendEntries(ofLine line: Int, _ reader: inout SectionReader, into out: inout [LazyEntry]) {
        let s = reader.lines.section(ofLine: line)
        let section = reader.section(s)
        let lines = reader.lines
        var local = line - lines.starts[s]
        if let header = section.header {
            if local == 0 {
                out.append(LazyEntry(key: LazyEntryKey(section: section.key, role: .header, id: ExplicitID(0)),
                                     view: header, section: s, line: line, track: 0))
                return
            }
            local -= 1
        }
        let first = local * lines.perLine
        guard first < section.cells.count else {
            if let footer = section.footer {
                out.append(LazyEntry(key: LazyEntryKey(section: section.key, role: .footer, id: ExplicitID(0)),
                                     view: footer, section: s, line: line, track: 0))
            }
            return
        }
        for i in first..<Swift.min(section.cells.count, first + lines.perLine) {
            let (id, view) = section.cells.cell(i)
            out.append(LazyEntry(key: LazyEntryKey(section: section.key, role: .cell, id: id), view: view,
                                 section: s, line: line, track: i - first))
        }
    }

    /// The line of section `s`'s header, or of its footer.
    private func barLine(_ role: LazyEntryKey.Role, of s: Int, _ lines: LazySectionLines) -> Int? {
        let shape = lines.shapes[s]
        switch role {
        case .header: return shape.hasHeader ? lines.starts[s] : nil
        case .footer: return shape.hasFooter ? lines.end(of: s) - 1 : nil
        case .cell: return nil
        }
    }

    /// The entries of the lines `first..<last`, and the pinned header of
    /// the section at the top and footer of the one at the bottom: built
    /// even when their own line is out of view, and last (painted over the
    /// cells they hold above).
    private func entries(_ first: Int, _ last: Int, _ reader: inout SectionReader) -> [LazyEntry] {
        var entries: [LazyEntry] = []
        for line in first..<last { appendEntries(ofLine: line, &reader, into: &entries) }
        var pinned: [LazyEntry] = []
        if first < last {
            for (role, kind) in [(LazyEntryKey.Role.header, PinnedScrollableViews.sectionHeaders),
                                 (.footer, .sectionFooters)] where pinnedViews.contains(kind) {
                let s = reader.lines.section(ofLine: role == .header ? first : last - 1)
                guard let line = barLine(role, of: s, reader.lines) else { continue }
                if let i = entries.firstIndex(where: { $0.line == line && $0.key.role == role }) {
                    var e = entries.remove(at: i)
                    e.isPinned = true
                    pinned.append(e)
                } else {
                    var one: [LazyEntry] = []
                    appendEntries(ofLine: line, &reader, into: &one)
                    if var e = one.first {
                        e.isPinned = true
                        pinned.append(e)
                    }
                }
            }
        }
        entries.append(contentsOf: pinned)
        return entries
    }

    /// Places a sectioned stack's lines in view in `rect`, reconciling
    /// their nodes under `holder`.
    ///
    /// - Complexity: the sections in view read, and O(log sections) to find
    ///   them; the sections after one whose lines were not as counted are
    ///   moved (O(sections), no section read).
    func placeSections(_ list: LazySectionList, holder: ViewNode, node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let across = axis == .vertical ? rect.width : rect.height
        let tracks = self.tracks(across: across)
        guard !tracks.tracks.isEmpty else {
            // A grid of no columns shows nothing (its sections take no lines).
            graph.containingLayoutMarks(of: node) {
                ForEach<[LazyEntry], Int, AnyView>.reconcile(
                    [], id: { $0.serial }, content: { $0.view }, node: holder, graph: graph)
            }
            placedEntryOrder = []
            if holder.structureChanged || node.structureChanged { graph.refreshLayoutChildren(node) }
            return
        }
        var reader = SectionReader(list, sectionLines(list, tracks: tracks.tracks.count))
        // A stack's header sits as its rows do; a grid's at its leading edge.
        let barAlignment = gridItems == nil
            ? (axis == .vertical ? Alignment(horizontal: alignment.horizontal, vertical: .top)
                                 : Alignment(horizontal: .leading, vertical: alignment.vertical))
            : Alignment.topLeading
        let (visibleStart, visibleEnd) = visibleRange(in: rect, graph: graph)
        var moved = false
        settleLineLength(in: rect, graph: graph) { length, pitch, visible in
            // A section read in view whose lines were not as counted moves
            // the lines after it: find the lines in view again. Each section
            // is read once, so this ends.
            var entries: [LazyEntry]
            repeat {
                reader.moved = false
                let inView = visible(reader.lines.total)
                entries = self.entries(inView.lowerBound, inView.upperBound, &reader)
                moved = moved || reader.moved
            } while reader.moved
            entrySerials.number(&entries)
            let lines = reader.lines
            graph.containingLayoutMarks(of: node) {
                ForEach<[LazyEntry], Int, AnyView>.reconcile(
                    entries, id: { $0.serial },
                    content: { $0.isHeaderOrFooter ? AnyView(LazySectionBar(alignment: barAlignment, content: $0.view)) : $0.view },
                    node: holder, graph: graph)
            }
            placedRows = nil
            placedEntryOrder = entries.map { $0.line.saturatingProduct(lines.perLine).saturatingSum($0.track) }
            placedLines = (lines.total, lines.perLine)
            if holder.structureChanged || node.structureChanged { graph.refreshLayoutChildren(node) }
            return placeEntries(entries, nodes: holder.children, lines: lines, tracks: tracks, pitch: pitch,
                                length: length, visible: (visibleStart, visibleEnd), in: rect, graph: graph)
        }
        countedLines = reader.lines
        // Lines moved: the size this stack answered counted the old ones.
        settle(node, graph: graph, linesChanged: moved)
    }

    /// Places `entries` (their nodes, in the same order); returns the
    /// longest along the axis (at least 1).
    private func placeEntries(_ entries: [LazyEntry], nodes: [ViewNode], lines: LazySectionLines,
                              tracks: GridTracks, pitch: Int, length: Int,
                              visible: (start: Int, end: Int), in rect: Rect, graph: ViewGraph) -> Int {
        let across = axis == .vertical ? rect.width : rect.height
        let start = axis == .vertical ? rect.y : rect.x
        let block = gridItems == nil ? 0 : blockOffset(tracks, across: across)
        var longest = 1
        for (entry, cell) in zip(entries, nodes) {
            var main = entry.line.saturatingProduct(pitch)
            if entry.isPinned {
                // Held at the edge while its section shows, pushed by the section's other end.
                let s = entry.section
                let firstLine = lines.starts[s], lastLine = lines.end(of: s) - 1
                if entry.key.role == .header {
                    main = Swift.max(main, visible.start - start)
                    main = Swift.min(main, lastLine.saturatingProduct(pitch))
                } else {
                    main = Swift.min(main, visible.end - start - length)
                    let floor = (firstLine + (lines.shapes[s].hasHeader ? 1 : 0)).saturatingProduct(pitch)
                    main = Swift.max(main, Swift.min(floor, entry.line.saturatingProduct(pitch)))
                }
            }
            let track: GridTrack = entry.isHeaderOrFooter
                ? GridTrack(offset: -block, length: across, alignment: nil)
                : tracks.tracks[entry.track]
            let area = axis == .vertical
                ? Rect(x: rect.x + block + track.offset, y: saturatingAdd(rect.y, main), width: track.length,
                       height: length)
                : Rect(x: saturatingAdd(rect.x, main), y: rect.y + block + track.offset, width: length,
                       height: track.length)
            longest = Swift.max(longest, placeCell(cell, track: track, in: area, graph: graph,
                                                   fills: entry.isHeaderOrFooter))
        }
        return longest
    }
}
