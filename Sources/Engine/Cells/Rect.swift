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

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    // Saturating: a rect an app made from `Int.max` must not trap here.
    @inline(__always) public var maxX: Int { Rect.sum(x, width) }
    @inline(__always) public var maxY: Int { Rect.sum(y, height) }
    @inline(__always) public var isEmpty: Bool { width <= 0 || height <= 0 }
    @inline(__always) public var area: Int {
        let (r, o) = width.multipliedReportingOverflow(by: height)
        return o ? .max : r
    }

    /// `a + b` (b ≥ 0), `Int.max` where it overflows.
    @inline(__always) static func sum(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? .max : r
    }

    /// `to − from` when positive (0 otherwise), `Int.max` where it overflows.
    @inline(__always) static func span(_ from: Int, _ to: Int) -> Int {
        guard to > from else { return 0 }
        let (r, o) = to.subtractingReportingOverflow(from)
        return o ? .max : r
    }

    /// The smallest rect containing both (an empty rect contributes nothing).
    @inline(__always)
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let nx = Swift.min(x, o.x), ny = Swift.min(y, o.y)
        return Rect(x: nx, y: ny, width: Rect.span(nx, Swift.max(maxX, o.maxX)),
                    height: Rect.span(ny, Swift.max(maxY, o.maxY)))
    }

    /// The overlap of both; empty when they do not meet.
    @inline(__always)
    public func intersection(_ o: Rect) -> Rect {
        let nx = Swift.max(x, o.x), ny = Swift.max(y, o.y)
        let r = Rect(x: nx, y: ny, width: Rect.span(nx, Swift.min(maxX, o.maxX)),
                     height: Rect.span(ny, Swift.min(maxY, o.maxY)))
        return r.isEmpty ? .zero : r
    }

    @inline(__always)
    public func contains(_ o: Rect) -> Bool {
        o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
