/// The pixels a frame shows next to its cells: where each image placed
/// with a graphics protocol (kitty) sits on the screen.
///
/// The cells stay the truth of the screen. An ``Image`` drawn with a
/// protocol paints its cells as spaces in a *marker* style of its own and
/// records here the image, the cell rectangle it fills and that marker;
/// the ``FrameEncoder`` then shows the image exactly over the cells that
/// still carry the marker after the frame is painted. So clipping (a
/// scroll view paints only part of the image), scrolling (the image moved:
/// its cells did) and covering (a sheet painted over it: its cells no
/// longer carry the marker) all come from the cells, as they do for text;
/// the layer itself only changes when an image is placed, moved or removed.
///
/// Invariant: each placement id is in ``placements`` at most once; ids are
/// never 0 (kitty's "no id").
public final class GraphicsLayer {
    /// One image on the screen.
    public struct Placement: Equatable {
        /// The pixels sent to the terminal.
        public var image: PixelImage
        /// The cells the whole image covers (it may be clipped).
        public var frame: Rect
        /// The style of the blank cells the image is shown over.
        public var marker: StyleID
    }

    /// The placements, by id.
    public private(set) var placements: [UInt32: Placement] = [:]
    /// Bumped whenever a placement is added, changed or removed: the
    /// encoder skips its work on frames where neither this nor the cells
    /// changed.
    public private(set) var generation = 0
    private var nextID: UInt32 = 1

    public init() {}

    /// A new placement id, never 0 nor given out before.
    public func makePlacementID() -> UInt32 {
        defer { nextID = nextID == .max ? 1 : nextID + 1 }
        return nextID
    }

    /// Places (or moves) placement `id`.
    public func place(_ id: UInt32, _ placement: Placement) {
        guard placements[id] != placement else { return }
        placements[id] = placement
        generation &+= 1
    }

    /// Removes placement `id` (nothing when there is none).
    public func remove(_ id: UInt32) {
        guard placements.removeValue(forKey: id) != nil else { return }
        generation &+= 1
    }
}

extension GraphicsLayer.Placement {
    /// The cells of this placement's frame inside `area` that still carry
    /// its marker on `canvas` (what was painted over it does not): their
    /// bounding box and how many there are; nil when none do.
    func markedCells(in canvas: CellBuffer, within area: Rect) -> (box: Rect, count: Int)? {
        let area = frame.intersection(canvas.bounds).intersection(area)
        guard !area.isEmpty else { return nil }
        let marker = Cell.blank(self.marker)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var count = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where canvas[x, y] == marker {
                minX = Swift.min(minX, x)
                maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y)
                maxY = Swift.max(maxY, y)
                count += 1
            }
        }
        guard count > 0 else { return nil }
        return (Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), count)
    }
}
