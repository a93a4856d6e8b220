/// A rectangle of cells: origin at the top-left, `x` grows right, `y` down.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    @inline(__always)
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The largest coordinate or length of a ``clamped`` rect (2^48).
    public static let limit = 1 << 48

    /// This rect with coordinates and lengths within ±``limit``: sums of
    /// them (`maxX`, unions, intersections) cannot overflow. The public
    /// entry points that take an app's rect (``CellBuffer/fill(_:with:)``,
    /// ``CellBuffer/write(_:x:y:style:clip:)``, ``DamageSet/add(_:)``) clamp
    /// it, so a rect made from `Int.max` is clipped there instead of
    /// trapping; the layout's own rects are small and pay nothing.
    @inline(__always)
    public var clamped: Rect {
        Rect(x: Swift.min(Swift.max(x, -Rect.limit), Rect.limit), y: Swift.min(Swift.max(y, -Rect.limit), Rect.limit),
             width: Swift.min(width, Rect.limit), height: Swift.min(height, Rect.limit))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inline(__always) public var minX: Int { x }
    @inline(__always) public var minY: Int { y }
    /// The middle column, rounded down (an odd leftover on the trailing side).
    @inline(__always) public var midX: Int { x + width / 2 }
    /// The middle row, rounded down.
    @inline(__always) public var midY: Int { y + height / 2 }
    @inline(__always) public var maxX: Int { x + width }
    @inline(__always) public var maxY: Int { y + height }
    @inline(__always) public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Saturating: two lengths of 2^48 multiply past `Int.max`.
    @inline(__always) public var area: Int {
        let (r, o) = width.multipliedReportingOverflow(by: height)
        return o ? .max : r
    }

    /// `a + b` (b ≥ 0), `Int.max` where it overflows.
    @inline(__always) static func sum(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? .max : r
    }

    /// The smallest rect containing both (an empty rect contributes nothing).
    @inline(__always)
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let nx = Swift.min(x, o.x), ny = Swift.min(y, o.y)
        return Rect(x: nx, y: ny, width: Swift.max(maxX, o.maxX) - nx, height: Swift.max(maxY, o.maxY) - ny)
    }

    /// The overlap of both; empty when they do not meet.
    @inline(__always)
    public func intersection(_ o: Rect) -> Rect {
        let nx = Swift.max(x, o.x), ny = Swift.max(y, o.y)
        let r = Rect(x: nx, y: ny, width: Swift.min(maxX, o.maxX) - nx, height: Swift.min(maxY, o.maxY) - ny)
        return r.isEmpty ? .zero : r
    }

    @inline(__always)
    public func contains(_ o: Rect) -> Bool {
        o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
