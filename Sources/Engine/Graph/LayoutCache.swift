/// The sizes a node answered for recent proposals, valid until its layout
/// changes. A stack asks each child several times per pass (minimum,
/// maximum, its share), and its own parent asks it several times, so the
/// cache holds up to 16 entries; once full, the oldest entry is replaced.
/// The entries are one array (one allocation per node, made on first use
/// with room for ``initialCapacity`` entries and kept when the cache is
/// cleared).
///
/// An entry is plain integers: a proposal's dimensions with `nil` stored as
/// ``unspecified`` (`Int.min`), so an entry is 32 bytes, not the 48 of a
/// `ProposedSize` (two optionals) beside a `Size`, and finding one compares
/// two integers. A proposal with a dimension of exactly `Int.min` cannot
/// be told from `nil` that way: it is neither cached nor looked up (its
/// size is asked every time; no layout proposes it).
struct LayoutCache {
    static let capacity = 16
    /// Room made on the first insert. A text in an `HStack` that is a row
    /// of a `VStack` is asked three lengths (least, greatest, share) for
    /// each of the three heights its row is asked (least, greatest,
    /// share): nine to twelve entries in its first layout. Room for twelve
    /// at once (384 bytes, what eight entries of the old 48-byte layout
    /// took) makes no new node's cache grow and reallocate in its first
    /// layout.
    static let initialCapacity = 12
    /// A proposal's `nil` dimension, as stored.
    static let unspecified = Int.min

    struct Entry {
        var width: Int
        var height: Int
        var size: Size

        /// The proposal this entry answers.
        var proposal: ProposedSize {
            ProposedSize(width: width == LayoutCache.unspecified ? nil : width,
                         height: height == LayoutCache.unspecified ? nil : height)
        }
    }
    private var storage: [Entry] = []
    private var next = 0
    /// Moves each time the cache is cleared (the node's answers may have
    /// changed); a stack compares it with what it recorded per child.
    private(set) var generation: UInt32 = 0

    var count: Int { storage.count }

    /// `proposal` as an entry's two integers; `nil` for a proposal that
    /// cannot be stored (a dimension of `Int.min`).
    @inline(__always)
    private static func key(_ proposal: ProposedSize) -> (width: Int, height: Int)? {
        if proposal.width == unspecified || proposal.height == unspecified { return nil }
        return (proposal.width ?? unspecified, proposal.height ?? unspecified)
    }

    @inline(__always)
    func size(for proposal: ProposedSize) -> Size? {
        guard let (w, h) = LayoutCache.key(proposal) else { return nil }
        return storage.withUnsafeBufferPointer { entries -> Size? in
            for entry in entries where entry.width == w && entry.height == h { return entry.size }
            return nil
        }
    }

    @inline(__always)
    mutating func insert(_ proposal: ProposedSize, _ size: Size) {
        guard let (w, h) = LayoutCache.key(proposal) else { return }
        let entry = Entry(width: w, height: h, size: size)
        if storage.count < LayoutCache.capacity {
            if storage.capacity == 0 { storage.reserveCapacity(LayoutCache.initialCapacity) }
            storage.append(entry)
        } else {
            storage[next] = entry
            next = (next + 1) % LayoutCache.capacity
        }
    }

    /// Whether `size` answers every cached proposal with the cached size
    /// (the entries, all still right, stay).
    @inline(__always)
    func answersAgain(_ size: (ProposedSize) -> Size) -> Bool {
        for entry in storage where size(entry.proposal) != entry.size { return false }
        return true
    }

    @inline(__always)
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        next = 0
        generation &+= 1
    }
}
