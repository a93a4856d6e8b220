/// What the encoder has shown of a ``GraphicsLayer`` with the kitty
/// graphics protocol, and the commands that bring the terminal to a new
/// frame's placements: only what changed is written, and an image the
/// terminal holds is never sent again.
struct KittyPlacements {
    /// One placement as the terminal shows it.
    struct Shown: Equatable {
        var imageID: UInt32
        /// The part of the image shown, in its pixels.
        var source: Rect
        /// The cells it covers (canvas coordinates).
        var cells: Rect
    }

    /// Placements on the screen, by placement id.
    private(set) var shown: [UInt32: Shown] = [:]
    /// Image ids whose data the terminal holds.
    private(set) var transmitted: Set<UInt32> = []
    /// The layer's generation at the last update.
    private var generation = -1

    /// Whether an update could write anything: the layer changed, the
    /// cells changed (a placement may have been covered, clipped or
    /// uncovered), or the screen was cleared.
    func needsUpdate(_ layer: GraphicsLayer, cellsChanged: Bool, cleared: Bool) -> Bool {
        cleared || layer.generation != generation || (cellsChanged && !(layer.placements.isEmpty && shown.isEmpty))
    }

    /// Appends to `out` the commands that make the terminal show `layer`
    /// over `canvas` (painted, before its damage is cleared); `cleared`:
    /// the frame erased the screen, which deletes kitty's placements and
    /// may free their images. Returns whether anything was written.
    mutating func update(_ layer: GraphicsLayer, canvas: CellBuffer, cleared: Bool, originRow: Int,
                         into out: inout ByteBuffer) -> Bool {
        generation = layer.generation
        if cleared {
            shown.removeAll()
            transmitted.removeAll()
        }
        var wanted: [UInt32: Shown] = [:]
        for (id, placement) in layer.placements {
            guard let cells = Self.visibleCells(of: placement, in: canvas) else { continue }
            wanted[id] = Shown(imageID: KittyGraphics.imageID(placement.image),
                               source: Self.source(of: cells, in: placement), cells: cells)
        }
        let start = out.count
        for id in shown.keys.sorted() {
            guard let old = shown[id] else { continue }
            // Placing the same (image, placement) pair again replaces it;
            // another image under this placement id would be a second one.
            if wanted[id]?.imageID != old.imageID {
                KittyGraphics.deletePlacement(id: old.imageID, placement: id, into: &out)
                shown[id] = nil
            }
        }
        for id in wanted.keys.sorted() {
            guard let new = wanted[id], shown[id] != new, let placement = layer.placements[id] else { continue }
            if !transmitted.contains(new.imageID) {
                KittyGraphics.transmit(placement.image, id: new.imageID, into: &out)
                transmitted.insert(new.imageID)
            }
            out.append("\u{1B}[")  // CUP to the placement's first cell
            out.appendDecimal(originRow + new.cells.y + 1)
            out.append(";")
            out.appendDecimal(new.cells.x + 1)
            out.append("H")
            KittyGraphics.place(id: new.imageID, placement: id, source: new.source, columns: new.cells.width,
                                rows: new.cells.height, into: &out)
            shown[id] = new
        }
        // Images no placement of the layer shows (covered ones included) are freed.
        let used = Set(layer.placements.values.map { KittyGraphics.imageID($0.image) })
        for id in transmitted.subtracting(used).sorted() {
            KittyGraphics.deleteImage(id: id, into: &out)
            transmitted.remove(id)
        }
        return out.count > start
    }

    /// The cells of `placement`'s frame that still carry its marker, when
    /// they form one rectangle; `nil` when none do, or when something was
    /// painted among them (a sheet over part of the image: kitty cannot
    /// show a rectangle with a hole, so the image is hidden and its blank
    /// cells show).
    static func visibleCells(of placement: GraphicsLayer.Placement, in canvas: CellBuffer) -> Rect? {
        guard let (box, count) = placement.markedCells(in: canvas, within: canvas.bounds) else { return nil }
        return count == box.width * box.height ? box : nil
    }

    /// The pixels of `placement`'s image that `cells` (inside its frame) show.
    static func source(of cells: Rect, in placement: GraphicsLayer.Placement) -> Rect {
        let frame = placement.frame, image = placement.image
        let x0 = (cells.x - frame.x) * image.width / frame.width
        let x1 = (cells.maxX - frame.x) * image.width / frame.width
        let y0 = (cells.y - frame.y) * image.height / frame.height
        let y1 = (cells.maxY - frame.y) * image.height / frame.height
        return Rect(x: x0, y: y0, width: Swift.max(1, x1 - x0), height: Swift.max(1, y1 - y0))
    }
}
