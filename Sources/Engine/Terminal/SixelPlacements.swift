/// What the encoder has drawn of a ``GraphicsLayer`` with sixel, and the
/// images a new frame must draw again.
///
/// Sixel pixels are not kept by the terminal as an image it can move or
/// delete: they are painted over the cells, and writing a cell (text, a
/// space, an erase) wipes the pixels in it (xterm, foot, mlterm, WezTerm).
/// So the cells stay the truth, as for kitty: an image is drawn over the
/// cells of its frame that still carry its marker, and
///
/// - cells that stop carrying the marker (covered, scrolled away, the image
///   gone) are written by the frame's cells like any change, which wipes
///   their pixels; nothing needs drawing again for that alone;
/// - an image is drawn again when its pixels or frame changed, when cells
///   start carrying its marker that did not (uncovered, scrolled into
///   view), or after a clear. Before it is drawn, its marked cells are
///   forgotten in the writer's model, so the frame's cells write them as
///   blanks first: no pixels of an earlier position stay under the
///   image's transparent pixels.
///
/// Only the marked cells are drawn: the image is cropped to their bounding
/// box (a scroll view that clips it sends only the visible rows), and
/// pixels of cells inside the box that do not carry the marker (a dialog
/// over the picture) are transparent, so they leave the text there.
///
/// **The bottom row.** After a sixel image the terminal moves the cursor
/// to the image's last text row, and some (some xterm versions, the VT340
/// itself for some heights) to the row *below* it, scrolling
/// the screen when that is past the bottom. With sixel scrolling on
/// (DECSDM reset, every terminal's default and the mode assumed here) the
/// image is drawn at the cursor; so an image never draws in the screen's
/// last row, which shows its blank cells instead, and nothing scrolls.
struct SixelPlacements {
    /// One placement as drawn.
    struct Shown: Equatable {
        /// The image's content id.
        var image: UInt64
        /// The placement's whole frame (canvas coordinates).
        var frame: Rect
        /// The bounding box of the marked cells drawn.
        var cells: Rect
        /// Whether each cell of ``cells`` (row by row) carries the marker.
        var marked: [Bool]

        func isMarked(_ x: Int, _ y: Int) -> Bool {
            x >= cells.x && x < cells.maxX && y >= cells.y && y < cells.maxY
                && marked[(y - cells.y) * cells.width + (x - cells.x)]
        }
    }

    /// Placements drawn, by placement id.
    private(set) var shown: [UInt32: Shown] = [:]
    /// The layer's generation at the last update.
    private var generation = -1
    /// The placements the frame being encoded draws, with what they show.
    private var pending: [(id: UInt32, shown: Shown)] = []
    /// The last bytes encoded for each placement, and what they show (an
    /// unchanged crop is not quantised and encoded again).
    private var encoded: [UInt32: (key: EncodingKey, bytes: [UInt8])] = [:]

    private struct EncodingKey: Equatable {
        var shown: Shown
        var registers: Int
    }

    /// Whether ``prepare(_:canvas:cleared:forget:)`` could find anything
    /// to do: the layer changed, the cells changed, or the screen was cleared.
    func needsUpdate(_ layer: GraphicsLayer, cellsChanged: Bool, cleared: Bool) -> Bool {
        cleared || layer.generation != generation || (cellsChanged && !(layer.placements.isEmpty && shown.isEmpty))
    }

    /// Whether any image is on the screen or about to be: the writer must
    /// then not move cells by scrolling or shifting (the pixels would not
    /// move with them in every terminal).
    var isEmpty: Bool { shown.isEmpty && pending.isEmpty }

