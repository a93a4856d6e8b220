/// A size in whole terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    @inline(__always) public init(width: Int, height: Int) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

/// A size proposed to a view by its parent: `nil` in a dimension asks for
/// the view's ideal size there; `Int.max` stands for "as large as you like".
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int?
    public var height: Int?
    @inline(__always) public init(width: Int?, height: Int?) { self.width = width; self.height = height }
    public init(_ size: Size) { width = size.width; height = size.height }
    /// Ask for the ideal size.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    /// The smallest the view can be.
    public static let zero = ProposedSize(width: 0, height: 0)
    /// The largest the view can be.
    public static let infinity = ProposedSize(width: .max, height: .max)

    /// The proposal with `nil` replaced by `size`'s value.
    public func replacingUnspecified(with size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    public var description: String {
        func d(_ v: Int?) -> String { v.map { $0 == .max ? "∞" : String($0) } ?? "nil" }
        return "\(d(width))x\(d(height))"
    }
}

/// Horizontal placement inside a wider space.
public enum HorizontalAlignment: Sendable, Hashable { case leading, center, trailing }
/// Vertical placement inside a taller space.
public enum VerticalAlignment: Sendable, Hashable { case top, center, bottom }

/// Placement in both directions.
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

extension HorizontalAlignment {
    /// Offset of a `child`-wide thing inside `space` columns.
    @inline(__always)
    func offset(child: Int, in space: Int) -> Int {
        switch self {
        case .leading: return 0
        case .center: return (space - child) / 2
        case .trailing: return space - child
        }
    }
}

extension VerticalAlignment {
    @inline(__always)
    func offset(child: Int, in space: Int) -> Int {
        switch self {
        case .top: return 0
        case .center: return (space - child) / 2
        case .bottom: return space - child
        }
    }
}

/// Edges, for padding and borders.
public struct Edge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = Edge(rawValue: 1), leading = Edge(rawValue: 2)
    public static let bottom = Edge(rawValue: 4), trailing = Edge(rawValue: 8)
    public static let all: Edge = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Edge = [.leading, .trailing]
    public static let vertical: Edge = [.top, .bottom]
}

/// Insets in cells.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Int, leading: Int, bottom: Int, trailing: Int
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(_ edges: Edge, _ length: Int) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }
    var horizontal: Int { leading + trailing }
    var vertical: Int { top + bottom }
}

/// Saturating arithmetic for proposals that may be `Int.max`.
@inline(__always)
func saturatingSubtract(_ a: Int, _ b: Int) -> Int {
    if a == .max { return .max }
    let (r, o) = a.subtractingReportingOverflow(b)
    return o ? (b < 0 ? .max : 0) : Swift.max(0, r)
}

@inline(__always)
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.addingReportingOverflow(b)
    return o ? .max : r
}
