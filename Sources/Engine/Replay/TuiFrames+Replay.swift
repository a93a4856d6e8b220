#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from a monotonic clock (CLOCK_MONOTONIC).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
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
    }

    /// Replays every frame from a blank terminal: draws it into a canvas
    /// (recording damage only where it changed), encodes it, and hands each
    /// transition to `body`. The canvas and encoder share the given tables.
    public func replay(capabilities: TerminalCapabilities, styles: StyleTable, graphemes: GraphemeTable,
                       _ body: (Transition) -> Void) {
        let canvas = CellBuffer(columns: columns, rows: rows, styles: styles, graphemes: graphemes)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas, capabilities: capabilities)
        for index in frames.indices {
            draw(frame: index, into: canvas)
            let start = monotonicNanoseconds()
            let bytes = encoder.encode(canvas)
            let elapsed = monotonicNanoseconds() - start
            body(Transition(index: index, bytes: bytes, encodeNanoseconds: elapsed))
        }
    }
}
