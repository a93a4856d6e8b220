#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import Engine

/// A visible one-column cell, so blanks made by clipping and repair show up
/// in `textRows` as spaces among dots.
private let dot = Cell(scalar: 0x2E, width: 1, style: 0)

/// A buffer of dots with no damage recorded.
private func dots(_ columns: Int, _ rows: Int) -> CellBuffer {
    let b = CellBuffer(columns: columns, rows: rows)
    b.fill(b.bounds, with: dot)
    b.damage.removeAll()
    return b
}

/// The rows where `a` and `b` (same size) differ; whole rows compare as memory.
private func changedRows(_ a: CellBuffer, _ b: CellBuffer) -> [Int] {
    guard a.columns > 0 else { return [] }
    return (0..<a.rows).filter { y in
        memcmp(a.row(y).baseAddress!, b.row(y).baseAddress!, a.columns * MemoryLayout<Cell>.stride) != 0
    }
}

/// Whether some damage rect covers cell (`x`, `y`).
private func isDamaged(_ b: CellBuffer, _ x: Int, _ y: Int) -> Bool {
    b.damage.rects.contains { $0.contains(Rect(x: x, y: y, width: 1, height: 1)) }
}

@Suite("Cell buffer: layout, clipping, wide-grapheme repair, interning")
struct CellBufferTests {
    // MARK: Cell

    @Test("a Cell is 8 bytes of plain data (at most 16 by design)")
    func cellSize() {
        #expect(MemoryLayout<Cell>.size <= 16)
        #expect(MemoryLayout<Cell>.size == 8)
        #expect(MemoryLayout<Cell>.stride == 8)
        #expect(_isPOD(Cell.self))
    }

    @Test("Cell packs scalar, cluster, width and continuation as documented")
    func cellEncoding() {
        let a = Cell(scalar: 0x41, width: 1, style: 3)
        #expect(a.width == 1 && a.payload == 0x41 && !a.isCluster && !a.isContinuation && a.style == 3)
        let wide = Cell(scalar: 0x10FFFF, width: 2, style: 0)
        #expect(wide.width == 2 && wide.payload == 0x10FFFF && !wide.isCluster)
        let cluster = Cell(cluster: Cell.maxClusterIndex - 1, width: 2, style: 7)
        #expect(cluster.isCluster && cluster.width == 2 && cluster.payload == Cell.maxClusterIndex - 1)
        let cont = Cell.continuation(7)
        #expect(cont.isContinuation && cont.width == 0 && cont.style == 7)
        #expect(Cell.blank(5).isSpace && Cell.blank(5).style == 5 && !Cell.blank().isContinuation)
        #expect(!dot.isSpace)
        #expect(Cell.blank(1) != Cell.blank(2))
        #expect(Cell(scalar: 0x20, width: 1, style: 0) == Cell.blank())
        // `unknown` matches nothing a writer can draw.
        for c in [Cell.blank(), Cell.blank(.max), a, wide, cluster, cont, Cell.continuation(.max)] {
            #expect(c != Cell.unknown)
        }
    }

    // MARK: Writing text

    @Test("a fresh buffer is blank, undamaged and valid")
    func freshBuffer() {
        let b = CellBuffer(columns: 4, rows: 2)
        #expect(b.textRows == ["    ", "    "])
        #expect(b.damage.isEmpty)
        #expect(b.checkInvariants() == nil)
        #expect(b.bounds == Rect(x: 0, y: 0, width: 4, height: 2))
    }

    @Test("write places clusters left to right and returns the column after them")
    func writeBasics() {
        let b = dots(10, 2)
        #expect(b.write("hi", x: 1, y: 0) == 3)
        #expect(b.write("漢字", x: 3, y: 1) == 7)
        #expect(b.textRows == [".hi.......", "...漢字..."])
        #expect(b[3, 1].width == 2 && b[4, 1].isContinuation && b[5, 1].width == 2 && b[6, 1].isContinuation)
        #expect(b.text(x: 4, y: 1) == "")
        #expect(b.checkInvariants() == nil)
    }

    @Test("write records exactly the written span as damage")
    func writeDamage() {
        let b = dots(10, 3)
        b.write("ab漢", x: 2, y: 1)
        #expect(b.damage.rects == [Rect(x: 2, y: 1, width: 4, height: 1)])
    }

    @Test("zero-width clusters are dropped; combining marks stay on their base")
    func zeroWidthClusters() {
        let b = dots(8, 1)
        #expect(b.write("\u{301}a\u{200B}be\u{301}", x: 0, y: 0) == 3)
        #expect(b.textRows == ["abe\u{301}....."])
        #expect(b[2, 0].isCluster)
    }

