import Testing
@testable import Engine

/// Grid and GridRow, against the rules of Apple's Grid documentation:
/// "The grid sets the width of each column based on the widest cell in the
/// column"; the first view of a row is in the first column, the second in
/// the second; a view not in a GridRow makes a row that spans all columns
/// (the Divider example); gridCellColumns "Tells a view that acts as a cell
/// in a grid to span the specified number of columns"; gridColumnAlignment
/// "Overrides the default horizontal alignment of the grid column that the
/// view appears in"; gridCellUnsizedAxes "Asks grid layouts not to offer
/// the view extra size in the specified axes".
@MainActor
@Suite("Grid")
struct GridTests {
    func rows<V: View>(_ columns: Int, _ rows: Int, _ view: V) -> [String] {
        let host = FramePipeline(columns: columns, rows: rows)
        host.render(view)
        return host.textRows
    }

    @Test("each column is as wide as its widest cell; cells are centred in their areas by default")
    func columnsFromWidestCell() {
        let grid = Grid {
            GridRow { Text("a"); Text("bbb") }
            GridRow { Text("cccc"); Text("d") }
        }
        // Columns 4 and 3, one column of spacing: 8 wide.
        #expect(rows(8, 2, grid) == [" a   bbb", "cccc  d "])
    }

    @Test("grid alignment, a column's alignment, spacing, and a Divider across all columns")
    func alignmentAndDivider() {
        let grid = Grid(alignment: .leading, horizontalSpacing: 2) {
            GridRow { Text("Name"); Text("Size").gridColumnAlignment(.trailing) }
            Divider()
            GridRow { Text("notes.txt"); Text("12 KB") }
            GridRow { Text("a"); Text("3") }
        }
        // Columns 9 and 5 with 2 between: 16 wide; the second column trailing.
        #expect(rows(16, 4, grid) == ["Name        Size", "────────────────", "notes.txt  12 KB", "a              3"])
    }

    @Test("a cell spanning two columns; wider than them, it widens the last it covers")
    func spanningCell() {
        let grid = Grid(verticalSpacing: 1) {
            GridRow { Text("a"); Text("b"); Text("c") }
            GridRow { Text("wide text here").gridCellColumns(2); Text("d") }
        }
        // Columns 1, 12 (1 widened by the 14-wide span), 1: 16 wide.
        #expect(rows(16, 3, grid) == ["a      b       c", "                ", "wide text here d"])
    }

    @Test("an unsized cell does not widen its column; an anchor places a cell in its area")
    func unsizedAndAnchor() {
        let grid = Grid {
            GridRow { Text("ab"); Text("c\nd") }
            Divider()
            GridRow { Text("wider").lineLimit(1).gridCellUnsizedAxes(.horizontal); Text("e") }
            GridRow { Text("x").gridCellAnchor(.bottomTrailing); Text("1\n2\n3") }
        }
        // The first column stays 2 wide ("ab"): "wider" is cut to it.
        #expect(rows(4, 7, grid) == ["ab c", "   d", "────", "w… e", "   1", "   2", " x 3"])
    }

    @Test("GridRow(alignment:) overrides the grid's vertical alignment for its row")
    func rowAlignment() {
        let grid = Grid {
            GridRow(alignment: .top) { Text("t"); Text("1\n2\n3") }
            GridRow { Text("c"); Text("4\n5\n6") }
        }
        #expect(rows(3, 6, grid) == ["t 1", "  2", "  3", "  4", "c 5", "  6"])
    }

    struct Growing: View {
        var word: String
        var extra: Bool
        var body: some View {
            Grid(alignment: .leading) {
                GridRow { Text("k"); Text(word) }
                if extra { GridRow { Text("more"); Text("v") } }
                GridRow { Text("key"); Text("value") }
            }
        }
    }

    @Test("a grid laid out again after a cell or a row changed equals a fresh one")
    func relayoutMatchesFresh() {
        let host = FramePipeline(columns: 20, rows: 4)
        host.render(Growing(word: "a", extra: false))
        for (word, extra) in [("a much longer", false), ("b", true), ("b", false), ("longer still", true)] {
            host.render(Growing(word: word, extra: extra))
            let fresh = FramePipeline(columns: 20, rows: 4)
            fresh.render(Growing(word: word, extra: extra))
            #expect(host.textRows == fresh.textRows, "\(word), \(extra)")
        }
        // Columns 4 and 12, leading, one column between: 17 wide, at x 1.
        #expect(host.textRows == [" k    longer still  ", " more v             ", " key  value         ",
                                  "                    "])
    }
}
