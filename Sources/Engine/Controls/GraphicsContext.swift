/// How finely a ``Canvas`` divides a cell into dots.
///
/// | resolution   | dots per cell | drawn as                                   |
/// |--------------|---------------|--------------------------------------------|
/// | `.braille`   | 2 × 4         | U+2800 + the dots' bit pattern (⠁ … ⣿)     |
/// | `.halfBlock` | 1 × 2         | ▀ ▄ █, each half in its own colour         |
/// | `.cell`      | 1 × 1         | █                                          |
public enum CanvasResolution: Sendable, Hashable {
    /// Braille patterns: 2 dots across, 4 down (the default).
    case braille
    /// Half blocks: 1 dot across, 2 down; the two halves of a cell may have
    /// different colours (the upper as foreground, the lower as background).
    case halfBlock
    /// Whole cells: one dot per cell.
    case cell

    /// Dots per cell across and down.
    public var dotsPerCell: Size {
        switch self {
        case .braille: Size(width: 2, height: 4)
        case .halfBlock: Size(width: 1, height: 2)
        case .cell: Size(width: 1, height: 1)
        }
    }
}

/// What a ``Canvas``'s drawing closure draws into: a grid of dots (see
/// ``CanvasResolution``) with the origin at the top-left, x to the right
/// and y down, and text at cell positions.
///
/// Dots outside the grid are dropped (lines and shapes are clipped).
/// A cell has one colour, that of the last dot drawn in it (for
/// ``CanvasResolution/halfBlock`` each half has its own): a braille cell
/// holding dots of two series shows in the later one's colour. Text is
/// drawn over the dots of the cells it covers. `Color.default` draws in
/// the colour that enclosing views pass down (`.foregroundStyle`).
///
/// ```swift
/// Canvas { context, size in
///     context.line(from: (0, size.height - 1), to: (size.width - 1, 0), with: .green)
///     context.stroke(Rect(x: 0, y: 0, width: size.width, height: size.height))
///     context.draw("peak", column: 1, row: 0)
/// }
/// ```
public struct GraphicsContext {
    /// How finely cells are divided into dots.
    public let resolution: CanvasResolution
    /// The grid's size in dots.
    public private(set) var size: Size
    /// The grid's size in cells.
    let cells: Size
    /// Per cell, the dots set in it (bit layout per resolution: braille's
    /// Unicode dot bits; bit 0 upper and bit 1 lower half; bit 0).
    var masks: [UInt8]
    /// Per cell, the colour of its last dot (of its upper half).
    var colors: [Color]
    /// Per cell, the colour of its lower half's last dot (half blocks only).
    var lowerColors: [Color]
    /// Text drawn at cell positions, in order.
    var texts: [Label] = []
    /// Resolves role colours (`.secondary`, `.accentColor`) as they are drawn.
    var theme: Theme

    struct Label: Equatable {
        var column: Int
        var row: Int
        var text: String
        var color: Color
    }

    /// The most cells a canvas draws across and down; beyond, it is blank.
    static let maxCells = 1024

    init(resolution: CanvasResolution, cells: Size, theme: Theme) {
        self.resolution = resolution
        self.cells = Size(
            width: Swift.min(Swift.max(cells.width, 0), GraphicsContext.maxCells),
            height: Swift.min(Swift.max(cells.height, 0), GraphicsContext.maxCells))
        let per = resolution.dotsPerCell
        size = Size(width: self.cells.width * per.width, height: self.cells.height * per.height)
        let n = self.cells.width * self.cells.height
        masks = Array(repeating: 0, count: n)
        colors = Array(repeating: .default, count: n)
        lowerColors = resolution == .halfBlock ? Array(repeating: .default, count: n) : []
        self.theme = theme
    }

    /// Empties the grid for another drawing at the same size.
    mutating func clear() {
        masks.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        colors.withUnsafeMutableBufferPointer { $0.update(repeating: .default) }
        if !lowerColors.isEmpty { lowerColors.withUnsafeMutableBufferPointer { $0.update(repeating: .default) } }
        texts.removeAll(keepingCapacity: true)
    }

    /// Braille's dot bits by row (0…3) and column (0…1) within a cell.
    static let brailleBits: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    @inline(__always)
    private func resolved(_ color: Color) -> Color { color.role == nil ? color : theme.resolve(color) }

