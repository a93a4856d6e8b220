/// The sizes a node answered for recent proposals, valid until its layout
/// changes. A stack asks each child several times per pass (minimum,
/// maximum, its share), and its own parent asks it several times, so the
/// cache holds up to 16 entries; once full, the oldest entry is replaced.
/// The entries are one array (one allocation per node, made on first use
/// with room for ``initialCapacity`` entries and kept when the cache is
/// cleared).
struct LayoutCache {
    static let capacity = 16
    /// Room made on the first insert: a node in a stack is asked its least,
    /// greatest and share, and its parent's parent asks again, so a fresh
    /// node fills a few entries in its first layout. Growing the array from
    /// one entry reallocated it three or four times per new node.
    static let initialCapacity = 8
    struct Entry {
        var proposal: ProposedSize
        var size: Size
    }
    private var storage: [Entry] = []
    private var next = 0
    /// Moves each time the cache is cleared (the node's answers may have
    /// changed); a stack compares it with what it recorded per child.
    private(set) var generation: UInt32 = 0

    var count: Int { storage.count }

    @inline(__always)
    func size(for proposal: ProposedSize) -> Size? {
        for i in 0..<storage.count where storage[i].proposal == proposal { return storage[i].size }
        return nil
    }

    @inline(__always)
    mutating func insert(_ proposal: ProposedSize, _ size: Size) {
        if storage.count < LayoutCache.capacity {
            if storage.capacity == 0 { storage.reserveCapacity(LayoutCache.initialCapacity) }
            storage.append(Entry(proposal: proposal, size: size))
        } else {
            storage[next] = Entry(proposal: proposal, size: size)
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
