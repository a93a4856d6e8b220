/// Counts heap allocations around a measured region (the engine does not
/// count them itself: a tool links an allocator hook and passes it in).
public protocol AllocationProbe {
    /// Starts counting from zero.
    static func start()
    /// Stops counting and returns the allocations since ``start()``.
    static func stop() -> Int
}

extension TuiFrames {
    /// One frame transition of a replay.
    public struct Transition {
        /// 0 is blank → frame 1.
        public var index: Int
        /// The bytes the writer produced (valid only inside the callback).
        public var bytes: UnsafeBufferPointer<UInt8>
        /// Time spent in diff + writer for this transition (not drawing, not I/O).
        public var encodeNanoseconds: UInt64
        /// This thread's CPU time over the same encode (its clock is read
        /// outside the wall-clock interval).
        public var encodeCPUNanoseconds: UInt64
        /// Heap allocations during the encode, when an ``AllocationProbe`` was given.
        public var allocations: Int
        /// Which pass over the frames this is (0 starts from a blank terminal;
        /// later passes continue from the previous pass's last frame).
        public var pass: Int
    }

    /// Replays every frame from a blank terminal: draws it into a canvas
    /// (recording damage only where it changed), encodes it, and hands each
    /// transition to `body`. The canvas and encoder share the given tables.
    /// With `passes` > 1 the same canvas and encoder go over the frames again,
    /// which is how steady-state (warm) behaviour is observed.
    public func replay(capabilities: TerminalCapabilities, styles: StyleTable, graphemes: GraphemeTable,
                       passes: Int = 1, around probe: AllocationProbe.Type? = nil, _ body: (Transition) -> Void) {
        let canvas = CellBuffer(columns: columns, rows: rows, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas, capabilities: capabilities)
        for pass in 0..<passes {
        for index in frames.indices {
            draw(frame: index, into: canvas)
            probe?.start()
            let cpuStart = threadCPUNanoseconds()
            let start = monotonicNanoseconds()
            let bytes = encoder.encode(canvas)
            let elapsed = monotonicNanoseconds() - start
            let cpu = threadCPUNanoseconds() - cpuStart
            let allocations = probe?.stop() ?? 0
            body(Transition(index: index, bytes: bytes, encodeNanoseconds: elapsed, encodeCPUNanoseconds: cpu,
                            allocations: allocations, pass: pass))
        }
        }
    }
}
