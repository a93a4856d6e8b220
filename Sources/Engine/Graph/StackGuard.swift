/// How deep the frame's recursive phases may go on the current thread's
/// stack.
///
/// Reconciling, laying out and painting recurse once per level of the view
/// tree (a few hundred bytes to a few KB per level, more in debug builds),
/// so a tree a few thousand levels deep overflows an 8 MiB stack: SIGSEGV.
/// Rather than crash, each phase checks, per node it descends into, that
/// the stack pointer is still above ``limit`` — the lowest address of the
/// thread's stack plus a reserve (a quarter of the stack, at most 256 KiB),
/// enough for the deepest call any one node makes. Below it, the node's
/// subtree is not evaluated, sized or painted (views deeper than the stack
/// allows are not shown) and the graph reports it once
/// (``ViewGraph/onDiagnostic``). A thread with a larger stack renders
/// deeper trees (`tuibench` runs deep scenarios on one).
///
/// The check is one comparison of an address; the bounds are looked up
/// (`Platform.stackBounds(of:)`) only when a frame starts on a thread
/// other than the last one.
struct StackGuard {
    /// Stack addresses below this are the reserve; 0 when unknown (no check).
    private(set) var limit: UInt = 0
    private var thread: Platform.Thread?
    /// A phase stopped early and it was reported.
    var reported = false

    /// Finds the current thread's stack bounds if the thread changed.
    /// Once per frame: the usual case (the thread of the last frame) is a
    /// comparison inlined into the frame's start.
    @inline(__always)
    mutating func prepare() {
        let current = Platform.currentThread()
        if let thread, thread == current { return }
        moved(to: current)
    }

    @inline(never)
    private mutating func moved(to current: Platform.Thread) {
        thread = current
        limit = StackGuard.limit(of: current)
    }

    /// True when the stack pointer is inside the reserve: go no deeper.
    @inline(__always)
    var isLow: Bool {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) } < limit
    }

    /// The lowest address of `thread`'s stack plus the reserve.
    static func limit(of thread: Platform.Thread) -> UInt {
        guard let (address, size) = Platform.stackBounds(of: thread) else { return 0 }
        let reserve = min(size / 4, 256 << 10)
        return address + UInt(reserve)
    }
}

extension ViewGraph {
    /// Called where a phase found the stack low at `node`: reports it once.
    @inline(never)
    func stackExhausted(at node: ViewNode, phase: String) {
        guard !stackGuard.reported else { return }
        stackGuard.reported = true
        var depth = 0
        var n = node.parent
        while let p = n { depth += 1; n = p.parent }
        report("error: the view tree is too deep for this thread's stack: \(phase) stopped at depth \(depth) "
               + "(a \(IdentityTable.shortName(identities.viewType(of: node.identity))) view); deeper views are not shown. "
               + "Render on a thread with a larger stack, or nest fewer views (reported once)")
    }
}
