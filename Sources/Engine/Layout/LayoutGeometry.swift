/// SwiftUI's name for a proposal: the engine's ``ProposedSize``, in whole
/// cells (`nil` asks for the ideal size, `Int.max` stands for infinity).
public typealias ProposedViewSize = ProposedSize

extension ProposedSize {
    /// The proposal with each unspecified (`nil`) dimension replaced by
    /// `size`'s. SwiftUI's default replacement is 10 points a side; here it
    /// is 10 cells a side.
    public func replacingUnspecifiedDimensions(by size: Size = Size(width: 10, height: 10)) -> Size {
        replacingUnspecified(with: size)
    }
}

/// A position in whole cells: `x` columns right, `y` rows down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    @inline(__always) public init(x: Int, y: Int) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x),\(y))" }
}

/// A point within a view's bounds as fractions of its size: `(0, 0)` is the
/// top leading corner, `(1, 1)` the bottom trailing one.
///
/// Where a fraction of a size falls between two cells it is rounded down:
/// `.center` of a 5-cell-wide view is its third column (offset 2), the odd
/// cell on the trailing side, as a stack centres.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The offset of this point inside a `size`, in cells (rounded down).
    @inline(__always)
    func offset(in size: Size) -> (x: Int, y: Int) {
        // The default anchor (top leading) costs no floating point.
        if x == 0 && y == 0 { return (0, 0) }
        return (UnitPoint.cells(size.width, x), UnitPoint.cells(size.height, y))
    }

    /// `fraction` of `length` cells, rounded down: an app's fraction that
    /// is not finite counts as 0, and a result past ``LayoutLength/limit``
    /// either way is held there (converting it to `Int` would trap).
    static func cells(_ length: Int, _ fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        let limit = Double(LayoutLength.limit)
        return Int(Swift.max(-limit, Swift.min(limit, (Double(length) * fraction).rounded(.down))))
    }
}
