import Profiler

/// Turns a canvas into the fewest bytes that make a terminal show it.
///
/// The encoder keeps a model of what the terminal shows — its cells
/// (``screen``), its cursor and its pen (current SGR) — and on each
/// ``encode(_:)`` looks only inside the canvas's damage for cells that differ
/// from the model, then chooses, by exact byte count, how to get them there:
/// cursor moves, SGR deltas, EL/ECH for blank runs, REP for repeated
/// characters, and scrolling for rows that moved. A frame with no damage
/// writes nothing: no cursor move, no trailing reset.
///
/// The terminal is assumed to start blank, in the default rendition, with the
/// cursor at home and output processing off (raw mode). Call ``invalidate()``
/// when that stops being true (after a resume, or to repair whatever the
/// terminal shows): the next frame clears and repaints everything.
///
/// The work is done by ``FrameWriter``, a value held `inout` for the whole
/// frame so the per-cell path pays no dynamic exclusivity checks.
///
/// ```swift
/// let canvas = CellBuffer(columns: 80, rows: 24)
/// let encoder = FrameEncoder(for: canvas, capabilities: .detect(environment: env))
/// canvas.write("Hello", x: 0, y: 0)
/// let bytes = encoder.encode(canvas)   // "Hello"
/// encoder.encode(canvas)               // nothing changed: 0 bytes
/// ```
public final class FrameEncoder {
    /// What the terminal shows, as far as the encoder knows.
    public let screen: CellBuffer
    var writer: FrameWriter

    /// What the writer may assume about the terminal.
    public var capabilities: TerminalCapabilities {
        get { writer.capabilities }
        set { writer.setCapabilities(newValue) }
    }

    /// The images the frame shows next to its cells, drawn with the kitty
    /// graphics protocol or sixel (as ``capabilities``' graphics method
    /// says) after each frame's cells, inside the same synchronized-output
    /// block where the terminal has one, and wrapped for tmux where
    /// ``TerminalGraphics/tmuxPassthrough`` says so (see ``GraphicsLayer``).
    /// `nil`: cells only.
    public var graphics: GraphicsLayer?
    /// What the terminal shows of ``graphics``.
    var kittyPlacements = KittyPlacements()
    /// What sixel has drawn of ``graphics``.
    var sixelPlacements = SixelPlacements()

    /// Counts from the last ``encode(_:)``.
    public var statistics: FrameWriter.Statistics { writer.statistics }

    /// Records each encode as a `diff` span (diff and writer interleave per
    /// cell, so they are one phase here) with cells compared and bytes written.
    @exclusivity(unchecked) public var profiler: Profiler?

    /// An encoder for a terminal of the given size, assumed blank.
    public init(columns: Int, rows: Int, styles: StyleTable, graphemes: GraphemeTable,
                capabilities: TerminalCapabilities = .xterm) {
        screen = CellBuffer(columns: columns, rows: rows, styles: styles, graphemes: graphemes)
        screen.damage.removeAll()
        writer = FrameWriter(styles: styles, graphemes: graphemes, capabilities: capabilities)
    }

    /// An encoder sharing `canvas`'s style and grapheme tables and size.
    public convenience init(for canvas: CellBuffer, capabilities: TerminalCapabilities = .xterm) {
        self.init(columns: canvas.columns, rows: canvas.rows, styles: canvas.styles, graphemes: canvas.graphemes,
                  capabilities: capabilities)
    }

    /// Forgets what the terminal shows in `rect` (something else was drawn
    /// there): the canvas's damage gets `rect`, so the next frame rewrites
    /// those cells.
    public func forget(_ rect: Rect, in canvas: CellBuffer) {
        let r = rect.intersection(screen.bounds)
        guard r.width > 0, r.height > 0 else { return }
        screen.fill(r, with: .unknown)
        screen.damage.removeAll()
        writer.forgetModelRowHashes()
        canvas.damage.add(r)
    }

