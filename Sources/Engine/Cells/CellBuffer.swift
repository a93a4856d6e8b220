/// A screen of cells in one allocation: the canvas views draw into, and the
/// writer's model of what the terminal shows.
///
/// Cells are stored row-major in a single arena of `columns × rows` ``Cell``
/// values; graphemes and styles are interned in tables shared with whoever
/// reads the buffer (``GraphemeTable``, ``StyleTable``). Every write records
/// ``damage``, which is what makes a frame's diff cost follow what changed.
///
/// Invariants (checked by ``checkInvariants()`` in tests, and in debug builds
/// whenever a frame is encoded, a buffer resized or copied):
/// - a width-2 cell is followed by a continuation in the same row, and a
///   continuation always follows a width-2 cell;
/// - no wide grapheme straddles the right edge.
///
/// Writers repair wide graphemes: overwriting either half of one turns the
/// other half into a blank of the same style.
public final class CellBuffer {
    /// Largest accepted size in either dimension; larger requests are clamped
    /// (a bogus window size must not allocate gigabytes).
    public static let maxDimension = 4096

    @exclusivity(unchecked) public private(set) var columns: Int
    @exclusivity(unchecked) public private(set) var rows: Int
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Cell>
    /// One ``TextMark`` byte per cell, beside the arena: which cells views
    /// drew as text (see `CellBuffer+TextMarks.swift`). The writer never
    /// reads it; `fill` clears it, text views set it.
    @exclusivity(unchecked) @usableFromInline var marks: UnsafeMutablePointer<UInt8>
    public let styles: StyleTable
    public let graphemes: GraphemeTable
    /// What was written since the last ``DamageSet/removeAll()``.
    /// The last ``shiftRows(_:by:)`` since the writer last read the buffer:
    /// the cells of `region` moved by `shift` rows. The writer tries that
    /// scroll before searching for one; it checks the rows, so a stale or
    /// wrong hint costs a comparison, never a wrong frame.
    @exclusivity(unchecked) var scrollHint: (region: Rect, shift: Int)?
    @exclusivity(unchecked) public var damage = DamageSet() {
        // Damage outside the buffer would make the writer read rows that do
        // not exist: whatever an app adds, or a set it assigns, is clipped.
        didSet { if damage.limit != bounds { damage.clip(to: bounds) } }
    }

    /// Creates a blank buffer. Sizes are clamped to 0...``maxDimension``.
    public init(columns: Int, rows: Int, styles: StyleTable = StyleTable(), graphemes: GraphemeTable = GraphemeTable()) {
        self.columns = CellBuffer.clamp(columns)
        self.rows = CellBuffer.clamp(rows)
        self.styles = styles
        self.graphemes = graphemes
        let count = self.columns * self.rows
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(repeating: .blank(), count: Swift.max(count, 1))
        marks = .allocate(capacity: Swift.max(count, 1))
        marks.initialize(repeating: 0, count: Swift.max(count, 1))
    }

    deinit {
        base.deallocate()
        marks.deallocate()
    }

    static func clamp(_ n: Int) -> Int { Swift.min(Swift.max(n, 0), maxDimension) }

    /// The whole buffer as a rect.
    public var bounds: Rect { Rect(x: 0, y: 0, width: columns, height: rows) }