    /// Sets the dot at (`x`, `y`) in `color`; a dot outside the grid is dropped.
    public mutating func point(x: Int, y: Int, with color: Color = .default) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        let color = resolved(color)
        switch resolution {
        case .braille:
            let i = (y >> 2) * cells.width + (x >> 1)
            masks[i] |= GraphicsContext.brailleBits[(y & 3) << 1 | (x & 1)]
            colors[i] = color
        case .halfBlock:
            let i = (y >> 1) * cells.width + x
            if y & 1 == 0 {
                masks[i] |= 1
                colors[i] = color
            } else {
                masks[i] |= 2
                lowerColors[i] = color
            }
        case .cell:
            let i = y * cells.width + x
            masks[i] = 1
            colors[i] = color
        }
    }

    /// Whether the dot at (`x`, `y`) is set.
    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return false }
        switch resolution {
        case .braille:
            return masks[(y >> 2) * cells.width + (x >> 1)] & GraphicsContext.brailleBits[(y & 3) << 1 | (x & 1)] != 0
        case .halfBlock:
            return masks[(y >> 1) * cells.width + x] & (y & 1 == 0 ? 1 : 2) != 0
        case .cell:
            return masks[y * cells.width + x] != 0
        }
    }

    /// A straight line of dots from `start` to `end`, both included
    /// (Bresenham's), clipped to the grid.
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), with color: Color = .default) {
        line(from: start, to: end, with: color, columns: 0...Int.max)
    }

    /// The dots of ``line(from:to:with:)`` whose x is in `columns`, and no
    /// others: the same dots that line sets there, so that redrawing a band
    /// of columns with the lines crossing it draws what a whole drawing
    /// draws in it (a chart's plot redrawn where it changed).
    mutating func line(
        from start: (x: Int, y: Int), to end: (x: Int, y: Int), with color: Color, columns: ClosedRange<Int>
    ) {
        guard size.width > 0, size.height > 0, let ends = clipped(start.x, start.y, end.x, end.y) else { return }
        var x0 = ends.0, y0 = ends.1
        let x1 = ends.2, y1 = ends.3
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            if x0 >= columns.lowerBound && x0 <= columns.upperBound { point(x: x0, y: y0, with: color) }
            if x0 == x1 && y0 == y1 { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x0 += sx }
            if e2 <= dx { err += dx; y0 += sy }
        }
    }

    /// The part of the line inside the grid, its ends rounded to dots
    /// (Liang–Barsky); `nil` when it misses the grid. A line with both ends
    /// inside is returned as it is, so it is drawn exactly.
    private func clipped(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> (Int, Int, Int, Int)? {
        let w = size.width, h = size.height
        func inside(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < w && y < h }
        if inside(x0, y0) && inside(x1, y1) { return (x0, y0, x1, y1) }
        let fx0 = Double(x0), fy0 = Double(y0)
        let dx = Double(x1) - fx0, dy = Double(y1) - fy0
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, fx0), (dx, Double(w - 1) - fx0), (-dy, fy0), (dy, Double(h - 1) - fy0)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = Swift.max(t0, r) } else { t1 = Swift.min(t1, r) }
            }
        }
        guard t0 <= t1 else { return nil }
        func dot(_ v: Double, _ limit: Int) -> Int { Swift.min(Swift.max(Int(v.rounded()), 0), limit - 1) }
        return (dot(fx0 + t0 * dx, w), dot(fy0 + t0 * dy, h), dot(fx0 + t1 * dx, w), dot(fy0 + t1 * dy, h))
    }

    /// The outline of `rect` (in dots): its outermost dots.
    public mutating func stroke(_ rect: Rect, with color: Color = .default) {
        guard rect.width > 0, rect.height > 0 else { return }
        let maxX = rect.x.saturatingSum(rect.width - 1), maxY = rect.y.saturatingSum(rect.height - 1)
        line(from: (rect.x, rect.y), to: (maxX, rect.y), with: color)
        line(from: (rect.x, maxY), to: (maxX, maxY), with: color)
        line(from: (rect.x, rect.y), to: (rect.x, maxY), with: color)
        line(from: (maxX, rect.y), to: (maxX, maxY), with: color)
    }

    /// Every dot of `rect` (in dots).
    public mutating func fill(_ rect: Rect, with color: Color = .default) {
        guard rect.width > 0, rect.height > 0 else { return }
        let x0 = Swift.max(rect.x, 0), x1 = Swift.min(rect.x.saturatingSum(rect.width), size.width)
        let y0 = Swift.max(rect.y, 0), y1 = Swift.min(rect.y.saturatingSum(rect.height), size.height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { point(x: x, y: y, with: color) }
        }
    }

    /// The outline of the circle of `radius` dots around (`x`, `y`)
    /// (the midpoint algorithm). A circle wider than 65,536 dots is not drawn.
    public mutating func stroke(circleAt x: Int, _ y: Int, radius: Int, with color: Color = .default) {
        let limit = 1 << 16
        guard radius >= 0, radius <= limit, abs(x) <= 1 << 40, abs(y) <= 1 << 40 else { return }
        var dx = radius, dy = 0, err = 1 - radius
        while dx >= dy {
            for (px, py) in [(dx, dy), (dy, dx), (-dy, dx), (-dx, dy), (-dx, -dy), (-dy, -dx), (dy, -dx), (dx, -dy)] {
                point(x: x + px, y: y + py, with: color)
            }
            dy += 1
            if err < 0 {
                err += 2 * dy + 1
            } else {
                dx -= 1
                err += 2 * (dy - dx) + 1
            }
        }
    }

    /// Draws `text` on one line from cell (`column`, `row`) — cells, not
    /// dots — over the dots there, clipped to the canvas. Control
    /// characters are shown as harmless pictures, as in ``Text``.
    public mutating func draw(_ text: String, column: Int, row: Int, with color: Color = .default) {
        guard row >= 0, row < cells.height, column < cells.width, !text.isEmpty else { return }
        texts.append(Label(column: column, row: row, text: text, color: resolved(color)))
    }
}