    /// Changes the palette colours are down-sampled to (the terminal
    /// reported its own, OSC 4). The cells the terminal shows whose style
    /// now maps to other colours are forgotten (each row's span of them,
    /// widened by a cell for wide graphemes), so the next frame rewrites
    /// those and no others.
    ///
    /// - Complexity: O(cells on the screen) once, plus one down-sampling
    ///   per distinct style shown.
    public func setPalette(_ palette: TerminalPalette, in canvas: CellBuffer) {
        let old = writer.capabilities
        guard palette != old.palette else { return }
        var new = old
        new.palette = palette
        writer.setCapabilities(new)
        guard new.colors != .truecolor && new.colors != .none else { return }
        let styles = screen.styles
        // Per style id: 0 not yet compared, 1 drawn the same, 2 drawn differently.
        var verdict = [UInt8](repeating: 0, count: styles.count)
        for y in 0..<screen.rows {
            let row = screen.row(y)
            var first = Int.max, last = -1
            for x in 0..<row.count {
                let id = Int(row[x].style)
                guard id < verdict.count else { continue }  // an unknown cell
                if verdict[id] == 0 {
                    let style = styles[StyleID(id)]
                    verdict[id] = old.drawable(style) == new.drawable(style) ? 1 : 2
                }
                if verdict[id] == 2 {
                    first = min(first, x)
                    last = x
                }
            }
            if last >= 0 { forget(Rect(x: first - 1, y: y, width: last - first + 3, height: 1), in: canvas) }
        }
    }

    /// The bytes of the last ``encode(_:)`` (valid until the next).
    public var lastOutput: UnsafeBufferPointer<UInt8> { writer.out.bytes }

    /// Forget what the terminal shows: the next frame clears the screen and
    /// repaints every cell (a forced full redraw).
    ///
    /// The terminal may also have been left in modes that change how the
    /// writer's bytes land (another program ran, or wrote stray output): so
    /// the redraw first resets the pen (SGR 0), the G0 charset to ASCII (and
    /// shifts in G0), insert and newline modes, origin mode, autowrap (on)
    /// and the scroll region, then clears. In inline mode the same reset is
    /// sent; none of it moves or erases a cell, and the clear still starts at
    /// the region's first row.
    public func invalidate() {
        writer.needsFullRedraw = true
        writer.needsStateReset = true
    }

    /// Draw into a region of the screen whose first row is terminal row
    /// `originRow` (0-based), instead of the whole screen: inline mode. A
    /// full redraw then erases from the region's first row down only, and
    /// rows are never moved by scrolling, so nothing above the region is
    /// touched. `nil` (the default) draws on the whole screen.
    public var inlineOrigin: Int? {
        get { writer.isInline ? writer.originRow : nil }
        set {
            writer.isInline = newValue != nil
            writer.originRow = max(0, newValue ?? 0)
        }
    }

    /// Where the cursor is left after each frame, in canvas coordinates
    /// (clamped to the canvas): a text field's insertion point, or the
    /// region's top-left in inline mode. `nil` leaves it wherever the last
    /// write put it. Moving it alone writes only the move.
    public var restingCursor: (x: Int, y: Int)? {
        get { writer.restingCursor }
        set { writer.restingCursor = newValue }
    }

    /// Tells the encoder the terminal's cursor is at canvas cell (`x`, `y`),
    /// after the caller wrote something of its own (or `nil`: not known, so
    /// the next move is absolute).
    public func cursorMoved(toX x: Int?, y: Int?) {
        if let x, let y {
            writer.cursor = CursorState(x: x, y: y, known: true, pendingWrap: false)
        } else {
            writer.cursor = .unknown
        }
        writer.pen = nil
        writer.penID = .max
    }