    /// The cell at (`x`, `y`); both must be in bounds.
    @inline(__always)
    public subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(x >= 0 && x < columns && y >= 0 && y < rows, "cell out of bounds")
            return base[y &* columns &+ x]
        }
    }

    /// Row `y` as a read-only buffer of `columns` cells.
    @inline(__always)
    public func row(_ y: Int) -> UnsafeBufferPointer<Cell> {
        UnsafeBufferPointer(start: base + y * columns, count: columns)
    }

    /// Mutable access to row `y`, for the writer's model and bulk updates.
    /// The caller keeps the wide-grapheme invariant and records damage itself.
    @inline(__always)
    func mutableRow(_ y: Int) -> UnsafeMutablePointer<Cell> { base + y * columns }

    /// Resizes, keeping the overlapping top-left content, blanking the rest,
    /// and damaging everything.
    public func resize(columns newColumns: Int, rows newRows: Int) {
        let c = CellBuffer.clamp(newColumns), r = CellBuffer.clamp(newRows)
        let fresh = UnsafeMutablePointer<Cell>.allocate(capacity: Swift.max(c * r, 1))
        fresh.initialize(repeating: .blank(), count: Swift.max(c * r, 1))
        let freshMarks = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(c * r, 1))
        freshMarks.initialize(repeating: 0, count: Swift.max(c * r, 1))
        for y in 0..<Swift.min(r, rows) {
            (fresh + y * c).update(from: base + y * columns, count: Swift.min(c, columns))
            (freshMarks + y * c).update(from: marks + y * columns, count: Swift.min(c, columns))
            // A wide grapheme cut by the new right edge becomes a blank.
            if c > 0 && c < columns && (fresh + y * c)[c - 1].width == 2 {
                (fresh + y * c)[c - 1] = .blank((fresh + y * c)[c - 1].style)
            }
        }
        base.deallocate()
        base = fresh
        marks.deallocate()
        marks = freshMarks
        columns = c
        rows = r
        damage.removeAll()
        damage.add(bounds)
        debugCheckInvariants("after resize")
    }

    /// Gives every cell of `rect` (clipped to the buffer) the style `style`,
    /// keeping its content; the other half of a wide grapheme cut by the
    /// rect's edges takes the style too, so a grapheme never has two styles.
    public func restyle(_ rect: Rect, to style: StyleID) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        var damaged = r
        for y in r.y..<r.maxY {
            let row = mutableRow(y)
            var from = r.x, to = r.maxX
            if from > 0 && row[from].isContinuation { from -= 1 }
            if to < columns && row[to].isContinuation { to += 1 }
            for x in from..<to { row[x].style = style }
            damaged = damaged.union(Rect(x: from, y: y, width: to - from, height: 1))
        }
        damage.add(damaged)
    }

    /// Sets every cell of `rect` (clipped to the buffer) to `cell`,
    /// repairing wide graphemes cut at its edges. The cell is sanitised
    /// (`sanitized(_:)`: controls show as pictures, unknown ids become
    /// defaults) and must be one column wide: a wide or zero-width one is
    /// drawn as U+FFFD.
    public func fill(_ rect: Rect, with cell: Cell) {
        var cell = sanitized(cell)
        if cell.width != 1 { cell = Cell(scalar: 0xFFFD, width: 1, style: cell.style) }
        let r = rect.clamped.intersection(bounds)
        guard !r.isEmpty else { return }
        var damaged = r
        for y in r.y..<r.maxY {
            let row = mutableRow(y)
            damaged = damaged.union(repairEdges(row, y: y, from: r.x, to: r.maxX))
            for x in r.x..<r.maxX { row[x] = cell }
            // What was drawn here, text or not, is gone.
            (marks + (y &* columns &+ r.x)).update(repeating: 0, count: r.width)
        }
        damage.add(damaged)
    }

    /// Blanks the whole buffer in `style`.
    public func clear(style: StyleID = 0) { fill(bounds, with: .blank(style)) }

    /// Before cells `from..<to` of a row are overwritten: a wide grapheme cut
    /// at either edge loses its other half to a blank. Returns the extra
    /// damage (empty when nothing was cut).
    @inline(__always)
    func repairEdges(_ row: UnsafeMutablePointer<Cell>, y: Int, from: Int, to: Int) -> Rect {
        var extra = Rect.zero
        if from > 0 && from < columns && row[from].isContinuation {
            row[from - 1] = .blank(row[from - 1].style)
            extra = Rect(x: from - 1, y: y, width: 1, height: 1)
        }
        if to < columns && to > 0 && row[to].isContinuation {
            row[to] = .blank(row[to].style)
            extra = extra.union(Rect(x: to, y: y, width: 1, height: 1))
        }
        return extra
    }

    /// Whether ``shiftRows(_:by:)`` may move the cells of `rect`: it lies in
    /// the buffer and no wide grapheme of its rows straddles its left or
    /// right edge (moving one half without the other would break it).
    ///
    /// - Complexity: O(rows of `rect`).
    func canShiftRows(_ rect: Rect) -> Bool {
        guard !rect.isEmpty, bounds.contains(rect) else { return false }
        for y in rect.y..<rect.maxY {
            let row = mutableRow(y)
            if row[rect.x].isContinuation || row[rect.maxX - 1].width == 2 { return false }
        }
        return true
    }

    /// Moves the cells of `rect`'s rows by `shift` rows (negative is up)
    /// within `rect`, with their text marks: what a scroll of the content
    /// there leaves. The rows the shift exposes keep their old cells (the
    /// caller repaints them). Damages `rect`: the writer compares it whole.
    /// ``canShiftRows(_:)`` must hold.
    ///
    /// - Complexity: O(cells of `rect`), one `memmove` per row.
    func shiftRows(_ rect: Rect, by shift: Int) {
        guard shift != 0, abs(shift) < rect.height else { return }
        let width = rect.width
        func move(_ y: Int) {
            let from = (y - shift) &* columns &+ rect.x, to = y &* columns &+ rect.x
            (base + to).update(from: base + from, count: width)
            (marks + to).update(from: marks + from, count: width)
        }
        if shift < 0 {
            for y in rect.y..<(rect.maxY + shift) { move(y) }
        } else {
            for y in stride(from: rect.maxY - 1, through: rect.y + shift, by: -1) { move(y) }
        }
        damage.add(rect)
        scrollHint = (rect, shift)
        debugCheckInvariants("after shiftRows")
    }

    /// Copies every cell (and nothing else) from `other`, which must have the same size.
    public func copyCells(from other: CellBuffer) {
        precondition(other.columns == columns && other.rows == rows)
        base.update(from: other.base, count: columns * rows)
        debugCheckInvariants("after copyCells")
    }

    /// Calls `body` with the style of every cell (for ``StyleTable/compact(keeping:roots:)``).
    func forEachStyleID(_ body: (StyleID) -> Void) {
        for i in 0..<(columns * rows) { body(base[i].style) }
    }

    /// Rewrites the cluster index of every cluster cell (for ``GraphemeTable/compact(keeping:)``).
    func rewriteClusters(_ remap: (UInt32) -> UInt32) {
        for i in 0..<(columns * rows) where base[i].isCluster {
            let c = base[i]
            base[i] = Cell(cluster: remap(c.payload), width: c.width, style: c.style)
        }
        debugCheckInvariants("after rewriteClusters")
    }

    /// ``checkInvariants()`` in debug builds, trapping on a violation;
    /// release builds compile it out. Called where a batch of writes ends
    /// (a frame handed to the encoder, the writer's model after it, a
    /// resize, a bulk copy): O(cells), so never per cell written.
    @inline(__always)
    func debugCheckInvariants(_ when: @autoclosure () -> String) {
        #if DEBUG
        if let violation = checkInvariants() { preconditionFailure("CellBuffer \(when()): \(violation)") }
        #endif
    }

    /// Checks the wide-grapheme invariants; returns a description of the first violation.
    public func checkInvariants() -> String? {
        for y in 0..<rows {
            let row = self.row(y)
            var x = 0
            while x < columns {
                let c = row[x]
                if c.isContinuation { return "orphan continuation at (\(x),\(y))" }
                if c.width == 2 {
                    if x + 1 >= columns { return "wide grapheme straddles the edge at (\(x),\(y))" }
                    if !row[x + 1].isContinuation { return "wide grapheme without continuation at (\(x),\(y))" }
                    if row[x + 1].style != c.style { return "continuation style differs at (\(x + 1),\(y))" }
                    x += 2
                } else {
                    x += 1
                }
            }
        }
        return nil
    }
}
