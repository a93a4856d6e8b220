import Engine

/// Wraps its subviews into rows as wide as it is offered: the custom
/// `Layout` an app writes for tags (the flow-layout scenario).
struct FlowLayout: Layout {
    var spacing = 1

    /// Calls `body` with each subview's offset from the layout's origin;
    /// returns the size of the whole.
    func arrange(width: Int?, _ subviews: Subviews, _ body: (LayoutSubview, Int, Int) -> Void) -> Size {
        let limit = width ?? .max
        var x = 0, y = 0, rowHeight = 0, widest = 0
        for subview in subviews {
            let s = subview.sizeThatFits(.unspecified)
            if x > 0 && x + s.width > limit {
                x = 0
                y += rowHeight
                rowHeight = 0
            }
            body(subview, x, y)
            widest = Swift.max(widest, x + s.width)
            x += s.width + spacing
            rowHeight = Swift.max(rowHeight, s.height)
        }
        return Size(width: widest, height: y + rowHeight)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
        arrange(width: proposal.width, subviews) { _, _, _ in }
    }

    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        _ = arrange(width: bounds.width, subviews) { subview, x, y in
            subview.place(at: Point(x: bounds.minX + x, y: bounds.minY + y), proposal: .unspecified)
        }
    }
}

/// `items` tags in a ``FlowLayout``; tag `changing` shows the frame's
/// number, one or two characters wide by turns, so each frame changes its
/// width and the flow is measured and placed again.
@MainActor
struct FlowScreen: View {
    var items: Int
    var changing: Int
    var frame: Int

    var body: some View {
        FlowLayout {
            ForEach(0..<items) { i in
                Text(i == changing ? "tag \(i):\(frame % 2 == 0 ? "\(frame % 10)" : "\(10 + frame % 90)")" : "tag \(i)")
            }
        }
    }
}

/// One cell of the lazy-grid scenario: its index, the same every frame.
@MainActor
struct GridCell: View, Equatable {
    var index: Int
    var body: some View { Text("item \(index)") }
}

/// `items` cells in a ``LazyVGrid`` of `columns` flexible columns, scrolled
/// so that row `top` is at the top.
@MainActor
struct GridScreen: View {
    var items: Int
    var columns: Int
    var top: Int
    var body: some View {
        ScrollView(offset: top) {
            LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: columns), alignment: .leading) {
                ForEach(0..<items) { GridCell(index: $0) }
            }
        }
    }
}

/// `rows` rows in `sections` sections (each headed "section <s>", its
/// header pinned) in a ``LazyVStack`` in a scroll view, scrolled so that
/// line `top` is at the top.
@MainActor
struct SectionsScreen: View {
    var rows: Int
    var sections: Int
    var top: Int
    var body: some View {
        let perSection = Swift.max(rows / Swift.max(sections, 1), 1)
        ScrollView(offset: top) {
            LazyVStack(alignment: .leading, pinnedViews: [.sectionHeaders]) {
                ForEach(0..<sections, id: \.self) { s in
                    Section(header: Text("section \(s)")) {
                        ForEach(s * perSection..<(s + 1) * perSection, id: \.self) { GridCell(index: $0) }
                    }
                }
            }
        }
    }
}

extension Scenarios {
    static func makeLayout(_ name: String, rows: Int?, fanout: Int? = nil) -> Scenario? {
        if name == "lazy-sections" {
            let n = rows ?? 100_000, sections = Swift.max(fanout ?? 1_000, 1)
            // Each section's header and rows are lines.
            let lines = Swift.max(n / sections, 1) * sections + sections
            return Scenario(name: name, parameters: ["rows": n, "fanout": sections],
                            root: { SectionsScreen(rows: n, sections: sections, top: $0 % lines) },
                            summary: "a LazyVStack of \(n) rows (--rows) in \(sections) sections (--fanout) with pinned headers in a scroll view; scrolled one line each frame")
        }
        if name == "lazy-grid" {
            let n = rows ?? 100_000, columns = Swift.max(fanout ?? 4, 1)
            let lines = Swift.max((n + columns - 1) / columns, 1)
            return Scenario(name: name, parameters: ["rows": n, "fanout": columns],
                            root: { GridScreen(items: n, columns: columns, top: $0 % lines) },
                            summary: "a LazyVGrid of \(n) cells (--rows) in \(columns) flexible columns (--fanout) in a scroll view; scrolled one row each frame")
        }
        guard name == "flow-layout" else { return nil }
        let n = rows ?? 1000
        return Scenario(name: name, parameters: ["rows": n],
                        root: { FlowScreen(items: n, changing: 5, frame: $0) },
                        summary: "a custom flow layout of \(n) tags (--rows); one tag's text changes width each frame, so the flow is measured and placed again")
    }
}