    /// Brings the terminal from the model to `canvas`, clears the canvas's
    /// damage, and returns the bytes to write (valid until the next call).
    ///
    /// - Complexity: O(1) when the canvas has no damage; otherwise O(damaged
    ///   cells), plus O(columns) per damaged row for scroll detection.
    @discardableResult
    public func encode(_ canvas: CellBuffer) -> UnsafeBufferPointer<UInt8> {
        precondition(canvas.styles === screen.styles && canvas.graphemes === screen.graphemes,
                     "the canvas must share the encoder's style and grapheme tables")
        if canvas.columns != screen.columns || canvas.rows != screen.rows {
            screen.resize(columns: canvas.columns, rows: canvas.rows)
            screen.damage.removeAll()
            writer.needsFullRedraw = true
        }
        // One call site for the writer whether profiling or not, so that a
        // build with the hooks compiled out optimises the same code.
        #if DEBUG
        // The end of a frame's writes: the canvas must be whole before it
        // is diffed, and the model whole after (unchanged frames skip both).
        let changed = !canvas.damage.isEmpty
        if changed { canvas.debugCheckInvariants("handed to encode") }
        #endif
        let profiler = activeProfiler(profiler)
        let token = profiler?.begin(.diff)
        let cleared = writer.needsFullRedraw
        let cellsChanged = !canvas.damage.isEmpty
        // Marks of the graphics layer are read from the canvas before the
        // writer clears its damage; the commands go after the cells'.
        var graphicsNeedUpdate = false
        var drawsSixels = false
        if let graphics {
            if writer.capabilities.graphics.method == .sixel {
                drawsSixels = prepareSixels(graphics, canvas: canvas, cellsChanged: cellsChanged, cleared: cleared)
            } else {
                writer.keepsCellsInPlace = false
                graphicsNeedUpdate = kittyPlacements.needsUpdate(graphics, cellsChanged: cellsChanged, cleared: cleared)
            }
        }
        var bytes = writer.encode(canvas, model: screen.base, columns: screen.columns, rows: screen.rows)
        if graphicsNeedUpdate || drawsSixels, let graphics {
            // Inside the frame's synchronized-output block, after its cells.
            writer.reopenSynchronizedUpdate()
            let opened = writer.out.count
            if graphicsNeedUpdate { _ = encodeGraphics(graphics, canvas: canvas, cleared: cleared) }
            if drawsSixels { _ = drawSixels(graphics) }
            if writer.capabilities.graphics.tmuxPassthrough { TmuxPassthrough.wrapStrings(in: &writer.out, from: opened) }
            if writer.out.count == opened && opened == EscapeSequence.beginSynchronizedUpdate.utf8CodeUnitCount {
                writer.out.removeAll()  // neither the cells nor the images wrote anything
            } else {
                writer.closeSynchronizedUpdate()
            }
            bytes = writer.out.bytes
        }
        if let profiler, let token { endDiffSpan(profiler, token, bytes: bytes.count) }
        #if DEBUG
        if changed { screen.debugCheckInvariants("as the writer's model after encode") }
        #endif
        return bytes
    }

    /// Appends the kitty commands for `graphics` after the frame's cells,
    /// then puts the cursor back where it rests (the commands move it).
    @inline(never)
    private func encodeGraphics(_ graphics: GraphicsLayer, canvas: CellBuffer, cleared: Bool)
        -> UnsafeBufferPointer<UInt8>
    {
        let origin = writer.isInline ? writer.originRow : 0
        if kittyPlacements.update(graphics, canvas: canvas, cleared: cleared, originRow: origin, into: &writer.out) {
            writer.cursor = .unknown
            if let rest = writer.restingCursor { writer.park(at: rest) }
        }
        return writer.out.bytes
    }

    /// Sixel, before the cells: which images this frame draws; their
    /// cells are forgotten so the writer blanks them first, and the writer
    /// keeps cells in place while images are on the screen. Returns
    /// whether any image is drawn.
    @inline(never)
    private func prepareSixels(_ graphics: GraphicsLayer, canvas: CellBuffer, cellsChanged: Bool, cleared: Bool)
        -> Bool
    {
        var draws = false
        if sixelPlacements.needsUpdate(graphics, cellsChanged: cellsChanged, cleared: cleared) {
            sixelPlacements.prepare(graphics, canvas: canvas, cleared: cleared) { rect in
                forget(rect, in: canvas)
                draws = true
            }
        }
        writer.keepsCellsInPlace = !sixelPlacements.isEmpty || !graphics.placements.isEmpty
        return draws
    }

    /// Sixel, after the cells: draws the images chosen before, then puts
    /// the cursor back where it rests (the images move it).
    @inline(never)
    private func drawSixels(_ graphics: GraphicsLayer) -> UnsafeBufferPointer<UInt8> {
        let origin = writer.isInline ? writer.originRow : 0
        if sixelPlacements.draw(graphics, registers: writer.capabilities.graphics.colorRegisters, originRow: origin,
                                into: &writer.out)
        {
            // A sixel string leaves the pen (SGR) as it was.
            writer.cursor = .unknown
            if let rest = writer.restingCursor { writer.park(at: rest) }
        }
        return writer.out.bytes
    }

    @inline(never)
    private func endDiffSpan(_ profiler: Profiler, _ token: SpanToken, bytes: Int) {
        profiler.end(token)
        profiler.add(writer.statistics.cellsCompared, to: .cellsDiffed)
        profiler.add(bytes, to: .bytesWritten)
    }
}