    @Test("write clips to the clip rect")
    func writeClipsToClip() {
        let b = dots(10, 3)
        let clip = Rect(x: 2, y: 1, width: 3, height: 1)
        #expect(b.write("abcdef", x: 0, y: 1, clip: clip) == 6)
        #expect(b.textRows == ["..........", "..cde.....", ".........."])
        #expect(b.damage.rects == [Rect(x: 2, y: 1, width: 3, height: 1)])
        // A row outside the clip is not touched, and no damage is recorded.
        b.damage.removeAll()
        #expect(b.write("abcdef", x: 0, y: 0, clip: clip) == 6)
        #expect(b.write("漢", x: 0, y: 2, clip: clip) == 2)
        #expect(b.textRows == ["..........", "..cde.....", ".........."])
        #expect(b.damage.isEmpty)
    }

    @Test("write clips to the buffer: left, right, above and below")
    func writeClipsToBuffer() {
        let b = dots(6, 2)
        #expect(b.write("abcd", x: -2, y: 0) == 2)
        #expect(b.write("wxyz", x: 4, y: 1) == 8)
        #expect(b.write("nope", x: 0, y: -1) == 4)
        #expect(b.write("nope", x: 0, y: 2) == 4)
        #expect(b.write("far", x: 100, y: 0) == 103)
        #expect(b.write("far", x: -100, y: 0) == -97)
        // A clip larger than the buffer is cut to the buffer.
        #expect(b.write("0123456789", x: -1, y: 1, clip: Rect(x: -5, y: -5, width: 50, height: 50)) == 9)
        #expect(b.textRows == ["cd....", "123456"])
        #expect(b.checkInvariants() == nil)
    }

    @Test("a wide grapheme at the buffer's right edge becomes a blank, never split")
    func wideAtRightEdgeOfBuffer() {
        let b = dots(5, 1)
        #expect(b.write("ab漢", x: 2, y: 0) == 6)
        #expect(b.textRows == ["..ab "])
        #expect(b[4, 0].isSpace && b[4, 0].width == 1)
        #expect(b.checkInvariants() == nil)
    }

    @Test("a wide grapheme at the clip's right edge becomes a blank, never split")
    func wideAtRightEdgeOfClip() {
        let b = dots(8, 1)
        let style = b.styles.id(for: Style(foreground: .red))
        b.write("a漢", x: 1, y: 0, style: style, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(b.textRows == [".a ....."])
        #expect(b[2, 0] == .blank(style))
        #expect(b.checkInvariants() == nil)
    }

    @Test("a wide grapheme at the clip's left edge becomes a blank, never split")
    func wideAtLeftEdgeOfClip() {
        let b = dots(8, 1)
        b.write("漢a", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 3, height: 1))
        #expect(b.textRows == [".. a...."])
        #expect(b[2, 0].isSpace)
        #expect(b.checkInvariants() == nil)
    }

    @Test("a wide grapheme at the buffer's left edge becomes a blank, never split")
    func wideAtLeftEdgeOfBuffer() {
        let b = dots(4, 1)
        #expect(b.write("漢a", x: -1, y: 0) == 2)
        #expect(b.textRows == [" a.."])
        #expect(b.checkInvariants() == nil)
    }

