/// Sections in a lazy stack or grid: headers and footers as lines of their
/// own (across the whole stack; a grid's cells start again at its first
/// track after a header), and the pinned ones held at the viewport's edges.
///
/// Only the lines in view, and the pinned header and footer of the
/// sections at the viewport's two edges, have nodes; they are reconciled
/// by key (section, role, cell id) as the stack is placed, so a cell keeps
/// its node while it stays in view.
extension LazyStackBehavior {
    /// The size of a sectioned stack: its lines, each ``rowHeight`` long.
    func sectionedSize(_ list: LazySectionList, across: Int?) -> Size {
        let tracks = self.tracks(across: across)
        let lines = list.lines(perLine: tracks.tracks.count)
        let main = lines.total == 0
            ? 0 : Swift.max(0, (lines.total - 1).saturatingProduct(pitch).saturatingSum(rowHeight))
        let cross = across ?? (gridItems == nil ? idealAcross.widest : tracks.length)
        return axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    /// What to bring into view for line `line` of a sectioned stack whose
    /// frame is `frame` (``frame(ofCell:in:)``), with room for its
    /// section's pinned header before it and pinned footer after it, so
    /// that neither covers it; any other stack's cell `line` as it is.
    func scrollFrame(ofCell line: Int, in frame: Rect) -> Rect {
        let r = self.frame(ofCell: line, in: frame)
        guard let sections, !pinnedViews.isEmpty else { return r }
        let lines = sections.lines(perLine: placedLines.perLine)
        guard line >= 0, line < lines.total else { return r }
        let s = lines.section(ofLine: line)
        let section = sections.sections[s]
        let before = pinnedViews.contains(.sectionHeaders) && section.header != nil && line != lines.starts[s]
            ? pitch : 0
        let after = pinnedViews.contains(.sectionFooters) && section.footer != nil && line != lines.end(of: s) - 1
            ? pitch : 0
        return axis == .vertical
            ? Rect(x: r.x, y: r.y - before, width: r.width, height: r.height + before + after)
            : Rect(x: r.x - before, y: r.y, width: r.width + before + after, height: r.height)
    }

    /// The entries of line `line`: a header, a footer, or a line of cells.
    private func appendEntries(ofLine line: Int, _ list: LazySectionList, _ lines: LazySectionLines,
                         into out: inout [LazyEntry]) {
        let s = lines.section(ofLine: line)
        let section = list.sections[s]
        var local = line - lines.starts[s]
        if let header = section.header {
            if local == 0 {
                out.append(LazyEntry(key: LazyEntryKey(section: section.key, role: .header, id: AnyHashable(0)),
                                     view: header, section: s, line: line, track: 0))
                return
            }
            local -= 1
        }
        let first = local * lines.perLine
        guard first < section.cells.count else {
            if let footer = section.footer {
                out.append(LazyEntry(key: LazyEntryKey(section: section.key, role: .footer, id: AnyHashable(0)),
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
    private func barLine(_ role: LazyEntryKey.Role, of s: Int, _ list: LazySectionList,
                         _ lines: LazySectionLines) -> Int? {
        let section = list.sections[s]
        switch role {
        case .header: return section.header == nil ? nil : lines.starts[s]
        case .footer: return section.footer == nil ? nil : lines.end(of: s) - 1
        case .cell: return nil
        }
    }

    /// Places a sectioned stack's lines in view in `rect`, reconciling
    /// their nodes under `holder`.
    func placeSections(_ list: LazySectionList, holder: ViewNode, node: ViewNode, in rect: Rect, graph: ViewGraph) {
        let across = axis == .vertical ? rect.width : rect.height
        let tracks = self.tracks(across: across)
        guard !tracks.tracks.isEmpty else {
            // A grid of no columns shows nothing (its sections take no lines).
            graph.containingLayoutMarks(of: node) {
                ForEach<[LazyEntry], LazyEntryKey, AnyView>.reconcile(
                    [], id: { $0.key }, content: { $0.view }, node: holder, graph: graph)
            }
            placedEntryOrder = []
            if holder.structureChanged || node.structureChanged { graph.refreshLayoutChildren(node) }
            return
        }
        let lines = list.lines(perLine: tracks.tracks.count)
        let viewport = visibleRange(in: rect, graph: graph)
        let start = axis == .vertical ? rect.y : rect.x
        let (visibleStart, visibleEnd) = viewport
        var length = rowHeight
        idealAcross.placed = 0
        for attempt in 0..<5 {
            let pitch = self.pitch(length)
            let first = Swift.min(lines.total, Swift.max(0, (visibleStart - start) / pitch))
            let last = Swift.max(first, Swift.min(lines.total, saturatingAdd(visibleEnd - start, pitch - 1) / pitch))
            var entries: [LazyEntry] = []
            for line in first..<last { appendEntries(ofLine: line, list, lines, into: &entries) }
            // The pinned header of the section at the top and footer of the
            // one at the bottom: built even when their own line is out of
            // view, and painted last (over the cells they hold above).
            var pinned: [LazyEntry] = []
            if first < last {
                for (role, kind) in [(LazyEntryKey.Role.header, PinnedScrollableViews.sectionHeaders),
                                     (.footer, .sectionFooters)] where pinnedViews.contains(kind) {
                    let s = lines.section(ofLine: role == .header ? first : last - 1)
                    guard let line = barLine(role, of: s, list, lines) else { continue }
                    if let i = entries.firstIndex(where: { $0.line == line && $0.key.role == role }) {
                        var e = entries.remove(at: i)
                        e.isPinned = true
                        pinned.append(e)
                    } else {
                        var one: [LazyEntry] = []
                        appendEntries(ofLine: line, list, lines, into: &one)
                        if var e = one.first {
                            e.isPinned = true
                            pinned.append(e)
                        }
                    }
                }
            }
            entries.append(contentsOf: pinned)
            // A stack's header sits as its rows do; a grid's at its leading edge.
            let barAlignment = gridItems == nil
                ? (axis == .vertical ? Alignment(horizontal: alignment.horizontal, vertical: .top)
                                     : Alignment(horizontal: .leading, vertical: alignment.vertical))
                : Alignment.topLeading
            graph.containingLayoutMarks(of: node) {
                ForEach<[LazyEntry], LazyEntryKey, AnyView>.reconcile(
                    entries, id: { $0.key },
                    content: { $0.isHeaderOrFooter ? AnyView(LazySectionBar(alignment: barAlignment, content: $0.view)) : $0.view },
                    node: holder, graph: graph)
            }
            placedRows = nil
            placedEntryOrder = entries.map { $0.line.saturatingProduct(lines.perLine).saturatingSum($0.track) }
            placedLines = (lines.total, lines.perLine)
            if holder.structureChanged || node.structureChanged { graph.refreshLayoutChildren(node) }
            let longest = placeEntries(entries, nodes: holder.children, lines: lines, list: list, tracks: tracks,
                                       pitch: pitch, length: length, visible: (visibleStart, visibleEnd),
                                       in: rect, graph: graph)
            if longest == length || attempt == 4 { break }
            length = attempt == 3 ? Swift.max(length, longest) : longest
        }
        rowHeight = length
        settle(node, graph: graph)
    }

    /// Places `entries` (their nodes, in the same order); returns the
    /// longest along the axis (at least 1).
    private func placeEntries(_ entries: [LazyEntry], nodes: [ViewNode], lines: LazySectionLines,
                              list: LazySectionList, tracks: GridTracks, pitch: Int, length: Int,
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
                    let floor = (firstLine + (list.sections[s].header == nil ? 0 : 1)).saturatingProduct(pitch)
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