    /// Before the frame's cells are written: works out which placements are
    /// drawn (``Shown``, against `canvas`, painted), and calls `forget` with
    /// each cell they will cover, so the cells' writer writes it first.
    /// `cleared`: the frame erases the screen.
    mutating func prepare(_ layer: GraphicsLayer, canvas: CellBuffer, cleared: Bool, forget: (Rect) -> Void) {
        generation = layer.generation
        pending.removeAll(keepingCapacity: true)
        if cleared { shown.removeAll() }
        // Never the last row: see the type's notes on the bottom row.
        let usable = Rect(x: 0, y: 0, width: canvas.columns, height: Swift.max(0, canvas.rows - 1))
        var wanted: [UInt32: Shown] = [:]
        for (id, placement) in layer.placements {
            if let shown = Self.visible(placement, in: canvas, within: usable) { wanted[id] = shown }
        }
        for id in shown.keys where wanted[id] == nil { shown[id] = nil }
        for id in encoded.keys where wanted[id] == nil { encoded[id] = nil }
        for id in wanted.keys.sorted() {
            guard let new = wanted[id] else { continue }
            if let old = shown[id], old.image == new.image, old.frame == new.frame, !Self.uncovers(new, over: old) {
                // Only covered (or nothing changed): the cells' writes wiped those pixels.
                shown[id] = new
                continue
            }
            pending.append((id, new))
            for y in new.cells.y..<new.cells.maxY {
                var x = new.cells.x
                while x < new.cells.maxX {
                    guard new.isMarked(x, y) else {
                        x += 1
                        continue
                    }
                    var end = x + 1
                    while end < new.cells.maxX && new.isMarked(end, y) { end += 1 }
                    forget(Rect(x: x, y: y, width: end - x, height: 1))
                    x = end
                }
            }
        }
    }

    /// After the frame's cells: draws the placements ``prepare`` chose, each
    /// after a cursor move to its first cell. Returns whether anything was written.
    mutating func draw(_ layer: GraphicsLayer, registers: Int, originRow: Int, into out: inout ByteBuffer) -> Bool {
        defer { pending.removeAll(keepingCapacity: true) }
        var wrote = false
        for (id, new) in pending {
            guard let placement = layer.placements[id] else { continue }
            let key = EncodingKey(shown: new, registers: registers)
            let bytes: [UInt8]
            if let cached = encoded[id], cached.key == key {
                bytes = cached.bytes
            } else {
                guard let crop = Self.crop(placement, to: new) else { continue }
                var buffer = ByteBuffer()
                SixelGraphics.encode(crop, registers: registers, into: &buffer)
                bytes = buffer.array
                encoded[id] = (key, bytes)
            }
            out.append("\u{1B}[")  // CUP to the first cell of the crop
            out.appendDecimal(originRow + new.cells.y + 1)
            out.append(";")
            out.appendDecimal(new.cells.x + 1)
            out.append("H")
            bytes.withUnsafeBufferPointer { out.append($0) }
            shown[id] = new
            wrote = true
        }
        return wrote
    }

    /// Whether `new` has a marked cell `old` did not draw.
    static func uncovers(_ new: Shown, over old: Shown) -> Bool {
        for y in new.cells.y..<new.cells.maxY {
            for x in new.cells.x..<new.cells.maxX where new.isMarked(x, y) && !old.isMarked(x, y) { return true }
        }
        return false
    }

    /// The cells of `placement`'s frame inside `usable` that still carry its
    /// marker: their bounding box and which of its cells they are; nil when none do.
    static func visible(_ placement: GraphicsLayer.Placement, in canvas: CellBuffer, within usable: Rect) -> Shown? {
        guard let (box, _) = placement.markedCells(in: canvas, within: usable) else { return nil }
        let marker = Cell.blank(placement.marker)
        var marked = [Bool](repeating: false, count: box.width * box.height)
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX where canvas[x, y] == marker {
                marked[(y - box.y) * box.width + (x - box.x)] = true
            }
        }
        return Shown(image: placement.image.contentID, frame: placement.frame, cells: box, marked: marked)
    }

    /// `placement`'s pixels for the cells `shown` draws: cropped to its
    /// bounding box, with the pixels of unmarked cells transparent. Nil when
    /// the image is not a whole number of pixels per cell of its frame (it
    /// was scaled for another method or cell size: the next frame's is).
    static func crop(_ placement: GraphicsLayer.Placement, to shown: Shown) -> PixelImage? {
        let image = placement.image, frame = placement.frame
        guard frame.width > 0, frame.height > 0, image.width % frame.width == 0, image.height % frame.height == 0
        else { return nil }
        let cw = image.width / frame.width, ch = image.height / frame.height
        let cells = shown.cells
        let width = cells.width * cw, height = cells.height * ch
        let x0 = (cells.x - frame.x) * cw, y0 = (cells.y - frame.y) * ch
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        image.rgba.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let cellY = cells.y + y / ch
                    let from = ((y0 + y) * image.width + x0) * 4, to = y * width * 4
                    for column in 0..<cells.width where shown.isMarked(cells.x + column, cellY) {
                        let offset = column * cw * 4
                        for i in 0..<(cw * 4) { target[to + offset + i] = source[from + offset + i] }
                    }
                }
            }
        }
        return try? PixelImage(width: width, height: height, rgba: rgba)
    }
}