    @Test("a wide grapheme that does not fit a one-column clip is a blank")
    func wideInOneColumnClip() {
        let b = dots(4, 1)
        b.write("漢", x: 1, y: 0, clip: Rect(x: 1, y: 0, width: 1, height: 1))
        #expect(b.textRows == [". .."])
        b.write("漢", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 1, height: 1))
        #expect(b.textRows == [".  ."])
        #expect(b.checkInvariants() == nil)
    }

    @Test("overwriting the left half of a wide grapheme blanks its right half, in its style")
    func overwriteLeftHalf() {
        let b = dots(6, 1)
        let red = b.styles.id(for: Style(foreground: .red))
        b.write("漢", x: 2, y: 0, style: red)
        b.damage.removeAll()
        b.write("x", x: 2, y: 0)
        #expect(b.textRows == ["..x .."])
        #expect(b[3, 0] == .blank(red))
        #expect(b.checkInvariants() == nil)
        #expect(isDamaged(b, 2, 0) && isDamaged(b, 3, 0))
    }

    @Test("overwriting the right half of a wide grapheme blanks its left half, in its style")
    func overwriteRightHalf() {
        let b = dots(6, 1)
        let red = b.styles.id(for: Style(foreground: .red))
        b.write("漢", x: 2, y: 0, style: red)
        b.damage.removeAll()
        b.write("x", x: 3, y: 0)
        #expect(b.textRows == [".. x.."])
        #expect(b[2, 0] == .blank(red))
        #expect(b.checkInvariants() == nil)
        #expect(isDamaged(b, 2, 0) && isDamaged(b, 3, 0))
    }

    @Test("a wide grapheme written across two others blanks both outer halves")
    func overwriteStraddling() {
        let b = dots(6, 1)
        b.write("漢字", x: 0, y: 0)
        b.damage.removeAll()
        b.write("仮", x: 1, y: 0)
        #expect(b.textRows == [" 仮 .."])
        #expect(b.checkInvariants() == nil)
        for x in 0..<4 { #expect(isDamaged(b, x, 0)) }
    }

    @Test("a clip-cut blank repairs the wide grapheme it lands on, even outside the clip")
    func clipCutBlankRepairs() {
        let b = dots(8, 1)
        b.write("漢", x: 1, y: 0)
        // The new wide grapheme straddles the clip's left edge at 2: its blank
        // lands on the right half of 漢, whose left half (outside the clip) is blanked.
        b.write("字", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 4, height: 1))
        #expect(b.textRows == [".  ....."])
        #expect(b.checkInvariants() == nil)
    }

    /// The cluster "\u{600}1" was once measured 0 and dropped with its
    /// digit, then drawn as one cell, which terminals draw as two (the
    /// prepended mark alone, then the digit), shifting the row. Now the
    /// mark is U+FFFD, a cell of its own, and the digit follows.
    @Test("a digit after ARABIC NUMBER SIGN is drawn, not dropped, and the mark takes its own cell")
    func prependedDigitIsDrawn() {
        let b = dots(4, 1)
        #expect(b.write("\u{600}12", x: 0, y: 0) == 3)
        #expect(b.textRows == ["\u{FFFD}12."])
    }

    @Test("the grapheme of each cell reads back, a continuation as empty")
    func readBack() {
        // 14 columns: the family emoji's widest rendering (6 columns, one
        // emoji each where ZWJ is not supported) fits before the edge.
        let b = CellBuffer(columns: 14, rows: 1)
        b.write("a漢👨‍👩‍👧é", x: 0, y: 0)
        #expect(b.text(x: 0, y: 0) == "a")
        #expect(b.text(x: 1, y: 0) == "漢")
        #expect(b.text(x: 2, y: 0) == "")
        #expect(b.text(x: 3, y: 0) == "👨‍👩‍👧")
        #expect(b.text(x: 5, y: 0) == "é")
        #expect(b.text(row: 0) == "a漢👨‍👩‍👧é        ")
    }

    // MARK: put and fill

    @Test("put writes one cell, a wide cell with its continuation")
    func putCells() {
        let b = dots(5, 1)
        b.put(Cell(scalar: 0x41, width: 1, style: 0), x: 0, y: 0)
        b.put(Cell(scalar: 0x6F22, width: 2, style: 0), x: 1, y: 0)
        #expect(b.textRows == ["A漢.."])
        #expect(b[2, 0].isContinuation)
        #expect(b.damage.bounds == Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(b.checkInvariants() == nil)
    }

    @Test("put: a wide cell at the last column is a blank; out of bounds and continuations are ignored")
    func putEdges() {
        let b = dots(4, 2)
        let red = b.styles.id(for: Style(foreground: .red))
        b.put(Cell(scalar: 0x6F22, width: 2, style: red), x: 3, y: 0)
        #expect(b[3, 0] == .blank(red))
        b.damage.removeAll()
        b.put(Cell(scalar: 0x41, width: 1, style: 0), x: 4, y: 0)
        b.put(Cell(scalar: 0x41, width: 1, style: 0), x: -1, y: 0)
        b.put(Cell(scalar: 0x41, width: 1, style: 0), x: 0, y: 2)
        b.put(Cell(scalar: 0x41, width: 1, style: 0), x: 0, y: -1)
        b.put(.continuation(0), x: 1, y: 1)
        #expect(b.textRows == ["... ", "...."])
        #expect(b.damage.isEmpty)
        #expect(b.checkInvariants() == nil)
    }

    @Test("put over either half of a wide grapheme repairs the other half")
    func putRepairs() {
        let b = dots(6, 1)
        b.write("漢字", x: 1, y: 0)
        b.damage.removeAll()
        b.put(Cell(scalar: 0x78, width: 1, style: 0), x: 2, y: 0)  // right half of 漢
        b.put(Cell(scalar: 0x79, width: 1, style: 0), x: 3, y: 0)  // left half of 字
        #expect(b.textRows == [". xy ."])
        #expect(b.checkInvariants() == nil)
        for x in 1...4 { #expect(isDamaged(b, x, 0)) }
        b.write("漢", x: 2, y: 0)
        b.put(Cell(scalar: 0x4EEE, width: 2, style: 0), x: 1, y: 0)  // a wide over the left half
        #expect(b.textRows == [".仮  ."])
        #expect(b.checkInvariants() == nil)
    }

    @Test("fill clips to the buffer and repairs wide graphemes cut at its edges")
    func fillRepairsEdges() {
        let b = CellBuffer(columns: 8, rows: 3)
        b.write("漢字漢字", x: 0, y: 0)
        b.write("漢字漢字", x: 0, y: 1)
        b.damage.removeAll()
        // Columns 1...4 on rows 0 and 1: cuts 漢 at 0–1 and 漢 at 4–5.
        b.fill(Rect(x: 1, y: 0, width: 4, height: 2), with: dot)
        #expect(b.textRows == [" .... 字", " .... 字", "        "])
        #expect(b.checkInvariants() == nil)
        #expect(b.damage.bounds == Rect(x: 0, y: 0, width: 6, height: 2))
        // Partly outside the buffer.
        b.fill(Rect(x: 6, y: 2, width: 10, height: 10), with: Cell(scalar: 0x23, width: 1, style: 0))
        #expect(b.textRows == [" .... 字", " .... 字", "      ##"])
        // Entirely outside: nothing, and no damage.
        b.damage.removeAll()
        b.fill(Rect(x: 8, y: 0, width: 3, height: 3), with: dot)
        b.fill(Rect(x: -3, y: 0, width: 3, height: 3), with: dot)
        #expect(b.damage.isEmpty)
    }

    @Test("clear blanks everything in a style and damages the whole buffer")
    func clear() {
        let b = CellBuffer(columns: 3, rows: 2)
        b.write("漢a", x: 0, y: 0)
        b.damage.removeAll()
        let blue = b.styles.id(for: Style(background: .blue))
        b.clear(style: blue)
        #expect(b.textRows == ["   ", "   "])
        for y in 0..<2 { for x in 0..<3 { #expect(b[x, y] == .blank(blue)) } }
        #expect(b.damage.rects == [b.bounds])
    }

    @Test("copyCells copies every cell")
    func copyCells() {
        let a = CellBuffer(columns: 5, rows: 2)
        a.write("漢x👍🏽", x: 0, y: 1)
        let b = CellBuffer(columns: 5, rows: 2, styles: a.styles, graphemes: a.graphemes)
        b.copyCells(from: a)
        #expect(b.textRows == a.textRows)
        for y in 0..<2 { for x in 0..<5 { #expect(a[x, y] == b[x, y]) } }
    }

    // MARK: Sizes

    @Test("zero-size buffers accept writes, puts, fills and resizes", arguments: [(0, 0), (0, 5), (5, 0)])
    func zeroSize(columns: Int, rows: Int) {
        let b = CellBuffer(columns: columns, rows: rows)
        #expect(b.write("hello 漢", x: 0, y: 0) == 8)
        #expect(b.write("x", x: -1, y: -1, clip: Rect(x: 0, y: 0, width: 9, height: 9)) == 0)
        b.put(Cell(scalar: 0x41, width: 1, style: 0), x: 0, y: 0)
        b.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: dot)
        b.clear()
        #expect(b.damage.isEmpty)
        #expect(b.checkInvariants() == nil)
        #expect(b.textRows == Array(repeating: "", count: rows))
        let copy = CellBuffer(columns: columns, rows: rows)
        copy.copyCells(from: b)
        b.resize(columns: rows, rows: columns)
        #expect(b.columns == rows && b.rows == columns)
        b.resize(columns: 2, rows: 2)
        #expect(b.textRows == ["  ", "  "])
        b.resize(columns: 0, rows: 0)
        #expect(b.textRows == [])
    }

    @Test("sizes are clamped to 0...maxDimension")
    func clampedSizes() {
        let wide = CellBuffer(columns: 1_000_000, rows: 2)
        #expect(wide.columns == CellBuffer.maxDimension && wide.rows == 2)
        let tall = CellBuffer(columns: 1, rows: Int.max)
        #expect(tall.columns == 1 && tall.rows == CellBuffer.maxDimension)
        let negative = CellBuffer(columns: -5, rows: Int.min)
        #expect(negative.columns == 0 && negative.rows == 0)
        negative.resize(columns: 3, rows: Int.max)
        #expect(negative.columns == 3 && negative.rows == CellBuffer.maxDimension)
        negative.resize(columns: -1, rows: 2)
        #expect(negative.columns == 0 && negative.rows == 2)
        // The last column of the widest buffer is writable.
        #expect(wide.write("ab", x: CellBuffer.maxDimension - 1, y: 1) == CellBuffer.maxDimension + 1)
        #expect(wide.text(x: CellBuffer.maxDimension - 1, y: 1) == "a")
    }

    @Test("resize keeps top-left content, blanks a wide grapheme cut by the new right edge, damages everything")
    func resize() {
        let b = CellBuffer(columns: 6, rows: 3)
        let red = b.styles.id(for: Style(foreground: .red))
        b.write("a漢bcd", x: 0, y: 0, style: red)
        b.write("xy字", x: 0, y: 1)
        b.write("bottom", x: 0, y: 2)
        b.damage.removeAll()

        b.resize(columns: 3, rows: 2)
        #expect(b.textRows == ["a漢", "xy "])
        #expect(b[2, 1] == .blank(0))
        #expect(b.checkInvariants() == nil)
        #expect(b.damage.rects == [b.bounds])

        b.damage.removeAll()
        b.resize(columns: 2, rows: 2)
        #expect(b.textRows == ["a ", "xy"])
        #expect(b[1, 0] == .blank(red))
        #expect(b.checkInvariants() == nil)
        #expect(b.damage.rects == [b.bounds])

        b.resize(columns: 5, rows: 3)
        #expect(b.textRows == ["a    ", "xy   ", "     "])
        #expect(b.checkInvariants() == nil)
        #expect(b.damage.rects == [b.bounds])
    }

    // MARK: Interning

    @Test("styles are interned: plain is 0, the same style gets the same id")
    func stylesInterned() {
        let table = StyleTable()
        #expect(table.count == 1)
        #expect(table.id(for: .plain) == 0)
        #expect(table.id(for: Style()) == 0)
        let boldRed = Style(foreground: .red, attributes: .bold)
        let id = table.id(for: boldRed)
        #expect(id != 0)
        #expect(table.id(for: Style(foreground: .palette(1), attributes: [.bold])) == id)
        #expect(table.id(for: Style(foreground: .red, attributes: [.bold, .italic])) != id)
        #expect(table.id(for: Style(foreground: .rgb(1, 2, 3))) != table.id(for: Style(background: .rgb(1, 2, 3))))
        #expect(table[id] == boldRed)
        #expect(table[0] == .plain)
        #expect(table.count == 5)

        // Buffers sharing a table agree on ids; cells and continuations carry them.
        let a = CellBuffer(columns: 4, rows: 1, styles: table)
        let b = CellBuffer(columns: 4, rows: 1, styles: table)
        a.write("漢", x: 0, y: 0, style: a.styles.id(for: boldRed))
        b.write("漢", x: 0, y: 0, style: b.styles.id(for: boldRed))
        #expect(a[0, 0] == b[0, 0] && a[1, 0] == b[1, 0])
        #expect(a[0, 0].style == id && a[1, 0].style == id)
    }

    @Test("clusters are interned: the same cluster gets the same index; single scalars are inline")
    func graphemesInterned() {
        let b = CellBuffer(columns: 12, rows: 2)
        b.write("👨‍👩‍👧‍👦e\u{301}", x: 0, y: 0)
        b.write("e\u{301}👨‍👩‍👧‍👦", x: 0, y: 1)
        #expect(b.graphemes.count == 2)
        #expect(b[0, 0].isCluster && b[1, 1].isCluster && b[0, 1].isCluster)
        #expect(b[0, 0].payload == b[1, 1].payload)
        #expect(b[2, 0].payload == b[0, 1].payload)
        #expect(b.graphemes.isUncertain(b[0, 0].payload))
        #expect(!b.graphemes.isUncertain(b[2, 0].payload))
        // Single scalars, wide or not, never enter the table.
        b.write("漢a😀", x: 0, y: 0)
        #expect(b.graphemes.count == 2)
        #expect(!b[0, 0].isCluster && b[0, 0].payload == 0x6F22)
    }

    @Test("the grapheme table survives growth: many clusters keep their indices")
    func graphemeTableGrowth() {
        let table = GraphemeTable()
        var indices: [UInt32] = []
        for i in 0..<1000 {
            var s = "a" + String(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) + String(i)
            indices.append(s.withUTF8 { table.intern($0, isUncertain: i % 2 == 0) })
        }
        #expect(table.count == 1000)
        #expect(indices == (0..<1000).map { UInt32($0) })
        for i in 0..<1000 {
            var s = "a" + String(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) + String(i)
            #expect(s.withUTF8 { table.intern($0, isUncertain: false) } == UInt32(i))
            #expect(table.string(UInt32(i)) == s)
            #expect(table.isUncertain(UInt32(i)) == (i % 2 == 0))
            #expect(table.byteCount(UInt32(i)) == s.utf8.count)
        }
    }

    @Test("compact(keeping:) keeps live clusters readable and drops dead ones")
    func compactKeepsLive() {
        let table = GraphemeTable()
        let a = CellBuffer(columns: 20, rows: 1, graphemes: table)
        let b = CellBuffer(columns: 20, rows: 1, graphemes: table)
        a.write("👨‍👩‍👧‍👦👍🏽e\u{301}", x: 0, y: 0)  // clusters 0, 1, 2
        b.write("o\u{308}e\u{301}", x: 0, y: 0)  // cluster 3, and 2 again
        a.write("xx", x: 2, y: 0)  // 👍🏽 is now dead
        #expect(table.count == 4)
        let rowsA = a.textRows, rowsB = b.textRows
        table.compact(keeping: [a, b])
        #expect(table.count == 3)
        #expect(a.textRows == rowsA && b.textRows == rowsB)
        #expect(a.checkInvariants() == nil && b.checkInvariants() == nil)
        // Live clusters keep one shared index, below the new count.
        #expect(a[4, 0].payload == b[1, 0].payload)
        for c in [a[0, 0], a[4, 0], b[0, 0]] { #expect(c.isCluster && Int(c.payload) < table.count) }
        #expect(table.isUncertain(a[0, 0].payload) && !table.isUncertain(a[4, 0].payload))
        // The dead cluster is gone: interning it again appends it.
        var thumbs = "👍🏽"
        #expect(thumbs.withUTF8 { table.intern($0, isUncertain: true) } == 3)
        // And a live one is found, not duplicated.
        a.write("👨‍👩‍👧‍👦", x: 6, y: 0)
        #expect(a[6, 0].payload == a[0, 0].payload)
        #expect(table.count == 4)
    }

    /// Fails today: `compact` rewrites each listed buffer in place, so a
    /// buffer listed twice is remapped twice; its second pass reads new
    /// indices as old ones and points cells at dead or different clusters.
    @Test("compact(keeping:) tolerates a buffer listed twice")
    func compactDuplicateBuffer() {
        let b = CellBuffer(columns: 10, rows: 1)
        b.write("👍🏽e\u{301}o\u{308}", x: 0, y: 0)  // clusters 0, 1, 2
        b.write("x", x: 0, y: 0)  // 👍🏽 dead
        let rows = b.textRows
        b.graphemes.compact(keeping: [b, b])
        #expect(b.textRows == rows)
        #expect(b.graphemes.count == 2)
    }

    @Test("compact(keeping:) with no buffers empties the table")
    func compactNothing() {
        let table = GraphemeTable()
        var s = "e\u{301}"
        _ = s.withUTF8 { table.intern($0, isUncertain: false) }
        table.compact(keeping: [])
        #expect(table.count == 0)
    }

    // MARK: Random writes

    struct Size: Sendable, CustomTestStringConvertible {
        var columns: Int
        var rows: Int
        var testDescription: String { "\(columns)×\(rows)" }
    }

    static let pieces = [
        "a", "b", "Z", " ", "~", "漢", "字", "仮", "e\u{301}", "\u{301}", "\u{200B}", "👨‍👩‍👧‍👦", "👍🏽", "😀",
        "\u{2764}\u{FE0F}", "\u{2764}", "\u{1F1EF}\u{1F1F5}", "\u{1F1FA}", "\u{1B}", "\u{7F}", "\u{85}", "\r\n", "\t",
        "\u{1112}\u{1161}\u{11AB}",
    ]

    @Test("2,000 random writes, puts and fills keep the invariants, change nothing outside their damage, and draw what they were given",
          arguments: [Size(columns: 1, rows: 1), Size(columns: 2, rows: 1), Size(columns: 80, rows: 24),
                      Size(columns: 200, rows: 60)])
    func randomWrites(size: Size) {
        var rng = SplitMix64(seed: 0xC311_0000 ^ UInt64(size.columns * 1000 + size.rows))
        let b = CellBuffer(columns: size.columns, rows: size.rows)
        let before = CellBuffer(columns: size.columns, rows: size.rows, styles: b.styles, graphemes: b.graphemes)
        let styles: [StyleID] = [0, b.styles.id(for: Style(foreground: .red)),
                                 b.styles.id(for: Style(background: .rgb(10, 20, 30), attributes: .underline))]
        var familyIndex = "👨‍👩‍👧‍👦"
        let family = familyIndex.withUTF8 { b.graphemes.intern($0, isUncertain: true) }
        let cols = size.columns, rows = size.rows

        for step in 0..<2000 {
            b.damage.removeAll()
            before.copyCells(from: b)
            let kind = Int.random(in: 0..<10, using: &rng)
            var description = ""
            if kind < 8 {
                var text = ""
                for _ in 0..<Int.random(in: 0...10, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
                let x = Int.random(in: -3...(cols + 2), using: &rng)
                let y = Int.random(in: -1...rows, using: &rng)
                let style = styles.randomElement(using: &rng)!
                let clip: Rect? = Bool.random(using: &rng) ? nil : Rect(
                    x: Int.random(in: -2...(cols + 1), using: &rng), y: Int.random(in: -2...(rows + 1), using: &rng),
                    width: Int.random(in: 0...(cols + 3), using: &rng), height: Int.random(in: 0...(rows + 3), using: &rng))
                description = "step \(step): write \(text.debugDescription) at (\(x),\(y)) clip \(clip.map(\.description) ?? "nil")"
                let end = b.write(text, x: x, y: y, style: style, clip: clip)
                #expect(end == x + GraphemeWidth.width(of: text), "\(description)")
                expectDrawn(text, x: x, y: y, style: style, area: (clip ?? b.bounds).intersection(b.bounds),
                            in: b, before: before, description)
            } else if kind == 8 {
                let cell = [Cell(scalar: 0x41, width: 1, style: styles[1]), Cell(scalar: 0x6F22, width: 2, style: 0),
                            Cell(cluster: family, width: 2, style: styles[2]), Cell.blank(styles[1])]
                    .randomElement(using: &rng)!
                let x = Int.random(in: -1...cols, using: &rng), y = Int.random(in: -1...rows, using: &rng)
                description = "step \(step): put \(cell.content) at (\(x),\(y))"
                b.put(cell, x: x, y: y)
            } else {
                let rect = Rect(x: Int.random(in: -2...cols, using: &rng), y: Int.random(in: -2...rows, using: &rng),
                                width: Int.random(in: 0...(cols + 2), using: &rng),
                                height: Int.random(in: 0...(rows + 2), using: &rng))
                description = "step \(step): fill \(rect)"
                b.fill(rect, with: Bool.random(using: &rng) ? dot : .blank(styles[2]))
            }
            let violation = b.checkInvariants()
            #expect(violation == nil, "\(description)")
            var outside = 0
            for y in changedRows(b, before) {
                for x in 0..<cols where b[x, y] != before[x, y] && !isDamaged(b, x, y) { outside += 1 }
            }
            #expect(outside == 0, "\(description): \(outside) changed cells outside damage \(b.damage.rects)")
            if violation != nil || outside != 0 { return }
        }
    }

    private func splits(_ cluster: SegmentedCluster) -> Bool {
        cluster.scalar == nil
            && GraphemeWidth.widestRenderingSplitsCell(scalars: cluster.text.unicodeScalars.map(\.value), width: cluster.width)
    }

    private func widestRendering(_ cluster: SegmentedCluster) -> Int {
        max(cluster.width, GraphemeWidth.widestRendering(scalars: cluster.text.unicodeScalars.map(\.value)))
    }

    /// Checks one write against the rule, cluster by cluster: a cluster wholly
    /// inside `area` is drawn as itself; one cut by an edge leaves a blank in
    /// its visible column; everything else is unchanged, except the other half
    /// of a wide grapheme that was cut, now a blank.
    private func expectDrawn(_ text: String, x: Int, y: Int, style: StyleID, area: Rect, in b: CellBuffer,
                             before: CellBuffer, _ description: String) {
        var expected: [Int: (String, Int)] = [:]  // column → (text, width)
        if !area.isEmpty && y >= area.y && y < area.maxY {
            var cursor = x
            for cluster in segment(text) where cluster.width > 0 {
                defer { cursor += cluster.width }
                let end = cursor + cluster.width
                guard end > area.x && cursor < area.maxX else { continue }
                if cursor < area.x || end > area.maxX {
                    expected[Swift.max(cursor, area.x)] = (" ", 1)
                } else if cluster.isUncertain && (cursor + widestRendering(cluster) > b.columns || splits(cluster)) {
                    // A disputed grapheme whose widest rendering would wrap, or
                    // be cut by the next cell: U+FFFD (and a blank).
                    expected[cursor] = ("\u{FFFD}", 1)
                    if cluster.width == 2 { expected[cursor + 1] = (" ", 1) }
                } else {
                    expected[cursor] = (cluster.text, cluster.width)
                    if cluster.width == 2 { expected[cursor + 1] = ("", 0) }
                }
            }
        }
        var rowsToCheck = changedRows(b, before)
        if !expected.isEmpty && !rowsToCheck.contains(y) { rowsToCheck.append(y) }
        for row in rowsToCheck {
            for col in 0..<b.columns {
                let cell = b[col, row]
                if row == y, let (text, width) = expected[col] {
                    let ok = b.text(x: col, y: row) == text && cell.width == width && cell.style == style
                    #expect(ok, "\(description): column \(col) holds \(b.text(x: col, y: row).debugDescription)")
                } else if cell != before[col, row] {
                    // Only the other half of a cut wide grapheme may change, into a blank of its style.
                    let old = before[col, row]
                    let wasHalf = old.isContinuation || old.width == 2
                    let ok = row == y && wasHalf && cell == .blank(old.style)
                    #expect(ok, "\(description): column \(col) changed unexpectedly")
                }
            }
        }
    }

    @Test("printable ASCII and narrow text are written as the general path writes them, over wide graphemes and at any clip")
    func printableASCIIFastPath() {
        var rng = SplitMix64(seed: 0xA5C1)
        let backgrounds = ["", "日本語のテキスト", "ab日c本d", "👩‍👩‍👧 x 😀"]
        for _ in 0..<1_500 {
            let fast = CellBuffer(columns: 12, rows: 2)
            let slow = CellBuffer(columns: 12, rows: 2)
            let background = backgrounds.randomElement(using: &rng)!
            let bx = Int.random(in: -2...6, using: &rng)
            fast.write(background, x: bx, y: 1)
            slow.write(background, x: bx, y: 1)
            // Printable ASCII, or (half the time) narrow scalars among it:
            // a status line's "·", box drawing, an arrow, Latin and Cyrillic.
            let narrow: [Character] = ["·", "─", "│", "→", "é", "Ж", "…", "•", "⠿", "█", "«", "Ω"]
            let mixes = Bool.random(using: &rng)
            let text = String((0..<Int.random(in: 0...14, using: &rng)).map { _ -> Character in
                mixes && Int.random(in: 0..<3, using: &rng) == 0
                    ? narrow.randomElement(using: &rng)!
                    : Character(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
            })
            let x = Int.random(in: -5...13, using: &rng)
            let clip: Rect? = Bool.random(using: &rng)
                ? Rect(x: Int.random(in: -1...8, using: &rng), y: 0, width: Int.random(in: 0...10, using: &rng), height: 2)
                : nil
            // A zero-width space is dropped by the general path, which it forces.
            let a = fast.write(text, x: x, y: 1, style: 0, clip: clip)
            let b = slow.write(text + "\u{200B}", x: x, y: 1, style: 0, clip: clip)
            #expect(a == b)
            #expect((0..<12).map { fast[$0, 1] } == (0..<12).map { slow[$0, 1] },
                    "\(text.debugDescription) at \(x) over \(background) clip \(String(describing: clip))")
            #expect(fast.checkInvariants() == nil)
        }
    }
}

@Suite("Hostile text: escape sequences in text are drawn, never sent")
struct HostileTextTests {
    /// True when no cell of `b` holds a C0, DEL or C1 scalar, alone or inside a cluster.
    private func holdsNoControl(_ b: CellBuffer) -> Bool {
        for y in 0..<b.rows {
            for x in 0..<b.columns {
                let c = b[x, y]
                if c.isContinuation { continue }
                let scalars = c.isCluster ? b.graphemes.string(c.payload).unicodeScalars.map(\.value) : [c.payload]
                for v in scalars where v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return false }
            }
        }
        return true
    }

    @Test("a clear-screen and a title change in text show as pictures")
    func clearScreenAndTitle() {
        let b = CellBuffer(columns: 20, rows: 1)
        #expect(b.write("\u{1B}[2J\u{1B}]0;title\u{07}", x: 0, y: 0) == 14)
        #expect(b.textRows == ["\u{241B}[2J\u{241B}]0;title\u{2407}      "])
        #expect(holdsNoControl(b))
    }

    @Test("bidi overrides and other invisible format characters are dropped, so text cannot be reordered")
    func formatCharactersDropped() {
        let b = CellBuffer(columns: 8, rows: 1)
        #expect(b.write("a\u{202E}bc\u{202C}\u{2066}d\u{2069}\u{200B}\u{2060}\u{FEFF}e", x: 0, y: 0) == 5)
        #expect(b.textRows == ["abcde   "])
    }

    @Test("controls in any text, on either segmentation path, never reach a cell",
          arguments: [
              "\u{1B}[2J\u{1B}]0;title\u{07}",
              "é\u{1B}[31mred\u{1B}[0m",
              "\u{9B}31m\u{9D}0;t\u{9C}",
              "\u{1B}]8;;http://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\",
              "\u{1B}\u{301}[2J",
              "漢\r\n\u{0}\u{7F}\u{85}\u{8D}\u{1B}P+q\u{1B}\\",
              "👨‍👩‍👧‍👦\u{1B}[6n\u{8}\u{8}\u{7}",
          ])
    func noControlReachesACell(_ text: String) {
        let b = CellBuffer(columns: 60, rows: 2)
        b.write(text, x: 0, y: 0)
        b.write(text, x: -3, y: 1, clip: Rect(x: 1, y: 0, width: 30, height: 2))
        #expect(holdsNoControl(b))
        #expect(b.checkInvariants() == nil)
    }
}
