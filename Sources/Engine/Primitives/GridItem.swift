/// A description of a column of a ``LazyVGrid`` or a row of a
/// ``LazyHGrid``: its size, the spacing after it and where cells sit in it.
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.fixed(6)), GridItem(.flexible()), GridItem(.adaptive(minimum: 8))]) {
///     ForEach(files) { FileCell(file: $0) }
/// }
/// ```
///
/// Lengths are terminal cells (columns for a ``LazyVGrid``'s columns, rows
/// for a ``LazyHGrid``'s rows) where SwiftUI takes points.
public struct GridItem: Equatable, Sendable {
    /// How a grid item's length is found from the grid's.
    public enum Size: Equatable, Sendable {
        /// A single item of exactly this many cells.
        case fixed(Int)
        /// A single item that shares what the fixed items and the spacing
        /// leave, clamped to `minimum...maximum` (`.infinity`: no upper bound).
        case flexible(minimum: Int = 10, maximum: Int = .infinity)
        /// As many items of at least `minimum` cells as fit in the share a
        /// ``flexible(minimum:maximum:)`` item would get, each at most `maximum`.
        case adaptive(minimum: Int, maximum: Int = .infinity)
    }

    /// The item's size.
    public var size: Size
    /// Cells between this item and the next; `nil`: the grid's default
    /// (1 between columns, 0 between rows, as ``Grid``).
    public var spacing: Int?
    /// Where a cell smaller than the item sits in it; `nil`: the grid's
    /// alignment across its lines, centred along them.
    public var alignment: Alignment?

    /// A grid item of `size`, `spacing` cells before the next item and cells
    /// aligned to `alignment`.
    public init(_ size: Size = .flexible(), spacing: Int? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// One resolved track of a lazy grid (a column of a ``LazyVGrid``, a row of
/// a ``LazyHGrid``): where it starts across the grid and how long it is.
struct GridTrack: Equatable {
    var offset: Int
    var length: Int
    var alignment: Alignment?
}

/// The tracks a lazy grid's items resolve to in some length across.
struct GridTracks: Equatable {
    /// The most tracks one ``GridItem/Size/adaptive(minimum:maximum:)`` item
    /// makes: a length of 2²⁴ cells (``LayoutLength``) must not make an
    /// array of millions.
    static let adaptiveLimit = 1024

    var tracks: [GridTrack] = []
    /// From the first track's start to the last one's end.
    var length = 0

    init(tracks: [GridTrack], length: Int) {
        self.tracks = tracks
        self.length = length
    }

    /// SwiftUI's rules, in cells: fixed items take their size; the others,
    /// in order, each take what remains divided by how many remain
    /// (rounded down, so leftover cells go to later items): a flexible item
    /// that share clamped to its bounds, an adaptive one as many tracks of at
    /// least its minimum as fit in the share (at least one), sharing it
    /// the same way, each at most its maximum.
    ///
    /// `available` `nil` (or infinite) asks for the ideal: every flexible and
    /// adaptive item at its minimum.
    ///
    /// - Complexity: O(items + tracks).
    init(_ items: [GridItem], available: Int?, defaultSpacing: Int) {
        var spacings: [Int] = []
        spacings.reserveCapacity(items.count)
        var spacingTotal = 0, fixedTotal = 0, sharing = 0
        for (k, item) in items.enumerated() {
            let s = LayoutLength.clampNonNegative(item.spacing ?? defaultSpacing)
            spacings.append(s)
            if k < items.count - 1 { spacingTotal = spacingTotal.saturatingSum(s) }
            switch item.size {
            case .fixed(let length): fixedTotal = fixedTotal.saturatingSum(LayoutLength.clampNonNegative(length))
            case .flexible, .adaptive: sharing += 1
            }
        }
        let ideal = available == nil || available == .max
        var remaining = LayoutLength.clampNonNegative(available ?? 0) - spacingTotal - fixedTotal
        var position = 0
        for (k, item) in items.enumerated() {
            let spacing = spacings[k]
            switch item.size {
            case .fixed(let length):
                append(length: LayoutLength.clampNonNegative(length), item, &position, spacing)
            case .flexible(let minimum, let maximum):
                let (lo, hi) = Self.bounds(minimum, maximum)
                let length = ideal ? lo : Swift.min(Swift.max(remaining / Swift.max(1, sharing), lo), hi)
                append(length: length, item, &position, spacing)
                remaining -= length
                sharing -= 1
            case .adaptive(let minimum, let maximum):
                let (lo, hi) = Self.bounds(minimum, maximum)
                let share = ideal ? lo : Swift.max(0, remaining / Swift.max(1, sharing))
                // Tracks of at least one cell: a zero minimum fits one per cell.
                let count = Swift.min(Self.adaptiveLimit, Swift.max(1, (share + spacing) / (Swift.max(1, lo) + spacing)))
                var left = share - (count - 1) * spacing
                for t in 0..<count {
                    let length = Swift.min(Swift.max(0, left / (count - t)), hi)
                    append(length: length, item, &position, spacing)
                    left -= length
                }
                // What the tracks and their spacing used: a maximum may leave some to later items.
                remaining -= share - left
                sharing -= 1
            }
        }
        length = tracks.last.map { $0.offset + $0.length } ?? 0
    }

    private mutating func append(length: Int, _ item: GridItem, _ position: inout Int, _ spacing: Int) {
        tracks.append(GridTrack(offset: position, length: length, alignment: item.alignment))
        position = position.saturatingSum(length).saturatingSum(spacing)
    }

    /// A flexible or adaptive item's bounds: neither negative, the maximum
    /// not below the minimum.
    private static func bounds(_ minimum: Int, _ maximum: Int) -> (Int, Int) {
        let lo = LayoutLength.clampNonNegative(minimum)
        return (lo, maximum == .max ? .max : Swift.max(lo, LayoutLength.clampNonNegative(maximum)))
    }
}
