/// One terminal cell: a grapheme, its width and a style, in 8 bytes of plain data.
///
/// Bit layout of `content` (32 bits):
/// ```
///   31      1 = cluster: bits 0...28 index a GraphemeTable entry
///           0 = scalar:  bits 0...20 hold the Unicode scalar value
///   29...30 display width: 1 or 2 for a lead cell, 0 for the second half
///           of a wide grapheme (a "continuation"; its content is otherwise 0)
/// ```
/// `style` is a ``StyleID`` into a ``StyleTable``; a continuation carries its
/// lead's style. Two cells are equal iff their bits are equal, so a row
/// compares like memory.
///
/// Invariant (kept by ``CellBuffer``): a width-2 cell is always followed by a
/// continuation in the same row, and a continuation always follows a width-2
/// cell; no wide grapheme straddles the right edge.
@frozen
public struct Cell: Equatable, Sendable {
    public var content: UInt32
    public var style: StyleID

    static let clusterFlag: UInt32 = 1 << 31
    static let widthShift: UInt32 = 29
    static let payloadMask: UInt32 = (1 << 29) - 1
    static let maxClusterIndex: UInt32 = 1 << 29

    @inline(__always)
    public init(content: UInt32, style: StyleID) {
        self.content = content
        self.style = style
    }

    /// A single-scalar cell.
    @inline(__always)
    public init(scalar: UInt32, width: Int, style: StyleID) {
        content = UInt32(width) << Cell.widthShift | scalar
        self.style = style
    }

    /// A cell holding an interned cluster.
    @inline(__always)
    public init(cluster: UInt32, width: Int, style: StyleID) {
        content = Cell.clusterFlag | UInt32(width) << Cell.widthShift | cluster
        self.style = style
    }

    /// A space in `style`.
    @inline(__always)
    public static func blank(_ style: StyleID = 0) -> Cell { Cell(scalar: 0x20, width: 1, style: style) }

    /// A cell that equals no drawable cell: the writer's model uses it where
    /// it does not know what the terminal shows, so that cell is rewritten.
    public static let unknown = Cell(content: 3 << Cell.widthShift, style: .max)

    /// The second half of a wide grapheme whose lead has `style`.
    @inline(__always)
    public static func continuation(_ style: StyleID) -> Cell { Cell(content: 0, style: style) }

    /// Display width: 1 or 2 for a lead cell, 0 for a continuation.
    @inline(__always)
    public var width: Int { Int((content >> Cell.widthShift) & 3) }

    @inline(__always)
    public var isContinuation: Bool { content & (3 << Cell.widthShift) == 0 }

    @inline(__always)
    public var isCluster: Bool { content & Cell.clusterFlag != 0 }

    /// The scalar value (for a scalar cell) or cluster index (for a cluster cell).
    @inline(__always)
    public var payload: UInt32 { content & Cell.payloadMask }

    /// A space, of any style.
    @inline(__always)
    public var isSpace: Bool { content == 1 << Cell.widthShift | 0x20 }

    /// The whole cell as one integer, for fast comparison and hashing.
    @inline(__always)
    public var bits: UInt64 { UInt64(content) | UInt64(style) << 32 }

    @inline(__always)
    public static func == (a: Cell, b: Cell) -> Bool { a.bits == b.bits }
}
