extension Array where Element == ViewNode {
    /// The node at `i`, not retained: valid while this array (or another
    /// owner) keeps it.
    @inline(__always)
    func unretained(at i: Int) -> Unmanaged<ViewNode> {
        precondition(i >= 0 && i < count, "index out of range")
        return withUnsafeBufferPointer { Self.unretained(UnsafeRawPointer($0.baseAddress!), i) }
    }

    /// Element `i` of a buffer of nodes, loaded as `Unmanaged` (no retain).
    @inline(__always)
    private static func unretained(_ base: UnsafeRawPointer, _ i: Int) -> Unmanaged<ViewNode> {
        base.load(fromByteOffset: i &* MemoryLayout<ViewNode>.stride, as: Unmanaged<ViewNode>.self)
    }

    /// Calls `body` with each node, without retaining it: the array keeps
    /// every node alive for the call, and iterating with `for in` retained
    /// and released each one (a recursive walk paid that at every level).
    /// `body` must not remove nodes from this array.
    @inline(__always)
    func forEachUnretained(_ body: (ViewNode) -> Void) {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for i in 0..<buffer.count { Self.unretained(raw, i)._withUnsafeGuaranteedRef(body) }
        }
    }
}
